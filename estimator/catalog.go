package estimator

import (
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minjson"
)

// CatalogFact is one number of the hardware catalog that formulas may read,
// addressed as catalog.<table>.<id>.<field> (e.g. catalog.systems.dgx-1-p100.local_ssd).
// The workbook puts these on a sheet of their own so a user can edit them.
type CatalogFact struct {
	Path   string  `json:"path"`
	Label  Text    `json:"label"` // JSON: label and label_ja (MarshalJSON)
	Value  float64 `json:"value"`
	Unit   Unit    `json:"unit"`
	Source string  `json:"source"`
	AsOf   string  `json:"as_of"`
}

// MarshalJSON writes the fact with its label as English text and its
// Japanese beside it (label, label_ja), as a quantity's JSON does.
func (f CatalogFact) MarshalJSON() ([]byte, error) {
	return minjson.Append(nil, struct {
		Path    string  `json:"path"`
		Label   string  `json:"label"`
		LabelJA string  `json:"label_ja,omitempty"`
		Value   float64 `json:"value"`
		Unit    Unit    `json:"unit"`
		Source  string  `json:"source"`
		AsOf    string  `json:"as_of"`
	}{f.Path, f.Label.EN, f.Label.JA, f.Value, f.Unit, f.Source, f.AsOf})
}

