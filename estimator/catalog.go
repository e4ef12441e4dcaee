package estimator

import (
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// CatalogFact is one number of the hardware catalog that formulas may read,
// addressed as catalog.<table>.<id>.<field> (e.g. catalog.systems.dgx-1-p100.local_ssd).
// The workbook puts these on a sheet of their own so a user can edit them.
type CatalogFact struct {
	Path   string  `json:"path"`
	Label  string  `json:"label"`
	Value  float64 `json:"value"`
	Unit   Unit    `json:"unit"`
	Source string  `json:"source"`
	AsOf   string  `json:"as_of"`
}

// CatalogFacts lists the catalog numbers formulas use, in a stable order.
func CatalogFacts() []CatalogFact {
	var out []CatalogFact
	add := func(table, id, field, label string, v float64, u Unit, src, asOf string) {
		out = append(out, CatalogFact{Path: "catalog." + table + "." + id + "." + field, Label: label, Value: v, Unit: u, Source: src, AsOf: asOf})
	}
	for _, g := range hardware.GPUs() {
		add("gpus", g.ID, "memory", g.Name+": memory", g.Memory, Bytes, g.Source, g.AsOf)
		add("gpus", g.ID, "tdp", g.Name+": board power", g.TDP, Watts, g.Source, g.AsOf)
		add("gpus", g.ID, "price_usd", g.Name+": launch price", g.PriceUSD, USD, g.Source, g.AsOf)
	}
	for _, s := range hardware.Systems() {
		add("systems", s.ID, "gpus", s.Name+": GPUs", float64(s.GPUs), Count, s.Source, s.AsOf)
		add("systems", s.ID, "host_ram", s.Name+": host RAM", s.HostRAM, Bytes, s.Source, s.AsOf)
		add("systems", s.ID, "local_ssd", s.Name+": local SSD", s.LocalSSD, Bytes, s.Source, s.AsOf)
		add("systems", s.ID, "power", s.Name+": maximum power", s.Power, Watts, s.Source, s.AsOf)
		add("systems", s.ID, "price_usd", s.Name+": list price", s.PriceUSD, USD, s.Source, s.AsOf)
	}
	// The hardware models' inputs, for the formulas of trainscale throughput,
	// scale, memory and devices (package estimator/tool). Appended after the
	// facts above so their order, which the workbook follows, stays put.
	for _, g := range hardware.GPUs() {
		add("gpus", g.ID, "fp32", g.Name+": FP32 peak", g.FP32, FLOPS, g.Source, g.AsOf)
		add("gpus", g.ID, "tf32", g.Name+": TF32 tensor peak (0: none)", g.TF32, FLOPS, g.Source, g.AsOf)
		add("gpus", g.ID, "mixed", g.Name+": FP16/BF16 peak", g.Mixed, FLOPS, g.Source, g.AsOf)
		add("gpus", g.ID, "mem_bandwidth", g.Name+": memory bandwidth", g.MemBandwidth, BytesPerSecond, g.Source, g.AsOf)
	}
	for _, c := range hardware.CPUs() {
		add("cpus", c.ID, "fp32", c.Name+": FP32 peak", c.FP32, FLOPS, c.Source, c.AsOf)
		add("cpus", c.ID, "mem_bandwidth", c.Name+": memory bandwidth", c.MemBandwidth, BytesPerSecond, c.Source, c.AsOf)
		add("cpus", c.ID, "cores", c.Name+": cores per socket", float64(c.Cores), Count, c.Source, c.AsOf)
		add("cpus", c.ID, "sockets", c.Name+": sockets", float64(c.Sockets), Count, c.Source, c.AsOf)
	}
	for _, s := range hardware.Systems() {
		add("systems", s.ID, "network_ports", s.Name+": network ports", float64(s.NetworkPorts), Count, s.Source, s.AsOf)
	}
	for _, m := range hardware.Models() {
		add("models", m.ID, "params", m.Name+": parameters", m.Params, Count, m.Source, m.AsOf)
		add("models", m.ID, "forward_macs", m.Name+": forward multiply-adds per sample", m.ForwardMACs, Count, m.Source, m.AsOf)
		add("models", m.ID, "activation_bytes", m.Name+": activations kept per sample (fp32)", m.ActivationBytes, Bytes, m.Source, m.AsOf)
		add("models", m.ID, "sample_bytes", m.Name+": one stored training sample", m.SampleBytes, Bytes, m.Source, m.AsOf)
	}
	for _, n := range hardware.Networks() {
		add("networks", n.ID, "bandwidth", n.Name+": bandwidth, one direction", n.Bandwidth, BytesPerSecond, n.Source, n.AsOf)
		add("networks", n.ID, "latency", n.Name+": latency per hop", n.Latency, Seconds, n.Source, n.AsOf)
	}
	for _, d := range hardware.Datasets() {
		add("datasets", d.ID, "samples", d.Name+": samples", float64(d.Samples), Count, d.Source, d.AsOf)
		add("datasets", d.ID, "sample_bytes", d.Name+": one stored sample", d.SampleBytes, Bytes, d.Source, d.AsOf)
	}
	// The dense peaks transformer workloads' tokens per second read (0: the
	// part has no such path).
	for _, g := range hardware.GPUs() {
		for _, p := range []hardware.Precision{hardware.BF16, hardware.FP8, hardware.FP4} {
			add("gpus", g.ID, string(p), g.Name+": "+strings.ToUpper(string(p))+" dense peak", g.Peak(p), FLOPS, g.Source, g.AsOf)
		}
	}
	return out
}

// catalogValue looks up one catalog fact by path.
func catalogValue(path string) (float64, bool) {
	for _, f := range CatalogFacts() {
		if f.Path == path {
			return f.Value, true
		}
	}
	return 0, false
}
