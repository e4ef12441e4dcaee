package estimator

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minfmt"
)

// ModelError is how far the models' own numbers may be off. Each kind of
// modelled number (the roofline throughput, the scaling speed-up, the
// transformer model's MFU, the training memory) enters the estimate times a
// factor with median 1. Left out, a factor is 1 in the estimate and, in
// uncertainty and sensitivity, a lognormal range as wide as the model's
// misses on the published figures (ModelErrorWidths), for every kind the
// scenario models. A factor the scenario gives (a number or a range) replaces
// that default; defaults "off" drops the defaults. Measured inputs (mb_per_s
// and a system's speedup, linear scaling, a given transformer.mfu) carry no
// model error: their own ranges say how sure they are.
type ModelError struct {
	Defaults    *string  `json:"defaults,omitempty" check:"oneof=accuracy|off"`
	Throughput  *float64 `json:"throughput,omitempty" check:"gt0"`
	Scaling     *float64 `json:"scaling,omitempty" check:"gt0"`
	Transformer *float64 `json:"transformer,omitempty" check:"gt0"`
	Memory      *float64 `json:"memory,omitempty" check:"gt0"`
	WholeRun    *float64 `json:"whole_run,omitempty" check:"gt0"`
}

// modelKind is one kind of modelled number that carries a model error.
type modelKind int

const (
	errThroughput modelKind = iota
	errScaling
	errTransformer
	errMemory
	errWholeRun
)

// modelKinds is the one table of the kinds, in modelKind's order: the
// scenario path of each factor, the residuals that measure it (by the
// published figure's metric and GPUs), whether a scenario models that kind
// at all, and its default width from `trainscale accuracy` with the
// calibrated factors. The estimator keeps the widths here rather than
// predicting the published figures itself, which would ship the measurement
// tables in the page's first module; estimator/tool's
// TestModelErrorWidthsAreTheAccuracyTables recomputes them from the accuracy
// table and fails when a model change moves them, its log holding the rows
// to paste here.
var modelKinds = []modelKindRow{
	{"model_error.throughput", func(m *ModelError) **float64 { return &m.Throughput },
		// One device's rate, or the time of a run on one device (its
		// inverse); several GPUs' rate mixes in the scaling error.
		func(metric string, gpus int) bool {
			return gpus <= 1 && (metric == hardware.MetricImagesPerS || metric == hardware.MetricBytesPerS || metric == hardware.MetricTimeToTrain)
		},
		func(s *Scenario) bool {
			return slices.ContainsFunc(s.Workloads, func(w Workload) bool { return w.Transformer == nil && w.MBPerS == nil })
		},
		Text{"no workload's throughput comes from the roofline model (each gives mb_per_s or is a transformer)", "ルーフラインモデルでスループットを求めるワークロードがありません（どれも mb_per_s を指定しているか transformer です）"},
		ModelErrorWidth{Points: 21, HeldOut: true, P80: 0.13727493748974656}},
	{"model_error.scaling", func(m *ModelError) **float64 { return &m.Scaling },
		func(metric string, _ int) bool {
			return metric == hardware.MetricSpeedup || metric == hardware.MetricEfficiency
		},
		func(s *Scenario) bool {
			return s.Scaling() == "modelled" && slices.ContainsFunc(s.Workloads, func(w Workload) bool { return w.Transformer == nil })
		},
		Text{"no network's scaling is modelled (training.scaling modelled)", "スケーリングをモデルで求めるネットワークがありません（training.scaling が modelled）"},
		ModelErrorWidth{Points: 16, HeldOut: true, P80: 0.05025838205757683}},
	{"model_error.transformer", func(m *ModelError) **float64 { return &m.Transformer },
		func(metric string, _ int) bool {
			return metric == hardware.MetricMFU || metric == hardware.MetricFLOPsPerGPU || metric == hardware.MetricTokensPerGPU
		},
		func(s *Scenario) bool {
			return slices.ContainsFunc(s.Workloads, func(w Workload) bool { return w.Transformer != nil && w.Transformer.MFU == nil })
		},
		Text{"no transformer workload has a modelled MFU (transformer.mfu left out)", "MFU をモデルで求める transformer ワークロードがありません（transformer.mfu 未指定）"},
		ModelErrorWidth{Points: 16, HeldOut: true, P80: 0.10548461365028357}},
	{"model_error.memory", func(m *ModelError) **float64 { return &m.Memory },
		func(metric string, _ int) bool { return metric == hardware.MetricMemoryBytes },
		func(s *Scenario) bool {
			// The CNN memory quantity (memory.<w>.per_gpu.<s>) exists for a
			// catalog model on a GPU system; a transformer's memory decides
			// its layout and stays the plan's.
			return slices.ContainsFunc(s.Workloads, func(w Workload) bool { return w.Transformer == nil && w.Model != "" }) &&
				slices.ContainsFunc(s.Systems, func(sys System) bool { return sys.CPU == "" })
		},
		Text{"no catalog CNN model trains on a GPU system", "GPU システムで学習するカタログの CNN モデルがありません"},
		ModelErrorWidth{Points: 2, HeldOut: false, P80: 0.05126526947278762}},
	// A whole run's GPU-hours against the model's whole-run estimate: the
	// throughput's error, the run's parts and what no part names, together.
	// Published runs come in above the estimate far more often than below,
	// so the band is the residuals' own P10 and P90, not a symmetric width.
	{"model_error.whole_run", func(m *ModelError) **float64 { return &m.WholeRun },
		func(metric string, _ int) bool { return metric == hardware.MetricGPUHours },
		wholeRunModelled,
		Text{"no transformer workload's whole run is modelled (a transformer workload and a goodput section)", "実行全体をモデルで求める transformer ワークロードがありません（transformer ワークロードと goodput の項が必要）"},
		ModelErrorWidth{Points: 10, HeldOut: true, Asymmetric: true, P10: 0.9954601181952107, P90: 1.8003992446820565,
			Lowest: 0.931838191779163, Median: 1.0784726183123108, Highest: 2.955393577875954}},
}

