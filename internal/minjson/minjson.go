// Package minjson reads JSON into plain trees and writes Go values as
// encoding/json writes them, in a few hundred lines: the estimator (and its
// hardware catalog) use it instead of encoding/json, so the page's
// WebAssembly module (wasm/estimator) carries none of encoding/json's code,
// a quarter of a megabyte. It serves every caller alike, natively and in
// the browser.
package minjson

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// Number is a JSON number as it was written ("2e6", "0.5"), as Read keeps
// it: an error can echo the user's own text, and a value too large for a
// float64 is reported, not rounded to infinity.
type Number string

// String is the number as written: what an error message echoes
// (fmt and internal/minfmt print a Stringer by its String).
func (n Number) String() string { return string(n) }

// MaxDepth bounds how deeply the JSON Read accepts nests objects and arrays.
// Every walk of a tree Read returns (decoding it, copying it, writing it
// again) recurses once or more a level, and in the page's WebAssembly
// modules each Go call is also a frame on the browser's JavaScript stack
// (984 KB in V8), which Go's runtime does not survive overflowing: a
// request 5,000 levels deep did, and under Node with that stack the
// costliest walk (an override's value, written out again and read back)
// overflowed it from about 2,000 levels. 500 keeps a quarter of that; no
// scenario or request nests more than a few levels.
const MaxDepth = 500

// DepthError is JSON that nests objects and arrays more than MaxDepth levels
// deep. Read stops at the bracket that opens the first level past the
// limit, before reading into it.
type DepthError struct {
	Offset int // of that bracket
}

func (e *DepthError) Error() string {
	return "nests objects and arrays more than " + strconv.Itoa(MaxDepth) + " levels deep"
}

// Read reads the JSON value at the start of data into a tree of
// map[string]any, []any, Number, string, bool and nil. rest is what follows
// the value, leading spaces skipped; repeated lists the path below root of
// every key that an object gives twice ("fleet.cars", "scenarios[1].name";
// the later value is kept). err is a *SyntaxError locating malformed JSON,
// or a *DepthError.
func Read(data []byte, root string) (tree any, rest []byte, repeated []string, err error) {
	r := reader{data: data}
	tree, err = r.value(root, 0)
	if err != nil {
		return nil, nil, nil, err
	}
	r.space()
	return tree, data[r.pos:], r.repeated, nil
}

type reader struct {
	data     []byte
	pos      int
	repeated []string
}

