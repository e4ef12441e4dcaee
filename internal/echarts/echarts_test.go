package echarts_test

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/internal/echarts"
	"github.com/trainscale/trainscale/report"
)

// specs are the charts of a built-in scenario's report, with the uncertainty
// and tornado charts (a small Monte Carlo run), by id.
func specs(t *testing.T, scenario string, lang estimator.Lang) map[string]chart.Spec {
	t.Helper()
	data, ok := examples.Read(scenario)
	require.True(t, ok, scenario)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := report.Build(est, report.Options{Samples: 500, Seed: 1, Lang: lang})
	require.NoError(t, err)
	out := map[string]chart.Spec{}
	for _, sp := range b.Charts {
		out[sp.ID] = sp
	}
	if b.Frontier != nil {
		out[b.Frontier.ID] = *b.Frontier
	}
	return out
}

// option is a chart's option, decoded for looking into.
type option struct {
	Tooltip struct {
		RenderMode string `json:"renderMode"`
		Trigger    string `json:"trigger"`
	} `json:"tooltip"`
	Legend struct {
		Show   bool   `json:"show"`
		Bottom string `json:"bottom"`
		Type   string `json:"type"`
	} `json:"legend"`
	Media  []media `json:"media"`
	XAxis  []axis  `json:"xAxis"`
	YAxis  []axis  `json:"yAxis"`
	Series []struct {
		Name      string `json:"name"`
		Type      string `json:"type"`
		Stack     string `json:"stack"`
		LineStyle struct {
			Type string `json:"type"`
		} `json:"lineStyle"`
		Data []struct {
			Name       string `json:"name"`
			Value      any    `json:"value"`
			SymbolSize int    `json:"symbolSize"`
		} `json:"data"`
	} `json:"series"`
}

// media is one of an option's media queries: the layout of the charts up
// to a width.
type media struct {
	Query struct {
		MaxWidth int `json:"maxWidth"`
	} `json:"query"`
	Option struct {
		Grid struct {
			Bottom int `json:"bottom"`
		} `json:"grid"`
		XAxis axis `json:"xAxis"`
		YAxis axis `json:"yAxis"`
	} `json:"option"`
}

// mediaAt is the media query that lays out a chart width px wide: echarts
// applies every one that matches, the last winning.
func mediaAt(o option, width int) media {
	var out media
	for _, m := range o.Media {
		if width <= m.Query.MaxWidth {
			out = m
		}
	}
	return out
}

type axis struct {
	Type    string `json:"type"`
	Name    string `json:"name"`
	NameGap int    `json:"nameGap"`
	Label   struct {
		Rotate   float64 `json:"rotate"`
		Interval int     `json:"interval"`
		Width    int     `json:"width"`
		Overflow string  `json:"overflow"`
	} `json:"axisLabel"`
	Min     float64  `json:"min"`
	Split   int      `json:"splitNumber"`
	Inverse bool     `json:"inverse"`
	Data    []string `json:"data"`
}

func decode(t *testing.T, sp chart.Spec, lang estimator.Lang) option {
	t.Helper()
	raw, err := echarts.Option(sp, lang)
	require.NoError(t, err, sp.ID)
	var o option
	require.NoError(t, json.Unmarshal(raw, &o), sp.ID)
	return o
}

