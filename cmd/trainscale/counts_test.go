package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Counts read as people write them, on flags and --set alike: 15T, 1.5e13
// and 15e12 give one answer; a count that is none names the flag.
func TestCountsAsPeopleWriteThem(t *testing.T) {
	var outs []string
	for _, tokens := range []string{"15T", "1.5e13", "15e12", "15 T"} {
		out, errOut, code := trainscale(t, "", "transformer", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "64", "--tokens", tokens, "--global-batch-tokens", "4M")
		require.Equal(t, 0, code, errOut)
		outs = append(outs, out)
	}
	for _, out := range outs[1:] {
		assert.Equal(t, outs[0], out)
	}
	assert.Contains(t, outs[0], "15 T")

	_, errOut, code := trainscale(t, "", "size", "--gpu", "h100-sxm", "--params", "70B", "--tokens", "15TB", "--days", "90")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `invalid value "15TB" for flag -tokens: must be a number, such as 15T, 1.5e13 or 15e12 (suffixes k, M, B, T, P)`)

	a, errOut, code := trainscale(t, "", "estimate", "--scenario", "llama-3-405b", "--set", "dataset.tokens=15T", "--format", "json")
	require.Equal(t, 0, code, errOut)
	b, errOut, code := trainscale(t, "", "estimate", "--scenario", "llama-3-405b", "--set", "dataset.tokens=1.5e13", "--format", "json")
	require.Equal(t, 0, code, errOut)
	assert.JSONEq(t, b, a)
}
