package estimator

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
	"github.com/trainscale/trainscale/internal/treedecode"
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
		tree = treedecode.Copy(tree) // overrides write into the tree
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
// field's own rules. With ranges set, a number may be given as a range,
// collected there by path.
func decodeTree(tree any, dst any, ranges map[string]Dist) error {
	opt := treedecode.Options{Root: "scenario", Required: true}
	if ranges != nil {
		opt.Read = func(path string, src any, dst reflect.Value) (bool, []error) {
			m, isRange := src.(map[string]any)
			if !isRange || dst.Kind() != reflect.Float64 {
				return false, nil
			}
			var d treeDecoder
			if dist, ok := d.decodeDist(path, m); ok {
				ranges[path] = dist
				dst.SetFloat(dist.Center())
			}
			return true, d.errs
		}
	}
	var errs errorList
	for _, err := range treedecode.Decode(tree, dst, opt) {
		errs = append(errs, fromTree(err))
	}
	// Report the rules broken by the fields that did decode too, so one run
	// shows everything; fields already reported (and what lies below them)
	// are left out, as their zero values would only repeat the problem.
	reported := errs
	root := reflect.ValueOf(dst).Elem()
	rules := fieldErrors(root, ranges)
	if s, ok := dst.(*Scenario); ok {
		checkFrame(s, &rules) // the sections its frame requires, missing or not
	}
	for _, e := range rules {
		if !coveredBy(e.(*FieldError).Path, reported) {
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
		errs = append(errs, fromTree(treedecode.Repeated(path)))
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
	f, err := treedecode.Float(path, n, 64)
	if err != nil {
		*errs = append(*errs, fromTree(err))
	}
	return f, err == nil
}

// parseNumber reads a JSON number as a finite float64, -0 as 0.
func parseNumber(n minjson.Number) (float64, bool) {
	f, err := treedecode.Float("", n, 64)
	return f, err == nil
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

// treeDecoder collects the problems of reading a range (decodeDist).
type treeDecoder struct {
	errs errorList
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

// fieldCache caches fieldsOf: a type's fields never change, and validating a
// scenario walks the same few types for every value and every source path.
var fieldCache sync.Map // reflect.Type → []field

// fieldsOf is t's fields in the scenario format; callers must not modify it.
func fieldsOf(t reflect.Type) []field {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]field)
	}
	f, _ := fieldCache.LoadOrStore(t, readFields(t))
	return f.([]field)
}

func readFields(t reflect.Type) []field {
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

// fromTree is a treedecode problem as a *FieldError, any other error as it is.
func fromTree(err error) error {
	if e, ok := err.(*treedecode.Error); ok {
		return &FieldError{Path: e.Path, Rule: Text{EN: e.Rule, JA: e.RuleJA}, Got: e.Got}
	}
	return err
}

// describe is a tree's value as an error echoes it (treedecode.Got).
func describe(v any) any { return treedecode.Got(v) }

// orRoot is path, or "scenario" for the whole file.
func orRoot(path string) string {
	if path == "" {
		return "scenario"
	}
	return path
}