func TestOptionPerChart(t *testing.T) {
	byID := specs(t, "article-2017", "en")
	for _, tc := range []struct {
		id    string
		check func(t *testing.T, o option)
	}{
		{chart.ComputeGrowth, func(t *testing.T, o option) {
			assert.Equal(t, "log", o.YAxis[0].Type)
			assert.Equal(t, []any{10.0, 100.0}, o.Series[0].Data[9].Value, "n^2 at 10-fold data")
			assert.False(t, o.Legend.Show, "one series needs no legend")
		}},
		{chart.DataFunnel, func(t *testing.T, o option) {
			assert.Zero(t, o.XAxis[0].Label.Rotate, "three labels stay level")
			assert.Equal(t, 0, o.XAxis[0].Label.Interval, "every label shows")
			// Below the level labels: 12 px of text, echarts' 8 px margin, 6 px of air.
			assert.Equal(t, 26, o.XAxis[0].NameGap)
			// Beside the widest tick label, "1,000,000" (59 px), 8 px margin, 10 px of air.
			assert.Equal(t, 77, o.YAxis[0].NameGap)
			// A decade below the smallest bar (104 TB), so every bar shows.
			assert.Equal(t, 10.0, o.YAxis[0].Min)
			assert.Equal(t, "data per year (TB)", o.YAxis[0].Name)
			assert.Equal(t, 104.0, o.Series[0].Data[2].Value)
		}},
		{chart.Scaling, func(t *testing.T, o option) {
			assert.Equal(t, "pcie-server, ideal", o.Series[0].Name)
			assert.Equal(t, "dashed", o.Series[0].LineStyle.Type, "the ideal line")
			assert.Empty(t, o.Series[1].LineStyle.Type, "the modelled line")
			assert.Equal(t, "log", o.XAxis[0].Type)
			assert.Equal(t, "0", o.Legend.Bottom)
			assert.Empty(t, o.Legend.Type, "a plain legend wraps; a scrolling one hides series")
			// Days from 0.4 to 600: the widest tick is "1,000" (33 px).
			assert.Equal(t, 51, o.YAxis[0].NameGap)
			// Six entries fit one row 1000 px wide; a 390 px phone wraps
			// them onto three rows, so the plot's bottom rises two rows.
			require.NotEmpty(t, o.Media)
			last := o.Media[len(o.Media)-1]
			assert.Equal(t, 360, last.Query.MaxWidth)
			assert.Equal(t, 75+4*24, last.Option.Grid.Bottom, "five rows at 300 px")
			assert.Equal(t, 75+2*24, mediaAt(o, 390).Option.Grid.Bottom, "three rows at 360 px")
		}},
		{chart.SystemsByGeneration, func(t *testing.T, o option) {
			assert.Equal(t, 1.0, o.YAxis[0].Min)
			assert.Equal(t, []string{"P100 (DGX-1)", "V100 (DGX-1)", "A100 (DGX A100)", "H100 (DGX H100)", "B200 (DGX B200)"}, o.XAxis[0].Data)
			assert.Equal(t, 300.0, o.Series[2].Data[0].Value, "Inception-v3 on DGX-1 (P100)")
		}},
		{chart.CostBreakdown, func(t *testing.T, o option) {
			for _, s := range o.Series {
				assert.Equal(t, "total", s.Stack, s.Name)
			}
			// Rounded as the axis shows money, two decimals: the tooltip
			// reads 21.31, not 21.307.
			assert.Equal(t, 21.31, o.Series[0].Data[0].Value, "systems, million USD")
		}},
		{chart.UncertaintyRanges, func(t *testing.T, o option) {
			assert.Equal(t, "candlestick", o.Series[0].Type)
			// The tooltip reads the scatters: P90 above P50 above P10.
			var names []string
			for _, se := range o.Series[1:] {
				assert.Equal(t, "scatter", se.Type)
				names = append(names, se.Name)
			}
			assert.Equal(t, []string{"P90", "P50", "P10"}, names)
			// Six labels, the widest "Inception-v3 / dgx-1-p100" (25
			// characters, 163 px), turn 15 degrees at 1000 px; the axis name
			// sits below their 54 px drop, not across it. On a phone (a 300
			// to 360 px chart) they turn 30 degrees, every one shown.
			assert.Equal(t, 15.0, o.XAxis[0].Label.Rotate)
			assert.Equal(t, 68, o.XAxis[0].NameGap)
			assert.Equal(t, 0, o.XAxis[0].Label.Interval)
			phone := mediaAt(o, 390).Option.XAxis
			assert.Equal(t, 30.0, phone.Label.Rotate)
			assert.Equal(t, 0, phone.Label.Interval)
			assert.Equal(t, 106, phone.NameGap)
		}},
		{chart.TornadoChart, func(t *testing.T, o option) {
			assert.Equal(t, "category", o.YAxis[0].Type)
			assert.True(t, o.YAxis[0].Inverse, "the largest swing on top")
			// Written labels: the field's label, after its workload or system.
			assert.Equal(t, "Reduction (0.000476 - 0.005)", o.YAxis[0].Data[0])
			assert.Contains(t, o.YAxis[0].Data, "Inception-v3: Throughput (16.15 - 21.85)")
			// They wrap within a third of the chart, so the bars keep room.
			assert.Equal(t, "break", o.YAxis[0].Label.Overflow)
			assert.Equal(t, 333, o.YAxis[0].Label.Width)
			assert.Equal(t, 120, mediaAt(o, 390).Option.YAxis.Label.Width)
			// Fewer ticks on a phone, so that "-50 0 50 100" do not run together.
			assert.Equal(t, 5, o.XAxis[0].Split)
			assert.Equal(t, 2, mediaAt(o, 390).Option.XAxis.Split)
			assert.Equal(t, "input at its low", o.Series[0].Name)
			assert.Equal(t, "input at its high", o.Series[1].Name)
			assert.True(t, o.Legend.Show)
			// The ticks are the change from the base, in millions like the name.
			assert.Equal(t, "change from 31.84 million USD", o.XAxis[0].Name)
			assert.Equal(t, 285.21, o.Series[1].Data[0].Value, "the reduction at its high adds 285 million USD, to the axis' two decimals")
		}},
		{chart.CPUvsGPU, func(t *testing.T, o option) {
			// The floor (0.1) is below 1, where echarts grows log bars from.
			assert.Zero(t, o.YAxis[0].Min)
			assert.Equal(t, 40.6, o.Series[1].Data[2].Value)
			assert.Equal(t, 38.63, o.Series[0].Data[2].Value, "the modelled speed-up, rounded as the axis shows a ratio")
		}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			sp, ok := byID[tc.id]
			require.True(t, ok)
			tc.check(t, decode(t, sp, "en"))
		})
	}
}

