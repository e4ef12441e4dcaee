package estimator

import (
	"reflect"
	"slices"
	"strings"

	"github.com/trainscale/trainscale/internal/minjson"
)

// numericField is one numeric input of a prepared scenario: where it lives and
// the rules it must keep.
type numericField struct {
	ptr    *float64
	checks []string
}

// Set applies one override to the prepared scenario in place, as Decode would
// apply it, when it changes one numeric input (to a number or a range) that
// leaves the layout of the quantities as it is. It reports false, changing
// nothing, when the override needs a full Decode and Prepare instead: another
// kind of value, a field the scenario leaves out, or one that reshapes the
// estimate (growth.factor, growth.years, a system's GPU count). An invalid
// value is reported as Decode would report it and leaves the scenario as it was.
// This is the page's path on every keystroke: no decoding, no reflection walk.
func (c *Calculation) Set(o Override) (bool, error) {
	f, ok := c.numericFields()[o.Path]
	if !ok || reshapes(o.Path) {
		return false, nil
	}
	old := *f.ptr
	oldDist, wasRanged := c.s.Ranges[o.Path]
	value, err := parseValue(o.Path, o.Value, target{numeric: true})
	if err != nil {
		return true, err
	}
	var errs errorList
	switch v := value.(type) {
	case minjson.Number:
		x, ok := parseNumber(v)
		if !ok {
			return false, nil // Decode words this one
		}
		checkValue(&errs, o.Path, f.checks, reflect.ValueOf(x))
		*f.ptr = x
		delete(c.s.Ranges, o.Path)
		if wasRanged {
			if moved, ok := oldDist.movedTo(x, f.checks); ok {
				c.s.Ranges[o.Path] = moved
			}
		}
	case map[string]any:
		d := treeDecoder{}
		dist, good := d.decodeDist(o.Path, v)
		if !good {
			return true, d.errs.err()
		}
		checkDist(&errs, o.Path, f.checks, dist)
		*f.ptr = dist.Center()
		if c.s.Ranges == nil {
			c.s.Ranges = map[string]Dist{}
		}
		c.s.Ranges[o.Path] = dist
	default:
		return false, nil
	}
	if len(errs) == 0 {
		crossCheck(c.s, &errs) // the sources' keys, checked at Prepare, cannot have changed
	}
	if len(errs) > 0 {
		err = errs.err()
	} else {
		err = c.planError()
	}
	if err != nil {
		*f.ptr = old
		if wasRanged {
			c.s.Ranges[o.Path] = oldDist
		} else {
			delete(c.s.Ranges, o.Path)
		}
		return true, err
	}
	c.s.dropSources(o.Path, nil) // as Decode does; a note set by an earlier override (no page sets one) is not known here
	return true, nil
}

// planError is the error Prepare would give a transformer workload the
// model cannot plan (a job too small to hold it), so Set refuses what Decode
// and Run refuse. The plans it makes stay cached for the estimate.
func (c *Calculation) planError() error {
	if !slices.ContainsFunc(c.s.Workloads, func(w Workload) bool { return w.Transformer != nil }) {
		return nil
	}
	b := &builder{values: make([]float64, len(c.layout))}
	compute(c.s, c.hw, b)
	return b.err
}

// reshapes reports fields whose change alters the quantities' layout or the
// devices resolved at Prepare.
func reshapes(path string) bool {
	return path == "growth.factor" || path == "growth.years" ||
		strings.HasPrefix(path, "systems[") && strings.HasSuffix(path, "].gpus")
}

// numericFields is numericInputs of the prepared scenario, found once.
func (c *Calculation) numericFields() map[string]numericField {
	if c.fields == nil {
		c.fields = numericInputs(c.s)
	}
	return c.fields
}

// numericInputs maps each numeric field the scenario sets to its place and
// rules: what sampling, sensitivity and Set change in place.
func numericInputs(s *Scenario) map[string]numericField {
	out := map[string]numericField{}
	walk("", reflect.ValueOf(s).Elem(), nil, func(path string, checks []string, v reflect.Value) {
		if v.Kind() == reflect.Float64 && v.CanAddr() {
			out[path] = numericField{ptr: v.Addr().Interface().(*float64), checks: checks}
		}
	})
	return out
}
