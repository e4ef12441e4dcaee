package page

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/numtext"
	"github.com/trainscale/trainscale/internal/quickloop"
)

func presetEstimate(t *testing.T, name string, overrides ...estimator.Override) *estimator.Estimate {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok, name)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	return est
}

func uncertainty(t *testing.T, est *estimator.Estimate) *estimator.Uncertainty {
	t.Helper()
	u, err := estimator.RunUncertainty(est.Scenario, 500, 1, 1)
	require.NoError(t, err)
	return u
}

// valueRE matches the markup of a value button showing text for quantity id.
func valueRE(id, text string) string {
	return `[^>]*` + fmt.Sprintf(`data-quantity="%s"`, id) + `[^>]*>` + regexp.QuoteMeta(text) + `</button>`
}

func TestAnswerOpensTheResults(t *testing.T) {
	est := presetEstimate(t, examples.Default)
	html := Results(est, "en")
	answer := strings.Index(html, `<h2 id="h-answer">The answer</h2>`)
	chain := strings.Index(html, `<h2 id="h-article">The article&#39;s figures</h2>`)
	require.GreaterOrEqual(t, answer, 0)
	assert.Less(t, answer, chain, "the answer comes first")
	// The money buys DGX-1 (Volta) for Inception-v3: 142.35 systems, 143 to
	// buy, 142 as the article's tables round.
	a := Answer(est, nil, "en")
	assert.Regexp(t, `Buy <strong><button `+valueRE("team.inception-v3.systems_to_buy.dgx-1-v100", "143")+`</strong> DGX-1 \(Volta\) for Inception-v3\.`, a)
	assert.Regexp(t, `Rounded up from <button `+valueRE("team.inception-v3.systems.dgx-1-v100", "142.35")+` systems; the article&#39;s tables round to the nearest, <button `+valueRE("team.inception-v3.systems.dgx-1-v100", "142")+`\.`, a)
	assert.Regexp(t, `<dt>Capital expense</dt><dd><button `+valueRE("cost.capex", "USD 23,127,000"), a)
	assert.Regexp(t, `<dt>Total cost of ownership over 3 years</dt><dd><button `+valueRE("cost.tco", "USD 31,837,386"), a)
	assert.Regexp(t, `<dt>Inception-v3: one training run on one DGX-1 \(Volta\)</dt><dd><button `+valueRE("train.inception-v3.system_time.dgx-1-v100", "166.1 days"), a)
	assert.Contains(t, a, "P10, P50 and P90 of these figures follow once the scenario&#39;s ranges are sampled", "before the uncertainty")
	assert.Contains(t, html, a, "Results opens with the same answer")
}

func TestAnswerSpread(t *testing.T) {
	est := presetEstimate(t, examples.Default)
	u := uncertainty(t, est)
	a, err := present.AnswerFor(est, u)
	require.NoError(t, err)
	sp := a.Buy.ToBuy.Spread
	require.NotNil(t, sp)
	require.Less(t, 143.0, sp.P10, "the article's point estimate lies below its own P10")
	html := Answer(est, u, "en")
	count := func(v float64) string { return numtext.Decimal(v, numtext.CountDigits) }
	row := fmt.Sprintf(`<tr><th scope="row">Systems to buy</th><td>143</td><td>%s</td><td>%s</td><td>%s</td></tr>`, count(sp.P10), count(sp.P50), count(sp.P90))
	assert.Contains(t, html, row)
	assert.Contains(t, html, `<th scope="col">Point estimate (asked)</th><th scope="col">P10</th><th scope="col">P50</th><th scope="col">P90</th>`)
	assert.Contains(t, html, "The point estimate lies below its P10, for the systems and the total cost alike.")
	assert.Contains(t, html, "The scenario asks for the point estimate (money.ask).")
	assert.NotContains(t, html, "follow once")
	// The same value elements as without the spread, in the same order: the
	// page swaps one for the other.
	assert.Equal(t, bytes.Count([]byte(Answer(est, nil, "en")), []byte("data-quantity=")), bytes.Count([]byte(html), []byte("data-quantity=")))

	ja := Answer(est, u, "ja")
	assert.Regexp(t, `Inception-v3 のために DGX-1 \(Volta\) を <strong><button `+valueRE("team.inception-v3.systems_to_buy.dgx-1-v100", "143")+`</strong> 台購入します。`, ja)
	assert.Contains(t, ja, "点推定（申請）")
	assert.Contains(t, ja, "P10 を下回")
}

