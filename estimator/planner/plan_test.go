package planner

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/minfmt"
)

func planScenario(t testing.TB, name string, sets ...string) *estimator.Scenario {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok, name)
	var os []estimator.Override
	for _, s := range sets {
		o, err := estimator.ParseOverride(s)
		require.NoError(t, err)
		os = append(os, o)
	}
	s, err := estimator.Decode(bytes.NewReader(data), os...)
	require.NoError(t, err)
	return s
}

func mustPlan(t testing.TB, s *estimator.Scenario) *Result {
	t.Helper()
	res, err := Make(s, Options{AsOf: "2026-12-01"})
	require.NoError(t, err)
	return res
}

// The article's scenario prices inception-v3 on DGX-1 (Volta): the planner's
// cheapest plan is the estimate's own purchase, 143 systems, at the same
// TCO, and the P100 option costs more.
func TestPlanArticle(t *testing.T) {
	s := planScenario(t, "article-2017")
	res := mustPlan(t, s)
	est, err := estimator.Run(planScenario(t, "article-2017"))
	require.NoError(t, err)
	get := func(id string) float64 { q, ok := est.Get(id); require.True(t, ok, id); return q.Value }

	require.NotNil(t, res.Cheapest)
	assert.Equal(t, "buy-dgx-1-v100", res.Cheapest.Option)
	assert.Equal(t, get("cost.systems"), res.Cheapest.Count.Value)
	assert.Equal(t, 143.0, res.Cheapest.Count.Value)
	assert.InDelta(t, get("cost.tco"), res.Cheapest.Total.Value, 1e-6)
	assert.InDelta(t, get("cost.capex"), res.Cheapest.Capex.Value, 1e-6)
	assert.InDelta(t, 7*estimator.Day, res.Cheapest.TimePerRun.Value, 1e-6)
	assert.InDelta(t, 7*estimator.Day, res.Cheapest.SizedFor.Value, 1e-6)
	assert.Nil(t, res.Cheapest.PerGPUHour)
	assert.Equal(t, "plan.deadline_days", res.Cheapest.Binding)
	assert.True(t, res.Cheapest.MeetsAll)
	require.Len(t, res.Options, 2)
	assert.Equal(t, "buy-dgx-1-p100", res.Options[1].Option)
	assert.Equal(t, 356.0, res.Options[1].Count.Value) // the article's 356 DGX-1 (Pascal) for Inception-v3
	// A measured workload runs only on the scenario's systems: every other
	// option is skipped, with the reason.
	assert.NotEmpty(t, res.Skipped)
	for _, sk := range res.Skipped {
		assert.Contains(t, sk.Reason.EN, "mb_per_s", sk.Option)
		assert.NotEmpty(t, sk.Reason.JA, sk.Option)
	}
	assert.Contains(t, res.Why.EN, "Buy DGX-1 (Volta) is the cheapest")
	assert.NotEmpty(t, res.Why.JA)
}

// exhaustive is the reference the planner must match: every scenario system
// at every deadline the planner tries, each estimated on the whole scenario
// (money pointed at the system, the target set through Calculation.Set),
// filtered by the constraints and the cheapest kept.
func exhaustive(t *testing.T, s *estimator.Scenario, deadline, capex, tco, powerW, maxSystems float64) (option string, total, count float64, found bool) {
	t.Helper()
	data, err := json.Marshal(s)
	require.NoError(t, err)
	best := math.Inf(1)
	for _, sys := range s.Systems {
		one, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "money.system", Value: strconv.Quote(sys.ID)})
		require.NoError(t, err)
		c, err := estimator.Prepare(one)
		require.NoError(t, err)
		for _, d := range append([]float64{deadline}, planGrid...) {
			_, err := c.Set(estimator.Override{Path: "team.target_days", Value: strconv.FormatFloat(d/estimator.Day, 'g', -1, 64)})
			require.NoError(t, err)
			est, err := c.Estimate()
			require.NoError(t, err)
			v := func(id string) float64 { q, ok := est.Get(id); require.True(t, ok, id); return q.Value }
			n := v("cost.systems")
			checks := []bool{d <= deadline*(1+1e-9), n*sys.GPUs <= DefaultMaxGPUs}
			if capex > 0 {
				checks = append(checks, v("cost.capex") <= capex)
			}
			if tco > 0 {
				checks = append(checks, v("cost.tco") <= tco)
			}
			if powerW > 0 {
				checks = append(checks, n*v("cost.system_power")*one.Money.PUE <= powerW)
			}
			if maxSystems > 0 {
				checks = append(checks, n <= maxSystems)
			}
			ok := true
			for _, c := range checks {
				ok = ok && c
			}
			if ok && v("cost.tco") < best {
				best, option, count, found = v("cost.tco"), "buy-"+sys.ID, n, true
			}
		}
	}
	return option, best, count, found
}

