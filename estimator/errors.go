package estimator

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
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
// JSON reader's own words, which syntaxJA puts in Japanese.
func (e *SyntaxError) In(lang Lang) string {
	if lang == "ja" {
		return minfmt.Sprintf("JSON として正しくありません（%d 行 %d 列）: %s", e.Line, e.Column, syntaxJA(e.Msg))
	}
	return minfmt.Sprintf("invalid JSON at line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// syntaxJA is a JSON reader's message in Japanese: "invalid character 'x'"
// and where it stood ("after array element"), or the input's early end.
// A message of another shape is kept as it is.
func syntaxJA(msg string) string {
	if msg == "unexpected end of input" {
		return "入力が途中で終わっています"
	}
	rest, ok := strings.CutPrefix(msg, "invalid character ")
	if !ok {
		return msg
	}
	// rest is the quoted character (which may be a quote or a space), then where it stood.
	if i := strings.Index(rest, " in literal "); i >= 0 {
		name, want, _ := strings.Cut(rest[i+len(" in literal "):], " (expecting ")
		return rest[:i] + " は不正な文字です（リテラル " + name + " の中、" + strings.TrimSuffix(want, ")") + " が来るはずの位置）"
	}
	char, place := rest, ""
	for _, w := range syntaxWhereJA { // the longest place that ends it: "in numeric literal" ends two
		if c, ok := strings.CutSuffix(rest, " "+w[0]); ok && len(c) < len(char) {
			char, place = c, "（"+w[1]+"）"
		}
	}
	return char + " は不正な文字です" + place
}

// syntaxWhereJA are the places a JSON reader (internal/minjson, Override)
// finds a character it does not expect, in Japanese: an array, not a map,
// which the page's first module would build on loading.
var syntaxWhereJA = [...][2]string{
	{"looking for beginning of value", "値が始まるはずの位置"},
	{"looking for beginning of object key string", "オブジェクトのキー（文字列）が始まるはずの位置"},
	{"after object key", "オブジェクトのキーの後"},
	{"after object key:value pair", "オブジェクトのキーと値の組の後"},
	{"after array element", "リストの要素の後"},
	{"after top-level value", "値の終わりの後"},
	{"in numeric literal", "数値の中"},
	{"after decimal point in numeric literal", "数値の小数点の後"},
	{"in exponent of numeric literal", "数値の指数部"},
	{"in string literal", "文字列の中"},
	{"in string escape code", "文字列のエスケープの中"},
	{"in \\u hexadecimal character escape", "\\u の 16 進エスケープの中"},
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

// errorWords is err in both languages, for a FieldError's rule: the
// hardware model's errors carry their Japanese (FitError, LayoutError) or
// are worded here (its sentinels, whose details after the sentinel's own
// words are ids and numbers); another error reads as it is.
func errorWords(err error) Text {
	var fit *hardware.FitError
	var bad *hardware.LayoutError
	switch {
	case errors.As(err, &fit):
		return Text{fit.In("en"), fit.In("ja")}
	case errors.As(err, &bad):
		return Text{bad.In("en"), bad.In("ja")}
	}
	for _, w := range sentinelWords() {
		if errors.Is(err, w.err) {
			rest := strings.TrimPrefix(err.Error(), w.err.Error())
			return Text{err.Error(), w.ja + rest}
		}
	}
	return Text{err.Error(), err.Error()}
}

// sentinelWords are the hardware model's and this package's plain errors
// in Japanese.
func sentinelWords() []struct {
	err error
	ja  string
} {
	return []struct {
		err error
		ja  string
	}{
		{hardware.ErrNoPrecision, "GPU にこの精度の密行列テンソル演算の経路がありません"},
		{hardware.ErrNoGPUCount, "上限までのどの GPU 数でも期限に間に合いません"},
		{hardware.ErrTooSmall, "この時間では 10 億パラメータのモデルも学習できません"},
		{hardware.ErrBeyondSizes, "形状を導ける 1e14 を超えるパラメータ数です"},
		{errDeadline, minfmt.Sprintf("GPU %d 基までのどのジョブも、実行全体を数えると期限内に学習を終えられません", maxJobGPUs)},
		{errLayoutTooLarge, "この並列化構成は GPU のメモリに収まりません"},
	}
}
