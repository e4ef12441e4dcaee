package page

import (
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/minfmt"
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
		// A range beside a value is an element of its own (see band).
		put(q.ID, q.Label.EN, strconv.FormatBool(banded(q)))
	}
	s := est.Scenario
	put(s.Name, num(s.Epochs()))
	if s.Team != nil {
		put(num(s.Team.ConcurrentJobs), num(s.Team.Members), num(s.Team.TargetDays))
	}
	if p := s.Project; p != nil {
		put(p.Describe().EN)
	}
	for _, w := range s.Workloads {
		put(w.Name())
	}
	for _, sys := range s.Systems {
		put(sys.Name())
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
// data-quantity="<id>" and data-value="<exact value>". The answer stands
// before the rest's box (class "results", with the Layout): a page puts it
// above its form, where a phone shows it first (ResultsApart).
func Results(est *estimator.Estimate, lang estimator.Lang) string {
	answer, rest := ResultsApart(est, lang)
	return answer + rest
}

// ResultsApart is Results in its two places on the page: the answer, and
// the chain and every quantity. Their values are Cells', the answer's first.
func ResultsApart(est *estimator.Estimate, lang estimator.Lang) (answer, rest string) {
	r := newRender(resultsSheet(est, lang))
	r.answer()
	answer = r.b.String()
	r.b.Reset()
	minfmt.Fprintf(&r.b, `<div class="results" data-layout="%s">`, Layout(est))
	r.chain()
	r.every()
	r.b.WriteString(`</div>`)
	return answer, r.b.String()
}

// Cells is the text of every value Results shows, in the order of its
// data-quantity elements: what a page with the same Layout puts in them
// when a value changes. A quantity may read differently in two places (a
// system count as the article rounds it, say), so the texts go by element,
// not by quantity. It walks the values alone, not the markup: it runs on
// every keystroke, in the module that renders no HTML.
func Cells(est *estimator.Estimate, lang estimator.Lang) []string {
	return resultsSheet(est, lang).texts
}

// sheet is the results as data: which value shows where, and as what text.
// Its walks (answerCells, chainCells, groupCells) are the one place that
// decides the values, their texts and their order, going through the
// results as the page shows them; Cells reads its texts, and the markup
// (render) writes its cells where its rows and groups put them.
// TestSheetTextsAreTheButtons holds the two to one order.
type sheet struct {
	est   *estimator.Estimate
	s     *estimator.Scenario
	lang  estimator.Lang
	texts []string // every value's text, in the order the markup shows them

	// the answer: see answerCells
	a       *present.Answer
	u       *estimator.Uncertainty
	pending estimator.Ask
	buy     *purchaseCells
	pairs   []row

	data   []cell  // the article's data chain
	steps  []steps // each transformer workload from its data to its GPU time
	runs   []row   // one training run per workload and system: GPU time, time on one system
	team   []row   // the systems the team needs, per workload: one cell per system
	money  []cell  // the headline's money, energy and CO2
	groups []group // every quantity, by the group its id starts with
}

// cell is one value of the results: quantity q shown as text, and its
// whole-run range beside it as band where it has one (see band). A cell with
// no quantity (q.ID "") is one the estimate lacks or the markup shows as no
// value; it has no text among the sheet's texts.
type cell struct {
	q    estimator.Quantity
	text string
	band string
}

func (c cell) shown() bool { return c.q.ID != "" }

// row is a table row: its headings (names of a workload, a system) and its values.
type row struct {
	head  []string
	cells []cell
}

// steps is one transformer workload's chain, step by step.
type steps struct {
	name string // the workload's
	list []step
}

// step is one step of a chain: its values (one quantity, or a layout's
// three) and the name of the system it is on, if it is on one. Its formula
// is its first value's.
type step struct {
	cells  []cell
	system string
}

// group is the quantities whose ids start with name, in the estimate's order.
type group struct {
	name  string
	cells []cell
}

func newSheet(est *estimator.Estimate, lang estimator.Lang) *sheet {
	return &sheet{est: est, s: est.Scenario, lang: lang}
}

// resultsSheet walks what Results shows: the answer (without its spread),
// the chain and every quantity.
func resultsSheet(est *estimator.Estimate, lang estimator.Lang) *sheet {
	sh := newSheet(est, lang)
	sh.answerCells(nil)
	sh.chainCells()
	sh.groupCells()
	return sh
}

// show is q's value shown as text: the next value of the page.
func (sh *sheet) show(q estimator.Quantity, text string) cell {
	sh.texts = append(sh.texts, text)
	return cell{q: q, text: text}
}

// value is q's value as the core shows it on its own, with its range.
func (sh *sheet) value(q estimator.Quantity) cell {
	format := func(v float64) string { return present.Format(v, q.Unit, sh.s.Units, sh.lang) }
	return sh.band(sh.show(q, format(q.Value)), format)
}

// point is q's value alone, for a sentence that quotes it: the range stands
// beside the same value in the figures and tables.
func (sh *sheet) point(q estimator.Quantity) cell {
	return sh.show(q, present.Format(q.Value, q.Unit, sh.s.Units, sh.lang))
}

// banded says whether q's whole-run range shows beside its value: where it
// has one that moves it (a count sized to a deadline may not move).
func banded(q estimator.Quantity) bool { return q.HasBand() && q.P10 != q.P90 }

// rangeOf is q's whole-run range, each end written as format writes the
// value, so "(29.71 million–54.33 million)" reads in the value's own
// display (present.Summarize's shape); "" where none shows.
func rangeOf(q estimator.Quantity, format func(float64) string) string {
	if !banded(q) {
		return ""
	}
	return "(" + format(q.P10) + "–" + format(q.P90) + ")"
}

// band is c with its quantity's whole-run range: the next text of the page
// after the value's.
func (sh *sheet) band(c cell, format func(float64) string) cell {
	if c.band = rangeOf(c.q, format); c.band != "" {
		sh.texts = append(sh.texts, c.band)
	}
	return c
}

// column is the one display of a table column's values (ids the estimate
// lacks are left out), so a column reads in one unit: "0.46 years" above
// "0.06 years", not "21 days".
func (sh *sheet) column(ids []string) present.Display {
	var values []float64
	unit := estimator.Unit("")
	for _, id := range ids {
		if q, ok := sh.est.Get(id); ok {
			values, unit = append(values, q.Value), q.Unit
		}
	}
	return present.ChooseColumn(unit, sh.s.Units, values, present.Article)
}

// inColumn is quantity id's value shown in its column's display d; no
// value where the estimate lacks it.
func (sh *sheet) inColumn(id string, d present.Display) cell {
	q, ok := sh.est.Get(id)
	if !ok {
		return cell{}
	}
	return sh.inDisplay(q, d)
}

// inDisplay is q's value and range shown in display d.
func (sh *sheet) inDisplay(q estimator.Quantity, d present.Display) cell {
	format := func(v float64) string { return d.Format(v, sh.lang) }
	return sh.band(sh.show(q, format(q.Value)), format)
}

// values is the values of the quantities ids name, those the estimate has.
func (sh *sheet) values(ids []string) []cell {
	var cells []cell
	for _, id := range ids {
		if q, ok := sh.est.Get(id); ok {
			cells = append(cells, sh.value(q))
		}
	}
	return cells
}

// chainCells is the estimate step by step: the data, one training run on
// each workload and system, the systems for the team and the money.
func (sh *sheet) chainCells() {
	s := sh.s
	sh.data = sh.values(articleChain)
	sh.transformerSteps()
	var gpuIDs, systemIDs []string
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			gpuIDs = append(gpuIDs, "train."+w.ID+".gpu_time."+sys.ID)
			systemIDs = append(systemIDs, "train."+w.ID+".system_time."+sys.ID)
		}
	}
	gpu, one := sh.column(gpuIDs), sh.column(systemIDs)
	for i, w := range s.Workloads {
		for j, sys := range s.Systems {
			k := i*len(s.Systems) + j
			sh.runs = append(sh.runs, row{head: []string{w.Name(), sys.Name()},
				cells: []cell{sh.inColumn(gpuIDs[k], gpu), sh.inColumn(systemIDs[k], one)}})
		}
	}
	columns := make([]present.Display, len(s.Systems))
	for j, sys := range s.Systems {
		var ids []string
		for _, w := range s.Workloads {
			ids = append(ids, "team."+w.ID+".systems."+sys.ID)
		}
		columns[j] = sh.column(ids)
	}
	for _, w := range s.Workloads {
		rw := row{head: []string{w.Name()}}
		for j, sys := range s.Systems {
			rw.cells = append(rw.cells, sh.inColumn("team."+w.ID+".systems."+sys.ID, columns[j]))
		}
		sh.team = append(sh.team, rw)
	}
	sh.money = sh.values(headlineMoney(sh.est))
}

