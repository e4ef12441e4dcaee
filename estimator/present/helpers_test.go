package present_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// decodeArticle is the article's scenario with the overrides applied.
func decodeArticle(t testing.TB, overrides ...estimator.Override) *estimator.Scenario {
	t.Helper()
	data, ok := examples.Read(examples.Default)
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	require.NoError(t, err)
	return s
}

// builtin is a built-in scenario with the overrides applied; for examples,
// which have no *testing.T.
func builtin(name string, overrides ...estimator.Override) *estimator.Scenario {
	data, _ := examples.Read(name)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	if err != nil {
		panic(err)
	}
	return s
}
