// Package report holds what every report adapter draws from: the estimate and,
// when asked for, its uncertainty, its sensitivity and the scenarios it is
// compared with. The adapters below it (xlsx, html, pdf) each own one outside
// library; none of them computes a number.
package report

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/planner"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/chart"
)

// Bundle is one report's content.
type Bundle struct {
	Estimate    *estimator.Estimate
	Uncertainty *estimator.Uncertainty // nil: no uncertainty section
	Sensitivity *estimator.Sensitivity // nil: no tornado
	Comparison  *present.Comparison    // nil: no scenarios side by side
	Charts      []chart.Spec
	// Plan is what to buy or rent, when the scenario has a money section
	// (nil otherwise, or when the planner refused it: PlanNote says why).
	// Frontier is its chart of total cost against time per run.
	Plan     *planner.Result
	PlanNote string
	Frontier *chart.Spec
	// Forward is the scenario's own estimate when the report leads with
	// the planner's choice (the scenario has a plan section): Estimate is
	// then the chosen plan's. Nil otherwise.
	Forward *estimator.Estimate
	// Accuracy is the published figures against the models as this
	// scenario's factors run them (tool.Accuracy): every report's "How
	// accurate is this?" appendix.
	Accuracy *tool.AccuracyReport
	// AccuracyKind is the kind of figure Accuracy keeps, the kind of
	// training the scenario does (tool.KindCNN or tool.KindTransformer);
	// "" for every figure, when it does both.
	AccuracyKind string
	// Fit is the user's own measurements before and after the fit that gave
	// the scenario's factors (tool.FitAccuracy); nil unless Options.Measurements.
	Fit  *tool.FitReport
	Lang estimator.Lang // "en" or "ja"
	Date string         // printed on the report, YYYY-MM-DD; fixed by the caller so output is reproducible
}

// Table1 names the article's Table 1 cases, which a report of the article
// is compared with unless told otherwise (DefaultCompare).
var Table1 = []string{"article-2017", "realistic-2017", "modern-2026"}

// DefaultCompare names the scenarios a report of s is compared with unless
// told otherwise: Table 1 for the article (examples.IsArticle: built in,
// edited or copied), none for any other scenario, whose question Table 1
// does not ask. The CLI's report commands and the page's exports both
// default to it, so a report reads the same from either.
func DefaultCompare(s *estimator.Scenario) []string {
	if examples.IsArticle(s.Name) {
		return Table1
	}
	return nil
}

// DefaultSamples is the Monte Carlo sample count of a report's uncertainty
// section unless told otherwise, on every surface.
const DefaultSamples = 20_000

// Options says what a report holds beyond the estimate.
type Options struct {
	Samples  int      // Monte Carlo samples for the uncertainty section; 0 leaves it out
	Seed     uint64   // its seed
	Compared []string // names of the scenarios in Compare, in order
	Compare  []*estimator.Estimate
	Lang     estimator.Lang
	Date     string
	// ChartsOnly leaves out what only a report shows (the plan and the
	// accuracy appendix): the page builds a bundle for its charts on every change.
	ChartsOnly bool
	PlanOnly   bool // the plan alone, no ranges, appendix or charts: the page's Plan button
	// Measurements are the user's own throughputs the scenario's factors
	// were fitted to (calibrate --measurements); nil leaves Fit out.
	Measurements []hardware.Measurement
}

