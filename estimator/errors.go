package estimator

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// FieldError says which scenario field is wrong and why, in words a user can act on.
type FieldError struct {
	Path string // "workloads[1].mb_per_s"
	Rule Text   // "must be > 0", "0 より大きい値にしてください"; English where no Japanese is written
	Got  any    // -19; nil when there is nothing to show
}

func (e *FieldError) Error() string { return e.In("en") }

// In says the problem in lang ("ja"; anything else reads English), naming
// the field by its path, for authors (the CLI, the API's message):
// "fleet.cars: must be > 0, got -5" or
// "fleet.cars: 0 より大きい値にしてください（入力値 -5）". A rule without a
// Japanese form reads in English inside the Japanese sentence.
func (e *FieldError) In(lang Lang) string { return e.said(ShownPath(e.Path, lang), lang) }

// Said says the problem for a reader of the page or a report, in lang:
// the field named by its label where the inputs table has one ("Cars: must
// be > 0, got -5", "車両数: 0 より大きい値にしてください（入力値 -5）"), by
// its path where it has none (a key the format does not know, a request's
// own field).
func (e *FieldError) Said(lang Lang) string { return e.said(FieldName(e.Path, lang), lang) }

// FieldName is a field as a reader knows it, in lang: its label in the
// inputs table, else its path (cut as ShownPath cuts it). It reads the
// whole table: the page's estimator module, which lists no inputs, leaves
// it to the page, which has the form's labels (api.Error's Problem).
func FieldName(path string, lang Lang) string {
	if f, ok := FieldOf(path); ok && f.Label.EN != "" {
		return f.Label.In(lang)
	}
	return ShownPath(path, lang)
}

func (e *FieldError) said(name string, lang Lang) string { return name + ": " + e.Problem(lang) }

// Problem is the rule broken and the value that broke it, in lang, without
// the field: what the page shows beside the field, whose label is there
// already ("must be > 0, got -5", "0 より大きい値にしてください（入力値 -5）").
func (e *FieldError) Problem(lang Lang) string {
	if lang != Japanese {
		if e.Got == nil {
			return e.Rule.EN
		}
		return minfmt.Sprintf("%s, got %v", e.Rule.EN, Shown(e.Got, lang))
	}
	if e.Got == nil {
		return e.Rule.In(lang)
	}
	return minfmt.Sprintf("%s（入力値 %v）", e.Rule.In(lang), Shown(e.Got, lang))
}

// MaxShown is how many bytes of an offending value an error echoes, and
// MaxShownPath how many of the path it names: a path holds the input's own
// keys, which may be anything, while no field's path is longer than about 60
// bytes.
const (
	MaxShown     = 64
	MaxShownPath = 256
)

// Shown is an offending value as every surface echoes it (a FieldError's
// message, the page's "got", the CLI's usage errors), in lang: one whose
// text is longer than MaxShown bytes is cut there and says how long it was,
// `"aaaa…" (10485762 bytes)`, so that a 10 MB string in a request does not
// come back in each of its errors' messages and again beside them.
func Shown(v any, lang Lang) any {
	if v == nil {
		return nil
	}
	if x, ok := v.(float64); ok && x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return int64(x) // a whole number as it was typed: 10000000, not 1e+07
	}
	if text := minfmt.Sprint(v); len(text) > MaxShown {
		return cut(text, MaxShown, lang)
	}
	return v
}

// ShownPath is a FieldError's path as every surface shows it: cut as Shown
// cuts a value, past MaxShownPath bytes (an unknown key of 10 MB).
func ShownPath(path string, lang Lang) string { return cut(path, MaxShownPath, lang) }

// cut is text, or past n bytes its first n and its length; text that ends
// in a quote (a quoted string) keeps it.
func cut(text string, n int, lang Lang) string {
	if len(text) <= n {
		return text
	}
	end := "…"
	if strings.HasSuffix(text, `"`) {
		end = `…"`
	}
	text, size := strings.ToValidUTF8(text[:n], "")+end, strconv.Itoa(len(text))
	if lang == "ja" {
		return text + "（" + size + " バイト）"
	}
	return text + " (" + size + " bytes)"
}

