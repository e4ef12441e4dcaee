package present_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
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
		style     present.Style
		per       float64
		divisor   string
		en, ja    string
		digits    int
	}{
		{"the article's 104 TB", estimator.Bytes, estimator.Binary, 104 * tib, present.Article, tib, "TB", "TB", "TB", 2},
		{"the article's 9.1 years", estimator.Seconds, estimator.Binary, 286979369, present.Article, estimator.Year, "365 * DAY", "years", "年", 2},
		{"a year reads in years", estimator.Seconds, estimator.Binary, estimator.Year, present.Article, estimator.Year, "365 * DAY", "years", "年", 2},
		{"a 90-day deadline reads in days", estimator.Seconds, estimator.Binary, 90 * estimator.Day, present.Article, estimator.Day, "DAY", "days", "日", 1},
		{"3,598.9 s reads in hours", estimator.Seconds, estimator.Binary, 3598.9, present.Article, estimator.Hour, "HOUR", "hours", "時間", 1},
		{"12 minutes", estimator.Seconds, estimator.Binary, 720, present.Article, estimator.Minute, "60", "min", "分", 1},
		{"a day reads in days", estimator.Seconds, estimator.Binary, estimator.Day, present.Article, estimator.Day, "DAY", "days", "日", 1},
		{"rates in MB/s of the unit system", estimator.BytesPerSecond, estimator.Decimal, 150e6, present.Article, 1e6, "MB", "MB/s", "MB/s", 1},
		{"energy in MWh", estimator.Joules, estimator.Binary, 5e10, present.Article, 3.6e9, "3600000000", "MWh", "MWh", 2},
		{"counts below a million show as they are", estimator.Count, estimator.Binary, 999999, present.Article, 1, "", "", "", 2},
		{"tokens in trillions", estimator.Count, estimator.Binary, 15.6e12, present.Article, 1e12, "1000000000000", "trillion", "兆", 2},
		{"GPU memory in GiB", estimator.Bytes, estimator.Decimal, 80 * math.Pow(2, 30), present.Hardware, math.Pow(2, 30), "", "GiB", "GiB", 2},
		{"a step in ms", estimator.Seconds, estimator.Decimal, 0.0027, present.Hardware, 1e-3, "", "ms", "ms", 3},
		{"an axis of 1.5 days stays in hours", estimator.Seconds, estimator.Binary, 1.5 * estimator.Day, present.Axis, estimator.Hour, "HOUR", "hours", "時間", 2},
		{"an axis of 3 days", estimator.Seconds, estimator.Binary, 3 * estimator.Day, present.Axis, estimator.Day, "DAY", "days", "日", 2},
		{"an axis of millions", "EUR", estimator.Binary, 2.5e7, present.Axis, 1e6, "1000000", "million EUR", "百万 EUR", 2},
	} {
		d := present.Choose(tc.u, tc.us, tc.magnitude, tc.style, estimator.English)
		assert.Equal(t, tc.per, d.Per, tc.name)
		assert.Equal(t, tc.divisor, d.Divisor, tc.name)
		assert.Equal(t, tc.en, d.Suffix("en"), tc.name)
		assert.Equal(t, tc.ja, d.Suffix("ja"), tc.name)
		assert.Equal(t, tc.digits, d.Digits, tc.name)
	}
}