// On a log axis the bottom tick may be the widest: modern-2026's runs take
// years on one GPU and under a day on 512, so the axis ends at "0.0001"
// (39 px), and the name keeps clear of it.
// The planner's frontier is points, not lines: each names its plan in its
// tooltip, the chosen one drawn larger, on log axes.
func TestFrontierOption(t *testing.T) {
	sp := specs(t, "modern-2026", "en")[chart.FrontierChart]
	o := decode(t, sp, "en")
	assert.Equal(t, "item", o.Tooltip.Trigger)
	assert.Equal(t, "log", o.XAxis[0].Type)
	assert.Equal(t, "log", o.YAxis[0].Type)
	require.Len(t, o.Series, 3)
	for _, se := range o.Series {
		assert.Equal(t, "scatter", se.Type)
	}
	chosen := o.Series[2]
	assert.Equal(t, "cheapest alternative", chosen.Name, "modern-2026 has no plan section: its own purchase is the answer")
	require.Len(t, chosen.Data, 1)
	assert.Equal(t, 16, chosen.Data[0].SymbolSize)
	assert.Equal(t, "Rent hyperstack 8x B200 (on-demand), 13 systems or instances", chosen.Data[0].Name)
	assert.Equal(t, []any{6.9, 0.0154}, chosen.Data[0].Value, "6.9 days, 0.0154 billion USD: the axis counts in billions, up to the fastest plan")
	assert.Equal(t, 7, o.Series[0].Data[0].SymbolSize)
}

func TestAxisNameClearsTheBottomTick(t *testing.T) {
	o := decode(t, specs(t, "modern-2026", "en")[chart.Scaling], "en")
	assert.Equal(t, "one training run (years)", o.YAxis[0].Name)
	assert.Equal(t, 57, o.YAxis[0].NameGap)
}

func TestOptionSpeaksTheLanguage(t *testing.T) {
	o := decode(t, specs(t, "article-2017", "ja")[chart.TornadoChart], "ja")
	assert.Equal(t, chart.Text("ja", "tornado.low"), o.Series[0].Name)
	assert.NotEqual(t, chart.Text("en", "tornado.low"), o.Series[0].Name)
}

func TestOptionIsScriptSafe(t *testing.T) {
	const hostile = "</script><script>alert(1)</script>&\u2028\u2029"
	sp := chart.Spec{ID: "x", Kind: chart.Bar, X: chart.Axis{Label: hostile, Categories: []string{hostile}},
		Series: []chart.Series{{Name: hostile, Y: []float64{1}}}}
	raw, err := echarts.Option(sp, "en")
	require.NoError(t, err)
	for _, bad := range []string{"<", ">", "&", "\u2028", "\u2029"} {
		assert.NotContains(t, string(raw), bad)
	}
	var o option
	require.NoError(t, json.Unmarshal(raw, &o))
	assert.Equal(t, hostile, o.Series[0].Name, "still the name, once parsed")
}

func TestOptionIsDeterministic(t *testing.T) {
	for _, sp := range specs(t, "modern-2026", "en") {
		a, err := echarts.Option(sp, "en")
		require.NoError(t, err)
		b, err := echarts.Option(sp, "en")
		require.NoError(t, err)
		assert.Equal(t, string(a), string(b), sp.ID)
	}
}

func TestUnknownKindIsAnError(t *testing.T) {
	_, err := echarts.Option(chart.Spec{ID: "pie-chart", Kind: "pie"}, "en")
	assert.EqualError(t, err, `chart pie-chart: unknown kind "pie"`)
}

