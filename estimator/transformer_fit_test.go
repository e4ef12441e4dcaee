package estimator_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

// TestTransformerMemoryParts: the memory parts per GPU are the plan's, add
// up to the memory per GPU, and stand beside the GPU's memory.
func TestTransformerMemoryParts(t *testing.T) {
	est := mustEstimate(t, "llama-3-405b")
	const w, s = "llama-3-405b", "dgx-h100"
	m, _ := hardware.TransformerModelByID("llama-3.1-405b")
	sys, _ := hardware.SystemByID(s)
	gpu, _ := hardware.GPUByID(sys.GPU)
	in, _ := hardware.NetworkByID(sys.IntraLink)
	fab, _ := hardware.NetworkByID(sys.Network)
	p, err := hardware.PlanTransformer(hardware.TransformerJob{Model: m, GPU: gpu, System: sys, IntraLink: in, Fabric: fab,
		GPUs: 16384, Tokens: 15.6e12, Seq: 8192, Precision: hardware.BF16, GlobalBatchTokens: 16777216}, est.Scenario.Factors.Resolve())
	require.NoError(t, err)
	parts, capacity := estimator.MemoryParts(w, s)
	require.Len(t, parts, 5)
	var sum float64
	for i, part := range hardware.MemoryParts() {
		q, ok := est.Get(parts[i].ID)
		require.True(t, ok, parts[i].ID)
		assert.Equal(t, p.Memory.Part(part), q.Value, parts[i].ID)
		assert.Equal(t, estimator.Bytes, q.Unit)
		assert.NotEmpty(t, q.Label.JA)
		sum += q.Value
	}
	assert.Equal(t, "train.llama-3-405b.memory.optimizer.dgx-h100", parts[2].ID)
	assert.Equal(t, estimator.Text{EN: "Optimizer state", JA: "オプティマイザの状態"}, parts[2].Name)
	assert.InEpsilon(t, value(t, est, "train."+w+".memory_per_gpu."+s), sum, 1e-12)
	// The search's layout for Llama 3.1 405B on 16,384 H100s is TP 8 x PP 8
	// under ZeRO 2 over 256 replicas, without recomputation: 405.9e9 / 64 =
	// 6.3e9 parameters a GPU, 11.8 GiB of BF16 weights whole; gradients and
	// Adam's state sharded (0.05 and 0.28 GiB); the first stage's 15 layers
	// of activations for 8 micro-batches in flight, 62.8 GiB.
	assert.InDelta(t, 11.81, value(t, est, parts[0].ID)/(1<<30), 0.005)
	assert.InDelta(t, 0.28, value(t, est, parts[2].ID)/(1<<30), 0.005)
	assert.InDelta(t, 62.79, value(t, est, parts[3].ID)/(1<<30), 0.005, "activations, as docs/transformers.md quotes them")
	assert.InDelta(t, 78.67, sum/(1<<30), 0.005)
	assert.Equal(t, 80.0*(1<<30), value(t, est, capacity))
}

// TestTransformerFitAdvice: a job that does not fit is told the part that
// overflows and the change that fits at the fewest GPU-hours, in English and
// Japanese.
func TestTransformerFitAdvice(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(m map[string]any)
		path   string
		en, ja []string
	}{{
		// TP 8 without pipelining: BF16 weights of 405B / 8 parameters are
		// 94.5 GiB alone; ZeRO 3 shards them over the 128 replicas.
		name: "a layout given whole", change: func(m map[string]any) {
			tr := transformerOf(m)
			tr["gpus"] = 1024.0
			tr["layout"] = map[string]any{"tp": 8.0, "pp": 1.0, "micro_batch": 1.0, "recompute": "full", "zero": 1.0}
		}, path: "workloads[0].transformer.layout",
		en: []string{"cannot be trained on systems[0] (dgx-h100): the layout needs 207.7 GiB per GPU, 127.7 GiB more than the 80.0 GiB of one h100-sxm",
			"the largest part: Weights, 94.5 GiB", "the change that fits at the fewest GPU-hours: ZeRO stage 3 (10.9 GiB per GPU, 39.93 million GPU-hours without failures)"},
		ja: []string{"systems[0]（dgx-h100）では学習できません: この並列化構成は GPU 1 基あたり 207.7 GiB 必要で、h100-sxm 1 基の 80.0 GiB より 127.7 GiB 多すぎます",
			"最大の部分は重み（94.5 GiB）", "収まる変更のうち GPU 時間が最も少ないのは ZeRO ステージ 3（GPU 1 基あたり 10.9 GiB、障害なしで 3,993.1 万 GPU 時間）"},
	}, {
		// No layout of one DGX holds 405B: Adam's state alone is 567 GiB a
		// GPU; 16 systems do.
		name: "a job too small", change: func(m map[string]any) { transformerOf(m)["gpus"] = 8.0 }, path: "workloads[0].transformer",
		en: []string{"no layout fits; the smallest (TP 8, PP 1, DP 1, ZeRO stage 1, full recomputation) needs 798.4 GiB per GPU",
			"the largest part: Optimizer state, 567.0 GiB", "the change that fits at the fewest GPU-hours: 128 GPUs, 16 dgx-h100 systems (68.2 GiB per GPU"},
		ja: []string{"最大の部分はオプティマイザの状態（567.0 GiB）", "GPU 128 基、dgx-h100 16 台（GPU 1 基あたり 68.2 GiB"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := estimator.Decode(bytes.NewReader(llamaEdit(t, tc.change)))
			require.NoError(t, err)
			_, err = estimator.Run(s)
			fes := fieldErrors(err)
			require.Len(t, fes, 1, "%v", err)
			assert.Equal(t, tc.path, fes[0].Path)
			for _, want := range tc.en {
				assert.Contains(t, fes[0].Rule.EN, want)
			}
			for _, want := range tc.ja {
				assert.Contains(t, fes[0].Rule.JA, want)
			}
		})
	}
}
