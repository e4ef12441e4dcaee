package estimator

import (
	"bytes"
	"errors"
	"io"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
	"github.com/trainscale/trainscale/internal/numtext"
)

// Decode reads one scenario from r, applies the overrides in order, and validates
// the result. Every problem of the file is reported at once, as an Errors of
// *FieldErrors, each naming the field path; JSON that cannot be read at all
// (broken, too large, too deep) is one *SyntaxError or *FieldError.
func Decode(r io.Reader, overrides ...Override) (*Scenario, error) {
	tree, err := ReadTree(r, "scenario")
	if err != nil {
		return nil, err
	}
	return DecodeTree(tree, overrides...)
}

// DecodeTree is Decode for a scenario already read into a tree by ReadTree,
// or a part of one: a request that holds the scenario as an object. A tree
// from encoding/json will not do (its numbers are float64s, which have lost
// the text a user wrote). tree is not changed.
func DecodeTree(tree any, overrides ...Override) (*Scenario, error) {
	if len(overrides) > 0 {
		tree = copyTree(tree) // overrides write into the tree
	}
	var errs errorList
	for _, o := range overrides {
		if err := o.apply(&tree); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}
	s := &Scenario{Ranges: map[string]Dist{}}
	if err := decodeTree(tree, s, s.Ranges); err != nil {
		return nil, err
	}
	for _, o := range overrides {
		s.dropSources(o.Path, overrides)
	}
	if err := Validate(s); err != nil {
		return nil, err
	}
	return s, nil
}

// copyTree is a deep copy of a parsed tree's maps and lists.
func copyTree(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, el := range x {
			out[k] = copyTree(el)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, el := range x {
			out[i] = copyTree(el)
		}
		return out
	}
	return v
}

// DecodeFactors reads a scenario fragment holding only a factors section,
// {"factors": {...}}, as `trainscale calibrate --out` writes it.
func DecodeFactors(r io.Reader) (*Factors, error) {
	tree, err := ReadTree(r, "scenario")
	if err != nil {
		return nil, err
	}
	var fragment struct {
		Factors *Factors `json:"factors"`
	}
	if err := decodeTree(tree, &fragment, nil); err != nil {
		return nil, err
	}
	return fragment.Factors, nil
}

// decodeTree fills dst (a pointer to a struct) from a parsed tree and checks each
// field's own rules.
func decodeTree(tree any, dst any, ranges map[string]Dist) error {
	root := reflect.ValueOf(dst).Elem()
	d := treeDecoder{ranges: ranges}
	d.value("", tree, root)
	// Report the rules broken by the fields that did decode too, so one run
	// shows everything; fields already reported (and what lies below them)
	// are left out, as their zero values would only repeat the problem.
	errs := d.errs
	rules := fieldErrors(root, ranges)
	if s, ok := dst.(*Scenario); ok {
		checkFrame(s, &rules) // the sections its frame requires, missing or not
	}
	for _, e := range rules {
		if !coveredBy(e.(*FieldError).Path, d.errs) {
			errs = append(errs, e)
		}
	}
	return errs.err()
}

// ReadTree reads one JSON value of at most 1 MiB (a scenario, a model's
// config.json, a transformer's shape) into a tree of map[string]any,
// []any, strings, bools, nils and numbers kept as written, so the typed
// decoding (DecodeTree, ConfigModel, ShapeModel) can report every wrong or
// unknown field, not just the first, and echo the user's own text. It
// refuses broken JSON, a key given twice and deep nesting; name is what the
// errors call the input ("config").
func ReadTree(r io.Reader, name string) (any, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxScenarioBytes+1))
	if err != nil {
		return nil, minfmt.Errorf("reading %s: %w", name, err)
	}
	if len(data) > MaxScenarioBytes {
		return nil, NewFieldError(name, Text{minfmt.Sprintf("must be at most %d bytes (1 MiB)", MaxScenarioBytes), minfmt.Sprintf("%d バイト（1 MiB）以下にしてください", MaxScenarioBytes)}, "a larger file")
	}
	// Editors on Windows save UTF-8 with a byte-order mark; the CSV reader
	// strips it too.
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	tree, rest, repeated, err := minjson.Read(data, "")
	var se *minjson.SyntaxError
	var de *minjson.DepthError
	switch {
	case errors.As(err, &se):
		return nil, syntaxError(data, se.Offset, se.Msg)
	case errors.As(err, &de):
		return nil, TooDeep(name)
	case err != nil:
		return nil, err
	}
	if len(rest) > 0 {
		return nil, syntaxError(data, len(data)-len(rest), "unexpected data after the "+name+" object")
	}
	if errs := duplicateKeys(repeated); len(errs) > 0 {
		return nil, errs.err()
	}
	return tree, nil
}

// duplicateKeys reports each key given twice in one object, by its path: a
// reader keeps the last one silently, so an edit of a field lower in a file
// could be overridden without notice.
func duplicateKeys(repeated []string) errorList {
	var errs errorList
	for _, path := range repeated {
		errs.add(path, Text{"must appear only once in its object (a duplicate key)", "オブジェクト内で 1 回だけにしてください（キーが重複しています）"}, nil)
	}
	return errs
}

// treeNumber reads a tree's number as a finite float64, or says at path
// why it is none.
func treeNumber(path string, src any, errs *errorList) (float64, bool) {
	n, ok := src.(minjson.Number)
	if !ok {
		errs.add(path, Text{"must be a number", "数値にしてください"}, describe(src))
		return 0, false
	}
	f, ok := parseNumber(n)
	if !ok {
		errs.add(path, Text{"must be a finite number", "有限の数値にしてください"}, string(n))
	}
	return f, ok
}

