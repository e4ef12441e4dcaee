package estimator

import (
	"math"
	"strconv"
)

// FormatToolValue renders a hardware tool's value for people: bytes in binary
// multiples with the decimal figure beside large ones, bandwidths and
// arithmetic rates with decimal prefixes, short times in ms or µs, rates per
// second, ratios to 3 significant digits. The units Format already renders at
// the tools' scale (counts, flags) read as Format prints them in decimal units.
func FormatToolValue(v float64, u Unit) string {
	switch u {
	case Bytes:
		if math.Abs(v) >= 1e6 {
			return toolBinaryBytes(v) + " (" + Format(v, Bytes, Decimal) + ")"
		}
		return toolBinaryBytes(v)
	case BytesPerSecond:
		return toolSI(v, "B/s")
	case Seconds:
		switch a := math.Abs(v); {
		case a == 0:
			return "0 s"
		case a < 1e-3:
			return toolSig(v*1e6, 3) + " µs"
		case a < 1:
			return toolSig(v*1e3, 3) + " ms"
		}
		return toolDuration(v)
	case PerSecond:
		return toolSig(v, 4) + "/s"
	case FLOPS:
		return toolSI(v, "FLOP/s")
	case Ratio:
		if a := math.Abs(v); a != 0 && a < 1e-3 {
			return strconv.FormatFloat(v, 'g', 3, 64)
		}
		return toolSig(v, 3)
	}
	return Format(v, u, Decimal)
}

// toolDuration prints seconds from 1 s up in s, minutes, hours, days or
// 365-day years, to 3 significant digits.
func toolDuration(v float64) string {
	for _, u := range []struct {
		limit, unit float64
		name        string
	}{{Year, Year, "years"}, {Day, Day, "days"}, {Hour, Hour, "hours"}, {Minute, Minute, "min"}} {
		if math.Abs(v) >= u.limit {
			return toolSig(v/u.unit, 3) + " " + u.name
		}
	}
	return toolSig(v, 3) + " s"
}

// toolBinaryBytes prints bytes in KiB, MiB, GiB or TiB.
func toolBinaryBytes(v float64) string {
	suffix := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	i := 0
	for math.Abs(v) >= 1024 && i < len(suffix)-1 {
		v /= 1024
		i++
	}
	return trim(v, 2) + " " + suffix[i]
}

// toolSI prints v with a decimal prefix (k, M, G, T, P) and 4 significant digits.
func toolSI(v float64, unit string) string {
	prefixes := []string{"", "k", "M", "G", "T", "P", "E"}
	i := 0
	for math.Abs(v) >= 1000 && i < len(prefixes)-1 {
		v /= 1000
		i++
	}
	s := toolSig(v, 4)
	if prefixes[i] != "" || unit != "" {
		s += " " + prefixes[i] + unit
	}
	return s
}

// toolSig rounds to n significant digits and prints without an exponent,
// unless that would take more than 15 digits before or 6 zeros after the
// point: a factor may be as large as any float64, and 1e300 printed in full is
// 301 digits.
func toolSig(v float64, n int) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', n, 64), 64)
	if a := math.Abs(r); a >= 1e15 || a < 1e-6 {
		return strconv.FormatFloat(r, 'g', -1, 64)
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}
