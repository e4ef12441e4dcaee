// Package treedecode copies a JSON tree, as minjson.Read reads it, into a Go
// value by reflection, checking its shape: unknown and repeated keys,
// missing required fields, values of the wrong type. It is the one decoder of
// scenarios (estimator: every problem at once) and of the wasm API's requests
// (internal/api: the first problem), so both word a problem alike, in
// English and Japanese, and name a type alike ("must be a list of strings,
// got an object"). estimator imports it, so a problem is an *Error, which
// each caller makes an estimator.FieldError of.
package treedecode

import (
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/trainscale/trainscale/internal/minjson"
)

// Error is one problem: the value's path ("workloads[1].name"), the rule it
// breaks in English and Japanese, and what it held (nil: nothing to show).
type Error struct {
	Path, Rule, RuleJA string
	Got                any
}

func (e *Error) Error() string { return e.Path + ": " + e.Rule }

// Options are a caller's rules.
type Options struct {
	Root     string // what a problem of the whole value calls it: "scenario"
	First    bool   // stop at the first problem, rather than report every one
	Fold     bool   // a key matches a field's name in any case, as in encoding/json
	Required bool   // a field without omitempty must be given, and not as null
	// Read, when set, reads the values it takes (a range where a number
	// may be): it says whether it took src, and the problems it found.
	Read func(path string, src any, dst reflect.Value) (bool, []error)
}

// Decode fills dst (a pointer) from tree and returns the problems found:
// *Errors and those of Read; one at most with First. A null leaves an
// optional field unset. tree is not changed: a field of type any gets a copy.
func Decode(tree any, dst any, opt Options) []error {
	d := decoder{Options: opt}
	d.value("", tree, reflect.ValueOf(dst).Elem())
	return d.errs
}

type decoder struct {
	Options
	errs []error
}

func (d *decoder) done() bool { return d.First && len(d.errs) > 0 }

func (d *decoder) fail(err error) {
	if !d.done() {
		d.errs = append(d.errs, err)
	}
}

func (d *decoder) add(path, rule, ruleJA string, got any) {
	d.fail(&Error{path, rule, ruleJA, got})
}

func (d *decoder) value(path string, src any, dst reflect.Value) {
	if d.done() {
		return
	}
	if d.Read != nil {
		if took, errs := d.Read(path, src, dst); took {
			for _, err := range errs {
				d.fail(err)
			}
			return
		}
	}
	m, isObject := src.(map[string]any)
	ok := true
	switch dst.Kind() {
	case reflect.Pointer:
		if src != nil { // null leaves it unset
			v := reflect.New(dst.Type().Elem())
			d.value(path, src, v.Elem())
			dst.Set(v)
		}
	case reflect.Interface:
		if src != nil {
			dst.Set(reflect.ValueOf(Copy(src))) // a JSON value kept whole (transformer.config)
		}
	case reflect.Struct:
		if ok = isObject; ok {
			d.object(path, m, dst)
		}
	case reflect.Map:
		if ok = isObject; ok {
			out := reflect.MakeMapWithSize(dst.Type(), len(m))
			for _, k := range minjson.SortedKeys(m) {
				el := reflect.New(dst.Type().Elem()).Elem()
				d.value(join(path, k), m[k], el)
				out.SetMapIndex(reflect.ValueOf(k), el) // keys of type string: Convert would cost the page's module 8 KB brotli
			}
			dst.Set(out)
		}
	case reflect.Slice:
		var list []any
		if list, ok = src.([]any); ok {
			out := reflect.MakeSlice(dst.Type(), len(list), len(list))
			for i, el := range list {
				d.value(path+"["+strconv.Itoa(i)+"]", el, out.Index(i))
			}
			dst.Set(out)
		}
	case reflect.String:
		var s string
		if s, ok = src.(string); ok {
			dst.SetString(s)
		}
	case reflect.Bool:
		var b bool
		if b, ok = src.(bool); ok {
			dst.SetBool(b)
		}
	case reflect.Float32, reflect.Float64:
		var n minjson.Number
		if n, ok = src.(minjson.Number); ok {
			if f, err := Float(path, n, dst.Type().Bits()); err != nil {
				d.fail(err)
			} else {
				dst.SetFloat(f)
			}
		}
	default:
		ok = false // no scenario or request has another kind of field
	}
	if !ok {
		if path == "" {
			path = d.Root
		}
		en, ja := describe(dst.Type(), false)
		if last, _ := utf8.DecodeLastRuneInString(ja); last < utf8.RuneSelf {
			ja += " " // between Latin letters and kana, as the house writes
		}
		d.add(path, "must be "+en, ja+"にしてください", Got(src))
	}
}

