package api

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/estimator"
)

// The page recomputes on every keystroke. Decoding the scenario and laying its
// quantities out again (estimator.Prepare) is most of a call; a change of one
// number needs neither. So the last calculation is kept, and a request that
// differs from it in one numeric input (a number, or a range) sets that input
// in place, validates the scenario and estimates again: the fast path of
// estimator.Calculation. Anything else, and any invalid value, takes the full
// path, which reports errors exactly as the CLI does.

// layoutFields change the number of quantities, which a Calculation cannot.
var layoutFields = map[string]bool{"growth.factor": true, "growth.years": true}

// deviceField reports a system's GPU count: the Calculation resolved each
// system's device (its topology) from it once.
func deviceField(path string) bool {
	return strings.HasPrefix(path, "systems[") && strings.HasSuffix(path, "].gpus")
}

type cached struct {
	base string // the request's scenario source, as JSON
	sets []Set
	s    *estimator.Scenario
	calc *estimator.Calculation
}

// last is the kept calculation; mu guards it and the estimate built on it
// until the response is written (its scenario changes in place).
var (
	mu   sync.Mutex
	last *cached
)

// estimateFast answers a request from the kept calculation when it can. The
// caller holds mu.
func estimateFast(req ScenarioRequest) (*estimator.Estimate, bool) {
	c := last
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
	if changed < len(c.sets) && c.sets[changed].Path != o.Path || layoutFields[o.Path] || deviceField(o.Path) {
		return nil, false
	}
	if changed == len(c.sets) {
		for _, s := range c.sets {
			if s.Path == o.Path {
				return nil, false // a second override of one path: the full path orders them
			}
		}
	}
	field, ok := numberAt(c.s, o.Path)
	if !ok {
		return nil, false
	}
	oldValue := field.Float()
	oldDist, wasRanged := c.s.Ranges[o.Path]
	restore := func() {
		field.SetFloat(oldValue)
		if wasRanged {
			c.s.Ranges[o.Path] = oldDist
		} else {
			delete(c.s.Ranges, o.Path)
		}
	}
	if v, err := strconv.ParseFloat(strings.TrimSpace(o.Value), 64); err == nil && isJSONNumber(o.Value) {
		if math.IsInf(v, 0) {
			return nil, false
		}
		field.SetFloat(v)
		delete(c.s.Ranges, o.Path)
	} else if d, ok := parseDist(o.Value); ok {
		field.SetFloat(d.Center())
		c.s.Ranges[o.Path] = d
	} else {
		return nil, false
	}
	if estimator.Validate(c.s) != nil {
		restore()
		return nil, false
	}
	est, err := safeEstimate(c.calc)
	if err != nil {
		restore()
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
// the next request.
func remember(req ScenarioRequest, s *estimator.Scenario) (*estimator.Estimate, error) {
	last = nil
	calc, err := estimator.Prepare(s)
	if err != nil {
		return nil, err
	}
	est, err := calc.Estimate()
	if err != nil {
		return nil, err
	}
	last = &cached{base: baseKey(req), sets: append([]Set(nil), req.Set...), s: s, calc: calc}
	return est, nil
}

func baseKey(req ScenarioRequest) string {
	if len(bytes.TrimSpace(req.Scenario)) > 0 {
		return "scenario:" + string(req.Scenario)
	}
	return "preset:" + req.Preset
}

func isJSONNumber(s string) bool {
	var n json.Number
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || dec.More() {
		return false
	}
	n, ok := v.(json.Number)
	return ok && n != ""
}

// parseDist reads a range exactly as Decode accepts one: low, likely and high,
// or median and p90, numbers all, and an optional why.
func parseDist(s string) (estimator.Dist, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(s), &m) != nil {
		return estimator.Dist{}, false
	}
	var keys []string
	if _, ok := m["median"]; ok {
		keys = []string{"median", "p90"}
	} else {
		keys = []string{"low", "likely", "high"}
	}
	vals := map[string]float64{}
	for _, k := range keys {
		raw, ok := m[k]
		if !ok || !isJSONNumber(string(raw)) {
			return estimator.Dist{}, false
		}
		v, err := strconv.ParseFloat(string(bytes.TrimSpace(raw)), 64)
		if err != nil || math.IsInf(v, 0) {
			return estimator.Dist{}, false
		}
		vals[k] = v
	}
	d := estimator.Dist{Low: vals["low"], Likely: vals["likely"], High: vals["high"], Median: vals["median"], P90: vals["p90"]}
	for k, raw := range m {
		switch {
		case k == "why":
			if json.Unmarshal(raw, &d.Why) != nil {
				return estimator.Dist{}, false
			}
		case !contains(keys, k):
			return estimator.Dist{}, false
		}
	}
	return d, true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// numberAt finds the float64 field at a scenario path (a non-nil pointer's
// target for optional fields).
func numberAt(s *estimator.Scenario, path string) (reflect.Value, bool) {
	v := reflect.ValueOf(s).Elem()
	for part := range strings.SplitSeq(path, ".") {
		name, rest, indexed := strings.Cut(part, "[")
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			return reflect.Value{}, false
		}
		found := false
		t := v.Type()
		for i := range t.NumField() {
			if n, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); n == name {
				v, found = v.Field(i), true
				break
			}
		}
		if !found {
			return reflect.Value{}, false
		}
		for indexed {
			idx, after, ok := strings.Cut(rest, "]")
			n, err := strconv.Atoi(idx)
			if !ok || err != nil || v.Kind() != reflect.Slice || n < 0 || n >= v.Len() {
				return reflect.Value{}, false
			}
			v = v.Index(n)
			rest, indexed = strings.CutPrefix(after, "[")
			if !indexed && after != "" {
				return reflect.Value{}, false
			}
		}
	}
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return reflect.Value{}, false
		}
		v = v.Elem()
	}
	return v, v.Kind() == reflect.Float64 && v.CanSet()
}
