// Package chart is the data of trainscale's charts, built once from an
// estimate and drawn by every adapter (the workbook's native charts, the HTML
// report's echarts, the PDF's vectors, the page).
package chart

import "github.com/trainscale/trainscale/estimator"

// Kind is how a chart draws its series.
type Kind string

const (
	Line       Kind = "line"        // y against numeric x
	Bar        Kind = "bar"         // y per category, series side by side
	StackedBar Kind = "stacked-bar" // y per category, series stacked
	Range      Kind = "range"       // Low..High per category with Y marked (P10, P50, P90)
	Tornado    Kind = "tornado"     // Low and High per category around a base line
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

// Axis says what an axis shows.
type Axis struct {
	Label      string
	Unit       estimator.Unit
	Log        bool
	Categories []string // category axes; nil for numeric ones
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
}