// CatalogFacts lists the catalog numbers formulas use, in a stable order.
func CatalogFacts() []CatalogFact {
	var out []CatalogFact
	// A fact's label is its part's name, which reads the same in every
	// language, then what the number is.
	add := func(table, id, field, name string, what Text, v float64, u Unit, src, asOf string) {
		out = append(out, CatalogFact{Path: "catalog." + table + "." + id + "." + field, Label: Text{EN: name + what.EN, JA: name + what.JA},
			Value: v, Unit: u, Source: src, AsOf: asOf})
	}
	for _, g := range hardware.GPUs() {
		add("gpus", g.ID, "memory", g.Name, Text{": memory", ": メモリ"}, g.Memory, Bytes, g.Source, g.AsOf)
		add("gpus", g.ID, "tdp", g.Name, Text{": board power", ": ボード電力"}, g.TDP, Watts, g.Source, g.AsOf)
		add("gpus", g.ID, "price_usd", g.Name, Text{": launch price", ": 発売時の価格"}, g.PriceUSD, USD, g.Source, g.AsOf)
	}
	for _, s := range hardware.Systems() {
		add("systems", s.ID, "gpus", s.Name, Text{": GPUs", ": GPU 数"}, float64(s.GPUs), Count, s.Source, s.AsOf)
		add("systems", s.ID, "host_ram", s.Name, Text{": host RAM", ": ホストメモリ"}, s.HostRAM, Bytes, s.Source, s.AsOf)
		add("systems", s.ID, "local_ssd", s.Name, Text{": local SSD", ": ローカル SSD"}, s.LocalSSD, Bytes, s.Source, s.AsOf)
		add("systems", s.ID, "power", s.Name, Text{": maximum power", ": 最大消費電力"}, s.Power, Watts, s.Source, s.AsOf)
		add("systems", s.ID, "price_usd", s.Name, Text{": list price", ": 定価"}, s.PriceUSD, USD, s.Source, s.AsOf)
	}
	// The hardware models' inputs, for the formulas of trainscale throughput,
	// scale, memory and devices (package estimator/tool). Appended after the
	// facts above so their order, which the workbook follows, stays put.
	for _, g := range hardware.GPUs() {
		add("gpus", g.ID, "fp32", g.Name, Text{": FP32 peak", ": FP32 ピーク性能"}, g.FP32, FLOPS, g.Source, g.AsOf)
		add("gpus", g.ID, "tf32", g.Name, Text{": TF32 tensor peak (0: none)", ": TF32 テンソルピーク性能（0 はなし）"}, g.TF32, FLOPS, g.Source, g.AsOf)
		add("gpus", g.ID, "mixed", g.Name, Text{": FP16/BF16 peak", ": FP16/BF16 ピーク性能"}, g.Mixed, FLOPS, g.Source, g.AsOf)
		add("gpus", g.ID, "mem_bandwidth", g.Name, Text{": memory bandwidth", ": メモリ帯域"}, g.MemBandwidth, BytesPerSecond, g.Source, g.AsOf)
	}
	for _, c := range hardware.CPUs() {
		add("cpus", c.ID, "fp32", c.Name, Text{": FP32 peak", ": FP32 ピーク性能"}, c.FP32, FLOPS, c.Source, c.AsOf)
		add("cpus", c.ID, "mem_bandwidth", c.Name, Text{": memory bandwidth", ": メモリ帯域"}, c.MemBandwidth, BytesPerSecond, c.Source, c.AsOf)
		add("cpus", c.ID, "cores", c.Name, Text{": cores per socket", ": ソケットあたりのコア数"}, float64(c.Cores), Count, c.Source, c.AsOf)
		add("cpus", c.ID, "sockets", c.Name, Text{": sockets", ": ソケット数"}, float64(c.Sockets), Count, c.Source, c.AsOf)
	}
	for _, s := range hardware.Systems() {
		add("systems", s.ID, "network_ports", s.Name, Text{": network ports", ": ネットワークポート数"}, float64(s.NetworkPorts), Count, s.Source, s.AsOf)
	}
	for _, m := range hardware.Models() {
		add("models", m.ID, "params", m.Name, Text{": parameters", ": パラメータ数"}, m.Params, Count, m.Source, m.AsOf)
		add("models", m.ID, "forward_macs", m.Name, Text{": forward multiply-adds per sample", ": 1 サンプルの順伝播の積和演算数"}, m.ForwardMACs, Count, m.Source, m.AsOf)
		add("models", m.ID, "activation_bytes", m.Name, Text{": activations kept per sample (fp32)", ": 1 サンプルで保持する活性化（fp32）"}, m.ActivationBytes, Bytes, m.Source, m.AsOf)
		add("models", m.ID, "sample_bytes", m.Name, Text{": one stored training sample", ": 保存された学習サンプル 1 個の大きさ"}, m.SampleBytes, Bytes, m.Source, m.AsOf)
	}
	for _, n := range hardware.Networks() {
		add("networks", n.ID, "bandwidth", n.Name, Text{": bandwidth, one direction", ": 片方向の帯域"}, n.Bandwidth, BytesPerSecond, n.Source, n.AsOf)
		add("networks", n.ID, "latency", n.Name, Text{": latency per hop", ": ホップあたりの遅延"}, n.Latency, Seconds, n.Source, n.AsOf)
	}
	for _, d := range hardware.Datasets() {
		add("datasets", d.ID, "samples", d.Name, Text{": samples", ": サンプル数"}, float64(d.Samples), Count, d.Source, d.AsOf)
		add("datasets", d.ID, "sample_bytes", d.Name, Text{": one stored sample", ": 保存されたサンプル 1 個の大きさ"}, d.SampleBytes, Bytes, d.Source, d.AsOf)
	}
	// The dense peaks transformer workloads' tokens per second read (0: the
	// part has no such path).
	for _, g := range hardware.GPUs() {
		for _, p := range []hardware.Precision{hardware.BF16, hardware.FP8, hardware.FP4} {
			add("gpus", g.ID, string(p), g.Name, Text{": " + strings.ToUpper(string(p)) + " dense peak", ": " + strings.ToUpper(string(p)) + " 密行列ピーク性能"}, g.Peak(p), FLOPS, g.Source, g.AsOf)
		}
	}
	// The transformers' FLOPs per token, split so a formula can vary the
	// sequence: 6 x matrix parameters + attention per token per token of
	// sequence x seq (estimator/hardware ModelFLOPsPerToken).
	for _, m := range hardware.TransformerModels() {
		add("transformers", m.ID, "matrix_params", m.Name, Text{": active parameters in matrix multiplies", ": 行列積で使われるパラメータ数"}, transformerMatrixParams(m), Count, m.Source, m.AsOf)
		add("transformers", m.ID, "attention_flops", m.Name, Text{": attention training FLOPs per token, per token of sequence", ": 系列 1 トークンあたり・1 トークンあたりのアテンション学習計算量"}, m.AttentionFLOPsPerToken(1), FLOPs, m.Source, m.AsOf)
		add("transformers", m.ID, "seq", m.Name, Text{": sequence length it was trained at", ": 学習時の系列長"}, float64(m.Seq), Count, m.Source, m.AsOf)
	}
	// The grid table's intensities, which a scenario naming its grid
	// (money.grid_region) reads in its CO2 formulas.
	for _, g := range hardware.Grids() {
		out = append(out, CatalogFact{Path: gridFact(g.ID), Label: Text{EN: g.Name + " (" + g.ID + "): grid CO2e per kWh", JA: gridName(g) + "（" + g.ID + "）: 電力網の kWh あたり CO2 排出量"},
			Value: g.KgCO2PerKWh, Unit: Kilograms, Source: g.Source, AsOf: g.AsOf})
	}
	return out
}

// transformerMatrixParams is the N of 6N: the model's FLOPs per token
// without attention (at sequence 0), over 6.
func transformerMatrixParams(m hardware.TransformerModel) float64 {
	return m.ModelFLOPsPerToken(0) / 6
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

// modelIn is the name and source of model id in the transformer catalog,
// or in the catalog of networks measured in images (transformer false).
func modelIn(transformer bool, id string) (name, source string, ok bool) {
	if transformer {
		m, ok := hardware.TransformerModelByID(id)
		return m.Name, m.Source, ok
	}
	m, ok := hardware.ModelByID(id)
	return m.Name, m.Source, ok
}

// modelNote is the catalog's note on the model a model field names: where
// its figures come from, for a form to show under a field whose value the
// scenario's sources say nothing of (the workload's name already says which
// model it is). "" for any other field, or an id the catalog lacks.
func modelNote(generic, id string) string {
	transformer := generic == "workloads[].transformer.model"
	if !transformer && generic != "workloads[].model" {
		return ""
	}
	_, source, _ := modelIn(transformer, id)
	return source
}
