package page

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// estimateWith is the default scenario's estimate with overrides applied.
func estimateWith(t *testing.T, overrides ...estimator.Override) *estimator.Estimate {
	t.Helper()
	return presetEstimate(t, examples.Default, overrides...)
}

// An input a caption quotes changes the layout, so the page renders the
// captions again; an input only values depend on does not.
func TestLayoutFollowsCaptions(t *testing.T) {
	base := Layout(estimateWith(t))
	assert.Equal(t, base, Layout(estimateWith(t, estimator.Override{Path: "fleet.cars", Value: "300"})), "values only")
	for _, o := range []estimator.Override{
		{Path: "training.epochs", Value: "60"},
		{Path: "team.members", Value: "40"},
		{Path: "team.concurrent_jobs", Value: "7"},
		{Path: "team.target_days", Value: "5"},
		{Path: "workloads[0].label", Value: "Mine"},
	} {
		est := estimateWith(t, o)
		assert.NotEqual(t, base, Layout(est), o.Path)
	}
	html := Results(estimateWith(t, estimator.Override{Path: "training.epochs", Value: "60"}, estimator.Override{Path: "team.target_days", Value: "5"}), "en")
	assert.Contains(t, html, "One training run (60 epochs)")
	assert.Contains(t, Results(estimateWith(t, estimator.Override{Path: "training.epochs", Value: "1"}), "en"), "One training run (one epoch)")
	assert.Contains(t, html, "5-day target)")
}

// Each column of the run-time table reads in one unit (issue 13, item 14):
// the article's one-system column had "0.46 years" beside "21 days".
func TestOneUnitPerColumn(t *testing.T) {
	est := estimateWith(t)
	html := Results(est, "en")
	start := strings.Index(html, "<caption>One training run")
	table := html[start : start+strings.Index(html[start:], "</table>")]
	var gpu, one []string
	for _, row := range strings.Split(table, "<tr>")[2:] {
		cells := strings.Split(row, "</button>")
		gpu = append(gpu, cells[0][strings.LastIndex(cells[0], ">")+1:])
		one = append(one, cells[1][strings.LastIndex(cells[1], ">")+1:])
	}
	require.Len(t, one, 6)
	// The article's 9.1 years for Inception-v3 on one P100, 0.14 years for
	// AlexNet on a DGX-1; AlexNet on a Volta DGX-1 was "21 days".
	assert.Equal(t, []string{"1.15 years", "0.46 years", "6.18 years", "2.47 years", "9.1 years", "3.64 years"}, gpu)
	assert.Equal(t, []string{"0.14 years", "0.058 years", "0.77 years", "0.31 years", "1.14 years", "0.46 years"}, one)
	assert.Contains(t, Results(est, "ja"), ">0.058 年</button>")
}

// shownStep is a step of a transformer's chain as the page shows it.
type shownStep struct {
	ids, texts []string
	system     string // the one it is on, if any
}

func shownSteps(st steps) []shownStep {
	var out []shownStep
	for _, s := range st.list {
		var sh shownStep
		for _, c := range s.cells {
			sh.ids, sh.texts = append(sh.ids, c.q.ID), append(sh.texts, c.text)
		}
		sh.system = s.system
		out = append(out, sh)
	}
	return out
}

