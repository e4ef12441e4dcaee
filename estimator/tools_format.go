package estimator

import "math"

// FormatToolValue renders a hardware tool's value for people, in the
// Hardware style of Choose: bytes in binary multiples with the decimal figure
// beside large ones (a card's 80 GiB is also the 85.9 GB its data sheet
// prints), bandwidths and arithmetic rates with decimal prefixes, short times
// in ms or µs, rates per second, ratios to 3 significant digits.
func FormatToolValue(v float64, u Unit) string { return FormatToolValueIn(v, u, "en") }

// FormatToolValueIn is FormatToolValue in lang: "14.6 hours" or "14.6 時間".
func FormatToolValueIn(v float64, u Unit, lang string) string {
	s := Choose(u, Decimal, v, Hardware).FormatIn(v, lang)
	if u == Bytes && math.Abs(v) >= 1e6 {
		s += " (" + FormatIn(v, Bytes, Decimal, lang) + ")"
	}
	return s
}
