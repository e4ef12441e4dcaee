package estimator

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// countSuffixes are the multipliers a count may end with, as people write
// model sizes and token counts: 16k, 405B, 15T. Lower-case m and b are
// refused: milli and bits are not counts.
var countSuffixes = map[byte]float64{'k': 1e3, 'K': 1e3, 'M': 1e6, 'B': 1e9, 'G': 1e9, 'T': 1e12, 'P': 1e15}

// ParseCount reads a number as people write a count: 15T, 15 T, 1.5e13 and
// 15e12 are the same; 405B, 16k and 2.5M too. Full-width digits read as
// ASCII (ASCIIDigits). It reports false for anything else, so a caller names
// the field and the rule.
func ParseCount(s string) (float64, bool) {
	s = strings.TrimSpace(ASCIIDigits(s))
	// A suffix typed with a Japanese input method is full-width (Ｔ, Ｂ):
	// the full-width letters sit 0xFEE0 above their ASCII forms.
	if r, n := utf8.DecodeLastRuneInString(s); r >= 'Ａ' && r <= 'ｚ' {
		s = s[:len(s)-n] + string(r-0xFEE0)
	}
	if s == "" {
		return 0, false
	}
	mult := 1.0
	if m, ok := countSuffixes[s[len(s)-1]]; ok {
		mult, s = m, strings.TrimSpace(s[:len(s)-1])
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || s == "" || strings.ContainsAny(s, "xXpPnN_") { // no hex, NaN, Inf or digit groups
		return 0, false
	}
	if v *= mult; math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}