// Build runs what the report shows besides the estimate: uncertainty and
// sensitivity when the scenario has ranged inputs, and the comparison when
// other scenarios are given (the estimate itself comes first).
//
// Options out of bounds are an error whichever surface passed them: every
// surface checks its own flags or fields, and this is the backstop.
func Build(est *estimator.Estimate, opt Options) (*Bundle, error) {
	b := &Bundle{Estimate: est, Lang: opt.Lang, Date: opt.Date}
	if b.Lang == "" {
		b.Lang = "en"
	}
	if b.Lang != "en" && b.Lang != "ja" {
		return nil, &estimator.FieldError{Path: "lang", Rule: estimator.Text{EN: "must be en or ja", JA: "en か ja にしてください"}, Got: strconv.Quote(string(b.Lang))}
	}
	if opt.Samples < 0 || opt.Samples > estimator.MaxSamples {
		return nil, &estimator.FieldError{Path: "samples", Rule: estimator.Text{EN: "must be between 0 and " + strconv.Itoa(estimator.MaxSamples), JA: "0 以上 " + strconv.Itoa(estimator.MaxSamples) + " 以下にしてください"}, Got: opt.Samples}
	}
	if opt.PlanOnly {
		b.plan()
		return b, nil
	}
	if !opt.ChartsOnly {
		b.plan()
		if err := b.lead(); err != nil {
			return nil, err
		}
		est = b.Estimate
	}
	s := est.Scenario
	if len(estimator.RangesOf(s)) > 0 && opt.Samples > 0 {
		u, err := estimator.RunUncertainty(s, opt.Samples, opt.Seed, 0)
		if err != nil {
			return nil, err
		}
		sens, err := estimator.RunSensitivity(s, "")
		if err != nil {
			return nil, err
		}
		b.Uncertainty, b.Sensitivity = u, sens
	}
	if len(opt.Compare) > 0 {
		name := s.Name
		if name == "" {
			name = "this scenario"
		}
		c := present.Compare(append([]string{name}, opt.Compared...), append([]*estimator.Estimate{est}, opt.Compare...))
		b.Comparison = &c
	}
	if !opt.ChartsOnly {
		if err := b.accuracy(opt.Measurements); err != nil {
			return nil, err
		}
	}
	charts, err := chart.Build(est, b.Uncertainty, b.Sensitivity, b.Lang)
	if err != nil {
		return nil, err
	}
	b.Charts = charts
	return b, nil
}

// lead makes the planner's choice the report's estimate when the scenario
// asks the planner (it has a plan section) and the planner chose: every
// section then describes the one plan the report recommends, and the
// scenario's own purchase is one of the options its plan section lists.
func (b *Bundle) lead() error {
	est, err := b.Chosen()
	if est == nil || err != nil {
		return err
	}
	b.Forward, b.Estimate = b.Estimate, est
	return nil
}

// Chosen is the planner's choice as the estimate of its own scenario
// (planner.ScenarioFor), when the scenario asks the planner (it has a
// plan section) and the planner chose; nil otherwise. The page's answer
// leads with it as the reports do.
func (b *Bundle) Chosen() (*estimator.Estimate, error) {
	if b.Forward != nil {
		return b.Estimate, nil
	}
	s := b.Estimate.Scenario
	if s.Plan == nil || b.Plan == nil || b.Plan.Cheapest == nil {
		return nil, nil
	}
	c := b.Plan.Cheapest
	ls, err := planner.ScenarioFor(s, c.Option, c.SizedFor.Value, planner.Options{Prices: hardware.CloudOffers(), AsOf: b.Date})
	if err != nil {
		return nil, err
	}
	return estimator.Run(ls)
}

// plan answers what to buy or rent, as of the report's date so the report
// stays reproducible. A scenario the planner refuses still makes a report:
// the refusal is one line in its place.
func (b *Bundle) plan() {
	s := b.Estimate.Scenario
	if s.Money == nil {
		return
	}
	res, err := planner.Make(s, planner.Options{Prices: hardware.CloudOffers(), AsOf: b.Date})
	if err != nil {
		msg := err.Error()
		if fe := (*estimator.FieldError)(nil); errors.As(err, &fe) {
			msg = fe.In(b.Lang)
		}
		b.PlanNote = fmt.Sprintf(chart.Text(b.Lang, "plan.refused"), msg)
		return
	}
	f := chart.Frontier(res, s, b.Lang)
	b.Plan, b.Frontier = res, &f
}

// Answer is what the planner buys, at the scenario's ask: what every report
// leads with (present.AnswerFor over the bundle's estimate and
// uncertainty). It is answered when a report asks, not by Build, so a bundle
// built for its charts alone never fails on a percentile ask without samples.
func (b *Bundle) Answer() (*present.Answer, error) {
	return present.AnswerFor(b.Estimate, b.Uncertainty)
}

// ShowRow shows values of one unit in one display, in the bundle's
// language: a quantity beside its percentiles reads "0.46 years, 1.12
// years", never "21 days" beside "1.12 years" (present.ChooseColumn).
func (b *Bundle) ShowRow(u estimator.Unit, values ...float64) []string {
	d := present.ChooseColumn(u, b.Estimate.Scenario.Units, values, present.Article)
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = d.Format(v, b.Lang)
	}
	return out
}

