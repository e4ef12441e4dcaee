// Package present shows an estimate to people: the display unit each figure
// takes (Choose, Format), the article's tables (Summarize), the answer a
// proposal leads with (AnswerFor), scenarios side by side (Compare) and how
// one quantity was computed (Explain). It computes nothing: every number it
// shows is a quantity of the estimate.
package present

import (
	"math"
	"strconv"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/numtext"
)

// Style is a variant of the one display policy. The article, the hardware
// tools and the axes of a chart show the same units, but each has a reason to
// pick the display unit differently; naming the variant keeps that reason in
// one place instead of in each surface.
type Style int

const (
	// Article is how the article prints a figure: data in TB of the scenario's
	// unit system, times in years, days or hours, rates in MB/s or GB/s.
	// Format and the workbook's "shown as" cells use it.
	Article Style = iota
	// Hardware is how the hardware tools print a figure: GPU memory in binary
	// multiples (a 16 GiB card is 16 GiB, not 17.18 GB), step times in ms or
	// µs, bandwidths and arithmetic rates with decimal prefixes, to a few
	// significant digits.
	Hardware
	// Axis is how a chart's axis is scaled from its largest value: a unit is
	// taken only once the axis reaches two of it (2 days, not 1.2), so the
	// ticks are not all fractions, and money goes in thousands, millions or
	// billions of its currency.
	Axis
)

// Notation is how a Display prints its number.
type Notation int

const (
	Fixed       Notation = iota // at most Digits decimals, no trailing zeros
	Significant                 // Digits significant digits, without an exponent unless huge or tiny
	Scientific                  // Digits significant digits, with an exponent where Go's %g takes one
)

// Display is how one value, or an axis or column of values, is shown: the
// base-unit value divided by Per, printed in Notation with Digits, then the
// suffix. Choose makes it; every surface reads it.
type Display struct {
	Unit     estimator.Unit
	Per      float64 // divides the base-unit value
	Divisor  string  // Per as a formula over the unit constants ("TB", "365 * DAY"); "" when the value shows as is
	En, Ja   string  // the suffix: "days", "日"; "" for a bare number
	Notation Notation
	Digits   int
	Joined   bool // no space before the suffix: "367.2/s"
	Prefix   bool // the suffix comes first, as a currency code does: "USD 1,200"
	Grouped  bool // thousands separators: "21,307,000"
	// MinSignificant, with Fixed notation, gives a value below 1 the
	// decimals it needs to keep this many significant digits, at most three
	// more than Digits: in a column of years, 21 days is 0.058, not 0.06.
	MinSignificant int
}

// Show converts a base-unit value for display.
func (d Display) Show(v float64) float64 { return v / d.Per }

// Suffix is the display unit in lang ("ja", or English).
func (d Display) Suffix(lang estimator.Lang) string {
	return estimator.Text{EN: d.En, JA: d.Ja}.In(lang)
}

// Format prints a value in lang: "9.1 years" or "9.1 年", "USD 21,307,000",
// "yes".
func (d Display) Format(v float64, lang estimator.Lang) string {
	if d.Unit == estimator.Flag {
		return flagWords[v != 0].In(lang)
	}
	v = d.Show(v)
	var s string
	switch {
	case d.Grouped:
		s = numtext.Money(v)
	case d.Notation == Significant:
		s = significant(v, d.Digits)
	case d.Notation == Scientific:
		s = strconv.FormatFloat(v, 'g', d.Digits, 64)
	default:
		s = numtext.Decimal(v, d.decimals(v))
	}
	suffix := d.Suffix(lang)
	if lang == estimator.English && s == "1" {
		suffix = singular(suffix)
	}
	switch {
	case suffix == "":
		return s
	case d.Prefix:
		return suffix + " " + s
	case d.Joined:
		return s + suffix
	}
	return s + " " + suffix
}

