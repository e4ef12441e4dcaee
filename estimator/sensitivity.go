package estimator

import (
	"math"
	"sort"
	"strconv"
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

// Sensitivity is a tornado: the ranged inputs ordered by their swing.
type Sensitivity struct {
	Target string  `json:"target"`
	Label  string  `json:"label"`
	Unit   Unit    `json:"unit"`
	Base   float64 `json:"base"` // every input at its likely value
	Swings []Swing `json:"swings"`
}

// DefaultTarget is what sensitivity ranks against when not told: the total
// cost of ownership where the scenario prices its plan, else the systems the
// first workload needs on the first system.
func DefaultTarget(s *Scenario) string {
	if s.Money != nil {
		return "cost.tco"
	}
	return "team." + s.Workloads[0].ID + ".systems." + s.Systems[0].ID
}

// RunSensitivity moves each ranged input of s to its low and high (P10 and P90
// for a lognormal) in turn, with the others at their likely values, and ranks
// the inputs by how far the target moves. Elasticities are arc elasticities
// over the same two points.
func RunSensitivity(s *Scenario, target string) (*Sensitivity, error) {
	if target == "" {
		target = DefaultTarget(s)
	}
	base, err := Prepare(s)
	if err != nil {
		return nil, err
	}
	idx, ok := base.index[target]
	if !ok {
		return nil, &FieldError{Path: "target", Rule: "names no quantity of this scenario (see trainscale estimate --format json)", Got: strconv.Quote(target)}
	}
	own, err := cloneScenario(s)
	if err != nil {
		return nil, err
	}
	inputs := numericInputs(own)
	b := &builder{values: make([]float64, len(base.layout)), headlineOnly: true}
	at := func() float64 {
		b.next = 0
		compute(own, base.hw, b)
		return b.values[idx]
	}
	q := base.layout[idx]
	out := &Sensitivity{Target: target, Label: q.Label, Unit: q.Unit, Base: at()}
	for _, path := range sortedPaths(s.Ranges) {
		d, field := s.Ranges[path], inputs[path].ptr
		lo, hi := d.Extremes()
		*field = lo
		tLo := at()
		*field = hi
		tHi := at()
		*field = d.Center()
		sw := Swing{Path: path, Why: d.Why, InputLow: lo, InputHigh: hi, Low: tLo, High: tHi, Swing: math.Abs(tHi - tLo)}
		if dx := (hi - lo) / ((hi + lo) / 2); dx != 0 && tHi+tLo != 0 {
			sw.Elasticity = ((tHi - tLo) / ((tHi + tLo) / 2)) / dx
		}
		for _, v := range []float64{tLo, tHi, sw.Elasticity} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, &FieldError{Path: path, Rule: "moving this input to its extremes makes " + target + " not a finite number", Got: v}
			}
		}
		out.Swings = append(out.Swings, sw)
	}
	sort.SliceStable(out.Swings, func(i, j int) bool { return out.Swings[i].Swing > out.Swings[j].Swing })
	return out, nil
}
