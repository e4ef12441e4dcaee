package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The two transformer examples run through every scenario command.
func TestTransformerExamplesEstimate(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"llama-3-405b", []string{"Transformer training: tokens, FLOPs, layout and utilisation", "3.94e+25 FLOP", "16,384"}},
		{"av-world-model-2026", []string{"Tokens per kept frame                            196", "6.45e+22 FLOP"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := trainscale(t, "", "estimate", "--scenario", tc.name)
			require.Equal(t, 0, code, errOut)
			for _, w := range tc.want {
				assert.Contains(t, out, w)
			}
			golden(t, "estimate-"+tc.name+".txt", out)
		})
	}
}

func TestTransformerExamplesCompareAndUncertainty(t *testing.T) {
	out, errOut, code := trainscale(t, "", "compare", "--scenario", "llama-3-405b", "--scenario", "av-world-model-2026")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "cost.capex")
	// Each total is its frame's: a project's cost of its run, a team's TCO.
	for name, total := range map[string]string{"llama-3-405b": "cost.own", "av-world-model-2026": "cost.tco"} {
		out, errOut, code := trainscale(t, "", "uncertainty", "--scenario", name, "--samples", "300")
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, total, name)
	}
}

func TestTransformerExampleReports(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	_, errOut, code := trainscale(t, "", "report", "--scenario", "llama-3-405b", "-o", dir, "--date", "2026-11-30", "--samples", "300")
	require.Equal(t, 0, code, errOut)
	for _, name := range []string{"plan.xlsx", "report.html", "proposal.pdf"} {
		st, err := os.Stat(filepath.Join(dir, name))
		require.NoError(t, err, name)
		assert.Greater(t, st.Size(), int64(1000), name)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	require.NoError(t, err)
	assert.Contains(t, string(page), "Transformer training")
}
