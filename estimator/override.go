package estimator

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
)

// Override sets one scenario field by its path, as the CLI's --set path=value does.
// Paths are the file's field names joined by dots, with [i] for list items:
// fleet.cars, workloads[1].mb_per_s.
type Override struct {
	Path  string
	Value string // JSON (a number, a quoted string, an object), or a bare string
}

// ParseOverride splits "path=value".
func ParseOverride(s string) (Override, error) {
	path, value, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(path) == "" {
		return Override{}, NewFieldError("--set", Text{"must look like path=value", "path=value の形にしてください"}, strconv.Quote(s))
	}
	return Override{Path: strings.TrimSpace(path), Value: value}, nil
}

// segment is one step of a path: a field name or a list index.
type segment struct {
	name  string
	index int // -1 for a field
}

func parsePath(p string) ([]segment, bool) {
	var segs []segment
	for part := range strings.SplitSeq(p, ".") {
		name, rest, hasIndex := strings.Cut(part, "[")
		if name == "" {
			return nil, false
		}
		segs = append(segs, segment{name: name, index: -1})
		for hasIndex {
			idx, after, ok := strings.Cut(rest, "]")
			n, err := strconv.Atoi(idx)
			if !ok || err != nil || n < 0 {
				return nil, false
			}
			segs = append(segs, segment{index: n})
			if after == "" {
				break
			}
			if !strings.HasPrefix(after, "[") {
				return nil, false
			}
			rest = after[1:]
		}
	}
	return segs, len(segs) > 0
}

// apply checks the path against the scenario's schema, then writes the value
// into the parsed tree, creating optional sections on the way.
func (o Override) apply(tree *any) error {
	segs, ok := parsePath(o.Path)
	if !ok {
		return NewFieldError(o.Path, Text{"--set path is malformed (want e.g. fleet.cars or workloads[1].mb_per_s)", "--set のパスの形が正しくありません（例: fleet.cars、workloads[1].mb_per_s）"}, nil)
	}
	field, err := checkPath(o.Path, segs, reflect.TypeFor[Scenario]())
	if err != nil {
		return err
	}
	val, err := parseValue(o.Path, o.Value, field)
	if err != nil {
		return err
	}
	if segs[0].name == "sources" && len(segs) > 1 {
		// sources is keyed by whole paths: everything after "sources." is one key.
		segs = []segment{segs[0], {name: strings.TrimPrefix(o.Path, "sources."), index: -1}}
	}
	node := tree
	for i, seg := range segs {
		last := i == len(segs)-1
		if seg.index < 0 {
			m, ok := (*node).(map[string]any)
			if !ok {
				return NewFieldError(o.Path, Text{"--set cannot reach this field: its parent is not an object in the scenario", "--set でこのフィールドに届きません: シナリオで親がオブジェクトではありません"}, nil)
			}
			if last {
				m[seg.name] = movedRange(m[seg.name], val, field.checks)
				return nil
			}
			child, ok := m[seg.name]
			if !ok {
				if segs[i+1].index >= 0 {
					return NewFieldError(o.Path, Text{"--set index out of range: the list is empty", "--set の添字が範囲外です: リストが空です"}, nil)
				}
				child = map[string]any{}
			}
			// Maps and slices are references: writing through this copy
			// reaches the tree.
			m[seg.name] = child
			node = &child
			continue
		}
		arr, ok := (*node).([]any)
		if !ok || seg.index >= len(arr) {
			return NewFieldError(o.Path, Text{minfmt.Sprintf("--set index out of range (the list has %d items)", len(arr)), minfmt.Sprintf("--set の添字が範囲外です（リストの項目は %d 個）", len(arr))}, seg.index)
		}
		if last {
			arr[seg.index] = val
			return nil
		}
		node = &arr[seg.index]
	}
	return nil
}

// dropSources removes the scenario's sources entries for path and every path
// inside it: they said where the file's values came from, and an override
// put its own in their place (so an edited model shows the catalog's note,
// not the file's on the model it replaced). An entry one of set writes
// itself ("sources.<path>") is the user's own note and stays.
func (s *Scenario) dropSources(path string, set []Override) {
next:
	for p := range s.Sources {
		if !under(p, path) {
			continue
		}
		for _, o := range set {
			if o.Path == "sources."+p {
				continue next
			}
		}
		delete(s.Sources, p)
	}
}

// under reports whether path is p or lies inside it: workloads[0] holds
// workloads[0].transformer.model; workloads[0].model holds no
// workloads[0].model_x.
func under(path, p string) bool {
	rest, ok := strings.CutPrefix(path, p)
	return ok && (rest == "" || rest[0] == '.' || rest[0] == '[')
}