// The tooltip needs no inline style, which a page's strict CSP (style-src
// 'self') strips: it draws as rich text on the chart itself. And it reads
// the values as the axis shows them: two decimals, or three significant
// digits below 1, never 38.16212783073121.
func TestTooltipReadsUnderTheCSPAndRounded(t *testing.T) {
	for _, name := range []string{"article-2017", "modern-2026", "llama-3-405b", "av-world-model-2026", "cifar10-cpu-vs-gpu"} {
		for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
			for id, sp := range specs(t, name, lang) {
				o := decode(t, sp, lang)
				assert.Equal(t, "richText", o.Tooltip.RenderMode, id)
				trigger := "axis"
				if sp.Kind == chart.Scatter {
					trigger = "item" // points that share no x
				}
				assert.Equal(t, trigger, o.Tooltip.Trigger, id)
				if sp.Kind == chart.Line {
					raw, err := echarts.Option(sp, lang)
					require.NoError(t, err)
					var pointer struct {
						XAxis []struct {
							AxisPointer struct {
								Label struct {
									Precision *int `json:"precision"`
								} `json:"label"`
							} `json:"axisPointer"`
						} `json:"xAxis"`
					}
					require.NoError(t, json.Unmarshal(raw, &pointer))
					require.NotNil(t, pointer.XAxis[0].AxisPointer.Label.Precision, id)
					assert.Equal(t, 0, *pointer.XAxis[0].AxisPointer.Label.Precision, "%s: GPU counts and data multiples head the tooltip whole", id)
				}
				for _, se := range o.Series {
					for _, d := range se.Data {
						vs, ok := d.Value.([]any)
						if !ok {
							vs = []any{d.Value}
						}
						for _, v := range vs {
							f, isNum := v.(float64)
							if !isNum {
								continue // "-": not drawn on a log axis
							}
							assert.LessOrEqual(t, decimalsOf(f), max(2, int(math.Ceil(-math.Log10(math.Abs(f))))+2),
								"%s %s %s %s: %v", name, lang, id, se.Name, f)
						}
					}
				}
			}
		}
	}
}

// decimalsOf is how many decimals v's shortest form has.
func decimalsOf(v float64) int {
	_, frac, _ := strings.Cut(strconv.FormatFloat(v, 'f', -1, 64), ".")
	return len(frac)
}

// The memory chart stacks the parts in bars at most limitBar wide and
// marks the GPU's memory with a dash across each, over the stack.
func TestMemoryOption(t *testing.T) {
	sp := specs(t, "llama-3-405b", "en")[chart.Memory]
	raw, err := echarts.Option(sp, "en")
	require.NoError(t, err)
	var o struct {
		Legend struct {
			Data []any `json:"data"`
		} `json:"legend"`
		Series []struct {
			Type        string `json:"type"`
			Name        string `json:"name"`
			Stack       string `json:"stack"`
			BarMaxWidth int    `json:"barMaxWidth"`
			SymbolSize  []int  `json:"symbolSize"`
			Symbol      string `json:"symbol"`
			Data        []struct {
				Value  float64 `json:"value"`
				Symbol string  `json:"symbol"`
			} `json:"data"`
		} `json:"series"`
	}
	require.NoError(t, json.Unmarshal(raw, &o))
	require.Len(t, o.Series, 6)
	for _, se := range o.Series[:5] {
		assert.Equal(t, "bar", se.Type, se.Name)
		assert.Equal(t, "total", se.Stack, se.Name)
		assert.Equal(t, 64, se.BarMaxWidth, se.Name)
	}
	mark := o.Series[5]
	assert.Equal(t, "scatter", mark.Type)
	assert.Equal(t, "GPU memory", mark.Name)
	assert.Empty(t, mark.Stack)
	assert.Equal(t, []int{80, 3}, mark.SymbolSize)
	assert.Equal(t, "rect", mark.Data[0].Symbol)
	// 80 GiB in the scenario's decimal GB, as the axis shows them.
	assert.Equal(t, 85.9, mark.Data[0].Value)
	assert.Equal(t, 12.68, o.Series[0].Data[0].Value, "the weights, 11.8 GiB")
	require.Len(t, o.Legend.Data, 6)
	assert.Equal(t, "Weights", o.Legend.Data[0])
	assert.Equal(t, map[string]any{"name": "GPU memory", "icon": "path://M0,9H25V12H0Z"}, o.Legend.Data[5], "a dash, as drawn")
}
