package chart_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/planner"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/chart"
)

// The frontier chart is the plan's frontier split by kind, the chosen plan a
// marked series of its own, on log axes where the plans span decades.
func TestFrontierGolden(t *testing.T) {
	data, ok := examples.Read("modern-2026")
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	res, err := planner.Make(s, planner.Options{Prices: hardware.CloudOffers(), AsOf: "2026-12-01"})
	require.NoError(t, err)
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		sp := chart.Frontier(res, s, lang)
		assert.Equal(t, chart.Scatter, sp.Kind)
		assert.True(t, sp.X.Log)
		assert.True(t, sp.Y.Log)
		last := sp.Series[len(sp.Series)-1]
		assert.True(t, last.Marked)
		assert.Equal(t, []string{res.Cheapest.Total.ID}, last.IDs)
		got, err := json.MarshalIndent(rounded([]chart.Spec{sp}), "", "  ")
		require.NoError(t, err)
		path := filepath.Join("testdata", "plan-frontier.modern-2026."+string(lang)+".json")
		if *update {
			require.NoError(t, os.WriteFile(path, append(got, '\n'), 0o644))
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(got))
	}
}