// On a small grid (the article's two systems, bought) the planner's answer
// equals exhaustive search, for random deadlines and budgets.
func TestPlanMatchesExhaustiveSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 1))
	for i := range 24 {
		deadline := 1 + r.Float64()*30
		sets := []string{"plan.acquire=buy", "plan.deadline_days=" + strconv.FormatFloat(deadline, 'g', -1, 64)}
		var capex, tco, power, maxSys float64
		if r.IntN(2) == 0 {
			capex = math.Round(5e6 + r.Float64()*6e7)
			sets = append(sets, "plan.capex_budget="+strconv.FormatFloat(capex, 'f', -1, 64))
		}
		if r.IntN(2) == 0 {
			tco = math.Round(1e7 + r.Float64()*1e8)
			sets = append(sets, "plan.tco_budget="+strconv.FormatFloat(tco, 'f', -1, 64))
		}
		if r.IntN(3) == 0 {
			power = math.Round(100 + r.Float64()*2000)
			sets = append(sets, "plan.power_kw="+strconv.FormatFloat(power, 'f', -1, 64))
		}
		if r.IntN(3) == 0 {
			maxSys = float64(50 + r.IntN(400))
			sets = append(sets, "plan.max_systems="+strconv.FormatFloat(maxSys, 'f', -1, 64))
		}
		s := planScenario(t, "article-2017", sets...)
		res := mustPlan(t, s)
		option, total, count, found := exhaustive(t, s, deadline*estimator.Day, capex, tco, power*1000, maxSys)
		name := strings.Join(sets, " ")
		if !found {
			assert.Nil(t, res.Cheapest, name)
			assert.NotEmpty(t, res.Shortfalls, name)
			continue
		}
		require.NotNil(t, res.Cheapest, name)
		assert.Equal(t, option, res.Cheapest.Option, name, i)
		assert.Equal(t, count, res.Cheapest.Count.Value, name)
		assert.InDelta(t, total, res.Cheapest.Total.Value, total*1e-12, name)
	}
}

// Monotone by construction, over random constraints on the modern scenario
// (bought and rented H100s): more budget never gives a slower fastest plan,
// and a tighter deadline never a cheaper cheapest one.
func TestPlanMonotone(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 2))
	base := []string{"plan.gpus=h100-sxm"}
	for range 8 {
		budget := 5e6 + r.Float64()*4e7
		deadline := 2 + r.Float64()*20
		at := func(budget, deadline float64) *Result {
			return mustPlan(t, planScenario(t, "modern-2026", append(base,
				"plan.tco_budget="+strconv.FormatFloat(budget, 'f', 0, 64),
				"plan.deadline_days="+strconv.FormatFloat(deadline, 'g', -1, 64))...))
		}
		a, more, tighter := at(budget, deadline), at(budget*1.5, deadline), at(budget, deadline*0.7)
		name := strconv.FormatFloat(budget, 'f', 0, 64) + " " + strconv.FormatFloat(deadline, 'f', 2, 64)
		if a.Fastest != nil {
			require.NotNil(t, more.Fastest, name)
			assert.LessOrEqual(t, more.Fastest.TimePerRun.Value, a.Fastest.TimePerRun.Value, name)
		}
		if tighter.Cheapest != nil {
			require.NotNil(t, a.Cheapest, name)
			assert.GreaterOrEqual(t, tighter.Cheapest.Total.Value, a.Cheapest.Total.Value, name)
		}
	}
}

