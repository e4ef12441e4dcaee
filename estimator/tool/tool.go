package tool

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/internal/minjson"
)

// Limits that keep every request's arithmetic finite and its output short;
// the bounds of single values are estimator.Bounds, shared with scenarios.
const (
	// maxMeasurements bounds a measurements file: Fit evaluates every point
	// some 30,000 times.
	maxMeasurements = 1000
	// devicesBatch is the RTX 3050 vs CPU study's batch (assumed there too), the usual
	// default of CIFAR-10 training scripts.
	devicesBatch = 32
	// cpuBatch is the batch a CPU run uses unless told: memory does not
	// limit it, and the weight traffic per sample barely changes above it.
	cpuBatch = 32
)

// Where each quantity's method or value comes from, in English and Japanese.
var (
	srcRoofline    = text("roofline model (estimator/hardware EstimateThroughput), factors calibrated against published measurements", "ルーフラインモデル（estimator/hardware EstimateThroughput）。係数は公開された測定値で較正")
	srcScaling     = text("data-parallel ring all-reduce model (estimator/hardware EstimateScale)", "データ並列のリング all-reduce モデル（estimator/hardware EstimateScale）")
	srcMemory      = text("training memory model (estimator/hardware EstimateMemory): ZeRO accounting, vDNN activations", "学習メモリモデル（estimator/hardware EstimateMemory）: ZeRO の勘定、vDNN の活性化")
	srcDevices     = text("the roofline model on both devices (estimator/hardware CompareDevices), after the RTX 3050 vs CPU study on CIFAR-10", "両方のデバイスでのルーフラインモデル（estimator/hardware CompareDevices）。CIFAR-10 での RTX 3050 対 CPU の調査に基づく")
	srcInput       = text("given on the command line or in the request", "コマンドラインまたはリクエストで指定")
	srcDefault     = text("default", "既定値")
	srcCalibration = text("calibration", "較正")
	srcFit         = text("hardware.Fit: coordinate descent on squared log error", "hardware.Fit: 対数誤差の二乗に対する座標降下法")
)

// Factors are the efficiency factors a tool runs with.
type Factors struct {
	// Values replaces hardware.DefaultFactors when set; each must lie in the
	// range of its hardware.FactorSpecs entry.
	Values *hardware.Factors
	// Source says where Values came from, e.g. the file it was read from; it
	// becomes the source of the factors.* quantities.
	Source string
}

// Result is a tool's answer: the quantities, a few notes that are not
// numbers (which resource bounds the step, which default was taken), and
// the tables a text surface prints, already formatted.
type Result struct {
	Title      estimator.Text       `json:"title"` // JSON: title and title_ja (MarshalJSON)
	Notes      []Note               `json:"notes,omitempty"`
	Quantities []estimator.Quantity `json:"quantities"`
	// Calibration lists the measurements beside the predictions.
	Calibration []CalibrationEntry `json:"calibration,omitempty"`
	// Accuracy is every published figure beside the models, with the
	// error of each group of them (Accuracy).
	Accuracy *AccuracyReport `json:"accuracy,omitempty"`
	// Fit is a user's measurements before and after a fit, in the accuracy
	// table's form (Calibrate with measurements, FitAccuracy).
	Fit *FitReport `json:"fit,omitempty"`
	// Factors are the fitted factors after a fit to measurements.
	Factors *hardware.Factors `json:"factors,omitempty"`
	// Sections are the text surfaces' tables; the first row of each is its header.
	Sections []present.Section `json:"-"`
}

// MarshalJSON writes the result with its title as English text and its
// Japanese beside it (title, title_ja), as the tools' JSON has always read.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	return minjson.Append(nil, struct {
		Title   string `json:"title"`
		TitleJA string `json:"title_ja,omitempty"`
		plain
	}{r.Title.EN, r.Title.JA, plain(r)})
}

// Note is one non-numeric fact of a result, such as bound = "compute".
type Note struct {
	Key  string         `json:"key"`
	Text estimator.Text `json:"text"` // JSON: text and text_ja (MarshalJSON)
}

// MarshalJSON writes the note as key, text and text_ja.
func (n Note) MarshalJSON() ([]byte, error) {
	return minjson.Append(nil, struct {
		Key    string `json:"key"`
		Text   string `json:"text"`
		TextJA string `json:"text_ja,omitempty"`
	}{n.Key, n.Text.EN, n.Text.JA})
}

