package present

import "github.com/trainscale/trainscale/estimator"
import "math"

// FormatToolValue renders a hardware tool's value for people, in lang and the
// Hardware style of Choose: bytes in binary multiples with the decimal figure
// beside large ones (a card's 80 GiB is also the 85.9 GB its data sheet
// prints), bandwidths and arithmetic rates with decimal prefixes, short times
// in ms or µs ("14.6 hours", "14.6 時間"), rates per second, ratios to 3
// significant digits.
func FormatToolValue(v float64, u estimator.Unit, lang estimator.Lang) string {
	s := Choose(u, estimator.Decimal, v, Hardware, estimator.English).Format(v, lang)
	if u == estimator.Bytes && math.Abs(v) >= 1e6 {
		s += " (" + Format(v, estimator.Bytes, estimator.Decimal, lang) + ")"
	}
	return s
}
