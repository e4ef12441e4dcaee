package estimator

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// CatalogTables are the tables ListCatalog knows, in the order it lists them.
var CatalogTables = []string{"gpus", "cpus", "systems", "models", "networks", "datasets"}

// CatalogListing is one catalog table: its entries for programs (JSON with
// snake_case keys) and the same laid out for people.
type CatalogListing struct {
	Table   string  `json:"table"`
	Entries any     `json:"entries"` // []GPUInfo, []CPUInfo, []SystemInfo, []ModelInfo, []NetworkInfo or []DatasetInfo
	Section Section `json:"-"`
}

// GPUInfo is a catalog GPU. Peaks are dense FLOP/s; memory is in bytes
// (binary multiples, as the vendor's "16 GB" means), bandwidth in bytes/s.
type GPUInfo struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	FP32         float64  `json:"fp32_flops"`
	TF32         float64  `json:"tf32_flops"` // 0: no TF32 path
	Mixed        float64  `json:"mixed_flops"`
	Memory       float64  `json:"memory_bytes"`
	MemBandwidth float64  `json:"mem_bandwidth_bytes_per_s"`
	Link         string   `json:"link"`
	HostLink     string   `json:"host_link"`
	TDP          float64  `json:"tdp_w"`
	PriceUSD     *float64 `json:"price_usd"` // null: not published
	Source       string   `json:"source"`
	AsOf         string   `json:"as_of"`
}

// CPUInfo is a catalog CPU; cores are per socket, FP32 covers all sockets.
type CPUInfo struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	Cores         int     `json:"cores_per_socket"`
	Sockets       int     `json:"sockets"`
	ClockHz       float64 `json:"clock_hz"`
	FlopsPerCycle float64 `json:"fp32_flops_per_cycle_per_core"`
	FP32          float64 `json:"fp32_flops"`
	MemBandwidth  float64 `json:"mem_bandwidth_bytes_per_s"`
	TDP           float64 `json:"tdp_w"`
	Source        string  `json:"source"`
	AsOf          string  `json:"as_of"`
}

// SystemInfo is a catalog system.
type SystemInfo struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	GPU          string   `json:"gpu"`
	GPUs         int      `json:"gpus"`
	IntraLink    string   `json:"intra_link"`
	NetworkPorts int      `json:"network_ports"`
	Network      string   `json:"network"`
	CPU          string   `json:"cpu,omitempty"`
	HostRAM      *float64 `json:"host_ram_bytes"` // null: not published
	LocalSSD     float64  `json:"local_ssd_bytes"`
	Power        *float64 `json:"power_w"`
	PriceUSD     *float64 `json:"price_usd"`
	Source       string   `json:"source"`
	AsOf         string   `json:"as_of"`
}

// ModelInfo is a catalog network at its native input size.
type ModelInfo struct {
	ID              string  `json:"id"`
	Name            string  `json:"name"`
	Params          float64 `json:"params"`
	ForwardMACs     float64 `json:"forward_macs"`
	InputSize       int     `json:"input_px"`
	ActivationBytes float64 `json:"activation_bytes"` // per sample, fp32
	SampleBytes     float64 `json:"sample_bytes"`
	Dataset         string  `json:"dataset"`
	Source          string  `json:"source"`
	AsOf            string  `json:"as_of"`
}

// NetworkInfo is a catalog link.
type NetworkInfo struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Kind      string  `json:"kind"`
	Bandwidth float64 `json:"bandwidth_bytes_per_s"` // one direction
	Latency   float64 `json:"latency_s"`
	Shared    bool    `json:"shared"` // the GPUs of a system share it (PCIe)
	Source    string  `json:"source"`
	AsOf      string  `json:"as_of"`
}

// DatasetInfo is a catalog dataset.
type DatasetInfo struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Samples     int     `json:"samples"`
	SampleBytes float64 `json:"sample_bytes"`
	InputSize   int     `json:"input_px"`
	Source      string  `json:"source"`
	AsOf        string  `json:"as_of"`
}