// Get returns the quantity with the given id.
func (r *Result) Get(id string) (estimator.Quantity, bool) {
	for _, q := range r.Quantities {
		if q.ID == id {
			return q, true
		}
	}
	return estimator.Quantity{}, false
}

// Note returns the text of the note with the given key, or "".
func (r *Result) Note(key string) string {
	for _, n := range r.Notes {
		if n.Key == key {
			return n.Text.EN
		}
	}
	return ""
}

// builder lays out one result and remembers every id its formulas read,
// so that finish lists only the factors they use.
type builder struct {
	res           *Result
	factors       hardware.Factors
	factorsSource estimator.Text
	factorsGiven  bool // the request's own factors, not the defaults
	// factorSources replace factorsSource for single factors, by name: the
	// default loader's, which is no calibration, and those a request's own
	// fields set.
	factorSources map[string]estimator.Text
	refs          map[string]bool
}

// srcLoader is where the default loader comes from (hardware.DefaultLoaderProcesses).
var srcLoader = text("default: the common setup, PyTorch with torchvision's reference ImageNet script, --workers 16 per GPU (hardware.DefaultLoaderProcesses)",
	"既定値: よくある構成、PyTorch と torchvision の ImageNet 参照スクリプト、GPU あたり --workers 16（hardware.DefaultLoaderProcesses）")

func newBuilder(tf Factors, f hardware.Factors) *builder {
	src := text(tf.Source, tf.Source)
	sources := map[string]estimator.Text{}
	if tf.Source == "" {
		src = text("calibrated defaults (hardware.DefaultFactors)", "較正済みの既定値（hardware.DefaultFactors）")
		if tf.Values != nil {
			src = text("given factors", "指定された係数")
		}
	}
	if tf.Values == nil {
		sources["host_loader_processes_per_gpu"] = srcLoader
	}
	return &builder{res: &Result{}, factors: f, factorsSource: src, factorsGiven: tf.Values != nil, factorSources: sources, refs: map[string]bool{}}
}

// add appends a quantity whose expr, in the formula grammar, reproduces v.
func (b *builder) add(id string, label estimator.Text, unit estimator.Unit, v float64, expr string, source estimator.Text) float64 {
	q := estimator.NewQuantity(id, label, unit, v, expr, source)
	for _, r := range q.Inputs {
		b.refs[r] = true
	}
	b.res.Quantities = append(b.res.Quantities, q)
	return v
}

// addWords appends a quantity the grammar cannot express (a model evaluated
// again elsewhere): its formula and Expr are words, without braces.
func (b *builder) addWords(id string, label estimator.Text, unit estimator.Unit, v float64, words string, inputs []string, source estimator.Text) {
	b.res.Quantities = append(b.res.Quantities, estimator.Quantity{ID: id, Label: label, Value: v, Unit: unit,
		Formula: words, Inputs: inputs, Source: source}) // no Expr: the grammar cannot say it
}

// input appends a given value; its formula is the number.
func (b *builder) input(id string, label estimator.Text, unit estimator.Unit, v float64, source estimator.Text) {
	b.add(id, label, unit, v, strconv.FormatFloat(v, 'g', -1, 64), source)
}

// text is a label in English and Japanese, as every quantity carries one.
func text(en, ja string) estimator.Text { return estimator.Text{EN: en, JA: ja} }

// cite is a source that reads the same in every language: a publication or
// a catalog entry's own citation.
func cite(s string) estimator.Text { return text(s, s) }

// inRangeJA is the Japanese of "must be in [low, high]" (or "(low, high]").
func inRangeJA(lowIncluded bool, low, high any) string {
	if lowIncluded {
		return fmt.Sprintf("%v 以上 %v 以下にしてください", low, high)
	}
	return fmt.Sprintf("%v より大きく %v 以下にしてください", low, high)
}

// last is the quantity laid out last, for a formula that needs rewording.
func (b *builder) last() *estimator.Quantity { return &b.res.Quantities[len(b.res.Quantities)-1] }

// banded gives the quantity laid out last the whole run's model error as
// its P10 and P90 (estimator.WholeRunBand).
func (b *builder) banded() {
	q := b.last()
	lo, hi := estimator.WholeRunBand()
	q.P10, q.P90 = q.Value*lo, q.Value*hi
}

