package hardware

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestComputeOptimalReproducesChinchilla(t *testing.T) {
	// Chinchilla: 70B parameters on 1.4T tokens at Gopher's budget,
	// 5.76e23 FLOPs (Hoffmann et al. 2022, section 4). sqrt(5.76e23 / 120)
	// = 6.928e10 parameters, 20 x that = 1.386e12 tokens.
	n, d := ComputeOptimal(5.76e23)
	assert.InEpsilon(t, 6.928203230275509e10, n, 1e-12)
	assert.InEpsilon(t, 1.3856406460551018e12, d, 1e-12)
	assert.InEpsilon(t, 70e9, n, 0.02)
	assert.InEpsilon(t, 1.4e12, d, 0.02)
	assert.InEpsilon(t, 5.76e23, 6*n*d, 1e-12)

	// Table 3 of the paper (approach 1): FLOPs, parameters and tokens as
	// printed, to their 2-3 printed digits and the approach's own
	// exponents of 0.50 and 0.50 (the rule's are exactly 1/2).
	for _, c := range []struct {
		flops, params, tokens float64
	}{
		{1.21e20, 1e9, 20.2e9},
		{1.23e22, 10e9, 205.1e9},
		{3.85e24, 175e9, 3.7e12},
		{1.27e26, 1e12, 21.2e12},
	} {
		n, d := ComputeOptimal(c.flops)
		assert.InEpsilon(t, c.params, n, 0.03, "%g FLOPs", c.flops)
		assert.InEpsilon(t, c.tokens, d, 0.05, "%g FLOPs", c.flops)
	}
}

func family(t *testing.T) TransformerModel {
	m, ok := TransformerModelByID(ScaleFamily)
	require.True(t, ok)
	return m
}

func TestScaleModelKeepsTheFamilysProportions(t *testing.T) {
	for _, c := range []struct {
		params                              float64
		layers, hidden, heads, kvHeads, ffn int
	}{
		// The 8B's own size gives the 8B back.
		{8.03e9, 32, 4096, 32, 8, 14336},
		// Llama 3.1 405B's size: its width (16,384, 128 heads), 8 layers
		// fewer than its 126 at the 8B's depth per width.
		{405e9, 118, 16384, 128, 8, 57344},
		// 70B: one head group wider than Llama's 8,192 (72 heads), 63 layers.
		{70e9, 63, 9216, 72, 8, 32256},
		{1e9, 8, 2048, 16, 8, 7168},
	} {
		m, err := ScaleModel(family(t), c.params)
		require.NoError(t, err)
		total, active := m.Params()
		assert.Equal(t, []int{c.layers, c.hidden, c.heads, c.kvHeads, c.ffn}, []int{m.Layers, m.Hidden, m.Heads, m.KVHeads, m.FFN}, "%g", c.params)
		assert.InEpsilon(t, c.params, total, 0.025, "%g", c.params)
		assert.Equal(t, total, active)
		assert.Equal(t, 128, m.headDim())
		assert.Equal(t, 128256, m.Vocab)
		assert.Zero(t, m.PublishedParams)
		assert.Contains(t, m.Source, "derived (hardware.ScaleModel) from the proportions of llama-3.1-8b")
	}
	// GPT-3 keeps a key/value head per head and its 4h feed-forward block.
	gpt, _ := TransformerModelByID("gpt-3-175b")
	m, err := ScaleModel(gpt, 175e9)
	require.NoError(t, err)
	assert.Equal(t, m.Heads, m.KVHeads)
	assert.Equal(t, 4*m.Hidden, m.FFN)
	total, _ := m.Params()
	assert.InEpsilon(t, 175e9, total, 0.01)

	for _, c := range []struct {
		base   string
		params float64
		want   string
	}{
		{"deepseek-v3", 70e9, "only a dense language model can lend its proportions"},
		{"vit-l-16", 70e9, "only a dense language model can lend its proportions"},
		{ScaleFamily, 1e8, "no shape of its proportions has as few as 1e+08 parameters"},
		{ScaleFamily, 2e14, "2e+14 parameters is more than the 1e+14 a shape is derived for"},
	} {
		base, _ := TransformerModelByID(c.base)
		_, err := ScaleModel(base, c.params)
		assert.ErrorContains(t, err, c.want, c.base)
	}
}

// sizing is BF16 training on gpus H100 of DGX H100 systems, with Llama 3's
// failures and the calibrated factors.
func sizing(tb testing.TB, gpus int) Sizing {
	fam, ok := TransformerModelByID(ScaleFamily)
	require.True(tb, ok)
	s, _ := SystemByID("dgx-h100")
	g, _ := GPUByID(s.GPU)
	in, _ := NetworkByID(s.IntraLink)
	fab, _ := NetworkByID(s.Network)
	return Sizing{Job: TransformerJob{GPU: g, System: s, IntraLink: in, Fabric: fab, GPUs: gpus, Precision: BF16},
		Family: fam, Failures: LlamaFailures, Factors: DefaultFactors()}
}