// parseNumber reads a JSON number as a finite float64. It turns -0 into 0: a
// sign on zero means nothing to a planner, and would be echoed as "-0" on
// every surface.
func parseNumber(n minjson.Number) (float64, bool) {
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return numtext.NoNegativeZero(f), true
}

// syntaxError locates the byte at off by line and column.
func syntaxError(data []byte, off int, msg string) *SyntaxError {
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return &SyntaxError{Line: line, Column: col, Msg: msg}
}

// coveredBy reports whether an error was reported at path, above it or below
// it (a range's endpoint that did not decode leaves its field at 0).
func coveredBy(path string, reported errorList) bool {
	within := func(a, b string) bool { return strings.HasPrefix(a, b+".") || strings.HasPrefix(a, b+"[") }
	for _, e := range reported {
		p := e.(*FieldError).Path
		if path == p || within(path, p) || within(p, path) {
			return true
		}
	}
	return false
}

// treeDecoder copies a parsed JSON tree into a typed value, checking shapes:
// unknown fields, missing required fields and wrong types. With ranges set, a
// number may be given as a range, collected there by path.
type treeDecoder struct {
	errs   errorList
	ranges map[string]Dist
}

func (d *treeDecoder) value(path string, src any, dst reflect.Value) {
	switch dst.Kind() {
	case reflect.Struct:
		d.object(path, src, dst)
	case reflect.Pointer:
		if src == nil {
			return // an explicit null leaves an optional field unset
		}
		v := reflect.New(dst.Type().Elem())
		d.value(path, src, v.Elem())
		dst.Set(v)
	case reflect.Slice:
		arr, ok := src.([]any)
		if !ok {
			d.errs.add(path, Text{"must be an array", "配列にしてください"}, describe(src))
			return
		}
		out := reflect.MakeSlice(dst.Type(), len(arr), len(arr))
		for i, el := range arr {
			d.value(minfmt.Sprintf("%s[%d]", path, i), el, out.Index(i))
		}
		dst.Set(out)
	case reflect.Map:
		m, ok := src.(map[string]any)
		if !ok {
			d.errs.add(path, Text{"must be an object", "オブジェクトにしてください"}, describe(src))
			return
		}
		out := reflect.MakeMapWithSize(dst.Type(), len(m))
		for _, k := range minjson.SortedKeys(m) {
			el := reflect.New(dst.Type().Elem()).Elem()
			d.value(join(path, k), m[k], el)
			out.SetMapIndex(reflect.ValueOf(k), el)
		}
		dst.Set(out)
	case reflect.Float64:
		if m, isRange := src.(map[string]any); isRange && d.ranges != nil {
			if dist, ok := d.decodeDist(path, m); ok {
				d.ranges[path] = dist
				dst.SetFloat(dist.Center())
			}
			return
		}
		if f, ok := treeNumber(path, src, &d.errs); ok {
			dst.SetFloat(f)
		}
	case reflect.Interface:
		if src != nil { // null leaves it unset
			dst.Set(reflect.ValueOf(copyTree(src))) // a JSON value kept whole (transformer.config)
		}
	case reflect.String:
		s, ok := src.(string)
		if !ok {
			d.errs.add(path, Text{"must be a string", "文字列にしてください"}, describe(src))
			return
		}
		dst.SetString(s)
	}
}

func (d *treeDecoder) object(path string, src any, dst reflect.Value) {
	m, ok := src.(map[string]any)
	if !ok {
		d.errs.add(orRoot(path), Text{"must be an object", "オブジェクトにしてください"}, describe(src))
		return
	}
	known := map[string]bool{}
	for _, f := range fieldsOf(dst.Type()) {
		known[f.name] = true
		v, present := m[f.name]
		p := join(path, f.name)
		switch {
		case present && v == nil && !f.required:
			// An explicit null leaves an optional field unset, whatever its
			// kind: the page clears a label, or the model a config replaces.
		case present:
			d.value(p, v, dst.Field(f.index))
		case f.required:
			d.errs.add(p, Text{"is required", "必須です"}, nil)
		}
	}
	for _, k := range minjson.SortedKeys(m) {
		if !known[k] {
			d.errs.add(join(path, k), knownAs("unknown field", "不明なフィールドです", sortedNames(dst.Type())), nil)
		}
	}
}

// field is one struct field as the scenario format sees it.
type field struct {
	index    int
	name     string
	required bool
	checks   []string
	bound    string // the row of Bounds its checks came from, if any
}

// factorsType takes its fields' checks from hardware.FactorSpecs.
var factorsType = reflect.TypeFor[Factors]()

func fieldsOf(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "" || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		var checks []string
		bound := ""
		if c := sf.Tag.Get("check"); c != "" {
			checks = strings.Split(c, ",")
			if name, ok := strings.CutPrefix(c, "bound="); ok {
				bound, checks = name, BoundOf(name).Rules() // a bound is a field's whole rule (TestBoundsOnEverySurface)
			}
		}
		if t == factorsType {
			checks = factorChecks()[name]
		}
		out = append(out, field{index: i, name: name, required: opts != "omitempty", checks: checks, bound: bound})
	}
	return out
}

func sortedNames(t reflect.Type) []string {
	var names []string
	for _, f := range fieldsOf(t) {
		names = append(names, f.name)
	}
	sort.Strings(names)
	return names
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func orRoot(path string) string {
	if path == "" {
		return "scenario"
	}
	return path
}

// describe names a JSON value's type (and the value, where short) for errors.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case minjson.Number:
		return "number " + string(x)
	case string:
		return "string " + strconv.Quote(x)
	case []any:
		return "array"
	default:
		return "object"
	}
}