// Band is q's range over the whole run's model error (its P10 and P90,
// estimator.Quantity.HasBand), "29.71 million–54.33 million", in the
// bundle's language; "" where q has none or its ends read alike. Each end
// reads as present.Format shows the value beside it, and as the summary
// tables show the range, so the two never disagree.
func (b *Bundle) Band(q estimator.Quantity) string {
	return q.RangeText(func(v float64) string { return present.Format(v, q.Unit, b.Estimate.Scenario.Units, b.Lang) })
}

// WholeRunNote is the sentence that stands beside a whole run's GPU-hours
// and cost (estimator.WholeRunNote) in the bundle's language, where any
// quantity of the estimate shows a Band; "" where none does.
func (b *Bundle) WholeRunNote() string {
	for _, q := range b.Estimate.Quantities() {
		if b.Band(q) != "" {
			return estimator.WholeRunNote().In(b.Lang)
		}
	}
	return ""
}

// AnswerHeadline is the answer's first words in the bundle's language: what to
// buy at the ask and its figure before rounding up, or, without money, that
// the request is in systems.
func (b *Bundle) AnswerHeadline(a *present.Answer) (headline, basis string) {
	t := func(key string) string { return chart.Text(b.Lang, key) }
	if a.Buy == nil {
		return t("no.money"), ""
	}
	us := b.Estimate.Scenario.Units
	buy, sys := a.Buy.ToBuy, a.Buy.Systems
	count := present.Format(buy.Asked, buy.Unit, us, b.Lang)
	headline = fmt.Sprintf(t("ask.systems"), count, a.Buy.SystemName, a.Buy.WorkloadName)
	if r := a.Rent; r != nil {
		headline = fmt.Sprintf(t("ask.rent"), count, r.Instance, r.Provider, r.Term, a.Buy.WorkloadName)
	}
	return headline,
		fmt.Sprintf(t("ask.basis"), a.Ask.Words().In(b.Lang), present.Format(sys.Asked, sys.Unit, us, b.Lang))
}

// AnswerText says in plain sentences, in the bundle's language, where the
// point estimate falls among its P10, P50 and P90, which figure the
// proposal asks for, and what it would ask at P90, where the risks section
// says a decision should hold. The PDF's cover and risks page and the HTML
// report's answer print the same sentences, so they cannot disagree.
func (b *Bundle) AnswerText(a *present.Answer) []string {
	t := func(key string) string { return chart.Text(b.Lang, key) }
	us := b.Estimate.Scenario.Units
	show := func(v float64, u estimator.Unit) string { return present.Format(v, u, us, b.Lang) }
	if a.Buy == nil {
		switch {
		case !a.Ranged:
			return []string{t("ask.exact")}
		case a.Each[0].ToBuy.Spread == nil:
			return []string{t("ask.unknown")}
		}
		return []string{t("ask.spread.each")}
	}
	// Where the point falls is the unrounded count's place (as the page says
	// it); what P90 would buy is whole systems.
	sys, buy, tco := a.Buy.Systems, a.Buy.ToBuy, *a.TCO
	switch {
	case !a.Ranged:
		return []string{t("ask.exact"), fmt.Sprintf(t("ask.which"), a.Ask.Words().In(b.Lang))}
	case sys.Spread == nil || tco.Spread == nil:
		return []string{t("ask.unknown"), fmt.Sprintf(t("ask.which"), a.Ask.Words().In(b.Lang))}
	}
	out := []string{a.FallsText().In(b.Lang), fmt.Sprintf(t("ask.which"), a.Ask.Words().In(b.Lang))}
	if a.Ask == estimator.AskP90 {
		return append(out, t("ask.hold.p90"))
	}
	return append(out, fmt.Sprintf(t("ask.hold"), show(buy.Spread.P90, buy.Unit), show(tco.Spread.P90, tco.Unit)))
}

