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
