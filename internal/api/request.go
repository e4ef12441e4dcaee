package api

import (
	"errors"
	"math"
	"reflect"
	"strconv"
	"unicode/utf8"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
)

// DecodeRequest reads a request strictly: one JSON object, with no unknown,
// repeated or mistyped field and nothing after it. An error names the field
// ("scenarios[1].name") and the rule in plain words ("must be a string"),
// never a Go type. Keys match dst's json names as encoding/json matches them,
// ignoring case; two keys for one field are a mistake too.
func DecodeRequest(data []byte, dst any) error {
	tree, rest, repeated, err := minjson.Read(data, "")
	var se *minjson.SyntaxError
	var de *minjson.DepthError
	switch {
	case errors.As(err, &se):
		return &estimator.FieldError{Path: "request", Rule: "must be valid JSON", RuleJA: "正しい JSON にしてください", Got: se.Msg}
	case errors.As(err, &de):
		return estimator.TooDeep("request")
	case err != nil:
		return err
	case len(repeated) > 0:
		// A repeated key would silently take the last value; it is a mistake.
		return twice(repeated[0])
	case len(rest) > 0:
		return &estimator.FieldError{Path: "request", Rule: "must be one JSON object with nothing after it", RuleJA: "JSON オブジェクト 1 つだけにしてください（後ろに何も置けません）", Got: nil}
	}
	return decodeTree("", tree, reflect.ValueOf(dst).Elem())
}

func twice(path string) error {
	return &estimator.FieldError{Path: path, Rule: "is given twice", RuleJA: "2 回指定されています", Got: nil}
}

// treeReader is a request type that reads its own JSON shapes (Set), from
// minjson.Read's tree.
type treeReader interface {
	readTree(v any) error
}

// The types through pointers, not reflect.TypeFor, as in minjson: each
// TypeFor is a generic instantiation of its own.
var treeReaderType = reflect.TypeOf((*treeReader)(nil)).Elem()

// decodeTree fills dst from the tree src, the value at path, stopping at the
// first problem. A null leaves a field as it is.
func decodeTree(path string, src any, dst reflect.Value) error {
	if dst.CanAddr() && dst.Addr().Type().Implements(treeReaderType) {
		return dst.Addr().Interface().(treeReader).readTree(src)
	}
	if src == nil {
		return nil
	}
	mistyped := func() error {
		if path == "" {
			return &estimator.FieldError{Path: "request", Rule: "must be an object", RuleJA: "オブジェクトにしてください", Got: got(src)}
		}
		what := describe(dst.Type(), false)
		ja := what.JA + "にしてください"
		if last := what.JA[len(what.JA)-1]; last < utf8.RuneSelf {
			ja = what.JA + " にしてください" // a space between Latin letters and kana, as the house writes
		}
		return &estimator.FieldError{Path: path, Rule: "must be " + what.EN, RuleJA: ja, Got: got(src)}
	}
	switch dst.Kind() {
	case reflect.Pointer:
		v := reflect.New(dst.Type().Elem())
		if err := decodeTree(path, src, v.Elem()); err != nil {
			return err
		}
		dst.Set(v)
	case reflect.Interface:
		dst.Set(reflect.ValueOf(src))
	case reflect.Struct:
		m, ok := src.(map[string]any)
		if !ok {
			return mistyped()
		}
		return decodeObject(path, m, dst)
	case reflect.Slice:
		list, ok := src.([]any)
		if !ok {
			return mistyped()
		}
		out := reflect.MakeSlice(dst.Type(), len(list), len(list))
		for i, el := range list {
			if err := decodeTree(minfmt.Sprintf("%s[%d]", path, i), el, out.Index(i)); err != nil {
				return err
			}
		}
		dst.Set(out)
	case reflect.String:
		text, ok := src.(string)
		if !ok {
			return mistyped()
		}
		dst.SetString(text)
	case reflect.Bool:
		b, ok := src.(bool)
		if !ok {
			return mistyped()
		}
		dst.SetBool(b)
	case reflect.Float32, reflect.Float64:
		n, ok := src.(minjson.Number)
		f, err := strconv.ParseFloat(string(n), dst.Type().Bits())
		if !ok || err != nil {
			return mistyped()
		}
		dst.SetFloat(f)
	default:
		return mistyped() // no request has another kind of field
	}
	return nil
}

// decodeObject fills the struct dst from the object m: every key names a
// field (its json name, in any case), no field twice.
func decodeObject(path string, m map[string]any, dst reflect.Value) error {
	fields := minjson.Fields(dst.Type())
	keys := minjson.SortedKeys(m)
	taken := map[string]string{} // a field's name -> the key that set it
	for _, k := range keys {
		i := fieldIndex(fields, k)
		p := join(path, k)
		if i < 0 {
			return &estimator.FieldError{Path: p, Rule: "unknown request field", RuleJA: "不明なリクエストのフィールドです", Got: nil}
		}
		name := fields[i].Name
		if other, dup := taken[name]; dup {
			if other != name { // the key spelled as the field is the one meant
				p = join(path, other)
			}
			return twice(p)
		}
		taken[name] = k
	}
	for _, f := range fields {
		k, ok := taken[f.Name]
		if !ok {
			continue
		}
		if err := decodeTree(join(path, k), m[k], f.In(dst, true)); err != nil {
			return err
		}
	}
	return nil
}