// checkPath walks the scenario's type along the path so a typo fails with the
// list of valid names instead of an "unknown field" far from the flag. It
// returns what it learnt of the field the path ends at.
func checkPath(full string, segs []segment, t reflect.Type) (target, error) {
	var checks []string
	for _, seg := range segs {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if seg.index >= 0 {
			if t.Kind() != reflect.Slice {
				return target{}, NewFieldError(full, Text{"--set path indexes a field that is not a list", "--set のパスがリストでないフィールドに添字を付けています"}, nil)
			}
			t = t.Elem()
			continue
		}
		switch t.Kind() {
		case reflect.Map:
			return target{}, nil // a map takes any key; its values are checked on decoding
		case reflect.Struct:
		default:
			return target{}, NewFieldError(full, Text{"--set path goes below a plain value", "--set のパスが単純な値のさらに下を指しています"}, nil)
		}
		found := false
		for _, f := range fieldsOf(t) {
			if f.name == seg.name {
				t = t.Field(f.index).Type
				checks = f.checks
				found = true
				break
			}
		}
		if !found {
			name := strconv.Quote(seg.name) // the user's, cut as Shown cuts a value
			return target{}, NewFieldError(full, knownAs("unknown --set path: no field "+cut(name, MaxShown, "en"),
				"--set のパスが不明です: フィールド "+cut(name, MaxShown, "ja")+" はありません", sortedNames(t)), nil)
		}
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return target{checks: checks, numeric: t.Kind() == reflect.Float64 || t.Kind() == reflect.Int,
		object: t.Kind() == reflect.Map && t.Elem().Kind() == reflect.Interface}, nil
}

// target is the field a --set path ends at: its rules, whether it holds a
// number (so full-width digits typed for it are read as digits) and whether
// a JSON object taken whole (transformer.config: broken JSON is no string).
type target struct {
	checks  []string
	numeric bool
	object  bool
}

// movedRange is what a --set value writes over the file's value old: a point
// value over a range moves the range with it (Dist.movedTo), as Calculation.Set
// does; anything else replaces old as given. A value its field refuses, or a
// range the file gets wrong, is left for decoding to report on its own path.
func movedRange(old, val any, checks []string) any {
	m, isRange := old.(map[string]any)
	n, isNumber := val.(minjson.Number)
	if !isRange || !isNumber {
		return val
	}
	x, ok := parseNumber(n)
	var d treeDecoder
	dist, good := d.decodeDist("", m)
	if !ok || !good || slices.ContainsFunc(checks, func(c string) bool { _, bad := numberRule(c, x); return bad }) {
		return val
	}
	moved, ok := dist.movedTo(x, checks)
	if !ok {
		return val
	}
	out := map[string]any{"why": moved.Why}
	put := func(k string, v float64) { out[k] = minjson.Number(strconv.FormatFloat(v, 'g', -1, 64)) }
	if moved.Lognormal() {
		put("median", moved.Median)
		put("p90", moved.P90)
	} else {
		put("low", moved.Low)
		put("likely", moved.Likely)
		put("high", moved.High)
	}
	return out
}

// parseValue reads a --set value as JSON where it is JSON, else as a bare string,
// so --set name=Plan and --set fleet.cars=37 both work. JSON with a key given
// twice, or nested too deep, is an error, as it is in a file.
// For a numeric field, full-width digits, point and signs ("１．５", "－３",
// typed with a Japanese input method) read as their ASCII forms, and a
// count's suffix as its multiplier (ParseCount: 15T, 405B). For an object
// field, JSON that does not parse is said where it breaks, as a file's is.
func parseValue(path, s string, field target) (any, error) {
	numeric := field.numeric
	if numeric {
		s = ASCIIDigits(s)
	}
	v, rest, repeated, err := minjson.Read([]byte(s), path)
	var de *minjson.DepthError
	if errors.As(err, &de) {
		return nil, TooDeep(path)
	}
	var se *minjson.SyntaxError
	switch {
	case field.object && errors.As(err, &se):
		return nil, notJSON(path, syntaxError([]byte(s), se.Offset, se.Msg))
	case field.object && err == nil && len(rest) > 0:
		return nil, notJSON(path, syntaxError([]byte(s), len(s)-len(rest), "invalid character "+strconv.QuoteRune(rune(rest[0]))+" after top-level value"))
	}
	if err != nil || len(rest) > 0 {
		if v, ok := ParseCount(s); numeric && ok {
			return minjson.Number(strconv.FormatFloat(v, 'g', -1, 64)), nil // 15T, 405B: a count as people write it
		}
		return s, nil
	}
	if errs := duplicateKeys(repeated); len(errs) > 0 {
		return nil, errs.err()
	}
	return v, nil
}

// notJSON is an object field's value that is not JSON, located.
func notJSON(path string, se *SyntaxError) error {
	return NewFieldError(path, Text{"must be an object: " + se.In("en"), "オブジェクトにしてください: " + se.In("ja")}, nil)
}

// ASCIIDigits replaces the full-width forms of the characters a number is
// written with (０-９, ．, ＋, －, ｅ, Ｅ) and the minus sign (U+2212) by their
// ASCII forms, leaving everything else as it is: numbers read from text accept
// what a Japanese input method types.
func ASCIIDigits(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '０' && r <= '９':
			return '0' + r - '０'
		case r == '．':
			return '.'
		case r == '＋':
			return '+'
		case r == '－', r == '−':
			return '-'
		case r == 'ｅ':
			return 'e'
		case r == 'Ｅ':
			return 'E'
		}
		return r
	}, s)
}
