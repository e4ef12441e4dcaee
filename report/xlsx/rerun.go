package xlsx

import (
	"strings"

	"github.com/trainscale/trainscale/estimator"
)

// The re-run marker: the workbook holds the hardware models' values as
// numbers, so an edit of an input they read leaves them behind. Each such
// input's row says so in red once its cell no longer holds the value it
// was written with, and so does a line at the top of every result sheet.

// rerunRef is what the re-run line holds, for the namer.
const rerunRef = "rerun"

// rerunPaths are the inputs and catalog facts with a cell in the workbook
// whose change needs a new run of trainscale: those the models' values it
// holds read (estimator.RerunInputs), the ladders' included.
func rerunPaths(e *estimator.Estimate, ladders []estimator.JobLadder) []string {
	laddered := ladderedIDs(ladders)
	var held []string
	for _, q := range e.Quantities() {
		if q.Expr == "" && !laddered[q.ID] {
			held = append(held, q.ID)
		}
	}
	cells := map[string]bool{}
	for _, in := range inputs(e.Scenario) {
		cells[in.Path] = true
	}
	read := formulaRefs(e)
	for _, f := range estimator.CatalogFacts() {
		cells[f.Path] = read[f.Path]
	}
	var out []string
	for _, p := range e.RerunInputs(held...) {
		if cells[p] {
			out = append(out, p)
		}
	}
	return out
}

// written is what each input and catalog cell held when it was written,
// as a formula's literal.
func written(e *estimator.Estimate) map[string]string {
	out := map[string]string{}
	for _, in := range inputs(e.Scenario) {
		if in.IsText {
			out[in.Path] = quoted(in.Text)
		} else {
			out[in.Path] = num(in.Number)
		}
	}
	for _, f := range estimator.CatalogFacts() {
		out[f.Path] = num(f.Value)
	}
	return out
}

// changed is the condition that path's cell no longer holds its value.
func (wb *workbook) changed(path string) string {
	name, _ := wb.name(path)
	return name + "<>" + wb.written[path]
}

// rerunCell writes, in a re-run input's row, the cell that turns red when
// the input changes; other inputs' rows get none.
func (wb *workbook) rerunCell(sh string, col, row int, path string) {
	if !wb.rerun[path] {
		return
	}
	text := wb.t("xlsx.rerun.changed")
	wb.formula(sh, col, row, "IF("+wb.changed(path)+","+quoted(text)+`,"")`)
	wb.style(sh, col, row, stRerun)
	wb.needsText(sh, col, row, text)
}

// hasRerunLine says whether a workbook has a re-run line: where it holds
// a model's value, or a ladder an edit may reach past.
func hasRerunLine(ladders []estimator.JobLadder, rerun []string) bool {
	return len(ladders) > 0 || len(rerun) > 0
}

// rerunLine writes the line that turns red when any re-run input changes,
// or a job walks past its ladder: the condition on the Assumptions sheet,
// named, and a copy of it on each other sheet that shows results.
func (wb *workbook) rerunLine(sh string, row int) {
	if !hasRerunLine(wb.ladders, wb.rerunOrder) {
		return
	}
	name, _ := wb.name(rerunRef)
	wb.rerunRows[sh] = row
	if sh != wb.tab(sheetAssumptions) {
		wb.formula(sh, 1, row, name)
		wb.style(sh, 1, row, stRerun)
		return
	}
	var conds []string
	for _, p := range wb.rerunOrder {
		conds = append(conds, wb.changed(p))
	}
	for _, l := range wb.ladders {
		// The walk reached a size the ladder does not list (or, where an
		// engine lets a missing rate through, a size from no row).
		conds = append(conds, "ISERROR(MATCH("+wb.mustName(jobRef(l, "job"))+","+wb.mustName(jobRef(l, "gpus"))+",0))")
	}
	text := wb.rerunText()
	wb.formula(sh, 1, row, "IF(OR("+strings.Join(conds, ",")+"),"+quoted(text)+`,"")`)
	wb.style(sh, 1, row, stRerun)
	wb.define(name, sh, 1, row)
}

// spanRerun lets a sheet's re-run line wrap across the columns the sheet
// prints (last), in as many lines as its words take when it shows them: a
// line that ran on past them would print cut.
func (wb *workbook) spanRerun(sh string, l *layout, last int) {
	row, ok := wb.rerunRows[sh]
	if !ok {
		return
	}
	at := [2]int{1, row}
	if last > 1 {
		wb.check(wb.f.MergeCell(sh, cellName(1, row), cellName(last, row)))
		l.span[at] = last
	}
	w, _ := textWidth(wb.rerunText())
	l.wrap[at] = w * bold
}

// rerunText is what the re-run line says once it shows.
func (wb *workbook) rerunText() string {
	return wb.tf("xlsx.rerun", wb.tab(sheetAssumptions), wb.tab(sheetCatalog), wb.tab(sheetJobs))
}