// object fills the struct dst from m: first its keys, each naming a field
// once, then its fields in order.
func (d *decoder) object(path string, m map[string]any, dst reflect.Value) {
	fields := minjson.Fields(dst.Type())
	key := make([]string, len(fields)) // the key that gives each field
	for _, k := range minjson.SortedKeys(m) {
		i := d.field(fields, k)
		switch {
		case i < 0:
			d.unknown(join(path, k), fields)
		case key[i] != "":
			if key[i] != fields[i].Name { // the key spelled as the field is the one meant
				k = key[i]
			}
			d.fail(Repeated(join(path, k)))
		default:
			key[i] = k
		}
	}
	for i, f := range fields {
		k, required := key[i], d.Required && !f.OmitEmpty
		switch {
		case k == "" && required:
			d.add(join(path, f.Name), "is required", "必須です", nil)
		case k == "", m[k] == nil && !required:
			// Absent, or null: the page clears a label, or the model a
			// config replaces.
		default:
			d.value(join(path, k), m[k], f.In(dst, true))
		}
	}
}

// field is the index of the field key k names: the one spelled k, else with
// Fold one spelled k in another case; -1 for none.
func (d *decoder) field(fields []minjson.Field, k string) int {
	for i, f := range fields {
		if f.Name == k {
			return i
		}
	}
	for i, f := range fields {
		if d.Fold && sameFold(f.Name, k) {
			return i
		}
	}
	return -1
}

// unknown reports a key at path that names none of fields, listing them.
func (d *decoder) unknown(path string, fields []minjson.Field) {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	sort.Strings(names)
	known, knownJA := strings.Join(names, ", "), strings.Join(names, ", ")
	if len(names) == 0 {
		known, knownJA = "none", "なし"
	}
	d.add(path, "unknown field (known: "+known+")", "不明なフィールドです（既知: "+knownJA+"）", nil)
}

// Repeated is the problem of a key an object gives twice (minjson.Read lists
// them): a reader would keep the last one silently, so an edit of a field
// lower in a file could be overridden without notice.
func Repeated(path string) *Error {
	return &Error{path, "must appear only once in its object (a duplicate key)", "オブジェクト内で 1 回だけにしてください（キーが重複しています）", nil}
}

// Float reads n as a finite float of bits (32 or 64), or says at path why it
// is none. -0 reads as 0: a sign on zero means nothing to a planner, and
// would be echoed as "-0" on every surface.
func Float(path string, n minjson.Number, bits int) (float64, *Error) {
	f, err := strconv.ParseFloat(string(n), bits)
	if err != nil || math.IsInf(f, 0) {
		return 0, &Error{path, "must be a finite number", "有限の数値にしてください", string(n)}
	}
	if f == 0 {
		f = 0 // not -0
	}
	return f, nil
}

// Copy is a deep copy of a tree's objects and lists.
func Copy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, el := range x {
			out[k] = Copy(el)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, el := range x {
			out[i] = Copy(el)
		}
		return out
	}
	return v
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Got is a tree's value as an error echoes it: a string quoted (cut by
// estimator.Shown when long), a number as written (in a string where no
// float64 holds it: JavaScript reads 1e999 as Infinity), true, null, "an
// object", "a list".
func Got(v any) any {
	switch x := v.(type) {
	case minjson.Number:
		if _, err := Float("", x, 64); err != nil {
			return string(x)
		}
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	case nil:
		return "null"
	case string:
		return strconv.Quote(x)
	}
	return v
}

// Noun is a type that says what it reads, where its kind would not (two
// JSON shapes, a whole number in a float64): in English with its article,
// or plural ("an override", "overrides"), and as a Japanese noun, which has
// no plural.
type Noun interface {
	Noun(plural bool) (en, ja string)
}

var nounType = reflect.TypeOf((*Noun)(nil)).Elem()

// describe says what a value of Go type t is in JSON: "a string", "a list
// of numbers"; in Japanese as a noun ("数値のリスト").
func describe(t reflect.Type, plural bool) (en, ja string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Implements(nounType) {
		return reflect.Zero(t).Interface().(Noun).Noun(plural)
	}
	var one, many string
	switch t.Kind() {
	case reflect.Bool:
		one, many, ja = "true or false", "true or false values", "true か false"
	case reflect.String:
		one, many, ja = "a string", "strings", "文字列"
	case reflect.Float32, reflect.Float64:
		one, many, ja = "a number", "numbers", "数値"
	case reflect.Slice, reflect.Array:
		of, ofJA := describe(t.Elem(), true)
		one, many, ja = "a list of "+of, "lists of "+of, ofJA+"のリスト"
	default:
		one, many, ja = "an object", "objects", "オブジェクト"
	}
	if plural {
		return many, ja
	}
	return one, ja
}

// sameFold is strings.EqualFold for a field name in ASCII (a name in
// another script matches only as spelled): ASCII letters in either case, and
// the two runes Unicode folds onto them, ſ (U+017F) onto s and the Kelvin
// sign onto k. strings.EqualFold would link Unicode's case tables into the
// page's module for those two: 10 KB, 4 KB gzip.
func sameFold(name, key string) bool {
	for _, r := range key {
		if name == "" {
			return false
		}
		c := rune(name[0])
		name = name[1:]
		switch {
		case c >= utf8.RuneSelf:
			return false
		case r == 'ſ':
			r = 's'
		case r == '\u212A':
			r = 'k'
		}
		if r != c && lower(r) != lower(c) {
			return false
		}
	}
	return name == ""
}

func lower(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}
