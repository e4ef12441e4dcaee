package tool

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/minjson"
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
	// GPU-hours = wall time x GPUs / 3600, the wall time stretched by the
	// goodput and the run's overheads.
	assert.InEpsilon(t, v("transformer.gpu_hours_failure_free")/v("transformer.run_share"), v("transformer.gpu_hours"), 1e-12)
	assert.InEpsilon(t, v("transformer.goodput")/1.045, v("transformer.run_share"), 1e-12)
	assert.InEpsilon(t, v("transformer.wall_time")*16384/3600, v("transformer.gpu_hours"), 1e-12)
	assert.InEpsilon(t, v("transformer.flops_per_token")*v("transformer.global_batch_tokens")/(v("transformer.step_time")*16384*989.4e12),
		v("transformer.mfu"), 1e-12)
	assert.Equal(t, "dgx-h100", res.Note("system"))
	assert.NotEmpty(t, res.Note("recompute"))
	for _, id := range []string{"transformer.flops", "transformer.mfu", "transformer.tokens_per_s", "transformer.gpu_hours", "transformer.wall_time",
		"transformer.memory_per_gpu", "transformer.fits", "transformer.tp", "transformer.pp", "transformer.dp"} {
		q, _ := res.Get(id)
		assert.NotEmpty(t, q.Source.EN, id)
		assert.NotEmpty(t, q.Formula, id)
	}
}

// A config.json or a shape given as a tree answers as the catalog model of
// that shape; their problems name the key, in both languages.
func TestTransformerFromConfigAndShape(t *testing.T) {
	data, err := os.ReadFile("../testdata/hfconfig/mixtral-8x22b.json")
	require.NoError(t, err)
	config, err := estimator.ReadTree(bytes.NewReader(data), "config")
	require.NoError(t, err)
	job := TransformerRequest{GPU: "h100-sxm", GPUs: 512, Tokens: 1e12}
	byConfig, byID := job, job
	byConfig.Config, byID.Model = config, "mixtral-8x22b"
	got, err := Transformer(byConfig)
	require.NoError(t, err)
	want, err := Transformer(byID)
	require.NoError(t, err)
	for _, id := range []string{"transformer.params", "transformer.active_params", "transformer.flops", "transformer.gpu_hours"} {
		g, _ := got.Get(id)
		w, _ := want.Get(id)
		assert.Equal(t, w.Value, g.Value, id)
	}
	params, _ := got.Get("transformer.params")
	assert.Equal(t, 140_619_939_840.0, params.Value)
	assert.Equal(t, "the config.json (mixtral) given", params.Source.EN)
	assert.Equal(t, "指定の config.json (mixtral)", params.Source.JA)

	shape := job
	shape.Shape = map[string]any{"layers": minjson.Number("2"), "hidden": minjson.Number("64"), "heads": minjson.Number("4"),
		"ffn": minjson.Number("256"), "activation": "gelu", "vocab": minjson.Number("100")}
	shape.Seq = 128
	res, err := Transformer(shape)
	require.NoError(t, err)
	q, _ := res.Get("transformer.params")
	// 2 x 100 x 64 embedding and output; 2 layers of 4 x 64^2 + 2 x 64 x 256.
	assert.Equal(t, 2*100*64+2*(4*64*64+2*64*256.0), q.Value)

	for _, c := range []struct {
		req        func(r *TransformerRequest)
		path, rule string
	}{
		{func(r *TransformerRequest) { r.Config = []any{} }, "config", "must be an object"},
		{func(r *TransformerRequest) { r.Config = map[string]any{"model_type": "t5"} }, "config.model_type", "unknown model_type"},
		{func(r *TransformerRequest) { r.Config, r.Shape = config, shape.Shape }, "model", "give one of model, config or shape, not two"},
		{func(r *TransformerRequest) { r.Shape = map[string]any{"layers": "2"} }, "shape.layers", "must be a number"},
		{func(r *TransformerRequest) {}, "model", "is required unless config or shape gives the model (known: "},
	} {
		r := job
		c.req(&r)
		_, err := Transformer(r)
		var found bool
		for _, fe := range fieldErrorsOf(err) {
			if fe.Path == c.path {
				found = true
				assert.Contains(t, fe.Rule.EN, c.rule)
				assert.NotEmpty(t, fe.Rule.JA, c.path)
			}
		}
		assert.True(t, found, "no error names %s in %v", c.path, err)
	}
}

func fieldErrorsOf(err error) []*estimator.FieldError {
	if list, ok := err.(estimator.Errors); ok {
		var out []*estimator.FieldError
		for _, e := range list {
			out = append(out, fieldErrorsOf(e)...)
		}
		return out
	}
	var fe *estimator.FieldError
	if errors.As(err, &fe) {
		return []*estimator.FieldError{fe}
	}
	return nil
}