// An infeasible plan names the constraint that makes it so, and by how much:
// the cheapest capex of the plans meeting the deadline against the budget.
func TestPlanInfeasibleNamesTheConstraint(t *testing.T) {
	res := mustPlan(t, planScenario(t, "article-2017", "plan.capex_budget=1e6"))
	assert.Nil(t, res.Cheapest)
	require.NotEmpty(t, res.Shortfalls)
	sf := res.Shortfalls[0]
	assert.Equal(t, "plan.capex_budget", sf.Path)
	assert.Equal(t, 1e6, sf.Limit.Value)
	assert.Equal(t, "buy-dgx-1-v100", sf.Option)
	assert.InDelta(t, res.Options[0].Capex.Value, sf.Best.Value, 1e-6) // the cheapest capex meeting the deadline
	assert.InDelta(t, sf.Best.Value/1e6-1, sf.Over, 1e-12)
	// Said once, in words, with the budget that would make a plan.
	assert.True(t, strings.HasPrefix(res.Why.EN, "No plan meets every constraint; a plan needs a capital budget of at least "+
		present.Format(sf.Best.Value, sf.Best.Unit, estimator.Decimal, "en")+", or a deadline of "), res.Why.EN)
	assert.True(t, strings.HasPrefix(res.Why.JA, "すべての制約を満たすプランはありません。設備投資の予算を "+
		present.Format(sf.Best.Value, sf.Best.Unit, estimator.Decimal, "ja")+" 以上、または 1 回の学習の期限を "), res.Why.JA)
	assert.NotContains(t, res.Why.EN, "plan.")
	// Each option says how far it breaks the budget: 23.1 times it reads as
	// a multiple, a little over it as a share.
	assert.Equal(t, estimator.Text{EN: "Capital budget is broken: the plan needs 23.1x it", JA: "設備投資の予算の 23.1倍が必要です"}, res.Options[0].Why)
	res = mustPlan(t, planScenario(t, "article-2017", "plan.capex_budget=2e7"))
	assert.Equal(t, estimator.Text{EN: "Capital budget is broken: 15.6% over", JA: "設備投資の予算を 15.6% 超えています"}, res.Options[0].Why)

	// A deadline no count meets: the deadline is what fails, and the fastest
	// plan still says what can be had.
	res = mustPlan(t, planScenario(t, "modern-2026", "plan.gpus=h100-sxm", "plan.deadline_days=0.001"))
	assert.Nil(t, res.Cheapest)
	require.NotEmpty(t, res.Shortfalls)
	assert.Equal(t, "plan.deadline_days", res.Shortfalls[0].Path)
	assert.Contains(t, res.Why.EN, "a plan needs a deadline of ")
	assert.Contains(t, res.Why.JA, "1 回の学習の期限を ")
	require.NotNil(t, res.Fastest)
	assert.Greater(t, res.Fastest.TimePerRun.Value, 0.001*estimator.Day)

	// A power cap binds bought systems only: with 100 kW the H100 plans are
	// rented.
	res = mustPlan(t, planScenario(t, "modern-2026", "plan.gpus=h100-sxm", "plan.power_kw=100"))
	require.NotNil(t, res.Cheapest)
	assert.Equal(t, "rent", res.Cheapest.Acquire)
}

