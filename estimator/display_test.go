package estimator_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
)

// One policy, three named styles: the same unit and magnitude may show
// differently in each, and each choice carries its divisor, its words in both
// languages and its digits.
func TestChoose(t *testing.T) {
	tib := math.Pow(2, 40)
	for _, tc := range []struct {
		name      string
		u         estimator.Unit
		us        estimator.UnitSystem
		magnitude float64
		style     estimator.Style
		per       float64
		divisor   string
		en, ja    string
		digits    int
	}{
		{"the article's 104 TB", estimator.Bytes, estimator.Binary, 104 * tib, estimator.Article, tib, "TB", "TB", "TB", 2},
		{"the article's 9.1 years", estimator.Seconds, estimator.Binary, 286979369, estimator.Article, estimator.Year, "365 * DAY", "years", "年", 2},
		{"0.1 year reads in years", estimator.Seconds, estimator.Binary, 0.1 * estimator.Year, estimator.Article, estimator.Year, "365 * DAY", "years", "年", 2},
		{"a day reads in days", estimator.Seconds, estimator.Binary, estimator.Day, estimator.Article, estimator.Day, "DAY", "days", "日", 1},
		{"rates in MB/s of the unit system", estimator.BytesPerSecond, estimator.Decimal, 150e6, estimator.Article, 1e6, "MB", "MB/s", "MB/s", 1},
		{"energy in MWh", estimator.Joules, estimator.Binary, 5e10, estimator.Article, 3.6e9, "3600000000", "MWh", "MWh", 2},
		{"counts below a million show as they are", estimator.Count, estimator.Binary, 999999, estimator.Article, 1, "", "", "", 2},
		{"tokens in trillions", estimator.Count, estimator.Binary, 15.6e12, estimator.Article, 1e12, "1000000000000", "trillion", "兆", 2},
		{"GPU memory in GiB", estimator.Bytes, estimator.Decimal, 80 * math.Pow(2, 30), estimator.Hardware, math.Pow(2, 30), "", "GiB", "GiB", 2},
		{"a step in ms", estimator.Seconds, estimator.Decimal, 0.0027, estimator.Hardware, 1e-3, "", "ms", "ms", 3},
		{"an axis of 1.5 days stays in hours", estimator.Seconds, estimator.Binary, 1.5 * estimator.Day, estimator.Axis, estimator.Hour, "HOUR", "hours", "時間", 2},
		{"an axis of 3 days", estimator.Seconds, estimator.Binary, 3 * estimator.Day, estimator.Axis, estimator.Day, "DAY", "days", "日", 2},
		{"an axis of millions", "EUR", estimator.Binary, 2.5e7, estimator.Axis, 1e6, "1000000", "million EUR", "百万 EUR", 2},
	} {
		d := estimator.Choose(tc.u, tc.us, tc.magnitude, tc.style)
		assert.Equal(t, tc.per, d.Per, tc.name)
		assert.Equal(t, tc.divisor, d.Divisor, tc.name)
		assert.Equal(t, tc.en, d.Suffix("en"), tc.name)
		assert.Equal(t, tc.ja, d.Suffix("ja"), tc.name)
		assert.Equal(t, tc.digits, d.Digits, tc.name)
	}
}

// A negative magnitude picks the same unit as its size.
func TestChooseBySize(t *testing.T) {
	d := estimator.Choose(estimator.Seconds, estimator.Binary, -3*estimator.Day, estimator.Article)
	assert.Equal(t, "-3 days", d.Format(-3*estimator.Day))
}

func TestDisplayFormat(t *testing.T) {
	for _, tc := range []struct {
		d    estimator.Display
		v    float64
		want string
	}{
		{estimator.Choose("USD", estimator.Binary, 21307000, estimator.Article), 21307000, "USD 21,307,000"},
		{estimator.Choose(estimator.Flag, estimator.Binary, 1, estimator.Article), 1, "yes"},
		{estimator.Choose(estimator.PerSecond, estimator.Decimal, 367.24, estimator.Hardware), 367.24, "367.2/s"},
		{estimator.SI(25.56e6, ""), 25.557e6, "25.56 M"},
		{estimator.SI(15.36e12, "B"), 15.36e12, "15.36 TB"},
	} {
		assert.Equal(t, tc.want, tc.d.Format(tc.v))
	}
}

