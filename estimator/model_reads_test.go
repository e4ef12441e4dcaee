package estimator_test

import (
	"bytes"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/quickloop"
)

// RerunInputs is sound: an input whose change moves a modelled quantity,
// or a job ladder's row, is one it lists. Every numeric input of every
// example, and of a project, is doubled (integers and one more), within
// its rules: a smaller move can leave a job of whole systems as it was.
func TestRerunInputsCoverWhatModelsRead(t *testing.T) {
	scenarios := map[string][]byte{}
	for _, name := range quickloop.Examples() {
		scenarios[name], _ = examples.Read(name)
	}
	project, err := os.ReadFile(projectFile)
	require.NoError(t, err)
	scenarios["a project"] = project
	for name, data := range scenarios {
		base, ok := doubled(data, estimator.InputSpec{})
		require.True(t, ok, name)
		var held []string
		for _, q := range base.Quantities() {
			if q.Expr == "" {
				held = append(held, q.ID)
			}
		}
		rerun, ladders := base.RerunInputs(held...), base.JobLadders()
		moved := 0
		for _, in := range estimator.InputSpecs(base.Scenario) {
			if in.IsText {
				continue
			}
			est, ok := doubled(data, in)
			if !ok {
				continue
			}
			moved++
			var changed []string
			for _, id := range held {
				if q, ok := est.Get(id); !ok || !same(value(t, base, id), q.Value) {
					changed = append(changed, id)
				}
			}
			if !laddersAgree(ladders, est.JobLadders()) {
				changed = append(changed, "a job ladder")
			}
			if len(changed) > 0 {
				assert.Contains(t, rerun, in.Path, "%s: %s moves %v", name, in.Path, changed)
			}
		}
		assert.Greater(t, moved, 5, name)
	}
}

// A workbook that follows the job sizing with a ladder needs a re-run for
// what plans a job, not for the data, the tokens, the target or money.
func TestRerunInputsOfALadder(t *testing.T) {
	var paths []string
	for _, p := range mustEstimate(t, "av-world-model-2026").RerunInputs() {
		if !strings.HasPrefix(p, "catalog.") {
			paths = append(paths, p)
		}
	}
	assert.Equal(t, []string{"systems[0].gpus", "systems[1].gpus", "workloads[0].transformer.model",
		"workloads[0].transformer.precision", "workloads[0].transformer.seq"}, paths)
	assert.Empty(t, mustEstimate(t, "article-2017").RerunInputs(), "nothing modelled")
}

// doubled is the scenario's estimate with one numeric input doubled (an
// integer and one more), or false where that breaks a rule; with no
// input's path, the scenario's own.
func doubled(data []byte, in estimator.InputSpec) (*estimator.Estimate, bool) {
	var sets []estimator.Override
	if in.Path != "" {
		v := in.Number * 2
		if slices.Contains(in.Rules, "int") {
			v = math.Round(v + 1)
		}
		sets = append(sets, set(in.Path, v))
	}
	s, err := estimator.Decode(bytes.NewReader(data), sets...)
	if err != nil {
		return nil, false
	}
	est, err := estimator.Run(s)
	return est, err == nil
}

// laddersAgree says whether two estimates' ladders hold the same plans at
// the sizes both list (how far a ladder reaches follows the job).
func laddersAgree(a, b []estimator.JobLadder) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Start != y.Start || x.PerSystem != y.PerSystem || x.MFUError != y.MFUError {
			return false
		}
		for j := range min(len(x.Rows), len(y.Rows)) {
			if x.Rows[j] != y.Rows[j] {
				return false
			}
		}
	}
	return true
}

func same(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b)) }