// Issue 26, item 8: the world model's chain, which is the point of that
// scenario, reads step by step: the model's parameters, frames kept, tokens per frame, a run's
// tokens and FLOPs, and on each system the layout and one run's GPU time.
func TestWorldModelStepByStep(t *testing.T) {
	est := presetEstimate(t, "av-world-model-2026")
	sh := resultsSheet(est, "en")
	require.Len(t, sh.steps, 1)
	assert.Equal(t, "Video world model", sh.steps[0].name)
	assert.Equal(t, []shownStep{
		{ids: []string{"train.world-model.params"}, texts: []string{"303.56 million"}},
		{ids: []string{"data.frames"}, texts: []string{"59.9 billion"}},
		{ids: []string{"data.tokens_per_frame"}, texts: []string{"196"}},
		{ids: []string{"data.tokens"}, texts: []string{"11.74 trillion"}},
		{ids: []string{"train.world-model.tokens"}, texts: []string{"23.48 trillion"}},
		{ids: []string{"train.world-model.flops"}, texts: []string{"6.45e+22 FLOP"}},
		{ids: []string{"train.world-model.tp.dgx-b200", "train.world-model.pp.dgx-b200", "train.world-model.dp.dgx-b200"}, texts: []string{"1", "1", "128"}, system: "DGX B200"},
		{ids: []string{"train.world-model.gpu_time.dgx-b200"}, texts: []string{"2.31 years"}, system: "DGX B200"},
		{ids: []string{"train.world-model.tp.dgx-h100", "train.world-model.pp.dgx-h100", "train.world-model.dp.dgx-h100"}, texts: []string{"1", "1", "280"}, system: "DGX H100"},
		{ids: []string{"train.world-model.gpu_time.dgx-h100"}, texts: []string{"5.29 years"}, system: "DGX H100"},
	}, shownSteps(sh.steps[0]))

	// The values are the scenario's arithmetic: 100 cars x 8 hours x 260
	// days x 10 kept frames a second x 8 cameras; (448/16) x (224/16) / 2
	// tokens a frame; 2 epochs of them; the FLOPs of each token; whole
	// DGX systems, 8 GPUs each, of data-parallel replicas.
	frames := 100 * 8 * 260 * 3600 * 10 * 8.0
	value := func(id string) float64 {
		q, ok := est.Get(id)
		require.True(t, ok, id)
		return q.Value
	}
	assert.Equal(t, frames, value("data.frames"))
	assert.Equal(t, 196.0, value("data.tokens_per_frame"))
	assert.Equal(t, 196*frames, value("data.tokens"))
	assert.Equal(t, 2*196*frames, value("train.world-model.tokens"))
	assert.InEpsilon(t, 2*196*frames*value("train.world-model.flops_per_token"), value("train.world-model.flops"), 1e-12)
	assert.Equal(t, 16*8.0, value("train.world-model.dp.dgx-b200"))
	assert.Equal(t, 35*8.0, value("train.world-model.dp.dgx-h100"))
	assert.InEpsilon(t, value("train.world-model.tokens")/value("train.world-model.tokens_per_s.dgx-b200"), value("train.world-model.gpu_time.dgx-b200"), 1e-12)

	html := Results(est, "en")
	for _, want := range []string{
		`<h3>Video world model: from the data to the GPU time</h3><ol class="steps"><li><span class="step">Video world model: parameters</span> <button type="button" class="q" data-quantity="train.world-model.params"`,
		`<code class="formula">embeddings + layers x (attention + feed-forward), every expert counted, of workloads[0].transformer.model</code></li><li><span class="step">Camera frames kept per year</span> <button type="button" class="q" data-quantity="data.frames"`,
		`<code class="formula">data.frames * data.tokens_per_frame</code>`,
		`<code class="formula">training.epochs * data.tokens</code>`,
		`<span class="step">Layout on DGX B200 (tensor × pipeline × data parallel)</span> <span class="parallelism">TP <button type="button" class="q" data-quantity="train.world-model.tp.dgx-b200"`,
		`<code class="formula">train.world-model.tokens / train.world-model.tokens_per_s.dgx-b200</code></li>`,
	} {
		assert.Contains(t, html, want)
	}
	assert.Contains(t, Results(est, "ja"), `<h3>Video world model: データから GPU 時間まで</h3>`)
}

// A project's chain ends in the GPU-hours of its runs, failures included,
// after one run's time on one GPU; a run given its tokens starts from them.
func TestProjectStepByStep(t *testing.T) {
	data, err := os.ReadFile("../../testdata/project/llama-70b-90-days.json")
	require.NoError(t, err)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	sh := resultsSheet(est, "en")
	require.Len(t, sh.steps, 1)
	var ids, texts []string
	for _, st := range shownSteps(sh.steps[0]) {
		ids, texts = append(ids, st.ids[0]), append(texts, st.texts[0])
	}
	assert.Equal(t, []string{"train.llama-70b.params", "train.llama-70b.tokens", "train.llama-70b.flops", "train.llama-70b.tp.dgx-h100",
		"train.llama-70b.gpu_time.dgx-h100", "project.llama-70b.gpu_hours.dgx-h100"}, ids)
	assert.Equal(t, []string{"70.55 billion", "15 trillion", "6.74e+24 FLOP", "4", "453.06 years", "4.18 million"}, texts)
	assert.Equal(t, "Llama 3.1 70B", sh.steps[0].name)
	assert.Empty(t, resultsSheet(presetEstimate(t, "modern-2026"), "en").steps, "no transformer, no steps")
}

// A mixture of experts shows the parameters a token passes through beside
// its total; a config.json model names its parameters as any other does.
func TestStepsShowAModelsParameters(t *testing.T) {
	data, _ := examples.Read("llama-3-405b")
	for _, tc := range []struct {
		set   []estimator.Override
		texts []string
	}{
		{[]estimator.Override{{Path: "workloads[0].transformer.model", Value: `"deepseek-v3"`}}, []string{"671.03 billion", "37.55 billion"}},
		{[]estimator.Override{{Path: "workloads[0].transformer.model", Value: "null"}, {Path: "workloads[0].transformer.config",
			Value: `{"model_type": "qwen2", "hidden_size": 896, "num_hidden_layers": 24, "num_attention_heads": 14, "num_key_value_heads": 2,
				"intermediate_size": 4864, "vocab_size": 151936, "tie_word_embeddings": true, "max_position_embeddings": 32768}`}}, []string{"493.96 million", "15.6 trillion"}},
	} {
		s, err := estimator.Decode(bytes.NewReader(data), tc.set...)
		require.NoError(t, err)
		est, err := estimator.Run(s)
		require.NoError(t, err)
		steps := shownSteps(resultsSheet(est, "en").steps[0])
		require.GreaterOrEqual(t, len(steps), 2)
		assert.Equal(t, tc.texts, []string{steps[0].texts[0], steps[1].texts[0]})
		assert.Equal(t, "train.llama-3-405b.params", steps[0].ids[0])
	}
}

