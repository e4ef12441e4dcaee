package html

import (
	"fmt"
	"github.com/trainscale/trainscale/estimator"

	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/report"
)

// planView is the section "Options considered and why this one": the
// bundle's plan worded (report.Bundle.PlanText, PlanTable), and its
// frontier as figure n. Nil where the scenario has no money.
type planView struct {
	Refused string // why the planner gave no plan; the rest is then empty
	Chosen  string
	Text    []string
	Options string
	Table   [][]string // header first; columns 1 to Figures hold numbers
	Figures int
	Stale   string
	Skipped []string
	Figure  *figure
}

func newPlan(b *report.Bundle, n int, lang estimator.Lang, charted bool) (*planView, error) {
	if b.Plan == nil {
		if b.PlanNote == "" {
			return nil, nil
		}
		return &planView{Refused: b.PlanNote}, nil
	}
	v := &planView{Text: b.PlanText(), Options: fmt.Sprintf(chart.Text(lang, "plan.options"), b.Plan.Points), Skipped: b.PlanSkipped()}
	if b.Plan.Cheapest != nil {
		v.Chosen, v.Text = v.Text[0], v.Text[1:]
	}
	v.Table, v.Stale = b.PlanTable()
	v.Figures = report.PlanFigures
	if b.Frontier != nil {
		f, err := newFigure(*b.Frontier, n, lang, charted)
		if err != nil {
			return nil, err
		}
		v.Figure = &f
	}
	return v, nil
}
