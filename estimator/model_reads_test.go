package estimator_test

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// RerunInputs is sound: an input whose change moves a modelled quantity,
// or a job ladder's row, is one it lists. Every numeric input of every
// example is moved by a quarter (integers by one more), within its rules.
func TestRerunInputsCoverWhatModelsRead(t *testing.T) {
	for _, name := range examples.Names() {
		base := mustEstimate(t, name)
		var held []string
		for _, q := range base.Quantities() {
			if q.Expr == "" {
				held = append(held, q.ID)
			}
		}
		rerun := base.RerunInputs(held...)
		moved := 0
		for _, in := range estimator.InputSpecs(base.Scenario) {
			est, ok := moved25(t, name, in)
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
			if !laddersAgree(base.JobLadders(), est.JobLadders()) {
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

// moved25 is the example's estimate with one numeric input a quarter larger
// (an integer one more than that), or false where that breaks a rule.
func moved25(t *testing.T, name string, in estimator.InputSpec) (*estimator.Estimate, bool) {
	if in.IsText {
		return nil, false
	}
	v := in.Number * 1.25
	if slices.Contains(in.Rules, "int") {
		v = math.Round(v + 1)
	}
	data, _ := examples.Read(name)
	s, err := estimator.Decode(bytes.NewReader(data), set(in.Path, v))
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
