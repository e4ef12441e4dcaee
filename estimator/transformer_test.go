package estimator_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// llamaEdit is the llama-3-405b example with change applied to its JSON.
func llamaEdit(t testing.TB, change func(m map[string]any)) []byte {
	t.Helper()
	data, ok := examples.Read("llama-3-405b")
	require.True(t, ok)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	change(m)
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return out
}

func transformerOf(m map[string]any) map[string]any {
	return m["workloads"].([]any)[0].(map[string]any)["transformer"].(map[string]any)
}

// TestTransformerBadInput: each bad transformer workload is refused with the
// field it names and the rule it breaks.
func TestTransformerBadInput(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(m map[string]any)
		path   string
		rule   string
	}{
		{"mixed with mb_per_s", func(m map[string]any) { m["workloads"].([]any)[0].(map[string]any)["mb_per_s"] = 100.0 },
			"workloads[0].mb_per_s", "is not used with transformer"},
		{"mixed with a CNN model", func(m map[string]any) { m["workloads"].([]any)[0].(map[string]any)["model"] = "resnet-50" },
			"workloads[0].model", "is not used with transformer"},
		{"unknown model", func(m map[string]any) { transformerOf(m)["model"] = "gpt-5" },
			"workloads[0].transformer.model", "unknown catalog transformer (known: "},
		{"neither model nor shape", func(m map[string]any) { delete(transformerOf(m), "model") },
			"workloads[0].transformer.model", "is required unless workloads[0].transformer.shape or .config gives the model's shape"},
		{"model and shape", func(m map[string]any) {
			transformerOf(m)["shape"] = map[string]any{"layers": 2.0, "hidden": 64.0, "heads": 4.0, "ffn": 256.0, "activation": "gelu", "vocab": 0.0}
		}, "workloads[0].transformer.shape", "give one of workloads[0].transformer.model, .shape or .config, not two"},
		{"model and config", func(m map[string]any) { transformerOf(m)["config"] = configJSON(t, "llama-3.1-8b") },
			"workloads[0].transformer.config", "give one of workloads[0].transformer.model, .shape or .config, not two"},
		{"a config of an unknown family", func(m map[string]any) {
			tr := transformerOf(m)
			delete(tr, "model")
			tr["config"] = map[string]any{"model_type": "bert", "hidden_size": 768.0}
		}, "workloads[0].transformer.config.model_type", "unknown model_type (known: deepseek_v2, "},
		{"a config without a key", func(m map[string]any) {
			tr := transformerOf(m)
			delete(tr, "model")
			tr["config"] = configJSON(t, "llama-3.1-8b")
			delete(tr["config"].(map[string]any), "num_attention_heads")
		}, "workloads[0].transformer.config.num_attention_heads", "is required for model_type llama"},
		{"a config without a context, and no seq", func(m map[string]any) {
			tr := transformerOf(m)
			delete(tr, "model")
			delete(tr, "seq")
			tr["config"] = configJSON(t, "falcon-7b")
		}, "workloads[0].transformer.seq", "is required: workloads[0].transformer.config gives no context length"},
		{"a config that is no object", func(m map[string]any) {
			tr := transformerOf(m)
			delete(tr, "model")
			tr["config"] = "llama"
		}, "workloads[0].transformer.config", "must be an object"},
		{"bad precision", func(m map[string]any) { transformerOf(m)["precision"] = "fp16" },
			"workloads[0].transformer.precision", "must be one of bf16, fp8, fp4"},
		{"fp4 on Hopper", func(m map[string]any) { transformerOf(m)["precision"] = "fp4" },
			"workloads[0].transformer.precision", "must be one the NVIDIA H100 SXM5 80 GB of DGX H100 runs: the catalog gives it no dense fp4 peak"},
		{"no tokens anywhere", func(m map[string]any) { delete(m["dataset"].(map[string]any), "tokens") },
			"workloads[0].transformer.tokens", "is required unless dataset.tokens or the tokens section"},
		{"negative tokens", func(m map[string]any) { transformerOf(m)["tokens"] = -1.0 },
			"workloads[0].transformer.tokens", "must be > 0"},
		{"fractional GPUs", func(m map[string]any) { transformerOf(m)["gpus"] = 16.5 },
			"workloads[0].transformer.gpus", "must be a whole number"},
		{"mfu above 1", func(m map[string]any) { transformerOf(m)["mfu"] = 1.2 },
			"workloads[0].transformer.mfu", "must be <= 1"},
		{"layout that does not divide the GPUs", func(m map[string]any) {
			transformerOf(m)["layout"] = map[string]any{"tp": 8.0, "pp": 3.0, "micro_batch": 1.0, "recompute": "none", "zero": 1.0}
		}, "workloads[0].transformer.layout.pp", "tp x pp (24) must divide workloads[0].transformer.gpus (16384)"},
		{"a job too small to hold the model", func(m map[string]any) { transformerOf(m)["gpus"] = 8.0 },
			"workloads[0].transformer", "cannot be trained on systems[0] (dgx-h100)"},
		{"tokens section without a fleet", func(m map[string]any) {
			m["tokens"] = map[string]any{"width": 224.0, "height": 224.0, "patch": 16.0, "tubelet": 2.0}
		}, "tokens", "is only used with fleet"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := estimator.Decode(bytes.NewReader(llamaEdit(t, tc.change)))
			if err == nil {
				_, err = estimator.Run(s)
			}
			require.Error(t, err)
			var found bool
			for _, fe := range fieldErrors(err) {
				if fe.Path == tc.path {
					assert.Contains(t, fe.Rule.EN, tc.rule)
					found = true
				}
			}
			assert.True(t, found, "no error names %s in %v", tc.path, err)
		})
	}
}

