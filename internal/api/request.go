package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/trainscale/trainscale/estimator"
)

// DecodeRequest reads a request strictly: one JSON object, with no unknown,
// repeated or mistyped field and nothing after it. An error names the field
// ("scenarios[1].name") and the rule in plain words ("must be a string"),
// never a Go type.
func DecodeRequest(data []byte, dst any) error {
	// A repeated key would silently take the last value; it is a mistake.
	if dup := repeated(data); dup != "" {
		return &estimator.FieldError{Path: dup, Rule: "is given twice", RuleJA: "2 回指定されています", Got: nil}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err == nil {
		if _, err := dec.Token(); err != io.EOF {
			return &estimator.FieldError{Path: "request", Rule: "must be one JSON object with nothing after it", RuleJA: "JSON オブジェクト 1 つだけにしてください（後ろに何も置けません）", Got: nil}
		}
		return nil
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	var fe *estimator.FieldError
	switch {
	case errors.As(err, &fe):
		return fe
	case errors.As(err, &te):
		at, got := valueAt(data, te.Offset)
		if at == "" {
			at = te.Field // encoding/json's own path, without list indices
		}
		if at == "" {
			return &estimator.FieldError{Path: "request", Rule: "must be an object", RuleJA: "オブジェクトにしてください", Got: got}
		}
		what := describe(te.Type, false)
		ja := what.JA + "にしてください"
		if last := what.JA[len(what.JA)-1]; last < utf8.RuneSelf {
			ja = what.JA + " にしてください" // a space between Latin letters and kana, as the house writes
		}
		return &estimator.FieldError{Path: at, Rule: "must be " + what.EN, RuleJA: ja, Got: got}
	case errors.As(err, &se):
		return &estimator.FieldError{Path: "request", Rule: "must be valid JSON", RuleJA: "正しい JSON にしてください", Got: se.Error()}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		return &estimator.FieldError{Path: keyPath(data, name), Rule: "unknown request field", RuleJA: "不明なリクエストのフィールドです", Got: nil}
	}
	return &estimator.FieldError{Path: "request", Rule: "must be one complete JSON object", RuleJA: "完全な JSON オブジェクト 1 つにしてください", Got: nil}
}

// noun is implemented by request types that read more than one JSON shape, to
// say what they accept, in English and as a Japanese noun.
type noun interface {
	noun(plural bool) estimator.Text
}

var (
	nounType  = reflect.TypeFor[noun]()
	wholeType = reflect.TypeFor[Whole]()
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

// walk visits the keys and values of the request's JSON in order, each with
// its path ("scenarios[0].preset"); a value also with what it was, for an
// error, and the byte offset where it ends. It stops when visit returns true,
// and quietly at malformed JSON (Decode words that error).
func walk(data []byte, visit func(path string, key bool, got any, end int64) bool) {
	type frame struct {
		object, wantKey bool
		key             string
		index           int
	}
	var stack []*frame
	path := func() string {
		var b strings.Builder
		for _, f := range stack {
			if !f.object {
				fmt.Fprintf(&b, "[%d]", f.index)
				continue
			}
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(f.key)
		}
		return b.String()
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		d, isDelim := tok.(json.Delim)
		switch {
		case isDelim && (d == '}' || d == ']'):
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].wantKey = true
			}
			continue
		case top != nil && top.wantKey:
			top.key, top.wantKey = tok.(string), false
			if visit(path(), true, nil, dec.InputOffset()) {
				return
			}
			continue
		case top != nil && !top.object:
			top.index++
		}
		var got any
		switch v := tok.(type) {
		case json.Delim:
			got = map[json.Delim]string{'{': "an object", '[': "a list"}[v]
		case string:
			if len(v) > 40 {
				v = v[:40] + "…"
			}
			got = strconv.Quote(v)
		case nil:
			got = "null"
		default:
			got = v
		}
		if visit(path(), false, got, dec.InputOffset()) {
			return
		}
		if isDelim {
			stack = append(stack, &frame{object: d == '{', wantKey: d == '{', index: -1})
		} else if top != nil && top.object {
			top.wantKey = true
		}
	}
}

// repeated is the path of the first key an object of the request repeats.
// encoding/json matches keys to fields ignoring case, so "Samples" repeats
// "samples" too.
func repeated(data []byte) (dup string) {
	seen := map[string]bool{}
	walk(data, func(path string, key bool, _ any, _ int64) bool {
		folded := strings.ToLower(path)
		if key && seen[folded] {
			dup = path
		}
		seen[folded] = true
		return dup != ""
	})
	return dup
}

// valueAt is the path of the value ending at byte offset end, where
// encoding/json reports a mistyped value, and what that value was.
func valueAt(data []byte, end int64) (at string, got any) {
	walk(data, func(path string, key bool, g any, off int64) bool {
		if !key && off >= end {
			at, got = path, g
			return true
		}
		return false
	})
	return at, got
}

// keyPath is the path of the first key named name, for an unknown field
// (encoding/json names only the key).
func keyPath(data []byte, name string) string {
	at := name
	walk(data, func(path string, key bool, _ any, _ int64) bool {
		if key && (path == name || strings.HasSuffix(path, "."+name)) {
			at = path
			return true
		}
		return false
	})
	return at
}

// MaxWhole is the largest whole number a JavaScript number (a float64) holds
// exactly: no request field may be larger.
const MaxWhole = 1<<53 - 1

// Whole is a whole-number request field. JSON and JavaScript may write one as
// 2e6 or 64.0, which encoding/json would not read into an int, so a request
// reads it as a number and Int checks that it is whole and in range.
type Whole float64

// Int is w as an int: def when the request left it out (w is nil), else an
// error naming path and the range [lo, hi] unless w is a whole number in it.
func (w *Whole) Int(path string, def, lo, hi int) (int, error) {
	if w == nil {
		return def, nil
	}
	f := float64(*w)
	if f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		return 0, &estimator.FieldError{Path: path, Rule: fmt.Sprintf("must be a whole number from %d to %d", lo, hi),
			RuleJA: fmt.Sprintf("%d 以上 %d 以下の整数にしてください", lo, hi), Got: number(f)}
	}
	return int(f), nil
}

// number prints f as JavaScript does: digits up to 1e21, then an exponent.
func number(f float64) json.Number {
	if math.Abs(f) < 1e21 {
		return json.Number(strconv.FormatFloat(f, 'f', -1, 64))
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
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
