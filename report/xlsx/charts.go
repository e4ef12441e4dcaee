package xlsx

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/internal/chart"
)

// plot is one native chart and the cells it draws: its data sits on the
// Charts sheet, as formulas over the result cells where there is one, so the
// charts follow the Assumptions too.
type plot struct {
	title, note    string
	xTitle, yTitle string
	kind           excelize.ChartType
	floor          float64 // where a log value axis starts; 0: the spreadsheet's choice
	logX, logY     bool
	categories     []string // category axis; nil for a scatter over numeric x
	series         []plotSeries
}

type plotSeries struct {
	name   string
	dashed bool    // a reference line, such as ideal scaling
	x, y   []point // x only for a scatter
	draw   drawAs
	// span is the two series (by index) whose difference this one draws,
	// cell by cell, as a formula: a range's P10 to P90 segment.
	span *[2]int
}

// drawAs is how a series of a category chart is drawn.
type drawAs int

const (
	drawBar    drawAs = iota // as the chart's kind draws it
	drawBase                 // an invisible bar a stacked range stands on (its P10)
	drawMarker               // a marker without a line, over the bars (a range's P50)
	drawTable                // in the data table only (a range's P90, which base and span draw)
)

// point is one number of a chart: a formula over defined names, a value, or
// nothing.
type point struct {
	formula string
	value   float64
	blank   bool
	format  string // a value's number format, from its axis' display; "" for General
}

func value(v float64) point { return point{value: v} }

var blank = point{blank: true}

// charts draws the bundle's chart specs when it has them; otherwise the
// charts the workbook promises, from the estimate's quantities.
func (wb *workbook) charts() {
	sh := wb.tab(sheetCharts)
	wb.text(sh, 1, 1, sh)
	wb.style(sh, 1, 1, stTitle)
	wb.text(sh, 1, 2, wb.tf("xlsx.charts.note", wb.tab(sheetAssumptions)))
	wb.style(sh, 1, 2, stNote)
	var plots []plot
	if len(wb.b.Charts) > 0 {
		for _, sp := range wb.b.Charts {
			plots = append(plots, wb.fromSpec(sp))
		}
	} else {
		plots = wb.defaultPlots()
	}
	// The charts first, two abreast, a page break after every two rows of
	// them, then their data: the data beside the charts made the sheet so
	// wide that it printed at a fifth of its size.
	drawn := 0
	for _, p := range plots {
		if len(p.series) > 0 {
			drawn++
		}
	}
	chartRows := (drawn + 1) / 2
	row := 4 + chartRows*rowsPerChart
	for r := 2; r < chartRows; r += 2 {
		wb.check(wb.f.InsertPageBreak(sh, cellName(1, 4+r*rowsPerChart)))
	}
	if chartRows > 0 {
		wb.check(wb.f.InsertPageBreak(sh, cellName(1, row)))
	}
	i := 0
	for _, p := range plots {
		at := chartAt{}
		if len(p.series) > 0 {
			at = chartAt{row: 4 + (i/2)*rowsPerChart, right: i%2 == 1}
			i++
		}
		row = wb.plot(sh, row, p, at) + 2
	}
}

// sharedX says whether every series runs over the same x points.
func sharedX(series []plotSeries) bool {
	for _, s := range series[1:] {
		if !slices.Equal(s.x, series[0].x) {
			return false
		}
	}
	return true
}

// chartAt is where a chart goes: the row of its top, on the left or right.
type chartAt struct {
	row   int
	right bool
}

// pendingChart is a chart waiting for the columns' final widths: a chart on
// the right starts where the left one ends, which depends on them.
type pendingChart struct {
	sheet string
	at    chartAt
	chart *excelize.Chart
	combo []*excelize.Chart
}