// decimals is how many decimals a Fixed display prints v with, at most
// (numtext.Decimal drops those a large figure does not need).
func (d Display) decimals(v float64) int {
	a := math.Abs(v)
	if d.MinSignificant == 0 || a == 0 || a >= 1 || math.IsNaN(a) {
		return d.Digits
	}
	need := int(math.Ceil(-math.Log10(a))) + d.MinSignificant - 1
	return min(max(d.Digits, need), d.Digits+3)
}

// singular is an English unit's name for one of it: "1 day", "1 hour".
func singular(unit string) string {
	switch unit {
	case "years", "days", "hours":
		return unit[:len(unit)-1]
	}
	return unit
}

// flagWords are a flag's values in words.
var flagWords = map[bool]estimator.Text{true: {EN: "yes", JA: "はい"}, false: {EN: "no", JA: "いいえ"}}

// step is one display unit a magnitude may take.
type step struct {
	per     float64
	divisor string
	en, ja  string
	digits  int
}

// Choose picks how to show values of unit u, in unit system us, whose
// magnitude (the value itself, or the largest absolute value of an axis or
// column) is magnitude, in style st, for a reader of lang. Japanese names
// large numbers by four digits, not three (numtext.ScalesJA): a count or an
// amount of money that English shows in millions or billions has another
// divisor in Japanese. Every other unit's display is the same in every
// language, its Ja suffix going with its own divisor.
func Choose(u estimator.Unit, us estimator.UnitSystem, magnitude float64, st Style, lang estimator.Lang) Display {
	d := choose(u, us, magnitude, st)
	if lang != estimator.Japanese || d.Per <= 1 || (d.Unit != estimator.Count && !d.Unit.IsCurrency()) {
		return d
	}
	sc := numtext.ScaleJA(math.Abs(magnitude))
	per, name := sc.Per, sc.JA
	if d.Unit.IsCurrency() {
		name += " " + string(d.Unit)
	}
	d.Per, d.Divisor, d.En, d.Ja = per, strconv.FormatFloat(per, 'f', -1, 64), name, name
	return d
}

// choose is Choose's display in English.
func choose(u estimator.Unit, us estimator.UnitSystem, magnitude float64, st Style) Display {
	a := math.Abs(magnitude)
	switch st {
	case Hardware:
		if d, ok := chooseHardware(u, a); ok {
			return d
		}
		// Counts, flags and money read at the tools' scale as the article
		// prints them, in decimal units.
		return choose(u, estimator.Decimal, magnitude, Article)
	case Axis:
		return chooseAxis(u, us, a)
	}
	return chooseArticle(u, us, a)
}

