// Package echarts builds each chart's echarts option from its internal/chart
// spec, with go-echarts, once for every surface that draws with echarts: the
// HTML report inlines the options, the page gets them from the tools module
// and only hands them to echarts' setOption.
//
// This package owns go-echarts; nothing else imports it.
package echarts

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/chart"
)

// ElementID is the element id a chart is drawn into: stable, unlike the
// random ids go-echarts makes up when given none.
func ElementID(sp chart.Spec) string { return "chart-" + sp.ID }

// Option returns a chart's echarts option as JSON, in lang for the words it
// adds (the tornado's legend and axis, the range chart's P50). The JSON is
// safe to place in a <script> element as it is: encoding/json escapes <, >
// and & and the JavaScript line separators inside strings, so a scenario
// named "</script>" stays a string. A chart with nothing to draw
// (chart.Spec.Empty) still gets its axes.
func Option(sp chart.Spec, lang estimator.Lang) (json.RawMessage, error) {
	c, err := build(sp, lang)
	if err != nil {
		return nil, err
	}
	c.Validate()
	// go-echarts types a few settings echarts reads otherwise (a label
	// interval of "0" is taken as "auto"), and knows no media queries: the
	// option is finished as plain JSON.
	raw, err := json.Marshal(c.JSON())
	if err != nil {
		return nil, err
	}
	var o map[string]any
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, err
	}
	// The tooltip draws as rich text on the chart's own canvas or SVG, not
	// as HTML: a page whose CSP refuses inline styles (style-src 'self')
	// would strip an HTML tooltip of its markers and layout.
	merge(o, "tooltip", map[string]any{"renderMode": "richText"})
	if sp.Kind == chart.Line {
		// The pointer's value on a numeric x axis heads the tooltip: the
		// axis' own precision, not a log axis' "3.0000000000".
		merge(o, "xAxis", map[string]any{"axisPointer": map[string]any{"label": map[string]any{"precision": sp.X.Digits}}})
	}
	if sp.Kind == chart.StackedBar && hasLimit(sp) {
		// go-echarts sizes a symbol by one number, a dash needs two, and
		// knows no bar's largest width: one or two bars would fill the plot.
		list, _ := o["series"].([]any)
		for _, se := range list {
			switch se, _ := se.(map[string]any); se["type"] {
			case "scatter":
				se["symbolSize"] = []int{limitMark, 3}
				se["z"] = 3
			case "bar":
				se["barMaxWidth"] = limitBar
			}
		}
		// The legend draws a limit as the dash it is, not the scatter's dot.
		var items []any
		for _, se := range sp.Series {
			if se.Limit {
				items = append(items, map[string]any{"name": se.Name, "icon": "path://M0,9H25V12H0Z"})
			} else {
				items = append(items, se.Name)
			}
		}
		merge(o, "legend", map[string]any{"data": items})
	}
	if sp.Kind == chart.Range {
		list, _ := o["series"].([]any)
		for _, se := range list {
			if se, _ := se.(map[string]any); se["type"] == "candlestick" {
				se["tooltip"] = map[string]any{"show": false}
			}
		}
	}
	fit(o, sp, lang)
	return json.Marshal(printable(o))
}

// printable makes every string of an option printable: a chart's title,
// series and categories hold the scenario's names and labels, which echarts
// draws like any other text (estimator.PrintableLines; a line break, which
// an axis name may hold, stays one).
func printable(v any) any {
	switch v := v.(type) {
	case string:
		return estimator.PrintableLines(v, "\n")
	case map[string]any:
		for k, x := range v {
			v[k] = printable(x)
		}
	case []any:
		for i, x := range v {
			v[i] = printable(x)
		}
	case []map[string]any: // fit's media queries
		for _, x := range v {
			printable(x)
		}
	}
	return v
}

// built is what every go-echarts chart gives once its series are added.
type built interface {
	Validate()
	JSON() map[string]any
}

