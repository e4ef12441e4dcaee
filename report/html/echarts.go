package html

import (
	"fmt"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/trainscale/trainscale/internal/chart"
)

// ChartID is the element id a chart is drawn into: stable, unlike the random
// ids go-echarts makes up when given none.
func ChartID(sp chart.Spec) string { return "chart-" + sp.ID }

// Option returns a chart's echarts option, in lang for the words it adds, as JSON that is safe to place in a
// <script> element: go-echarts writes it without HTML escaping, so <, > and &
// (which JSON only holds inside strings) and the JavaScript line separators
// are escaped here, and a scenario named "</script>" stays a string.
func Option(sp chart.Spec, lang string) (string, error) {
	r, err := echartsChart(sp, lang)
	if err != nil {
		return "", err
	}
	return scriptSafe.Replace(strings.TrimSpace(string(r))), nil
}

var scriptSafe = strings.NewReplacer("<", `\u003c`, ">", `\u003e`, "&", `\u0026`, "\u2028", `\u2028`, "\u2029", `\u2029`)

// jsoner is what every go-echarts chart gives once validated.
type jsoner interface {
	Validate()
	JSONNotEscaped() jsonText
}

// echartsChart builds the chart with go-echarts and returns its option JSON.
func echartsChart(sp chart.Spec, lang string) (jsonText, error) {
	init := charts.WithInitializationOpts(opts.Initialization{ChartID: ChartID(sp), Renderer: "svg", Width: "100%", Height: "380px"})
	common := []charts.GlobalOpts{
		init,
		charts.WithColorsOpts(opts.Colors(chart.Palette)),
		charts.WithAnimation(false),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(len(sp.Series) > 1), Bottom: "0", Type: "scroll"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithGridOpts(opts.Grid{Left: "60", Right: "30", Top: "20", Bottom: "75", ContainLabel: opts.Bool(true)}),
	}
	var c jsoner
	switch sp.Kind {
	case chart.Line:
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
		c = lineChart{l}
	case chart.Bar, chart.StackedBar:
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
		c = barChart{b}
	case chart.Range:
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
		c = klineChart{k}
	case chart.Tornado:
		b := charts.NewBar()
		x := valueAxisX(sp.X)
		x.Name = sp.X.Name() + ": " + fmt.Sprintf(chart.Text(lang, "tornado.axis"), formatShow(sp.X, sp.Base))
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
		b.SetGlobalOptions(charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Bottom: "0"}))
		c = barChart{b}
	default:
		return "", fmt.Errorf("chart %s: unknown kind %q", sp.ID, sp.Kind)
	}
	c.Validate()
	return c.JSONNotEscaped(), nil
}

// jsonText is go-echarts' option JSON.
type jsonText = string

type lineChart struct{ *charts.Line }

func (c lineChart) JSONNotEscaped() jsonText { return string(c.Line.JSONNotEscaped()) }

type barChart struct{ *charts.Bar }

func (c barChart) JSONNotEscaped() jsonText { return string(c.Bar.JSONNotEscaped()) }

type klineChart struct{ *charts.Kline }

func (c klineChart) JSONNotEscaped() jsonText { return string(c.Kline.JSONNotEscaped()) }

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

// categoryX shows every category's label, slanted when they are many.
func categoryX(a chart.Axis) opts.XAxis {
	label := &opts.AxisLabel{Interval: "0", Show: opts.Bool(true)}
	if len(a.Categories) > 4 {
		label.Rotate = 15
	}
	return opts.XAxis{Type: "category", Name: a.Name(), NameLocation: "middle", NameGap: 40, AxisLabel: label}
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
