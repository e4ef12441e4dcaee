package estimator_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/quickloop"
)

// Set in place gives what Decode with the same override gives, error or value,
// for every numeric input of every example. One calculation per input takes
// every value in turn, as the page's kept one takes keystrokes, so a value (or
// a refused one) that left anything behind would show in the next; and
// decoding and preparing once per input, not per value, halves the test's time.
func TestSetMatchesDecode(t *testing.T) {
	t.Parallel()
	values := []string{"0", "-3", "2.5", "1e6", `{"low": 1, "likely": 2, "high": 3}`, `{"median": 2, "p90": 1}`,
		`{"low": 1.5, "likely": 6, "high": 31}`} // a fractional endpoint; above team.members
	if !testing.Short() {
		values = append(values, "-0", `{"low": 0, "likely": 0, "high": 1}`, `{"median": 0, "p90": 1}`, `{"low": 1, "low": 2, "likely": 2, "high": 3}`)
	}
	for _, name := range quickloop.Examples() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data, _ := examples.Read(name)
			base, err := estimator.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			for path := range estimator.InputValues(base) {
				s, err := estimator.Decode(bytes.NewReader(data))
				require.NoError(t, err)
				c, err := estimator.Prepare(s)
				require.NoError(t, err)
				for _, value := range values {
					o := estimator.Override{Path: path, Value: value}
					before := estimator.InputValues(s)[path]
					applied, setErr := c.Set(o)
					if !applied {
						require.NoError(t, setErr)
						continue // the full path's to take
					}
					full, decodeErr := decodeAndRun(data, o)
					if decodeErr != nil {
						require.Error(t, setErr, "%s %s=%s", name, path, value)
						assert.Equal(t, decodeErr.Error(), setErr.Error(), "%s %s=%s", name, path, value)
						_, err := c.Estimate()
						require.NoError(t, err, "%s %s=%s", name, path, value)
						assert.Equal(t, before, estimator.InputValues(s)[path], "a refused value leaves the input as it was")
						continue
					}
					require.NoError(t, setErr, "%s %s=%s", name, path, value)
					got, err := c.Estimate()
					require.NoError(t, err, "%s %s=%s", name, path, value)
					assert.Equal(t, full.Quantities(), got.Quantities(), "%s %s=%s", name, path, value)
					// The file's note on the value goes with it, as Decode drops it.
					assert.NotContains(t, got.Scenario.Sources, path, "%s %s=%s", name, path, value)
					assert.Len(t, got.Scenario.Sources, len(full.Scenario.Sources), "%s %s=%s", name, path, value)
				}
			}
		})
	}
}

func TestSetDeclinesWhatReshapes(t *testing.T) {
	t.Parallel()
	s, err := estimator.Decode(bytes.NewReader(article(t)))
	require.NoError(t, err)
	c, err := estimator.Prepare(s)
	require.NoError(t, err)
	for _, o := range []estimator.Override{
		{Path: "growth.factor", Value: "3"}, {Path: "systems[0].gpus", Value: "4"}, {Path: "name", Value: "x"},
		{Path: "fleet.cars", Value: `"many"`}, {Path: "systems[0].price", Value: "1"}, {Path: "no.such", Value: "1"},
	} {
		applied, err := c.Set(o)
		assert.False(t, applied, o.Path)
		assert.NoError(t, err, o.Path)
	}
}

