package estimator

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// toolLookup finds id in one catalog table; a missing or unknown id is an
// error on path that lists the ids the table has.
func toolLookup[T any](errs *errorList, path, id string, byID func(string) (T, bool), ids func() []string) (T, bool) {
	v, ok := byID(id)
	if !ok {
		known := "(known: " + strings.Join(ids(), ", ") + ")"
		if id == "" {
			errs.add(path, "is required "+known, nil)
		} else {
			errs.add(path, "unknown id "+known, strconv.Quote(id))
		}
	}
	return v, ok
}

func toolModel(errs *errorList, path, id string) (hardware.Model, bool) {
	return toolLookup(errs, path, id, hardware.ModelByID, hardware.ModelIDs)
}

func toolGPU(errs *errorList, path, id string) (toolDevice, bool) {
	g, ok := toolLookup(errs, path, id, hardware.GPUByID, hardware.GPUIDs)
	return toolGPUDevice(g), ok
}

func toolCPU(errs *errorList, path, id string) (toolDevice, bool) {
	c, ok := toolLookup(errs, path, id, hardware.CPUByID, hardware.CPUIDs)
	return toolCPUDevice(c), ok
}

// toolPrecision is a request's precision, fp32 when it gives none.
func toolPrecision(errs *errorList, p string) hardware.Precision {
	if p == "" {
		return hardware.FP32
	}
	toolCheckPrecision(errs, "precision", hardware.Precision(p))
	return hardware.Precision(p)
}

func toolCheckPrecision(errs *errorList, path string, p hardware.Precision) {
	switch p {
	case hardware.FP32, hardware.TF32, hardware.Mixed:
	default:
		errs.add(path, "must be one of fp32, tf32, mixed", strconv.Quote(string(p)))
	}
}

// toolBatch checks a given batch; nil is left to the caller's default.
func toolBatch(errs *errorList, path string, batch *int) (int, string) {
	if batch == nil {
		return 0, ""
	}
	toolCheckBatch(errs, path, *batch)
	return *batch, toolSrcInput
}

// toolGPUBatch is the batch a GPU runs unless told, and where it comes from.
func toolGPUBatch(m hardware.Model, g hardware.GPU, p hardware.Precision, f hardware.Factors) (int, string) {
	return hardware.DefaultBatch(m, g, p, f), toolSrcDefault + ": the largest power of two up to 256 whose step fits the GPU's memory"
}

func toolCheckBatch(errs *errorList, path string, batch int) {
	switch {
	case batch <= 0:
		errs.add(path, "must be > 0", batch)
	case batch > toolMaxBatch:
		errs.add(path, fmt.Sprintf("must be <= %d", toolMaxBatch), batch)
	}
}

// toolCheckFactors applies the rules of a scenario's factors section
// (Factors' check tags) to factors given in code.
func toolCheckFactors(errs *errorList, tf ToolFactors) hardware.Factors {
	if tf.Factors == nil {
		return hardware.DefaultFactors()
	}
	for _, fc := range toolFactorList(*tf.Factors) {
		if v := fc.value; !(v >= fc.lo && v <= fc.hi) || v == 0 && !fc.zeroOK {
			rule := fmt.Sprintf("must be in (%v, %v]", fc.lo, fc.hi)
			if fc.zeroOK {
				rule = fmt.Sprintf("must be in [%v, %v]", fc.lo, fc.hi)
			}
			errs.add("factors."+fc.name, rule, v)
		}
	}
	return *tf.Factors
}

type toolFactor struct {
	name, label string
	unit        Unit
	value       float64
	lo, hi      float64
	zeroOK      bool
}

// toolFactorList names each factor as its JSON field does, with the range a
// scenario's factors section allows.
func toolFactorList(f hardware.Factors) []toolFactor {
	return []toolFactor{
		{"fp32_efficiency", "Fraction of the FP32 peak reached", Ratio, f.FP32Efficiency, 0, 1, false},
		{"tf32_efficiency", "Fraction of the TF32 tensor peak reached", Ratio, f.TF32Efficiency, 0, 1, false},
		{"mixed_efficiency", "Fraction of the FP16/BF16 peak reached", Ratio, f.MixedEfficiency, 0, 1, false},
		{"cpu_efficiency", "Fraction of a CPU's FP32 peak reached", Ratio, f.CPUEfficiency, 0, 1, false},
		{"memory_efficiency", "Fraction of memory bandwidth reached", Ratio, f.MemoryEfficiency, 0, 1, false},
		{"step_overhead_s", "Fixed host-side time per GPU step", Seconds, f.StepOverhead, 0, 10, true},
		{"comm_efficiency", "Fraction of link bandwidth an all-reduce reaches", Ratio, f.CommEfficiency, 0, 1, false},
		{"overlap", "Fraction of communication that can hide behind the backward pass", Ratio, f.Overlap, 0, 1, true},
		{"host_input_bytes_per_core_s", "Stored-sample bytes one host core decodes per second", BytesPerSecond, f.HostInputRate, 0, math.MaxFloat64, false},
		{"workspace_fraction", "Workspace and allocator slack, as a fraction", Ratio, f.WorkspaceFraction, 0, 10, true},
	}
}