// build makes the go-echarts chart of one spec.
func build(sp chart.Spec, lang estimator.Lang) (built, error) {
	common := []charts.GlobalOpts{
		charts.WithColorsOpts(opts.Colors(chart.Palette)),
		charts.WithAnimation(false),
		// A plain legend wraps onto more rows where the chart is narrow
		// (legendRoom makes room for them); a scrolling one would hide
		// series behind its page arrows.
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(len(sp.Series) > 1), Bottom: "0"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithGridOpts(opts.Grid{Left: "60", Right: "30", Top: "20", Bottom: strconv.Itoa(gridBottom), ContainLabel: opts.Bool(true)}),
	}
	switch sp.Kind {
	case chart.Line:
		return line(sp, common), nil
	case chart.Scatter:
		return scatter(sp, common), nil
	case chart.Bar, chart.StackedBar:
		return bar(sp, common), nil
	case chart.Range:
		return ranges(sp, lang, common), nil
	case chart.Tornado:
		return tornado(sp, lang, common), nil
	}
	return nil, fmt.Errorf("chart %s: unknown kind %q", sp.ID, sp.Kind)
}

func line(sp chart.Spec, common []charts.GlobalOpts) built {
	l := charts.NewLine()
	l.SetGlobalOptions(append(common,
		charts.WithXAxisOpts(valueAxisX(sp.X)),
		charts.WithYAxisOpts(valueAxisY(sp)))...)
	for _, se := range sp.Series {
		data := make([]opts.LineData, len(se.Y))
		for i := range se.Y {
			data[i] = opts.LineData{Value: []any{sp.X.Round(se.X[i]), show(sp.Y, se.Y[i])}}
		}
		style := opts.LineStyle{Width: 2}
		if se.Dashed {
			style.Type = "dashed"
		}
		l.AddSeries(se.Name, data, charts.WithLineStyleOpts(style))
	}
	return l
}

// scatter draws each series' points unjoined, a marked series' larger. Each
// point's tooltip names it: the axis pointer of a line chart would pick one
// x among points that share none.
func scatter(sp chart.Spec, common []charts.GlobalOpts) built {
	c := charts.NewScatter()
	c.SetGlobalOptions(append(common,
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithXAxisOpts(valueAxisX(sp.X)),
		charts.WithYAxisOpts(valueAxisY(sp)))...)
	for _, se := range sp.Series {
		size := 7
		if se.Marked {
			size = 16
		}
		data := make([]opts.ScatterData, len(se.Y))
		for i := range se.Y {
			data[i] = opts.ScatterData{Value: []any{sp.X.Round(se.X[i]), show(sp.Y, se.Y[i])}, SymbolSize: size}
			if i < len(se.Names) {
				data[i].Name = se.Names[i]
			}
		}
		c.AddSeries(se.Name, data)
	}
	return c
}

func bar(sp chart.Spec, common []charts.GlobalOpts) built {
	b := charts.NewBar()
	y := valueAxisY(sp)
	// echarts grows bars on a log axis from 1, so a floor below 1 would
	// only leave an empty band under them.
	if floor := sp.BarFloor(); floor >= 1 {
		y.Min = floor
	}
	b.SetGlobalOptions(append(common,
		charts.WithXAxisOpts(categoryX(sp.X)),
		charts.WithYAxisOpts(y))...)
	b.SetXAxis(sp.X.Categories)
	var limits []chart.Series
	for _, se := range sp.Series {
		if se.Limit {
			limits = append(limits, se)
			continue
		}
		data := make([]opts.BarData, len(se.Y))
		for i, v := range se.Y {
			data[i] = opts.BarData{Value: show(sp.Y, v)}
		}
		var so []charts.SeriesOpts
		if sp.Kind == chart.StackedBar {
			so = append(so, charts.WithBarChartOpts(opts.BarChart{Stack: "total"}))
		}
		b.AddSeries(se.Name, data, so...)
	}
	if len(limits) > 0 {
		// A limit is a dash across each bar (limitMark sizes it), over the
		// stack it holds.
		marks := charts.NewScatter()
		marks.SetXAxis(sp.X.Categories)
		for _, se := range limits {
			data := make([]opts.ScatterData, len(se.Y))
			for i, v := range se.Y {
				data[i] = opts.ScatterData{Value: show(sp.Y, v), Symbol: "rect"}
			}
			marks.AddSeries(se.Name, data, charts.WithItemStyleOpts(opts.ItemStyle{Color: limitColor}))
		}
		b.Overlap(marks)
	}
	return b
}

// A stacked bar's limit is drawn as a dash limitMark px wide and 3 high, in
// limitColor, across bars at most limitBar px wide.
const (
	limitBar   = 64
	limitMark  = limitBar + 16
	limitColor = "#333333"
)

