package api

import (
	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/minjson"
)

// The page recomputes on every keystroke. Decoding the scenario and laying its
// quantities out again (estimator.Prepare) is most of a call; a change of one
// number needs neither. So each API keeps its last calculation, and a request that
// differs from it in one numeric input (a number, or a range) sets that input
// in place (estimator.Calculation.Set, which checks it as Decode would) and
// estimates again. Anything else, and any invalid value, takes the full path,
// which reports errors exactly as the CLI does.

type cached struct {
	base string // the request's scenario source, as JSON
	sets []Set
	calc *estimator.Calculation
}

// estimateFast answers a request from the kept calculation (API.last) when it
// can. The caller holds a.mu: the calculation's scenario changes in place.
func (a *API) estimateFast(req ScenarioRequest) (*estimator.Estimate, bool) {
	c := a.last
	if c == nil || c.base != baseKey(req) || len(req.Set) != len(c.sets) && len(req.Set) != len(c.sets)+1 {
		return nil, false
	}
	// Exactly one override differs: changed in place, or added at the end.
	changed := -1
	for i, s := range req.Set {
		if i < len(c.sets) && s == c.sets[i] {
			continue
		}
		if changed >= 0 {
			return nil, false
		}
		changed = i
	}
	if changed < 0 {
		est, err := c.calc.Estimate()
		return est, err == nil
	}
	o := req.Set[changed]
	if changed < len(c.sets) && c.sets[changed].Path != o.Path {
		return nil, false
	}
	if changed == len(c.sets) {
		for _, s := range c.sets {
			if s.Path == o.Path {
				return nil, false // a second override of one path: the full path orders them
			}
		}
	}
	if applied, err := c.calc.Set(estimator.Override{Path: o.Path, Value: o.Value}); !applied || err != nil {
		return nil, false // the full path decodes it, or words its error as the CLI does
	}
	est, err := safeEstimate(c.calc)
	if err != nil {
		return nil, false
	}
	c.sets = append([]Set(nil), req.Set...)
	return est, true
}

func safeEstimate(c *estimator.Calculation) (est *estimator.Estimate, err error) {
	defer func() {
		if r := recover(); r != nil {
			est, err = nil, &Error{Rule: "internal error"}
		}
	}()
	return c.Estimate()
}

// remember estimates a freshly decoded scenario and keeps its calculation for
// the next request. The caller holds a.mu.
func (a *API) remember(req ScenarioRequest, s *estimator.Scenario) (*estimator.Estimate, error) {
	a.last = nil
	calc, err := estimator.Prepare(s)
	if err != nil {
		return nil, err
	}
	est, err := calc.Estimate()
	if err != nil {
		return nil, err
	}
	a.last = &cached{base: baseKey(req), sets: append([]Set(nil), req.Set...), calc: calc}
	return est, nil
}

// baseKey says which scenario a request starts from: a preset's name, or
// the scenario written out (maps by sorted key, so the same object from
// JavaScript gives the same key).
func baseKey(req ScenarioRequest) string {
	if req.Scenario != nil {
		text, _ := minjson.Append(nil, req.Scenario)
		return "scenario:" + string(text)
	}
	return "preset:" + req.Preset
}
