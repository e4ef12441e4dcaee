package estimator_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
)

// A workload reads as its label, else as the catalog model it trains, else
// as its id.
func TestWorkloadName(t *testing.T) {
	shape := &estimator.TransformerShape{Layers: 2, Hidden: 64, Heads: 2, FFN: 256, Activation: "gelu"}
	for _, tc := range []struct {
		what string
		w    estimator.Workload
		want string
	}{
		{"a label", estimator.Workload{ID: "w", Label: "Our detector", Model: "resnet-50"}, "Our detector"},
		{"a network of the catalog", estimator.Workload{ID: "w", Model: "resnet-50"}, "ResNet-50 v1.5"},
		{"a transformer of the catalog", estimator.Workload{ID: "w", Transformer: &estimator.Transformer{Model: "llama-3.1-70b"}}, "Llama 3.1 70B"},
		{"a transformer of its own shape", estimator.Workload{ID: "w", Transformer: &estimator.Transformer{Shape: shape}}, "w"},
		{"a network measured in MB/s", estimator.Workload{ID: "w"}, "w"},
		{"a model the catalog lacks", estimator.Workload{ID: "w", Model: "no-such-model"}, "w"},
		// transformer.model names a transformer: a network's id there is none.
		{"a network's id as a transformer", estimator.Workload{ID: "w", Transformer: &estimator.Transformer{Model: "resnet-50"}}, "w"},
	} {
		assert.Equal(t, tc.want, tc.w.Name(), tc.what)
	}
}

// inputSource is the note a form shows under the field at path.
func inputSource(t *testing.T, s *estimator.Scenario, path string) string {
	t.Helper()
	for _, in := range estimator.Inputs(s) {
		if in.Path == path {
			return in.Source
		}
	}
	require.Failf(t, "no such input", path)
	return ""
}

// Issue 26, item 8: Llama 3 405B with its model changed to the 70B reads as
// the 70B in the answer and the quantities, and the field's note is the
// catalog's on the 70B, not the preset's on the 405B.
func TestEditedModelReadsAsEdited(t *testing.T) {
	const model = "workloads[0].transformer.model"
	for _, tc := range []struct {
		what string
		set  []estimator.Override
		name string
		note string
	}{
		{"as published", nil, "Llama 3.1 405B",
			"Llama 3.1 405B: 126 layers, d_model 16,384, 128 heads, 8 KV heads, FFN 53,248, vocabulary 128,256 (Dubey et al. 2024, Table 3)"},
		{"edited", []estimator.Override{{Path: model, Value: "llama-3.1-70b"}}, "Llama 3.1 70B",
			"Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 70B)"},
	} {
		est := mustEstimate(t, "llama-3-405b", tc.set...)
		a, err := present.AnswerFor(est, nil)
		require.NoError(t, err, tc.what)
		require.NotNil(t, a.Buy, tc.what)
		assert.Equal(t, tc.name, a.Buy.WorkloadName, tc.what)
		q, ok := est.Get("train.llama-3-405b.flops")
		require.True(t, ok)
		assert.Equal(t, tc.name+": training FLOPs of one run", q.Label.EN, tc.what)
		assert.Equal(t, tc.note, inputSource(t, est.Scenario, model), tc.what)
		if tc.set != nil {
			for _, in := range estimator.Inputs(est.Scenario) {
				assert.NotContains(t, in.Source, "405B", "%s: the note under %s", tc.what, in.Path)
			}
		}
	}
}

// An override drops the file's notes on the value it replaces and on every
// value inside it; the other notes, and a note an override sets itself,
// stay.
func TestOverrideDropsTheNotesOfWhatItReplaces(t *testing.T) {
	data, ok := examples.Read("llama-3-405b")
	require.True(t, ok)
	const (
		model = "workloads[0].transformer.model"
		seq   = "workloads[0].transformer.seq"
		gpus  = "systems[0].gpus"
	)
	for _, tc := range []struct {
		what    string
		set     []estimator.Override
		dropped []string
		kept    map[string]string
	}{
		{"a number", []estimator.Override{{Path: seq, Value: "4096"}}, []string{seq},
			map[string]string{model: "Llama 3.1 405B: 126 layers, d_model 16,384, 128 heads, 8 KV heads, FFN 53,248, vocabulary 128,256 (Dubey et al. 2024, Table 3)"}},
		{"an object holding noted values", []estimator.Override{{Path: "workloads[0].transformer", Value: `{"model": "llama-3.1-8b", "precision": "bf16", "gpus": 64}`}},
			[]string{model, seq, "workloads[0].transformer.gpus", "workloads[0].transformer.global_batch_tokens"},
			map[string]string{gpus: "Meta's Grand Teton servers: 8 H100 SXM GPUs each, as a DGX H100 (Dubey et al. 2024, section 3.3.1)"}},
		{"a value, then its note", []estimator.Override{{Path: seq, Value: "4096"}, {Path: "sources." + seq, Value: "our run"}}, nil,
			map[string]string{seq: "our run"}},
		{"a note, then its value", []estimator.Override{{Path: "sources." + seq, Value: "our run"}, {Path: seq, Value: "4096"}}, nil,
			map[string]string{seq: "our run"}},
		{"a field whose name starts another's", []estimator.Override{{Path: "systems[0].gpu", Value: "h100-sxm"}}, nil,
			map[string]string{gpus: "Meta's Grand Teton servers: 8 H100 SXM GPUs each, as a DGX H100 (Dubey et al. 2024, section 3.3.1)"}},
	} {
		s, err := estimator.Decode(bytes.NewReader(data), tc.set...)
		require.NoError(t, err, tc.what)
		for _, p := range tc.dropped {
			assert.NotContains(t, s.Sources, p, tc.what)
		}
		for p, note := range tc.kept {
			assert.Equal(t, note, s.Sources[p], "%s: %s", tc.what, p)
		}
	}
}

// A model field shows the scenario's note on it, else the catalog's on the
// model it names; other fields show the scenario's alone.
func TestModelFieldsShowTheCatalogsNote(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		set      []estimator.Override
		path     string
		want     string
	}{
		{"modern-2026", nil, "workloads[0].model", "He et al. 2016; torchvision metadata; NVIDIA DeepLearningExamples (v1.5)"},
		{"modern-2026", nil, "workloads[2].model", "ViT-B/16 (Dosovitskiy et al. 2021) as a modern vision backbone"},
		{"modern-2026", nil, "workloads[0].id", ""},
		{"llama-3-405b", []estimator.Override{{Path: "workloads[0].transformer", Value: `{"model": "llama-3.1-8b", "precision": "bf16", "gpus": 64}`}},
			"workloads[0].transformer.model", "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 8B)"},
	} {
		data, ok := examples.Read(tc.scenario)
		require.True(t, ok)
		s, err := estimator.Decode(bytes.NewReader(data), tc.set...)
		require.NoError(t, err)
		assert.Equal(t, tc.want, inputSource(t, s, tc.path), "%s %s", tc.scenario, tc.path)
	}
}
