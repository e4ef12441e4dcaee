package pdf

import "github.com/trainscale/trainscale/report"

// planWidths are the plan table's columns, as fractions of the text width:
// option, count, time per run, capex, per year, total, power, CO2, meets
// all, binding.
var planWidths = []float64{.16, .05, .07, .12, .11, .12, .07, .07, .05, .18}

// planNumbers are the plan table's columns that hold numbers.
var planNumbers = func() map[int]bool {
	m := map[int]bool{}
	for i := 1; i <= report.PlanFigures; i++ {
		m[i] = true
	}
	return m
}()

// plan is the page "Options considered and why this one": the chosen plan
// and why, its binding constraint, the options the planner sized for the
// deadline, stale prices flagged, and the frontier of cost against time. A
// scenario without money has no such page; one the planner refused says why.
func (d *doc) plan() {
	if d.b.Plan == nil && d.b.PlanNote == "" {
		return
	}
	d.heading(d.t("plan.title"), true)
	if d.b.Plan == nil {
		d.para(d.b.PlanNote, bodySize)
		return
	}
	text := d.b.PlanText()
	if d.b.Plan.Cheapest != nil {
		d.subheading(text[0])
		text = text[1:]
	}
	for _, line := range text {
		d.para(line, bodySize)
	}
	rows, stale := d.b.PlanTable()
	d.para(d.tf("plan.options", d.b.Plan.Points), 8)
	d.table(rows[0], rows[1:], planWidths, planNumbers, 6.5)
	if stale != "" {
		d.para(stale, 7.5)
	}
	for _, line := range d.b.PlanSkipped() {
		d.para(line, 7)
	}
	if d.b.Frontier != nil {
		d.chart(*d.b.Frontier)
	}
}
