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
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

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
func Option(sp chart.Spec, lang string) (json.RawMessage, error) {
	c, err := build(sp, lang)
	if err != nil {
		return nil, err
	}
	c.Validate()
	return json.Marshal(c.JSON())
}

// built is what every go-echarts chart gives once its series are added.
type built interface {
	Validate()
	JSON() map[string]any
}

// build makes the go-echarts chart of one spec.
func build(sp chart.Spec, lang string) (built, error) {
	common := []charts.GlobalOpts{
		charts.WithColorsOpts(opts.Colors(chart.Palette)),
		charts.WithAnimation(false),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(len(sp.Series) > 1), Bottom: "0", Type: "scroll"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithGridOpts(opts.Grid{Left: "60", Right: "30", Top: "20", Bottom: "75", ContainLabel: opts.Bool(true)}),
	}
	switch sp.Kind {
	case chart.Line:
		return line(sp, common), nil
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
		charts.WithYAxisOpts(valueAxisY(sp.Y)))...)
	for _, se := range sp.Series {
		data := make([]opts.LineData, len(se.Y))
		for i := range se.Y {
			data[i] = opts.LineData{Value: []any{sp.X.Show(se.X[i]), show(sp.Y, se.Y[i])}}
		}
		style := opts.LineStyle{Width: 2}
		if se.Dashed {
			style.Type = "dashed"
		}
		l.AddSeries(se.Name, data, charts.WithLineStyleOpts(style))
	}
	return l
}

func bar(sp chart.Spec, common []charts.GlobalOpts) built {
	b := charts.NewBar()
	y := valueAxisY(sp.Y)
	// echarts grows bars on a log axis from 1, so a floor below 1 would
	// only leave an empty band under them.
	if floor := sp.BarFloor(); floor >= 1 {
		y.Min = floor
	}
	b.SetGlobalOptions(append(common,
		charts.WithXAxisOpts(categoryX(sp.X)),
		charts.WithYAxisOpts(y))...)
	b.SetXAxis(sp.X.Categories)
	for _, se := range sp.Series {
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
	return b
}

// ranges draws P10..P90 as a candlestick body per category with P50 as a dot
// on it.
func ranges(sp chart.Spec, lang string, common []charts.GlobalOpts) built {
	k := charts.NewKLine()
	k.SetGlobalOptions(append(common,
		charts.WithXAxisOpts(categoryX(sp.X)),
		charts.WithYAxisOpts(valueAxisY(sp.Y)))...)
	k.SetXAxis(sp.X.Categories)
	scatter := charts.NewScatter()
	scatter.SetXAxis(sp.X.Categories)
	for si, se := range sp.Series {
		box := make([]opts.KlineData, len(se.Low))
		mid := make([]opts.ScatterData, len(se.Y))
		for i := range se.Low {
			lo, hi := sp.Y.Show(se.Low[i]), sp.Y.Show(se.High[i])
			box[i] = opts.KlineData{Value: []float64{lo, hi, lo, hi}}
		}
		for i, v := range se.Y {
			mid[i] = opts.ScatterData{Value: sp.Y.Show(v), Symbol: "circle", SymbolSize: 10}
		}
		col := chart.Palette[si%len(chart.Palette)]
		k.AddSeries(se.Name, box, charts.WithItemStyleOpts(opts.ItemStyle{Color: col, Color0: col, BorderColor: col, BorderColor0: col}))
		scatter.AddSeries(chart.Text(lang, "p50"), mid, charts.WithItemStyleOpts(opts.ItemStyle{Color: "#333333"}))
	}
	k.Overlap(scatter)
	return k
}

// tornado draws each input's low and high as bars out from the target's base
// value, the largest swing on top.
func tornado(sp chart.Spec, lang string, common []charts.GlobalOpts) built {
	b := charts.NewBar()
	x := valueAxisX(sp.X)
	// Two lines: the target's name is long, and one line centred under the
	// plot runs off both sides of a narrow one.
	x.Name = sp.X.Name() + "\n" + fmt.Sprintf(chart.Text(lang, "tornado.axis"), formatShow(sp.X, sp.Base))
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
			low[i] = opts.BarData{Value: sp.X.Show(se.Low[i]) - sp.X.Show(sp.Base)}
			high[i] = opts.BarData{Value: sp.X.Show(se.High[i]) - sp.X.Show(sp.Base)}
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

func valueAxisY(a chart.Axis) opts.YAxis {
	// Vertical, beside the tick labels; the grid leaves 60 px for it.
	return opts.YAxis{Type: axisType(a), Name: a.Name(), NameLocation: "middle", NameGap: 52}
}

// categoryX shows every category's label, slanted when they are many, with
// the axis name below the slanted labels rather than across them.
func categoryX(a chart.Axis) opts.XAxis {
	label := &opts.AxisLabel{Interval: "0", Show: opts.Bool(true)}
	gap := 40
	if len(a.Categories) > 4 {
		label.Rotate = slant
		gap = max(gap, slantedGap(a.Categories))
	}
	return opts.XAxis{Type: "category", Name: a.Name(), NameLocation: "middle", NameGap: gap, AxisLabel: label}
}

// slant is how far many category labels turn, in degrees.
const slant = 15

// slantedGap is the axis name's distance from the axis that clears the
// widest label turned by slant: its drop, echarts' 8 px label margin and a
// few pixels of air. Widths are estimated at echarts' 12 px default font,
// about 6.5 px a character and 12 px a wide (CJK) one, as Go cannot measure
// the browser's text.
func slantedGap(labels []string) int {
	widest := 0.0
	for _, l := range labels {
		w := 0.0
		for _, r := range l {
			if r >= 0x1100 {
				w += 12
			} else {
				w += 6.5
			}
		}
		widest = max(widest, w)
	}
	rad := slant * math.Pi / 180
	return int(math.Ceil(widest*math.Sin(rad) + 12*math.Cos(rad) + 8 + 6))
}

// show is a value for display on a; zero or less on a log axis is left out
// ("-" is echarts' missing value), as a log axis cannot place it.
func show(a chart.Axis, v float64) any {
	if a.Log && v <= 0 {
		return "-"
	}
	return a.Show(v)
}

func formatShow(a chart.Axis, v float64) string {
	return strings.TrimSpace(fmt.Sprintf("%.4g %s", a.Show(v), a.Suffix))
}