// Bad constraints are field-named errors, as the CLI's exit 2 needs.
func TestPlanBadInput(t *testing.T) {
	data, _ := examples.Read("modern-2026")
	for _, tc := range []struct{ set, path string }{
		{"plan.capex_budget=0", "plan.capex_budget"},
		{"plan.tco_budget=-5", "plan.tco_budget"},
		{"plan.deadline_days=0", "plan.deadline_days"},
		{"plan.gpus=h100-sxm,tpu-v5", "plan.gpus"},
		{"plan.gpus=,", "plan.gpus"},
		{"plan.generations=hopper,tpu", "plan.generations"},
		{"plan.generations=,", "plan.generations"},
		{"plan.precisions=int4", "plan.precisions"},
		{`plan.acquire=lease`, "plan.acquire"},
		{"plan.workload=nope", "plan.workload"},
		{"plan.as_of=01/12/2026", "plan.as_of"},
		{"plan.max_systems=2.5", "plan.max_systems"},
		{"money.currency=JPY", "money.per_usd"},
	} {
		o, err := estimator.ParseOverride(tc.set)
		require.NoError(t, err, tc.set)
		_, err = estimator.Decode(bytes.NewReader(data), o)
		var fe *estimator.FieldError
		require.True(t, errors.As(err, &fe), "%s: %v", tc.set, err)
		assert.Equal(t, tc.path, fe.Path, tc.set)
		assert.NotEmpty(t, fe.Rule.JA, tc.set)
	}
	// Two allow-lists that leave nothing are a contradiction, not an empty plan.
	var overrides []estimator.Override
	for _, set := range []string{"plan.gpus=h100-sxm", "plan.generations=blackwell"} {
		o, err := estimator.ParseOverride(set)
		require.NoError(t, err, set)
		overrides = append(overrides, o)
	}
	_, err := estimator.Decode(bytes.NewReader(data), overrides...)
	var fe *estimator.FieldError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Equal(t, "plan.generations", fe.Path)
	// Planning needs a money section.
	s := planScenario(t, "modern-2026")
	s.Money = nil
	_, err = Make(s, Options{})
	require.True(t, errors.As(err, &fe))
	assert.Equal(t, "money", fe.Path)
}

// Prices: the newest entry published by the as-of date applies, one more
// than 12 months older is flagged, and a user's file replaces the catalog's
// entry.
func TestPlanPrices(t *testing.T) {
	s := planScenario(t, "modern-2026", "plan.gpus=h100-sxm", "plan.acquire=rent")
	res := mustPlan(t, s)
	for _, p := range res.Options {
		assert.False(t, p.Stale, p.Option)
		assert.NotEmpty(t, p.PriceSource, p.Option)
	}
	later, err := Make(s, Options{AsOf: "2028-01-01"})
	require.NoError(t, err)
	require.NotEmpty(t, later.Options)
	for _, p := range later.Options {
		assert.True(t, p.Stale, p.Option)
	}
	// Before any price was published nothing can be rented.
	early, err := Make(s, Options{AsOf: "2025-01-01"})
	require.NoError(t, err)
	assert.Empty(t, early.Options)
	assert.Nil(t, early.Cheapest)

	user := `{"prices": [{"provider": "aws", "instance": "p5.48xlarge", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-h100",
		"on_demand": 2.0, "one_year": 1.2, "source": "our negotiated rate", "as_of": "2026-11-30"}]}`
	mine, err := estimator.DecodePrices(strings.NewReader(user), s, "2026-12-01")
	require.NoError(t, err)
	merged := estimator.MergePrices(hardware.CloudOffers(), mine)
	assert.Len(t, merged, len(hardware.CloudOffers()))
	res, err = Make(s, Options{Prices: merged, AsOf: "2026-12-01"})
	require.NoError(t, err)
	require.NotNil(t, res.Cheapest)
	assert.Equal(t, "rent-aws-p5-48xlarge-1-year", res.Cheapest.Option)
	assert.Equal(t, "our negotiated rate", res.Cheapest.PriceSource)
	require.NotNil(t, res.Cheapest.PerGPUHour)
	assert.InDelta(t, 1.2, res.Cheapest.PerGPUHour.Value, 1e-12)
	// A commitment bills every hour, used or not: 8 GPUs x 1.2 USD x 8760 h an
	// instance-year, cheaper than 2.0 USD on demand at money.utilisation 0.7.
	assert.InDelta(t, res.Cheapest.Count.Value*8*1.2*365*24, res.Cheapest.PerYear.Value, 1e-6)
}