// placeCharts adds the charts once fit has sized the columns, and wraps
// each chart's note across the data's columns: run on to the right, a long
// note made the printed sheet as wide as itself.
func (wb *workbook) placeCharts() {
	sh := wb.tab(sheetCharts)
	l := wb.sheetLayout(sh)
	last, width := 1, 0.0
	for at := range l.need {
		last = max(last, at[0])
	}
	for col := 1; col <= last; col++ {
		name, _ := excelize.ColumnNumberToName(col)
		w, err := wb.f.GetColWidth(sh, name)
		wb.check(err)
		width += w
	}
	for _, row := range wb.notes {
		wb.check(wb.f.MergeCell(sh, cellName(1, row), cellName(last, row)))
		text, err := wb.f.GetCellValue(sh, cellName(1, row))
		wb.check(err)
		line, _ := textWidth(text)
		wb.check(wb.f.SetRowHeight(sh, row, math.Ceil(line*proportional/width+0.5)*lineHeight))
	}
	for _, pc := range wb.pending {
		col, offset := 1, 0
		if pc.at.right {
			// Walk the columns to the pixel where the right chart starts.
			x := chartWidth + chartGap
			for ; ; col++ {
				name, _ := excelize.ColumnNumberToName(col)
				w, err := wb.f.GetColWidth(pc.sheet, name)
				wb.check(err)
				px := columnPixels(w)
				if x < px {
					offset = x
					break
				}
				x -= px
			}
		}
		pc.chart.Format.OffsetX = offset
		wb.check(wb.f.AddChart(pc.sheet, cellName(col, pc.at.row), pc.chart, pc.combo...))
	}
}

// columnPixels is a column's width in pixels, as Excel converts its
// character units at the default font (7 pixels a digit, 5 of margins).
func columnPixels(w float64) int { return int(w*7 + 5) }

