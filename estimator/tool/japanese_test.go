package tool_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator/tool"
)

// Every result a tool gives has a Japanese title and notes, and every
// quantity it lays out a Japanese label, on every branch the
// tools take (results covers them), the transformer tool and its calibration
// included.
func TestEveryToolQuantityHasJapanese(t *testing.T) {
	all := results(t)
	res, err := tool.Transformer(tool.TransformerRequest{Model: "llama-3.1-405b", GPU: "h100-sxm", GPUs: 16384, Tokens: 15.6e12})
	require.NoError(t, err)
	all["transformer"] = res
	res, err = tool.TransformerCalibration(tool.Factors{})
	require.NoError(t, err)
	all["transformer calibration"] = res
	for name, res := range all {
		assert.NotEmpty(t, res.Title.JA, "%s: %s", name, res.Title.EN)
		assert.NotEqual(t, res.Title.EN, res.Title.In("ja"), name)
		for _, n := range res.Notes {
			assert.NotEmpty(t, n.Text.JA, "%s: note %s (%s)", name, n.Key, n.Text.EN)
		}
		for _, q := range res.Quantities {
			assert.NotEmpty(t, q.Label.JA, "%s: %s (%s)", name, q.ID, q.Label.EN)
			assert.NotEqual(t, q.Label.EN, q.Label.JA, "%s: %s", name, q.ID)
			// a citation reads the same in both; the words around it do not
			assert.NotEmpty(t, q.Source.JA, "%s: %s (%s)", name, q.ID, q.Source.EN)
		}
	}
}