func (r *reader) space() {
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

// fail is a syntax error at the current byte, or at the end of the input.
func (r *reader) fail(context string) error {
	if r.pos >= len(r.data) {
		return syntaxErrorAt(r.data, len(r.data), "unexpected end of input")
	}
	return syntaxErrorAt(r.data, r.pos, "invalid character "+quoteByte(r.data[r.pos])+" "+context)
}

func quoteByte(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}

// value reads the value at r.pos, which depth objects and arrays enclose.
func (r *reader) value(path string, depth int) (any, error) {
	r.space()
	if r.pos >= len(r.data) {
		return nil, r.fail("")
	}
	switch c := r.data[r.pos]; {
	case (c == '{' || c == '[') && depth >= MaxDepth:
		return nil, &DepthError{Offset: r.pos}
	case c == '{':
		return r.object(path, depth)
	case c == '[':
		return r.array(path, depth)
	case c == '"':
		return r.str()
	case c == '-' || c >= '0' && c <= '9':
		return r.number()
	}
	for _, lit := range []struct {
		text string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(r.data)-r.pos >= len(lit.text) && string(r.data[r.pos:r.pos+len(lit.text)]) == lit.text {
			r.pos += len(lit.text)
			return lit.v, nil
		}
	}
	for _, lit := range []string{"true", "false", "null"} {
		if r.data[r.pos] == lit[0] {
			// Name the first byte that differs, as a reader going byte by byte would.
			for i := 1; i < len(lit) && r.pos+i < len(r.data); i++ {
				if r.data[r.pos+i] != lit[i] {
					r.pos += i
					return nil, r.fail("in literal " + lit + " (expecting " + quoteByte(lit[i]) + ")")
				}
			}
			r.pos = len(r.data)
			return nil, r.fail("")
		}
	}
	return nil, r.fail("looking for beginning of value")
}

func (r *reader) object(path string, depth int) (any, error) {
	r.pos++ // {
	out := map[string]any{}
	r.space()
	if r.pos < len(r.data) && r.data[r.pos] == '}' {
		r.pos++
		return out, nil
	}
	for {
		r.space()
		if r.pos >= len(r.data) || r.data[r.pos] != '"' {
			return nil, r.fail("looking for beginning of object key string")
		}
		k, err := r.str()
		if err != nil {
			return nil, err
		}
		r.space()
		if r.pos >= len(r.data) || r.data[r.pos] != ':' {
			return nil, r.fail("after object key")
		}
		r.pos++
		p := k
		if path != "" {
			p = path + "." + k
		}
		if _, dup := out[k]; dup {
			r.repeated = append(r.repeated, p)
		}
		v, err := r.value(p, depth+1)
		if err != nil {
			return nil, err
		}
		out[k] = v
		r.space()
		if r.pos < len(r.data) && r.data[r.pos] == ',' {
			r.pos++
			continue
		}
		if r.pos < len(r.data) && r.data[r.pos] == '}' {
			r.pos++
			return out, nil
		}
		return nil, r.fail("after object key:value pair")
	}
}

func (r *reader) array(path string, depth int) (any, error) {
	r.pos++ // [
	out := []any{}
	r.space()
	if r.pos < len(r.data) && r.data[r.pos] == ']' {
		r.pos++
		return out, nil
	}
	for {
		v, err := r.value(path+"["+strconv.Itoa(len(out))+"]", depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		r.space()
		if r.pos < len(r.data) && r.data[r.pos] == ',' {
			r.pos++
			continue
		}
		if r.pos < len(r.data) && r.data[r.pos] == ']' {
			r.pos++
			return out, nil
		}
		return nil, r.fail("after array element")
	}
}

// number reads a number with JSON's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (r *reader) number() (any, error) {
	start := r.pos
	digits := func() int {
		n := 0
		for r.pos < len(r.data) && r.data[r.pos] >= '0' && r.data[r.pos] <= '9' {
			r.pos++
			n++
		}
		return n
	}
	if r.data[r.pos] == '-' {
		r.pos++
	}
	if r.pos < len(r.data) && r.data[r.pos] == '0' {
		r.pos++
	} else if digits() == 0 {
		return nil, r.fail("in numeric literal")
	}
	if r.pos < len(r.data) && r.data[r.pos] == '.' {
		r.pos++
		if digits() == 0 {
			return nil, r.fail("after decimal point in numeric literal")
		}
	}
	if r.pos < len(r.data) && (r.data[r.pos] == 'e' || r.data[r.pos] == 'E') {
		r.pos++
		if r.pos < len(r.data) && (r.data[r.pos] == '+' || r.data[r.pos] == '-') {
			r.pos++
		}
		if digits() == 0 {
			return nil, r.fail("in exponent of numeric literal")
		}
	}
	return Number(r.data[start:r.pos]), nil
}

// str reads a string; invalid UTF-8 becomes U+FFFD, as encoding/json reads it.
func (r *reader) str() (string, error) {
	r.pos++ // "
	var b strings.Builder
	for {
		if r.pos >= len(r.data) {
			return "", r.fail("")
		}
		c := r.data[r.pos]
		switch {
		case c == '"':
			r.pos++
			return b.String(), nil
		case c < 0x20:
			return "", r.fail("in string literal")
		case c == '\\':
			r.pos++
			if r.pos >= len(r.data) {
				return "", r.fail("")
			}
			e := r.data[r.pos]
			if i := strings.IndexByte(`"\/bfnrt`, e); i >= 0 {
				b.WriteByte("\"\\/\b\f\n\r\t"[i])
				r.pos++
				continue
			}
			if e != 'u' {
				return "", r.fail("in string escape code")
			}
			r.pos++
			c1, ok := r.hex4()
			if !ok {
				return "", r.fail("in \\u hexadecimal character escape")
			}
			if utf16.IsSurrogate(c1) && r.pos+1 < len(r.data) && r.data[r.pos] == '\\' && r.data[r.pos+1] == 'u' {
				save := r.pos
				r.pos += 2
				if c2, ok := r.hex4(); ok {
					if dec := utf16.DecodeRune(c1, c2); dec != utf8.RuneError {
						b.WriteRune(dec)
						continue
					}
				}
				r.pos = save
			}
			if utf16.IsSurrogate(c1) {
				c1 = utf8.RuneError
			}
			b.WriteRune(c1)
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			r.pos++
		default:
			ch, size := utf8.DecodeRune(r.data[r.pos:])
			b.WriteRune(ch) // RuneError for a bad byte
			r.pos += size
		}
	}
}

func (r *reader) hex4() (rune, bool) {
	if len(r.data)-r.pos < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(r.data[r.pos:r.pos+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	r.pos += 4
	return rune(n), true
}

// SortedKeys lists the keys of an object of a tree, sorted: the order its
// readers check and report them in, so their errors come out the same on
// every run.
func SortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// SyntaxError is malformed JSON: what is wrong (in encoding/json's words),
// at byte Offset of the input.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return e.Msg }

func syntaxErrorAt(data []byte, off int, msg string) *SyntaxError {
	return &SyntaxError{Offset: min(max(off, 0), len(data)), Msg: msg}
}

// marshaler is a type that writes its own JSON (encoding/json's Marshaler).
type marshaler interface {
	MarshalJSON() ([]byte, error)
}

// Append appends v written as encoding/json.Marshal writes it, byte for
// byte, for the kinds of values trainscale's answers hold: structs by
// their json tags (omitempty, "-", embedded structs), maps by sorted string
// key, slices, pointers, interfaces, strings (HTML characters escaped),
// numbers, Number, bools, and types with a MarshalJSON method. A NaN or an
// infinity is an error: JSON cannot hold it.
func Append(dst []byte, v any) ([]byte, error) {
	return appendValue(dst, reflect.ValueOf(v))
}

// The types through pointers, not reflect.TypeFor: each TypeFor is a generic
// instantiation of its own in the estimator module.
var (
	numberType    = reflect.TypeOf((*Number)(nil)).Elem()
	marshalerType = reflect.TypeOf((*marshaler)(nil)).Elem()
)

func appendValue(b []byte, v reflect.Value) ([]byte, error) {
	if !v.IsValid() {
		return append(b, "null"...), nil
	}
	if v.Kind() != reflect.Pointer && v.Kind() != reflect.Interface && v.CanInterface() && v.Type().Implements(marshalerType) {
		return appendMarshaled(b, v.Interface().(marshaler))
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		if v.Kind() == reflect.Pointer && v.Type().Implements(marshalerType) {
			return appendMarshaled(b, v.Interface().(marshaler))
		}
		return appendValue(b, v.Elem())
	case reflect.Struct:
		return appendStruct(b, v)
	case reflect.Map:
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		// Sorted as strings, through a map by name: a sort of the
		// reflect.Values themselves instantiated a second 18 KB pdqsort in
		// the page's module, beside the one for strings.
		byName := make(map[string]reflect.Value, v.Len())
		names := make([]string, 0, v.Len())
		for _, k := range v.MapKeys() {
			byName[k.String()] = k
			names = append(names, k.String())
		}
		slices.Sort(names)
		b = append(b, '{')
		for i, name := range names {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, name)
			b = append(b, ':')
			var err error
			if b, err = appendValue(b, v.MapIndex(byName[name])); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i := range v.Len() {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendValue(b, v.Index(i)); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case reflect.String:
		if v.Type() == numberType {
			if v.String() == "" {
				return append(b, '0'), nil
			}
			return append(b, v.String()...), nil
		}
		return appendString(b, v.String()), nil
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.AppendUint(b, v.Uint(), 10), nil
	case reflect.Float32, reflect.Float64:
		return appendFloat(b, v.Float(), v.Type().Bits())
	}
	return nil, errors.New("minjson: cannot write a " + v.Kind().String() + " as JSON")
}

func appendMarshaled(b []byte, m marshaler) ([]byte, error) {
	out, err := m.MarshalJSON()
	if err != nil {
		return nil, err
	}
	if _, rest, _, err := Read(out, ""); err != nil || len(rest) > 0 {
		return nil, errors.New("minjson: a MarshalJSON wrote invalid JSON")
	}
	// As encoding/json does: compacted, the HTML characters and the line
	// separators escaped in strings, everything else as written.
	inString, escaped := false, false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case !inString && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			continue
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case inString && (c == '<' || c == '>' || c == '&'):
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&0xF])
			continue
		case inString && c == 0xE2 && i+2 < len(out) && out[i+1] == 0x80 && out[i+2]&^1 == 0xA8:
			b = append(b, `\u202`...)
			b = append(b, "89"[out[i+2]&1])
			i += 2
			continue
		}
		b = append(b, c)
	}
	return b, nil
}

