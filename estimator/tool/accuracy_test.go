package tool_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/tool"
)

// The accuracy table holds every published figure, spread over GPU
// generations and scales, and each group's median and P90 are those of its
// rows' absolute errors.
func TestAccuracyCoversThePublishedFigures(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	require.NotNil(t, res.Accuracy)
	rows := res.Accuracy.Rows
	transformers, err := hardware.CalibrateTransformers(hardware.DefaultFactors())
	require.NoError(t, err)
	assert.Len(t, rows, len(hardware.Measurements())+len(transformers))
	assert.GreaterOrEqual(t, len(rows), 40)

	generations, scales, sets := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range rows {
		generations[r.Generation.EN]++
		scales[r.Scale.EN]++
		sets[r.Set.EN]++
		assert.NotEqual(t, "other", r.Family.EN, r.What)
		assert.NotEqual(t, "other", r.Generation.EN, r.What)
		assert.InDelta(t, r.Predicted/r.Published, r.Ratio, 1e-12, r.What)
		if !r.AtLeast {
			assert.InDelta(t, math.Abs(r.Ratio-1), r.AbsError, 1e-12, r.What)
		}
	}
	delete(generations, "CPU")
	assert.GreaterOrEqual(t, len(generations), 4, "GPU generations: %v", generations)
	for _, s := range []string{"1 device", "multi-GPU", "multi-node"} {
		assert.Positive(t, scales[s], s)
	}
	assert.Positive(t, sets["calibration"])
	assert.Positive(t, sets["held out"])

	all := res.Accuracy.Groups[0]
	assert.Equal(t, "all", all.Kind.EN)
	assert.Equal(t, len(rows), all.Points)
	q, ok := res.Get(all.ID + ".median")
	require.True(t, ok)
	assert.Equal(t, all.Median, q.Value)
	points := 0
	for _, g := range res.Accuracy.Groups[1:] {
		if g.Kind.EN == "set" {
			points += g.Points
		}
		assert.LessOrEqual(t, g.Median, g.P90, g.ID)
	}
	assert.Equal(t, len(rows), points, "calibration and held out split every point")
}

// A lower bound ("more than 7x") is an error only where the model falls
// short of it.
func TestAccuracyLowerBound(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	var found bool
	for _, r := range res.Accuracy.Rows {
		if r.AtLeast {
			found = true
			assert.Equal(t, math.Max(1-r.Ratio, 0), r.AbsError, r.What)
		}
	}
	assert.True(t, found)
}

// The CSV records carry one line per figure under the header, numbers
// unrounded.
func TestAccuracyRecords(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	recs := tool.AccuracyRecords(res.Accuracy)
	require.Len(t, recs, len(res.Accuracy.Rows)+1)
	assert.Equal(t, "id", recs[0][0])
	assert.Equal(t, "accuracy.1", recs[1][0])
	for _, r := range recs {
		assert.Len(t, r, len(recs[0]))
	}
}

// Factors outside their ranges are refused with the field named.
func TestAccuracyRejectsBadFactors(t *testing.T) {
	f := hardware.DefaultFactors()
	f.FP32Efficiency = 2
	_, err := tool.Accuracy(tool.AccuracyRequest{Factors: tool.Factors{Values: &f}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "fp32_efficiency")
}