// transformerSteps is each transformer workload's chain, the point of a
// scenario that trains one: the model's parameters (and those active per
// token, for a mixture of experts), the frames kept and the tokens each makes (for
// a fleet's video), the data's tokens, one run's tokens and FLOPs (each
// step's formula reads the one before), then on each system the layout,
// one run's GPU time and a project's GPU-hours (failures included). A step
// the estimate lacks is left out.
func (sh *sheet) transformerSteps() {
	for _, w := range sh.s.Workloads {
		if w.Transformer == nil {
			continue
		}
		st := steps{name: w.Name()}
		// All of a step's quantities or none: each cell a step shows is
		// one of the sheet's texts.
		add := func(system string, ids ...string) {
			for _, id := range ids {
				if _, ok := sh.est.Get(id); !ok {
					return
				}
			}
			st.list = append(st.list, step{cells: sh.values(ids), system: system})
		}
		train := "train." + w.ID + "."
		add("", train+"params")
		// The parameters a token passes through, where experts make them fewer.
		total, _ := sh.est.Get(train + "params")
		if active, _ := sh.est.Get(train + "active_params"); active.Value < total.Value {
			add("", train+"active_params")
		}
		for _, id := range []string{"data.frames", "data.tokens_per_frame", "data.tokens", train + "tokens", train + "flops"} {
			add("", id)
		}
		for _, sys := range sh.s.Systems {
			on, name := "."+sys.ID, sys.Name()
			add(name, train+"tp"+on, train+"pp"+on, train+"dp"+on)
			add(name, train+"gpu_time"+on)
			add(name, "project."+w.ID+".gpu_hours"+on)
		}
		sh.steps = append(sh.steps, st)
	}
}