// appendFloat writes f as encoding/json does: the shortest text that reads
// back as f, an exponent only below 1e-6 or from 1e21.
func appendFloat(b []byte, f float64, bits int) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, errors.New("minjson: JSON cannot hold " + strconv.FormatFloat(f, 'g', -1, 64))
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' { // e-09 -> e-9, as encoding/json writes it
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// appendString writes s quoted as encoding/json does, <, > and & escaped so
// the text can sit in HTML, invalid UTF-8 as U+FFFD.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0 // s[start:i] needs no escaping: copied at once
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			if r == utf8.RuneError {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			}
			start = i + size
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Field is one struct field as JSON sees it.
type Field struct {
	Name      string
	OmitEmpty bool
	index     []int // through embedded structs
}

// Fields lists the fields of struct type t as encoding/json names them:
// by json tag, else by Go name; embedded structs without a tag flattened, a
// field of the outer struct hiding one of the same name below it; unexported
// and "-" fields left out.
func Fields(t reflect.Type) []Field {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]Field)
	}
	all := fields(t)
	depth := map[string]int{}
	for _, f := range all {
		if d, seen := depth[f.Name]; !seen || len(f.index) < d {
			depth[f.Name] = len(f.index)
		}
	}
	// A loop, not slices.DeleteFunc: an instantiation for Field alone.
	kept := all[:0]
	for _, f := range all {
		if len(f.index) <= depth[f.Name] {
			kept = append(kept, f)
		}
	}
	// LoadOrStore, not Store: reflect uses it already, Store would link
	// sync.Map's Swap besides. A concurrent first call keeps either list.
	f, _ := fieldCache.LoadOrStore(t, kept)
	return f.([]Field)
}