func TestDecodePricesErrors(t *testing.T) {
	s := planScenario(t, "modern-2026")
	for _, tc := range []struct{ file, path string }{
		{`{"prices": []}`, "prices"},
		{`{"prices": [{"provider": "aws", "instance": "x", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-h100", "on_demand": 2, "currency": "EUR", "source": "s", "as_of": "2026-01-01"}]}`, "prices[0].currency"},
		{`{"prices": [{"provider": "aws", "instance": "x", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-b200", "on_demand": 2, "source": "s", "as_of": "2026-01-01"}]}`, "prices[0].system"},
		{`{"prices": [{"provider": "aws", "instance": "x", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-h100", "source": "s", "as_of": "2026-01-01"}]}`, "prices[0]"},
		{`{"prices": [{"provider": "aws", "instance": "x", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-h100", "on_demand": 0, "source": "s", "as_of": "2026-01-01"}]}`, "prices[0].on_demand"},
		{`{"prices": [{"provider": "aws", "instance": "x", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-h100", "on_demand": 2, "source": "s", "as_of": "soon"}]}`, "prices[0].as_of"},
		{`{"prices": [{"provider": "aws", "instance": "x", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-h100", "on_demand": 2, "source": "s", "as_of": "2026-01-01", "extra": 1}]}`, "prices[0].extra"},
	} {
		_, err := estimator.DecodePrices(strings.NewReader(tc.file), s, "2026-12-01")
		var fe *estimator.FieldError
		require.True(t, errors.As(err, &fe), "%s: %v", tc.file, err)
		assert.Equal(t, tc.path, fe.Path, tc.file)
	}
	// A price in the scenario's own currency is converted at money.per_usd.
	jpy := planScenario(t, "modern-2026", "money.currency=JPY", "money.per_usd=150")
	got, err := estimator.DecodePrices(strings.NewReader(`{"prices": [{"provider": "x", "instance": "y", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-h100", "on_demand": 300, "currency": "JPY", "source": "s", "as_of": "2026-01-01"}]}`), jpy, "")
	require.NoError(t, err)
	assert.InDelta(t, 2.0, got[0].OnDemand, 1e-12)
}

// plan.generations keeps the options whose GPU is of an allowed
// architecture: modern-2026 on Hopper alone rents 21 8x H200 instances
// instead of 13 8x B200.
func TestPlanGenerations(t *testing.T) {
	res := mustPlan(t, planScenario(t, "modern-2026", "plan.generations=hopper"))
	require.NotEmpty(t, res.Options)
	for _, p := range res.Options {
		g, ok := hardware.GPUByID(p.GPU)
		require.True(t, ok, p.GPU)
		assert.Equal(t, "hopper", g.Generation, p.Option)
	}
	require.NotNil(t, res.Cheapest)
	assert.Equal(t, "rent-hyperstack-8x-h200-sxm-on-demand", res.Cheapest.Option)
	assert.Equal(t, 22.0, res.Cheapest.Count.Value)
}

// The answer is the same every time: no map order, no clock.
func TestPlanDeterministic(t *testing.T) {
	s := planScenario(t, "modern-2026", "plan.gpus=h100-sxm,b200")
	a, err := json.Marshal(mustPlan(t, s))
	require.NoError(t, err)
	b, err := json.Marshal(mustPlan(t, s))
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))
}

