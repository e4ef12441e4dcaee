package hardware

import (
	"fmt"
	"math"
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
	// ("ratio", "s", "B/s"); this package names no units of its own.
	Unit string
	// A value must lie in [Low, High]; Low itself only where LowIncluded.
	Low, High   float64
	LowIncluded bool
	// Field points at the factor in f.
	Field func(f *Factors) *float64
}

// FactorSpecs lists every factor once, in the order of Factors' fields.
var FactorSpecs = []FactorSpec{
	{"fp32_efficiency", "Fraction of the FP32 peak reached", "FP32ピーク性能に対する到達率", "ratio", 0, 1, false,
		func(f *Factors) *float64 { return &f.FP32Efficiency }},
	{"tf32_efficiency", "Fraction of the TF32 tensor peak reached", "TF32テンソルピーク性能に対する到達率", "ratio", 0, 1, false,
		func(f *Factors) *float64 { return &f.TF32Efficiency }},
	{"mixed_efficiency", "Fraction of the FP16/BF16 peak reached", "FP16/BF16ピーク性能に対する到達率", "ratio", 0, 1, false,
		func(f *Factors) *float64 { return &f.MixedEfficiency }},
	{"cpu_efficiency", "Fraction of a CPU's FP32 peak reached", "CPUのFP32ピーク性能に対する到達率", "ratio", 0, 1, false,
		func(f *Factors) *float64 { return &f.CPUEfficiency }},
	{"memory_efficiency", "Fraction of memory bandwidth reached", "メモリ帯域幅に対する到達率", "ratio", 0, 1, false,
		func(f *Factors) *float64 { return &f.MemoryEfficiency }},
	{"step_overhead_s", "Fixed host-side time per GPU step", "GPUの1ステップあたりのホスト側固定時間", "s", 0, 10, true,
		func(f *Factors) *float64 { return &f.StepOverhead }},
	{"comm_efficiency", "Fraction of link bandwidth an all-reduce reaches", "all-reduceが到達するリンク帯域幅の割合", "ratio", 0, 1, false,
		func(f *Factors) *float64 { return &f.CommEfficiency }},
	{"overlap", "Fraction of communication that can hide behind the backward pass", "逆伝播の裏に隠せる通信の割合", "ratio", 0, 1, true,
		func(f *Factors) *float64 { return &f.Overlap }},
	// No upper bound but the largest float: a decoder may be arbitrarily fast,
	// and only a finite rate keeps the models' arithmetic finite.
	{"host_input_bytes_per_core_s", "Stored-sample bytes one host core decodes per second", "ホストCPU 1コアが1秒にデコードする保存サンプルのバイト数", "B/s", 0, math.MaxFloat64, false,
		func(f *Factors) *float64 { return &f.HostInputRate }},
	{"workspace_fraction", "Workspace and allocator slack, as a fraction", "ワークスペースとアロケータの余裕（割合）", "ratio", 0, 10, true,
		func(f *Factors) *float64 { return &f.WorkspaceFraction }},
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
	return fmt.Sprintf("must be in %s%v, %v]", open, s.Low, s.High)
}