const days30 = 30 * 86400.0

func TestOptimalPlannedForwardUsesItsBudget(t *testing.T) {
	for _, c := range []struct {
		gpus   int
		params float64 // the answer, to 1%
		// wall is the forward run's share of the 30 days: 1 where the
		// model meets them exactly; less where the next larger model
		// would take a slower layout and miss them.
		wall float64
	}{
		{8, 8.79e9, 0.987},
		{512, 69.9e9, 0.995},
		{16384, 348e9, 1},
	} {
		s := sizing(t, c.gpus)
		o, err := s.Optimal(days30)
		require.NoError(t, err, c.gpus)
		assert.InEpsilon(t, c.params, o.Params, 0.01, c.gpus)
		total, _ := o.Model.Params()
		assert.InEpsilon(t, o.Params, total, 0.025, "the shape has about N parameters")
		assert.Equal(t, ChinchillaTokensPerParam*o.Params, o.Tokens)
		// The budget is the GPUs' rate over the time ...
		g := LlamaFailures.RunShare(float64(c.gpus))
		assert.InEpsilon(t, float64(c.gpus)*s.Job.GPU.Peak(BF16)*o.Utilisation*days30*g, o.Compute, 1e-12)
		assert.InEpsilon(t, o.Compute, 6*o.Params*o.Tokens, 1e-12)
		// ... and the model it buys, planned forward as `transformer`
		// plans it, spends it within the time: its model FLOPs count
		// attention too, and leave out the input embedding, 6ND does not.
		fwd, err := s.Run(o.Model, o.Tokens, c.gpus)
		require.NoError(t, err)
		assert.Equal(t, o.SizedRun, fwd)
		assert.InEpsilon(t, o.Compute, fwd.Plan.TotalFLOPs, 0.1)
		assert.LessOrEqual(t, fwd.WallTime, days30)
		assert.InEpsilon(t, c.wall*days30, fwd.WallTime, 0.01, c.gpus)
		assert.False(t, o.MemoryBound)
		// A budget 1% larger buys a model that misses the time.
		n, d := ComputeOptimal(o.Compute * 1.01)
		m, err := ScaleModel(s.Family, n)
		require.NoError(t, err)
		more, err := s.Run(m, d, c.gpus)
		require.NoError(t, err)
		assert.Greater(t, more.WallTime, days30, c.gpus)
	}
}

func TestOptimalMemoryBoundAndTooSmall(t *testing.T) {
	// One H100 for a year: the compute buys ~15B parameters, more than 80 GB
	// holds (16 bytes each), so memory bounds the answer.
	o, err := sizing(t, 1).Optimal(365 * 86400)
	require.NoError(t, err)
	assert.True(t, o.MemoryBound)
	assert.True(t, o.Plan.Fits)
	assert.Less(t, o.WallTime, 365*86400.0)
	// An hour on one GPU trains no model of a billion-odd parameters.
	_, err = sizing(t, 1).Optimal(3600)
	assert.ErrorIs(t, err, ErrTooSmall)
}

func TestLargestFittingFitsAndOneLargerDoesNot(t *testing.T) {
	for _, c := range []struct {
		gpus   int
		params float64 // to 1%
	}{
		{8, 39.9e9},
		{512, 2.28e12},
	} {
		s := sizing(t, c.gpus)
		r, err := s.LargestFitting(1e12)
		require.NoError(t, err)
		total, _ := r.Model.Params()
		assert.InEpsilon(t, c.params, total, 0.01, c.gpus)
		assert.True(t, r.Plan.Fits)
		assert.LessOrEqual(t, r.Plan.Memory.Total, r.Plan.Memory.Capacity)
		bigger, err := ScaleModel(s.Family, total*1.01)
		require.NoError(t, err)
		_, err = s.Run(bigger, 1e12, c.gpus)
		var fit *FitError
		assert.True(t, errors.As(err, &fit), "%d GPUs: %v", c.gpus, err)
	}
	// 131,072 H100 hold 1e14 parameters (12 GB of state each under
	// ZeRO-3): the search stops there and says so.
	r, err := sizing(t, 1<<17).LargestFitting(1e12)
	assert.ErrorIs(t, err, ErrBeyondSizes)
	total, _ := r.Model.Params()
	assert.InEpsilon(t, 1e14, total, 0.01)
	// Llama 3.1 70B itself does not fit 8 H100 (140 GB of state alone).
	m70, _ := TransformerModelByID("llama-3.1-70b")
	_, err = sizing(t, 8).Run(m70, 1e12, 8)
	var fit *FitError
	assert.True(t, errors.As(err, &fit))
}