// plot writes a chart's data from row on, adds the chart at at, and
// returns the data's last row.
func (wb *workbook) plot(sh string, row int, p plot, at chartAt) int {
	wb.text(sh, 1, row, p.title)
	wb.style(sh, 1, row, stHeading)
	if p.note != "" {
		row++
		wb.text(sh, 1, row, p.note)
		wb.style(sh, 1, row, stNoteWrap)
		wb.notes = append(wb.notes, row)
	}
	if len(p.series) == 0 {
		return row
	}
	row++
	head := row
	var series []excelize.ChartSeries
	var drawn []plotSeries // the series behind series, in step
	if p.categories != nil {
		wb.text(sh, 1, head, p.xTitle)
		for i, c := range p.categories {
			wb.text(sh, 1, head+1+i, c)
		}
		for j, s := range p.series {
			wb.text(sh, 2+j, head, s.name)
			for i, pt := range s.y {
				if s.span != nil {
					pt = point{formula: cellName(2+s.span[1], head+1+i) + "-" + cellName(2+s.span[0], head+1+i)}
				}
				wb.point(sh, 2+j, head+1+i, pt)
			}
			if s.draw == drawTable {
				continue
			}
			drawn = append(drawn, s)
			series = append(series, excelize.ChartSeries{
				Name:       absolute(sh, 2+j, head),
				Categories: absolute(sh, 1, head+1) + ":" + dollar(1, head+len(p.categories)),
				Values:     absolute(sh, 2+j, head+1) + ":" + dollar(2+j, head+len(p.categories)),
			})
		}
		wb.styleRange(sh, 1, head, 1+len(p.series), head, stHeader)
		wb.sheetLayout(sh).headers = append(wb.sheetLayout(sh).headers, head)
		row = head + len(p.categories)
	} else {
		last := head
		// Series over the same x share one x column: a pair of columns
		// each would make the sheet too wide to print.
		shared := sharedX(p.series)
		cols := 2 * len(p.series)
		if shared {
			cols = 1 + len(p.series)
			wb.text(sh, 1, head, p.xTitle)
		}
		for j, s := range p.series {
			xc, yc := 1+2*j, 2+2*j
			if shared {
				xc, yc = 1, 2+j
			} else {
				wb.text(sh, xc, head, s.name+": "+p.xTitle)
			}
			wb.text(sh, yc, head, s.name)
			for i := range s.y {
				if !shared || j == 0 {
					wb.point(sh, xc, head+1+i, s.x[i])
				}
				wb.point(sh, yc, head+1+i, s.y[i])
			}
			n := len(s.y)
			last = max(last, head+n)
			drawn = append(drawn, s)
			series = append(series, excelize.ChartSeries{
				Name:       absolute(sh, yc, head),
				Categories: absolute(sh, xc, head+1) + ":" + dollar(xc, head+n),
				Values:     absolute(sh, yc, head+1) + ":" + dollar(yc, head+n),
			})
		}
		wb.styleRange(sh, 1, head, cols, head, stHeader)
		wb.sheetLayout(sh).headers = append(wb.sheetLayout(sh).headers, head)
		row = last
	}
	var bars, markers []excelize.ChartSeries
	k := 0 // the visible series so far
	for i, s := range drawn {
		// The colours of the page and the PDF, series by series.
		color := strings.TrimPrefix(chart.Palette[k%len(chart.Palette)], "#")
		if s.draw != drawBase {
			k++
		}
		series[i].Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{color}}
		series[i].Line = excelize.LineOptions{Type: excelize.LineSolid, Width: 1.75}
		if s.dashed {
			series[i].Line.Dash = excelize.LineDashDash
		}
		if p.kind == excelize.Scatter || p.kind == excelize.Line {
			series[i].Marker = excelize.ChartMarker{Symbol: "circle", Size: 4, Fill: series[i].Fill}
		}
		switch s.draw {
		case drawBase:
			series[i].Fill = excelize.Fill{Type: "pattern"} // no fill: the span stands on it
		case drawMarker:
			series[i].Line = excelize.LineOptions{Type: excelize.LineNone}
			dark := excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"262626"}}
			series[i].Marker = excelize.ChartMarker{Symbol: "diamond", Size: 9, Fill: dark}
			markers = append(markers, series[i])
			continue
		}
		bars = append(bars, series[i])
	}
	c := &excelize.Chart{
		Type:       p.kind,
		Series:     bars,
		Title:      excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: clean(p.title)}}},
		Dimension:  excelize.ChartDimension{Width: chartWidth, Height: chartHeight},
		Format:     excelize.GraphicOptions{Positioning: "oneCell"}, // its own size, whatever the columns
		Legend:     excelize.ChartLegend{Position: "bottom"},
		VaryColors: ptr(false),
		XAxis:      excelize.ChartAxis{Title: axisTitle(p.xTitle), Font: axisFont},
		YAxis:      excelize.ChartAxis{Title: axisTitle(p.yTitle), MajorGridLines: true, Font: axisFont},
	}
	if longest(p.categories)*float64(len(p.categories)) > crowded && p.kind != excelize.Bar {
		// Long names under columns slant rather than overlap or thin out.
		c.XAxis.Alignment.TextRotation = -45
	}
	if p.logX {
		c.XAxis.LogBase = 10
	}
	if p.logY {
		c.YAxis.LogBase = 10
		if p.floor > 0 {
			c.YAxis.Minimum = ptr(p.floor)
		}
	}
	if p.kind == excelize.ColStacked {
		c.Overlap = ptr(100)
	}
	var combo []*excelize.Chart
	if len(markers) > 0 {
		combo = append(combo, &excelize.Chart{Type: excelize.Line, Series: markers,
			XAxis: c.XAxis, YAxis: excelize.ChartAxis{LogBase: c.YAxis.LogBase, Minimum: c.YAxis.Minimum, Font: axisFont}})
	}
	wb.pending = append(wb.pending, pendingChart{sheet: sh, at: at, chart: c, combo: combo})
	return row
}