func TestAnswerAsksForP90(t *testing.T) {
	est := presetEstimate(t, examples.Default, estimator.Override{Path: "money.ask", Value: "p90"})
	// Before the uncertainty: the point estimate, and the ask still to come.
	html := Answer(est, nil, "en")
	assert.Contains(t, html, "The scenario asks for P90, which follows once its ranges are sampled; until then the count above is the point estimate.")
	before := strings.Count(html, "data-quantity=")
	u := uncertainty(t, est)
	a, err := present.AnswerFor(est, u)
	require.NoError(t, err)
	p90 := a.Buy.ToBuy.Spread.P90
	html = Answer(est, u, "en")
	assert.Contains(t, html, fmt.Sprintf(`Buy <strong><span class="asked">%s</span></strong> DGX-1 (Volta) for Inception-v3.`, numtext.Decimal(p90, numtext.CountDigits)))
	assert.Contains(t, html, `<th scope="col">P90 (asked)</th>`)
	assert.Contains(t, html, "The scenario asks for P90 (money.ask).")
	assert.Equal(t, before, strings.Count(html, "data-quantity="), "the same value elements as before")
}

func TestAnswerWithoutMoney(t *testing.T) {
	est := presetEstimate(t, "cifar10-cpu-vs-gpu")
	html := Answer(est, nil, "en")
	assert.Contains(t, html, "The scenario prices no purchase (no money section)")
	// A row per network and system.
	assert.Regexp(t, `<tr><th scope="row">ResNet-50 on 32x32 input</th><td>The same desktop&#39;s CPU</td><td><button `+valueRE("team.resnet-50.systems_to_buy.i7-desktop", "1")+`</td><td><button `+valueRE("team.resnet-50.systems.i7-desktop", "0.063")+`</td><td><button `+valueRE("train.resnet-50.system_time.i7-desktop", "1.5 hours"), html)
	// The throughputs are modelled: their model error gives the figures a spread.
	assert.Contains(t, html, "P10, P50 and P90 of these figures follow once the scenario&#39;s ranges are sampled")
	exact := presetEstimate(t, "cifar10-cpu-vs-gpu", estimator.Override{Path: "model_error.defaults", Value: "off"})
	assert.Contains(t, Answer(exact, nil, "en"), "No input of the scenario is ranged: the figures have no spread.")
	assert.Contains(t, Answer(est, nil, "ja"), "1.5 時間")
	// one display per column: the small CNN's share of a desktop is not "0"
	assert.Regexp(t, valueRE("team.cifar-small.systems.rtx-3050-desktop", "0.0016"), html)
}

func TestChainHeadingAndTeam(t *testing.T) {
	for _, tc := range []struct {
		preset, heading, team string
	}{
		{examples.Default, "The article&#39;s figures", "Systems for the team (6 of 30 members submitting, 7-day target)"},
		{"modern-2026", "The estimate, step by step", "members submitting"},
		{"vgg16-titan-x", "The estimate, step by step", "Systems for the team (1 of 4 members submitting, 14-day target)"},
		{"cifar10-cpu-vs-gpu", "The estimate, step by step", "Systems for a team of one (1-day target)"},
	} {
		html := Results(presetEstimate(t, tc.preset), "en")
		assert.Contains(t, html, `<h2 id="h-article">`+tc.heading+`</h2>`, tc.preset)
		assert.Contains(t, html, tc.team, tc.preset)
	}
	assert.Contains(t, Results(presetEstimate(t, "cifar10-cpu-vs-gpu"), "ja"), "1 人のチームに必要なシステム数（目標 1 日）")
}

