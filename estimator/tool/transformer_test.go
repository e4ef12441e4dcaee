package tool

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTransformer(t *testing.T) {
	res, err := Transformer(TransformerRequest{Model: "llama-3.1-405b", GPU: "h100-sxm", GPUs: 16384, Tokens: 15.6e12})
	require.NoError(t, err)
	v := func(id string) float64 {
		q, ok := res.Get(id)
		require.True(t, ok, id)
		return q.Value
	}
	assert.Equal(t, 2523955986432.0, v("transformer.flops_per_token"))
	assert.InEpsilon(t, 2523955986432*15.6e12, v("transformer.flops"), 1e-12)
	// GPU-hours = wall time x GPUs / 3600, the wall time stretched by goodput.
	assert.InEpsilon(t, v("transformer.gpu_hours_failure_free")/v("transformer.goodput"), v("transformer.gpu_hours"), 1e-12)
	assert.InEpsilon(t, v("transformer.wall_time")*16384/3600, v("transformer.gpu_hours"), 1e-12)
	assert.InEpsilon(t, v("transformer.flops_per_token")*v("transformer.global_batch_tokens")/(v("transformer.step_time")*16384*989.4e12),
		v("transformer.mfu"), 1e-12)
	assert.Equal(t, "dgx-h100", res.Note("system"))
	assert.NotEmpty(t, res.Note("recompute"))
	for _, id := range []string{"transformer.flops", "transformer.mfu", "transformer.tokens_per_s", "transformer.gpu_hours", "transformer.wall_time",
		"transformer.memory_per_gpu", "transformer.fits", "transformer.tp", "transformer.pp", "transformer.dp"} {
		q, _ := res.Get(id)
		assert.NotEmpty(t, q.Source, id)
		assert.NotEmpty(t, q.Formula, id)
	}
}