// wholeRunModelled says whether s models a whole run: a transformer
// workload, with the goodput section that prices its parts.
func wholeRunModelled(s *Scenario) bool {
	return s.Goodput != nil && slices.ContainsFunc(s.Workloads, func(w Workload) bool { return w.Transformer != nil })
}

// modelKindRow is one row of modelKinds.
type modelKindRow struct {
	path   string
	field  func(*ModelError) **float64
	counts func(metric string, gpus int) bool
	used   func(*Scenario) bool
	unused Text            // why a factor the scenario gives would change nothing
	width  ModelErrorWidth // Points, HeldOut and P80 (or an asymmetric kind's ratios); ModelErrorWidths adds the rest
}

// checkModelError refuses a factor for a kind of number the scenario does
// not model: it would change nothing, which the user would not expect.
func checkModelError(s *Scenario, errs *errorList) {
	if s.ModelError == nil {
		return
	}
	for _, k := range modelKinds {
		if *k.field(s.ModelError) != nil && !k.used(s) {
			errs.add(k.path, Text{"applies to nothing in this scenario: " + k.unused.EN, "このシナリオでは何にも掛かりません: " + k.unused.JA}, nil)
		}
	}
}

// factor is the model-error factor of kind k: the scenario's, else 1.
func (m *ModelError) factor(k modelKind) float64 {
	if m == nil {
		return 1
	}
	if f := *modelKinds[k].field(m); f != nil {
		return *f
	}
	return 1
}

// factorRef is the formula's reference to kind k's factor where the
// scenario sets it, appended to a modelled quantity's formula; "" where the
// factor is the default 1.
func (m *ModelError) factorRef(k modelKind) string {
	if m == nil || *modelKinds[k].field(m) == nil {
		return ""
	}
	return " * {" + modelKinds[k].path + "}"
}