// A chart's size in pixels, two abreast filling a landscape page, and its
// axes' words: dark and large enough to read on screen and on paper
// (excelize's default is a pale 9 pt grey).
const (
	chartWidth, chartHeight = 540, 340
	chartGap                = 12
	rowsPerChart            = 18 // rows of the default 20 px a chart and its gap take
	crowded                 = 70 // characters of category names (the longest times their count) above which they slant
)

var axisFont = excelize.Font{Size: 9, Color: "262626"}

// longest is the width of the longest name, in characters.
func longest(names []string) float64 {
	w := 0.0
	for _, n := range names {
		line, _ := textWidth(n)
		w = max(w, line)
	}
	return w
}

func axisTitle(s string) excelize.ChartTitle {
	return excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: clean(s)}}}
}

// dollar is the absolute A1 reference of a cell, without its sheet.
func dollar(col, row int) string {
	c, _ := excelize.CoordinatesToCellName(col, row, true)
	return c
}

func (wb *workbook) point(sh string, col, row int, p point) {
	switch {
	case p.blank:
	case p.formula != "":
		wb.formula(sh, col, row, p.formula)
		wb.style(sh, col, row, stShown)
	default:
		wb.number(sh, col, row, p.value)
		if p.format != "" {
			wb.style(sh, col, row, stPlain+"#"+p.format)
		}
	}
}

// axisFormat is the number format of an axis' values shown for reading:
// the decimals of the display the core chooses for them all, where it is the
// one the chart's axis shows them in.
func (wb *workbook) axisFormat(a chart.Axis, series []chart.Series, x bool) string {
	var all []float64
	for _, s := range series {
		if x {
			all = append(all, s.X...)
		} else {
			all = append(all, s.Y...)
			all = append(all, s.Low...)
			all = append(all, s.High...)
		}
	}
	if a.Unit == "" || len(all) == 0 {
		return ""
	}
	per := a.Per
	if per == 0 {
		per = 1
	}
	if d := present.ChooseColumn(a.Unit, wb.s.Units, all, present.Axis); d.Per == per {
		return fixedFormat(d)
	}
	return ""
}

// ref is a point showing a quantity, divided by div for reading ("" for
// none); blank when the estimate has no such quantity.
func (wb *workbook) ref(id, div string) point {
	name, ok := wb.name(id)
	if _, has := wb.est.Get(id); !ok || !has {
		return blank
	}
	if div != "" {
		return point{formula: name + "/" + div}
	}
	return point{formula: name}
}

