package xlsx

// fitTables lists, from row on, the user's measurements before and after
// the fit that gave the scenario's factors, and their error by group
// (report.Bundle.FitTables): the Catalog sheet is where the factors'
// evidence sits beside the catalog figures. The numbers are values from
// trainscale's models, not formulas; the errors read as percentages.
func (wb *workbook) fitTables(sh string, row int) {
	fit := wb.b.Fit
	points, groups := wb.b.FitTables()
	if fit == nil {
		return
	}
	wb.text(sh, 1, row, wb.b.AccuracyWord("fit.title"))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.wrappedAcross(sh, 1, len(points[0]), row, wb.b.AccuracyWord("fit.lead"))
	wb.style(sh, 1, row, stNoteWrap)
	row += 2
	wb.header(sh, row, points[0]...)
	for i, r := range fit.Rows {
		row++
		wb.text(sh, 1, row, points[i+1][0])
		wb.values(sh, row, 2, imagesFormat, r.Measured, r.Before.Predicted)
		wb.values(sh, row, 4, ratioFormat, r.Before.Ratio)
		wb.percent(sh, 5, row, r.Before.AbsError)
		wb.values(sh, row, 6, imagesFormat, r.After.Predicted)
		wb.values(sh, row, 7, ratioFormat, r.After.Ratio)
		wb.percent(sh, 8, row, r.After.AbsError)
	}
	row += 2
	wb.header(sh, row, groups[0]...)
	for i, g := range fit.Groups {
		row++
		wb.text(sh, 1, row, groups[i+1][0])
		wb.text(sh, 2, row, groups[i+1][1])
		wb.values(sh, row, 3, "0", float64(g.Points))
		for j, v := range []float64{g.Before.Median, g.Before.P90, g.After.Median, g.After.P90} {
			wb.percent(sh, 4+j, row, v)
		}
	}
}

// The number formats of the fit's columns: images/s as the accuracy tables
// print them, ratios to three decimals.
const (
	imagesFormat = "#,##0.0"
	ratioFormat  = "0.000"
)

// values writes computed numbers, shown in format, into the cells of row
// from column col on.
func (wb *workbook) values(sh string, row, col int, format string, vs ...float64) {
	for i, v := range vs {
		wb.number(sh, col+i, row, v)
		wb.style(sh, col+i, row, stComputed+"#"+format)
	}
}

// percent writes a computed fraction that reads as a percentage.
func (wb *workbook) percent(sh string, col, row int, v float64) {
	wb.number(sh, col, row, v)
	wb.style(sh, col, row, stPercent)
}
