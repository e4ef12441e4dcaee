package estimator_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
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
