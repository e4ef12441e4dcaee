package tool_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator/tool"
)

// Every quantity a tool lays out has a Japanese label, on every branch the
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
		for _, q := range res.Quantities {
			assert.NotEmpty(t, q.LabelJA, "%s: %s (%s)", name, q.ID, q.Label)
			assert.NotEqual(t, q.Label, q.LabelJA, "%s: %s", name, q.ID)
		}
	}
}