// configJSON is the published config of a catalog model, as a scenario
// holds it.
func configJSON(t testing.TB, id string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(configDir, id+".json"))
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	return m
}

// TestTransformerConfigWorkload: a workload given a model's published
// config.json is estimated as the catalog model it maps onto, and reads
// back from its own export.
func TestTransformerConfigWorkload(t *testing.T) {
	edit := func(change func(tr map[string]any)) []byte {
		return llamaEdit(t, func(m map[string]any) {
			tr := transformerOf(m)
			tr["gpus"] = 1024.0
			delete(tr, "seq")
			change(tr)
		})
	}
	byID := edit(func(tr map[string]any) { tr["model"] = "llama-3.1-8b" })
	byConfig := edit(func(tr map[string]any) {
		delete(tr, "model")
		tr["config"] = configJSON(t, "llama-3.1-8b")
	})
	want, got := mustRun(t, byID), mustRun(t, byConfig)
	require.Len(t, got.Quantities(), len(want.Quantities()))
	for i, q := range want.Quantities() {
		assert.Equal(t, q.ID, got.Quantities()[i].ID)
		assert.InDelta(t, q.Value, got.Quantities()[i].Value, 1e-12*math.Abs(q.Value), q.ID)
	}
	fpt, ok := got.Get("train.llama-3-405b.flops_per_token")
	require.True(t, ok)
	assert.Contains(t, fpt.Formula, "of workloads[0].transformer.config")
	checkRoundTrip(t, byConfig, nil)
}

func mustRun(t *testing.T, data []byte) *estimator.Estimate {
	t.Helper()
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	return est
}

// fieldErrors unpacks the field errors err lists.
func fieldErrors(err error) []*estimator.FieldError {
	var out []*estimator.FieldError
	if list, ok := err.(estimator.Errors); ok {
		for _, e := range list {
			out = append(out, fieldErrors(e)...)
		}
		return out
	}
	var fe *estimator.FieldError
	if errors.As(err, &fe) {
		out = append(out, fe)
	}
	return out
}

func TestTransformerShapeRules(t *testing.T) {
	data := llamaEdit(t, func(m map[string]any) {
		tr := transformerOf(m)
		delete(tr, "model")
		delete(tr, "seq")
		tr["shape"] = map[string]any{"layers": 4.0, "hidden": 100.0, "heads": 8.0, "kv_heads": 3.0, "ffn": 256.0,
			"activation": "gelu", "vocab": 1000.0, "expert_ffn": 64.0}
	})
	_, err := estimator.Decode(bytes.NewReader(data))
	require.Error(t, err)
	msg := err.Error()
	for _, want := range []string{
		"workloads[0].transformer.seq: is required with workloads[0].transformer.shape",
		"workloads[0].transformer.shape.hidden: must be a multiple of workloads[0].transformer.shape.heads (8), got 100",
		"workloads[0].transformer.shape.kv_heads: must divide workloads[0].transformer.shape.heads (8), got 3",
		"workloads[0].transformer.shape.expert_ffn: is only used with workloads[0].transformer.shape.experts",
	} {
		assert.Contains(t, msg, want)
	}
}

