// Package numtext writes numbers as the house prints them: whole numbers
// with thousands separators, decimals trimmed of trailing zeros, never -0.
// The estimator and the surfaces that present its figures share it.
package numtext

import (
	"math"
	"strconv"
)

// Grouped prints a whole number with thousands separators: 21,307,000.
func Grouped(v float64) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', 0, 64)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if v < 0 {
		return "-" + s
	}
	return s
}

// Trim prints v with at most prec decimals and no trailing zeros; a value
// that rounds to zero from below prints as 0, not -0.
func Trim(v float64, prec int) string {
	return strconv.FormatFloat(NoNegativeZero(roundTo(v, prec)), 'f', -1, 64)
}

// NoNegativeZero returns v, with -0 made 0 (they compare equal).
func NoNegativeZero(v float64) float64 {
	if v == 0 {
		return 0
	}
	return v
}

func roundTo(v float64, prec int) float64 {
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
		return Trim(v, CountDigits), Trim(v, CountDigits)
	}
	j := ScaleJA(a)
	return Trim(v/sc.Per, CountDigits) + " " + sc.EN, Trim(v/j.Per, CountDigits) + " " + j.JA
}
