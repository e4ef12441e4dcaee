package estimator

import (
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// Explain shows how one quantity was computed: its formula, the formula with the
// numbers put in (in base units, so a reader can redo it by hand), and the result.
func (e *Estimate) Explain(id string) (string, error) { return e.ExplainIn(id, "en") }

// ExplainIn is Explain in lang ("ja"; anything else reads English): the label,
// the shown value and the words around them; formulas, ids and sources are
// the same in every language.
func (e *Estimate) ExplainIn(id, lang string) (string, error) {
	q, ok := e.Get(id)
	if !ok {
		return "", fieldError("id", Text{"names no quantity of this estimate (see trainscale estimate --format json for the ids)", "この見積もりのどの数量も指していません（ID は trainscale estimate --format json で確かめられます）"}, strconv.Quote(id))
	}
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
	var b strings.Builder
	minfmt.Fprintf(&b, "%s: %s\n", q.ID, q.LabelIn(lang))
	minfmt.Fprintf(&b, "  = %s\n", q.Formula)
	if substituted != q.Formula {
		minfmt.Fprintf(&b, "  = %s\n", substituted)
	}
	minfmt.Fprintf(&b, "  = %.10g %s (%s)\n", q.Value, string(q.Unit), FormatIn(q.Value, q.Unit, e.Scenario.Units, lang))
	if q.HasBand() {
		minfmt.Fprintf(&b, "  P10–P90 %s–%s: %s\n", FormatIn(q.P10, q.Unit, e.Scenario.Units, lang), FormatIn(q.P90, q.Unit, e.Scenario.Units, lang), WholeRunNote().In(lang))
	}
	minfmt.Fprintf(&b, "  %s: %s\n", Text{"source", "出典"}.In(lang), q.SourceIn(lang))
	return b.String(), nil
}

// InputValues maps every numeric field the scenario sets to its value, by path.
func InputValues(s *Scenario) map[string]float64 {
	out := map[string]float64{}
	for path, f := range numericInputs(s) {
		out[path] = *f.ptr
	}
	return out
}