// ListCatalog lists one catalog table, every entry with its source and date.
func ListCatalog(table string) (*CatalogListing, error) {
	l := &CatalogListing{Table: table, Section: Section{Title: table}}
	row := func(cells ...string) { l.Section.Rows = append(l.Section.Rows, cells) }
	switch table {
	case "gpus":
		row("id", "fp32", "tf32", "mixed", "memory", "bandwidth", "link", "TDP", "price", "as of", "source")
		var out []GPUInfo
		for _, g := range hardware.GPUs() {
			out = append(out, GPUInfo{g.ID, g.Name, g.FP32, g.TF32, g.Mixed, g.Memory, g.MemBandwidth, g.Link, g.HostLink,
				g.TDP, toolPublished(g.PriceUSD), g.Source, g.AsOf})
			row(g.ID, FormatToolValue(g.FP32, FLOPS), toolPublishedText(g.TF32, FormatToolValue(g.TF32, FLOPS)), FormatToolValue(g.Mixed, FLOPS),
				toolBinaryBytes(g.Memory), FormatToolValue(g.MemBandwidth, BytesPerSecond), g.Link,
				trim(g.TDP, 0)+" W", toolUSD(g.PriceUSD), g.AsOf, g.Source)
		}
		l.Entries = out
	case "cpus":
		row("id", "cores", "clock", "FLOP/cycle", "fp32", "bandwidth", "TDP", "as of", "name", "source")
		var out []CPUInfo
		for _, c := range hardware.CPUs() {
			out = append(out, CPUInfo{c.ID, c.Name, c.Cores, c.Sockets, c.ClockHz, c.FlopsPerCycle, c.FP32, c.MemBandwidth,
				c.TDP, c.Source, c.AsOf})
			row(c.ID, fmt.Sprintf("%dx%d", c.Sockets, c.Cores), trim(c.ClockHz/1e9, 2)+" GHz", trim(c.FlopsPerCycle, 0),
				FormatToolValue(c.FP32, FLOPS), FormatToolValue(c.MemBandwidth, BytesPerSecond), trim(c.TDP, 0)+" W",
				c.AsOf, c.Name, c.Source)
		}
		l.Entries = out
	case "systems":
		row("id", "GPUs", "link", "network", "cpu", "host RAM", "local SSD", "power", "price", "as of", "source")
		var out []SystemInfo
		for _, s := range hardware.Systems() {
			out = append(out, SystemInfo{s.ID, s.Name, s.GPU, s.GPUs, s.IntraLink, s.NetworkPorts, s.Network, s.CPU,
				toolPublished(s.HostRAM), s.LocalSSD, toolPublished(s.Power), toolPublished(s.PriceUSD), s.Source, s.AsOf})
			row(s.ID, fmt.Sprintf("%dx %s", s.GPUs, s.GPU), s.IntraLink, fmt.Sprintf("%dx %s", s.NetworkPorts, s.Network), s.CPU,
				toolPublishedText(s.HostRAM, toolBinaryBytes(s.HostRAM)), toolSI(s.LocalSSD, "B"),
				toolPublishedText(s.Power, trim(s.Power, 0)+" W"), toolUSD(s.PriceUSD), s.AsOf, s.Source)
		}
		l.Entries = out
	case "models":
		row("id", "params", "forward MACs", "input", "activations/sample", "sample", "dataset", "as of", "source")
		var out []ModelInfo
		for _, m := range hardware.Models() {
			out = append(out, ModelInfo{m.ID, m.Name, m.Params, m.ForwardMACs, m.InputSize, m.ActivationBytes, m.SampleBytes,
				m.Dataset, m.Source, m.AsOf})
			row(m.ID, toolSI(m.Params, ""), toolSI(m.ForwardMACs, ""), fmt.Sprintf("%d px", m.InputSize), toolSI(m.ActivationBytes, "B"),
				toolBinaryBytes(m.SampleBytes), m.Dataset, m.AsOf, m.Source)
		}
		l.Entries = out
	case "networks":
		row("id", "kind", "bandwidth", "latency", "shared", "name", "as of", "source")
		var out []NetworkInfo
		for _, n := range hardware.Networks() {
			out = append(out, NetworkInfo{n.ID, n.Name, n.Kind, n.Bandwidth, n.Latency, n.Shared, n.Source, n.AsOf})
			row(n.ID, n.Kind, FormatToolValue(n.Bandwidth, BytesPerSecond), FormatToolValue(n.Latency, Seconds),
				FormatToolValue(flag(n.Shared), Flag), n.Name, n.AsOf, n.Source)
		}
		l.Entries = out
	case "datasets":
		row("id", "samples", "sample", "input", "as of", "name", "source")
		var out []DatasetInfo
		for _, d := range hardware.Datasets() {
			out = append(out, DatasetInfo{d.ID, d.Name, d.Samples, d.SampleBytes, d.InputSize, d.Source, d.AsOf})
			row(d.ID, strconv.Itoa(d.Samples), toolBinaryBytes(d.SampleBytes), fmt.Sprintf("%d px", d.InputSize), d.AsOf, d.Name, d.Source)
		}
		l.Entries = out
	default:
		return nil, &FieldError{Path: "table", Rule: "must be one of " + strings.Join(CatalogTables, ", "), Got: strconv.Quote(table)}
	}
	return l, nil
}

// toolPublished is a catalog figure for JSON: null where it is 0, which the
// catalog writes for a figure the vendor does not publish.
func toolPublished(v float64) *float64 {
	if v == 0 {
		return nil
	}
	return &v
}

// toolPublishedText is text, which shows the catalog figure v, or a dash
// where v is 0: not published, or no such path (a GPU without TF32).
func toolPublishedText(v float64, text string) string {
	if v == 0 {
		return "-"
	}
	return text
}

func toolUSD(v float64) string {
	return toolPublishedText(v, "$"+strconv.FormatFloat(v, 'f', 0, 64))
}