// TestTokensFromFleet: the fleet's kept frames cut into video tokens, by hand.
func TestTokensFromFleet(t *testing.T) {
	est := mustEstimate(t, "av-world-model-2026")
	// 100 cars x 8 h x 260 days x 3,600 s x 10 kept fps x 8 cameras
	// = 59,904,000,000 frames a year.
	assert.Equal(t, 59_904_000_000.0, value(t, est, "data.frames"))
	// (448 / 16) x (224 / 16) / 2 = 28 x 14 / 2 = 196 tokens per frame.
	assert.Equal(t, 196.0, value(t, est, "data.tokens_per_frame"))
	// 59,904,000,000 x 196 = 11,741,184,000,000 tokens a year; 2 epochs.
	assert.Equal(t, 11_741_184_000_000.0, value(t, est, "data.tokens"))
	assert.Equal(t, 23_482_368_000_000.0, value(t, est, "train.world-model.tokens"))
	q, _ := est.Get("data.frames")
	assert.Equal(t, "fleet.cars * fleet.hours_per_day * fleet.days_per_year * HOUR * preprocessing.sampled_fps * (fleet.sensors[0].count)", q.Formula)

	// A job sized to the target meets it, in whole systems.
	for _, sys := range []string{"dgx-b200", "dgx-h100"} {
		gpus := value(t, est, "team.world-model.gpus_per_job."+sys)
		assert.Zero(t, int(gpus)%8, sys)
		assert.Equal(t, 1.0, value(t, est, "team.world-model.meets_target."+sys), sys)
		assert.Equal(t, 1.0, value(t, est, "train.world-model.fits."+sys), sys)
	}
	// docs/transformers.md's figures: a 128-GPU job of 16 DGX B200, 103 of them for
	// the team's 6 concurrent jobs, each reading 8.2 GB/s of video.
	assert.Equal(t, 128.0, value(t, est, "team.world-model.gpus_per_job.dgx-b200"))
	assert.Equal(t, 103.0, value(t, est, "team.world-model.systems_to_buy.dgx-b200"))
	assert.InDelta(t, 8.2e9, value(t, est, "storage.world-model.node_read_rate.dgx-b200"), 0.05e9)
}

// TestLlama3FLOPsAndGPUHours holds the Llama 3 405B example to hand
// computations from the Llama 3 paper's shape (Dubey et al. 2024, Table 3).
func TestLlama3FLOPsAndGPUHours(t *testing.T) {
	est := mustEstimate(t, "llama-3-405b")
	const w, s = "llama-3-405b", "dgx-h100"
	// Per layer: Q and O 2 x 16,384^2 = 536,870,912; K and V
	// 2 x 16,384 x (8 x 128) = 33,554,432; SwiGLU 3 x 16,384 x 53,248 =
	// 2,617,245,696; in all 3,187,671,040, x 126 layers = 401,646,551,040.
	// The output layer 128,256 x 16,384 = 2,101,346,304 is a matrix
	// multiply, the input embedding a lookup: N = 403,747,897,344.
	// 6N = 2,422,487,384,064; causal attention 6 x 126 x 8,192 x 16,384 =
	// 101,468,602,368 (Kaplan et al. 2020, Table 1).
	assert.Equal(t, 2_523_955_986_432.0, value(t, est, "train."+w+".flops_per_token"))
	// x 15.6e12 tokens = 3.937e25 FLOPs; the paper states 3.8e25.
	assert.InDelta(t, 2_523_955_986_432.0*15.6e12, value(t, est, "train."+w+".flops"), 1e12)
	assert.InEpsilon(t, 3.8e25, value(t, est, "train."+w+".flops"), 0.05)

	// GPU-hours: the model card's 30.84M H100-hours for the 405B model:
	// failure-free, the steady state falls 16% short of the whole run;
	// with Llama 3's failures and a run's overheads charged, 4%.
	hours := value(t, est, "train."+w+".gpu_time."+s) / estimator.Hour
	assert.InEpsilon(t, 30.84e6, hours, 0.2, "failure-free: %.3gM", hours/1e6)
	withFailures := hours / value(t, est, "team."+w+".goodput."+s)
	assert.InEpsilon(t, 30.84e6, withFailures, 0.1, "with failures: %.3gM", withFailures/1e6)
	// Meta reports 38-43% MFU; the model's calibration against it is
	// estimator/hardware's test. The job keeps its 16,384 GPUs.
	assert.InDelta(t, 0.40, value(t, est, "train."+w+".mfu."+s), 0.1)
	assert.Equal(t, 16384.0, value(t, est, "team."+w+".gpus_per_job."+s))
	assert.Equal(t, 16384.0, value(t, est, "train."+w+".tp."+s)*value(t, est, "train."+w+".pp."+s)*value(t, est, "train."+w+".dp."+s))
	assert.Equal(t, 1.0, value(t, est, "train."+w+".fits."+s))
}