// groupCells is every quantity, by the group its id starts with, in the
// estimate's order.
func (sh *sheet) groupCells() {
	var order []string
	groups := map[string][]estimator.Quantity{}
	for _, q := range sh.est.Quantities() {
		g, _, _ := strings.Cut(q.ID, ".")
		if _, seen := groups[g]; !seen {
			order = append(order, g)
		}
		groups[g] = append(groups[g], q)
	}
	for _, g := range order {
		gr := group{name: g}
		for _, q := range groups[g] {
			gr.cells = append(gr.cells, sh.value(q))
		}
		sh.groups = append(sh.groups, gr)
	}
}

// render writes a sheet as markup in its language.
type render struct {
	b strings.Builder
	*sheet
	t map[string]string
}

func newRender(sh *sheet) *render {
	return &render{sheet: sh, t: texts(sh.lang)}
}

// button is c's value as a button showing its text, and its range, where
// it has one, as a second button (class "q band") that explains the same
// quantity: a value element of its own, so a page updates it in place.
func (r *render) button(c cell) string {
	out := r.valueButton("q", c.q, c.text)
	if c.band != "" {
		out += " " + r.valueButton("q band", c.q, c.band)
	}
	return out
}

// valueButton is a button of class showing text for q.
func (r *render) valueButton(class string, q estimator.Quantity, text string) string {
	return minfmt.Sprintf(`<button type="button" class="%s" data-quantity="%s" data-value="%s" data-unit="%s" aria-label="%s">%s</button>`,
		class, esc(q.ID), strconv.FormatFloat(q.Value, 'g', -1, 64), esc(string(q.Unit)), esc(q.Label.In(r.lang)+": "+text), esc(text))
}

// wholeRunNote writes the sentence that says what the ranges are, once
// for a block of the results, if any of cells shows one.
func (r *render) wholeRunNote(cells ...[]cell) {
	for _, cs := range cells {
		for _, c := range cs {
			if c.band != "" {
				minfmt.Fprintf(&r.b, `<p class="note whole-run">%s</p>`, esc(estimator.WholeRunNote().In(r.lang)))
				return
			}
		}
	}
}

// td is c as a table cell: "-" where the estimate lacks the quantity.
func (r *render) td(c cell) string {
	if !c.shown() {
		return `<td>-</td>`
	}
	return `<td>` + r.button(c) + `</td>`
}