// defaultPlots are the workbook's charts built from the quantities: systems
// per network and system, time to train against GPUs, the cost breakdown,
// and the systems as the data grows where the report carries that chart
// (chart.Carries).
func (wb *workbook) defaultPlots() []plot {
	s := wb.s
	days, _ := wb.name("DAY")
	var out []plot

	systems := plot{title: wb.t("xlsx.plot.systems"), xTitle: wb.t("network"), yTitle: wb.t("systems"), kind: excelize.Col}
	for _, w := range s.Workloads {
		systems.categories = append(systems.categories, w.Name())
	}
	for _, sys := range s.Systems {
		ps := plotSeries{name: sys.Name()}
		for _, w := range s.Workloads {
			ps.y = append(ps.y, wb.ref("team."+w.ID+".systems."+sys.ID, ""))
		}
		systems.series = append(systems.series, ps)
	}
	out = append(out, systems)

	w := s.Workloads[0]
	if s.Money != nil {
		for _, x := range s.Workloads {
			if x.ID == s.Money.Workload {
				w = x
			}
		}
	}
	scaling := plot{title: wb.tf("xlsx.plot.scaling", w.Name()), xTitle: wb.t("scaling.x"), yTitle: wb.t("xlsx.days"), kind: excelize.Scatter, logX: true, logY: true}
	for si, sys := range s.Systems {
		gpuTime, ok := wb.name("train." + w.ID + ".gpu_time." + sys.ID)
		perJob, ok2 := wb.name("team." + w.ID + ".gpus_per_job." + sys.ID)
		gpus, ok3 := wb.name(fmt.Sprintf("systems[%d].gpus", si))
		if !ok || !ok2 || !ok3 {
			continue
		}
		type step struct {
			x        point
			at       float64 // its value now, to order the points
			modelled point
		}
		steps := []step{{x: value(1), at: 1, modelled: point{formula: gpuTime + "/" + days}}}
		steps = append(steps, step{x: point{formula: gpus}, at: sys.GPUs,
			modelled: wb.ref("train."+w.ID+".system_time."+sys.ID, days)})
		q, _ := wb.est.Get("team." + w.ID + ".gpus_per_job." + sys.ID)
		job := wb.ref("train."+w.ID+".job_time."+sys.ID, days)
		if job.blank { // linear scaling: the job's GPUs share the run evenly
			job = point{formula: gpuTime + "/" + perJob + "/" + days}
		}
		steps = append(steps, step{x: point{formula: perJob}, at: q.Value, modelled: job})
		sort.SliceStable(steps, func(i, j int) bool { return steps[i].at < steps[j].at })
		modelled := plotSeries{name: wb.tf("scaling.model", sys.Name())}
		ideal := plotSeries{name: wb.tf("scaling.ideal", sys.Name())}
		for _, st := range steps {
			modelled.x = append(modelled.x, st.x)
			modelled.y = append(modelled.y, st.modelled)
			ideal.x = append(ideal.x, st.x)
			x := st.x.formula
			if x == "" {
				x = num(st.x.value)
			}
			ideal.y = append(ideal.y, point{formula: gpuTime + "/" + x + "/" + days})
		}
		scaling.series = append(scaling.series, modelled, ideal)
	}
	out = append(out, scaling)

	if s.Money != nil {
		cur := wb.currency()
		cost := plot{title: wb.tf("xlsx.plot.cost", cur), xTitle: wb.t("xlsx.expense"), yTitle: cur, kind: excelize.ColStacked,
			categories: []string{wb.t("ask.capex"), wb.t("ask.opex")}}
		for _, part := range []struct {
			name, id string
			opex     bool
		}{
			{wb.t("cost.hardware"), "cost.hardware", false}, {wb.t("cost.network"), "cost.network", false}, {wb.t("cost.storage"), "cost.storage", false},
			{wb.t("cost.power"), "cost.power_per_year", true}, {wb.t("cost.support"), "cost.support_per_year", true},
		} {
			ps := plotSeries{name: part.name, y: []point{wb.ref(part.id, ""), blank}}
			if part.opex {
				ps.y[0], ps.y[1] = blank, ps.y[0]
			}
			cost.series = append(cost.series, ps)
		}
		out = append(out, cost)
		if s.Growth != nil && s.Growth.Years != nil {
			plan := plot{title: wb.tf("xlsx.plot.plan", cur), xTitle: wb.t("xlsx.year"), yTitle: cur, kind: excelize.ColStacked}
			capex, opex := plotSeries{name: wb.t("ask.capex")}, plotSeries{name: wb.t("xlsx.opex")}
			for y := 1; y <= int(*s.Growth.Years); y++ {
				plan.categories = append(plan.categories, wb.tf("cost.year", y))
				capex.y = append(capex.y, wb.ref(fmt.Sprintf("growth.y%d.capex", y), ""))
				opex.y = append(opex.y, wb.ref(fmt.Sprintf("growth.y%d.opex", y), ""))
			}
			plan.series = []plotSeries{capex, opex}
			out = append(out, plan)
		}
	}

	if !chart.Carries(s, chart.ComputeGrowth) {
		return out // growth's one point, today, says nothing
	}
	growth := plot{title: wb.t("xlsx.plot.growth"), xTitle: wb.t("xlsx.datax"), yTitle: wb.t("systems"), kind: excelize.Line, logY: true}
	for n := 1; n <= s.GrowthFactor(); n++ {
		growth.categories = append(growth.categories, strconv.Itoa(n)+"x")
	}
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			ps := plotSeries{name: wb.tf("xlsx.on", w.Name(), sys.Name())}
			for n := 1; n <= s.GrowthFactor(); n++ {
				ps.y = append(ps.y, wb.ref(fmt.Sprintf("growth.%s.systems_n%d.%s", w.ID, n, sys.ID), ""))
			}
			growth.series = append(growth.series, ps)
		}
	}
	out = append(out, growth)
	return out
}