// TestTransformerFormulasReproduceValues: every arithmetic transformer
// quantity's formula, evaluated over the estimate, gives its value.
func TestTransformerFormulasReproduceValues(t *testing.T) {
	for _, name := range []string{"llama-3-405b", "av-world-model-2026"} {
		est := mustEstimate(t, name)
		s := est.Scenario
		inputs := estimator.InputValues(s)
		facts := map[string]float64{}
		for _, f := range estimator.CatalogFacts() {
			facts[f.Path] = f.Value
		}
		consts := estimator.Constants(s.Units)
		lookup := func(n string) (float64, bool) {
			if q, ok := est.Get(n); ok {
				return q.Value, true
			}
			if v, ok := inputs[n]; ok {
				return v, true
			}
			if v, ok := facts[n]; ok {
				return v, true
			}
			v, ok := consts[n]
			return v, ok
		}
		for _, q := range est.Quantities() {
			if q.Expr == "" {
				continue
			}
			e, err := estimator.ParseExpr(q.Expr)
			require.NoError(t, err, q.ID)
			v, err := e.Eval(lookup)
			require.NoError(t, err, q.ID)
			assert.InEpsilon(t, q.Value+1e-300, v+1e-300, 1e-9, "%s %s", name, q.ID)
		}
	}
}

// TestTransformerMFUOverride: a given MFU replaces the modelled one, and the
// tokens per second follow from it by MFU's definition.
func TestTransformerMFUOverride(t *testing.T) {
	est := mustEstimate(t, "llama-3-405b", estimator.Override{Path: "workloads[0].transformer.mfu", Value: "0.41"})
	mfu, _ := est.Get("train.llama-3-405b.mfu.dgx-h100")
	assert.Equal(t, 0.41, mfu.Value)
	assert.Equal(t, "workloads[0].transformer.mfu", mfu.Formula)
	// 0.41 x 989.4e12 FLOP/s (H100 SXM BF16 dense) / 2,523,955,986,432 FLOPs per token.
	assert.InEpsilon(t, 0.41*989.4e12/2_523_955_986_432, value(t, est, "train.llama-3-405b.tokens_per_s.dgx-h100"), 1e-12)
}

// TestTransformerShapeEqualsCatalog: Llama 3.1 405B given by its shape
// (Dubey et al. 2024, Table 3) is the catalog model: same FLOPs, same plan.
func TestTransformerShapeEqualsCatalog(t *testing.T) {
	data := llamaEdit(t, func(m map[string]any) {
		tr := transformerOf(m)
		delete(tr, "model")
		tr["shape"] = map[string]any{"layers": 126.0, "hidden": 16384.0, "heads": 128.0, "kv_heads": 8.0, "ffn": 53248.0,
			"activation": "swiglu", "vocab": 128256.0}
	})
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	shaped, err := estimator.Run(s)
	require.NoError(t, err)
	catalog := mustEstimate(t, "llama-3-405b")
	for _, id := range []string{"train.llama-3-405b.flops_per_token", "train.llama-3-405b.mfu.dgx-h100",
		"train.llama-3-405b.memory_per_gpu.dgx-h100", "team.llama-3-405b.systems.dgx-h100"} {
		assert.Equal(t, value(t, catalog, id), value(t, shaped, id), id)
	}
}

// TestTransformerSetRefusesWhatRunRefuses: a job too small to hold the
// model is refused by Set as by Decode and Run, and the calculation keeps
// estimating as before.
func TestTransformerSetRefusesWhatRunRefuses(t *testing.T) {
	data, _ := examples.Read("llama-3-405b")
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	c, err := estimator.Prepare(s)
	require.NoError(t, err)
	applied, err := c.Set(estimator.Override{Path: "workloads[0].transformer.gpus", Value: "8"})
	assert.True(t, applied)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "workloads[0].transformer: cannot be trained on systems[0] (dgx-h100)")
	est, err := c.Estimate()
	require.NoError(t, err)
	assert.Equal(t, 16384.0, value(t, est, "team.llama-3-405b.gpus_per_job.dgx-h100"))
}

