package hardware

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every shape reproduces the parameter counts its source states.
func TestTransformerParamsMatchPublished(t *testing.T) {
	for _, m := range TransformerModels() {
		total, active := m.Params()
		assert.InEpsilon(t, m.PublishedParams, total, 0.03, "%s total: shape gives %.4g", m.ID, total)
		assert.InEpsilon(t, m.PublishedActive, active, 0.03, "%s active: shape gives %.4g", m.ID, active)
		if !m.MoE() {
			assert.Equal(t, total, active, m.ID)
		}
	}
}

// The counts by hand, from each paper's shape table.
func TestTransformerParamsByHand(t *testing.T) {
	for _, c := range []struct {
		id            string
		total, active float64
	}{
		// Llama 3.1 405B: embedding and output 2 x 128,256 x 16,384 = 4,202,692,608;
		// per layer attention 2 x 16,384^2 + 2 x 16,384 x (8 x 128) = 570,425,344,
		// SwiGLU 3 x 16,384 x 53,248 = 2,617,245,696; x 126 layers = 401,646,551,040.
		{"llama-3.1-405b", 405_849_243_648, 405_849_243_648},
	} {
		m, ok := TransformerModelByID(c.id)
		require.True(t, ok, c.id)
		total, active := m.Params()
		assert.Equal(t, c.total, total, c.id)
		assert.Equal(t, c.active, active, c.id)
	}
}

func TestTransformerCatalogIntegrity(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range TransformerModels() {
		assert.False(t, seen[m.ID], "transformer %q twice", m.ID)
		seen[m.ID] = true
		assert.NotEmpty(t, m.Source, m.ID)
		assert.Equal(t, "2026-11", m.AsOf, m.ID)
		assert.Contains(t, []string{"text", "image", "video"}, m.Modality, m.ID)
		for _, v := range []int{m.Layers, m.Hidden, m.Heads, m.KVHeads, m.Seq} {
			assert.Positive(t, v, m.ID)
		}
		assert.Zero(t, m.Heads%m.KVHeads, "%s: query heads come in whole groups per key/value head", m.ID)
		assert.Equal(t, m.Modality == "text", m.Vocab > 0, "%s: text models embed tokens, vision models patches", m.ID)
		assert.Equal(t, m.Modality != "text", m.Patch > 0, m.ID)
		if m.MoE() {
			assert.Positive(t, m.ExpertFFN, m.ID)
			assert.Positive(t, m.ExpertsPerToken, m.ID)
			assert.LessOrEqual(t, m.ExpertsPerToken, m.Experts, m.ID)
		} else {
			assert.Positive(t, m.FFN, m.ID)
		}
		got, ok := TransformerModelByID(m.ID)
		assert.True(t, ok, m.ID)
		assert.Equal(t, m, got)
	}
	assert.True(t, slices.IsSorted(TransformerModelIDs()))
	assert.Len(t, TransformerModelIDs(), len(TransformerModels()))
	_, ok := TransformerModelByID("gpt-5")
	assert.False(t, ok)
}

func TestTransformerRunsIntegrity(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range TransformerRuns() {
		assert.False(t, seen[r.ID], "run %q twice", r.ID)
		seen[r.ID] = true
		assert.NotEmpty(t, r.Source, r.ID)
		assert.Equal(t, "2026-11", r.AsOf, r.ID)
		assert.True(t, has(TransformerModelByID, r.Model), "run %s model %q", r.ID, r.Model)
		g, ok := GPUByID(r.GPU)
		assert.True(t, ok, "run %s gpu %q", r.ID, r.GPU)
		assert.Positive(t, g.Peak(r.Precision), "run %s: %s has a %s path", r.ID, r.GPU, r.Precision)
		assert.True(t, has(SystemByID, r.System), "run %s system %q", r.ID, r.System)
		assert.Positive(t, r.GPUs, r.ID)
		assert.Positive(t, r.Seq, r.ID)
		assert.True(t, r.PublishedMFU > 0 || r.PublishedFLOPsPerGPU > 0 || r.PublishedGPUHours > 0, "%s publishes something", r.ID)
		if r.PublishedGPUHours > 0 {
			assert.Positive(t, r.Tokens, "%s: GPU-hours are for a token count", r.ID)
		}
		if r.PublishedMFU > 0 && r.PublishedFLOPsPerGPU > 0 {
			// The two published figures agree through the GPU's dense peak
			// (papers round MFU to a percent).
			assert.InDelta(t, r.PublishedMFU, r.PublishedFLOPsPerGPU/g.Peak(r.Precision), 0.01, r.ID)
		}
		if l := r.Layout; l.TP > 0 && l.PP > 0 && l.DP > 0 {
			assert.Equal(t, r.GPUs, l.TP*l.PP*l.DP*max(l.CP, 1), "%s: TP x CP x PP x DP", r.ID)
		}
	}
}
