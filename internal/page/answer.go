package page

import (
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/internal/minfmt"
)

// articleCount shows a system count as the article's tables print it: to
// the nearest whole system (the estimator's summary rounds the same way),
// beside the count to buy, which is rounded up.
var articleCount = present.Display{Unit: estimator.Count, Per: 1}

// Answer renders the answer the results open with (present.AnswerFor), u
// the uncertainty of the same scenario or nil: with it, each figure has its
// P10, P50 and P90 beside it and the page says where the point estimate
// falls. Its data-quantity elements are those Results' answer has, in the
// same order, so a page can put it in place of that one.
func Answer(est *estimator.Estimate, u *estimator.Uncertainty, lang estimator.Lang) string {
	sh := newSheet(est, lang)
	sh.answerCells(u)
	r := newRender(sh)
	r.answer()
	return r.b.String()
}

// purchaseCells is the values of an answer with money: the count to buy,
// the count before rounding up and as the article rounds it, the capital
// expense, the total cost and the time per run.
type purchaseCells struct {
	toBuy            cell // none where the sentence shows the asked percentile instead
	basis            cell // the count to buy again, where a sentence says what the scenario asks for
	systems, rounded cell
	capex, tco, time cell
}

// answerCells walks the answer's values, u the uncertainty or nil: with
// money, the purchase's (buy); without, a row per workload and system
// (pairs): the systems to buy, the count before rounding up, the time per
// run.
func (sh *sheet) answerCells(u *estimator.Uncertainty) {
	sh.u = u
	sh.a, sh.pending = answerFor(sh.est, u)
	a := sh.a
	if buy := a.Buy; buy != nil {
		p := &purchaseCells{}
		// Either way the sentences hold the count to buy once, as a value: the
		// answer with the spread has the same value elements as the one before.
		if a.Ask == estimator.AskPoint || buy.ToBuy.Spread == nil {
			p.toBuy = sh.point(buy.ToBuy.Quantity)
		}
		if sh.pending == "" && a.Ask != estimator.AskPoint {
			p.basis = sh.point(buy.ToBuy.Quantity)
		}
		sys := buy.Systems.Quantity
		if !sh.s.IsProject() { // a project's job is whole GPUs: nothing rounded, the article's rounding moot
			p.systems, p.rounded = sh.point(sys), sh.show(sys, sh.articleRounding(sys))
		}
		p.capex, p.tco, p.time = sh.value(a.Capex.Quantity), sh.value(a.TCO.Quantity), sh.value(buy.Time.Quantity)
		sh.buy = p
		return
	}
	// One display per column, so 0.0016 systems does not read "0" under 0.06.
	var systems, times []string
	for _, p := range a.Each {
		systems, times = append(systems, p.Systems.Quantity.ID), append(times, p.Time.Quantity.ID)
	}
	ds, dt := sh.column(systems), sh.column(times)
	for _, p := range a.Each {
		sys, time := p.Systems.Quantity, p.Time.Quantity
		sh.pairs = append(sh.pairs, row{head: []string{p.WorkloadName, p.SystemName}, cells: []cell{sh.value(p.ToBuy.Quantity),
			sh.inDisplay(sys, ds), sh.inDisplay(time, dt)}})
	}
}

// articleRounding is a system count as the article prints it; below one
// system it keeps its decimals, as the article's tables do.
func (sh *sheet) articleRounding(q estimator.Quantity) string {
	if q.Value < 1 {
		return present.Format(q.Value, q.Unit, sh.s.Units, sh.lang)
	}
	return articleCount.Format(q.Value, sh.lang)
}

// answer writes the answer section: what to buy (or, for a scenario that
// prices nothing, what each workload needs on each system), what it costs
// and how long a run takes; with the uncertainty, each figure's P10, P50
// and P90 and where the point estimate falls.
func (r *render) answer() {
	a, t, b := r.a, r.t, &r.b
	minfmt.Fprintf(b, `<section class="answer" data-role="answer" aria-labelledby="h-answer"><h2 id="h-answer">%s</h2>`, esc(t["answer"]))
	if p := r.buy; p != nil {
		if r.s.Plan != nil {
			// The scenario asks the planner: its choice leads (the tools
			// module fills it in, Lead), the scenario's own purchase below
			// it one of the options the planner compared.
			minfmt.Fprintf(b, `<div class="plan-lead" data-role="plan-lead"><p class="note">%s</p></div><h3 class="own">%s</h3>`,
				esc(t["answer.plan.wait"]), esc(t["answer.own"]))
		}
		r.purchase()
		r.wholeRunNote([]cell{p.capex, p.tco, p.time})
	} else {
		r.each()
		var shown [][]cell
		for _, rw := range r.pairs {
			shown = append(shown, rw.cells)
		}
		r.wholeRunNote(shown...)
	}
	switch {
	case !a.Ranged:
		minfmt.Fprintf(b, `<p class="spread-note">%s</p>`, esc(t["answer.exact"]))
	case r.u == nil:
		minfmt.Fprintf(b, `<p class="spread-note" data-role="spread-wait">%s</p>`, esc(t["answer.wait"]))
	default:
		r.spread(a)
	}
	b.WriteString(`</section>`)
}