func chooseArticle(u estimator.Unit, us estimator.UnitSystem, a float64) Display {
	pick := func(s step) Display {
		return Display{Unit: u, Per: s.per, Divisor: s.divisor, En: s.en, Ja: s.ja, Digits: s.digits}
	}
	switch u {
	case estimator.Bytes:
		// Data stops at TB, as the article counts it: 208,000 TB, not 203 PB.
		return pick(stepwise(a, us.KB(), []step{
			{1, "1", "B", "B", 2}, {us.KB(), estimator.ConstKB, "KB", "KB", 2}, {us.MB(), estimator.ConstMB, "MB", "MB", 2},
			{us.GB(), estimator.ConstGB, "GB", "GB", 2}, {us.TB(), estimator.ConstTB, "TB", "TB", 2}}))
	case estimator.BytesPerSecond:
		switch {
		case a >= us.GB():
			return pick(step{us.GB(), estimator.ConstGB, "GB/s", "GB/s", 2})
		case a > 0 && a < 0.05*us.MB(): // a trickle of tokens would print as 0 MB/s
			return pick(step{us.KB(), estimator.ConstKB, "KB/s", "KB/s", 1})
		}
		return pick(step{us.MB(), estimator.ConstMB, "MB/s", "MB/s", 1})
	case estimator.Seconds:
		if a < 1 {
			return pick(step{1, "1", "s", "秒", 3})
		}
		return pick(duration(a))
	case estimator.Watts:
		return pick(stepwise(a, 1000, []step{
			{1, "1", "W", "W", 2}, {1e3, "1000", "kW", "kW", 2}, {1e6, "1000000", "MW", "MW", 2}, {1e9, "1000000000", "GW", "GW", 2}}))
	case estimator.Joules:
		// Energy is billed in kWh: 3.6 MJ each.
		return pick(stepwise(a/3.6e6, 1000, []step{
			{3.6e6, "3600000", "kWh", "kWh", 2}, {3.6e9, "3600000000", "MWh", "MWh", 2},
			{3.6e12, "3600000000000", "GWh", "GWh", 2}, {3.6e15, "3600000000000000", "TWh", "TWh", 2}}))
	case estimator.Kilograms:
		if a >= 1000 {
			return pick(step{1000, "1000", "t", "t", 1})
		}
		return pick(step{1, "1", "kg", "kg", 1})
	case estimator.FLOPs:
		// A run's work spans 1e15 to 1e26 FLOP: past SI's last prefix.
		return Display{Unit: u, Per: 1, En: "FLOP", Ja: "FLOP", Notation: Scientific, Digits: 3}
	case estimator.Flag:
		return Display{Unit: u, Per: 1}
	case estimator.Count:
		switch sc, scientific := numtext.CountScale(a); {
		case scientific:
			return Display{Unit: u, Per: 1, Notation: Scientific, Digits: numtext.ScientificDigits}
		case sc.Per > 1:
			return pick(step{sc.Per, strconv.FormatFloat(sc.Per, 'f', -1, 64), sc.EN, sc.JA, numtext.CountDigits})
		}
		return Display{Unit: u, Per: 1, Digits: numtext.CountDigits}
	case estimator.Ratio:
		return Display{Unit: u, Per: 1, Digits: 4}
	case estimator.Share:
		return percent(a)
	}
	if u.IsCurrency() {
		return Display{Unit: u, Per: 1, En: string(u), Ja: string(u), Prefix: true, Grouped: true}
	}
	return Display{Unit: u, Per: 1, Digits: 6}
}

// durations are the units a time is said in, smallest first, each until its
// value reaches the next's (limit): 45 s, 12.5 min, 1 hour, 6.9 days, 78.3
// days, 2.47 years. A column of times takes its largest's unit
// (ChooseColumn): the article's table reads 0.14 years under 9.1.
var durations = []struct {
	step
	limit float64
}{
	{step{1, "1", "s", "秒", 1}, 60},
	{step{estimator.Minute, "60", "min", "分", 1}, 60},
	{step{estimator.Hour, estimator.ConstHour, "hours", "時間", 1}, 24},
	{step{estimator.Day, estimator.ConstDay, "days", "日", 1}, 365},
	{step{estimator.Year, "365 * " + estimator.ConstDay, "years", "年", 2}, math.Inf(1)},
}

// duration is the unit a time of a seconds is said in: the first whose
// value, rounded as it prints, stays below the next unit's, so 3,598.9 s
// reads "1 hour", not "60 min".
func duration(a float64) step {
	for _, d := range durations {
		if numtext.Round(a/d.per, d.digits) < d.limit {
			return d.step
		}
	}
	return durations[len(durations)-1].step
}

// MultipleFrom is the share from which a share reads as a multiple, as
// people say it: 769x, not 76901.3%. Below it, a percentage.
const MultipleFrom = 5

// percent shows a share of 1 in percent: 34.6%, and 0.12% for a share
// below 1% that would otherwise print as 0.1%; from MultipleFrom, a
// multiple.
func percent(a float64) Display {
	d := Display{Unit: estimator.Share, Per: 0.01, Divisor: "0.01", En: "%", Ja: "%", Joined: true, Digits: 1}
	switch {
	case a >= MultipleFrom:
		d.Per, d.Divisor, d.En, d.Ja = 1, "1", "x", "倍"
		if a >= 100 {
			d.Digits = 0
		}
	case a > 0 && a < 0.01:
		d.Notation, d.Digits = Significant, 2
	}
	return d
}

