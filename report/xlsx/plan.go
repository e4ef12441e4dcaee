package xlsx

import (
	"slices"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/planner"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/report"
)

// planCell is one named cell of an option's row: its quantity, its column,
// and whether it is an input the row's formulas read (a unit figure).
type planCell struct {
	q     estimator.Quantity
	col   int
	input bool
}

// planCells are the Plan sheet's named cells of one option, in the order
// the sheet writes them: the count and the unit figures (values), then
// capex, per year and total, formulas over them and the Assumptions
// sheet's money inputs, each after the cells it reads. A figure the option
// lacks (a rented plan's system price) is left out.
func planCells(p planner.Point) []planCell {
	out := []planCell{{p.Count, planColCount, false}, {p.GPUsPerSystem, planColGPUsPer, true}}
	for _, c := range []struct {
		q   *estimator.Quantity
		col int
	}{{p.SystemPrice, planColSystemPrice}, {p.SystemPower, planColSystemPower}, {p.PerGPUHour, planColRate}} {
		if c.q != nil {
			out = append(out, planCell{*c.q, c.col, true})
		}
	}
	return append(out, planCell{p.Storage, planColStorage, true},
		planCell{p.Capex, planColCapex, false}, planCell{p.PerYear, planColPerYear, false}, planCell{p.Total, planColTotal, false})
}

// PlanNames returns the defined name of every cell the Plan sheet names,
// keyed by the planner's quantity id: each option's count, capex, per year
// and total, and the unit figures they are formulas over. Empty without a
// plan.
func PlanNames(b *report.Bundle) map[string]string {
	out := map[string]string{}
	if b.Plan == nil {
		return out
	}
	n := namesOf(b.Estimate)
	for _, p := range b.Plan.Options {
		for _, c := range planCells(p) {
			out[c.q.ID] = n.add(c.q.ID, definedName(c.q.ID))
		}
	}
	return out
}

// Plan sheet columns.
const (
	planColOption = iota + 1
	planColCount
	planColTime
	planColCapex
	planColPerYear
	planColTotal
	planColPower
	planColCO2
	planColMeets
	planColBinding
	planColPrice
	planColGPUsPer
	planColSystemPrice
	planColSystemPower
	planColRate
	planColStorage
)

// plan writes the Plan sheet: the planner's answer in words, then every
// option it sized for the deadline, cheapest first. Count and the unit
// figures (GPUs per system, price, power, storage) are the planner's values,
// named; capex, per year and total are live formulas over them and the
// Assumptions sheet's money inputs, so editing any recomputes the row.
func (wb *workbook) plan() {
	sh := wb.tab(sheetPlan)
	wb.widths(sh, 34, 30, 9, 12, 16, 16, 18, 11, 9, 34, 30, 12, 16, 14, 14, 14)
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
		wb.wrappedAcross(sh, 1, planColStorage, row, line)
		row++
	}
	row++
	wb.text(sh, 1, row, wb.tf("plan.options", res.Points))
	wb.style(sh, 1, row, stHeading)
	row++
	table, stale := wb.b.PlanTable()
	head := table[0]
	wb.header(sh, row, append(append(slices.Clone(head), wb.t("xlsx.plan.price")),
		wb.unitHeaders(res.Options)...)...)
	for i, p := range res.Options {
		row++
		shown := table[i+1]
		wb.text(sh, planColOption, row, shown[0])
		wb.text(sh, planColTime, row, shown[2])
		wb.text(sh, planColPower, row, shown[6])
		wb.text(sh, planColCO2, row, shown[report.PlanFigures])
		wb.text(sh, planColMeets, row, shown[report.PlanFigures+1])
		wb.wrapped(sh, planColBinding, row, shown[report.PlanFigures+2])
		if p.PerGPUHour != nil {
			wb.text(sh, planColPrice, row, p.PriceAsOf) // the price itself is the row's input cell
		}
		for _, c := range planCells(p) {
			q := c.q
			name := wb.names.add(q.ID, definedName(q.ID))
			display := present.Choose(q.Unit, wb.s.Units, q.Value, present.Article, estimator.English)
			switch {
			case q.Expr != "":
				f, ok := wb.formulaOf(q)
				if !ok {
					return
				}
				wb.formula(sh, c.col, row, f)
				wb.style(sh, c.col, row, shownIn(valueStyle(stValue, q.Unit), display, q.Value))
			case c.input:
				wb.number(sh, c.col, row, q.Value)
				wb.style(sh, c.col, row, shownIn(valueStyle(stInput, q.Unit), display, q.Value))
			default:
				wb.number(sh, c.col, row, q.Value)
				wb.style(sh, c.col, row, shownIn(valueStyle(stModelled, q.Unit), display, q.Value))
			}
			wb.define(name, sh, c.col, row)
		}
	}
	if stale != "" {
		row += 2
		wb.wrappedAcross(sh, 1, planColStorage, row, stale)
	}
	for _, line := range wb.b.PlanSkipped() {
		row++
		wb.wrappedAcross(sh, 1, planColStorage, row, line)
	}
}

// unitHeaders are the unit figures' column heads, after planColPrice: each
// figure's own label, from the first option that has it.
func (wb *workbook) unitHeaders(options []planner.Point) []string {
	out := make([]string, planColStorage-planColPrice)
	for _, p := range options {
		for _, c := range planCells(p) {
			if i := c.col - planColPrice - 1; c.input && out[i] == "" {
				out[i] = c.q.Label.In(wb.b.Lang)
			}
		}
	}
	return out
}