// Every number of a plan is a quantity with an id, a unit, a formula and a
// label in both languages; the frontier is sorted and non-dominated.
func TestPlanQuantitiesAndFrontier(t *testing.T) {
	res := mustPlan(t, planScenario(t, "modern-2026", "plan.gpus=h100-sxm"))
	require.NotEmpty(t, res.Frontier)
	for i, p := range res.Frontier {
		for _, q := range p.Quantities() {
			assert.True(t, strings.HasPrefix(q.ID, "plan."+p.Option+"."), q.ID)
			assert.NotEmpty(t, q.Unit, q.ID)
			assert.NotEmpty(t, q.Formula, q.ID)
			assert.NotEmpty(t, q.Label.EN, q.ID)
			assert.NotEmpty(t, q.Label.JA, q.ID)
			assert.False(t, math.IsNaN(q.Value) || math.IsInf(q.Value, 0), q.ID)
		}
		if i > 0 {
			prev := res.Frontier[i-1]
			assert.GreaterOrEqual(t, p.Total.Value, prev.Total.Value)
			assert.Less(t, p.TimePerRun.Value, prev.TimePerRun.Value)
		}
	}
	// The cheapest plan is on the frontier's deadline side: no cheaper plan
	// on the frontier meets the deadline.
	require.NotNil(t, res.Cheapest)
	for _, p := range res.Frontier {
		if p.Total.Value < res.Cheapest.Total.Value {
			assert.Greater(t, p.TimePerRun.Value, 7*estimator.Day*(1+1e-9), p.Option)
		}
	}
	// Buying H100s against renting them: a break-even use on both sides.
	var withBreakEven int
	for _, p := range res.Options {
		if p.BreakEven != nil {
			withBreakEven++
			assert.Positive(t, p.BreakEven.Value, p.Option)
		}
	}
	assert.Positive(t, withBreakEven)
	for _, c := range res.Constraints {
		assert.NotEmpty(t, c.Limit.Label.JA, c.Path)
	}
}

func FuzzDecodePrices(f *testing.F) {
	f.Add([]byte(`{"prices": [{"provider": "aws", "instance": "p5.48xlarge", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-h100", "on_demand": 2.0, "source": "s", "as_of": "2026-11-30"}]}`))
	f.Add([]byte(`{"prices": [{"provider": "A B", "gpus": -1, "on_demand": "x"}]}`))
	f.Add([]byte(`{"prices": null}`))
	f.Add([]byte(`[]`))
	f.Add([]byte("\uFEFF{\"prices\": [{}]}"))
	rate := 150.0
	s := &estimator.Scenario{Money: &estimator.Money{Currency: "JPY", PerUSD: &rate}}
	f.Fuzz(func(t *testing.T, data []byte) {
		offers, err := estimator.DecodePrices(bytes.NewReader(data), s, "2026-12-01")
		if err != nil {
			assert.True(t, estimator.IsInvalidInput(err), "%v", err)
			return
		}
		for _, o := range offers {
			_, ok := hardware.GPUByID(o.GPU)
			assert.True(t, ok)
			assert.Positive(t, o.GPUs)
			for _, term := range hardware.Terms() {
				p := o.Price(term)
				assert.False(t, p < 0 || math.IsNaN(p) || math.IsInf(p, 0), "%v", p)
			}
		}
	})
}

// A plan's costs are formulas over its count, its unit figures and the
// scenario's money inputs: every quantity with an expression, evaluated
// against the plan's own quantities and the scenario's inputs, gives its
// value, bought or rented, on demand or committed, in the catalog's
// currency or another. The workbook writes these expressions as its live
// formulas.
func TestPlanExpressionsReproduceValues(t *testing.T) {
	// The catalog quotes on demand only: one offer committed as well.
	committed := hardware.CloudOffer{Provider: "test", Instance: "h100x8", GPU: "h100-sxm", GPUs: 8, System: "dgx-h100",
		OnDemand: 6, OneYear: 4, ThreeYear: 3, Source: "a test's prices", AsOf: "2026-11-01"}
	withCommitted := append(hardware.CloudOffers(), committed)
	for _, tc := range []struct {
		name   string
		sets   []string
		prices []hardware.CloudOffer
	}{
		{"article-2017", nil, nil},
		{"modern-2026", nil, withCommitted},
		{"modern-2026", []string{"money.currency=JPY", "money.per_usd=150", "plan.gpus=h100-sxm,b200"}, withCommitted},
		{"llama-3-405b", nil, nil},
	} {
		s := planScenario(t, tc.name, tc.sets...)
		res, err := Make(s, Options{Prices: tc.prices, AsOf: "2026-12-01"})
		require.NoError(t, err)
		inputs, consts := estimator.InputValues(s), estimator.Constants(s.Units)
		var points []Point
		points = append(append(append(points, res.Options...), res.Frontier...), res.EnergyFrontier...)
		seen := map[string]int{}
		for _, p := range points {
			ids := map[string]float64{}
			for _, q := range p.Quantities() {
				ids[q.ID] = q.Value
			}
			lookup := func(ref string) (float64, bool) {
				for _, m := range []map[string]float64{ids, inputs, consts} {
					if v, ok := m[ref]; ok {
						return v, true
					}
				}
				return 0, false
			}
			written := []estimator.Quantity{p.GPUs, p.Capex, p.PerYear, p.Total}
			if s.IsProject() {
				written = written[:2] // a project's costs are the estimate's, in words (projectWords)
			}
			for _, q := range written {
				assert.NotEmpty(t, q.Expr, q.ID)
			}
			for _, q := range p.Quantities() {
				if q.Expr == "" {
					continue
				}
				e, err := estimator.ParseExpr(q.Expr)
				require.NoError(t, err, q.ID)
				got, err := e.Eval(lookup)
				require.NoError(t, err, "%s: %s", q.ID, q.Expr)
				assert.InEpsilon(t, q.Value, got, 1e-9, "%s %v: %s = %s", tc.name, tc.sets, q.ID, q.Expr)
				var fresh estimator.Quantity
				fresh.SetExpr(q.Expr)
				assert.Equal(t, fresh.Inputs, q.Inputs, q.ID)
			}
			seen[p.Acquire+" "+p.Term]++
		}
		assert.Positive(t, seen["buy "], tc.name)
		if tc.name == "modern-2026" {
			for _, term := range []string{"rent on-demand", "rent 1-year", "rent 3-year"} {
				assert.Positive(t, seen[term], "%s %v: %s", tc.name, tc.sets, term)
			}
		}
	}
}

