package tool

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTransformerExplore(t *testing.T) {
	res, err := Transformer(TransformerRequest{Model: "llama-3.1-405b", GPU: "h100-sxm", GPUs: 16384, Tokens: 15.6e12})
	require.NoError(t, err)
	for _, q := range res.Quantities {
		t.Logf("%s %g %s", q.ID, q.Value, q.Formula)
	}
	t.Log(res.Notes)
}