// rangeOf sets the P10 and P90 of the quantity id laid out already.
func (b *builder) rangeOf(id string, p10, p90 float64) {
	for i := range b.res.Quantities {
		if q := &b.res.Quantities[i]; q.ID == id {
			q.P10, q.P90 = min(p10, p90), max(p10, p90)
		}
	}
}

func (b *builder) note(key string, t estimator.Text) {
	b.res.Notes = append(b.res.Notes, Note{Key: key, Text: t})
}

// title sets the result's title in both languages.
func (b *builder) title(t estimator.Text) { b.res.Title = t }

// boundWords are what a step waits on, as hardware names it ("compute").
var boundWords = map[string]estimator.Text{"compute": text("compute", "計算"), "memory": text("memory", "メモリ")}

// bound names what a step waits on, in both languages.
func bound(b string) estimator.Text {
	if t, ok := boundWords[b]; ok {
		return t
	}
	return cite(b)
}

// valueOf is the value of a quantity already laid out, 0 if there is none.
func (b *builder) valueOf(id string) float64 {
	q, _ := b.res.Get(id)
	return q.Value
}

// finish appends the factors the formulas read, checks that every value is
// finite, and lays out the quantities table with the headline ids first.
func (b *builder) finish(headline []string) (*Result, error) {
	for _, s := range hardware.FactorSpecs {
		if id := "factors." + s.Name; b.refs[id] {
			src := text("efficiency factor: ", "効率係数: ").With(b.factorsSource.EN, b.factorsSource.JA)
			if own, ok := b.factorSources[s.Name]; ok {
				src = own
			}
			b.input(id, text(s.LabelEn, s.LabelJa), estimator.Unit(s.Unit), *s.Field(&b.factors), src)
		}
	}
	for _, q := range b.res.Quantities {
		if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
			if b.factorsGiven {
				// Factors inside their ranges can still starve a model: an
				// efficiency of 1e-300 makes every step last forever.
				return nil, &estimator.FieldError{Path: "factors", Rule: estimator.Text{EN: "make " + q.ID + " not a finite number; move them toward their defaults", JA: "では " + q.ID + " が有限の数値になりません。既定値に近づけてください"},
					Got: q.Value}
			}
			return nil, fmt.Errorf("internal error: %s is %v", q.ID, q.Value)
		}
	}
	// Result: the headline ids; Details: the rest, but for the rows the
	// sweep and calibration tables show.
	// A result whose figures carry the whole run's range shows its P10 and
	// P90 as columns, empty for the figures without one.
	header := []string{"id", "value", "quantity"}
	banded := slices.ContainsFunc(b.res.Quantities, estimator.Quantity.HasBand)
	if banded {
		header = []string{"id", "value", "P10", "P90", "quantity"}
	}
	row := func(q estimator.Quantity) []string {
		if !banded {
			return []string{q.ID, present.FormatToolValue(q.Value, q.Unit, estimator.English), q.Label.EN}
		}
		lo, hi := "", ""
		if q.HasBand() {
			lo, hi = present.FormatToolValue(q.P10, q.Unit, estimator.English), present.FormatToolValue(q.P90, q.Unit, estimator.English)
		}
		return []string{q.ID, present.FormatToolValue(q.Value, q.Unit, estimator.English), lo, hi, q.Label.EN}
	}
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
		if !shown[q.ID] && !tabulated(q.ID) {
			details = append(details, row(q))
		}
	}
	var head []present.Section
	if len(result) > 1 {
		head = append(head, present.Section{Title: "Result", Rows: result})
	}
	if len(details) > 1 {
		head = append(head, present.Section{Title: "Details", Rows: details})
	}
	b.res.Sections = append(head, b.res.Sections...)
	return b.res, nil
}

// tabulated reports whether a quantity is a row of a sweep, calibration or
// accuracy table.
func tabulated(id string) bool {
	if strings.HasPrefix(id, "scale.n") {
		return true
	}
	for _, p := range []string{"accuracy.group.", "fit.group."} {
		if strings.HasPrefix(id, p) && !strings.HasPrefix(id, p+"all.") {
			return true
		}
	}
	for _, p := range []string{"calibration.", "fit.", "accuracy."} {
		if rest, ok := strings.CutPrefix(id, p); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return true
		}
	}
	return false
}

// flag is a Flag quantity's value: 1 for yes, 0 for no.
func flag(yes bool) float64 {
	if yes {
		return 1
	}
	return 0
}