// Cells gives the text of every value element, in order, in the reader's
// language: what the page puts in them when a value changes.
func TestCellsFollowTheElements(t *testing.T) {
	est := presetEstimate(t, examples.Default, estimator.Override{Path: "fleet.cars", Value: "300"})
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		html := Results(est, lang)
		cells := Cells(est, lang)
		require.Equal(t, strings.Count(html, "data-quantity="), len(cells), lang)
		assert.Equal(t, buttonTexts(html), escAll(cells), lang)
	}
	ja := Cells(est, "ja")
	assert.Contains(t, ja, "1.37 年", "Inception-v3 on one DGX-1 (Volta), 300 cars")
	assert.Contains(t, ja, "428", "the systems to buy")
}

// The sheet's texts are the value buttons' of the markup written from it, in
// order, for every preset, with and without money's ask for a percentile,
// and for the answer with its spread as well as without.
func TestSheetTextsAreTheButtons(t *testing.T) {
	for _, name := range quickloop.Examples() {
		ests := []*estimator.Estimate{presetEstimate(t, name)}
		if ests[0].Scenario.Money != nil {
			ests = append(ests, presetEstimate(t, name, estimator.Override{Path: "money.ask", Value: "p90"}))
		}
		for _, est := range ests {
			u := uncertainty(t, est)
			for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
				where := name + " " + string(lang)
				if m := est.Scenario.Money; m != nil && m.Ask != nil {
					where += " asking " + string(*m.Ask)
				}
				html := Results(est, lang)
				cells := Cells(est, lang)
				assert.Equal(t, strings.Count(html, "data-quantity="), len(cells), where)
				assert.Equal(t, buttonTexts(html), escAll(cells), where)
				for _, u := range []*estimator.Uncertainty{nil, u} {
					sh := newSheet(est, lang)
					sh.answerCells(u)
					assert.Equal(t, buttonTexts(Answer(est, u, lang)), escAll(sh.texts), "%s: answer, spread %t", where, u != nil)
				}
			}
		}
	}
}

// buttonTexts is the text of every value button in html, in order.
func buttonTexts(html string) []string {
	var texts []string
	for _, part := range strings.Split(html, `<button type="button" class="q`)[1:] {
		_, text, _ := strings.Cut(part, ">")
		text, _, _ = strings.Cut(text, "</button>")
		texts = append(texts, text)
	}
	return texts
}

func escAll(texts []string) []string {
	out := make([]string, len(texts))
	for i, s := range texts {
		out[i] = esc(s)
	}
	return out
}

// A point value set moves its range; the ranges group shows where it went.
func TestRangesShowAMovedRange(t *testing.T) {
	est := presetEstimate(t, examples.Default, estimator.Override{Path: "workloads[2].mb_per_s", Value: "38"})
	html := Ranges(est.Scenario, "en")
	assert.True(t, strings.HasPrefix(html, `<fieldset class="group" id="g-ranges">`), html[:60])
	assert.Contains(t, html, `name="workloads[2].mb_per_s.likely" data-kind="number" data-range-of="workloads[2].mb_per_s" data-part="likely" value="38"`)
	assert.Contains(t, html, "moved with the value set, keeping its relative spread")
	assert.Contains(t, Ranges(est.Scenario, "ja"), `value="38"`)
}

// A project's answer buys its job's whole systems: no rounding line, no
// article's rounding; its values still follow the elements.
func TestProjectAnswerRoundsNothing(t *testing.T) {
	est := presetEstimate(t, "llama-3-405b")
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		html := Results(est, lang)
		assert.NotContains(t, html, `class="rounding"`, lang)
		assert.Equal(t, strings.Count(html, "data-quantity="), len(Cells(est, lang)), lang)
	}
	assert.Contains(t, Results(presetEstimate(t, "modern-2026"), "en"), `class="rounding"`, "a team's count is rounded up")
}
