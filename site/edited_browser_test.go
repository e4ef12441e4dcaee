package site_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/numtext"
)

// Browser checks of issue 26, item 8: an edited scenario reads as edited.

// note is the text of the note under the field whose note has the dom id,
// "" when it has none.
func (p *page) note(id string) string {
	return run[string](p, fmt.Sprintf(`document.getElementById(%q)?.textContent ?? ''`, id))
}

// llama-3-405b's model edited to the 70B: the answer, the item's title and
// the note under the field follow the edit, and the input typed in keeps
// its focus; a number edited next loses its note.
func TestEditedModelReadsAsEdited(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/#preset=llama-3-405b")
	p.ready("body")
	const model, seq = "workloads[0].transformer.model", "workloads[0].transformer.seq"
	assert.Contains(t, p.note("s-workloads-0-transformer-model"), "Llama 3.1 405B: 126 layers")

	p.set("document", model, "llama-3.1-70b")
	set := estimator.Override{Path: model, Value: "llama-3.1-70b"}
	est := coreEstimate(t, "llama-3-405b", set)
	sameFigures(t, p.values("document"), est)
	q, _ := est.Get("team.llama-3-405b.systems_to_buy.dgx-h100")
	assert.Equal(t, fmt.Sprintf("Buy %s DGX H100 for Llama 3.1 70B.", numtext.Grouped(q.Value)), run[string](p, `document.querySelector('[data-role=answer] .ask').textContent`))
	assert.Equal(t, "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 70B)", p.note("s-workloads-0-transformer-model"))
	assert.Empty(t, run[[]string](p, `[...document.querySelectorAll('[data-role=form] .source')].map((s) => s.textContent).filter((t) => t.includes('405B'))`), "no note on the 405B")
	assert.Equal(t, []string{"Workload 1: Llama 3.1 70B", "Remove Workload 1: Llama 3.1 70B"},
		run[[]string](p, `(() => { const it = document.querySelector('#g-workloads fieldset.item'); return [it.querySelector('legend').textContent, it.querySelector('.item-remove').getAttribute('aria-label')]; })()`))
	assert.Equal(t, model, run[string](p, `document.activeElement.name`), "the input typed in keeps the focus")
	assert.Equal(t, "llama-3.1-70b", run[string](p, fmt.Sprintf(`document.querySelector('[name="%s"]').value`, model)))

	require.NotEmpty(t, p.note("s-workloads-0-transformer-seq"))
	p.set("document", seq, "4096")
	sameFigures(t, p.values("document"), coreEstimate(t, "llama-3-405b", set, estimator.Override{Path: seq, Value: "4096"}))
	assert.Empty(t, p.note("s-workloads-0-transformer-seq"), "an edited number loses the preset's note on it")
	assert.Equal(t, "e-workloads-0-transformer-seq", run[string](p, fmt.Sprintf(`document.querySelector('[name="%s"]').getAttribute('aria-describedby')`, seq)))

	// In Japanese, the form and the answer rendered anew say the same.
	p.pickLang("document", "ja")
	q, _ = coreEstimate(t, "llama-3-405b", set, estimator.Override{Path: seq, Value: "4096"}).Get("team.llama-3-405b.systems_to_buy.dgx-h100")
	assert.Equal(t, fmt.Sprintf("Llama 3.1 70B のために DGX H100 を %s 台購入します。", numtext.Grouped(q.Value)), run[string](p, `document.querySelector('[data-role=answer] .ask').textContent`))
	assert.Equal(t, "ワークロード 1: Llama 3.1 70B", run[string](p, `document.querySelector('#g-workloads fieldset.item > legend').textContent`))
	assert.Empty(t, p.note("s-workloads-0-transformer-seq"))
}

// The world model's chain reads step by step, and its values follow a change.
func TestWorldModelStepByStep(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/#preset=av-world-model-2026")
	p.ready("body")
	steps := `[...document.querySelectorAll('ol.steps > li')].map((li) => li.querySelector('.step').textContent + ': ' + [...li.querySelectorAll('button')].map((b) => b.textContent).join(' '))`
	assert.Equal(t, []string{
		"Video world model: parameters: 303.56 million",
		"Camera frames kept per year: 59.9 billion",
		"Tokens per kept frame: 196",
		"Training data, in tokens: 11.74 trillion",
		"Video world model: tokens of one training run: 23.48 trillion",
		"Video world model: training FLOPs of one run: 6.45e+22 FLOP",
		"Layout on DGX B200 (tensor × pipeline × data parallel): 1 1 128",
		"Video world model: one training run on one DGX B200 GPU: 2.31 years",
		"Layout on DGX H100 (tensor × pipeline × data parallel): 1 1 280",
		"Video world model: one training run on one DGX H100 GPU: 5.29 years",
	}, run[[]string](p, steps))
	// On a 390 px phone a layout reads on one line: "TP 1 × PP 1 × DP 128".
	p.viewport(390)
	tops := run[[]float64](p, `[...document.querySelectorAll('ol.steps .parallelism')[0].querySelectorAll('button')].map((b) => b.getBoundingClientRect().top)`)
	require.Len(t, tops, 3)
	assert.Equal(t, tops[0], tops[1])
	assert.Equal(t, tops[0], tops[2])
	p.set("document", "fleet.cars", "200")
	sameFigures(t, p.values("document"), coreEstimate(t, "av-world-model-2026", estimator.Override{Path: "fleet.cars", Value: "200"}))
	assert.Equal(t, "Camera frames kept per year: 119.81 billion", run[[]string](p, steps)[1])
}
