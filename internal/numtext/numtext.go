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

// Count writes a count as a budget reads it, in English and Japanese:
// "39.93 million" / "3993.05 万" from a million, two decimals below it, and
// three significant digits in scientific notation from 1e15, past the last
// named scale a reader expects.
func Count(v float64) (en, ja string) {
	a := math.Abs(v)
	if a >= 1e15 {
		s := strconv.FormatFloat(v, 'g', 3, 64)
		return s, s
	}
	for _, sc := range Scales {
		if a >= sc.Per {
			j := ScaleJA(a)
			return Trim(v/sc.Per, 2) + " " + sc.EN, Trim(v/j.Per, 2) + " " + j.JA
		}
	}
	return Trim(v, 2), Trim(v, 2)
}
