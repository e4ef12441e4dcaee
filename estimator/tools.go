package estimator

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// The hardware tools: one question each about one model on one piece of
// hardware (how fast, how well it scales, whether it fits, GPU or CPU, how
// far the models are from published figures). Each validates its request,
// naming the field at fault in a *FieldError, calls the models of package
// hardware and lays the answer out as quantities whose formulas reproduce
// their values from catalog facts (catalog.<table>.<id>.<field>), efficiency
// factors (factors.<name>, listed in the same result) and the result's other
// quantities.

// Units of the hardware tools' quantities, next to the base units of units.go.
const (
	PerSecond Unit = "1/s"    // events per second: images/s
	FLOPS     Unit = "FLOP/s" // floating-point operations per second
)

// Limits that keep every request's arithmetic finite and its output short.
const (
	toolMaxBatch = 1 << 20 // as hardware's largest reported batch
	toolMaxGPUs  = 1 << 17
	// toolMaxMeasurements bounds a measurements file: Fit evaluates every point
	// some 30,000 times.
	toolMaxMeasurements = 1000
	// toolDevicesBatch is seed 004's batch (assumed there too), the usual
	// default of CIFAR-10 training scripts.
	toolDevicesBatch = 32
	// toolCPUBatch is the batch a CPU run uses unless told: memory does not
	// limit it, and the weight traffic per sample barely changes above it.
	toolCPUBatch = 32
)

const (
	toolSrcRoofline = "roofline model (estimator/hardware EstimateThroughput), factors calibrated against published measurements"
	toolSrcScaling  = "data-parallel ring all-reduce model (estimator/hardware EstimateScale)"
	toolSrcMemory   = "training memory model (estimator/hardware EstimateMemory): ZeRO accounting, vDNN activations"
	toolSrcDevices  = "the roofline model on both devices (estimator/hardware CompareDevices), seed 004's experiment"
	toolSrcInput    = "given on the command line or in the request"
	toolSrcDefault  = "default"
	toolSrcFit      = "hardware.Fit: coordinate descent on squared log error"
)

// ToolFactors are the efficiency factors a tool runs with.
type ToolFactors struct {
	// Factors replaces hardware.DefaultFactors when set; it is checked like a
	// scenario's factors section.
	Factors *hardware.Factors
	// FactorsSource says where Factors came from, e.g. the file it was read
	// from; it becomes the source of the factors.* quantities.
	FactorsSource string
}

// ToolResult is a tool's answer: the quantities, a few notes that are not
// numbers (which resource bounds the step, which default was taken), and
// the tables a text surface prints, already formatted.
type ToolResult struct {
	Title      string     `json:"title"`
	Notes      []ToolNote `json:"notes,omitempty"`
	Quantities []Quantity `json:"quantities"`
	// Calibration lists the measurements beside the predictions.
	Calibration []CalibrationEntry `json:"calibration,omitempty"`
	// Factors are the fitted factors after a fit to measurements.
	Factors *hardware.Factors `json:"factors,omitempty"`
	// Sections are the text surfaces' tables; the first row of each is its header.
	Sections []Section `json:"-"`
}

// ToolNote is one non-numeric fact of a result, such as bound = "compute".
type ToolNote struct {
	Key  string `json:"key"`
	Text string `json:"text"`
}

// Get returns the quantity with the given id.
func (r *ToolResult) Get(id string) (Quantity, bool) {
	for _, q := range r.Quantities {
		if q.ID == id {
			return q, true
		}
	}
	return Quantity{}, false
}

// Note returns the text of the note with the given key, or "".
func (r *ToolResult) Note(key string) string {
	for _, n := range r.Notes {
		if n.Key == key {
			return n.Text
		}
	}
	return ""
}

// toolBuilder lays out one result and remembers every id its formulas read,
// so that finish lists only the factors they use.
type toolBuilder struct {
	res           *ToolResult
	factors       hardware.Factors
	factorsSource string
	factorsGiven  bool // the request's own factors, not the defaults
	refs          map[string]bool
}

