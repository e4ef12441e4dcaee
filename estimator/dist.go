package estimator

import (
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
	"github.com/trainscale/trainscale/internal/numtext"
)

// Dist is the uncertainty of one numeric input: a triangular distribution
// (low, likely, high) or a lognormal one given by its median and 90th
// percentile. The field itself holds the likely value (or the median), so
// every other command sees a plain number.
type Dist struct {
	Low    float64 `json:"low"`
	Likely float64 `json:"likely"`
	High   float64 `json:"high"`
	Median float64 `json:"median"`
	P90    float64 `json:"p90"`
	Why    string  `json:"why,omitempty"` // the reason for the range, e.g. the article's hedge
}

// Lognormal reports whether the distribution is given by median and P90. A
// lognormal's median must be > 0, and decoding rejects a median of 0, so a
// non-zero median marks the kind.
func (d Dist) Lognormal() bool { return d.Median != 0 }

// MarshalJSON writes exactly the keys of the distribution's kind, zeros
// included, so that a range with an endpoint at 0 reads back as it was.
func (d Dist) MarshalJSON() ([]byte, error) {
	if d.Lognormal() {
		return minjson.Append(nil, struct {
			Median float64 `json:"median"`
			P90    float64 `json:"p90"`
			Why    string  `json:"why,omitempty"`
		}{d.Median, d.P90, d.Why})
	}
	return minjson.Append(nil, struct {
		Low    float64 `json:"low"`
		Likely float64 `json:"likely"`
		High   float64 `json:"high"`
		Why    string  `json:"why,omitempty"`
	}{d.Low, d.Likely, d.High, d.Why})
}

// Center is the value the field takes outside sampling.
func (d Dist) Center() float64 {
	if d.Lognormal() {
		return d.Median
	}
	return d.Likely
}

// triangleThrough is the triangular distribution of mode likely whose P10
// and P90 are p10 and p90 (p10 < likely < p90 or near): the shape of a
// range that is most likely at a point but leans to one side. Each end is
// found by bisection: for a low end, the high end that puts the P90 at p90;
// the low end then moves the P10 monotonically.
func triangleThrough(likely, p10, p90 float64) Dist {
	highFor := func(low float64) float64 {
		lo, hi := max(likely, p90), 2*p90-low+1
		for range 100 {
			mid := (lo + hi) / 2
			if (Dist{Low: low, Likely: likely, High: mid}).Quantile(0.9) < p90 {
				lo = mid
			} else {
				hi = mid
			}
		}
		return (lo + hi) / 2
	}
	lo, hi := 0.0, min(likely, p10)
	for range 100 {
		mid := (lo + hi) / 2
		if (Dist{Low: mid, Likely: likely, High: highFor(mid)}).Quantile(0.1) < p10 {
			lo = mid
		} else {
			hi = mid
		}
	}
	low := (lo + hi) / 2
	return Dist{Low: low, Likely: likely, High: highFor(low)}
}

// z90 is the standard normal's 90th percentile.
const z90 = 1.2815515655446004

// Quantile returns the value below which a fraction p of the distribution lies.
func (d Dist) Quantile(p float64) float64 {
	if d.Lognormal() {
		return d.Median * math.Exp(d.sigma()*normalQuantile(p))
	}
	if d.High == d.Low {
		return d.Likely
	}
	split := (d.Likely - d.Low) / (d.High - d.Low)
	if p < split {
		return d.Low + math.Sqrt(p*(d.High-d.Low)*(d.Likely-d.Low))
	}
	return d.High - math.Sqrt((1-p)*(d.High-d.Low)*(d.High-d.Likely))
}

func (d Dist) sigma() float64 { return math.Log(d.P90/d.Median) / z90 }

// Sample draws one value.
func (d Dist) Sample(r *rand.Rand) float64 {
	if d.Lognormal() {
		return d.Median * math.Exp(d.sigma()*r.NormFloat64())
	}
	return d.Quantile(r.Float64())
}

