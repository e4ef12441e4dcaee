package estimator

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// Llama 3 405B's cluster, 16,384 H100 for 54 days at 38% MFU, delivers about
// 2.9e25 FLOPs: compute-optimal at about 489B parameters on 9.8T tokens
// (the paper trained 405B on 15.6T with 3.8e25, past Chinchilla's ratio).
// Every quantity's formula reproduces its value.
func TestReverseLlamaCluster(t *testing.T) {
	qs, err := Reverse(ReverseRequest{GPU: "h100-sxm", GPUs: 16384, Days: 54})
	require.NoError(t, err)
	byID := map[string]float64{}
	for _, q := range qs {
		byID[q.ID] = q.Value
		assert.NotEmpty(t, q.LabelJA, q.ID)
		assert.NotEmpty(t, q.SourceJA, q.ID)
	}
	assert.InDelta(t, 16384*54*24*Hour, byID["reverse.gpu_hours"], 1e-3)
	assert.InDelta(t, 16384*54*Day*989.4e12*0.38, byID["reverse.compute"], 1e12)
	assert.InDelta(t, 2.9e25, byID["reverse.compute"], 0.05e25)
	assert.InDelta(t, 4.89e11, byID["reverse.params"], 0.01e11)
	assert.InDelta(t, 20*byID["reverse.params"], byID["reverse.tokens"], 1)
	h100, _ := hardware.GPUByID("h100-sxm")
	assert.InDelta(t, 16384*h100.Memory/16, byID["reverse.max_params_memory"], 1)
	consts := Constants(Binary)
	for _, q := range qs {
		e, err := ParseExpr(q.Expr)
		require.NoError(t, err, q.ID)
		got, err := e.Eval(func(name string) (float64, bool) {
			if v, ok := consts[name]; ok {
				return v, true
			}
			v, ok := byID[name]
			return v, ok
		})
		require.NoError(t, err, q.ID)
		assert.InDelta(t, q.Value, got, 1e-9*q.Value+1e-9, q.ID)
	}
}

// A budget smaller than the time allows binds: at the cheapest on-demand H100
// price of the catalog, USD 1M buys 1M / 3.20 GPU-hours.
func TestReverseBudgetBinds(t *testing.T) {
	qs, err := Reverse(ReverseRequest{GPU: "h100-sxm", GPUs: 1024, Days: 30, Budget: 1e6, Prices: hardware.CloudOffers()})
	require.NoError(t, err)
	for _, q := range qs {
		if q.ID == "reverse.gpu_hours" {
			assert.InDelta(t, 1e6/3.20*Hour, q.Value, 1e-3)
		}
	}
	for _, tc := range []struct {
		r    ReverseRequest
		path string
	}{
		{ReverseRequest{GPU: "tpu", GPUs: 8, Days: 1}, "gpu"},
		{ReverseRequest{GPU: "h100-sxm", GPUs: 0, Days: 1}, "gpus"},
		{ReverseRequest{GPU: "h100-sxm", GPUs: 8, Days: -1}, "days"},
		{ReverseRequest{GPU: "h100-sxm", GPUs: 8, Days: 1, Precision: hardware.FP4}, "precision"},
		{ReverseRequest{GPU: "h100-sxm", GPUs: 8, Days: 1, MFU: 1.5}, "mfu"},
		{ReverseRequest{GPU: "mi300x", GPUs: 8, Days: 1, Budget: 1e6}, "price"},
	} {
		_, err := Reverse(tc.r)
		var fe *FieldError
		require.True(t, errors.As(err, &fe), "%+v", tc.r)
		assert.Equal(t, tc.path, fe.Path)
	}
}
