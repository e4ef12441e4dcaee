package hardware

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jobOnA100 is a BF16 job of Llama 3.1 70B at sequences of seq tokens on
// gpus A100s of 40 GiB (DGX A100), at layout l.
func jobOnA100(t *testing.T, gpus, seq int, l Layout) TransformerJob {
	m, ok := TransformerModelByID("llama-3.1-70b")
	require.True(t, ok)
	s, _ := SystemByID("dgx-a100")
	g, _ := GPUByID(s.GPU)
	in, _ := NetworkByID(s.IntraLink)
	fab, _ := NetworkByID(s.Network)
	return TransformerJob{Model: m, GPU: g, System: s, IntraLink: in, Fabric: fab, GPUs: gpus, Tokens: 1e12, Precision: BF16, Seq: seq, Layout: &l}
}

func TestAdviseFit(t *testing.T) {
	for _, tc := range []struct {
		name    string
		job     TransformerJob
		part    MemoryPart
		need    float64 // GiB per GPU as the job stands
		change  FitChange
		tried   []FitChange
		fitsAt  float64 // GiB per GPU after the change
		layout  Layout  // after the change
		gpus    int
		gpu     string
		hoursGT float64 // the changed job's failure-free GPU-hours exceed it
	}{{
		// TP 8 without pipelining holds 405B / 8 parameters per GPU: BF16
		// weights and gradients of 94.5 GiB each. ZeRO 2 shards only the
		// gradients; ZeRO 3 the weights too. No other change fits: TP 8 is
		// the NVLink domain, recomputation and more GPUs leave the weights
		// whole, and 208 GiB is more than any catalog GPU holds.
		name: "zero-3", job: func() TransformerJob {
			j := jobOn(t, llama405(t), 1024)
			j.Layout = &Layout{TP: 8, PP: 1, DP: 128, MicroBatch: 1, Recompute: RecomputeFull, ZeRO: 1}
			return j
		}(),
		part: PartWeights, need: 207.74, change: ChangeZeRO, tried: []FitChange{ChangeTP, ChangeZeRO, ChangeRecompute, ChangeGPUs, ChangeGPU},
		fitsAt: 10.86, layout: Layout{TP: 8, PP: 1, DP: 128, EP: 1, MicroBatch: 1, Recompute: RecomputeFull, ZeRO: 3, Interleave: 1, CP: 1},
		gpus: 1024, gpu: "h100-sxm", hoursGT: 3.9e7,
	}, {
		// 256k-token sequences under full recomputation: the layer being
		// recomputed holds most of 53 GiB on a 40 GiB A100 whatever the
		// sharding; the 80 GiB A100 holds the job as it is.
		name: "larger-gpu", job: jobOnA100(t, 512, 262144, Layout{TP: 8, PP: 8, DP: 8, MicroBatch: 1, Recompute: RecomputeFull, ZeRO: 3}),
		part: PartActivations, need: 52.95, change: ChangeGPU, tried: []FitChange{ChangeTP, ChangeZeRO, ChangeRecompute, ChangeGPUs, ChangeGPU},
		fitsAt: 52.95, layout: Layout{TP: 8, PP: 8, DP: 8, EP: 1, MicroBatch: 1, Recompute: RecomputeFull, ZeRO: 3, Interleave: 1, CP: 1},
		gpus: 512, gpu: "a100-sxm4-80gb", hoursGT: 6.1e6,
	}, {
		// No layout of 8 GPUs holds 405B (the search's smallest needs 798
		// GiB, 567 of them Adam's state); 16 systems do, searched again.
		name: "more-gpus", job: jobOn(t, llama405(t), 8),
		part: PartOptimizer, need: 798.41, change: ChangeGPUs, tried: []FitChange{ChangeGPUs, ChangeGPU},
		fitsAt: 68.23, layout: Layout{TP: 4, PP: 1, DP: 32, EP: 1, MicroBatch: 2, Recompute: RecomputeFull, ZeRO: 3, Interleave: 1, CP: 1},
		gpus: 128, gpu: "h100-sxm", hoursGT: 2.9e7,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := AdviseFit(tc.job, DefaultFactors(), 1<<17)
			require.NoError(t, err)
			assert.Equal(t, tc.part, a.Part)
			assert.InDelta(t, tc.need, a.Memory.Total/gib, 0.01)
			assert.Greater(t, a.Memory.Total, a.Memory.Capacity)
			assert.Equal(t, tc.tried, a.Tried)
			require.Equal(t, tc.change, a.Change)
			assert.True(t, a.Plan.Fits)
			assert.InDelta(t, tc.fitsAt, a.Plan.Memory.Total/gib, 0.01)
			assert.Equal(t, tc.layout, a.Plan.Layout)
			assert.Equal(t, tc.gpus, a.Job.GPUs)
			assert.Equal(t, tc.gpu, a.Job.GPU.ID)
			assert.Greater(t, a.Plan.GPUHours, tc.hoursGT)
		})
	}
}

// Where several changes fit, the fewest GPU-hours win: a higher ZeRO stage
// costs communication, an 80 GiB GPU nothing but its price.
func TestAdviseFitCheapest(t *testing.T) {
	// 70B on 64 A100s of 40 GiB, TP 8 and no pipeline: 16.4 GiB of weights,
	// as much of gradients, 12.3 of Adam's state under ZeRO 1.
	job := jobOnA100(t, 64, 8192, Layout{TP: 8, PP: 1, DP: 8, MicroBatch: 1, Recompute: RecomputeFull, ZeRO: 1})
	a, err := AdviseFit(job, DefaultFactors(), 1<<17)
	require.NoError(t, err)
	require.NotEmpty(t, a.Change)
	for _, c := range []Layout{{ZeRO: 2}, {ZeRO: 3}} {
		l := *job.Layout
		l.ZeRO = c.ZeRO
		other := job
		other.Layout = &l
		p, err := PlanTransformer(other, DefaultFactors())
		require.NoError(t, err)
		if p.Fits {
			assert.LessOrEqual(t, a.Plan.GPUHours, p.GPUHours, "ZeRO %d", c.ZeRO)
		}
	}
}

func TestAdviseFitNone(t *testing.T) {
	// 4M-token sequences: the layer being recomputed and the inputs the
	// stage keeps outgrow every GPU.
	a, err := AdviseFit(jobOnA100(t, 64, 1<<22, Layout{TP: 8, PP: 8, DP: 1, MicroBatch: 1, Recompute: RecomputeFull, ZeRO: 3}), DefaultFactors(), 1<<17)
	require.NoError(t, err)
	assert.Equal(t, PartActivations, a.Part)
	assert.Empty(t, a.Change)
	assert.Equal(t, []FitChange{ChangeTP, ChangeZeRO, ChangeRecompute, ChangeGPUs, ChangeGPU}, a.Tried)
	assert.Equal(t, 1<<17, a.MostGPUs)
}

func TestMemoryLargest(t *testing.T) {
	assert.Equal(t, PartOptimizer, TransformerMemory{Weights: 1, Gradients: 1, Optimizer: 6, Activations: 2}.Largest())
	assert.Equal(t, PartWeights, TransformerMemory{}.Largest(), "ties go to the first")
	assert.Equal(t, 2.0, TransformerMemory{Activations: 2}.Part(PartActivations))
}