// Extremes are the values sensitivity analysis moves the input to: low and high
// of a triangle, P10 and P90 of a lognormal.
func (d Dist) Extremes() (float64, float64) {
	if d.Lognormal() {
		return d.Quantile(0.1), d.P90
	}
	return d.Low, d.High
}

// normalQuantile is the standard normal's inverse CDF (Acklam's rational
// approximation, relative error below 1.2e-9).
func normalQuantile(p float64) float64 {
	a := [...]float64{-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00}
	b := [...]float64{-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01}
	c := [...]float64{-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00}
	e := [...]float64{7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00}
	const lowP = 0.02425
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	case p < lowP:
		q := math.Sqrt(-2 * math.Log(p))
		return (((((c[0]*q+c[1])*q+c[2])*q+c[3])*q+c[4])*q + c[5]) / ((((e[0]*q+e[1])*q+e[2])*q+e[3])*q + 1)
	case p > 1-lowP:
		q := math.Sqrt(-2 * math.Log(1-p))
		return -(((((c[0]*q+c[1])*q+c[2])*q+c[3])*q+c[4])*q + c[5]) / ((((e[0]*q+e[1])*q+e[2])*q+e[3])*q + 1)
	}
	q := p - 0.5
	r := q * q
	return (((((a[0]*r+a[1])*r+a[2])*r+a[3])*r+a[4])*r + a[5]) * q / (((((b[0]*r+b[1])*r+b[2])*r+b[3])*r+b[4])*r + 1)
}

// decodeDist reads a range object: {"low","likely","high"} or {"median","p90"},
// each with an optional "why".
func (d *treeDecoder) decodeDist(path string, m map[string]any) (Dist, bool) {
	var out Dist
	num := func(k string) (float64, bool) {
		n, ok := m[k].(minjson.Number)
		if !ok {
			d.errs.add(path+"."+k, Text{"must be a number", "数値にしてください"}, describe(m[k]))
			return 0, false
		}
		f, ok := parseNumber(n)
		if !ok {
			d.errs.add(path+"."+k, Text{"must be a finite number", "有限の数値にしてください"}, string(n))
		}
		return f, ok
	}
	var keys []string
	switch {
	case m["median"] != nil || m["p90"] != nil:
		keys = []string{"median", "p90"}
	default:
		keys = []string{"low", "likely", "high"}
	}
	ok := true
	vals := map[string]float64{}
	for _, k := range keys {
		v, good := num(k)
		if good && k == "median" && v == 0 {
			// Lognormal() tells the kinds apart by a non-zero median.
			d.errs.add(path+".median", Text{"must be > 0", "0 より大きい値にしてください"}, v)
			good = false
		}
		ok = ok && good
		vals[k] = v
	}
	for _, k := range minjson.SortedKeys(m) {
		if k != "why" && !contains(keys, k) {
			d.errs.add(path+"."+k, Text{"unknown field of a range (known: " + minfmt.Sprint(keys) + " and why)", "範囲の不明なフィールドです（使えるのは " + minfmt.Sprint(keys) + " と why）"}, nil)
			ok = false
		}
	}
	if why, present := m["why"]; present {
		s, isString := why.(string)
		if !isString {
			d.errs.add(path+".why", Text{"must be a string", "文字列にしてください"}, describe(why))
			ok = false
		}
		out.Why = s
	}
	out.Low, out.Likely, out.High, out.Median, out.P90 = vals["low"], vals["likely"], vals["high"], vals["median"], vals["p90"]
	return out, ok
}

