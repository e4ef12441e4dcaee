package hardware

import (
	"errors"
	"math"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// fitParam is one factor Fit may move, searched on a log scale in [lo, hi].
type fitParam struct {
	field  func(*Factors) *float64
	lo, hi float64
}

// fitParams are the factors whose spec gives a search range, in spec order.
// Fit lists them each run rather than a package variable at init: an
// initialiser is linked wherever the package is, the estimator module too.
func fitParams() []fitParam {
	var out []fitParam
	for _, s := range FactorSpecs {
		if s.FitHigh > 0 {
			out = append(out, fitParam{s.Field, s.FitLow, s.FitHigh})
		}
	}
	return out
}

const (
	fitSweeps    = 50
	fitGrid      = 48 // coarse log-spaced probes before refining
	fitRefine    = 60 // golden-section steps
	fitTolerance = 1e-12
)

// Fit moves the throughput factors (the GPU efficiencies per precision, the
// CPU efficiency, memory efficiency and step overhead) so that the model's
// images/s match points, minimising the sum of squared log errors by
// coordinate descent: per factor a log-spaced grid, then a golden-section
// refinement around the best probe. It is deterministic; a factor no point
// depends on keeps its start value. Points must be single-device
// images_per_s or bytes_per_s measurements with known ids and Value > 0.
func Fit(points []Measurement, start Factors) (Factors, error) {
	if len(points) == 0 {
		return start, errors.New("fit needs at least one measurement")
	}
	for i, p := range points {
		if p.Metric != MetricImagesPerS && p.Metric != MetricBytesPerS || p.GPUs > 1 {
			return start, minfmt.Errorf("point %d: fit uses single-device images_per_s or bytes_per_s points, got %s on %d GPUs", i, p.Metric, p.GPUs)
		}
		if !(p.Value > 0) || math.IsInf(p.Value, 0) {
			return start, minfmt.Errorf("point %d: value must be a positive number, got %v", i, p.Value)
		}
		if _, err := predict(p, start); err != nil {
			return start, minfmt.Errorf("point %d: %w", i, err)
		}
	}
	resolved := make([]fitPoint, len(points))
	for i, p := range points {
		resolved[i] = resolve(p)
	}
	f := start
	params := fitParams()
	for _, p := range params {
		v := p.field(&f)
		*v = math.Min(math.Max(*v, p.lo), p.hi)
	}
	loss := fitLoss(resolved, f)
	for range fitSweeps {
		before := loss
		for _, p := range params {
			loss = fitOne(resolved, &f, p, loss)
		}
		if before-loss <= fitTolerance*math.Max(before, 1) {
			break
		}
	}
	return f, nil
}

// fitPoint is a measurement with its catalog entries looked up once: the
// fit predicts each point some 33,000 times, and the lookups by id would
// take most of that time.
type fitPoint struct {
	model Model
	dev   Device
	p     Precision
	batch int
	scale float64 // bytes per image for a bytes_per_s point, else 1
	value float64
}

// resolve looks up a point Fit has checked: known ids, one device.
func resolve(m Measurement) fitPoint {
	model, _ := ModelByID(m.Model)
	dev, _, _ := device(m.Device)
	pt := fitPoint{model: model, dev: dev, p: m.Precision, batch: m.Batch, scale: 1, value: m.Value}
	if m.Metric == MetricBytesPerS {
		pt.scale = model.SampleBytes
	}
	return pt
}

// fitOne searches one factor and keeps the result only if it lowers loss.
func fitOne(points []fitPoint, f *Factors, p fitParam, loss float64) float64 {
	trial := *f
	v := p.field(&trial)
	at := func(logx float64) float64 {
		*v = math.Exp(logx)
		return fitLoss(points, trial)
	}
	lo, hi := math.Log(p.lo), math.Log(p.hi)
	step := (hi - lo) / (fitGrid - 1)
	bestI, bestL := 0, math.Inf(1)
	for i := range fitGrid {
		if l := at(lo + float64(i)*step); l < bestL {
			bestI, bestL = i, l
		}
	}
	a := lo + float64(max(bestI-1, 0))*step
	b := lo + float64(min(bestI+1, fitGrid-1))*step
	const phi = 0.6180339887498949
	c, d := b-phi*(b-a), a+phi*(b-a)
	lc, ld := at(c), at(d)
	for range fitRefine {
		if lc < ld {
			b, d, ld = d, c, lc
			c = b - phi*(b-a)
			lc = at(c)
		} else {
			a, c, lc = c, d, ld
			d = a + phi*(b-a)
			ld = at(d)
		}
	}
	x, l := c, lc
	if ld < lc {
		x, l = d, ld
	}
	if gx := lo + float64(bestI)*step; bestL < l {
		x, l = gx, bestL
	}
	if l < loss {
		*p.field(f) = math.Exp(x)
		return l
	}
	return loss
}

// fitLoss is the sum of squared log errors; a point the model cannot
// predict counts as a large error rather than NaN.
func fitLoss(points []fitPoint, f Factors) float64 {
	sum := 0.0
	for _, p := range points {
		pred := EstimateThroughput(p.model, p.dev, p.p, p.batch, f).ImagesPerS * p.scale
		if !(pred > 0) {
			sum += 1e6
			continue
		}
		e := math.Log(pred / p.value)
		sum += e * e
	}
	return sum
}
