package estimator

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Validate checks every rule of s and returns all violations joined, each a
// *FieldError naming the field path. Decode calls it; call it yourself after
// changing a Scenario in code.
func Validate(s *Scenario) error {
	errs := fieldErrors(s)
	crossCheck(s, &errs)
	return errs.err()
}

// fieldErrors applies each field's own rules (its check tags).
func fieldErrors(s *Scenario) errorList {
	var errs errorList
	walk("", reflect.ValueOf(s).Elem(), nil, func(path string, checks []string, v reflect.Value) {
		checkValue(&errs, path, checks, v)
	})
	return errs
}

// walk visits every field of v depth first, in declaration order, with its path
// and its check tags.
func walk(path string, v reflect.Value, checks []string, visit func(string, []string, reflect.Value)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walk(path, v.Elem(), checks, visit)
		}
		return
	case reflect.Struct:
		for _, f := range fieldsOf(v.Type()) {
			walk(join(path, f.name), v.Field(f.index), f.checks, visit)
		}
		return
	case reflect.Slice:
		visit(path, checks, v)
		for i := range v.Len() {
			walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i), nil, visit)
		}
		return
	}
	visit(path, checks, v)
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

func checkValue(errs *errorList, path string, checks []string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Float64:
		x := v.Float()
		if math.IsNaN(x) || math.IsInf(x, 0) {
			errs.add(path, "must be a finite number", x)
			return
		}
		for _, c := range checks {
			if rule, bad := numberRule(c, x); bad {
				errs.add(path, rule, x)
				return
			}
		}
	case reflect.String:
		x := v.String()
		for _, c := range checks {
			switch {
			case strings.HasPrefix(c, "oneof="):
				opts := strings.Split(strings.TrimPrefix(c, "oneof="), "|")
				if !slices.Contains(opts, x) {
					errs.add(path, "must be one of "+strings.Join(opts, ", "), strconv.Quote(x))
				}
			case c == "id":
				if !idPattern.MatchString(x) {
					errs.add(path, "must be a lower-case id of letters, digits, '-', '_' or '.', at most 64 long", strconv.Quote(x))
				}
			}
		}
	case reflect.Slice:
		if slices.Contains(checks, "nonempty") && v.Len() == 0 {
			errs.add(path, "must list at least one item", nil)
		}
	}
}

// numberRule returns the rule x breaks under check c, if any.
func numberRule(c string, x float64) (string, bool) {
	name, arg, _ := strings.Cut(c, "=")
	limit, _ := strconv.ParseFloat(arg, 64)
	switch name {
	case "gt0":
		return "must be > 0", x <= 0
	case "ge":
		return "must be >= " + arg, x < limit
	case "le":
		return "must be <= " + arg, x > limit
	case "int":
		return "must be a whole number", x != math.Trunc(x)
	}
	return "", false
}

// crossCheck applies the rules that relate several fields.
func crossCheck(s *Scenario, errs *errorList) {
	p := s.Preprocessing
	if p.SampledFPS > p.SourceFPS {
		errs.add("preprocessing.sampled_fps", fmt.Sprintf("must be <= preprocessing.source_fps (%v)", p.SourceFPS), p.SampledFPS)
	}
	if s.Team.ConcurrentJobs > s.Team.Members {
		errs.add("team.concurrent_jobs", fmt.Sprintf("must be <= team.members (%v)", s.Team.Members), s.Team.ConcurrentJobs)
	}
	if s.Host.RAMFactorLow > s.Host.RAMFactorHigh {
		errs.add("host.ram_factor_low", fmt.Sprintf("must be <= host.ram_factor_high (%v)", s.Host.RAMFactorHigh), s.Host.RAMFactorLow)
	}
	switch {
	case s.Fleet.TBPerHour == nil && len(s.Fleet.Sensors) == 0:
		errs.add("fleet.tb_per_hour", "is required unless fleet.sensors lists the sensors to derive it from", nil)
	case s.Fleet.TBPerHour != nil && len(s.Fleet.Sensors) > 0:
		errs.add("fleet.sensors", "give fleet.tb_per_hour or fleet.sensors, not both", nil)
	}
	for i, sn := range s.Fleet.Sensors {
		checkSensor(fmt.Sprintf("fleet.sensors[%d]", i), sn, errs)
	}
	uniqueIDs("workloads", len(s.Workloads), func(i int) string { return s.Workloads[i].ID }, errs)
	uniqueIDs("systems", len(s.Systems), func(i int) string { return s.Systems[i].ID }, errs)
	for i, sys := range s.Systems {
		checkSystemFacts(fmt.Sprintf("systems[%d]", i), sys, errs)
	}
	for _, k := range sortedKeys(anyMap(s.Sources)) {
		if segs, ok := parsePath(k); !ok || checkPath(k, segs, reflect.TypeFor[Scenario]()) != nil {
			errs.add("sources."+k, "names no field of the scenario format", nil)
		}
	}
}

func checkSensor(path string, sn Sensor, errs *errorList) {
	camera := []struct {
		name string
		v    *float64
	}{{"megapixels", sn.Megapixels}, {"bits_per_pixel", sn.BitsPerPixel}, {"fps", sn.FPS}}
	if sn.Kind == "camera" {
		for _, f := range camera {
			if f.v == nil {
				errs.add(path+"."+f.name, "is required for a camera", nil)
			}
		}
		if sn.MbitPerS != nil {
			errs.add(path+".mbit_per_s", "is not used for a camera (its rate comes from megapixels x bits_per_pixel x fps)", *sn.MbitPerS)
		}
		return
	}
	if sn.MbitPerS == nil {
		errs.add(path+".mbit_per_s", "is required for a "+sn.Kind, nil)
	}
	for _, f := range camera {
		if f.v != nil {
			errs.add(path+"."+f.name, "is only used for cameras", *f.v)
		}
	}
}

func uniqueIDs(list string, n int, id func(int) string, errs *errorList) {
	seen := map[string]int{}
	for i := range n {
		if j, dup := seen[id(i)]; dup {
			errs.add(fmt.Sprintf("%s[%d].id", list, i), fmt.Sprintf("must be unique (also %s[%d].id)", list, j), strconv.Quote(id(i)))
			continue
		}
		seen[id(i)] = i
	}
}

func anyMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