// ChooseColumn picks one display for a column (or a row, or an axis's
// labels) of values of unit u, so they read in one unit and compare at a
// glance: "0.46 years" above "0.058 years", not "21 days". The unit is the one
// the largest value takes in style st; a value the unit makes small keeps two
// significant digits (MinSignificant), the others print as Choose would.
// Values that are not finite are ignored.
func ChooseColumn(u estimator.Unit, us estimator.UnitSystem, values []float64, st Style) Display {
	largest := 0.0
	for _, v := range values {
		if a := math.Abs(v); !math.IsNaN(a) && !math.IsInf(a, 0) {
			largest = max(largest, a)
		}
	}
	d := Choose(u, us, largest, st, estimator.English)
	if d.Notation == Fixed && !d.Grouped && u != estimator.Flag {
		d.MinSignificant = 2
	}
	return d
}

// stepwise returns the largest step whose factor-of-ratio multiple a reaches,
// dividing as the article's tables do, one ratio at a time.
func stepwise(a, ratio float64, steps []step) step {
	i := 0
	for a >= ratio && i < len(steps)-1 {
		a /= ratio
		i++
	}
	return steps[i]
}

// chooseHardware is the tools' variant; ok is false for units it shows as
// the article does.
func chooseHardware(u estimator.Unit, a float64) (Display, bool) {
	sig := func(per float64, en, ja string, digits int) Display {
		return Display{Unit: u, Per: per, En: en, Ja: ja, Notation: Significant, Digits: digits}
	}
	switch u {
	case estimator.Bytes:
		s := stepwise(a, 1024, []step{{1, "", "B", "B", 2}, {1 << 10, "", "KiB", "KiB", 2},
			{1 << 20, "", "MiB", "MiB", 2}, {1 << 30, "", "GiB", "GiB", 2}, {1 << 40, "", "TiB", "TiB", 2}})
		return Display{Unit: u, Per: s.per, En: s.en, Ja: s.ja, Digits: s.digits}, true
	case estimator.BytesPerSecond:
		return SI(a, "B/s"), true
	case estimator.FLOPS:
		return SI(a, string(u)), true
	case estimator.Seconds:
		switch {
		case a == 0:
			return sig(1, "s", "秒", 3), true
		case a < 1e-3:
			return sig(1e-6, "µs", "µs", 3), true
		case a < 1:
			return sig(1e-3, "ms", "ms", 3), true
		case a >= estimator.Year:
			return sig(estimator.Year, "years", "年", 3), true
		case a >= estimator.Day:
			return sig(estimator.Day, "days", "日", 3), true
		case a >= estimator.Hour:
			return sig(estimator.Hour, "hours", "時間", 3), true
		case a >= estimator.Minute:
			return sig(estimator.Minute, "min", "分", 3), true
		}
		return sig(1, "s", "秒", 3), true
	case estimator.Count:
		// Training runs count tokens in trillions and FLOPs past any prefix.
		switch {
		case a >= 1e15:
			return Display{Unit: u, Per: 1, Notation: Scientific, Digits: 3}, true
		case a >= 1e6:
			return SI(a, ""), true
		}
		return Display{}, false
	case estimator.PerSecond:
		switch {
		case a >= 1e15:
			return Display{Unit: u, Per: 1, En: "/s", Ja: "/秒", Joined: true, Notation: Scientific, Digits: 3}, true
		case a >= 1e6:
			return SI(a, "/s"), true
		}
		d := sig(1, "/s", "/秒", 4)
		d.Joined = true
		return d, true
	case estimator.Ratio:
		if a != 0 && a < 1e-3 {
			return Display{Unit: u, Per: 1, Notation: Scientific, Digits: 3}, true
		}
		return sig(1, "", "", 3), true
	}
	return Display{}, false
}

