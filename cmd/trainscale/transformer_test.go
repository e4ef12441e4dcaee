package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTransformerCommand(t *testing.T) {
	r := toolRun(t, "transformer", "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--gpus", "16384", "--tokens", "15.6e12")
	// 2,523,955,986,432 FLOPs per token (hardware's test) x 15.6e12 tokens.
	assert.InEpsilon(t, 2523955986432*15.6e12, r.value(t, "transformer.flops"), 1e-12)
	assert.Equal(t, 1.0, r.value(t, "transformer.fits"))
	assert.Equal(t, 16384.0, r.value(t, "transformer.tp")*r.value(t, "transformer.pp")*r.value(t, "transformer.dp"))
	// Meta published 30.84M H100-hours for the whole of Llama 3.1 405B's training.
	assert.InEpsilon(t, 30.84e6, r.value(t, "transformer.gpu_hours"), 0.2)
	for _, id := range []string{"transformer.mfu", "transformer.tokens_per_s", "transformer.wall_time", "transformer.memory_per_gpu"} {
		assert.Positive(t, r.value(t, id), id)
	}

	fixed := toolRun(t, "transformer", "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--gpus", "8192", "--tokens", "1e12",
		"--tp", "8", "--pp", "16", "--mfu", "0.43", "--format", "json")
	assert.Equal(t, 64.0, fixed.value(t, "transformer.dp"))
	assert.InEpsilon(t, 0.43, fixed.value(t, "transformer.mfu"), 1e-12)
	// 0.43 x 989.4e12 FLOP/s x 8192 GPUs / 2,523,955,986,432 FLOPs per token.
	assert.InEpsilon(t, 0.43*989.4e12*8192/2523955986432, fixed.value(t, "transformer.tokens_per_s"), 1e-9)
}

func TestTransformerCommandBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--model", "gpt-9", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e9"}, "--model: unknown id (known: "},
		{[]string{"--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e9"}, "--gpus: must hold the model at some layout"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "-1"}, "--tokens: must be > 0, got -1"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8"}, "--tokens: is required: the run's training tokens"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "16", "--tokens", "1e9", "--tp", "1", "--pp", "1", "--micro-batch", "4096"}, "--micro-batch: layout: a micro-batch of 4096 sequences"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--tokens", "1e12"}, "--gpus: is required: the job's GPUs; to find the fewest that meet a deadline, ask trainscale size"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "200000", "--tokens", "1e12"}, "--gpus: must be <= 131,072, got 200000"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e19"}, "--tokens: must be <= 1e18, got 1e+19"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e12", "--global-batch-tokens", "1e13"}, "--global-batch-tokens: must be <= 1e12, got 10000000000000"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e9", "--precision", "fp4"}, "--precision: must be a precision the GPU has a dense path for: h100-sxm has no fp4"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "a100-sxm4-40gb", "--gpus", "8", "--tokens", "1e9", "--precision", "fp8"}, "has no fp8"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e9", "--tp", "8"}, "--tp: is given with pp"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "16", "--tokens", "1e9", "--tp", "16", "--pp", "1"}, "--tp: must be at most the 8 GPUs of dgx-h100's NVLink domain"},
		{[]string{"--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e9", "--mfu", "0"}, "--mfu: must be in [0.001, 1]"},
	} {
		_, errOut, code := trainscale(t, "", append([]string{"transformer"}, c.args...)...)
		require.Equal(t, 2, code, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
}

func TestTransformerCommandCalibration(t *testing.T) {
	r := toolRun(t, "transformer", "--calibration")
	// Row 1 is Llama 3 405B on 8,192 H100: MFU 43% published.
	assert.Equal(t, 0.43, r.value(t, "calibration.1.published"))
	assert.InDelta(t, -0.01, r.value(t, "calibration.1.error"), 0.01)
	out, errOut, code := trainscale(t, "", "transformer", "--calibration")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "deepseek-v3-pretrain")
	assert.Contains(t, out, "held out")
}
