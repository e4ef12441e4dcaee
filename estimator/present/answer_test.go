package present_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
)

// The default scenario asks for the point estimate, which its own ranges put
// below P10: the cover must say so rather than hide it.
func TestAnswerOfTheDefaultScenario(t *testing.T) {
	s := decodeArticle(t)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	u, err := estimator.RunUncertainty(s, 2000, 1, 1)
	require.NoError(t, err)
	a, err := present.AnswerFor(est, u)
	require.NoError(t, err)

	assert.Equal(t, estimator.AskPoint, a.Ask)
	assert.True(t, a.Ranged)
	require.NotNil(t, a.Buy)
	assert.Equal(t, "inception-v3", a.Buy.Workload)
	assert.Equal(t, "DGX-1 (Volta)", a.Buy.SystemName)
	assert.Equal(t, "team.inception-v3.systems_to_buy.dgx-1-v100", a.Buy.ToBuy.ID)
	assert.Equal(t, 143.0, a.Buy.ToBuy.Asked)
	assert.InDelta(t, 142.35, a.Buy.Systems.Value, 0.005)
	assert.Equal(t, "train.inception-v3.system_time.dgx-1-v100", a.Buy.Time.ID)
	assert.Equal(t, 23_127_000.0, a.Capex.Asked)
	assert.InDelta(t, 31_837_386, a.TCO.Asked, 0.5)

	for _, f := range []present.Figure{a.Buy.Systems, a.Buy.ToBuy, a.Buy.Time, *a.Capex, *a.TCO} {
		require.NotNil(t, f.Spread, f.ID)
		assert.Less(t, f.Spread.P10, f.Spread.P50, f.ID)
		assert.Less(t, f.Spread.P50, f.Spread.P90, f.ID)
		assert.Equal(t, present.PointBelowP10, f.Falls, f.ID)
	}
	// The rounded count's percentiles are the unrounded count's, rounded up.
	sys, buy := a.Buy.Systems.Spread, a.Buy.ToBuy.Spread
	assert.Equal(t, [3]float64{math.Ceil(sys.P10), math.Ceil(sys.P50), math.Ceil(sys.P90)}, [3]float64{buy.P10, buy.P50, buy.P90})
	assert.Equal(t, "below its P10", a.TCO.Falls.Words().EN)
	assert.Equal(t, "P10 を下回ります", a.TCO.Falls.Words().In("ja"))
	assert.Equal(t, estimator.Text{
		EN: "The point estimate lies below its P10, for the systems and the total cost alike.",
		JA: "点推定はシステム数・総費用とも P10 を下回ります。",
	}, a.FallsText())
	a.TCO.Falls = present.PointP10ToP50
	assert.Equal(t, "For the systems the point estimate lies below its P10; for the total cost, between its P10 and P50.", a.FallsText().EN)
	assert.Equal(t, "システム数の点推定は P10 を下回ります。総費用の点推定は P10 と P50 の間にあります。", a.FallsText().JA)
	a.TCO.Falls = present.PointBelowP10

	assert.Len(t, a.Each, 6, "three workloads on two systems")
	assert.Equal(t, "team.inception-v3.systems.dgx-1-p100", a.Each[4].Systems.ID)
	assert.InDelta(t, 355.88, a.Each[4].Systems.Value, 0.005, "the article's figure")
	assert.Equal(t, 356.0, a.Each[4].ToBuy.Asked)
}

func TestAnswerAsksForAPercentile(t *testing.T) {
	for _, tc := range []struct {
		ask  string
		pick func(estimator.Spread) float64
	}{
		{"p50", func(s estimator.Spread) float64 { return s.P50 }},
		{"p90", func(s estimator.Spread) float64 { return s.P90 }},
	} {
		t.Run(tc.ask, func(t *testing.T) {
			s := decodeArticle(t, estimator.Override{Path: "money.ask", Value: `"` + tc.ask + `"`})
			est, err := estimator.Run(s)
			require.NoError(t, err)
			_, err = present.AnswerFor(est, nil)
			var fe *estimator.FieldError
			require.ErrorAs(t, err, &fe, "a percentile nobody computed")
			assert.Equal(t, "money.ask", fe.Path)

			u, err := estimator.RunUncertainty(s, 2000, 1, 1)
			require.NoError(t, err)
			a, err := present.AnswerFor(est, u)
			require.NoError(t, err)
			assert.Equal(t, estimator.Ask(tc.ask), a.Ask)
			assert.Equal(t, tc.pick(*a.TCO.Spread), a.TCO.Asked)
			assert.Equal(t, tc.pick(*a.Buy.ToBuy.Spread), a.Buy.ToBuy.Asked)
			assert.Greater(t, a.Buy.ToBuy.Asked, 143.0, "the percentile asks for more than the point")
			assert.Equal(t, a.Buy.ToBuy.Asked, float64(int(a.Buy.ToBuy.Asked)), "whole systems")
		})
	}
}

