// Package chart is the data of trainscale's charts, built once from an
// estimate and drawn by every adapter (the workbook's native charts, the HTML
// report's echarts, the PDF's vectors, the page).
package chart

import (
	"math"
	"strconv"

	"github.com/trainscale/trainscale/estimator"
)

// Kind is how a chart draws its series.
type Kind string

const (
	Line       Kind = "line"        // y against numeric x
	Bar        Kind = "bar"         // y per category, series side by side
	StackedBar Kind = "stacked-bar" // y per category, series stacked (a Limit series marked across them)
	Range      Kind = "range"       // Low..High per X category with Y marked (P10, P50, P90)
	Tornado    Kind = "tornado"     // Low and High per Y category around Base, values on the X axis
	Scatter    Kind = "scatter"     // points of y against numeric x, unjoined
)

// Spec is one chart.
type Spec struct {
	ID     string // stable: "compute-growth", "data-funnel", "scaling", ...
	Title  string
	Kind   Kind
	X, Y   Axis
	Series []Series
	Base   float64 // Tornado: the target with every input at its likely value
	Note   string  // what to read from it, or why it is empty
}

// Empty reports whether the chart has nothing to draw (its Note says why).
func (s Spec) Empty() bool {
	for _, se := range s.Series {
		if len(se.Y) > 0 || len(se.Low) > 0 {
			return false
		}
	}
	return true
}

// Axis says what an axis shows.
type Axis struct {
	Label      string
	Unit       estimator.Unit
	Log        bool
	Categories []string // category axes; nil for numeric ones
	// Per and Suffix say how to show the axis' base-unit values: divided by
	// Per (0 means 1) and followed by Suffix ("days", "TB", "million USD").
	// Build picks them once from the data, by present.Choose in its Axis
	// style, so every adapter draws the same ticks; the values themselves
	// stay in base units.
	Per    float64
	Suffix string
	// Digits is how many decimals a displayed value keeps (a value below 1
	// keeps three significant digits, see Round): the core's display
	// precision for the axis' unit, so a tooltip reads 38.16, not
	// 38.16212783073121. 0 on an axis of whole numbers.
	Digits int
}

// Show converts a base-unit value for display on this axis.
func (a Axis) Show(v float64) float64 {
	if a.Per == 0 {
		return v
	}
	return v / a.Per
}

// Round is a base-unit value as the axis displays it: converted (Show) and
// rounded to Digits decimals, or to three significant digits where that
// keeps more (0.000476, not 0), so a small value on a log axis still has a
// place.
func (a Axis) Round(v float64) float64 {
	s := a.Show(v)
	if s == 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		return s
	}
	decimals := max(a.Digits, int(math.Ceil(-math.Log10(math.Abs(s))))+2)
	r, _ := strconv.ParseFloat(strconv.FormatFloat(s, 'f', decimals, 64), 64)
	return r
}

// Name is the axis title with its display unit: "one training run (days)".
func (a Axis) Name() string {
	if a.Suffix == "" {
		return a.Label
	}
	if a.Label == "" {
		return a.Suffix
	}
	return a.Label + " (" + a.Suffix + ")"
}

// Series is one named set of points: X (numeric axes) or the categories'
// order, and Y; Low and High for Range and Tornado charts. IDs name the
// quantity behind each point where there is one, so surfaces can link to its
// explanation.
type Series struct {
	Name      string
	X         []float64
	Y         []float64
	Low, High []float64
	IDs       []string
	Names     []string // Scatter: what each point is (a plan's option), for its tooltip
	Dashed    bool     // a reference line (ideal scaling), drawn dashed
	Marked    bool     // the chosen point (a plan), drawn larger
	// Limit marks what each stacked bar is held against (a GPU's memory):
	// drawn as a mark across its bar, never stacked. (Left out of JSON when
	// false, so the other charts' goldens read as before.)
	Limit bool `json:",omitempty"`
}

// Palette is the series colours every adapter uses, in order, so a series
// looks the same on the page and on paper (echarts' default palette).
var Palette = []string{"#5470c6", "#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452", "#9a60b4", "#ea7ccc"}

// BarFloor is where a bar chart's log axis starts, in display units: a decade
// below the smallest bar, so every bar shows a height (echarts and the PDF
// would otherwise start at the smallest bar's own decade). 0 for other charts.
func (s Spec) BarFloor() float64 {
	if (s.Kind != Bar && s.Kind != StackedBar) || !s.Y.Log {
		return 0
	}
	least := math.Inf(1)
	for _, se := range s.Series {
		for _, v := range se.Y {
			if v > 0 {
				least = math.Min(least, s.Y.Show(v))
			}
		}
	}
	if math.IsInf(least, 1) {
		return 0
	}
	return math.Pow(10, math.Floor(math.Log10(least))-1)
}