// fieldCache keeps each struct type's Fields: an answer writes hundreds of
// values of one type.
var fieldCache sync.Map // reflect.Type -> []Field

func fields(t reflect.Type) []Field {
	var out []Field
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := sf.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if sf.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			for _, f := range fields(ft) {
				f.index = append([]int{i}, f.index...)
				out = append(out, f)
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		out = append(out, Field{Name: name, OmitEmpty: strings.Contains(","+opts+",", ",omitempty,"), index: []int{i}})
	}
	return out
}

// In is the field of struct value v, allocating the embedded pointers on the
// way when alloc is set; invalid when a nil embedded pointer stands between.
func (f Field) In(v reflect.Value, alloc bool) reflect.Value {
	for i, x := range f.index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !alloc {
					return reflect.Value{}
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

func appendStruct(b []byte, v reflect.Value) ([]byte, error) {
	b = append(b, '{')
	first := true
	for _, f := range Fields(v.Type()) {
		fv := f.In(v, false)
		if !fv.IsValid() || f.OmitEmpty && isEmpty(fv) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendString(b, f.Name)
		b = append(b, ':')
		var err error
		if b, err = appendValue(b, fv); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// isEmpty is omitempty's test.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}

// Indent is the compact JSON src (as Append writes it) with each element of
// an object or array on a line of its own, indented by indent per level, as
// encoding/json.Indent writes it; an empty object or array stays {} or [].
func Indent(src []byte, indent string) []byte {
	var out []byte
	depth, inString, escaped := 0, false, false
	newline := func() {
		out = append(out, '\n')
		for range depth {
			out = append(out, indent...)
		}
	}
	for i, c := range src {
		if inString {
			out = append(out, c)
			inString = escaped || c != '"'
			escaped = !escaped && c == '\\'
			continue
		}
		switch c {
		case '"':
			inString = true
			out = append(out, c)
		case '{', '[':
			out = append(out, c)
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				continue
			}
			depth++
			newline()
		case '}', ']':
			if i > 0 && src[i-1] != '{' && src[i-1] != '[' {
				depth--
				newline()
			}
			out = append(out, c)
		case ',':
			out = append(out, c)
			newline()
		case ':':
			out = append(out, ':', ' ')
		default:
			out = append(out, c)
		}
	}
	return out
}
