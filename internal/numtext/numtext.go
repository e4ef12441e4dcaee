// Package numtext writes numbers as the house prints them: whole numbers
// with thousands separators, decimals trimmed of trailing zeros, never -0.
// The estimator and the surfaces that present its figures share it.
package numtext

import (
	"math"
	"strconv"
	"strings"
)

// Grouped prints v rounded to a whole number with thousands separators:
// 21,307,000.
func Grouped(v float64) string {
	return Group(strconv.FormatFloat(NoNegativeZero(math.Round(v)), 'f', 0, 64))
}

// Decimal prints v as people write a figure: its whole part grouped by
// thousands, with at most prec decimals, one from a thousand and none from
// ten thousand (2,488.3; 2,246,774, not 2246774.4), trimmed as Trim does.
func Decimal(v float64, prec int) string {
	switch a := math.Abs(v); {
	case a >= 1e4:
		prec = 0
	case a >= 1e3:
		prec = min(prec, 1)
	}
	return Group(Trim(v, prec))
}

// Group puts thousands separators in the whole part of a number written
// without an exponent: "2246774.4" is "2,246,774.4". Anything else (an
// exponent, Inf, NaN) comes back as it is.
func Group(s string) string {
	whole, frac, dot := strings.Cut(s, ".")
	sign := ""
	if w, ok := strings.CutPrefix(whole, "-"); ok {
		sign, whole = "-", w
	}
	if len(whole) <= 3 || strings.ContainsFunc(whole, func(r rune) bool { return r < '0' || r > '9' }) {
		return s
	}
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "," + whole[i:]
	}
	if dot {
		frac = "." + frac
	}
	return sign + whole + frac
}

// Money prints an amount of money: whole and grouped (21,307,000), but
// with cents below a hundred where it has them, as a unit price is written
// (2.50, not 3).
func Money(v float64) string {
	if math.Abs(v) < 100 && Round(v, 2) != math.Round(v) {
		return strconv.FormatFloat(NoNegativeZero(Round(v, 2)), 'f', 2, 64)
	}
	return Grouped(v)
}

// Trim prints v with at most prec decimals and no trailing zeros; a value
// that rounds to zero from below prints as 0, not -0.
func Trim(v float64, prec int) string {
	return strconv.FormatFloat(NoNegativeZero(Round(v, prec)), 'f', -1, 64)
}

// NoNegativeZero returns v, with -0 made 0 (they compare equal).
func NoNegativeZero(v float64) float64 {
	if v == 0 {
		return 0
	}
	return v
}

// Round rounds v to prec decimals, as Trim prints it.
func Round(v float64, prec int) float64 {
	p := math.Pow(10, float64(prec))
	r := math.Round(v*p) / p
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return v
	}
	return r
}

// A Scale is a named power of ten that large counts are read in.
type Scale struct {
	Per    float64
	EN, JA string
}

// Scales are the named scales of counts, largest first: tokens and samples
// run to trillions, and a budget reads them named.
var Scales = []Scale{{1e12, "trillion", "兆"}, {1e9, "billion", "十億"}, {1e6, "million", "百万"}}

// ScalesJA are Japanese's names for large numbers, largest first: it groups
// digits by four, not three, so a count English reads in millions or
// billions reads in 万 (10^4) and 億 (10^8): "12 億", not "1.2 十億".
var ScalesJA = []Scale{{1e12, "兆", "兆"}, {1e8, "億", "億"}, {1e4, "万", "万"}}

// ScaleJA is the Japanese scale of a magnitude English reads in a named
// scale (from a million): 兆, 億, else 万.
func ScaleJA(a float64) Scale {
	for _, sc := range ScalesJA {
		if a >= sc.Per {
			return sc
		}
	}
	return ScalesJA[len(ScalesJA)-1]
}

// How a count is written, wherever it is: CountDigits decimals, named from a
// million (Scales), and in scientific notation with ScientificDigits
// significant digits from ScientificFrom, past the last named scale a reader
// expects.
const (
	CountDigits      = 2
	ScientificDigits = 3
	ScientificFrom   = 1e15
)

// CountScale is the named scale a count of magnitude a reads in, and whether
// it reads in scientific notation instead; below a million, no scale (Per 1).
func CountScale(a float64) (Scale, bool) {
	if a >= ScientificFrom {
		return Scale{Per: 1}, true
	}
	for _, sc := range Scales {
		if a >= sc.Per {
			return sc, false
		}
	}
	return Scale{Per: 1}, false
}

// Count writes a count as a budget reads it (CountScale), in English and
// Japanese: "39.93 million" / "3993.05 万".
func Count(v float64) (en, ja string) {
	a := math.Abs(v)
	sc, scientific := CountScale(a)
	switch {
	case scientific:
		s := strconv.FormatFloat(v, 'g', ScientificDigits, 64)
		return s, s
	case sc.Per == 1:
		return Decimal(v, CountDigits), Decimal(v, CountDigits)
	}
	j := ScaleJA(a)
	return Decimal(v/sc.Per, CountDigits) + " " + sc.EN, Decimal(v/j.Per, CountDigits) + " " + j.JA
}