func hasLimit(sp chart.Spec) bool {
	for _, se := range sp.Series {
		if se.Limit {
			return true
		}
	}
	return false
}

// ranges draws P10..P90 as a candlestick body per category with P50 as a dot
// on it. The tooltip reads P10, P50 and P90 from three scatter series (the
// two ends not drawn): a candlestick's own would list echarts' open, close,
// lowest and highest, in English.
func ranges(sp chart.Spec, lang estimator.Lang, common []charts.GlobalOpts) built {
	k := charts.NewKLine()
	k.SetGlobalOptions(append(common,
		charts.WithXAxisOpts(categoryX(sp.X)),
		charts.WithYAxisOpts(valueAxisY(sp)))...)
	k.SetXAxis(sp.X.Categories)
	scatter := charts.NewScatter()
	scatter.SetXAxis(sp.X.Categories)
	for si, se := range sp.Series {
		box := make([]opts.KlineData, len(se.Low))
		low := make([]opts.ScatterData, len(se.Low))
		mid := make([]opts.ScatterData, len(se.Y))
		high := make([]opts.ScatterData, len(se.High))
		for i := range se.Low {
			lo, hi := sp.Y.Round(se.Low[i]), sp.Y.Round(se.High[i])
			box[i] = opts.KlineData{Value: []float64{lo, hi, lo, hi}}
			low[i] = opts.ScatterData{Value: lo, Symbol: "none"}
			high[i] = opts.ScatterData{Value: hi, Symbol: "none"}
		}
		for i, v := range se.Y {
			mid[i] = opts.ScatterData{Value: sp.Y.Round(v), Symbol: "circle", SymbolSize: 10}
		}
		col := chart.Palette[si%len(chart.Palette)]
		k.AddSeries(se.Name, box, charts.WithItemStyleOpts(opts.ItemStyle{Color: col, Color0: col, BorderColor: col, BorderColor0: col}))
		scatter.AddSeries(chart.Text(lang, "p90"), high, charts.WithItemStyleOpts(opts.ItemStyle{Color: col}))
		scatter.AddSeries(chart.Text(lang, "p50"), mid, charts.WithItemStyleOpts(opts.ItemStyle{Color: "#333333"}))
		scatter.AddSeries(chart.Text(lang, "p10"), low, charts.WithItemStyleOpts(opts.ItemStyle{Color: col}))
	}
	k.Overlap(scatter)
	return k
}

// tornado draws each input's low and high as bars out from the target's base
// value, the largest swing on top.
func tornado(sp chart.Spec, lang estimator.Lang, common []charts.GlobalOpts) built {
	b := charts.NewBar()
	x := valueAxisX(sp.X)
	// The ticks are the change from the base, in the axis' display unit; the
	// target's long name is the title's, and would run off a narrow plot.
	x.Name = fmt.Sprintf(chart.Text(lang, "tornado.axis"), formatShow(sp.X, sp.Base))
	b.SetGlobalOptions(append(common,
		charts.WithXAxisOpts(x),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Inverse: opts.Bool(true), AxisLabel: &opts.AxisLabel{Interval: "0", Show: opts.Bool(true)}}))...)
	b.SetXAxis(sp.Y.Categories)
	b.XYReversal()
	for _, se := range sp.Series {
		low := make([]opts.BarData, len(se.Low))
		high := make([]opts.BarData, len(se.High))
		for i := range se.Low {
			// Bars grow from the base line: the change the input's low
			// and high make to the target.
			low[i] = opts.BarData{Value: sp.X.Round(se.Low[i] - sp.Base)}
			high[i] = opts.BarData{Value: sp.X.Round(se.High[i] - sp.Base)}
		}
		b.AddSeries(chart.Text(lang, "tornado.low"), low, charts.WithBarChartOpts(opts.BarChart{Stack: "swing"}))
		b.AddSeries(chart.Text(lang, "tornado.high"), high, charts.WithBarChartOpts(opts.BarChart{Stack: "swing"}))
	}
	// Low and high are two series even for one input: the legend tells them apart.
	b.SetGlobalOptions(charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Bottom: "0"}))
	return b
}

func axisType(a chart.Axis) string {
	if a.Log {
		return "log"
	}
	return "value"
}

func valueAxisX(a chart.Axis) opts.XAxis {
	return opts.XAxis{Type: axisType(a), Name: a.Name(), NameLocation: "middle", NameGap: 28}
}

