package tool_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/tool"
)

// The default model-error widths are the accuracy table's: the estimator
// computes them from the models' predictions, and here they are computed
// again from the rows `trainscale accuracy` prints, held-out rows where a
// kind has any. When a model changes both move together; the log holds the
// table for the README (go test ./estimator/tool -run ModelErrorWidths -v).
func TestModelErrorWidthsAreTheAccuracyTables(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	held, all := map[string][]float64{}, map[string][]float64{}
	for _, r := range res.Accuracy.Rows {
		path, residual := estimator.ModelErrorResidual(r.Metric, r.GPUs, r.AtLeast, r.Predicted, r.Published)
		if path == "" {
			continue
		}
		all[path] = append(all[path], residual)
		if r.Set.EN == "held out" {
			held[path] = append(held[path], residual)
		}
	}
	var table strings.Builder
	fmt.Fprintf(&table, "| factor | points | set | P80 of abs(ln ratio) | factor P10 - P90 |\n| --- | --- | --- | --- | --- |\n")
	for _, w := range estimator.ModelErrorWidths() {
		want := estimator.ModelErrorWidthOf(w.Path, held[w.Path], true)
		if len(held[w.Path]) == 0 {
			want = estimator.ModelErrorWidthOf(w.Path, all[w.Path], false)
		}
		assert.Equal(t, want, w, w.Path)
		assert.Greater(t, w.Points, 1, "%s rests on the accuracy table's points", w.Path)
		set := "held out"
		if !w.HeldOut {
			set = "calibration"
		}
		fmt.Fprintf(&table, "| `%s` | %d | %s | %.3f | %.3f - %.3f |\n", w.Path, w.Points, set, w.P80, 1/w.P90, w.P90)
	}
	t.Log("\n" + table.String())
}
