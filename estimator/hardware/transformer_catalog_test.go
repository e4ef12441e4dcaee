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
		// GPT-3: tied embedding 50,257 x 12,288 = 617,558,016; per layer
		// 4h^2 + 2 x h x 4h = 12h^2 = 1,811,939,328; x 96 = 173,946,175,488.
		{"gpt-3-175b", 174_563_733_504, 174_563_733_504},
		// Mixtral 8x7B: embedding and output 2 x 32,000 x 4,096 = 262,144,000;
		// attention 2 x 4,096^2 + 2 x 4,096 x 1,024 = 41,943,040, router
		// 4,096 x 8 = 32,768, one SwiGLU expert 3 x 4,096 x 14,336 = 176,160,768;
		// total 32 x (attention + router + 8 experts), active 32 x (... + 2 experts).
		{"mixtral-8x7b", 46_702_526_464, 12_879_659_008},
		// DeepSeek-V3, latent attention per layer: queries 7,168 x 1,536 +
		// 1,536 x 128 x (128 + 64) = 48,758,784; keys and values 7,168 x (512 + 64)
		// + 512 x 128 x 256 = 20,905,984; output 128 x 128 x 7,168 = 117,440,512;
		// 187,105,280 in all. Embedding and output 2 x 129,280 x 7,168 =
		// 1,853,358,080. 3 dense layers: attention + 3 x 7,168 x 18,432
		// (396,361,728) = 1,750,401,024. 58 MoE layers: attention + router
		// 7,168 x 256 + 257 (total) or 9 (active) experts of 3 x 7,168 x 2,048 =
		// 44,040,192: 667,421,638,656 total, 33,947,516,928 active.
		{"deepseek-v3", 671_025_397_760, 37_551_276_032},
		// ViT-L/16: patch projection 16 x 16 x 3 x 1,024 = 786,432; 24 layers of
		// 12 x 1,024^2 = 301,989,888.
		{"vit-l-16", 302_776_320, 302_776_320},
		// VideoMAE ViT-L: the tubelet doubles the projection, 2 x 786,432.
		{"videomae-vit-l", 303_562_752, 303_562_752},
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
		assert.NotEqual(t, m.Hidden, m.HeadDim*m.Heads, "%s: a head as wide as hidden/heads is written 0", m.ID)
		assert.NotEmpty(t, m.Family, m.ID)
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

// Issue 27: the open models people train and fine-tune in 2026 are in the
// catalog, at least 40 of them, each of a family.
func TestTransformerCatalogOpenModels(t *testing.T) {
	for _, id := range []string{"llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "llama-3.2-1b", "llama-3.2-3b",
		"qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b", "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-32b", "qwen2.5-72b",
		"qwen3-0.6b", "qwen3-8b", "qwen3-32b", "qwen3-30b-a3b", "qwen3-235b-a22b", "mistral-7b", "mixtral-8x22b",
		"gemma-2-9b", "gemma-2-27b", "gemma-3-4b", "gemma-3-27b", "phi-3-mini", "phi-3-medium", "phi-4-mini", "phi-4",
		"deepseek-v2", "deepseek-v3", "olmo-2-32b", "falcon-7b", "falcon-180b", "starcoder2-7b", "gpt-neox-20b", "pythia-12b"} {
		_, ok := TransformerModelByID(id)
		assert.True(t, ok, id)
	}
	open := 0
	for _, m := range TransformerModels() {
		// GPT-3 is closed (and GPT-2 counted with it), Megatron-LM's shapes
		// are research runs, and ViT and VideoMAE see images.
		if !slices.Contains([]string{"GPT", "Megatron-LM", "ViT", "VideoMAE"}, m.Family) {
			open++
		}
	}
	assert.GreaterOrEqual(t, open, 40)
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
		assert.Positive(t, r.Seq, r.ID)
		assert.True(t, r.PublishedMFU > 0 || r.PublishedFLOPsPerGPU > 0 || r.PublishedTokensPerGPU > 0 || r.PublishedGPUHours > 0,
			"%s publishes something", r.ID)
		if r.PublishedMFU > 0 || r.PublishedFLOPsPerGPU > 0 || r.PublishedTokensPerGPU > 0 {
			assert.Positive(t, r.GPUs, "%s: a rate is measured on a count of GPUs", r.ID)
		}
		if r.PublishedFLOPsPerGPU > 0 && r.PublishedTokensPerGPU > 0 {
			// The two rates agree through the model's FLOPs per token as the
			// source counts them: 6 x active parameters plus non-causal
			// attention, 12 x layers x sequence x attention width.
			m, _ := TransformerModelByID(r.Model)
			_, active := m.Params()
			perToken := 6*active + 12*float64(m.Layers*r.Seq*m.Heads*m.headDim())
			assert.InEpsilon(t, perToken, r.PublishedFLOPsPerGPU/r.PublishedTokensPerGPU, 0.03, r.ID)
		}
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
