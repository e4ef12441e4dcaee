package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/chart"
)

func bundle(t *testing.T, name string, lang estimator.Lang, date string, set ...estimator.Override) *Bundle {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok, name)
	s, err := estimator.Decode(bytes.NewReader(data), set...)
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := Build(est, Options{Lang: lang, Date: date})
	require.NoError(t, err)
	return b
}

// A scenario with money gets a plan as of the report's date, its table and
// its frontier chart; the figures are the core's, formatted.
func TestBuildPlans(t *testing.T) {
	b := bundle(t, "modern-2026", "en", "2026-12-01")
	require.NotNil(t, b.Plan)
	assert.Equal(t, "2026-12-01", b.Plan.AsOf)
	assert.Empty(t, b.PlanNote)
	require.NotNil(t, b.Plan.Cheapest)
	assert.Equal(t, "rent-hyperstack-8x-b200-on-demand", b.Plan.Cheapest.Option)

	text := b.PlanText()
	require.GreaterOrEqual(t, len(text), 4)
	assert.Equal(t, "Cheapest alternative: Rent hyperstack 8x B200 (on-demand). The scenario's own purchase stays the answer; a plan section in the scenario makes the planner's choice the answer.", text[0],
		"without a plan section the report keeps the scenario's purchase: the plan is an alternative")
	assert.Equal(t, "Binding constraint (limit 7 days): Deadline per run binds: 1.4% of it left", text[2])

	rows, stale := b.PlanTable()
	assert.Empty(t, stale)
	require.Len(t, rows, len(b.Plan.Options)+1)
	assert.Equal(t, []string{"Rent hyperstack 8x B200 (on-demand)", "13", "6.9 days", "USD 52,000", "USD 3,826,368", "USD 15,357,472", "0.24 MW", "626.6 t", "yes", "Deadline per run binds: 1.4% of it left"}, rows[1])

	require.NotNil(t, b.Frontier)
	f := *b.Frontier
	assert.Equal(t, chart.FrontierChart, f.ID)
	assert.Equal(t, chart.Scatter, f.Kind)
	assert.True(t, f.X.Log, "an hour to years per run")
	assert.True(t, f.Y.Log)
	require.Len(t, f.Series, 3)
	assert.Equal(t, []string{"buy", "rent", "cheapest alternative"}, []string{f.Series[0].Name, f.Series[1].Name, f.Series[2].Name})
	assert.True(t, f.Series[2].Marked)
	assert.Equal(t, []float64{b.Plan.Cheapest.Total.Value}, f.Series[2].Y)
	assert.Equal(t, len(b.Plan.Frontier), len(f.Series[0].Y)+len(f.Series[1].Y))

	ja := bundle(t, "modern-2026", "ja", "2026-12-01", mustSet(t, "plan.deadline_days=7"))
	assert.Equal(t, "選んだプラン：hyperstack 8x B200 (on-demand) を賃借", ja.PlanText()[0])
}

func mustSet(t *testing.T, set string) estimator.Override {
	t.Helper()
	o, err := estimator.ParseOverride(set)
	require.NoError(t, err)
	return o
}

// A scenario with a plan section makes one recommendation: the planner's
// choice is the report's estimate and its answer, the scenario's own
// purchase one of the options; without one, the scenario's purchase leads.
func TestReportLeadsWithThePlan(t *testing.T) {
	b := bundle(t, "modern-2026", "en", "2026-12-01", mustSet(t, "plan.deadline_days=7"))
	require.NotNil(t, b.Forward)
	a, err := b.Answer()
	require.NoError(t, err)
	headline, _ := b.AnswerHeadline(a)
	assert.Equal(t, "Rent 13 × 8x B200 from hyperstack (on-demand) to train ViT-B/16.", headline)
	assert.InDelta(t, b.Plan.Cheapest.Total.Value, a.TCO.Value, 1e-6, "the answer's total is the chosen plan's")
	assert.Equal(t, "Chosen plan: Rent hyperstack 8x B200 (on-demand)", b.PlanText()[0])
	assert.Equal(t, "chosen plan", b.Frontier.Series[len(b.Frontier.Series)-1].Name)
	assert.Equal(t, "total cost, over 4 years (depreciation)", b.Frontier.Y.Label)
	rows, _ := b.AnswerTable(a)
	assert.Equal(t, "Instances to rent", rows[1][0])
	assert.Equal(t, "Total cost of renting over 4 years", rows[4][0])
	var buy bool
	for _, o := range b.Plan.Options {
		buy = buy || o.Option == "buy-dgx-h100"
	}
	assert.True(t, buy, "the scenario's own purchase stays one of the options")

	own := bundle(t, "modern-2026", "en", "2026-12-01")
	assert.Nil(t, own.Forward)
	a, err = own.Answer()
	require.NoError(t, err)
	headline, _ = own.AnswerHeadline(a)
	assert.Equal(t, "Buy 31 DGX H100 systems to train ViT-B/16.", headline)
}

