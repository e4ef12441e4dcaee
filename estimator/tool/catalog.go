package tool

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
)

// Tables are the tables Catalog knows, in the order it lists them.
var Tables = []string{"gpus", "cpus", "systems", "models", "transformers", "networks", "datasets", "grid"}

// Listing is one catalog table: its entries for programs (the hardware
// types, whose JSON keys name their units) and the same laid out for people.
type Listing struct {
	Table   string          `json:"table"`
	Entries any             `json:"entries"` // []hardware.GPU, CPU, System, Model, TransformerModel, Network, Dataset or Grid
	Section present.Section `json:"-"`
}

// Catalog lists one catalog table, every entry with its source and date.
func Catalog(table string) (*Listing, error) {
	l := &Listing{Table: table, Section: present.Section{Title: table}}
	row := func(cells ...string) { l.Section.Rows = append(l.Section.Rows, cells) }
	show := func(v float64, u estimator.Unit) string { return present.FormatToolValue(v, u, estimator.English) }
	switch table {
	case "gpus":
		row("id", "generation", "fp32", "tf32", "mixed", "bf16", "fp8", "fp4", "memory", "bandwidth", "link", "TDP", "price", "as of", "source")
		for _, g := range hardware.GPUs() {
			row(g.ID, g.Generation, show(g.FP32, estimator.FLOPS), publishedText(g.TF32, show(g.TF32, estimator.FLOPS)), show(g.Mixed, estimator.FLOPS),
				publishedText(g.BF16, show(g.BF16, estimator.FLOPS)), publishedText(g.FP8, show(g.FP8, estimator.FLOPS)),
				publishedText(g.FP4, show(g.FP4, estimator.FLOPS)),
				show(g.Memory, estimator.Bytes), show(g.MemBandwidth, estimator.BytesPerSecond), g.Link,
				watts(g.TDP), usd(g.PriceUSD), g.AsOf, g.Source)
		}
		l.Entries = hardware.GPUs()
	case "cpus":
		row("id", "cores", "clock", "FLOP/cycle", "fp32", "bandwidth", "TDP", "as of", "name", "source")
		for _, c := range hardware.CPUs() {
			// Catalog clocks are whole hertz, so the quotient prints exactly.
			row(c.ID, fmt.Sprintf("%dx%d", c.Sockets, c.Cores), strconv.FormatFloat(c.ClockHz/1e9, 'f', -1, 64)+" GHz",
				strconv.FormatFloat(c.FlopsPerCycle, 'f', -1, 64), show(c.FP32, estimator.FLOPS),
				show(c.MemBandwidth, estimator.BytesPerSecond), watts(c.TDP), c.AsOf, c.Name, c.Source)
		}
		l.Entries = hardware.CPUs()
	case "systems":
		row("id", "GPUs", "link", "NVLink GPUs", "network", "cpu", "host RAM", "local SSD", "power", "price", "as of", "source")
		for _, s := range hardware.Systems() {
			cpu := s.CPU
			if cpu == "" {
				cpu = "-" // not published
			}
			row(s.ID, fmt.Sprintf("%dx %s", s.GPUs, s.GPU), s.IntraLink, strconv.Itoa(s.NVLinkGPUs()),
				fmt.Sprintf("%dx %s", s.NetworkPorts, s.Network), cpu,
				publishedText(s.HostRAM, show(s.HostRAM, estimator.Bytes)), publishedText(s.LocalSSD, decimalBytes(s.LocalSSD)),
				publishedText(s.Power, watts(s.Power)), usd(s.PriceUSD), s.AsOf, s.Source)
		}
		l.Entries = hardware.Systems()
	case "models":
		row("id", "params", "forward MACs", "input", "activations/sample", "sample", "dataset", "as of", "source")
		for _, m := range hardware.Models() {
			row(m.ID, count(m.Params), count(m.ForwardMACs), fmt.Sprintf("%d px", m.InputSize),
				decimalBytes(m.ActivationBytes), show(m.SampleBytes, estimator.Bytes), m.Dataset, m.AsOf, m.Source)
		}
		l.Entries = hardware.Models()
	case "transformers":
		row("id", "family", "modality", "layers", "hidden", "heads/kv", "ffn", "experts", "vocab", "seq", "params", "active", "as of", "source")
		for _, m := range hardware.TransformerModels() {
			total, active := m.Params()
			experts := "-"
			if m.MoE() {
				experts = fmt.Sprintf("%d x %d + %d shared, %d active", m.Experts, m.ExpertFFN, m.SharedExperts, m.ExpertsPerToken)
			}
			row(m.ID, m.Family, m.Modality, strconv.Itoa(m.Layers), strconv.Itoa(m.Hidden), fmt.Sprintf("%d/%d", m.Heads, m.KVHeads),
				publishedText(float64(m.FFN), strconv.Itoa(m.FFN)), experts, publishedText(float64(m.Vocab), strconv.Itoa(m.Vocab)),
				strconv.Itoa(m.Seq), count(total), count(active), m.AsOf, m.Source)
		}
		l.Entries = hardware.TransformerModels()
	case "networks":
		row("id", "kind", "bandwidth", "latency", "shared", "name", "as of", "source")
		for _, n := range hardware.Networks() {
			shared := 0.0
			if n.Shared {
				shared = 1
			}
			row(n.ID, n.Kind, show(n.Bandwidth, estimator.BytesPerSecond), show(n.Latency, estimator.Seconds),
				show(shared, estimator.Flag), n.Name, n.AsOf, n.Source)
		}
		l.Entries = hardware.Networks()
	case "datasets":
		row("id", "samples", "sample", "input", "as of", "name", "source")
		for _, d := range hardware.Datasets() {
			row(d.ID, strconv.Itoa(d.Samples), show(d.SampleBytes, estimator.Bytes), fmt.Sprintf("%d px", d.InputSize), d.AsOf, d.Name, d.Source)
		}
		l.Entries = hardware.Datasets()
	case "grid":
		// The id is what money.grid_region takes.
		row("id", "name", "country", "kg CO2e per kWh", "PUE", "as of", "source", "PUE source")
		for _, g := range hardware.Grids() {
			pue := "-" // not published, or a country
			if g.PUE > 0 {
				pue = strconv.FormatFloat(g.PUE, 'f', -1, 64)
			}
			row(g.ID, g.Name, g.Country, strconv.FormatFloat(g.KgCO2PerKWh, 'f', -1, 64), pue, g.AsOf, g.Source, cmp.Or(g.PUESource, "-"))
		}
		l.Entries = hardware.Grids()
	default:
		return nil, &estimator.FieldError{Path: "table", Rule: estimator.Text{EN: "must be one of " + strings.Join(Tables, ", "), JA: "次のいずれかにしてください: " + strings.Join(Tables, ", ")}, Got: strconv.Quote(table)}
	}
	return l, nil
}

// publishedText is text, which shows the catalog figure v, or a dash
// where v is 0: not published, or no such path (a GPU without TF32).
func publishedText(v float64, text string) string {
	if v == 0 {
		return "-"
	}
	return text
}

func usd(v float64) string {
	return publishedText(v, present.Format(v, estimator.USD, estimator.Decimal, estimator.English))
}

// count prints a large count with a decimal prefix: 25.56 M parameters.
func count(v float64) string { return present.SI(v, "").Format(v, estimator.English) }

func watts(v float64) string {
	return present.Format(v, estimator.Watts, estimator.Decimal, estimator.English)
}

// decimalBytes shows bytes their makers count in decimal multiples (SSDs) or
// that no binary size rounds (activations), as docs/hardware.md's catalog says.
func decimalBytes(v float64) string {
	return present.Format(v, estimator.Bytes, estimator.Decimal, estimator.English)
}
