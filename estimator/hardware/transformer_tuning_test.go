package hardware

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// llama65 is LLaMA-65B's shape (Touvron et al. 2023, Table 2), the model
// QLoRA's paper fine-tunes on one 48 GB GPU.
var llama65 = TransformerModel{ID: "llama-65b", Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 64, FFN: 22016,
	GatedFFN: true, Vocab: 32000, Seq: 2048}

func TestAdapterParams(t *testing.T) {
	llama7 := TransformerModel{ID: "llama-7b", Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, FFN: 11008, GatedFFN: true, Vocab: 32000}
	// Mixtral 8x7B: 32 layers of h 4,096, 32 heads and 8 KV heads of 128,
	// 8 experts of 14,336, 2 per token.
	mixtral := TransformerModel{ID: "mixtral-8x7b", Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, FFN: 14336, GatedFFN: true,
		Vocab: 32000, Experts: 8, ExpertsPerToken: 2, ExpertFFN: 14336}
	for _, c := range []struct {
		name                  string
		m                     TransformerModel
		tuning                Tuning
		total, active, expert float64
	}{
		// r x (in + out) per matrix: attention 4 x 64 x 8,192 = 2,097,152;
		// feed-forward 3 x 64 x (4,096 + 11,008) = 2,899,968; x 32 layers.
		{"LLaMA-7B r 64 all", llama7, Tuning{Mode: QLoRA, Rank: 64}, 159907840, 159907840, 0},
		{"LLaMA-7B r 8 attention", llama7, Tuning{Mode: LoRA, Rank: 8, Targets: TargetAttention}, 8388608, 8388608, 0},
		// Attention 16 x (2 x 8,192 + 2 x 5,120) = 425,984 per layer; each
		// expert 3 x 16 x 18,432 = 884,736, 8 held and 2 active.
		{"Mixtral r 16 all", mixtral, Tuning{Mode: LoRA}, 32 * (425984 + 8*884736), 32 * (425984 + 2*884736), 32 * 8 * 884736},
		{"full fine-tuning trains no adapters", llama7, Tuning{Mode: FullTune}, 0, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			total, active, expert := c.m.Adapters(c.tuning)
			assert.Equal(t, c.total, total)
			assert.Equal(t, c.active, active)
			assert.Equal(t, c.expert, expert)
		})
	}
}

// qloraJob is LLaMA-65B fine-tuned on one GPU of 48 GiB at QLoRA's recipe:
// rank 64 on every matrix, sequences of 512, one per micro-batch, full
// recomputation (gradient checkpointing).
func qloraJob(t *testing.T, mode Mode) TransformerJob {
	s, ok := SystemByID("dgx-a100-640gb")
	require.True(t, ok)
	g, _ := GPUByID(s.GPU)
	g.Memory = 48 * gib
	in, _ := NetworkByID(s.IntraLink)
	fab, _ := NetworkByID(s.Network)
	return TransformerJob{Model: llama65, GPU: g, System: s, IntraLink: in, Fabric: fab, GPUs: 1, Tokens: 1e8, Seq: 512,
		Precision: BF16, Tuning: Tuning{Mode: mode, Rank: 64},
		Layout: &Layout{TP: 1, PP: 1, DP: 1, MicroBatch: 1, Recompute: RecomputeFull, ZeRO: 1}}
}

func TestQLoRAFitsOne48GBGPU(t *testing.T) {
	// QLoRA's claim (Dettmers et al. 2023, abstract): a 65B model
	// fine-tuned on one 48 GB GPU. Its 64.76 B block weights (80 x 809,500,672) at 4.127 bits
	// are 33.41 GB, the 0.52 B of embedding and output layer at 16 bits
	// 1.05 GB; the 0.80 B adapter parameters take 2 + 2 + 12 bytes each.
	p, err := PlanTransformer(qloraJob(t, QLoRA), DefaultFactors())
	require.NoError(t, err)
	assert.True(t, p.Fits)
	m := p.Memory
	const adapters = 799539200.0
	assert.InEpsilon(t, 64760053760*nf4Bits/8+524288000*2+2*adapters, m.Weights, 1e-12)
	assert.InEpsilon(t, 2*adapters, m.Gradients, 1e-12)
	assert.InEpsilon(t, 12*adapters, m.Optimizer, 1e-12)
	assert.InDelta(t, 46.99, m.Total/gib, 0.01)

	// LoRA keeps the base at 16 bits: 130.6 GB, no 48 GB or 80 GB GPU's;
	// full fine-tuning keeps 16 bytes per parameter, 1 TB.
	for mode, want := range map[Mode]float64{LoRA: 140.98, FullTune: 1022.24} {
		p, err := PlanTransformer(qloraJob(t, mode), DefaultFactors())
		require.NoError(t, err, mode)
		assert.False(t, p.Fits, mode)
		assert.InDelta(t, want, p.Memory.Total/gib, 0.01, mode)
	}
}

func TestTuningFLOPsAndTime(t *testing.T) {
	m := llama405(t)
	n := m.matrixParams()
	attn := m.AttentionFLOPsPerToken(8192)
	assert.Equal(t, m.ModelFLOPsPerToken(8192), m.TrainingFLOPsPerToken(8192, Tuning{}))
	assert.Equal(t, m.ModelFLOPsPerToken(8192), m.TrainingFLOPsPerToken(8192, Tuning{Mode: FullTune}))
	_, active, _ := m.Adapters(Tuning{Mode: LoRA})
	assert.Equal(t, 4*n+6*active+attn, m.TrainingFLOPsPerToken(8192, Tuning{Mode: LoRA}))

	// The same job and layout trained three ways on 1,024 H100s: LoRA
	// skips the base's weight gradients and their all-reduce, so a token
	// costs less than full fine-tuning's, but more than 2/3 of it (the
	// adapters and attention's products run in full); QLoRA adds
	// dequantization.
	hours := map[Mode]float64{}
	for _, mode := range []Mode{FullTune, LoRA, QLoRA} {
		tj := jobOn(t, m, 1024)
		tj.Tokens = 1e9
		tj.Tuning = Tuning{Mode: mode}
		tj.Layout = &Layout{TP: 8, PP: 16, DP: 8, MicroBatch: 1, Recompute: RecomputeFull, ZeRO: 1}
		p, err := PlanTransformer(tj, DefaultFactors())
		require.NoError(t, err, mode)
		hours[mode] = p.GPUHours
		// A fine-tune's step is Llama 2-Chat's 64 sequences.
		assert.Equal(t, 64*8192.0, p.GlobalBatchTokens, mode)
	}
	assert.Less(t, hours[LoRA], hours[FullTune])
	assert.Greater(t, hours[LoRA], hours[FullTune]*2/3)
	assert.Greater(t, hours[QLoRA], hours[LoRA])
}

func TestFewestGPUsToHold(t *testing.T) {
	m, ok := TransformerModelByID("llama-3.1-70b")
	require.True(t, ok)
	for _, c := range []struct {
		mode Mode
		want int
	}{{QLoRA, 1}, {LoRA, 2}, {FullTune, 16}} {
		tj := jobOn(t, m, 8)
		tj.Seq = 4096
		tj.Tuning = Tuning{Mode: c.mode}
		n, p, err := FewestGPUsToHold(tj, DefaultFactors())
		require.NoError(t, err, c.mode)
		assert.Equal(t, c.want, n, c.mode)
		assert.True(t, p.Fits, c.mode)
		assert.Equal(t, n, p.Layout.TP*p.Layout.PP*p.Layout.DP*p.Layout.CP, c.mode)
	}
}
