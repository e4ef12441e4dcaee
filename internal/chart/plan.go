package chart

import (
	"math"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/planner"
	"github.com/trainscale/trainscale/estimator/present"
)

// FrontierChart is the id of the planner's chart, which Build does not
// return: a report draws it on its plan page, beside the options table.
const FrontierChart = "plan-frontier"

// logSpread is the ratio of an axis' largest to smallest value past which
// the frontier chart draws that axis on a log scale.
const logSpread = 30

// Frontier is the planner's frontier of total cost against time per run,
// in lang: one series of points per kind of plan (buy, rent), in the
// frontier's order, and the chosen plan (the cheapest meeting every
// constraint) marked as a series of its own. Every value is a quantity of
// res; s gives the display units.
func Frontier(res *planner.Result, s *estimator.Scenario, lang estimator.Lang) Spec {
	b := &builder{s: s, lang: lang}
	sp := Spec{ID: FrontierChart, Title: b.t("plan.chart.title"), Kind: Scatter,
		X: Axis{Label: b.t("plan.chart.x"), Unit: estimator.Seconds}}
	var unit estimator.Unit
	kinds := map[string]*Series{"buy": {Name: b.t("plan.buy")}, "rent": {Name: b.t("plan.rent")}}
	add := func(se *Series, p planner.Point) {
		se.X, se.Y, se.IDs = append(se.X, p.TimePerRun.Value), append(se.Y, p.Total.Value), append(se.IDs, p.Total.ID)
		se.Names = append(se.Names, b.tf("plan.chart.point", p.Label.In(lang), present.Format(p.Count.Value, p.Count.Unit, s.Units, lang)))
		unit = p.Total.Unit
	}
	for _, p := range res.Frontier {
		if se, ok := kinds[p.Acquire]; ok {
			add(se, p)
		}
	}
	for _, k := range []string{"buy", "rent"} {
		if len(kinds[k].Y) > 0 {
			sp.Series = append(sp.Series, *kinds[k])
		}
	}
	if c := res.Cheapest; c != nil {
		// Only a scenario with a plan section has chosen it (report.PlanText).
		name, note := "plan.chart.alt", "plan.chart.note.alt"
		if s.Plan != nil {
			name, note = "plan.chart.chosen", "plan.chart.note"
		}
		chosen := Series{Name: b.t(name), Marked: true}
		add(&chosen, *c)
		sp.Series = append(sp.Series, chosen)
		sp.Note = b.tf(note, len(res.Frontier), res.Points)
	} else {
		sp.Note = b.tf("plan.chart.none", len(res.Frontier), res.Points)
	}
	sp.Y = Axis{Label: b.tf("plan.chart.y", res.Horizon.In(lang)), Unit: unit}
	for _, a := range []struct {
		axis *Axis
		of   func(Series) []float64
	}{{&sp.X, func(se Series) []float64 { return se.X }}, {&sp.Y, func(se Series) []float64 { return se.Y }}} {
		lo, hi := math.Inf(1), 0.0
		for _, se := range sp.Series {
			for _, v := range a.of(se) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		a.axis.Log = lo > 0 && hi/lo > logSpread
		b.scaleAxisTo(a.axis, hi)
	}
	return sp
}