// A price more than 12 months older than the report's date is starred, and
// the footnote names the prices' dates.
func TestPlanFlagsStalePrices(t *testing.T) {
	b := bundle(t, "modern-2026", "en", "2028-06-01")
	rows, stale := b.PlanTable()
	assert.Equal(t, "Rent hyperstack 8x B200 (on-demand) *", rows[1][0])
	assert.Equal(t, "* the price is more than 12 months older than the plan's date (2026-08-06; 2026-08-26; 2026-09-20; 2026-11-09): check it before buying.", stale)
	for _, r := range rows[1:] {
		if strings.HasPrefix(r[0], "Buy ") {
			assert.False(t, strings.HasSuffix(r[0], "*"), "a bought system's price is the catalog's, not a dated offer")
		}
	}
}

// Without money there is nothing to plan; a plan the planner refuses leaves
// one line in its place and the report still builds.
func TestBuildWithoutAPlan(t *testing.T) {
	b := bundle(t, "article-2017", "en", "2026-12-01", estimator.Override{Path: "money", Value: "null"})
	assert.Nil(t, b.Plan)
	assert.Nil(t, b.Frontier)
	assert.Empty(t, b.PlanNote)
	assert.Nil(t, b.PlanText())

	b = bundle(t, "modern-2026", "ja", "someday")
	assert.Nil(t, b.Plan)
	assert.Nil(t, b.Frontier)
	assert.Equal(t, `このシナリオにはプランを出せません：plan.as_of: YYYY-MM-DD の日付にしてください（入力値 "someday"）`, b.PlanNote)
}

// An infeasible plan is said once, in words: what would make a plan,
// without the fields' paths, and the options not priced read as reasons.
func TestInfeasiblePlanIsSaidOnce(t *testing.T) {
	for _, lang := range estimator.Langs() {
		b := bundle(t, "modern-2026", lang, "2026-12-01", mustSet(t, "plan.acquire=buy"), mustSet(t, "plan.capex_budget=1e7"))
		require.Nil(t, b.Plan.Cheapest)
		text := b.PlanText()
		assert.Equal(t, b.Plan.Why.In(lang), text[0])
		assert.Equal(t, map[estimator.Lang]string{
			"en": "No plan meets every constraint; a plan needs a capital budget of at least USD 13,692,000, or a deadline of 10.5 days or more.",
			"ja": "すべての制約を満たすプランはありません。設備投資の予算を USD 13,692,000 以上、または 1 回の学習の期限を 10.5 日 以上にすればプランがあります。",
		}[lang], text[0])
		all := strings.Join(append(text, b.PlanSkipped()...), "\n")
		assert.Equal(t, 1, strings.Count(all, "13,692,000"), "the capital the plans need, once")
		assert.NotContains(t, all, "plan.capex_budget")
		assert.NotContains(t, all, "systems[0]")
		require.NotEmpty(t, b.PlanSkipped())
		assert.Equal(t, map[estimator.Lang]string{
			"en": "Not priced: Buy DGX H200. Price: must be given, as the catalog publishes none for this system.",
			"ja": "価格なし：DGX H200 を購入。価格: カタログにこのシステムの公表価格がないため、指定してください。",
		}[lang], b.PlanSkipped()[0])
	}
}
