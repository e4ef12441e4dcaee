package xlsx

import (
	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/report"
)

// planCells are the Plan sheet's named cells of one option, in the order
// the sheet writes them: its count, capex and per year (values of the
// planner's estimate) and its total, a formula over them.
func planCells(p estimator.PlanPoint) []estimator.Quantity {
	return []estimator.Quantity{p.Count, p.Capex, p.PerYear, p.Total}
}

// PlanNames returns the defined name of every cell the Plan sheet names,
// keyed by the planner's quantity id: each option's count, capex, per year
// and total. Empty without a plan.
func PlanNames(b *report.Bundle) map[string]string {
	out := map[string]string{}
	if b.Plan == nil {
		return out
	}
	n := layoutNames(b.Estimate)
	for _, p := range b.Plan.Options {
		for _, q := range planCells(p) {
			out[q.ID] = n.add(q.ID, definedName(q.ID))
		}
	}
	return out
}

// Plan sheet columns.
const (
	planColOption = iota + 1
	planColID
	planColCount
	planColTime
	planColCapex
	planColPerYear
	planColTotal
	planColPower
	planColMeets
	planColBinding
	planColPrice
)

// plan writes the Plan sheet: the planner's answer in words, then every
// option it sized for the deadline, cheapest first. Count, capex and per
// year are the planner's values, named; the total is a live formula over
// them and the Assumptions sheet's depreciation period, so editing either
// recomputes it.
func (wb *workbook) plan() {
	sh := wb.tab(sheetPlan)
	wb.widths(sh, 34, 30, 9, 12, 16, 16, 18, 11, 9, 34, 30)
	wb.text(sh, 1, 1, wb.t("plan.title"))
	wb.style(sh, 1, 1, stTitle)
	res := wb.b.Plan
	if res == nil {
		note := wb.b.PlanNote
		if note == "" {
			note = wb.t("plan.none")
		}
		wb.text(sh, 1, 2, note)
		wb.style(sh, 1, 2, stNote)
		return
	}
	row := 2
	for _, line := range append(wb.b.PlanText(), wb.tf("xlsx.plan.note", wb.tab(sheetAssumptions))) {
		wb.wrappedAcross(sh, 1, planColPrice, row, line)
		row++
	}
	row++
	wb.text(sh, 1, row, wb.tf("plan.options", res.Points))
	wb.style(sh, 1, row, stHeading)
	row++
	table, stale := wb.b.PlanTable()
	head := table[0]
	wb.header(sh, row, head[0], wb.t("id"), head[1], head[2], head[3], head[4], head[5], head[6], head[7], head[8], wb.t("xlsx.plan.price"))
	for i, p := range res.Options {
		row++
		shown := table[i+1]
		wb.text(sh, planColOption, row, shown[0])
		wb.text(sh, planColID, row, p.Option)
		wb.text(sh, planColTime, row, shown[2])
		wb.text(sh, planColPower, row, shown[6])
		wb.text(sh, planColMeets, row, shown[7])
		wb.wrapped(sh, planColBinding, row, shown[8])
		if p.PerGPUHour != nil {
			wb.wrapped(sh, planColPrice, row, estimator.FormatIn(p.PerGPUHour.Value, p.PerGPUHour.Unit, wb.s.Units, wb.b.Lang)+" ("+p.PriceAsOf+")")
		}
		for j, q := range planCells(p) {
			col := []int{planColCount, planColCapex, planColPerYear, planColTotal}[j]
			name := wb.names.add(q.ID, definedName(q.ID))
			display := estimator.Choose(q.Unit, wb.s.Units, q.Value, estimator.Article)
			if q.Expr == "" {
				wb.number(sh, col, row, q.Value)
				wb.style(sh, col, row, shownIn(valueStyle(stModelled, q.Unit), display, q.Value))
			} else {
				f, ok := wb.formulaOf(q)
				if !ok {
					return
				}
				wb.formula(sh, col, row, f)
				wb.style(sh, col, row, shownIn(valueStyle(stValue, q.Unit), display, q.Value))
			}
			wb.define(name, sh, col, row)
		}
	}
	if stale != "" {
		row += 2
		wb.wrappedAcross(sh, 1, planColPrice, row, stale)
	}
	for _, line := range wb.b.PlanSkipped() {
		row++
		wb.wrappedAcross(sh, 1, planColPrice, row, line)
	}
}