// knownAs is the rule of an id that names nothing known, with the ids that do:
// "unknown catalog GPU (known: a100-sxm, ...)".
func knownAs(en, ja string, known []string) Text {
	list := strings.Join(known, ", ")
	return Text{en + " (known: " + list + ")", ja + "（既知: " + list + "）"}
}

// NewFieldError is a FieldError whose rule is written in every language.
func NewFieldError(path string, rule Text, got any) *FieldError {
	return &FieldError{Path: path, Rule: rule, Got: got}
}

// SyntaxError is malformed JSON, located by line and column (both from 1).
type SyntaxError struct {
	Line, Column int
	Msg          string
}

func (e *SyntaxError) Error() string { return e.In("en") }

// In says the problem in lang ("ja"; anything else reads English). Msg is the
// JSON reader's own words, in English either way.
func (e *SyntaxError) In(lang Lang) string {
	if lang == "ja" {
		return minfmt.Sprintf("JSON として正しくありません（%d 行 %d 列）: %s", e.Line, e.Column, e.Msg)
	}
	return minfmt.Sprintf("invalid JSON at line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// IsInvalidInput reports whether err comes from the user's input (a scenario, an
// override or a request) rather than from the machine; the CLI exits 2 for these.
func IsInvalidInput(err error) bool {
	var fe *FieldError
	var se *SyntaxError
	return errors.As(err, &fe) || errors.As(err, &se)
}

// Errors is every problem found in one input, in the order found, as
// Decode, Validate and the package's other checks return them (so does an
// ErrorList's Err): each a *FieldError, and past MaxErrors one more that
// counts the rest ("... and 7 more"). Its text has one problem per line.
type Errors []error

func (l Errors) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap is the problems, for errors.Is and errors.As.
func (l Errors) Unwrap() []error { return l }

// errorList collects every problem of one input so a user sees them all at once.
type errorList []error

func (l *errorList) add(path string, rule Text, got any) {
	*l = append(*l, NewFieldError(path, rule, got))
}

// err is the first MaxErrors problems and a count of the rest, nil if there
// are none: a file of thousands of bad keys must not print megabytes.
func (l errorList) err() error {
	if len(l) == 0 {
		return nil
	}
	if len(l) > MaxErrors {
		return append(Errors(l[:MaxErrors:MaxErrors]), moreErrors(len(l)-MaxErrors))
	}
	return append(Errors(nil), l...) // a copy: the caller may go on adding to l
}

// moreErrors stands for the problems past the first MaxErrors.
func moreErrors(n int) error { return minfmt.Errorf("... and %d more", n) }

// ErrorList collects the problems of one input for code outside this
// package that checks its own requests (package tool): each is a
// *FieldError, and Err lists them under the same cap as a scenario's. It
// keeps only the first MaxErrors, so a large bad file costs no memory.
type ErrorList struct {
	kept    errorList
	dropped int
}

// Add records that path breaks rule, worded in every language; got is the
// offending value, or nil.
func (l *ErrorList) Add(path string, rule Text, got any) {
	if len(l.kept) < MaxErrors {
		l.kept.add(path, rule, got)
		return
	}
	l.dropped++
}

// join records each problem err joins, under the same cap as Add.
func (l *ErrorList) join(err error) {
	if list, ok := err.(Errors); ok {
		for _, e := range list {
			l.join(e)
		}
		return
	}
	if len(l.kept) < MaxErrors {
		l.kept = append(l.kept, err)
		return
	}
	l.dropped++
}

// Len is the number of problems recorded.
func (l *ErrorList) Len() int { return len(l.kept) + l.dropped }

// Err is the problems as an Errors, nil if there are none.
func (l *ErrorList) Err() error {
	if l.dropped > 0 {
		n := len(l.kept)
		return append(Errors(l.kept[:n:n]), moreErrors(l.dropped)) // a copy, as err's
	}
	return l.kept.err()
}

