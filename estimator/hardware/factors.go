package hardware

import (
	"math"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// FactorSpec is everything a surface needs to name, show, check or set one of
// the Factors. FactorSpecs is the one list of them: a scenario's factors
// section (its fields, checks, Resolve and FactorsOf), the tools' factor
// check and their factors.* quantities all range over it.
type FactorSpec struct {
	Name    string // JSON name, in a scenario's factors section and in Factors' JSON
	LabelEn string // for people, in English
	LabelJa string // the same in Japanese
	// Unit is the base unit of the estimator's quantities the value is in
	// ("ratio", "s", "B/s", "count"); this package names no units of its own.
	Unit string
	// A value must lie in [Low, High]; Low itself only where LowIncluded.
	Low, High   float64
	LowIncluded bool
	// FitLow and FitHigh bound the log-scale search of Fit, which moves only
	// the throughput factors; both are 0 for a factor it leaves alone.
	FitLow, FitHigh float64
	// Field points at the factor in f.
	Field func(f *Factors) *float64
}

// FactorSpecs lists every factor once, in the order of Factors' fields.
var FactorSpecs = []FactorSpec{
	{Name: "fp32_efficiency", Unit: "ratio", High: 1, FitLow: 1e-4, FitHigh: 1,
		LabelEn: "Fraction of the FP32 peak reached",
		LabelJa: "FP32ピーク性能に対する到達率",
		Field:   func(f *Factors) *float64 { return &f.FP32Efficiency }},
	{Name: "tf32_efficiency", Unit: "ratio", High: 1, FitLow: 1e-4, FitHigh: 1,
		LabelEn: "Fraction of the TF32 tensor peak reached",
		LabelJa: "TF32テンソルピーク性能に対する到達率",
		Field:   func(f *Factors) *float64 { return &f.TF32Efficiency }},
	{Name: "mixed_efficiency", Unit: "ratio", High: 1, FitLow: 1e-4, FitHigh: 1,
		LabelEn: "Fraction of the FP16/BF16 peak reached",
		LabelJa: "FP16/BF16ピーク性能に対する到達率",
		Field:   func(f *Factors) *float64 { return &f.MixedEfficiency }},
	{Name: "cpu_efficiency", Unit: "ratio", High: 1, FitLow: 1e-5, FitHigh: 1,
		LabelEn: "Fraction of a CPU's FP32 peak reached",
		LabelJa: "CPUのFP32ピーク性能に対する到達率",
		Field:   func(f *Factors) *float64 { return &f.CPUEfficiency }},
	{Name: "memory_efficiency", Unit: "ratio", High: 1, FitLow: 1e-3, FitHigh: 1,
		LabelEn: "Fraction of memory bandwidth reached",
		LabelJa: "メモリ帯域幅に対する到達率",
		Field:   func(f *Factors) *float64 { return &f.MemoryEfficiency }},
	{Name: "step_overhead_s", Unit: "s", High: 10, LowIncluded: true, FitLow: 1e-6, FitHigh: 1,
		LabelEn: "Fixed host-side time per GPU step",
		LabelJa: "GPUの1ステップあたりのホスト側固定時間",
		Field:   func(f *Factors) *float64 { return &f.StepOverhead }},
	{Name: "comm_efficiency", Unit: "ratio", High: 1,
		LabelEn: "Fraction of link bandwidth an all-reduce reaches",
		LabelJa: "all-reduceが到達するリンク帯域幅の割合",
		Field:   func(f *Factors) *float64 { return &f.CommEfficiency }},
	{Name: "overlap", Unit: "ratio", High: 1, LowIncluded: true,
		LabelEn: "Fraction of communication that can hide behind the backward pass",
		LabelJa: "逆伝播の裏に隠せる通信の割合",
		Field:   func(f *Factors) *float64 { return &f.Overlap }},
	// No upper bound but the largest float: a decoder may be arbitrarily fast,
	// and only a finite rate keeps the models' arithmetic finite.
	{Name: "host_input_bytes_per_core_s", Unit: "B/s", High: math.MaxFloat64,
		LabelEn: "Stored-sample bytes one host core decodes per second",
		LabelJa: "ホストCPU 1コアが1秒にデコードする保存サンプルのバイト数",
		Field:   func(f *Factors) *float64 { return &f.HostInputRate }},
	{Name: "host_decode_share", Unit: "ratio", High: 1, LowIncluded: true,
		LabelEn: "Share of input decoding done by the host CPUs (1: CPU loader; 0: GPUs, as with DALI)",
		LabelJa: "入力デコードのうちホストCPUが行う割合（1: CPUローダー、0: GPU（DALIなど））",
		Field:   func(f *Factors) *float64 { return &f.HostDecodeShare }},
	{Name: "host_loader_processes_per_gpu", Unit: "count", High: 1024, LowIncluded: true,
		LabelEn: "Loader processes per GPU decoding on the host (0: every host core decodes)",
		LabelJa: "ホストでデコードするGPUあたりのローダープロセス数（0: ホストの全コアがデコード）",
		Field:   func(f *Factors) *float64 { return &f.LoaderProcesses }},
	{Name: "workspace_fraction", Unit: "ratio", High: 10, LowIncluded: true,
		LabelEn: "Workspace and allocator slack, as a fraction",
		LabelJa: "ワークスペースとアロケータの余裕（割合）",
		Field:   func(f *Factors) *float64 { return &f.WorkspaceFraction }},
}

// Allows reports whether v is inside the factor's range; NaN never is.
func (s FactorSpec) Allows(v float64) bool {
	return v >= s.Low && v <= s.High && (v != s.Low || s.LowIncluded)
}

// Rule is the range in words, as an error names it: "must be in (0, 1]".
func (s FactorSpec) Rule() string {
	open := "("
	if s.LowIncluded {
		open = "["
	}
	return minfmt.Sprintf("must be in %s%v, %v]", open, s.Low, s.High)
}
