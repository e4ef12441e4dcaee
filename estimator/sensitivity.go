package estimator

import (
	"math"
	"sort"
	"strconv"

	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
)

// Swing is what one ranged input does to the target quantity when it moves
// from its low to its high with every other input at its likely value.
type Swing struct {
	Path       string  `json:"path"`
	Why        string  `json:"why,omitempty"`
	InputLow   float64 `json:"input_low"`
	InputHigh  float64 `json:"input_high"`
	Low        float64 `json:"low"`  // target at the input's low
	High       float64 `json:"high"` // target at the input's high
	Swing      float64 `json:"swing"`
	Elasticity float64 `json:"elasticity"` // relative change of the target per relative change of the input
}

// WhyIn is the reason for the input's range in lang (see Dist.WhyIn).
func (sw Swing) WhyIn(lang Lang) string { return Dist{Why: sw.Why}.WhyIn(lang) }

// Sensitivity is a tornado: the ranged inputs ordered by their swing.
type Sensitivity struct {
	Target string  `json:"target"`
	Label  Text    `json:"label"` // JSON: label and label_ja (MarshalJSON)
	Unit   Unit    `json:"unit"`
	Base   float64 `json:"base"` // every input at its likely value
	Swings []Swing `json:"swings"`
}

// MarshalJSON writes the sensitivity with its label as English text and its
// Japanese beside it (label, label_ja), as a quantity's JSON does.
func (s Sensitivity) MarshalJSON() ([]byte, error) {
	return minjson.Append(nil, struct {
		Target  string  `json:"target"`
		Label   string  `json:"label"`
		LabelJA string  `json:"label_ja,omitempty"`
		Unit    Unit    `json:"unit"`
		Base    float64 `json:"base"`
		Swings  []Swing `json:"swings"`
	}{s.Target, s.Label.EN, s.Label.JA, s.Unit, s.Base, s.Swings})
}

// DefaultTarget is what sensitivity ranks against when not told: the total
// cost of ownership where the scenario prices its plan, else the systems the
// first workload needs on the first system.
func DefaultTarget(s *Scenario) string {
	if s.Money != nil {
		return s.TotalID()
	}
	return "team." + s.Workloads[0].ID + ".systems." + s.Systems[0].ID
}

// RunSensitivity moves each ranged input of s (RangesOf: the model errors
// too) to its low and high (P10 and P90 for a lognormal) in turn, with the others at their likely values, and ranks
// the inputs by how far the target moves. Elasticities are arc elasticities
// over the same two points. Every quantity of the estimate is a valid target;
// each extreme gives the target the value `estimate --set path=extreme` gives.
func RunSensitivity(s *Scenario, target string) (*Sensitivity, error) {
	s, err := withModelError(s)
	if err != nil {
		return nil, err
	}
	if target == "" {
		target = DefaultTarget(s)
	}
	base, err := Prepare(s)
	if err != nil {
		return nil, err
	}
	idx, ok := base.index[target]
	if !ok {
		return nil, NewFieldError("target", Text{"names no quantity of this scenario (see trainscale estimate --format json)", "このシナリオのどの数量も指していません（trainscale estimate --format json で確かめられます）"}, strconv.Quote(target))
	}
	own, err := cloneScenario(s)
	if err != nil {
		return nil, err
	}
	inputs := numericInputs(own)
	// The headline run stops before the storage, host, plan and growth tables;
	// a target among them needs the whole chain.
	b := &builder{values: make([]float64, len(base.layout)), headlineOnly: true}
	compute(own, base.hw, b)
	b.headlineOnly = idx < b.next
	at := func() float64 {
		b.next = 0
		compute(own, base.hw, b)
		return b.values[idx]
	}
	q := base.layout[idx]
	out := &Sensitivity{Target: target, Label: Text{EN: q.Label.EN, JA: q.Label.JA}, Unit: q.Unit, Base: at()}
	for _, path := range sortedPaths(s.Ranges) {
		d, field := s.Ranges[path], inputs[path].ptr
		lo, hi := d.Extremes()
		var tLo, tHi float64
		if reshapes(path) {
			if tLo, err = reshapedAt(own, path, lo, target); err != nil {
				return nil, err
			}
			if tHi, err = reshapedAt(own, path, hi, target); err != nil {
				return nil, err
			}
		} else {
			*field = lo
			tLo = at()
			*field = hi
			tHi = at()
			*field = d.Center()
		}
		sw := Swing{Path: path, Why: d.Why, InputLow: lo, InputHigh: hi, Low: tLo, High: tHi, Swing: math.Abs(tHi - tLo)}
		if dx := (hi - lo) / ((hi + lo) / 2); dx != 0 && tHi+tLo != 0 {
			sw.Elasticity = ((tHi - tLo) / ((tHi + tLo) / 2)) / dx
		}
		for _, v := range []float64{tLo, tHi, sw.Elasticity} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, NewFieldError(path, Text{"moving this input to its extremes makes " + target + " not a finite number", "この入力を範囲の端に動かすと " + target + " が有限の数値になりません"}, v)
			}
		}
		out.Swings = append(out.Swings, sw)
	}
	sort.SliceStable(out.Swings, func(i, j int) bool { return out.Swings[i].Swing > out.Swings[j].Swing })
	return out, nil
}

// reshapedAt is the target with the input at path set to v, for an input that
// changes the estimate's layout (the growth steps, a system's GPU count): the
// scenario is prepared afresh, as `estimate --set path=v` would, and the
// target looked up by id, since it may not exist at every extreme.
func reshapedAt(s *Scenario, path string, v float64, target string) (float64, error) {
	moved, err := cloneScenario(s)
	if err != nil {
		return 0, err
	}
	*numericInputs(moved)[path].ptr = v
	delete(moved.Ranges, path)
	est, err := Run(moved)
	if err != nil {
		return 0, err
	}
	q, ok := est.Get(target)
	if !ok {
		return 0, NewFieldError("target", Text{minfmt.Sprintf("is not a quantity when %s is %s; pick one that exists across its range", path, strconv.FormatFloat(v, 'g', -1, 64)), minfmt.Sprintf("%s が %s のときは数量になりません。範囲全体で存在する数量を選んでください", path, strconv.FormatFloat(v, 'g', -1, 64))}, strconv.Quote(target))
	}
	return q.Value, nil
}