// fieldIndex is the field key k names: the one spelled k, else one spelled
// k in another case; -1 for none. Loops, not slices.IndexFunc: an
// instantiation for minjson.Field alone.
func fieldIndex(fields []minjson.Field, k string) int {
	for i, f := range fields {
		if f.Name == k {
			return i
		}
	}
	for i, f := range fields {
		if sameFold(f.Name, k) {
			return i
		}
	}
	return -1
}

// sameFold is strings.EqualFold for a field name in ASCII, as every request
// field's is (a name in another script would match only as spelled): ASCII
// letters alike in either case, and the two other runes Unicode folds onto
// them, ſ (U+017F) onto s and the Kelvin sign (U+212A) onto k.
// strings.EqualFold links Unicode's case tables into the estimator module
// for those two: 10 KB, 4 KB gzip.
func sameFold(name, key string) bool {
	for _, r := range key {
		if name == "" {
			return false
		}
		c := rune(name[0])
		name = name[1:]
		switch {
		case c >= utf8.RuneSelf:
			return false // not a request field's name
		case r == 'ſ':
			r = 's'
		case r == '\u212A': // the Kelvin sign
			r = 'k'
		}
		if r != c && lower(r) != lower(c) {
			return false
		}
	}
	return name == ""
}

// lower is an ASCII letter in lower case, any other rune as it is.
func lower(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// got is what a request held where a field of another type was, for an
// error: a string quoted (estimator.Shown cuts a long one), "an object",
// "a list", "null".
func got(v any) any {
	switch x := v.(type) {
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

// noun is implemented by request types that read more than one JSON shape, to
// say what they accept, in English and as a Japanese noun.
type noun interface {
	noun(plural bool) estimator.Text
}

var (
	nounType  = reflect.TypeOf((*noun)(nil)).Elem()
	wholeType = reflect.TypeOf((*Whole)(nil)).Elem()
)

// describe says in words what a value of Go type t is in JSON: "a string",
// "a list of whole numbers"; in Japanese as a noun ("整数のリスト"), which has
// no plural.
func describe(t reflect.Type, plural bool) estimator.Text {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	pick := func(one, many, ja string) estimator.Text {
		if plural {
			return estimator.Text{EN: many, JA: ja}
		}
		return estimator.Text{EN: one, JA: ja}
	}
	switch {
	case t.Implements(nounType):
		return reflect.Zero(t).Interface().(noun).noun(plural)
	case t == wholeType:
		return pick("a whole number", "whole numbers", "整数")
	}
	switch t.Kind() {
	case reflect.Bool:
		return pick("true or false", "true or false values", "true か false")
	case reflect.String:
		return pick("a string", "strings", "文字列")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return pick("a whole number", "whole numbers", "整数")
	case reflect.Float32, reflect.Float64:
		return pick("a number", "numbers", "数値")
	case reflect.Slice, reflect.Array:
		of := describe(t.Elem(), true)
		return pick("a list of "+of.EN, "lists of "+of.EN, of.JA+"のリスト")
	}
	return pick("an object", "objects", "オブジェクト")
}

// MaxWhole is the largest whole number a JavaScript number (a float64) holds
// exactly: no request field may be larger.
const MaxWhole = 1<<53 - 1

// Whole is a whole-number request field. JSON and JavaScript may write one as
// 2e6 or 64.0, so a request reads it as a number and Int checks that it is
// whole and in range.
type Whole float64

// Int is w as an int: def when the request left it out (w is nil), else an
// error naming path and the range [lo, hi] unless w is a whole number in it.
func (w *Whole) Int(path string, def, lo, hi int) (int, error) {
	if w == nil {
		return def, nil
	}
	f := float64(*w)
	if f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		return 0, &estimator.FieldError{Path: path, Rule: minfmt.Sprintf("must be a whole number from %d to %d", lo, hi),
			RuleJA: minfmt.Sprintf("%d 以上 %d 以下の整数にしてください", lo, hi), Got: number(f)}
	}
	return int(f), nil
}

// number prints f as JavaScript does: digits up to 1e21, then an exponent.
func number(f float64) minjson.Number {
	if math.Abs(f) < 1e21 {
		return minjson.Number(strconv.FormatFloat(f, 'f', -1, 64))
	}
	return minjson.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

// ReportOptions reads the fields every request that builds parts of a report
// shares, reporting every error at once: samples (0 leaves the Monte Carlo
// out; def when absent), seed (0 or absent: 1) and lang.
func ReportOptions(samples, seed *Whole, def int, lang string) (n int, s uint64, l string, err error) {
	n, errN := samples.Int("samples", def, 0, estimator.MaxSamples)
	sd, errS := seed.Int("seed", 1, 0, MaxWhole)
	if sd == 0 {
		sd = 1
	}
	l, errL := Lang(lang)
	return n, uint64(sd), l, errors.Join(errN, errS, errL)
}
