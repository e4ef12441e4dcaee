package main

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSizeCommand(t *testing.T) {
	// 512 H100 for 30 days: Chinchilla's budget, about its 70B on 1.4T.
	r := toolRun(t, "size", "--gpu", "h100-sxm", "--gpus", "512", "--days", "30")
	assert.InEpsilon(t, 5.77e23, r.value(t, "size.compute"), 0.005)
	assert.InEpsilon(t, 69.35e9, r.value(t, "size.optimal_params"), 0.005)
	assert.InEpsilon(t, 1.387e12, r.value(t, "size.tokens"), 0.005)
	assert.Equal(t, 1.0, r.value(t, "size.meets_time"))
	assert.InEpsilon(t, 2.281e12, r.value(t, "size.largest.params"), 0.005)

	// The fewest GPUs for Llama 3.1 70B in 30 days, and what they cost.
	f := toolRun(t, "size", "--gpu", "h100-sxm", "--model", "llama-3.1-70b", "--days", "30", "--price-per-gpu-hour", "2.5")
	assert.Equal(t, 552.0, f.value(t, "size.gpus"))
	assert.Equal(t, 544.0, f.value(t, "size.below.gpus"))
	assert.InEpsilon(t, f.value(t, "size.gpu_hours")*2.5, f.value(t, "size.cost"), 1e-12)

	out, errOut, code := trainscale(t, "", "size", "--gpu", "h100-sxm", "--model", "llama-3.1-70b", "--days", "30")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Fewest NVIDIA H100 SXM5 80 GB (dgx-h100) to train Llama 3.1 70B in 30 days, bf16")
	assert.Contains(t, out, "size.gpus")

	out, errOut, code = trainscale(t, "", "size", "--gpu", "h100-sxm", "--gpus", "512", "--days", "30", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"id", "label", "value", "p10", "p90", "unit", "formula", "source"}, recs[0])
	assert.Equal(t, []string{"size.gpus", "GPUs", "512", "", "", "count", "512"}, recs[1][:7])
}

func TestSizeCommandBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--gpu", "h100-sxm", "--gpus", "8", "--days", "30", "--budget", "0", "--price-per-gpu-hour", "2"}, "--budget: must be > 0, got 0"},
		{[]string{"--gpu", "h100-sxm", "--gpus", "8", "--days", "30", "--budget", "1e6"}, "--budget: needs price_per_gpu_hour"},
		{[]string{"--gpu", "h100-sxm", "--gpus", "8", "--days", "30", "--price-per-gpu-hour", "-1"}, "--price-per-gpu-hour: must be > 0, got -1"},
		{[]string{"--gpu", "h100-sxm", "--gpus", "8", "--days", "30", "--currency", "dollars"}, "--currency: must be a three-letter ISO 4217 code"},
		{[]string{"--gpu", "h100-sxm", "--days", "30"}, "--gpus: is required"},
		{[]string{"--gpu", "h100-sxm", "--gpus", "8"}, "--days: is required"},
		{[]string{"--gpu", "h200", "--gpus", "8", "--days", "30"}, "--gpu: unknown id (known: "},
		{[]string{"--gpu", "h100-sxm", "--model", "llama-3.1-70b", "--gpus", "8", "--days", "30"}, "--gpus: is not read with a model"},
		{[]string{"--gpu", "h100-sxm", "--model", "gpt-9", "--days", "30"}, "--model: unknown id"},
		{[]string{"--gpu", "h100-sxm", "--gpus", "8", "--days", "30", "--family", "vit-l-16"}, "--family: must be a dense language model"},
		{[]string{"--gpu", "h100-sxm", "--gpus", "8", "--days", "30", "--format", "xml"}, "--format"},
	} {
		_, errOut, code := trainscale(t, "", append([]string{"size"}, c.args...)...)
		require.Equal(t, 2, code, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
}