// divisorRef is factorRef for a factor the formula divides by.
func (m *ModelError) divisorRef(k modelKind) string {
	if r := m.factorRef(k); r != "" {
		return " / " + r[len(" * "):]
	}
	return ""
}

// modelled adds a modelled quantity whose value v already carries kind mk's
// factor; its formula names the factor where the scenario sets one.
func (b *builder) modelled(k *kind, c *subject, m *ModelError, mk modelKind, v float64) float64 {
	if !b.describe {
		return b.add(k, c, v)
	}
	return b.addExpr(k, c, k.expr+m.factorRef(mk), v)
}

// scaledSpeedup is a modelled speed-up of n GPUs with the scaling model's
// error applied: n GPUs are no faster than n times one, and one GPU is one.
func scaledSpeedup(speedup float64, n int, f float64) float64 {
	if n <= 1 {
		return speedup
	}
	return min(float64(n), speedup*f)
}

// ModelErrorWidth is one kind's default range, from the accuracy record
// (`trainscale accuracy`): the residuals r = ln(predicted / published) of the
// published figures that measure the kind, held-out ones where the kind has
// any (else the calibration points, which the models were fitted to, so the
// width is a floor). For most kinds P80 is the 80th percentile of |r|,
// interpolated between ranks as the accuracy table's percentiles are; the
// factor is lognormal with median 1 and P90 = exp(P80), so its P10-P90 holds
// 80% of the points' ratios. An asymmetric kind (a whole run, whose published
// figures come in above the estimate far more often than below) takes its
// factor's P10 and P90 from the published / predicted ratios' own P10 and
// P90, and keeps their lowest, median and highest for the sentence beside
// the figures (WholeRunNote).
type ModelErrorWidth struct {
	Path       string  `json:"path"`     // the factor's scenario path, e.g. "model_error.throughput"
	Points     int     `json:"points"`   // residuals the width rests on
	HeldOut    bool    `json:"held_out"` // false: calibration points, as the kind has no held-out ones
	Asymmetric bool    `json:"asymmetric"`
	P80        float64 `json:"p80_abs_log_ratio"` // 0 for an asymmetric kind
	P10        float64 `json:"p10"`               // the factor's P10 (1 / P90 unless asymmetric)
	P90        float64 `json:"p90"`               // the factor's P90
	Lowest     float64 `json:"lowest,omitempty"`  // an asymmetric kind's lowest published / predicted
	Median     float64 `json:"median,omitempty"`  // and their median
	Highest    float64 `json:"highest,omitempty"` // and their highest
}

// Dist is the default range of the width's factor, with the reason in Why:
// a lognormal of median 1 through its P10 and P90; for an asymmetric kind,
// a triangle through them whose most likely value is 1, the model's own
// estimate, leaning the way the published figures lean.
func (w ModelErrorWidth) Dist() Dist {
	if w.Asymmetric {
		return wholeRunDist()
	}
	return Dist{Median: 1, P90: w.P90, Why: w.why().EN}
}

// wholeRunDist is the whole run's default range, found once: every
// estimate of a whole run ranges its figures by it.
var wholeRunDist = sync.OnceValue(func() Dist {
	w := ModelErrorWidths()[errWholeRun]
	d := triangleThrough(1, w.P10, w.P90)
	d.Why = w.why().EN
	return d
})

// atWholeRun runs fn with s's whole-run model error at f, set on a copy of
// its model_error section (an option's scenario shares the user's), and
// puts the section back: how an estimate and the planner reach the ends of
// the whole run's range.
func atWholeRun(s *Scenario, f float64, fn func()) {
	saved := s.ModelError
	defer func() { s.ModelError = saved }()
	var me ModelError
	if saved != nil {
		me = *saved
	}
	me.WholeRun = &f
	s.ModelError = &me
	fn()
}