// checkDist applies a ranged field's own rules to each of its points and the
// rules of a distribution.
func checkDist(errs *errorList, path string, checks []string, d Dist) {
	type point struct {
		name string
		v    float64
	}
	points := []point{{"low", d.Low}, {"likely", d.Likely}, {"high", d.High}}
	if d.Lognormal() {
		points = []point{{"median", d.Median}, {"p90", d.P90}}
		for _, c := range checks {
			if len(c) > 3 && c[:3] == "le=" {
				errs.add(path, Text{"a lognormal range needs a field without an upper bound (" + c + "); give low, likely, high", "対数正規の範囲は上限のないフィールドにしか使えません（" + c + "）。low、likely、high を指定してください"}, nil)
			}
		}
		if !(d.Median > 0) {
			errs.add(path+".median", Text{"must be > 0", "0 より大きい値にしてください"}, d.Median)
		} else if !(d.P90 > d.Median) {
			errs.add(path+".p90", Text{minfmt.Sprintf("must be > median (%v)", d.Median), minfmt.Sprintf("median（%v）より大きい値にしてください", d.Median)}, d.P90)
		}
	} else {
		if d.Low > d.High {
			errs.add(path+".low", Text{minfmt.Sprintf("must be <= high (%v)", d.High), minfmt.Sprintf("high（%v）以下にしてください", d.High)}, d.Low)
		} else if d.Likely < d.Low || d.Likely > d.High {
			errs.add(path+".likely", Text{minfmt.Sprintf("must be within [low, high] = [%v, %v]", d.Low, d.High), minfmt.Sprintf("[low, high] = [%v, %v] の範囲内にしてください", d.Low, d.High)}, d.Likely)
		}
	}
	for _, p := range points {
		for _, c := range checks {
			if rule, bad := numberRule(c, p.v); bad {
				errs.add(path+"."+p.name, rule, p.v)
			}
		}
	}
}

// sortedPaths lists a range map's paths in order, so sampling is reproducible.
func sortedPaths(m map[string]Dist) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// RangeMoved is the note a range carries once a point value has moved it.
var RangeMoved = Text{
	"moved with the value set, keeping its relative spread",
	"設定値に合わせて相対的な幅を保ったまま移動",
}

// WhyIn is Why for a reader of lang: the note of a moved range or of a
// default model-error range, which the core wrote, in that language; the scenario's own words as they were given.
func (d Dist) WhyIn(lang Lang) string {
	if note, ok := ModelErrorNote(d.Why); ok {
		return note.In(lang)
	}
	if why, moved := strings.CutSuffix(d.Why, RangeMoved.EN); moved {
		return why + RangeMoved.In(lang)
	}
	return d.Why
}

// movedTo is the range around the point value x with d's relative spread
// (low/likely and high/likely, or p90/median), so a point value is never
// refused for lying outside the range it replaces. A range centred on 0 has no
// ratios and moves by the difference. Ends are kept within the field's
// int, ge= and le= rules, and Why says the range moved.
// A lognormal cannot centre on x <= 0: the point is taken as exact (false).
func (d Dist) movedTo(x float64, checks []string) (Dist, bool) {
	out := Dist{Why: RangeMoved.EN}
	switch {
	case strings.HasSuffix(d.Why, RangeMoved.EN):
		out.Why = d.Why // moved before: said once
	case d.Why != "":
		out.Why = d.Why + "; " + RangeMoved.EN
	}
	if d.Lognormal() {
		out.Median, out.P90 = x, x*d.P90/d.Median
		return out, x > 0
	}
	lo, hi := d.Low+x-d.Likely, d.High+x-d.Likely
	if d.Likely != 0 {
		lo, hi = x*d.Low/d.Likely, x*d.High/d.Likely
	}
	lo, hi = min(lo, hi), max(lo, hi) // a negative x flips the ratios
	for _, c := range checks {
		name, arg, _ := strings.Cut(c, "=")
		limit, err := strconv.ParseFloat(arg, 64)
		switch {
		case name == "int":
			lo, hi = math.Floor(lo), math.Ceil(hi)
		case err != nil:
		case name == "ge":
			lo = max(lo, min(limit, x))
		case name == "le":
			hi = min(hi, max(limit, x))
		}
	}
	if lo == hi {
		// A point at the range's zero (0 x its ratios) leaves no width: the
		// point is exact, on both surfaces.
		return Dist{}, false
	}
	out.Low, out.Likely, out.High = numtext.NoNegativeZero(lo), numtext.NoNegativeZero(x), numtext.NoNegativeZero(hi)
	return out, true
}
