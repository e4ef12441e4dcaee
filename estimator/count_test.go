package estimator_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func TestParseCount(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"15T", 15e12, true}, {"15 T", 15e12, true}, {"1.5e13", 1.5e13, true}, {"15e12", 15e12, true},
		{"405B", 405e9, true}, {"70G", 70e9, true}, {"16k", 16e3, true}, {"16K", 16e3, true}, {"2.5M", 2.5e6, true},
		{"1P", 1e15, true}, {"１５Ｔ", 15e12, true}, {"-3k", -3e3, true}, {" 8 ", 8, true},
		{"", 0, false}, {"T", 0, false}, {"15m", 0, false}, {"15b", 0, false}, {"15TB", 0, false},
		{"0x10", 0, false}, {"NaN", 0, false}, {"Inf", 0, false}, {"1_000", 0, false}, {"15 trillion", 0, false},
	} {
		got, ok := estimator.ParseCount(tc.in)
		assert.Equal(t, tc.ok, ok, tc.in)
		if tc.ok {
			assert.InEpsilon(t, tc.want, got, 1e-15, tc.in)
		}
	}
}

// --set and the page read counts as people write them; a text field keeps
// the words, and a bad count names the field.
func TestSetReadsCounts(t *testing.T) {
	data, ok := examples.Read("llama-3-405b")
	require.True(t, ok)
	for _, v := range []string{"15T", "1.5e13", "15e12", "15 T"} {
		o, err := estimator.ParseOverride("dataset.tokens=" + v)
		require.NoError(t, err)
		s, err := estimator.Decode(bytes.NewReader(data), o)
		require.NoError(t, err, v)
		assert.InEpsilon(t, 15e12, *s.Dataset.Tokens, 1e-15, v)
	}
	o, err := estimator.ParseOverride("name=15T")
	require.NoError(t, err)
	s, err := estimator.Decode(bytes.NewReader(data), o)
	require.NoError(t, err)
	assert.Equal(t, "15T", s.Name, "a text field keeps what was typed")
	o, err = estimator.ParseOverride("dataset.tokens=15TB")
	require.NoError(t, err)
	_, err = estimator.Decode(bytes.NewReader(data), o)
	assert.ErrorContains(t, err, "dataset.tokens")
}

func FuzzParseCount(f *testing.F) {
	for _, s := range []string{"15T", "1.5e13", "405B", "-3k", "１５Ｔ", "", "T", "1e400T"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := estimator.ParseCount(s)
		if !ok {
			assert.Zero(t, v)
		}
	})
}