// TestTransformerBesideCNNs: a transformer workload joins a scenario of CNNs
// under modelled scaling; the CNNs' figures stay as they were and the count
// of quantities stays exact.
func TestTransformerBesideCNNs(t *testing.T) {
	data, _ := examples.Read("modern-2026")
	before := mustEstimate(t, "modern-2026")
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	tokens := 2e12
	s.Workloads = append(s.Workloads, estimator.Workload{ID: "llm", Transformer: &estimator.Transformer{
		Model: "llama-3.1-8b", Precision: "bf16", Tokens: &tokens}})
	est, err := estimator.Run(s)
	require.NoError(t, err)
	assert.Len(t, est.Quantities(), estimator.QuantityCount(s))
	for _, q := range before.Quantities() {
		if got, ok := est.Get(q.ID); ok && !strings.HasPrefix(q.ID, "growth.") {
			assert.Equal(t, q.Value, got.Value, q.ID)
		}
	}
	for _, sys := range []string{"dgx-h100", "dgx-h200", "dgx-b200"} {
		assert.Equal(t, 1.0, value(t, est, "team.llm.meets_target."+sys), sys)
	}
}

// qwenConfig is Qwen2.5-0.5B's config.json as published (the keys the
// mapper reads, and a few it ignores).
const qwenConfig = `{"architectures": ["Qwen2ForCausalLM"], "hidden_act": "silu", "hidden_size": 896, "intermediate_size": 4864,
	"max_position_embeddings": 32768, "model_type": "qwen2", "num_attention_heads": 14, "num_hidden_layers": 24,
	"num_key_value_heads": 2, "tie_word_embeddings": true, "vocab_size": 151936}`

// TestTransformerParams: every transformer workload reports its parameters
// and those a token passes through, whichever way it gives its model; a
// config given by override (as the page sends it) replaces the catalog
// model the override clears.
func TestTransformerParams(t *testing.T) {
	data, _ := examples.Read("llama-3-405b")
	for _, tc := range []struct {
		name           string
		set            []estimator.Override
		total, active  float64 // as published, to their printed precision
		prec           float64
		formulaNamesIt string
	}{
		{"catalog", nil, 405e9, 405e9, 1e9, "of workloads[0].transformer.model"},
		{"catalog MoE", []estimator.Override{{Path: "workloads[0].transformer.model", Value: `"deepseek-v3"`}}, 671e9, 37e9, 1e9, "of workloads[0].transformer.model"},
		{"config", []estimator.Override{{Path: "workloads[0].transformer.model", Value: "null"}, {Path: "workloads[0].transformer.config", Value: qwenConfig}},
			0.49e9, 0.49e9, 0.005e9, "of workloads[0].transformer.config"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := estimator.Decode(bytes.NewReader(data), tc.set...)
			require.NoError(t, err)
			est, err := estimator.Run(s)
			require.NoError(t, err)
			params, ok := est.Get("train.llama-3-405b.params")
			require.True(t, ok)
			assert.InDelta(t, tc.total, params.Value, tc.prec)
			assert.InDelta(t, tc.active, value(t, est, "train.llama-3-405b.active_params"), tc.prec)
			assert.Equal(t, estimator.Count, params.Unit)
			assert.Contains(t, params.Formula, tc.formulaNamesIt)
			assert.True(t, strings.HasSuffix(params.Label.In("ja"), ": パラメータ数"), params.Label.In("ja"))
		})
	}
}

// TestTransformerConfigOverrideRefuses: a config that is not JSON, or not
// one the mapper knows, is refused on the config's path, in both languages.
func TestTransformerConfigOverrideRefuses(t *testing.T) {
	data, _ := examples.Read("llama-3-405b")
	clear := estimator.Override{Path: "workloads[0].transformer.model", Value: "null"}
	for _, tc := range []struct {
		value, path, en, ja string
	}{
		{`{"model_type": "qwen2",`, "workloads[0].transformer.config", "must be an object: invalid JSON at line 1, column 24: unexpected end of input", "オブジェクトにしてください: JSON として正しくありません（1 行 24 列）"},
		{`{"model_type": "qwen2"} x`, "workloads[0].transformer.config", "invalid character 'x' after top-level value", "オブジェクトにしてください"},
		{`{"model_type": "bert"}`, "workloads[0].transformer.config.model_type", "unknown model_type", "model_type"},
	} {
		_, err := estimator.Decode(bytes.NewReader(data), clear, estimator.Override{Path: "workloads[0].transformer.config", Value: tc.value})
		errs := fieldErrors(err)
		require.NotEmpty(t, errs, tc.value)
		assert.Equal(t, tc.path, errs[0].Path, tc.value)
		assert.Contains(t, errs[0].Rule.EN, tc.en, tc.value)
		assert.Contains(t, errs[0].Rule.JA, tc.ja, tc.value)
	}
	// Without clearing the catalog model, two ways to give the model.
	_, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "workloads[0].transformer.config", Value: qwenConfig})
	assert.ErrorContains(t, err, "workloads[0].transformer.config: give one of workloads[0].transformer.model, .shape or .config, not two")
}