func TestFewestGPUsMeetsTheDeadlineAndOneStepFewerDoesNot(t *testing.T) {
	m70, _ := TransformerModelByID("llama-3.1-70b")
	m8, _ := TransformerModelByID("llama-3.1-8b")
	m1, err := ScaleModel(m8, 1e9)
	require.NoError(t, err)
	for _, c := range []struct {
		name   string
		model  TransformerModel
		tokens float64
		days   float64
		gpus   int
		below  int
	}{
		// Chinchilla's tokens for Llama 3.1 70B in 30 days: 67 DGX H100.
		{"70b 1.4T 30 days", m70, 1.4e12, 30, 544, 536},
		{"70b 1.4T 90 days", m70, 1.4e12, 90, 184, 176},
		// A small job fits one GPU: there is no step below.
		{"1b 1B tokens", m1, 1e9, 30, 1, 0},
		// 8B's 128 GB of training state needs two H100 at least.
		{"8b 1B tokens", m8, 1e9, 30, 2, 1},
		{"8b 20B tokens 7 days", m8, 20e9, 7, 4, 2},
	} {
		s := sizing(t, 1)
		run, below, err := s.FewestGPUs(c.model, c.tokens, c.days*86400, 1<<17)
		require.NoError(t, err, c.name)
		assert.Equal(t, c.gpus, run.GPUs, c.name)
		assert.LessOrEqual(t, run.WallTime, c.days*86400, c.name)
		assert.Equal(t, c.below, below.GPUs, c.name)
		// No count below the answer meets the deadline, the step below
		// included.
		for i := 0; GPUStep(i, 8) < run.GPUs; i++ {
			r, err := s.Run(c.model, c.tokens, GPUStep(i, 8))
			var fit *FitError
			if !errors.As(err, &fit) {
				require.NoError(t, err)
				assert.Greater(t, r.WallTime, c.days*86400, "%s: %d GPUs", c.name, GPUStep(i, 8))
			}
		}
		if c.below > 0 {
			assert.True(t, !below.Plan.Fits || below.WallTime > c.days*86400, c.name)
		}
	}
	// Time is not monotone in the GPUs: Llama 3.1 405B's 15.6T tokens take
	// 115 days on 16,376 H100 (8 x 23 x 89, which factors badly into
	// TP x PP x DP) but 79 on 16,368; in 90 days 13,312 suffice.
	m405 := llama405(t)
	s := sizing(t, 1)
	r, err := s.Run(m405, 15.6e12, 16376)
	require.NoError(t, err)
	assert.Greater(t, r.WallTime, 90*86400.0)
	run, below, err := s.FewestGPUs(m405, 15.6e12, 90*86400, 1<<17)
	require.NoError(t, err)
	assert.Equal(t, 13312, run.GPUs)
	assert.Equal(t, 13304, below.GPUs)
	assert.Greater(t, below.WallTime, 90*86400.0)
	_, _, err = sizing(t, 1).FewestGPUs(m70, 15e12, 86400, 1024)
	assert.ErrorIs(t, err, ErrNoGPUCount)
}

func TestGPUStep(t *testing.T) {
	for _, c := range []struct{ i, per, want int }{
		{0, 8, 1}, {1, 8, 2}, {2, 8, 4}, {3, 8, 8}, {4, 8, 16}, {10, 8, 64},
		{0, 1, 1}, {5, 1, 6},
		{6, 72, 64}, {7, 72, 72}, {8, 72, 144},
	} {
		assert.Equal(t, c.want, GPUStep(c.i, c.per), "%d of %d", c.i, c.per)
	}
}

// BenchmarkSizing16k answers both questions of `trainscale size --gpus
// 16384 --days 90`: the compute-optimal model and the largest that fits.
func BenchmarkSizing16k(b *testing.B) {
	sz := sizing(b, 16384)
	for b.Loop() {
		o, err := sz.Optimal(90 * 86400)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := sz.LargestFitting(o.Tokens); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFewestGPUs405B walks the ladder to 15,632 H100 for Llama 3.1
// 405B's 15.6T tokens in 90 days.
func BenchmarkFewestGPUs405B(b *testing.B) {
	m, _ := TransformerModelByID("llama-3.1-405b")
	sz := sizing(b, 1)
	for b.Loop() {
		if _, _, err := sz.FewestGPUs(m, 15.6e12, 90*86400, 1<<17); err != nil {
			b.Fatal(err)
		}
	}
}

func ExampleComputeOptimal() {
	// Gopher's and Chinchilla's budget (Hoffmann et al. 2022).
	n, d := ComputeOptimal(5.76e23)
	fmt.Printf("%.1fB parameters on %.2fT tokens\n", n/1e9, d/1e12)
	// Output: 69.3B parameters on 1.39T tokens
}