// A negative magnitude picks the same unit as its size.
// A Japanese reader gets large counts and money by four digits, 万 and 億,
// each with its own divisor; English and every other unit are Choose's.
func TestChooseInJapanese(t *testing.T) {
	for _, tc := range []struct {
		name      string
		u         estimator.Unit
		magnitude float64
		style     present.Style
		per       float64
		divisor   string
		ja, shown string
	}{
		{"2.5 million frames", estimator.Count, 2.5e6, present.Article, 1e4, "10000", "万", "250 万"},
		{"1.2 billion tokens", estimator.Count, 1.2e9, present.Article, 1e8, "100000000", "億", "12 億"},
		{"15.6 trillion tokens", estimator.Count, 15.6e12, present.Article, 1e12, "1000000000000", "兆", "15.6 兆"},
		{"an axis to USD 31.8 million", estimator.USD, 31.8e6, present.Axis, 1e4, "10000", "万 USD", "3,180 万 USD"},
		{"an axis to USD 1.49 billion", estimator.USD, 1.49e9, present.Axis, 1e8, "100000000", "億 USD", "14.9 億 USD"},
		{"an axis to JPY 35,000", estimator.Unit("JPY"), 35e3, present.Axis, 1e4, "10000", "万 JPY", "3.5 万 JPY"},
		{"counts below a million as they are", estimator.Count, 999999, present.Article, 1, "", "", "999,999"},
		{"money in the article's style, whole", estimator.USD, 31.8e6, present.Article, 1, "", "USD", "USD 31,800,000"},
	} {
		d := present.Choose(tc.u, estimator.Binary, tc.magnitude, tc.style, "ja")
		assert.Equal(t, tc.per, d.Per, tc.name)
		assert.Equal(t, tc.divisor, d.Divisor, tc.name)
		assert.Equal(t, tc.ja, d.Suffix("ja"), tc.name)
		assert.Equal(t, tc.shown, d.Format(tc.magnitude, "ja"), tc.name)
		assert.Equal(t, present.Choose(tc.u, estimator.Binary, tc.magnitude, tc.style, estimator.English), present.Choose(tc.u, estimator.Binary, tc.magnitude, tc.style, "en"), tc.name)
	}
}

func TestChooseBySize(t *testing.T) {
	d := present.Choose(estimator.Seconds, estimator.Binary, -3*estimator.Day, present.Article, estimator.English)
	assert.Equal(t, "-3 days", d.Format(-3*estimator.Day, estimator.English))
}

func TestDisplayFormat(t *testing.T) {
	for _, tc := range []struct {
		d    present.Display
		v    float64
		want string
	}{
		{present.Choose("USD", estimator.Binary, 21307000, present.Article, estimator.English), 21307000, "USD 21,307,000"},
		{present.Choose(estimator.Flag, estimator.Binary, 1, present.Article, estimator.English), 1, "yes"},
		{present.Choose(estimator.PerSecond, estimator.Decimal, 367.24, present.Hardware, estimator.English), 367.24, "367.2/s"},
		{present.SI(25.56e6, ""), 25.557e6, "25.56 M"},
		{present.SI(15.36e12, "B"), 15.36e12, "15.36 TB"},
	} {
		assert.Equal(t, tc.want, tc.d.Format(tc.v, estimator.English))
	}
}

// Figures read as people write them, in both languages: grouped digits,
// a time in the unit one says it in, a unit price with its cents, a large
// ratio as a multiple, one of a unit in the singular.
func TestFormatForPeople(t *testing.T) {
	tib := math.Pow(2, 40)
	for _, tc := range []struct {
		v      float64
		u      estimator.Unit
		en, ja string
	}{
		{3598.9, estimator.Seconds, "1 hour", "1 時間"},
		{90 * estimator.Day, estimator.Seconds, "90 days", "90 日"},
		{6.94 * estimator.Day, estimator.Seconds, "6.9 days", "6.9 日"},
		{estimator.Day, estimator.Seconds, "1 day", "1 日"},
		{0.25 * estimator.Year, estimator.Seconds, "91.3 days", "91.3 日"},
		{2.47 * estimator.Year, estimator.Seconds, "2.47 years", "2.47 年"},
		{45, estimator.Seconds, "45 s", "45 秒"},
		{750, estimator.Seconds, "12.5 min", "12.5 分"},
		{208000 * tib, estimator.Bytes, "208,000 TB", "208,000 TB"},
		{2246774.4 * tib, estimator.Bytes, "2,246,774 TB", "2,246,774 TB"},
		{6933.33 * tib, estimator.Bytes, "6,933.3 TB", "6,933.3 TB"},
		{100000, estimator.Count, "100,000", "100,000"},
		{2175, estimator.Count, "2,175", "2,175"},
		{77361e3, estimator.Kilograms, "77,361 t", "77,361 t"},
		{2.5, estimator.USD, "USD 2.50", "USD 2.50"},
		{3, estimator.USD, "USD 3", "USD 3"},
		{21307000, estimator.USD, "USD 21,307,000", "USD 21,307,000"},
		{769.013, estimator.Share, "769x", "769倍"},
		{5.24, estimator.Share, "5.2x", "5.2倍"},
		{0.346, estimator.Share, "34.6%", "34.6%"},
	} {
		assert.Equal(t, tc.en, present.Format(tc.v, tc.u, estimator.Binary, estimator.English), "%g %s", tc.v, tc.u)
		assert.Equal(t, tc.ja, present.Format(tc.v, tc.u, estimator.Binary, estimator.Japanese), "%g %s", tc.v, tc.u)
	}
}

