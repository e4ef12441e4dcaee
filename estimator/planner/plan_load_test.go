package planner

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
)

// A plan loaded as a scenario (ScenarioFor) estimates to the figures the
// planner gave it: the same count, time per run and total, bought or rented,
// for a team and for a project; and it survives a round trip through JSON,
// as a shared link carries it.
func TestPlanScenarioIsThePlan(t *testing.T) {
	project, err := os.ReadFile("../../testdata/project/llama-70b-90-days.json")
	require.NoError(t, err)
	ps, err := estimator.Decode(bytes.NewReader(project))
	require.NoError(t, err)
	for name, s := range map[string]*estimator.Scenario{"modern-2026": planScenario(t, "modern-2026"), "project": ps} {
		t.Run(name, func(t *testing.T) {
			opt := Options{AsOf: "2026-12-01"}
			res, err := Make(s, opt)
			require.NoError(t, err)
			require.NotNil(t, res.Cheapest)
			rented, bought := 0, 0
			for _, p := range append([]Point{*res.Cheapest}, res.Options...) {
				ls, err := ScenarioFor(s, p.Option, p.SizedFor.Value, opt)
				require.NoError(t, err, p.Option)
				data, err := json.Marshal(ls)
				require.NoError(t, err)
				ls, err = estimator.Decode(bytes.NewReader(data))
				require.NoError(t, err, p.Option)
				est, err := estimator.Run(ls)
				require.NoError(t, err, p.Option)
				a, err := present.AnswerFor(est, nil)
				require.NoError(t, err)
				assert.InEpsilon(t, p.Count.Value, a.Buy.ToBuy.Value, 1e-12, p.Option)
				assert.InEpsilon(t, p.Total.Value, a.TCO.Value, 1e-9, p.Option)
				assert.InEpsilon(t, p.TimePerRun.Value, a.Buy.Time.Value, 1e-9, p.Option)
				if p.Acquire == "rent" {
					rented++
					require.NotNil(t, a.Rent, p.Option)
					assert.Equal(t, estimator.Rent{Provider: p.Provider, Instance: p.Instance, Term: p.Term}, *a.Rent)
					assert.InDelta(t, p.Capex.Value, a.Capex.Value, 1e-9*p.Capex.Value, "a rented plan buys its storage alone")
				} else {
					bought++
					assert.Nil(t, a.Rent, p.Option)
				}
			}
			assert.Positive(t, rented)
			assert.Positive(t, bought)
		})
	}
}

func TestPlanScenarioRefuses(t *testing.T) {
	s := planScenario(t, "modern-2026")
	opt := Options{AsOf: "2026-12-01"}
	_, err := ScenarioFor(s, "rent-nobody-1x-h100-on-demand", 30*estimator.Day, opt)
	assert.EqualError(t, err, `option: is not an option the planner has for this scenario, got "rent-nobody-1x-h100-on-demand"`)
	_, err = ScenarioFor(s, "buy-dgx-h100", 0, opt)
	assert.EqualError(t, err, "sized_for_days: must be > 0 and at most 3650 days, got 0")
}

// A rented scenario prices its instances by the hour: capital expense is the
// storage alone, a commitment bills every hour, and the fields are checked.
func TestRentedScenario(t *testing.T) {
	base := planScenario(t, "modern-2026")
	bought, err := estimator.Run(base)
	require.NoError(t, err)
	get := func(e *estimator.Estimate, id string) float64 {
		q, ok := e.Get(id)
		require.True(t, ok, id)
		return q.Value
	}
	for _, tc := range []struct {
		term string
		busy float64 // share of the year billed
	}{{"on-demand", base.Money.Utilisation}, {"1-year", 1}, {"3-year", 1}} {
		s := planScenario(t, "modern-2026", "money.rent.provider=lambda", "money.rent.instance=8x H100", "money.rent.term="+tc.term)
		est, err := estimator.Run(s)
		require.NoError(t, err, tc.term)
		systems := get(est, "cost.systems")
		assert.Equal(t, get(bought, "cost.systems"), systems, "renting needs the same systems")
		assert.Equal(t, get(est, "cost.storage"), get(est, "cost.capex"), tc.term)
		rent := systems * s.Systems[slices.IndexFunc(s.Systems, func(sys estimator.System) bool { return sys.ID == s.Money.System })].GPUs * 365 * 24 * tc.busy * s.Money.CloudPerGPUHour
		assert.InEpsilon(t, rent, get(est, "cost.opex_per_year"), 1e-12, tc.term)
		assert.InEpsilon(t, get(est, "cost.capex")+rent*s.Money.DepreciationYears, get(est, "cost.tco"), 1e-12, tc.term)
		_, ok := est.Get("cost.break_even_utilisation")
		assert.False(t, ok, "renting has nothing to break even with")
	}
	_, err = estimator.Decode(bytes.NewReader(mustJSON(t, base)), mustOverride(t, "money.rent.term=weekly"))
	assert.ErrorContains(t, err, `money.rent.term: must be one of on-demand, 1-year, 3-year, got "weekly"`)
	assert.ErrorContains(t, err, "money.rent.provider: is required\n")
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return data
}

func mustOverride(t *testing.T, s string) estimator.Override {
	t.Helper()
	o, err := estimator.ParseOverride(s)
	require.NoError(t, err)
	return o
}
