package estimator

import (
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// Substituted is q's formula with the numbers put in, in base units, so a
// reader can redo it by hand: each input as the scenario gives it, each
// quantity it reads with its unit, each catalog figure and each constant of
// the scenario's unit system.
func (e *Estimate) Substituted(q Quantity) string {
	inputs := InputValues(e.Scenario)
	substituted := q.Expr
	for _, name := range q.Inputs {
		text := name
		if v, ok := inputs[name]; ok {
			text = formatInput(v)
		} else if dep, ok := e.Get(name); ok {
			text = minfmt.Sprintf("%.6g %s", dep.Value, string(dep.Unit))
		} else if v, ok := catalogValue(name); ok {
			text = minfmt.Sprintf("%.6g", v)
		}
		substituted = strings.Replace(substituted, "{"+name+"}", text, 1)
	}
	for name, v := range Constants(e.Scenario.Units) {
		substituted = replaceWord(substituted, name, minfmt.Sprintf("%.10g", v))
	}
	return substituted
}

// InputValues maps every numeric field the scenario sets to its value, by path.
func InputValues(s *Scenario) map[string]float64 {
	out := map[string]float64{}
	for path, f := range numericInputs(s) {
		out[path] = *f.ptr
	}
	return out
}