// A whole run's figures carry their model-error range (estimator's P10 and
// P90 of model_error.whole_run) beside the value, in the value's display and
// the reader's language, and each block that shows one says once what the
// ranges are; a range the scenario fixes (a factor given) goes, and the
// layout with it, as the value elements are fewer.
func TestWholeRunRangesBesideTheFigures(t *testing.T) {
	est := presetEstimate(t, "llama-3-405b")
	for _, tc := range []struct {
		lang estimator.Lang
		want map[string][2]string // id: value, range
	}{
		{"en", map[string][2]string{
			"cost.own":  {"USD 70,532,848", "(USD 70,212,637–USD 126,987,287)"},
			"cost.rent": {"USD 89,817,069", "(USD 89,409,449–USD 161,682,196)"},
			"project.llama-3-405b.gpu_hours.dgx-h100": {"29.93 million", "(29.79 million–53.88 million)"},
			"project.llama-3-405b.run_time.dgx-h100":  {"76.1 days", "(75.8 days–137 days)"},
			"energy.project":                          {"39.69 GWh", "(39.51 GWh–71.45 GWh)"},
		}},
		{"ja", map[string][2]string{
			"cost.own": {"USD 70,532,848", "(USD 70,212,637–USD 126,987,287)"},
			"project.llama-3-405b.gpu_hours.dgx-h100": {"2,992.9 万", "(2,979.3 万–5,388.4 万)"},
			"project.llama-3-405b.run_time.dgx-h100":  {"76.1 日", "(75.8 日–137 日)"},
		}},
	} {
		html := Results(est, tc.lang)
		for id, w := range tc.want {
			assert.Regexp(t, `<button type="button" class="q" `+valueRE(id, w[0])+` <button type="button" class="q band" `+valueRE(id, w[1]), html, tc.lang)
		}
		note := `<p class="note whole-run">` + esc(estimator.WholeRunNote().In(tc.lang)) + `</p>`
		assert.Equal(t, 3, strings.Count(html, note), "%s: once in the answer, the chain and every quantity", tc.lang)
		assert.Contains(t, html, `</dl>`+note+`<p class="spread-note"`, "%s: under the answer's figures", tc.lang)
	}
	// The planner's choice, text rather than value elements, shows them too.
	lead, err := Lead(est, "why", "option", "label", 90, "en")
	require.NoError(t, err)
	assert.Contains(t, lead, `<dd>USD 70,532,848 <span class="band">(USD 70,212,637–USD 126,987,287)</span></dd>`)
	assert.False(t, banded(estimator.Quantity{Value: 2048, P10: 2048, P90: 2048}), "a count the range does not move shows none")

	fixed := presetEstimate(t, "llama-3-405b", estimator.Override{Path: "model_error.whole_run", Value: "1.2"})
	html := Results(fixed, "en")
	assert.NotContains(t, html, `class="q band"`)
	assert.NotContains(t, html, `whole-run`)
	assert.NotEqual(t, Layout(est), Layout(fixed), "the range's elements are gone: the page renders again")
	assert.NotContains(t, Results(presetEstimate(t, examples.Default), "en"), `class="q band"`, "the article's scenario models no whole run")
}

// The results in their two places: the answer, which the page puts above
// its form, then the chain and every quantity in the box the page updates;
// together they are Results, and their value elements Cells' in order.
func TestResultsApart(t *testing.T) {
	for _, preset := range []string{examples.Default, "modern-2026"} {
		est := presetEstimate(t, preset)
		answer, rest := ResultsApart(est, "ja")
		assert.Equal(t, Results(est, "ja"), answer+rest, preset)
		assert.True(t, strings.HasPrefix(answer, `<section class="answer" data-role="answer"`), preset)
		assert.True(t, strings.HasSuffix(answer, `</section>`), preset)
		assert.True(t, strings.HasPrefix(rest, `<div class="results" data-layout="`+Layout(est)+`">`), preset)
		assert.NotContains(t, rest, `data-role="answer"`, preset)
		assert.Equal(t, Answer(est, nil, "ja"), answer, "the answer the charts' run replaces")
		assert.Equal(t, len(Cells(est, "ja")), strings.Count(answer+rest, `data-quantity=`), preset)
	}
}