// Choose picks a display unit once; Format prints with it, and surfaces that
// draw (a chart's ticks, a workbook's cell) divide by Per themselves.
func ExampleChoose() {
	run := 286979369.0 // seconds: the article's Inception-v3 run on one GPU
	d := estimator.Choose(estimator.Seconds, estimator.Binary, run, estimator.Article)
	fmt.Println(d.Format(run), "=", run, "/", d.Divisor, "|", d.Suffix("ja"))

	step := 0.0027
	fmt.Println(estimator.Choose(estimator.Seconds, estimator.Decimal, step, estimator.Hardware).Format(step))

	axis := estimator.Choose("USD", estimator.Binary, 2.3e7, estimator.Axis)
	fmt.Println(axis.Show(2.3e7), axis.Suffix("en"))
	// Output:
	// 9.1 years = 2.86979369e+08 / 365 * DAY | 年
	// 2.7 ms
	// 23 million USD
}

// Shares of 1 show as percentages on every surface and in every style: the
// article's break-even utilisation 0.3461 is 34.6%.
func TestShareShowsAsPercent(t *testing.T) {
	for _, tc := range []struct {
		name  string
		v     float64
		style estimator.Style
		want  string
	}{
		{"break-even utilisation", 0.3461, estimator.Article, "34.6%"},
		{"a whole", 1, estimator.Article, "100%"},
		{"a small share keeps two digits", 0.00123, estimator.Article, "0.12%"},
		{"none", 0, estimator.Article, "0%"},
		{"the tools' style too", 0.911, estimator.Hardware, "91.1%"},
		{"an axis", 0.5, estimator.Axis, "50%"},
	} {
		d := estimator.Choose(estimator.Share, estimator.Binary, tc.v, tc.style)
		assert.Equal(t, tc.want, d.Format(tc.v), tc.name)
		assert.Equal(t, tc.want, d.FormatIn(tc.v, "ja"), tc.name)
	}
	assert.Equal(t, "0.01", estimator.Choose(estimator.Share, estimator.Binary, 0.3461, estimator.Article).Divisor)
}

// A column reads in one unit: the unit of its largest value, with the
// decimals its smallest needs.
func TestChooseColumn(t *testing.T) {
	years := func(d float64) float64 { return d * estimator.Day }
	for _, tc := range []struct {
		name   string
		u      estimator.Unit
		values []float64
		want   []string
	}{
		{"the article's system times", estimator.Seconds, []float64{years(0.46 * 365), 21 * estimator.Day},
			[]string{"0.46 years", "0.058 years"}},
		{"days stay days", estimator.Seconds, []float64{20.3 * estimator.Day, 6.8 * estimator.Day}, []string{"20.3 days", "6.8 days"}},
		{"a zero and a non-number are ignored", estimator.Seconds, []float64{3 * estimator.Day, 0, math.NaN()}, []string{"3 days", "0 days", "NaN days"}},
		{"at most three more decimals", estimator.Seconds, []float64{9.1 * estimator.Year, estimator.Hour, 1}, []string{"9.1 years", "0.00011 years", "0 years"}},
		{"money keeps its grouping", "USD", []float64{23127000, 500}, []string{"USD 23,127,000", "USD 500"}},
	} {
		d := estimator.ChooseColumn(tc.u, estimator.Binary, tc.values, estimator.Article)
		for i, v := range tc.values {
			assert.Equal(t, tc.want[i], d.Format(v), tc.name)
		}
	}
	assert.Equal(t, "0.058 年", estimator.ChooseColumn(estimator.Seconds, estimator.Binary, []float64{years(168), 21 * estimator.Day}, estimator.Article).FormatIn(21*estimator.Day, "ja"))
}