// answerFor is the scenario's answer. A scenario that asks for a percentile
// has none before its uncertainty is known: the page answers with the point
// estimate meanwhile, and pending is the ask still to come ("" when none).
func answerFor(est *estimator.Estimate, u *estimator.Uncertainty) (a *present.Answer, pending estimator.Ask) {
	a, err := present.AnswerFor(est, u)
	if err == nil || est.Scenario.Money == nil || est.Scenario.Money.Ask == nil {
		return a, ""
	}
	// The same estimate, asking for the point: the figures are the
	// estimate's own, only the ask differs.
	point := *est
	s := *est.Scenario
	m := *s.Money
	m.Ask = nil
	s.Money, point.Scenario = &m, &s
	a, _ = present.AnswerFor(&point, nil)
	return a, *est.Scenario.Money.Ask
}

// purchase writes the answer of a scenario with money: buy N systems for
// a workload, the count before rounding up beside it, then the capital
// expense, the total cost and the time per run.
func (r *render) purchase() {
	t, b, buy, p := r.t, &r.b, r.a.Buy, r.buy
	asked := `<span class="asked">` + esc(r.format(buy.ToBuy.Asked, buy.ToBuy.Unit)) + `</span>`
	if p.toBuy.shown() {
		asked = r.button(p.toBuy)
	}
	writeAsk(b, t, r.a, asked)
	switch {
	case r.pending != "":
		minfmt.Fprintf(b, `<p class="ask-basis">%s</p>`, esc(minfmt.Sprintf(t["answer.asks.wait"], r.pending.Words().In(r.lang))))
	case p.basis.shown():
		minfmt.Fprintf(b, `<p class="ask-basis">%s</p>`, minfmt.Sprintf(esc(t["answer.asks"]), esc(r.a.Ask.Words().In(r.lang)), r.button(p.basis)))
	}
	if p.systems.shown() {
		minfmt.Fprintf(b, `<p class="rounding">%s</p>`, minfmt.Sprintf(esc(t["answer.rounding"]), r.button(p.systems), r.button(p.rounded)))
	}
	b.WriteString(`<dl class="headline">`)
	for _, f := range []struct {
		label string
		c     cell
	}{{t["answer.capex"], p.capex}, {r.a.TotalCaption(r.s).In(r.lang), p.tco}, {buy.Time.Label.In(r.lang), p.time}} {
		minfmt.Fprintf(b, `<div><dt>%s</dt><dd>%s</dd></div>`, esc(f.label), r.button(f.c))
	}
	b.WriteString(`</dl>`)
}