// AnswerTable is the answer's figures as a table in the bundle's language,
// the header first: with money, what is bought (systems to buy, before
// rounding up, capital expense, total cost, one run) by the point estimate
// and, where the spread is known, P10, P50 and P90, the asked column marked;
// without, each workload on each system. Columns from numbers on hold numbers.
func (b *Bundle) AnswerTable(a *present.Answer) (rows [][]string, numbers int) {
	t := func(key string) string { return chart.Text(b.Lang, key) }
	// figure is the point estimate and its spread, in one unit.
	figure := func(f present.Figure) []string {
		if sp := f.Spread; sp != nil {
			return b.ShowRow(f.Unit, f.Value, sp.P10, sp.P50, sp.P90)
		}
		return b.ShowRow(f.Unit, f.Value)
	}
	ranges := []string{t("p10"), t("p50"), t("p90")}
	if a.Buy == nil {
		head := []string{t("network"), t("system"), t("systems"), t("to.buy")}
		if a.Each[0].ToBuy.Spread != nil {
			head = append(head, ranges...)
		}
		// The unrounded counts share one display, so 0.004 of a system does not read 0.
		counts := make([]float64, len(a.Each))
		for i, p := range a.Each {
			counts[i] = p.Systems.Value
		}
		shown := b.ShowRow(a.Each[0].Systems.Unit, counts...)
		rows = [][]string{head}
		for i, p := range a.Each {
			rows = append(rows, append([]string{p.WorkloadName, p.SystemName, shown[i]}, figure(p.ToBuy)...))
		}
		return rows, 2
	}
	head := []string{"", t("ask.point")}
	if a.Buy.ToBuy.Spread != nil {
		head = append(head, ranges...)
	}
	// The asked column: the point's, or P50's or P90's where there is a spread.
	asked := map[estimator.Ask]int{estimator.AskPoint: 1, estimator.AskP50: 3, estimator.AskP90: 4}[a.Ask]
	if asked < len(head) {
		head[asked] = fmt.Sprintf(t("ask.asked"), head[asked])
	}
	rows = [][]string{head}
	toBuy := t("ask.systems.only")
	if a.Rent != nil {
		toBuy = t("ask.rent.only")
	}
	for _, r := range []struct {
		caption string
		f       present.Figure
	}{
		{toBuy, a.Buy.ToBuy},
		{t("ask.row.systems"), a.Buy.Systems},
		{t("ask.capex"), *a.Capex},
		{a.TotalCaption(b.Estimate.Scenario).In(b.Lang), *a.TCO},
		{a.Buy.Time.Label.In(b.Lang), a.Buy.Time},
	} {
		rows = append(rows, append([]string{r.caption}, figure(r.f)...))
	}
	return rows, 1
}

// PlanText is the plan page's sentences in the bundle's language: the chosen
// plan and why (or why there is none and what would make one), its binding
// constraint, the fastest plan within the budgets, and the constraints and
// the prices' date. Nil without a plan.
func (b *Bundle) PlanText() []string {
	res := b.Plan
	if res == nil {
		return nil
	}
	t := func(key string) string { return chart.Text(b.Lang, key) }
	show := func(q estimator.Quantity) string {
		return present.Format(q.Value, q.Unit, b.Estimate.Scenario.Units, b.Lang)
	}
	var out []string
	if c := res.Cheapest; c != nil {
		// Only a scenario that asks the planner (a plan section) has chosen
		// its plan; another keeps its own purchase, the plan an alternative.
		chosen := "plan.alternative"
		if b.Forward != nil || b.Estimate.Scenario.Plan != nil {
			chosen = "plan.chosen"
		}
		out = append(out, fmt.Sprintf(t(chosen), c.Label.In(b.Lang)), res.Why.In(b.Lang))
		for _, k := range res.Constraints {
			if k.Path == c.Binding {
				out = append(out, fmt.Sprintf(t("plan.binding"), show(k.Limit), c.Why.In(b.Lang)))
			}
		}
	} else {
		out = append(out, res.Why.In(b.Lang)) // which constraints bind and what would make a plan, once
	}
	if f := res.Fastest; f != nil {
		out = append(out, fmt.Sprintf(t("plan.fastest"), f.Label.In(b.Lang), show(f.TimePerRun), show(f.Total)))
	}
	limits := make([]string, len(res.Constraints))
	for i, k := range res.Constraints {
		limits[i] = k.Limit.Label.In(b.Lang) + " " + show(k.Limit)
	}
	return append(out, fmt.Sprintf(t("plan.constraints"), strings.Join(limits, t("list.sep")), res.AsOf))
}