func TestAnswerWithoutRangesOrMoney(t *testing.T) {
	s := decodeArticle(t)
	s.Ranges = nil
	s.Money = nil
	est, err := estimator.Run(s)
	require.NoError(t, err)
	a, err := present.AnswerFor(est, nil)
	require.NoError(t, err)
	assert.False(t, a.Ranged)
	assert.Nil(t, a.Buy)
	assert.Nil(t, a.TCO)
	require.Len(t, a.Each, 6)
	for _, p := range a.Each {
		assert.Equal(t, present.PointExact, p.ToBuy.Falls, p.ToBuy.ID)
		assert.Nil(t, p.ToBuy.Spread)
		assert.Equal(t, p.ToBuy.Value, p.ToBuy.Asked)
	}
	assert.Equal(t, 46.0, a.Each[0].ToBuy.Asked)
}

// What the 2017 article's planner buys, and where that ask falls among the
// scenario's own ranges.
func ExampleAnswerFor() {
	s := builtin(examples.Default)
	est, _ := estimator.Run(s)
	u, _ := estimator.RunUncertainty(s, 2000, 1, 1)
	a, _ := present.AnswerFor(est, u)
	buy := a.Buy.ToBuy
	fmt.Printf("Buy %v %s for %s (%.2f before rounding up), asked at %s.\n",
		buy.Asked, a.Buy.SystemName, a.Buy.WorkloadName, a.Buy.Systems.Value, a.Ask.Words().EN)
	fmt.Printf("P10 %v, P50 %v, P90 %v: the point estimate lies %s.\n",
		buy.Spread.P10, buy.Spread.P50, buy.Spread.P90, buy.Falls.Words().EN)
	// Output:
	// Buy 143 DGX-1 (Volta) for Inception-v3 (142.35 before rounding up), asked at the point estimate.
	// P10 346, P50 943, P90 2175: the point estimate lies below its P10.
}

func TestAnswerWordsInBothLanguages(t *testing.T) {
	for _, a := range []estimator.Ask{estimator.AskPoint, estimator.AskP50, estimator.AskP90} {
		assert.NotEmpty(t, a.Words().EN, a)
		assert.NotEmpty(t, a.Words().JA, a)
	}
	for _, p := range []present.Position{present.PointExact, present.PointBelowP10, present.PointP10ToP50, present.PointP50ToP90, present.PointAboveP90} {
		assert.NotEmpty(t, p.Words().EN, p)
		assert.NotEmpty(t, p.Words().JA, p)
	}
	field, ok := estimator.FieldOf("money.ask")
	require.True(t, ok)
	assert.Equal(t, []string{"point", "p50", "p90"}, field.Choices)
	assert.True(t, field.Optional)
	assert.NotEmpty(t, field.Label.JA)
	assert.NotEmpty(t, field.Help.JA)
}

// Where the point falls, for each place it can: the TCO's spread is set
// around the point estimate (USD 31,837,386).
func TestAnswerPlacesThePoint(t *testing.T) {
	s := decodeArticle(t)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	tco, _ := est.Get("cost.tco")
	v := tco.Value
	for _, tc := range []struct {
		p10, p50, p90 float64
		want          present.Position
	}{
		{2 * v, 3 * v, 4 * v, present.PointBelowP10},
		{v, 2 * v, 3 * v, present.PointP10ToP50},
		{v / 2, v, 2 * v, present.PointP10ToP50},
		{v / 3, v / 2, 2 * v, present.PointP50ToP90},
		{v / 3, v / 2, v, present.PointP50ToP90},
		{v / 4, v / 3, v / 2, present.PointAboveP90},
		{v, v, v, present.PointExact},
	} {
		u := &estimator.Uncertainty{Quantities: []estimator.Spread{{ID: "cost.tco", P10: tc.p10, P50: tc.p50, P90: tc.p90}}}
		a, err := present.AnswerFor(est, u)
		require.NoError(t, err)
		assert.Equal(t, tc.want, a.TCO.Falls, "%v %v %v", tc.p10/v, tc.p50/v, tc.p90/v)
		assert.Nil(t, a.Buy.ToBuy.Spread, "the uncertainty holds no systems")
	}
}

// Where the estimate sizes a job (modelled scaling), the time per run is the
// job's, not one system's.
func TestAnswerTimesTheJob(t *testing.T) {
	s := builtin("modern-2026")
	est, err := estimator.Run(s)
	require.NoError(t, err)
	a, err := present.AnswerFor(est, nil)
	require.NoError(t, err)
	require.NotNil(t, a.Buy)
	assert.Equal(t, "train."+a.Buy.Workload+".job_time."+a.Buy.System, a.Buy.Time.ID)
	assert.Equal(t, 31.0, a.Buy.ToBuy.Asked)
	assert.Equal(t, present.PointUnknown, a.Buy.ToBuy.Falls, "ranged, but no uncertainty was run")
}
