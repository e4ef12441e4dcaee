package main

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAccuracyCommand(t *testing.T) {
	out, errOut, code := trainscale(t, "", "accuracy")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Error by group")
	assert.Contains(t, out, "multi-node")
	assert.Contains(t, out, "held out")

	r := toolRun(t, "accuracy")
	assert.GreaterOrEqual(t, r.value(t, "accuracy.group.all.all-points.points"), 40.0)

	out, errOut, code = trainscale(t, "", "accuracy", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"id", "figure", "metric", "unit", "published", "predicted", "ratio", "abs_error", "at_least",
		"gpus", "family", "generation", "scale", "set", "source"}, recs[0])
	assert.Equal(t, r.value(t, "accuracy.group.all.all-points.points"), float64(len(recs)-1))

	_, errOut, code = trainscale(t, "", "accuracy", "--format", "xml")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "table, json or csv")
}