// PlanSkipped says, in the bundle's language, which options the planner
// could not price and why: a footnote to the options table.
func (b *Bundle) PlanSkipped() []string {
	if b.Plan == nil {
		return nil
	}
	out := make([]string, len(b.Plan.Skipped))
	for i, sk := range b.Plan.Skipped {
		out[i] = fmt.Sprintf(chart.Text(b.Lang, "plan.skipped"), sk.Label.In(b.Lang), sk.Reason.In(b.Lang))
	}
	return out
}

// PlanTable is the options the planner considered, each sized for the
// deadline and cheapest first, as a table in the bundle's language, the
// header first: option, count, time per run, capex, per year, total, power,
// meets all, binding. Columns 1 to 6 hold numbers, each column in one
// display. An option whose price is stale ends in "*", and stale is the
// footnote saying so ("" when none is).
// The plan table's columns (PlanTable): the option, its figures in columns
// 1 to PlanFigures, the total the rows are ranked by among them at
// PlanTotal, then whether it meets every constraint and why.
const (
	PlanTotal   = 5
	PlanFigures = 7
)

func (b *Bundle) PlanTable() (rows [][]string, stale string) {
	res := b.Plan
	if res == nil {
		return nil, ""
	}
	t := func(key string) string { return chart.Text(b.Lang, key) }
	// The totals' head says what they cover: a team's years, a project's runs.
	co2 := t("plan.col.co2")
	if len(res.Options) > 0 {
		co2 = res.Options[0].CO2.Label.In(b.Lang) // per year, or the project's
	}
	rows = [][]string{{t("plan.col.option"), t("plan.col.count"), t("plan.col.time"), t("plan.col.capex"),
		res.Running.In(b.Lang), t("plan.col.total") + " (" + res.Horizon.In(b.Lang) + ")", t("plan.col.power"), co2, t("plan.col.meets"), t("plan.col.binding")}}
	if len(res.Options) == 0 {
		return rows, ""
	}
	column := func(of func(p planner.Point) estimator.Quantity) []string {
		vs := make([]float64, len(res.Options))
		for i, p := range res.Options {
			vs[i] = of(p).Value
		}
		return b.ShowRow(of(res.Options[0]).Unit, vs...)
	}
	cols := [][]string{
		column(func(p planner.Point) estimator.Quantity { return p.Count }),
		column(func(p planner.Point) estimator.Quantity { return p.TimePerRun }),
		column(func(p planner.Point) estimator.Quantity { return p.Capex }),
		column(func(p planner.Point) estimator.Quantity { return p.PerYear }),
		column(func(p planner.Point) estimator.Quantity { return p.Total }),
		column(func(p planner.Point) estimator.Quantity { return p.Power }),
		column(func(p planner.Point) estimator.Quantity { return p.CO2 }),
	}
	var dates []string
	for i, p := range res.Options {
		name := p.Label.In(b.Lang)
		if p.Stale {
			name += " *"
			dates = append(dates, p.PriceAsOf)
		}
		meets := t("plan.no")
		if p.MeetsAll {
			meets = t("plan.yes")
		}
		row := []string{name}
		for _, c := range cols {
			row = append(row, c[i])
		}
		rows = append(rows, append(row, meets, p.Why.In(b.Lang)))
	}
	if len(dates) > 0 {
		slices.Sort(dates)
		stale = fmt.Sprintf(t("plan.stale"), strings.Join(slices.Compact(dates), t("list.sep")))
	}
	return rows, stale
}

// sections are a scenario file's top-level fields in the order it gives them.
var sections = []string{"units", "fleet", "preprocessing", "dataset", "training", "workloads", "systems", "team", "host", "growth", "money", "goodput", "factors"}

// SortPaths orders scenario paths as a scenario file does: by section, then
// by path, so every report lists the assumptions alike.
func SortPaths(paths []string) {
	sectionOf := func(path string) int {
		head := path
		if i := strings.IndexAny(path, ".["); i >= 0 {
			head = path[:i]
		}
		if i := slices.Index(sections, head); i >= 0 {
			return i
		}
		return len(sections)
	}
	sort.Slice(paths, func(i, j int) bool {
		if si, sj := sectionOf(paths[i]), sectionOf(paths[j]); si != sj {
			return si < sj
		}
		return paths[i] < paths[j]
	})
}