// fromSpec turns a chart spec of the report into a plot, in the axes' display
// units. A point whose id names a quantity with the same value becomes a
// formula over that quantity's cell; any other point is written as its value.
func (wb *workbook) fromSpec(sp chart.Spec) plot {
	cats, values := sp.X, sp.Y // the category (or x) axis and the value axis
	if sp.Kind == chart.Tornado {
		cats, values = sp.Y, sp.X
	}
	p := plot{title: sp.Title, note: sp.Note, xTitle: cats.Name(), yTitle: values.Name(), logY: values.Log, logX: cats.Log,
		categories: cats.Categories, floor: sp.BarFloor()}
	switch sp.Kind {
	case chart.Bar:
		p.kind = excelize.Col
	case chart.Range:
		p.kind = excelize.ColStacked
	case chart.StackedBar:
		p.kind = excelize.ColStacked
	case chart.Tornado:
		p.kind = excelize.Bar
	default:
		p.kind = excelize.Line
		if p.categories == nil {
			p.kind = excelize.Scatter
		}
	}
	if sp.Empty() {
		return p
	}
	per := values.Per
	yFormat, xFormat := wb.axisFormat(values, sp.Series, false), wb.axisFormat(cats, sp.Series, true)
	pointAt := func(s chart.Series, ys []float64, i int) point {
		if i < len(s.IDs) && s.IDs[i] != "" {
			if q, ok := wb.est.Get(s.IDs[i]); ok && q.Value == ys[i] {
				div := ""
				if per != 0 && per != 1 {
					div = num(per)
				}
				return wb.ref(s.IDs[i], div)
			}
		}
		return point{value: values.Show(ys[i]), format: yFormat}
	}
	type part struct {
		name string
		ys   []float64
		draw drawAs
		span bool // P90 minus P10, the two parts before it
	}
	for _, s := range sp.Series {
		parts := []part{{name: s.Name, ys: s.Y}}
		if s.Limit {
			parts[0].draw = drawMarker // over the stack it holds, not on it
		}
		switch sp.Kind {
		case chart.Range:
			// A floating bar from P10 to P90 with a marker at P50: the
			// stacked P10 is invisible and the span is P90 minus P10.
			// (The uncertainty chart has one series: stacked bars of
			// several would stand on each other.)
			parts = []part{{wb.t("p10"), s.Low, drawBase, false}, {wb.t("p90"), s.High, drawTable, false},
				{s.Name, s.High, drawBar, true}, {wb.t("p50"), s.Y, drawMarker, false}}
		case chart.Tornado:
			parts = []part{{name: s.Name + ", " + wb.t("tornado.low"), ys: s.Low}, {name: s.Name + ", " + wb.t("tornado.high"), ys: s.High}}
		}
		for _, pt := range parts {
			ps := plotSeries{name: pt.name, dashed: s.Dashed, draw: pt.draw}
			if pt.span {
				n := len(p.series)
				ps.span = &[2]int{n - 2, n - 1}
			}
			for i := range pt.ys {
				ps.y = append(ps.y, pointAt(s, pt.ys, i))
				if p.categories == nil {
					x := blank
					if i < len(s.X) {
						x = point{value: cats.Show(s.X[i]), format: xFormat}
					}
					ps.x = append(ps.x, x)
				}
			}
			p.series = append(p.series, ps)
		}
	}
	return p
}