// SI is the Hardware style's display of a rate or a size in any unit (FLOP/s,
// B, or "" for a bare count): a decimal prefix (k, M, G, T, P, E) chosen from
// the magnitude, and 4 significant digits.
func SI(magnitude float64, unit string) Display {
	a := math.Abs(magnitude)
	prefixes := []string{"", "k", "M", "G", "T", "P", "E"}
	i, per := 0, 1.0
	for a >= 1000 && i < len(prefixes)-1 {
		a /= 1000
		per *= 1000
		i++
	}
	return Display{Unit: estimator.Unit(unit), Per: per, En: prefixes[i] + unit, Ja: prefixes[i] + unit, Notation: Significant, Digits: 4}
}

func chooseAxis(u estimator.Unit, us estimator.UnitSystem, a float64) Display {
	pick := func(per float64, divisor, en, ja string) Display {
		return Display{Unit: u, Per: per, Divisor: divisor, En: en, Ja: ja, Digits: 2}
	}
	switch {
	case u == estimator.Seconds:
		switch {
		case a >= 2*estimator.Year:
			return pick(estimator.Year, "365 * "+estimator.ConstDay, "years", "年")
		case a >= 2*estimator.Day:
			return pick(estimator.Day, estimator.ConstDay, "days", "日")
		case a >= 2*estimator.Hour:
			return pick(estimator.Hour, estimator.ConstHour, "hours", "時間")
		}
		return pick(1, "1", "s", "秒")
	case u == estimator.Bytes:
		switch {
		case a >= us.TB():
			return pick(us.TB(), estimator.ConstTB, "TB", "TB")
		case a >= us.GB():
			return pick(us.GB(), estimator.ConstGB, "GB", "GB")
		}
		return pick(us.MB(), estimator.ConstMB, "MB", "MB")
	case u == estimator.Share:
		d := percent(a)
		d.Notation, d.Digits = Fixed, 2
		return d
	case u.IsCurrency():
		code := string(u)
		switch {
		case a >= 1e9:
			return pick(1e9, "1000000000", "billion "+code, "十億 "+code)
		case a >= 1e6:
			return pick(1e6, "1000000", "million "+code, "百万 "+code)
		case a >= 1e4: // below ten thousand, whole units read as easily
			return pick(1e3, "1000", "thousand "+code, "千 "+code)
		}
		return pick(1, "1", code, code)
	}
	return Display{Unit: u, Per: 1, Digits: 2}
}

// significant rounds to n significant digits and prints without an exponent
// (its whole part grouped), unless that would take more than 15 digits
// before or 6 zeros after the point: a factor may be as large as any float64, and 1e300 printed in full is
// 301 digits.
func significant(v float64, n int) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', n, 64), 64)
	if a := math.Abs(r); a >= 1e15 || a < 1e-6 {
		return strconv.FormatFloat(r, 'g', -1, 64)
	}
	return numtext.Group(strconv.FormatFloat(r, 'f', -1, 64))
}

// Format renders a base-unit value the way the article prints it, in lang:
// data in TB of the scenario's unit system, times in years, days or hours,
// rates in MB/s or GB/s. The display unit comes from Choose, in the Article
// style.
func Format(v float64, u estimator.Unit, us estimator.UnitSystem, lang estimator.Lang) string {
	return Choose(u, us, v, Article, lang).Format(v, lang)
}

// FormatBand is q's value in lang with its whole-run range in brackets,
// "4.13 million (4.13 million–7.6 million)", and whether it shows one.
func FormatBand(q estimator.Quantity, us estimator.UnitSystem, lang estimator.Lang) (string, bool) {
	format := func(v float64) string { return Format(v, q.Unit, us, lang) }
	v := format(q.Value)
	if r := q.RangeText(format); r != "" {
		return v + " (" + r + ")", true
	}
	return v, false
}
