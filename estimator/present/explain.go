package present

import (
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/minfmt"
)

// Explain shows how one quantity was computed: its formula, the formula with
// the numbers put in (in base units, so a reader can redo it by hand), and the
// result. The label, the shown value and the words around them are in lang;
// formulas, ids and sources are the same in every language.
func Explain(e *estimator.Estimate, id string, lang estimator.Lang) (string, error) {
	q, ok := e.Get(id)
	if !ok {
		return "", estimator.NewFieldError("id", estimator.Text{EN: "names no quantity of this estimate (see trainscale estimate --format json for the ids)", JA: "この見積もりのどの数量も指していません（ID は trainscale estimate --format json で確かめられます）"}, strconv.Quote(id))
	}
	substituted := e.Substituted(q)
	var b strings.Builder
	minfmt.Fprintf(&b, "%s: %s\n", q.ID, q.Label.In(lang))
	minfmt.Fprintf(&b, "  = %s\n", q.Formula)
	if substituted != q.Formula {
		minfmt.Fprintf(&b, "  = %s\n", substituted)
	}
	minfmt.Fprintf(&b, "  = %.10g %s (%s)\n", q.Value, string(q.Unit), Format(q.Value, q.Unit, e.Scenario.Units, lang))
	if q.HasBand() {
		minfmt.Fprintf(&b, "  P10–P90 %s–%s: %s\n", Format(q.P10, q.Unit, e.Scenario.Units, lang), Format(q.P90, q.Unit, e.Scenario.Units, lang), estimator.WholeRunNote().In(lang))
	}
	minfmt.Fprintf(&b, "  %s: %s\n", estimator.Text{EN: "source", JA: "出典"}.In(lang), q.Source.In(lang))
	return b.String(), nil
}
