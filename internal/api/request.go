package api

import (
	"errors"
	"math"
	"reflect"
	"strconv"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
	"github.com/trainscale/trainscale/internal/treedecode"
)

// DecodeRequest reads a request strictly: one JSON object, with no unknown,
// repeated or mistyped field and nothing after it. An error names the field
// ("scenarios[1].name") and the rule in plain words ("must be a string"),
// never a Go type, as a scenario's do (treedecode). Keys match dst's json
// names as encoding/json matches them, ignoring case; two keys for one
// field are a mistake too.
func DecodeRequest(data []byte, dst any) error {
	tree, rest, repeated, err := minjson.Read(data, "")
	var se *minjson.SyntaxError
	var de *minjson.DepthError
	switch {
	case errors.As(err, &se):
		return &estimator.FieldError{Path: "request", Rule: estimator.Text{EN: "must be valid JSON", JA: "正しい JSON にしてください"}, Got: se.Msg}
	case errors.As(err, &de):
		return estimator.TooDeep("request")
	case err != nil:
		return err
	case len(repeated) > 0:
		return fieldError(treedecode.Repeated(repeated[0]))
	case len(rest) > 0:
		return &estimator.FieldError{Path: "request", Rule: estimator.Text{EN: "must be one JSON object with nothing after it", JA: "JSON オブジェクト 1 つだけにしてください（後ろに何も置けません）"}, Got: nil}
	}
	return decodeTree(tree, dst)
}

// decodeTree fills dst from the tree src, stopping at the first problem.
func decodeTree(src any, dst any) error {
	for _, err := range treedecode.Decode(src, dst, treedecode.Options{Root: "request", First: true, Fold: true, Read: readSet}) {
		return fieldError(err)
	}
	return nil
}

var setType = reflect.TypeOf(Set{})

// readSet reads a Set, which takes two JSON shapes.
func readSet(_ string, src any, dst reflect.Value) (bool, []error) {
	if dst.Type() != setType {
		return false, nil
	}
	if err := dst.Addr().Interface().(*Set).readTree(src); err != nil {
		return true, []error{err}
	}
	return true, nil
}

// fieldError is a treedecode problem as an *estimator.FieldError, any other
// error as it is.
func fieldError(err error) error {
	if e, ok := err.(*treedecode.Error); ok {
		return &estimator.FieldError{Path: e.Path, Rule: estimator.Text{EN: e.Rule, JA: e.RuleJA}, Got: e.Got}
	}
	return err
}

// MaxWhole is the largest whole number a JavaScript number (a float64) holds
// exactly: no request field may be larger.
const MaxWhole = 1<<53 - 1

// Whole is a whole-number request field. JSON and JavaScript may write one as
// 2e6 or 64.0, so a request reads it as a number and Int checks that it is
// whole and in range.
type Whole float64

// Noun names a Whole in a request's errors: "must be a whole number".
func (Whole) Noun(plural bool) (en, ja string) {
	if plural {
		return "whole numbers", "整数"
	}
	return "a whole number", "整数"
}

// Int is w as an int: def when the request left it out (w is nil), else an
// error naming path and the range [lo, hi] unless w is a whole number in it.
func (w *Whole) Int(path string, def, lo, hi int) (int, error) {
	if w == nil {
		return def, nil
	}
	f := float64(*w)
	if f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		return 0, &estimator.FieldError{Path: path, Rule: estimator.Text{EN: minfmt.Sprintf("must be a whole number from %d to %d", lo, hi), JA: minfmt.Sprintf("%d 以上 %d 以下の整数にしてください", lo, hi)},
			Got: number(f)}
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
func ReportOptions(samples, seed *Whole, def int, lang string) (n int, s uint64, l estimator.Lang, err error) {
	n, errN := samples.Int("samples", def, 0, estimator.MaxSamples)
	sd, errS := seed.Int("seed", 1, 0, MaxWhole)
	if sd == 0 {
		sd = 1
	}
	l, errL := Lang(lang)
	return n, uint64(sd), l, errors.Join(errN, errS, errL)
}