// chain writes the estimate step by step: the data, one training run on
// each system, the systems for the team and the money; the article's
// figures, when the scenario is the article's.
func (r *render) chain() {
	s, t, b := r.s, r.t, &r.b
	heading := t["results.chain"]
	if isArticle(s) {
		heading = t["results.article"]
	}
	b.WriteString(`<section class="article" aria-labelledby="h-article"><h2 id="h-article">` + esc(heading) + `</h2>`)
	shown := [][]cell{r.data, r.money}
	for _, st := range r.steps {
		for _, s := range st.list {
			shown = append(shown, s.cells)
		}
	}
	for _, rw := range append(r.runs, r.team...) {
		shown = append(shown, rw.cells)
	}
	r.wholeRunNote(shown...)
	r.figures(r.data)
	r.transformerSteps()
	minfmt.Fprintf(b, `<table><caption>%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
		esc(r.timeCaption()), esc(t["col.network"]), esc(t["col.system"]), esc(t["col.gpu"]), esc(t["col.onesystem"]))
	for _, rw := range r.runs {
		minfmt.Fprintf(b, `<tr><th scope="row">%s</th><td>%s</td>%s%s</tr>`, esc(rw.head[0]), esc(rw.head[1]), r.td(rw.cells[0]), r.td(rw.cells[1]))
	}
	b.WriteString(`</tbody></table>`)
	minfmt.Fprintf(b, `<table><caption>%s</caption><thead><tr><th scope="col">%s</th>`, esc(r.teamCaption()), esc(t["col.network"]))
	for _, sys := range s.Systems {
		minfmt.Fprintf(b, `<th scope="col">%s</th>`, esc(sys.Name()))
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, rw := range r.team {
		minfmt.Fprintf(b, `<tr><th scope="row">%s</th>`, esc(rw.head[0]))
		for _, c := range rw.cells {
			b.WriteString(r.td(c))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	r.figures(r.money)
	b.WriteString(`</section>`)
}

// transformerSteps writes each transformer workload's chain as a numbered
// list: each step's label, its value and the formula it comes from.
func (r *render) transformerSteps() {
	b := &r.b
	for _, st := range r.steps {
		minfmt.Fprintf(b, `<h3>%s</h3><ol class="steps">`, esc(minfmt.Sprintf(r.t["steps.title"], st.name)))
		for _, s := range st.list {
			first := s.cells[0]
			if len(s.cells) == 1 {
				minfmt.Fprintf(b, `<li><span class="step">%s</span> %s`, esc(first.q.Label.In(r.lang)), r.button(first))
			} else {
				minfmt.Fprintf(b, `<li><span class="step">%s</span> <span class="parallelism">TP %s × PP %s × DP %s</span>`,
					esc(minfmt.Sprintf(r.t["steps.layout"], s.system)), r.button(first), r.button(s.cells[1]), r.button(s.cells[2]))
			}
			minfmt.Fprintf(b, ` <code class="formula">%s</code></li>`, esc(first.q.Formula))
		}
		b.WriteString(`</ol>`)
	}
}

// figures writes cells as a list of label and value.
func (r *render) figures(cells []cell) {
	if len(cells) == 0 {
		return
	}
	r.b.WriteString(`<dl class="headline">`)
	for _, c := range cells {
		minfmt.Fprintf(&r.b, `<div><dt>%s</dt><dd>%s</dd></div>`, esc(c.q.Label.In(r.lang)), r.button(c))
	}
	r.b.WriteString(`</dl>`)
}

// timeCaption names the table of one run's time, with the epochs where the
// scenario reads data.
func (r *render) timeCaption() string {
	if r.s.Training == nil {
		return r.t["results.time.tokens"]
	}
	return minfmt.Sprintf(r.t["results.time"], r.s.Training.EpochsWords().In(r.lang))
}

// teamCaption names the team table with the inputs it follows: how many of
// how many members submit at once, and the target. A team of one is said so,
// not "1 of 1 members".
func (r *render) teamCaption() string {
	if p := r.s.Project; p != nil {
		return minfmt.Sprintf(r.t["results.project"], p.Describe().In(r.lang))
	}
	team := r.s.Team
	if team.Members == 1 {
		return minfmt.Sprintf(r.t["results.team.one"], num(team.TargetDays))
	}
	return minfmt.Sprintf(r.t["results.team"], num(team.ConcurrentJobs), num(team.Members), num(team.TargetDays))
}

// every writes every quantity, by group.
func (r *render) every() {
	t, b := r.t, &r.b
	minfmt.Fprintf(b, `<section class="all" aria-labelledby="h-all"><h2 id="h-all">%s</h2>`, esc(t["results.all"]))
	var shown [][]cell
	for _, g := range r.groups {
		shown = append(shown, g.cells)
	}
	r.wholeRunNote(shown...)
	for _, g := range r.groups {
		title := t["qgroup."+g.name]
		if title == "" {
			title = g.name
		}
		minfmt.Fprintf(b, `<details class="qgroup" data-group="%s"><summary>%s <span class="count">(%d)</span></summary><table><thead><tr><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
			esc(g.name), esc(title), len(g.cells), esc(t["col.quantity"]), esc(t["col.value"]))
		for _, c := range g.cells {
			minfmt.Fprintf(b, `<tr><th scope="row">%s <code>%s</code></th><td>%s</td></tr>`, esc(c.q.Label.In(r.lang)), esc(c.q.ID), r.button(c))
		}
		b.WriteString(`</tbody></table></details>`)
	}
	b.WriteString(`</section>`)
}

// isArticle reports whether s is the article's own scenario (by its name,
// examples.IsArticle), whose chain the article prints.
func isArticle(s *estimator.Scenario) bool { return examples.IsArticle(s.Name) }
