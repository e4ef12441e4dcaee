package page

import (
	"hash/fnv"
	"strconv"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/minfmt"
	"github.com/trainscale/trainscale/examples"
)

// articleChain is the data chain the article prints step by step, which the
// results open with as the article does; the money that closes the section is
// the estimator's headline (estimator.Headline), not a list of the page's own.
var articleChain = []string{"data.per_car_hour", "data.raw", "data.reduction", "data.processed"}

// headlineMoney is the headline's money, energy and CO2 totals: the rest of
// the headline (data, run times, systems) the section's tables already show.
func headlineMoney(est *estimator.Estimate) []string {
	var ids []string
	for _, id := range estimator.Headline(est) {
		if g, _, _ := strings.Cut(id, "."); g == "cost" || g == "energy" || g == "co2" {
			ids = append(ids, id)
		}
	}
	return ids
}

// Layout fingerprints what the rendered results show besides the values:
// the quantities' ids and labels, in order, and the inputs the captions,
// row headings and the answer quote (epochs, team, names, what money buys
// and asks for). While it stays the same, a page updates the values in place
// (Cells); when it changes, the page renders again, so no heading goes stale.
func Layout(est *estimator.Estimate) string {
	h := fnv.New64a()
	put := func(parts ...string) {
		for _, p := range parts {
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
	}
	for _, q := range est.Quantities() {
		put(q.ID, q.Label)
	}
	s := est.Scenario
	put(s.Name, num(s.Training.Epochs), num(s.Team.ConcurrentJobs), num(s.Team.Members), num(s.Team.TargetDays))
	for _, w := range s.Workloads {
		put(nameOr(w.Label, w.ID))
	}
	for _, sys := range s.Systems {
		put(nameOr(sys.Label, sys.ID))
	}
	if m := s.Money; m != nil {
		put(m.Workload, m.System, num(m.DepreciationYears))
		if m.Ask != nil {
			put(string(*m.Ask))
		}
	}
	return strconv.FormatUint(h.Sum64(), 36)
}

// Results renders the estimate: the answer first (what to buy, what it
// costs, how long a run takes), then the chain that leads to it (the
// article's figures, for the article's scenario), then every quantity by
// group. Each value is a button (it opens the explanation) that carries
// data-quantity="<id>" and data-value="<exact value>".
func Results(est *estimator.Estimate, lang string) string {
	r := newRender(est, lang)
	r.results()
	return r.b.String()
}

// Cells is the text of every value Results shows, in the order of its
// data-quantity elements: what a page with the same Layout puts in them
// when a value changes. A quantity may read differently in two places (a
// system count as the article rounds it, say), so the texts go by element,
// not by quantity.
func Cells(est *estimator.Estimate, lang string) []string {
	r := newRender(est, lang)
	r.textOnly = true
	r.results()
	return r.cells
}

// Answer renders the answer the results open with (estimator.AnswerFor), u
// the uncertainty of the same scenario or nil: with it, each figure has its
// P10, P50 and P90 beside it and the page says where the point estimate
// falls. Its data-quantity elements are those Results' answer has, in the
// same order, so a page can put it in place of that one.
func Answer(est *estimator.Estimate, u *estimator.Uncertainty, lang string) string {
	r := newRender(est, lang)
	r.answer(u)
	return r.b.String()
}

// render writes the results of one estimate in one language, and keeps the
// text of every value it writes (Cells).
type render struct {
	b     strings.Builder
	est   *estimator.Estimate
	s     *estimator.Scenario
	lang  string
	t     map[string]string
	cells []string
	// textOnly keeps the cells and skips the long markup (every quantity's
	// row): Cells runs on every keystroke.
	textOnly bool
}

func newRender(est *estimator.Estimate, lang string) *render {
	return &render{est: est, s: est.Scenario, lang: lang, t: texts(lang)}
}

func (r *render) results() {
	if !r.textOnly {
		minfmt.Fprintf(&r.b, `<div class="results" data-layout="%s">`, Layout(r.est))
	}
	r.answer(nil)
	r.chain()
	r.every()
	r.b.WriteString(`</div>`)
}

// value writes q's value as a button showing text.
func (r *render) valueAs(q estimator.Quantity, text string) string {
	r.cells = append(r.cells, text)
	if r.textOnly {
		return ""
	}
	return minfmt.Sprintf(`<button type="button" class="q" data-quantity="%s" data-value="%s" data-unit="%s" aria-label="%s">%s</button>`,
		esc(q.ID), strconv.FormatFloat(q.Value, 'g', -1, 64), esc(string(q.Unit)), esc(q.LabelIn(r.lang)+": "+text), esc(text))
}

// value writes q's value as the core shows it on its own.
func (r *render) value(q estimator.Quantity) string {
	return r.valueAs(q, estimator.FormatIn(q.Value, q.Unit, r.s.Units, r.lang))
}

// column is the one display of a table column's values (ids the estimate
// lacks are left out), so a column reads in one unit: "0.46 years" above
// "0.06 years", not "21 days".
func (r *render) column(ids []string) estimator.Display {
	var values []float64
	unit := estimator.Unit("")
	for _, id := range ids {
		if q, ok := r.est.Get(id); ok {
			values, unit = append(values, q.Value), q.Unit
		}
	}
	return estimator.ChooseColumn(unit, r.s.Units, values, estimator.Article)
}

// cell is the table cell of quantity id, shown in its column's display d.
func (r *render) cell(id string, d estimator.Display) string {
	q, ok := r.est.Get(id)
	if !ok {
		return `<td>-</td>`
	}
	return `<td>` + r.valueAs(q, d.FormatIn(q.Value, r.lang)) + `</td>`
}

// chain is the estimate step by step: the data, one training run on each
// system, the systems for the team and the money; the article's figures,
// when the scenario is the article's.
func (r *render) chain() {
	s, t, b := r.s, r.t, &r.b
	heading := t["results.chain"]
	if isArticle(s) {
		heading = t["results.article"]
	}
	b.WriteString(`<section class="article" aria-labelledby="h-article"><h2 id="h-article">` + esc(heading) + `</h2>`)
	r.figures(articleChain)

	// One training run per workload and system, then the systems the team needs.
	minfmt.Fprintf(b, `<table><caption>%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
		esc(minfmt.Sprintf(t["results.time"], num(s.Training.Epochs))), esc(t["col.network"]), esc(t["col.system"]), esc(t["col.gpu"]), esc(t["col.onesystem"]))
	var gpuIDs, systemIDs []string
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			gpuIDs = append(gpuIDs, "train."+w.ID+".gpu_time."+sys.ID)
			systemIDs = append(systemIDs, "train."+w.ID+".system_time."+sys.ID)
		}
	}
	gpu, one := r.column(gpuIDs), r.column(systemIDs)
	for i, w := range s.Workloads {
		for j, sys := range s.Systems {
			k := i*len(s.Systems) + j
			minfmt.Fprintf(b, `<tr><th scope="row">%s</th><td>%s</td>%s%s</tr>`, esc(nameOr(w.Label, w.ID)), esc(nameOr(sys.Label, sys.ID)),
				r.cell(gpuIDs[k], gpu), r.cell(systemIDs[k], one))
		}
	}
	b.WriteString(`</tbody></table>`)
	minfmt.Fprintf(b, `<table><caption>%s</caption><thead><tr><th scope="col">%s</th>`, esc(r.teamCaption()), esc(t["col.network"]))
	for _, sys := range s.Systems {
		minfmt.Fprintf(b, `<th scope="col">%s</th>`, esc(nameOr(sys.Label, sys.ID)))
	}
	b.WriteString(`</tr></thead><tbody>`)
	columns := make([]estimator.Display, len(s.Systems))
	for j, sys := range s.Systems {
		var ids []string
		for _, w := range s.Workloads {
			ids = append(ids, "team."+w.ID+".systems."+sys.ID)
		}
		columns[j] = r.column(ids)
	}
	for _, w := range s.Workloads {
		minfmt.Fprintf(b, `<tr><th scope="row">%s</th>`, esc(nameOr(w.Label, w.ID)))
		for j, sys := range s.Systems {
			b.WriteString(r.cell("team."+w.ID+".systems."+sys.ID, columns[j]))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	r.figures(headlineMoney(r.est))
	b.WriteString(`</section>`)
}

// figures writes the quantities ids name, those the estimate has, as a
// list of label and value.
func (r *render) figures(ids []string) {
	var qs []estimator.Quantity
	for _, id := range ids {
		if q, ok := r.est.Get(id); ok {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		return
	}
	r.b.WriteString(`<dl class="headline">`)
	for _, q := range qs {
		minfmt.Fprintf(&r.b, `<div><dt>%s</dt><dd>%s</dd></div>`, esc(q.LabelIn(r.lang)), r.value(q))
	}
	r.b.WriteString(`</dl>`)
}

// teamCaption names the team table with the inputs it follows: how many of
// how many members submit at once, and the target. A team of one is said so,
// not "1 of 1 members".
func (r *render) teamCaption() string {
	team := r.s.Team
	if team.Members == 1 {
		return minfmt.Sprintf(r.t["results.team.one"], num(team.TargetDays))
	}
	return minfmt.Sprintf(r.t["results.team"], num(team.ConcurrentJobs), num(team.Members), num(team.TargetDays))
}

// every is every quantity, by the group its id starts with, in the
// estimate's order.
func (r *render) every() {
	t, b := r.t, &r.b
	minfmt.Fprintf(b, `<section class="all" aria-labelledby="h-all"><h2 id="h-all">%s</h2>`, esc(t["results.all"]))
	var order []string
	groups := map[string][]estimator.Quantity{}
	for _, q := range r.est.Quantities() {
		g, _, _ := strings.Cut(q.ID, ".")
		if _, seen := groups[g]; !seen {
			order = append(order, g)
		}
		groups[g] = append(groups[g], q)
	}
	for _, g := range order {
		if r.textOnly {
			for _, q := range groups[g] {
				r.value(q)
			}
			continue
		}
		title := t["qgroup."+g]
		if title == "" {
			title = g
		}
		minfmt.Fprintf(b, `<details class="qgroup" data-group="%s"><summary>%s <span class="count">(%d)</span></summary><table><thead><tr><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
			esc(g), esc(title), len(groups[g]), esc(t["col.quantity"]), esc(t["col.value"]))
		for _, q := range groups[g] {
			minfmt.Fprintf(b, `<tr><th scope="row">%s <code>%s</code></th><td>%s</td></tr>`, esc(q.LabelIn(r.lang)), esc(q.ID), r.value(q))
		}
		b.WriteString(`</tbody></table></details>`)
	}
	b.WriteString(`</section>`)
}

// isArticle reports whether s is the article's own scenario (by its name,
// which the built-in article sets), whose chain the article prints.
func isArticle(s *estimator.Scenario) bool {
	return s.Name == articleName()
}

// articleName is the built-in article scenario's name, read once.
var articleName = sync.OnceValue(func() string {
	for _, p := range Presets() {
		if p.Name == examples.Default {
			return p.Title
		}
	}
	return ""
})

func nameOr(label, id string) string {
	if label != "" {
		return label
	}
	return id
}