func newToolBuilder(tf ToolFactors, f hardware.Factors) *toolBuilder {
	src := tf.FactorsSource
	if src == "" {
		src = "calibrated defaults (hardware.DefaultFactors)"
		if tf.Factors != nil {
			src = "given factors"
		}
	}
	return &toolBuilder{res: &ToolResult{}, factors: f, factorsSource: src, factorsGiven: tf.Factors != nil, refs: map[string]bool{}}
}

// add appends a quantity whose expr, in the formula grammar, reproduces v.
func (b *toolBuilder) add(id, label string, unit Unit, v float64, expr, source string) float64 {
	in := refs(expr)
	for _, r := range in {
		b.refs[r] = true
	}
	b.res.Quantities = append(b.res.Quantities, Quantity{ID: id, Label: label, Value: v, Unit: unit,
		Formula: strings.NewReplacer("{", "", "}", "").Replace(expr), Expr: expr, Inputs: in, Source: source})
	return v
}

// addWords appends a quantity the grammar cannot express (a model evaluated
// again elsewhere): its formula and Expr are words, without braces.
func (b *toolBuilder) addWords(id, label string, unit Unit, v float64, words string, inputs []string, source string) {
	b.res.Quantities = append(b.res.Quantities, Quantity{ID: id, Label: label, Value: v, Unit: unit,
		Formula: words, Inputs: inputs, Source: source}) // no Expr: the grammar cannot say it
}

// input appends a given value; its formula is the number.
func (b *toolBuilder) input(id, label string, unit Unit, v float64, source string) {
	b.add(id, label, unit, v, strconv.FormatFloat(v, 'g', -1, 64), source)
}

// last is the quantity laid out last, for a formula that needs rewording.
func (b *toolBuilder) last() *Quantity { return &b.res.Quantities[len(b.res.Quantities)-1] }

func (b *toolBuilder) note(key, text string) {
	b.res.Notes = append(b.res.Notes, ToolNote{key, text})
}

// valueOf is the value of a quantity already laid out, 0 if there is none.
func (b *toolBuilder) valueOf(id string) float64 {
	q, _ := b.res.Get(id)
	return q.Value
}

// finish appends the factors the formulas read, checks that every value is
// finite, and lays out the quantities table with the headline ids first.
func (b *toolBuilder) finish(headline []string) (*ToolResult, error) {
	for _, fc := range toolFactorList(b.factors) {
		if b.refs["factors."+fc.name] {
			b.input("factors."+fc.name, fc.label, fc.unit, fc.value, "efficiency factor: "+b.factorsSource)
		}
	}
	for _, q := range b.res.Quantities {
		if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
			if b.factorsGiven {
				// Factors inside their ranges can still starve a model: an
				// efficiency of 1e-300 makes every step last forever.
				return nil, &FieldError{Path: "factors", Rule: "make " + q.ID + " not a finite number; move them toward their defaults", Got: q.Value}
			}
			return nil, fmt.Errorf("internal error: %s is %v", q.ID, q.Value)
		}
	}
	// Result: the headline ids; Details: the rest, but for the rows the
	// sweep and calibration tables show.
	header := []string{"id", "value", "quantity"}
	row := func(q Quantity) []string { return []string{q.ID, FormatToolValue(q.Value, q.Unit), q.Label} }
	shown := map[string]bool{}
	result := [][]string{header}
	for _, id := range headline {
		if q, ok := b.res.Get(id); ok {
			result = append(result, row(q))
			shown[id] = true
		}
	}
	details := [][]string{header}
	for _, q := range b.res.Quantities {
		if !shown[q.ID] && !toolTabulated(q.ID) {
			details = append(details, row(q))
		}
	}
	var head []Section
	if len(result) > 1 {
		head = append(head, Section{Title: "Result", Rows: result})
	}
	if len(details) > 1 {
		head = append(head, Section{Title: "Details", Rows: details})
	}
	b.res.Sections = append(head, b.res.Sections...)
	return b.res, nil
}

// toolTabulated reports whether a quantity is a row of a sweep or calibration table.
func toolTabulated(id string) bool {
	if strings.HasPrefix(id, "scale.n") {
		return true
	}
	for _, p := range []string{"calibration.", "fit."} {
		if rest, ok := strings.CutPrefix(id, p); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return true
		}
	}
	return false
}
