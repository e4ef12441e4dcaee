package estimator_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

// walk picks a job from a ladder as JobLadder's doc says the estimate does,
// for a run of tokens and a target in days; false when it reaches a size
// the ladder has no row for.
func walk(l estimator.JobLadder, tokens, targetDays float64) (estimator.JobRow, bool) {
	at := func(gpus float64) (estimator.JobRow, bool) {
		for _, r := range l.Rows {
			if r.GPUs == gpus {
				return r, true
			}
		}
		return estimator.JobRow{}, false
	}
	r, ok := at(l.Start)
	for range l.Steps {
		if !ok {
			return r, false
		}
		need := math.Min(math.Ceil(tokens/l.MFUError/r.TokensPerSecond/(targetDays*estimator.Day)/l.PerSystem)*l.PerSystem, l.Max)
		if need <= r.GPUs {
			return r, true
		}
		r, ok = at(need)
	}
	return r, ok
}

// The ladder of the estimate's own job picks that job; the same ladder,
// walked with the tokens and the target of an edited scenario, picks the
// job (and its layout, memory and MFU) the edited scenario's estimate
// sizes, for edits up to the ladder's reach.
func TestJobLadderPicksTheEstimatesJob(t *testing.T) {
	base := mustEstimate(t, "av-world-model-2026")
	ladders := base.JobLadders()
	require.Len(t, ladders, 2, "one per system")
	for _, tc := range []struct {
		name string
		sets []estimator.Override
	}{
		{"as written", nil},
		{"120 cars", []estimator.Override{set("fleet.cars", 120)}},
		{"40 cars", []estimator.Override{set("fleet.cars", 40)}},
		{"3 epochs", []estimator.Override{set("training.epochs", 3)}},
		{"5-day target", []estimator.Override{set("team.target_days", 5)}},
		{"all three", []estimator.Override{set("fleet.cars", 130), set("training.epochs", 3), set("team.target_days", 6)}},
	} {
		est := mustEstimate(t, "av-world-model-2026", tc.sets...)
		for _, l := range ladders {
			pair := func(group, name string) float64 {
				return value(t, est, group+"."+l.Workload+"."+name+"."+l.System)
			}
			msg := tc.name + ", " + l.System
			r, ok := walk(l, value(t, est, "train."+l.Workload+".tokens"), est.Scenario.Team.TargetDays)
			require.True(t, ok, msg)
			assert.Equal(t, pair("team", "gpus_per_job"), r.GPUs, msg)
			assert.Equal(t, pair("train", "tp"), r.TP, msg)
			assert.Equal(t, pair("train", "pp"), r.PP, msg)
			assert.Equal(t, pair("train", "dp"), r.DP, msg)
			assert.Equal(t, pair("train", "memory_per_gpu"), r.MemoryPerGPU, msg)
			assert.Equal(t, pair("train", "memory.weights"), r.Weights, msg)
			assert.Equal(t, pair("train", "memory.activations"), r.Activations, msg)
			assert.Equal(t, pair("train", "fits"), r.Fits, msg)
			assert.Equal(t, pair("train", "mfu"), r.MFU*l.MFUError, msg)
		}
	}
	// Ten times the data needs a job beyond the rows: a new run.
	est := mustEstimate(t, "av-world-model-2026", set("fleet.cars", 1000))
	for _, l := range ladders {
		_, ok := walk(l, value(t, est, "train."+l.Workload+".tokens"), est.Scenario.Team.TargetDays)
		assert.False(t, ok, l.System)
	}
}

// Only a team's job sized by the model has a ladder: not one whose GPUs the
// scenario gives, nor a CNN's.
func TestJobLaddersOnlyForSizedJobs(t *testing.T) {
	for _, name := range []string{"llama-3-405b", "modern-2026", "article-2017"} {
		assert.Empty(t, mustEstimate(t, name).JobLadders(), name)
	}
	l := mustEstimate(t, "av-world-model-2026").JobLadders()[0]
	assert.Equal(t, "world-model", l.Workload)
	assert.Equal(t, "dgx-b200", l.System)
	assert.Equal(t, 8.0, l.PerSystem)
	assert.Equal(t, 8.0, l.Start, "one system holds ViT-L")
	assert.Equal(t, 1.0, l.MFUError)
	assert.Equal(t, 4, l.Steps)
	assert.Len(t, l.Rows, 64, "8 to 512 GPUs, four times the job of 128")
	for i, r := range l.Rows {
		assert.Equal(t, 8*float64(i+1), r.GPUs)
		assert.Equal(t, r.GPUs, r.TP*r.PP*r.DP)
	}
}