// An infeasible plan's answer says once, in words and in both languages,
// what would make a plan: each constraint that alone leaves none, as
// alternatives, or, when relaxing no one constraint is enough, what the
// closest plan needs of each at once.
func TestPlanInfeasibleAdvice(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sets    []string
		paths   []string
		en, ja  string // the sentence around the needs
		joinEN  string
		joinJA  string
		closest string
	}{
		{"either", []string{"plan.tco_budget=1e7", "plan.deadline_days=2"}, []string{"plan.tco_budget", "plan.deadline_days"},
			"No plan meets every constraint; a plan needs %s.", "すべての制約を満たすプランはありません。%sにすればプランがあります。", ", or ", "、または ", ""},
		{"together", []string{"plan.tco_budget=1e4", "plan.deadline_days=1", "plan.max_gpus=8"}, []string{"plan.deadline_days", "plan.tco_budget"},
			"No plan meets every constraint, nor would relaxing any one of them: the closest (Buy DGX H100) needs %s.",
			"すべての制約を満たすプランはなく、制約を 1 つ緩めるだけでも足りません。最も近いプラン（DGX H100 を購入）には、%sにする必要があります。", " and ", "、かつ ", "Buy DGX H100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := mustPlan(t, planScenario(t, "modern-2026", append([]string{"plan.gpus=h100-sxm"}, tc.sets...)...))
			require.Nil(t, res.Cheapest)
			var paths, en, ja []string
			for _, sf := range res.Shortfalls {
				paths, en, ja = append(paths, sf.Path), append(en, sf.Need.EN), append(ja, sf.Need.JA)
				show := func(lang estimator.Lang) string {
					return present.Format(sf.Best.Value, sf.Best.Unit, estimator.Decimal, lang)
				}
				assert.Equal(t, minfmt.Sprintf(needWords[sf.Path].EN, show("en")), sf.Need.EN)
				assert.Equal(t, minfmt.Sprintf(needWords[sf.Path].JA, show("ja")), sf.Need.JA)
			}
			assert.Equal(t, tc.paths, paths)
			assert.Equal(t, minfmt.Sprintf(tc.en, strings.Join(en, tc.joinEN)), res.Why.EN)
			assert.Equal(t, minfmt.Sprintf(tc.ja, strings.Join(ja, tc.joinJA)), res.Why.JA)
			if tc.closest == "" {
				assert.Nil(t, res.Closest)
			} else {
				require.NotNil(t, res.Closest)
				assert.Equal(t, tc.closest, res.Closest.EN)
			}
		})
	}
}
