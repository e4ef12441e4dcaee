package estimator_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The GPU-hours people quote are a quantity, failures included beside the
// failure-free figure, and the whole layout the search chose is quantities
// too (issue 27): Llama 3 405B's run as the preset has it.
func TestGPUHoursAndLayoutAreQuantities(t *testing.T) {
	est := mustEstimate(t, "llama-3-405b")
	id := func(name string) string { return "train.llama-3-405b." + name + ".dgx-h100" }
	ideal, hours := value(t, est, id("gpu_hours_failure_free")), value(t, est, id("gpu_hours"))
	assert.InDelta(t, 25.9e6, ideal, 0.05e6)
	assert.InDelta(t, 28.4e6, hours, 0.05e6)
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
