package tool

import (
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

// lookup finds id in one catalog table; a missing or unknown id is an
// error on path that lists the ids the table has.
func lookup[T any](errs *estimator.ErrorList, path, id string, byID func(string) (T, bool), ids func() []string) (T, bool) {
	v, ok := byID(id)
	if !ok {
		known := strings.Join(ids(), ", ")
		if id == "" {
			errs.Add(path, text("is required (known: "+known+")", "必須です（既知: "+known+"）"), nil)
		} else {
			errs.Add(path, text("unknown id (known: "+known+")", "不明な ID です（既知: "+known+"）"), strconv.Quote(id))
		}
	}
	return v, ok
}

func lookupModel(errs *estimator.ErrorList, path, id string) (hardware.Model, bool) {
	return lookup(errs, path, id, hardware.ModelByID, hardware.ModelIDs)
}

func lookupGPU(errs *estimator.ErrorList, path, id string) (device, bool) {
	g, ok := lookup(errs, path, id, hardware.GPUByID, hardware.GPUIDs)
	return gpuDevice(g), ok
}

func lookupCPU(errs *estimator.ErrorList, path, id string) (device, bool) {
	c, ok := lookup(errs, path, id, hardware.CPUByID, hardware.CPUIDs)
	return cpuDevice(c), ok
}

// precisionOf is a request's precision, fp32 when it gives none.
func precisionOf(errs *estimator.ErrorList, p string) hardware.Precision {
	if p == "" {
		return hardware.FP32
	}
	checkPrecision(errs, "precision", hardware.Precision(p))
	return hardware.Precision(p)
}

func checkPrecision(errs *estimator.ErrorList, path string, p hardware.Precision) {
	switch p {
	case hardware.FP32, hardware.TF32, hardware.Mixed:
	default:
		errs.Add(path, text("must be one of fp32, tf32, mixed", "fp32、tf32、mixed のいずれかにしてください"), strconv.Quote(string(p)))
	}
}

// batchOf checks a given batch; nil is left to the caller's default.
func batchOf(errs *estimator.ErrorList, path string, batch *int) (int, estimator.Text) {
	if batch == nil {
		return 0, estimator.Text{}
	}
	checkBatch(errs, path, *batch)
	return *batch, srcInput
}

// gpuBatch is the batch a GPU runs unless told, and where it comes from.
func gpuBatch(m hardware.Model, g hardware.GPU, p hardware.Precision, f hardware.Factors) (int, estimator.Text) {
	return hardware.DefaultBatch(m, g, p, f), srcDefault.With(": the largest power of two up to 256 whose step fits the GPU's memory", ": 1 ステップが GPU メモリに収まる 256 以下で最大の 2 のべき乗")
}

func checkBatch(errs *estimator.ErrorList, path string, batch int) {
	estimator.CheckBound(errs, path, "batch", float64(batch))
}

// checkFactors applies each factor's range (hardware.FactorSpecs) to factors
// given in code, and returns the factors to run with.
func checkFactors(errs *estimator.ErrorList, tf Factors) hardware.Factors {
	if tf.Values == nil {
		return hardware.DefaultFactors()
	}
	f := *tf.Values
	for _, s := range hardware.FactorSpecs {
		checkFactor(errs, "factors."+s.Name, s, *s.Field(&f))
	}
	return f
}

// checkFactor applies the range of factor s to v, a value for it given at path.
func checkFactor(errs *estimator.ErrorList, path string, s hardware.FactorSpec, v float64) {
	if !s.Allows(v) {
		errs.Add(path, text(s.Rule(), inRangeJA(s.LowIncluded, s.Low, s.High)), v)
	}
}

// required records that a request leaves out a field it needs (given is
// false), with what the field is: a flag left out reads 0, which is not the
// rule to quote back.
func required(errs *estimator.ErrorList, path string, given bool, what estimator.Text) {
	if !given {
		errs.Add(path, text("is required: "+what.EN, "必須です: "+what.JA), nil)
	}
}