// wholeRunDefault is the whole run's default range where s takes it: s
// models a whole run, gives no factor of its own and keeps the defaults.
func wholeRunDefault(s *Scenario) (Dist, bool) {
	if m := s.ModelError; m != nil && (m.WholeRun != nil || m.Defaults != nil && *m.Defaults == "off") {
		return Dist{}, false
	}
	if !wholeRunModelled(s) {
		return Dist{}, false
	}
	return wholeRunDist(), true
}

// why says where the range comes from, in every language.
func (w ModelErrorWidth) why() Text {
	set := Text{"held-out", "検証用（較正に不使用）の"}
	if !w.HeldOut {
		set = Text{"calibration (none held out)", "較正用（検証用なし）の"}
	}
	if w.Asymmetric {
		return Text{
			minfmt.Sprintf("model error of a whole run %.3f-%.3f x the estimate: 8 in 10 of %d %s published whole runs came in within it (trainscale accuracy)", w.P10, w.P90, w.Points, set.EN),
			minfmt.Sprintf("実行全体のモデル誤差 推定値の %.3f〜%.3f 倍: %s公表された実行全体 %d 件の 8 割がこの範囲内（trainscale accuracy）", w.P10, w.P90, set.JA, w.Points),
		}
	}
	return Text{
		minfmt.Sprintf("model error ×/÷ %.3f: the model came within it of 8 in 10 of %d %s published figures (trainscale accuracy)", w.P90, w.Points, set.EN),
		minfmt.Sprintf("モデル誤差 ×/÷ %.3f: %s公表値 %d 件の 8 割でモデルがこの範囲内（trainscale accuracy）", w.P90, set.JA, w.Points),
	}
}

// ModelErrorResidual is ln(predicted / published) of one published figure
// and the factor path it measures ("" for none): what the default widths
// are computed from, row by row of the accuracy table. A lower bound
// (atLeast) measures nothing: only falling short of it is an error.
func ModelErrorResidual(metric string, gpus int, atLeast bool, predicted, published float64) (path string, r float64) {
	if atLeast || !(predicted > 0) || !(published > 0) {
		return "", 0
	}
	for _, k := range modelKinds {
		if k.counts(metric, gpus) {
			return k.path, math.Log(predicted / published)
		}
	}
	return "", 0
}

// ModelErrorWidthOf is the width of a kind's residuals (see ModelErrorWidth),
// heldOut saying which set they are.
func ModelErrorWidthOf(path string, residuals []float64, heldOut bool) ModelErrorWidth {
	w := ModelErrorWidth{Path: path, Points: len(residuals), HeldOut: heldOut}
	if i := slices.IndexFunc(modelKinds, func(k modelKindRow) bool { return k.path == path }); i >= 0 && modelKinds[i].width.Asymmetric {
		ratios := make([]float64, len(residuals))
		for i, r := range residuals {
			ratios[i] = math.Exp(-r) // published / predicted
		}
		slices.Sort(ratios)
		w.Asymmetric = true
		w.P10, w.P90 = Percentile(ratios, 0.1), Percentile(ratios, 0.9)
		w.Lowest, w.Median, w.Highest = ratios[0], Percentile(ratios, 0.5), ratios[len(ratios)-1]
		return w
	}
	abs := make([]float64, len(residuals))
	for i, r := range residuals {
		abs[i] = math.Abs(r)
	}
	slices.Sort(abs)
	w.P80 = Percentile(abs, 0.8)
	w.P10, w.P90 = math.Exp(-w.P80), math.Exp(w.P80)
	return w
}

// ModelErrorWidths are the default widths of every kind, in the table's order.
func ModelErrorWidths() []ModelErrorWidth {
	out := make([]ModelErrorWidth, len(modelKinds))
	for i, k := range modelKinds {
		out[i] = k.width
		out[i].Path = k.path
		if !k.width.Asymmetric {
			out[i].P10, out[i].P90 = math.Exp(-k.width.P80), math.Exp(k.width.P80)
		}
	}
	return out
}

