package estimator

import (
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/numtext"
)

// Unit names the base unit a quantity's Value is expressed in.
type Unit string

// Base units. Every Value is in one of these; surfaces convert only for display,
// through Format.
const (
	Bytes          Unit = "B"
	Seconds        Unit = "s"
	BytesPerSecond Unit = "B/s"
	Count          Unit = "count"
	Ratio          Unit = "ratio"
	Flag           Unit = "bool" // 1 = yes, 0 = no
	Watts          Unit = "W"
	Joules         Unit = "J"
	Kilograms      Unit = "kg"
	USD            Unit = "USD"
	PerSecond      Unit = "1/s"    // events per second: images/s
	FLOPS          Unit = "FLOP/s" // floating-point operations per second
	FLOPs          Unit = "FLOP"   // floating-point operations: a training run's work
	// Share is a fraction of a whole (utilisation, MFU, efficiency, goodput):
	// the Value stays the fraction, 0.3461, and every surface shows it as a
	// percentage, 34.6%, because that is how a reader compares shares.
	Share Unit = "share"
	// Money quantities carry the scenario's currency code (USD, JPY, ...) as
	// their unit; a kind declares them with this placeholder.
	currencyUnit Unit = "<currency>"
)

// IsCurrency reports whether a unit is a currency code.
func (u Unit) IsCurrency() bool {
	return len(u) == 3 && u[0] >= 'A' && u[0] <= 'Z' && u[1] >= 'A' && u[1] <= 'Z' && u[2] >= 'A' && u[2] <= 'Z'
}

// unitWords are the base units written as words, in each language; the
// other units are symbols (B, s, USD) that read the same in both.
var unitWords = map[Unit]Text{
	Count: {EN: "count", JA: "個数"},
	Ratio: {EN: "ratio", JA: "比"},
	Share: {EN: "share", JA: "割合"},
	Flag:  {EN: "bool", JA: "真偽"},
}

// In is the base unit as a reader of lang sees it ("ja", or English):
// "個数" for count, "USD" for USD.
func (u Unit) In(lang Lang) string {
	if t, ok := unitWords[u]; ok {
		return t.In(lang)
	}
	return string(u)
}

// UnitSystem says how the scenario's TB and MB are read.
type UnitSystem string

const (
	// Binary is the article's: TB = 2^40 B, MB = 2^20 B. Its 9.1 years and 356 systems
	// reproduce only with these.
	Binary UnitSystem = "binary"
	// Decimal is SI: TB = 10^12 B, MB = 10^6 B.
	Decimal UnitSystem = "decimal"
)

// TB is the number of bytes in one terabyte of this unit system.
func (u UnitSystem) TB() float64 {
	if u == Decimal {
		return 1e12
	}
	return 1 << 40
}

// MB is the number of bytes in one megabyte of this unit system.
func (u UnitSystem) MB() float64 {
	if u == Decimal {
		return 1e6
	}
	return 1 << 20
}

// KB is the number of bytes in one kilobyte of this unit system.
func (u UnitSystem) KB() float64 {
	if u == Decimal {
		return 1e3
	}
	return 1 << 10
}

// GB is the number of bytes in one gigabyte of this unit system.
func (u UnitSystem) GB() float64 {
	if u == Decimal {
		return 1e9
	}
	return 1 << 30
}

// Time spans used for display and for the article's targets. The article's years
// are 365 days: 286,979,369 s / 31,536,000 s = 9.1 years.
const (
	Minute = 60.0
	Hour   = 60 * Minute
	Day    = 24 * Hour
	Year   = 365 * Day
)

// formatInput renders a scenario input for explanations: plain numbers as given.
func formatInput(v float64) string {
	return minfmt.Sprint(v)
}

// InputNumber prints a scenario input's number for a reader, with the digits
// a person typed, grouped by thousands (16,777,216) and with -0 as 0; a
// number with more significant digits than anyone types (a derived range
// end, such as a model error's lognormal P10 of 0.8537663273992658) prints
// to 4 of them. Only the very large and the very small take an exponent.
func InputNumber(v float64) string {
	if v == 0 {
		return "0" // -0 == 0, so this drops the sign
	}
	if a := math.Abs(v); a >= 1e-4 && a < 1e15 {
		return numtext.Group(strconv.FormatFloat(typed(v), 'f', -1, 64))
	}
	return strconv.FormatFloat(typed(v), 'g', -1, 64)
}

// typed is v to at most 9 significant digits as given, else to 4.
func typed(v float64) float64 {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	digits := 0
	for _, r := range strings.TrimLeft(strings.SplitN(strings.Replace(s, ".", "", 1), "e", 2)[0], "-0") {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	if digits > 9 {
		v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	}
	return v
}