func BenchmarkSetAndEstimate(b *testing.B) {
	s, err := estimator.Decode(bytes.NewReader(article(b)))
	require.NoError(b, err)
	c, err := estimator.Prepare(s)
	require.NoError(b, err)
	values := []string{"100", "120"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := c.Set(estimator.Override{Path: "fleet.cars", Value: values[i%2]}); err != nil {
			b.Fatal(err)
		}
		if _, err := c.Estimate(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// A point value outside its input's range is never refused: the range moves
// with it, keeping its relative spread, and says so. Decode with the override
// (the CLI's --set) and Calculation.Set (the page) give the same range and the
// same estimate.
func TestPointValueMovesItsRange(t *testing.T) {
	t.Parallel()
	data, ok := examples.Read("article-2017")
	require.True(t, ok)
	why := "throughputs from benchmarks; published runs of the same network differ by about 15%; " + estimator.RangeMoved.EN
	lognormal := estimator.Override{Path: "fleet.tb_per_hour", Value: `{"median": 2, "p90": 3}`}
	cases := []struct {
		name  string
		first []estimator.Override // set before, by both paths
		set   estimator.Override
		path  string
		want  estimator.Dist
	}{
		{"above high", nil, estimator.Override{Path: "workloads[2].mb_per_s", Value: "38"}, "workloads[2].mb_per_s",
			estimator.Dist{Low: 32.3, Likely: 38, High: 43.7, Why: why}},
		{"below low", nil, estimator.Override{Path: "workloads[2].mb_per_s", Value: "9.5"}, "workloads[2].mb_per_s",
			estimator.Dist{Low: 8.075, Likely: 9.5, High: 10.925, Why: why}},
		{"lognormal", []estimator.Override{lognormal}, estimator.Override{Path: "fleet.tb_per_hour", Value: "5"}, "fleet.tb_per_hour",
			estimator.Dist{Median: 5, P90: 7.5, Why: estimator.RangeMoved.EN}},
		// A lognormal cannot centre on 0: the point is exact.
		{"lognormal at 0", []estimator.Override{{Path: "money.price_per_kwh", Value: `{"median": 0.1, "p90": 0.2}`}},
			estimator.Override{Path: "money.price_per_kwh", Value: "0"}, "money.price_per_kwh", estimator.Dist{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			decoded, err := estimator.Decode(bytes.NewReader(data), append(tc.first, tc.set)...)
			require.NoError(t, err)
			s, err := estimator.Decode(bytes.NewReader(data), tc.first...)
			require.NoError(t, err)
			c, err := estimator.Prepare(s)
			require.NoError(t, err)
			applied, err := c.Set(tc.set)
			require.NoError(t, err)
			require.True(t, applied)
			for _, got := range []estimator.Dist{decoded.Ranges[tc.path], s.Ranges[tc.path]} {
				assert.InDelta(t, tc.want.Low, got.Low, 1e-9)
				assert.Equal(t, tc.want.Likely, got.Likely)
				assert.InDelta(t, tc.want.High, got.High, 1e-9)
				assert.Equal(t, tc.want.Median, got.Median)
				assert.InDelta(t, tc.want.P90, got.P90, 1e-9)
				assert.Equal(t, tc.want.Why, got.Why)
			}
			full, err := estimator.Run(decoded)
			require.NoError(t, err)
			kept, err := c.Estimate()
			require.NoError(t, err)
			assert.Equal(t, full.Quantities(), kept.Quantities())
			a, err := estimator.RunUncertainty(decoded, 200, 1, 1)
			require.NoError(t, err)
			b, err := estimator.RunUncertainty(s, 200, 1, 1)
			require.NoError(t, err)
			assert.Equal(t, a, b, "the same range gives the same P10-P90")
		})
	}
}

// A moved range stays within its field's bounds: a share set to 0.95 with a
// range reaching 20% above it ends at 1, not refused for high > 1.
func TestMovedRangeKeepsFieldBounds(t *testing.T) {
	t.Parallel()
	data, ok := examples.Read("article-2017")
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data),
		estimator.Override{Path: "money.utilisation", Value: `{"low": 0.1, "likely": 0.2, "high": 0.24}`},
		estimator.Override{Path: "money.utilisation", Value: "0.95"})
	require.NoError(t, err)
	d := s.Ranges["money.utilisation"]
	assert.InDelta(t, 0.475, d.Low, 1e-12)
	assert.Equal(t, 0.95, d.Likely)
	assert.Equal(t, 1.0, d.High)
}

// Full-width digits, point and minus, as a Japanese input method types them,
// read as ASCII in a numeric --set value and in Set; a string field keeps them.
func TestFullWidthDigitsReadAsASCII(t *testing.T) {
	t.Parallel()
	data, ok := examples.Read("article-2017")
	require.True(t, ok)
	for _, tc := range []struct{ path, typed, ascii string }{
		{"fleet.cars", "１００", "100"},
		{"fleet.tb_per_hour", "１．５", "1.5"},
		{"workloads[2].mb_per_s", "３８", "38"},
		{"fleet.tb_per_hour", `{"median": "2", "p90": ３}`, `{"median": "2", "p90": 3}`}, // the error names the same field
		{"fleet.cars", "－３", "-3"},
		{"fleet.cars", "−３", "-3"},
	} {
		want, wantErr := decodeAndRun(data, estimator.Override{Path: tc.path, Value: tc.ascii})
		got, err := decodeAndRun(data, estimator.Override{Path: tc.path, Value: tc.typed})
		s, prepErr := estimator.Decode(bytes.NewReader(data))
		require.NoError(t, prepErr)
		c, prepErr := estimator.Prepare(s)
		require.NoError(t, prepErr)
		_, setErr := c.Set(estimator.Override{Path: tc.path, Value: tc.typed})
		if wantErr != nil {
			require.Error(t, err, tc.typed)
			assert.Equal(t, wantErr.Error(), err.Error())
			require.Error(t, setErr, tc.typed)
			assert.Equal(t, wantErr.Error(), setErr.Error())
			continue
		}
		require.NoError(t, err, tc.typed)
		require.NoError(t, setErr, tc.typed)
		assert.Equal(t, want.Quantities(), got.Quantities(), tc.typed)
		kept, err := c.Estimate()
		require.NoError(t, err)
		assert.Equal(t, want.Quantities(), kept.Quantities(), tc.typed)
	}
	s, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "name", Value: "プラン１"})
	require.NoError(t, err)
	assert.Equal(t, "プラン１", s.Name)
	assert.Equal(t, "-3 100 1.5E+3", estimator.ASCIIDigits("－３ １００ １．５Ｅ＋３"))
}

// A range moved twice says so once, and in the reader's language.
func TestMovedTwiceSaysItOnce(t *testing.T) {
	t.Parallel()
	data, ok := examples.Read("article-2017")
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data),
		estimator.Override{Path: "workloads[2].mb_per_s", Value: "38"}, estimator.Override{Path: "workloads[2].mb_per_s", Value: "19"})
	require.NoError(t, err)
	d := s.Ranges["workloads[2].mb_per_s"]
	assert.InDelta(t, 16.15, d.Low, 1e-9)
	assert.InDelta(t, 21.85, d.High, 1e-9)
	why := "throughputs from benchmarks; published runs of the same network differ by about 15%; "
	assert.Equal(t, why+"moved with the value set, keeping its relative spread", d.WhyIn("en"))
	assert.Equal(t, why+"設定値に合わせて相対的な幅を保ったまま移動", d.WhyIn("ja"))
}