// ModelErrorNote is the reason a default model-error range gives (its Why)
// in every language; false for any other reason.
func ModelErrorNote(why string) (Text, bool) {
	if !strings.HasPrefix(why, "model error ") {
		return Text{}, false
	}
	for _, w := range ModelErrorWidths() {
		if t := w.why(); t.EN == why {
			return t, true
		}
	}
	return Text{}, false
}

// modelErrorDefaults are the default ranges s takes: one per kind it models
// and does not set, unless its model_error.defaults is "off".
func modelErrorDefaults(s *Scenario) map[string]Dist {
	m := s.ModelError
	if m != nil && m.Defaults != nil && *m.Defaults == "off" {
		return nil
	}
	out := map[string]Dist{}
	widths := ModelErrorWidths()
	for i, k := range modelKinds {
		if (m == nil || *k.field(m) == nil) && k.used(s) && widths[i].P90 > 1 {
			out[k.path] = widths[i].Dist()
		}
	}
	// A whole run's residuals hold the throughput's error too: sampling
	// both would count it twice.
	if _, ok := out[modelKinds[errWholeRun].path]; ok {
		delete(out, modelKinds[errTransformer].path)
	}
	return out
}

// RangesOf is every range uncertainty and sensitivity sample for s: the
// scenario's own and the default model-error ranges of what it models.
func RangesOf(s *Scenario) map[string]Dist {
	out := make(map[string]Dist, len(s.Ranges)+len(modelKinds))
	for p, d := range s.Ranges {
		out[p] = d
	}
	for p, d := range modelErrorDefaults(s) {
		out[p] = d
	}
	return out
}

// withModelError is s with its default model-error ranges in place, each
// factor set to its point 1: a copy when there are any, else s itself.
// It validates s first, as everything after it assumes a valid scenario.
func withModelError(s *Scenario) (*Scenario, error) {
	if err := Validate(s); err != nil {
		return nil, err
	}
	add := modelErrorDefaults(s)
	if len(add) == 0 {
		return s, nil
	}
	own, err := cloneScenario(s)
	if err != nil {
		return nil, err
	}
	if own.ModelError == nil {
		own.ModelError = &ModelError{}
	}
	for _, k := range modelKinds {
		if d, ok := add[k.path]; ok {
			one := d.Center()
			*k.field(own.ModelError) = &one
			own.Ranges[k.path] = d
		}
	}
	return own, nil
}

// Percentile of sorted values at p in [0, 1], interpolated linearly between
// the two ranks around p x (n - 1); 0 for none.
func Percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	at := p * float64(len(sorted)-1)
	lo := int(at)
	if lo+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[lo] + (at-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// WholeRunBand is the whole run's model error: the P10 and P90 of published
// whole runs' GPU-hours over the model's estimate (model_error.whole_run's
// default), by which a whole run's figures are multiplied for their range.
func WholeRunBand() (p10, p90 float64) {
	w := ModelErrorWidths()[errWholeRun]
	return w.P10, w.P90
}

// WholeRunNote is the sentence beside a whole run's GPU-hours and cost: how
// far published whole runs came from the model's estimate, and the range
// that holds most of them.
func WholeRunNote() Text {
	w := ModelErrorWidths()[errWholeRun]
	return Text{
		minfmt.Sprintf("Published whole runs (%d held out in trainscale accuracy) came in at %.2f–%.2fx the model's estimate, median %.2fx; the P10–P90 shown, %.2f–%.2fx, holds 8 in 10 of them.",
			w.Points, w.Lowest, w.Highest, w.Median, w.P10, w.P90),
		minfmt.Sprintf("公表された実行全体（trainscale accuracy の検証用 %d 件）は、モデルの推定値の %.2f〜%.2f 倍（中央値 %.2f 倍）でした。表示の P10〜P90（%.2f〜%.2f 倍）にその 8 割が入ります。",
			w.Points, w.Lowest, w.Highest, w.Median, w.P10, w.P90),
	}
}
