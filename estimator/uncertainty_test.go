package estimator_test

import (
	"bytes"
	"math"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func decodeArticle(t testing.TB, overrides ...estimator.Override) *estimator.Scenario {
	t.Helper()
	s, err := estimator.Decode(bytes.NewReader(article(t)), overrides...)
	require.NoError(t, err)
	return s
}

func TestUncertaintyIsReproducibleAndOrdered(t *testing.T) {
	s := decodeArticle(t)
	a, err := estimator.RunUncertainty(s, 2000, 7, 1)
	require.NoError(t, err)
	b, err := estimator.RunUncertainty(s, 2000, 7, 3)
	require.NoError(t, err)
	assert.Equal(t, a, b, "the same seed gives the same percentiles, whatever the workers")
	c, err := estimator.RunUncertainty(s, 2000, 8, 1)
	require.NoError(t, err)
	assert.NotEqual(t, a.Quantities, c.Quantities)
	assert.Len(t, a.Ranged, 7)
	ids := map[string]bool{}
	for _, q := range a.Quantities {
		ids[q.ID] = true
		assert.LessOrEqual(t, q.P10, q.P50, q.ID)
		assert.LessOrEqual(t, q.P50, q.P90, q.ID)
	}
	for _, id := range []string{"data.processed", "train.inception-v3.gpu_time", "team.inception-v3.systems.dgx-1-v100", "cost.tco", "energy.per_run", "co2.per_run"} {
		assert.True(t, ids[id], id)
	}
}

// Without ranges every percentile is the exact value.
func TestUncertaintyWithoutRangesIsExact(t *testing.T) {
	s := decodeArticle(t)
	s.Ranges = nil
	est, err := estimator.Run(s)
	require.NoError(t, err)
	u, err := estimator.RunUncertainty(s, 50, 1, 2)
	require.NoError(t, err)
	for _, q := range u.Quantities {
		exact := value(t, est, q.ID)
		assert.Equal(t, exact, q.P10, q.ID)
		assert.Equal(t, exact, q.P90, q.ID)
	}
}

// The article's hedges all point one way (more data, more systems): its
// printed figure is at or below the median.
func TestArticleFiguresAreTheConservativeEnd(t *testing.T) {
	u, err := estimator.RunUncertainty(decodeArticle(t), 5000, 1, 0)
	require.NoError(t, err)
	for _, q := range u.Quantities {
		if q.ID == "team.inception-v3.systems.dgx-1-p100" {
			assert.Less(t, 356.0, q.P90)
			assert.Greater(t, q.P90, q.P10)
		}
	}
}

func TestTriangularQuantiles(t *testing.T) {
	d := estimator.Dist{Low: 0, Likely: 0, High: 1}
	// CDF of a right triangle on [0, 1] peaking at 0: F(x) = 1 - (1-x)^2.
	for _, p := range []float64{0.1, 0.5, 0.9} {
		assert.InDelta(t, 1-math.Sqrt(1-p), d.Quantile(p), 1e-12)
	}
	ln := estimator.Dist{Median: 100, P90: 200}
	assert.InDelta(t, 100, ln.Quantile(0.5), 1e-9)
	assert.InDelta(t, 200, ln.Quantile(0.9), 1e-6)
}

// A case with a known answer: data.processed is raw x reduction, so its
// elasticity to the reduction and to the raw rate is exactly 1, and the input
// with the wider relative range swings it more.
func TestSensitivityRanking(t *testing.T) {
	s := decodeArticle(t)
	sens, err := estimator.RunSensitivity(s, "data.processed")
	require.NoError(t, err)
	require.Len(t, sens.Swings, 7)
	assert.Equal(t, "preprocessing.reduction", sens.Swings[0].Path, "0.000476-0.005 is the widest relative range")
	assert.Equal(t, "fleet.tb_per_hour", sens.Swings[1].Path)
	assert.InDelta(t, 1, sens.Swings[0].Elasticity, 1e-9)
	assert.InDelta(t, 1, sens.Swings[1].Elasticity, 1e-9)
	for _, sw := range sens.Swings[2:] {
		assert.Zero(t, sw.Swing, "%s does not move data.processed", sw.Path)
	}
	tco, err := estimator.RunSensitivity(s, "")
	require.NoError(t, err)
	assert.Equal(t, "cost.tco", tco.Target)
	for i := 1; i < len(tco.Swings); i++ {
		assert.GreaterOrEqual(t, tco.Swings[i-1].Swing, tco.Swings[i].Swing)
	}
	_, err = estimator.RunSensitivity(s, "no.such")
	assert.ErrorContains(t, err, `target: names no quantity`)
}

func TestBadRanges(t *testing.T) {
	for _, tc := range []struct {
		set, want string
	}{
		{`fleet.cars={"low": 200, "likely": 100, "high": 150}`, "fleet.cars.low: must be <= high (150), got 200"},
		{`fleet.cars={"low": 50, "likely": 300, "high": 150}`, "fleet.cars.likely: must be within [low, high] = [50, 150], got 300"},
		{`fleet.cars={"low": -5, "likely": 100, "high": 150}`, "fleet.cars.low: must be > 0, got -5"},
		{`fleet.cars={"median": 100, "p90": 50}`, "fleet.cars.p90: must be > median (100), got 50"},
		{`fleet.cars={"median": -1, "p90": 50}`, "fleet.cars.median: must be > 0, got -1"},
		{`fleet.cars={"low": 1, "likely": 2}`, `fleet.cars.high: must be a number, got null`},
		{`fleet.cars={"low": 1, "likely": 2, "high": 3, "mode": 2}`, `fleet.cars.mode: unknown field of a range`},
		{`money.load_factor={"median": 0.5, "p90": 0.9}`, "money.load_factor: a lognormal range needs a field without an upper bound"},
	} {
		o, err := estimator.ParseOverride(tc.set)
		require.NoError(t, err)
		_, err = estimator.Decode(bytes.NewReader(article(t)), o)
		require.Error(t, err, tc.set)
		assert.Contains(t, err.Error(), tc.want)
		assert.True(t, estimator.IsInvalidInput(err))
	}
}

// Ranges survive encoding: the JSON a command prints decodes to the same scenario.
func TestRangesRoundTrip(t *testing.T) {
	s := decodeArticle(t)
	data, err := s.MarshalJSON()
	require.NoError(t, err)
	again, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Equal(t, s, again)
	assert.Contains(t, string(data), `"tb_per_hour":{"high":3.24,"likely":1,"low":1,"why":`)
}

func BenchmarkUncertainty100k(b *testing.B) {
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(b, err)
	for _, workers := range []int{1, 2} {
		b.Run(map[int]string{1: "one-core", 2: "two-cores"}[workers], func(b *testing.B) {
			for b.Loop() {
				if _, err := estimator.RunUncertainty(s, 100_000, 1, workers); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The bracketing percentile search agrees with sorting, ties and all.
func TestPercentilesMatchSorting(t *testing.T) {
	for _, tc := range []struct {
		name string
		gen  func(i int) float64
		n    int
	}{
		{"uniform", func(i int) float64 { return float64((i * 7919) % 100003) }, 100003},
		{"constant", func(int) float64 { return 42 }, 20000},
		{"few values", func(i int) float64 { return float64(i % 3) }, 50000},
		{"small", func(i int) float64 { return float64(-i) }, 11},
	} {
		xs := make([]float64, tc.n)
		for i := range xs {
			xs[i] = tc.gen(i)
		}
		sorted := append([]float64(nil), xs...)
		sort.Float64s(sorted)
		p10, p50, p90 := estimator.Percentiles(xs)
		rank := func(p float64) float64 { return sorted[int(math.Round(p*float64(tc.n-1)))] }
		assert.Equal(t, [3]float64{rank(0.1), rank(0.5), rank(0.9)}, [3]float64{p10, p50, p90}, tc.name)
	}
}

// Samples and workers are bounded before anything is allocated: the count of
// samples sizes one slice per headline quantity, the workers one goroutine and
// scenario copy each.
func TestUncertaintyBounds(t *testing.T) {
	s := decodeArticle(t)
	for _, tc := range []struct {
		samples, workers int
		want             []string
	}{
		{0, 1, []string{"samples: must be between 1 and 1000000, got 0"}},
		{estimator.MaxSamples + 1, 1, []string{"samples: must be between 1 and 1000000, got 1000001"}},
		{math.MaxInt, 1, []string{"samples: must be between 1 and 1000000, got 9223372036854775807"}},
		{10, -1, []string{"workers: must be between 0 (one per CPU) and 256, got -1"}},
		{10, estimator.MaxWorkers + 1, []string{"workers: must be between 0 (one per CPU) and 256, got 257"}},
		{-5, 100000, []string{"samples: must be between 1 and 1000000, got -5", "workers: must be between 0 (one per CPU) and 256, got 100000"}},
	} {
		_, err := estimator.RunUncertainty(s, tc.samples, 1, tc.workers)
		require.Error(t, err, "%d samples, %d workers", tc.samples, tc.workers)
		assert.True(t, estimator.IsInvalidInput(err))
		for _, w := range tc.want {
			assert.Contains(t, err.Error(), w)
		}
	}
	u, err := estimator.RunUncertainty(s, 10, 1, estimator.MaxWorkers)
	require.NoError(t, err, "more workers than samples is fine")
	assert.Equal(t, 10, u.Samples)
}

func TestMoneyAskIsChecked(t *testing.T) {
	_, err := estimator.Decode(bytes.NewReader(article(t)), estimator.Override{Path: "money.ask", Value: `"p95"`})
	var fe *estimator.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "money.ask", fe.Path)
	assert.Equal(t, "must be one of point, p50, p90", fe.Rule.EN)
}