// valueAxisY is sp's vertical value axis, its name turned beside the tick
// labels, clear of the widest: echarts' 8 px label margin and 10 px of air
// beyond it. The grid leaves 60 px left of the labels for the name.
func valueAxisY(sp chart.Spec) opts.YAxis {
	gap := int(math.Ceil(textWidth(widestTick(sp)) + 8 + 10))
	return opts.YAxis{Type: axisType(sp.Y), Name: sp.Y.Name(), NameLocation: "middle", NameGap: gap}
}

// widestTick is about the widest tick label of sp's vertical axis, as
// echarts writes it (thousands separated, no exponent): the top tick, the
// next power of ten above the largest value on a log axis, else that value
// rounded up to one significant digit, as echarts' nice intervals end near
// it; on a log axis also the bottom tick, a power of ten at or below the
// least value ("0.0001" is wider than "10").
func widestTick(sp chart.Spec) string {
	top, least := 0.0, math.Inf(1)
	for _, se := range sp.Series {
		for _, vs := range [][]float64{se.Y, se.Low, se.High} {
			for _, v := range vs {
				a := math.Abs(sp.Y.Show(v))
				top = max(top, a)
				if a > 0 {
					least = min(least, a)
				}
			}
		}
	}
	if top <= 0 {
		return "0"
	}
	decade := math.Pow(10, math.Floor(math.Log10(top)))
	ticks := []float64{math.Ceil(top/decade) * decade}
	if sp.Y.Log {
		ticks = []float64{math.Pow(10, math.Ceil(math.Log10(top))), math.Pow(10, math.Floor(math.Log10(least)))}
	}
	widest := ""
	for _, t := range ticks {
		if l := tickLabel(t); len(l) > len(widest) {
			widest = l
		}
	}
	return widest
}

// tickLabel writes a tick of one significant digit as echarts does:
// 1,000,000 and 0.0001.
func tickLabel(v float64) string {
	if v < 1 {
		return strconv.FormatFloat(v, 'f', int(math.Ceil(-math.Log10(v)-1e-9)), 64)
	}
	digits := strconv.FormatFloat(v, 'f', 0, 64)
	for i := len(digits) - 3; i > 0; i -= 3 {
		digits = digits[:i] + "," + digits[i:]
	}
	return digits
}

// categoryX is a category axis: its labels and name are laid out by fit,
// which knows the chart's widths.
func categoryX(a chart.Axis) opts.XAxis {
	return opts.XAxis{Type: "category", Name: a.Name(), NameLocation: "middle"}
}

// textWidth estimates text's width in px at echarts' 12 px default font:
// about 6.5 px a character and 12 px a wide (CJK) one, as Go cannot measure
// the browser's text.
func textWidth(text string) float64 {
	w := 0.0
	for _, r := range text {
		if r >= 0x1100 {
			w += 12
		} else {
			w += 6.5
		}
	}
	return w
}

// show is a value for display on a, rounded as the axis shows it so a
// tooltip reads what the ticks do; zero or less on a log axis is left out
// ("-" is echarts' missing value), as a log axis cannot place it.
func show(a chart.Axis, v float64) any {
	if a.Log && v <= 0 {
		return "-"
	}
	return a.Round(v)
}

func formatShow(a chart.Axis, v float64) string {
	return strings.TrimSpace(fmt.Sprintf("%.4g %s", a.Show(v), a.Suffix))
}

// gridBottom is the room under the plot for the x axis' name and one row of
// legend.
const gridBottom = 75

// Legend items as echarts draws them: a 25 px symbol, 5 px to the text,
// 10 px to the next item and between rows, 14 px rows, 5 px padding.
const (
	legendSymbol  = 25 + 5
	legendGap     = 10
	legendRow     = 14
	legendPadding = 5
)

// widths are the chart widths, in px, whose layouts fit plans: the page
// from a 320 px phone to a wide screen. The option's own layout is the
// widest's; a media query for each narrower band (up to the next width)
// lays it out for the band's narrowest chart.
var widths = []int{300, 360, 480, 640, 800, 1000}

// valueTickSpace is the room, in px, a value axis' tick label needs beside
// the next ("-250", "1,000" and air).
const valueTickSpace = 60

// plotMargin is what a chart's width loses to the grid's sides (60 and 30
// px) and the value axis' labels beside the plot.
const plotMargin = 60 + 30 + 50