// each writes the answer of a scenario without money: the systems each
// workload needs on each system, rounded up and before, and the time per run.
func (r *render) each() {
	t, b := r.t, &r.b
	minfmt.Fprintf(b, `<p class="ask">%s</p>`, esc(t["answer.each"]))
	minfmt.Fprintf(b, `<table class="each"><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
		esc(t["col.network"]), esc(t["col.system"]), esc(t["answer.tobuy"]), esc(t["answer.before"]), esc(t["answer.time"]))
	for _, rw := range r.pairs {
		minfmt.Fprintf(b, `<tr><th scope="row">%s</th><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>`, esc(rw.head[0]), esc(rw.head[1]),
			r.button(rw.cells[0]), r.button(rw.cells[1]), r.button(rw.cells[2]))
	}
	b.WriteString(`</tbody></table>`)
}

// spread sets the point estimates beside their P10, P50 and P90, the asked
// column marked, and says where the point falls and what the scenario asks
// for. Its figures are not the estimate's quantities: a page hides it when a
// value changes, until the new uncertainty arrives (data-role="spread").
func (r *render) spread(a *present.Answer) {
	t, b := r.t, &r.b
	type row struct {
		label string
		f     present.Figure
	}
	var rows []row
	if buy := a.Buy; buy != nil {
		rows = []row{{t["answer.tobuy"], buy.ToBuy}, {t["answer.before"], buy.Systems},
			{a.TotalCaption(r.s).In(r.lang), *a.TCO}}
	} else {
		for _, p := range a.Each {
			rows = append(rows, row{minfmt.Sprintf(t["answer.pair"], p.WorkloadName, p.SystemName), p.ToBuy})
		}
	}
	cols := []struct {
		ask  estimator.Ask // the ask the column is; "" for P10, which none takes
		head string
	}{{estimator.AskPoint, t["answer.point"]}, {"", "P10"}, {estimator.AskP50, "P50"}, {estimator.AskP90, "P90"}}
	// Named by a paragraph, not a caption: the captions are the chain's tables'.
	minfmt.Fprintf(b, `<div class="spread" data-role="spread"><p id="h-spread">%s</p><table aria-labelledby="h-spread"><thead><tr><td></td>`, esc(t["answer.spread"]))
	for _, c := range cols {
		head := c.head
		if c.ask == a.Ask && a.Buy != nil {
			head = minfmt.Sprintf(t["answer.asked"], head)
		}
		minfmt.Fprintf(b, `<th scope="col">%s</th>`, esc(head))
	}
	// Without a purchase the pairs may fall differently: each row says where.
	perRow := a.Buy == nil
	if perRow {
		minfmt.Fprintf(b, `<th scope="col">%s</th>`, esc(t["answer.falls.col"]))
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, rw := range rows {
		sp := rw.f.Spread
		if sp == nil {
			continue
		}
		// A row reads in one display: 0.46 years beside 1.12 years, not 21 days.
		d := present.ChooseColumn(rw.f.Unit, r.s.Units, []float64{rw.f.Value, sp.P10, sp.P50, sp.P90}, present.Article)
		minfmt.Fprintf(b, `<tr><th scope="row">%s</th><td>%s</td><td>%s</td><td>%s</td><td>%s</td>`, esc(rw.label),
			esc(d.Format(rw.f.Value, r.lang)), esc(d.Format(sp.P10, r.lang)), esc(d.Format(sp.P50, r.lang)), esc(d.Format(sp.P90, r.lang)))
		if perRow {
			minfmt.Fprintf(b, `<td>%s</td>`, esc(rw.f.Falls.Words().In(r.lang)))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	if buy := a.Buy; buy != nil {
		minfmt.Fprintf(b, `<p class="falls">%s</p>`, esc(a.FallsText().In(r.lang)))
		minfmt.Fprintf(b, `<p class="which">%s</p>`, esc(minfmt.Sprintf(t["answer.which"], a.Ask.Words().In(r.lang))))
	}
	b.WriteString(`</div>`)
}

// format shows a value of the answer's spread, which is no quantity of the
// estimate, as the core shows one.
func (r *render) format(v float64, u estimator.Unit) string {
	return present.Format(v, u, r.s.Units, r.lang)
}

// Lead renders the planner's choice for a scenario with a plan section (est
// nil: it chose none, and why says why, or that it refused): the
// chosen plan's answer (est is the plan's scenario, planner.ScenarioFor),
// what it costs and how long a run takes, why the planner chose it, and a
// button that loads it. Its figures are text, not the page's live values:
// they are the plan's, which the page's own estimate does not hold.
func Lead(est *estimator.Estimate, why, option, label string, sizedForDays float64, lang estimator.Lang) (string, error) {
	if est == nil { // the planner chose nothing: why stands alone
		return `<p class="note">` + esc(why) + `</p>`, nil
	}
	a, err := present.AnswerFor(est, nil)
	if err != nil {
		return "", err
	}
	if a.Buy == nil {
		return "", minfmt.Errorf("page: the plan's scenario has no purchase")
	}
	t, s := texts(lang), est.Scenario
	format := func(f present.Figure) func(float64) string {
		return func(v float64) string { return present.Format(v, f.Unit, s.Units, lang) }
	}
	show := func(f present.Figure) string { return esc(format(f)(f.Value)) }
	// The figures with their ranges; the sentence saying what they are is
	// the answer's own, below, whose figures have them too.
	ranged := func(f present.Figure) string {
		if band := rangeOf(f.Quantity, format(f)); band != "" {
			return show(f) + ` <span class="band">` + esc(band) + `</span>`
		}
		return show(f)
	}
	var b strings.Builder
	writeAsk(&b, t, a, show(a.Buy.ToBuy))
	b.WriteString(`<dl class="headline">`)
	for _, f := range []struct {
		label string
		f     present.Figure
	}{{t["answer.capex"], *a.Capex}, {a.TotalCaption(s).In(lang), *a.TCO}, {a.Buy.Time.Label.In(lang), a.Buy.Time}} {
		minfmt.Fprintf(&b, `<div><dt>%s</dt><dd>%s</dd></div>`, esc(f.label), ranged(f.f))
	}
	b.WriteString(`</dl>`)
	minfmt.Fprintf(&b, `<p class="note">%s</p>`, esc(why))
	minfmt.Fprintf(&b, `<button type="button" data-action="plan-lead-load" data-option="%s" data-label="%s" data-days="%s">%s</button>`,
		esc(option), esc(label), strconv.FormatFloat(sizedForDays, 'g', -1, 64), esc(t["answer.plan.load"]))
	return b.String(), nil
}

// writeAsk writes an answer's sentence: rent or buy count (HTML, as shown)
// of the system for the workload.
func writeAsk(b *strings.Builder, t map[string]string, a *present.Answer, count string) {
	count = `<strong>` + count + `</strong>`
	if rent := a.Rent; rent != nil {
		minfmt.Fprintf(b, `<p class="ask">%s</p>`, minfmt.Sprintf(esc(t["answer.rent"]), count, esc(rent.Instance), esc(rent.Provider), esc(rent.Term), esc(a.Buy.WorkloadName)))
		return
	}
	minfmt.Fprintf(b, `<p class="ask">%s</p>`, minfmt.Sprintf(esc(t["answer.buy"]), count, esc(a.Buy.SystemName), esc(a.Buy.WorkloadName)))
}