// "Does a 70B fine-tune fit on 8 H100s?" (issue 27): the answer says how
// many GPUs of the kind hold each mode, and the adapters' own figures.
func TestTransformerFineTuning(t *testing.T) {
	job := TransformerRequest{Model: "llama-3.1-70b", GPU: "h100-sxm", GPUs: 8, Tokens: 1e9, Seq: 4096}
	for _, c := range []struct {
		mode      string
		fewest    float64
		trainable float64
	}{
		// Rank 16 on every matrix of 80 layers: attention 16 x (2 x
		// (8,192 + 8,192) + 2 x (8,192 + 1,024)), feed-forward 16 x 3 x
		// (8,192 + 28,672).
		{"lora", 2, 80 * 16 * (2*16384 + 2*9216 + 3*36864.0)},
		{"qlora", 1, 80 * 16 * (2*16384 + 2*9216 + 3*36864.0)},
	} {
		req := job
		req.Mode = c.mode
		res, err := Transformer(req)
		require.NoError(t, err, c.mode)
		v := func(id string) float64 {
			q, ok := res.Get(id)
			require.True(t, ok, id)
			return q.Value
		}
		assert.Equal(t, c.fewest, v("transformer.fewest_gpus"), c.mode)
		assert.Equal(t, c.trainable, v("transformer.trainable_params"), c.mode)
		assert.Equal(t, 1.0, v("transformer.fits"), c.mode)
		assert.Equal(t, 4*v("transformer.matrix_params")+6*v("transformer.active_adapter_params")+v("transformer.attention_flops_per_token"),
			v("transformer.flops_per_token"), c.mode)
		assert.Equal(t, 64*4096.0, v("transformer.global_batch_tokens"), "a fine-tune's 64 sequences")
		assert.Equal(t, c.mode, res.Note("mode"))
		assert.Contains(t, res.Note("verdict"), "the fewest h100-sxm that hold it")
	}
	req := job
	req.Mode = "full"
	_, err := Transformer(req)
	var fe *estimator.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "gpus", fe.Path)
	assert.Contains(t, fe.Rule.EN, "at least 16 h100-sxm")
	assert.Contains(t, fe.Rule.JA, "h100-sxm を 16 基以上")
}

// The fewest-GPUs question takes a config.json and a fine-tuning mode
// (issue 27): a QLoRA fine-tune of Qwen2.5 72B from its own config on
// H100s, whose tokens must be given.
func TestSizeFineTuneFromConfig(t *testing.T) {
	data, err := os.ReadFile("../testdata/hfconfig/qwen2.5-72b.json")
	require.NoError(t, err)
	config, err := estimator.ReadTree(bytes.NewReader(data), "config")
	require.NoError(t, err)
	req := SizeRequest{GPU: "h100-sxm", Config: config, Days: 2, Tokens: 5e8, Tuning: Tuning{Mode: "qlora"}}
	res, err := Size(req)
	require.NoError(t, err)
	q, _ := res.Get("size.gpus")
	assert.Equal(t, 4.0, q.Value)
	q, _ = res.Get("size.params")
	assert.Equal(t, "the config.json (qwen2) given", q.Source.EN)
	assert.Equal(t, "qlora", res.Note("mode"))
	q, _ = res.Get("size.flops_per_token")
	assert.Contains(t, q.Formula, "6 x active adapter parameters")

	for _, c := range []struct {
		req  func(r *SizeRequest)
		path string
	}{
		{func(r *SizeRequest) { r.Tokens = 0 }, "tokens"},
		{func(r *SizeRequest) { r.Config, r.Tokens, r.GPUs = nil, 0, 8 }, "mode"},
		{func(r *SizeRequest) { r.Model = "llama-3.1-8b" }, "config"},
	} {
		bad := req
		c.req(&bad)
		_, err := Size(bad)
		var fe *estimator.FieldError
		require.ErrorAs(t, err, &fe, c.path)
		assert.Equal(t, c.path, fe.Path)
	}
}

// Llama 3's own layout fits 80 GB H100s without recomputation, as Meta
// trained it at 8K sequences, at about its published 41% MFU (issue 28):
// docs/transformers.md's figures.
func TestLlama3LayoutFitsWithoutRecomputation(t *testing.T) {
	tp, pp := 8, 16
	res, err := Transformer(TransformerRequest{Model: "llama-3.1-405b", GPU: "h100-sxm", GPUs: 16384, Tokens: 15.6e12, TP: &tp, PP: &pp})
	require.NoError(t, err)
	v := func(id string) float64 {
		q, ok := res.Get(id)
		require.True(t, ok, id)
		return q.Value
	}
	assert.Equal(t, "none", res.Note("recompute"))
	assert.InDelta(t, 0.400, v("transformer.mfu"), 0.0005)
	assert.InDelta(t, 31.13e6, v("transformer.gpu_hours"), 0.005e6, "published: 30.84M")
	assert.InDelta(t, 77.87, v("transformer.memory_per_gpu")/(1<<30), 0.005)
}
