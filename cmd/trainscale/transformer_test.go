package main

import (
	"os"
	"path/filepath"
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

// configs holds one published config.json per family (estimator's tests
// check each against the catalog).
const configs = "../../estimator/testdata/hfconfig/"

// TestTransformerCommandConfig: a model's config.json answers as its catalog
// entry does, quantity for quantity, and a MoE's derived counts lead.
func TestTransformerCommandConfig(t *testing.T) {
	job := []string{"--gpu", "h100-sxm", "--gpus", "64", "--tokens", "1e12", "--global-batch-tokens", "4194304"}
	byID := toolRun(t, append([]string{"transformer", "--model", "llama-3.1-8b"}, job...)...)
	byConfig := toolRun(t, append([]string{"transformer", "--config", configs + "llama-3.1-8b.json"}, job...)...)
	require.Len(t, byConfig.Quantities, len(byID.Quantities))
	for _, q := range byID.Quantities {
		assert.Equal(t, q.Value, byConfig.value(t, q.ID), q.ID)
	}
	assert.Equal(t, "config.json (llama)", byConfig.note("model"))
	assert.Equal(t, "32 layers, hidden 4096, 32 heads of 128 (8 key/value), feed-forward 14336 (gated), vocabulary 128256 (untied)", byConfig.note("shape"))
	assert.Positive(t, byConfig.value(t, "transformer.gpu_hours"))

	// Standard input, and the table: Qwen3-30B-A3B's derived counts first.
	data, err := os.ReadFile(configs + "qwen3-30b-a3b.json")
	require.NoError(t, err)
	out, errOut, code := trainscale(t, string(data), append([]string{"transformer", "--config", "-"}, job...)...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "shape: 48 layers, hidden 2048, 32 heads of 128 (4 key/value), feed-forward 6144 (gated), vocabulary 151936 (untied); 128 experts of 768, 8 per token, 0 shared, 0 dense layers\n")
	assert.Regexp(t, `\nid +value +P10 +P90 +quantity\ntransformer.params +30.53 G +Parameters \(total\)\ntransformer.active_params +3.353 G `, out)
}

// TestTransformerCommandShape: a shape in the scenario's form, with --seq,
// answers as the catalog model of that shape.
func TestTransformerCommandShape(t *testing.T) {
	file := filepath.Join(t.TempDir(), "shape.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn": 14336, "activation": "swiglu", "vocab": 128256}`), 0o644))
	job := []string{"--gpu", "h100-sxm", "--gpus", "64", "--tokens", "1e12", "--seq", "8192"}
	byShape := toolRun(t, append([]string{"transformer", "--shape", file}, job...)...)
	byID := toolRun(t, append([]string{"transformer", "--model", "llama-3.1-8b"}, job...)...)
	for _, id := range []string{"transformer.params", "transformer.flops_per_token", "transformer.gpu_hours", "transformer.memory_per_gpu"} {
		assert.Equal(t, byID.value(t, id), byShape.value(t, id), id)
	}
	assert.Equal(t, 8_029_995_008.0, byShape.value(t, "transformer.params"))
}

func TestTransformerCommandConfigBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	job := []string{"--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e9"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--model", "llama-3.1-8b", "--config", configs + "llama-3.1-8b.json"}, "--model: give one of model, config or shape, not two"},
		{[]string{"--config", configs + "falcon-7b.json"}, "--seq: is required: the config gives no context length"},
		{[]string{"--config", write("bert.json", `{"model_type": "bert", "hidden_size": 768}`)}, "config.model_type: unknown model_type (known: deepseek_v2, "},
		{[]string{"--config", write("nokey.json", `{"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2, "vocab_size": 100, "intermediate_size": 128, "max_position_embeddings": 64}`)},
			"config.num_attention_heads: is required for model_type llama"},
		{[]string{"--config", write("list.json", `[1, 2]`)}, "--config: must be an object: a model's config.json, got a list"},
		{[]string{"--config", write("broken.json", `{"model_type": "llama",`)}, "broken.json: invalid JSON at line 1, column 24"},
		{[]string{"--config", write("twice.json", `{"model_type": "llama", "model_type": "qwen2"}`)}, "twice.json: model_type: must appear only once in its object"},
		{[]string{"--shape", write("shape.json", `{"layers": 2, "hidden": 64, "heads": 4, "ffn": 256, "activation": "gelu", "vocab": 100}`)}, "--seq: is required with shape"},
		{[]string{"--shape", write("badshape.json", `{"layers": 2, "hidden": 65, "heads": 4, "ffn": 256, "activation": "relu", "vocab": 100}`), "--seq", "64"},
			"shape.activation: must be one of gelu, swiglu"},
		{[]string{"--shape", write("badshape2.json", `{"layers": 2, "hidden": 65, "heads": 4, "ffn": 256, "activation": "gelu", "vocab": 100}`), "--seq", "64"},
			"shape.hidden: must be a multiple of shape.heads (4), got 65"},
		{[]string{"--shape", write("moreshape.json", `{"layers": 2, "hidden": 64, "heads": 4, "ffn": 256, "activation": "gelu", "vocab": 100, "context": 8}`), "--seq", "64"},
			"shape.context: unknown field (known: "},
	} {
		_, errOut, code := trainscale(t, "", append(append([]string{"transformer"}, c.args...), job...)...)
		require.Equal(t, 2, code, "%v: %s", c.args, errOut)
		assert.Contains(t, errOut, c.want, c.args)
	}
	_, errOut, code := trainscale(t, "", append([]string{"transformer", "--config", filepath.Join(dir, "none.json")}, job...)...)
	assert.Equal(t, 1, code, "a file that cannot be read is no bad input of the user's: %s", errOut)
}
