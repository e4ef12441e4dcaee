// Package minfmt formats text as fmt does, for the verbs and operand types
// trainscale's texts use, in a few hundred lines and without reflect: the
// estimator, its hardware catalog and the page's renderer use it instead of
// fmt, so the page's WebAssembly module (wasm/estimator) carries none of
// fmt's code. Its output is fmt's byte for byte (a test compares them).
//
// Verbs: %v, %s, %d, %q, %g, %f and %e (with a precision: %.3f, %.6g), %w
// (Errorf) and %%, with an explicit operand index (%[2]s) as translations
// reorder them. Operands: nil, string, bool, the integer and float types,
// error and Stringer (their text, for %v, %s and %q), []string, []int and
// []float64. A named type is not its underlying type here (convert a
// Unit: string(u)); an operand of another type is written as
// %!v(unsupported) rather than guessed at. No width or flag (%5d, %-s, %+v).
// The minfmtcheck pass (./minfmtcheck, run by make test) checks every call
// site of the module's packages for such operands and constant formats for
// such verbs. Nothing checks a verb against its operand (%d of a string):
// go vet's printf check, pointed at these functions, rejects their %w.
package minfmt

import (
	"errors"
	"io"
	"strconv"
)

// Stringer is a value with its own text (fmt.Stringer).
type Stringer interface{ String() string }

// Sprintf is fmt.Sprintf.
func Sprintf(format string, args ...any) string {
	return string(Append(nil, format, args...))
}

// Fprintf is fmt.Fprintf.
func Fprintf(w io.Writer, format string, args ...any) (int, error) {
	return w.Write(Append(nil, format, args...))
}

// Errorf is fmt.Errorf: an error whose text is Sprintf's, which wraps the
// operands of its %w verbs (errors.Is and errors.As see them).
func Errorf(format string, args ...any) error {
	var wrapped []error
	msg := string(appendf(nil, format, args, &wrapped))
	switch len(wrapped) {
	case 0:
		return errors.New(msg)
	case 1:
		return &wrapError{msg, wrapped[0]}
	}
	return &wrapErrors{msg, wrapped}
}

// wrapError and wrapErrors are fmt's: one %w unwraps to an error (as
// errors.Unwrap reads it), several to a list.
type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string { return e.msg }
func (e *wrapError) Unwrap() error { return e.err }

type wrapErrors struct {
	msg  string
	errs []error
}

func (e *wrapErrors) Error() string   { return e.msg }
func (e *wrapErrors) Unwrap() []error { return e.errs }

// Sprint is fmt.Sprint: the operands' %v, a space between two that are
// neither strings (a named string type counts as not a string here).
func Sprint(args ...any) string {
	var b []byte
	for i, a := range args {
		_, isStr := a.(string)
		if i > 0 && !isStr {
			if _, prevStr := args[i-1].(string); !prevStr {
				b = append(b, ' ')
			}
		}
		b = appendValue(b, 'v', -1, a)
	}
	return string(b)
}

// Append appends Sprintf's text to b.
func Append(b []byte, format string, args ...any) []byte { return appendf(b, format, args, nil) }

// appendf is Append, adding the errors of %w verbs to wrapped when it is not nil.
func appendf(b []byte, format string, args []any, wrapped *[]error) []byte {
	n := 0 // the operand the last verb took, counted from 1
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b = append(b, c)
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			b = append(b, '%')
			i++
			continue
		}
		start := i + 1
		prec := -1
		i, n = verbAt(format, start, n)
		// The precision, between the index (if any) and the verb.
		for j := start; j < i; j++ {
			if format[j] == '.' {
				prec, _ = strconv.Atoi(format[j+1 : i])
				if prec < 0 {
					prec = 0
				}
				break
			}
		}
		if i >= len(format) {
			b = append(b, "%!(NOVERB)"...)
			break
		}
		verb := format[i]
		if n < 1 || n > len(args) {
			b = append(b, '%', '!', verb)
			b = append(b, "(MISSING)"...)
			continue
		}
		if verb == 'w' {
			if err, ok := args[n-1].(error); ok && wrapped != nil {
				*wrapped = append(*wrapped, err)
			}
			verb = 'v'
		}
		b = appendValue(b, verb, prec, args[n-1])
	}
	return b
}

// verbAt reads a verb's explicit index and precision from format[i:] and
// returns where its letter is and the operand it takes: the next after n,
// or the one %[k] names.
func verbAt(format string, i, n int) (int, int) {
	next := n + 1
	if i < len(format) && format[i] == '[' {
		if end := indexByte(format[i:], ']'); end > 0 {
			if k, err := strconv.Atoi(format[i+1 : i+end]); err == nil {
				next = k
			}
			i += end + 1
		}
	}
	for i < len(format) && (format[i] == '.' || '0' <= format[i] && format[i] <= '9') {
		i++
	}
	return i, next
}

func indexByte(s string, c byte) int {
	for i := range len(s) {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// appendValue writes one operand as verb (with prec, -1 for none) does.
func appendValue(b []byte, verb byte, prec int, a any) []byte {
	switch v := a.(type) {
	case nil:
		return append(b, "<nil>"...)
	case error:
		return appendString(b, verb, v.Error())
	case Stringer:
		return appendString(b, verb, v.String())
	case string:
		return appendString(b, verb, v)
	case bool:
		return strconv.AppendBool(b, v)
	case int:
		return strconv.AppendInt(b, int64(v), 10)
	case int8:
		return strconv.AppendInt(b, int64(v), 10)
	case int16:
		return strconv.AppendInt(b, int64(v), 10)
	case int32:
		return strconv.AppendInt(b, int64(v), 10)
	case int64:
		return strconv.AppendInt(b, v, 10)
	case uint:
		return strconv.AppendUint(b, uint64(v), 10)
	case uint8:
		return strconv.AppendUint(b, uint64(v), 10)
	case uint16:
		return strconv.AppendUint(b, uint64(v), 10)
	case uint32:
		return strconv.AppendUint(b, uint64(v), 10)
	case uint64:
		return strconv.AppendUint(b, v, 10)
	case float64:
		return appendFloat(b, verb, prec, v, 64)
	case float32:
		return appendFloat(b, verb, prec, float64(v), 32)
	case []string:
		return appendList(b, verb, prec, len(v), func(i int) any { return v[i] })
	case []int:
		return appendList(b, verb, prec, len(v), func(i int) any { return v[i] })
	case []float64:
		return appendList(b, verb, prec, len(v), func(i int) any { return v[i] })
	}
	return append(b, "%!v(unsupported)"...)
}

func appendString(b []byte, verb byte, s string) []byte {
	if verb == 'q' {
		return strconv.AppendQuote(b, s)
	}
	return append(b, s...)
}

// appendFloat is fmt's %v (%g, shortest), %g, %f and %e.
func appendFloat(b []byte, verb byte, prec int, v float64, size int) []byte {
	if verb != 'f' && verb != 'e' {
		verb = 'g'
	}
	if prec < 0 && verb != 'g' {
		prec = 6
	}
	return strconv.AppendFloat(b, v, verb, prec, size)
}

// appendList is fmt's slice: [a b c].
func appendList(b []byte, verb byte, prec, n int, at func(int) any) []byte {
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendValue(b, verb, prec, at(i))
	}
	return append(b, ']')
}