// Choose picks a display unit once; Format prints with it, and surfaces that
// draw (a chart's ticks, a workbook's cell) divide by Per themselves.
func ExampleChoose() {
	run := 286979369.0 // seconds: the article's Inception-v3 run on one GPU
	d := present.Choose(estimator.Seconds, estimator.Binary, run, present.Article, estimator.English)
	fmt.Println(d.Format(run, estimator.English), "=", run, "/", d.Divisor, "|", d.Suffix("ja"))

	step := 0.0027
	fmt.Println(present.Choose(estimator.Seconds, estimator.Decimal, step, present.Hardware, estimator.English).Format(step, estimator.English))

	axis := present.Choose("USD", estimator.Binary, 2.3e7, present.Axis, estimator.English)
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
		style present.Style
		want  string
	}{
		{"break-even utilisation", 0.3461, present.Article, "34.6%"},
		{"a whole", 1, present.Article, "100%"},
		{"a small share keeps two digits", 0.00123, present.Article, "0.12%"},
		{"none", 0, present.Article, "0%"},
		{"the tools' style too", 0.911, present.Hardware, "91.1%"},
		{"an axis", 0.5, present.Axis, "50%"},
	} {
		d := present.Choose(estimator.Share, estimator.Binary, tc.v, tc.style, estimator.English)
		assert.Equal(t, tc.want, d.Format(tc.v, estimator.English), tc.name)
		assert.Equal(t, tc.want, d.Format(tc.v, "ja"), tc.name)
	}
	assert.Equal(t, "0.01", present.Choose(estimator.Share, estimator.Binary, 0.3461, present.Article, estimator.English).Divisor)
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
		{"the article's system times", estimator.Seconds, []float64{years(1.14 * 365), 21 * estimator.Day},
			[]string{"1.14 years", "0.058 years"}},
		{"below a year, days", estimator.Seconds, []float64{years(0.46 * 365), 21 * estimator.Day},
			[]string{"167.9 days", "21 days"}},
		{"days stay days", estimator.Seconds, []float64{20.3 * estimator.Day, 6.8 * estimator.Day}, []string{"20.3 days", "6.8 days"}},
		{"a zero and a non-number are ignored", estimator.Seconds, []float64{3 * estimator.Day, 0, math.NaN()}, []string{"3 days", "0 days", "NaN days"}},
		{"at most three more decimals", estimator.Seconds, []float64{9.1 * estimator.Year, estimator.Hour, 1}, []string{"9.1 years", "0.00011 years", "0 years"}},
		{"money keeps its grouping", "USD", []float64{23127000, 500}, []string{"USD 23,127,000", "USD 500"}},
	} {
		d := present.ChooseColumn(tc.u, estimator.Binary, tc.values, present.Article)
		for i, v := range tc.values {
			assert.Equal(t, tc.want[i], d.Format(v, estimator.English), tc.name)
		}
	}
	assert.Equal(t, "0.058 年", present.ChooseColumn(estimator.Seconds, estimator.Binary, []float64{years(416), 21 * estimator.Day}, present.Article).Format(21*estimator.Day, "ja"))
}

// A column of training times reads in one unit, in either language.
func ExampleChooseColumn() {
	times := []float64{1.14 * estimator.Year, 21 * estimator.Day}
	d := present.ChooseColumn(estimator.Seconds, estimator.Binary, times, present.Article)
	for _, v := range times {
		fmt.Println(d.Format(v, estimator.English), "|", d.Format(v, "ja"))
	}
	// Output:
	// 1.14 years | 1.14 年
	// 0.058 years | 0.058 年
}
