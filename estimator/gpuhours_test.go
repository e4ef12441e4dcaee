package estimator_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

// The GPU-hours people quote are a quantity, failures included beside the
// failure-free figure, and the whole layout the search chose is quantities
// too (issue 27): Llama 3 405B's run as the preset has it.
func TestGPUHoursAndLayoutAreQuantities(t *testing.T) {
	est := mustEstimate(t, "llama-3-405b")
	id := func(name string) string { return "train.llama-3-405b." + name + ".dgx-h100" }
	ideal, hours := value(t, est, id("gpu_hours_failure_free")), value(t, est, id("gpu_hours"))
	assert.InDelta(t, 26.1e6, ideal, 0.05e6)
	assert.InDelta(t, 29.9e6, hours, 0.05e6)
	assert.InEpsilon(t, ideal/value(t, est, "team.llama-3-405b.goodput.dgx-h100"), hours, 1e-12)
	assert.InEpsilon(t, value(t, est, "project.llama-3-405b.gpu_hours.dgx-h100"), hours, 1e-12, "one run: the project's GPU-hours")
	for name, want := range map[string]float64{"tp": 8, "pp": 8, "dp": 256, "ep": 1, "cp": 1, "interleave": 16, "micro_batch": 1, "zero": 2, "recompute": 0} {
		assert.Equal(t, want, value(t, est, id(name)), name)
	}
	// Without a goodput section no failures are charged: the two agree.
	world := mustEstimate(t, "av-world-model-2026")
	w := func(name string) float64 { return value(t, world, "train.world-model."+name+".dgx-b200") }
	if _, ok := world.Get("team.world-model.goodput.dgx-b200"); !ok {
		assert.Equal(t, w("gpu_hours_failure_free"), w("gpu_hours"))
	}
}

// A whole run's GPU-hours are a sum of named parts, each a quantity the
// scenario's goodput section can move (issue 28): llama-3-405b's steady
// 25.9M hours, its failures, and the default overheads' shares.
func TestRunPartsAddUp(t *testing.T) {
	id := func(part string) string { return "train.llama-3-405b.run_hours." + part + ".dgx-h100" }
	parts := hardware.RunPartNames[:]
	assert.Equal(t, []string{"steady", "failures", "checkpoints", "evaluation", "ramp", "stragglers", "data_stalls", "reserved"}, parts)
	assert.Len(t, estimator.RunPartWords, len(parts), "a name in both languages for each part")
	sum := func(est *estimator.Estimate) float64 {
		var s float64
		for _, p := range parts {
			s += value(t, est, id(p))
		}
		return s
	}
	est := mustEstimate(t, "llama-3-405b")
	whole := value(t, est, "train.llama-3-405b.gpu_hours.dgx-h100")
	assert.InEpsilon(t, whole, sum(est), 1e-9)
	steady := value(t, est, id("steady"))
	assert.Equal(t, value(t, est, "train.llama-3-405b.gpu_hours_failure_free.dgx-h100"), steady)
	assert.InEpsilon(t, 0.02*steady, value(t, est, id("ramp")), 1e-12, "the default ramp")
	q, _ := est.Get(id("ramp"))
	assert.Equal(t, "train.llama-3-405b.gpu_hours_failure_free.dgx-h100 * 0.02", q.Formula)

	// A ramp the scenario gives moves its part, the goodput and the whole.
	ramped := mustEstimate(t, "llama-3-405b", estimator.Override{Path: "goodput.ramp_share", Value: "0.1"})
	assert.InEpsilon(t, 0.1*steady, value(t, ramped, id("ramp")), 1e-12)
	q, _ = ramped.Get(id("ramp"))
	assert.Equal(t, "train.llama-3-405b.gpu_hours_failure_free.dgx-h100 * goodput.ramp_share", q.Formula)
	assert.InEpsilon(t, value(t, ramped, "train.llama-3-405b.gpu_hours.dgx-h100"), sum(ramped), 1e-9)
	assert.Greater(t, value(t, ramped, "train.llama-3-405b.gpu_hours.dgx-h100"), whole)

	// Published hours count the training GPUs: no spares by default. Spares
	// held (BLOOM's 4 nodes beside 48) are paid for and bought, and train
	// nothing: the hours and the systems grow by them, the run's time not.
	assert.Zero(t, value(t, est, id("reserved")))
	spares := mustEstimate(t, "llama-3-405b", estimator.Override{Path: "goodput.reserved_share", Value: "0.083"})
	assert.InEpsilon(t, 1.083*whole, value(t, spares, "train.llama-3-405b.gpu_hours.dgx-h100"), 1e-12)
	assert.InEpsilon(t, 0.083*whole, value(t, spares, id("reserved")), 1e-9)
	assert.InEpsilon(t, value(t, spares, "train.llama-3-405b.gpu_hours.dgx-h100"), sum(spares), 1e-9)
	assert.InEpsilon(t, value(t, est, id("checkpoints")), value(t, spares, id("checkpoints")), 1e-9)
	assert.Equal(t, value(t, est, "project.llama-3-405b.run_time.dgx-h100"), value(t, spares, "project.llama-3-405b.run_time.dgx-h100"))
	assert.InEpsilon(t, 1.083*value(t, est, "project.llama-3-405b.gpu_hours.dgx-h100"), value(t, spares, "project.llama-3-405b.gpu_hours.dgx-h100"), 1e-12)
	assert.Equal(t, 2218.0, value(t, spares, "team.llama-3-405b.systems_to_buy.dgx-h100"), "2,048 systems and 170 spares")
	assert.Equal(t, 2218.0, value(t, spares, "cost.systems"), "the spares are bought")
	q, _ = spares.Get("team.llama-3-405b.systems_to_buy.dgx-h100")
	assert.Equal(t, "ceil(team.llama-3-405b.systems.dgx-h100 * (1 + goodput.reserved_share))", q.Formula)
	assert.Greater(t, value(t, spares, "cost.rent"), value(t, est, "cost.rent"))
}