// fit lays out what depends on the chart's width, which only the browser
// knows: category labels (every one shown, turned as far as they need, the
// axis name below them), the tornado's input names (wrapped) and the rows a
// wrapped legend takes (echarts makes no room for them itself). Text widths
// are estimated (textWidth).
func fit(o map[string]any, sp chart.Spec, lang estimator.Lang) {
	layout := func(width int) map[string]any {
		out := map[string]any{}
		if rows := legendRows(legendNames(sp, lang), width); rows > 1 {
			out["grid"] = map[string]any{"bottom": gridBottom + (rows-1)*(legendRow+legendGap)}
		}
		switch {
		case sp.Kind == chart.Tornado:
			// The input names wrap within a third of the chart, beside the
			// bars; the bars' ticks thin out so that none runs into the next.
			out["yAxis"] = map[string]any{"axisLabel": map[string]any{"interval": 0, "width": width / 3, "overflow": "break"}}
			out["xAxis"] = map[string]any{"splitNumber": min(max((width*2/3-plotMargin)/valueTickSpace, 2), 5)}
		case len(sp.X.Categories) > 0:
			turn, gap := turnLabels(sp.X.Categories, width)
			out["xAxis"] = map[string]any{"nameGap": gap, "axisLabel": map[string]any{"interval": 0, "rotate": turn}}
		}
		return out
	}
	widest := widths[len(widths)-1]
	for key, v := range layout(widest) {
		merge(o, key, v)
	}
	var media []map[string]any
	base := layout(widest)
	for i := len(widths) - 1; i > 0; i-- {
		// Wider bands first: echarts applies every query that matches, in
		// order, so the narrowest band's layout wins.
		if l := layout(widths[i-1]); !sameJSON(l, base) {
			media = append(media, map[string]any{"query": map[string]any{"maxWidth": widths[i]}, "option": l})
		}
	}
	if len(media) > 0 {
		o["media"] = media
	}
}

// merge sets v's settings into the option's component key (the first, where
// the option holds a list of them).
func merge(o map[string]any, key string, v any) {
	dst, ok := o[key].(map[string]any)
	if list, isList := o[key].([]any); isList && len(list) > 0 {
		dst, ok = list[0].(map[string]any)
	}
	src, isMap := v.(map[string]any)
	if !ok || !isMap {
		o[key] = v
		return
	}
	for k, sv := range src {
		merge(dst, k, sv)
	}
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// legendRows is how many rows a legend of names wraps onto in a chart width
// px wide; 1 for no legend.
func legendRows(names []string, width int) int {
	if len(names) < 2 {
		return 1
	}
	rows, x := 1, 0.0
	for _, n := range names {
		w := legendSymbol + textWidth(n)
		if x > 0 && x+w > float64(width-2*legendPadding) {
			rows, x = rows+1, 0
		}
		x += w + legendGap
	}
	return rows
}

// legendNames are the legend's entries: the series' names, or the two the
// tornado adds; none where the chart has no legend.
func legendNames(sp chart.Spec, lang estimator.Lang) []string {
	switch {
	case sp.Kind == chart.Tornado:
		return []string{chart.Text(lang, "tornado.low"), chart.Text(lang, "tornado.high")}
	case sp.Kind == chart.Range || len(sp.Series) < 2:
		return nil
	}
	var out []string
	for _, se := range sp.Series {
		out = append(out, se.Name)
	}
	return out
}

// turns are the angles category labels may turn, in degrees, least first.
var turns = []float64{0, 15, 30, 45, 90}

// turnLabels is how far labels turn on a chart width px wide, and the axis
// name's distance below the axis: level when the widest fits its slot, else
// the least turn at which neighbours, a 14 px line apart across the slot,
// do not touch. The name clears the turned labels' drop, echarts' 8 px
// label margin and a few pixels of air.
func turnLabels(labels []string, width int) (turn float64, gap int) {
	widest := 0.0
	for _, l := range labels {
		widest = max(widest, textWidth(l))
	}
	slot := float64(width-plotMargin) / float64(len(labels))
	for _, turn = range turns {
		rad := turn * math.Pi / 180
		if (turn == 0 && widest <= slot-6) || (turn > 0 && 14/math.Sin(rad) <= slot) {
			break
		}
	}
	rad := turn * math.Pi / 180
	return turn, int(math.Ceil(widest*math.Sin(rad) + 12*math.Cos(rad) + 8 + 6))
}
