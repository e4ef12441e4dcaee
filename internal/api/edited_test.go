package api

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/page"
)

// noteRE finds the notes under the fields of a rendered form, by dom id.
var noteRE = regexp.MustCompile(`<small class="source" id="s-([^"]+)">([^<]*)</small>`)

// Issue 26, item 8, as the page asks it: llama-3-405b with its model
// edited to the 70B answers for the 70B, names it in the form, and shows the
// catalog's note under the model, not the preset's on the 405B. A number
// edited next, on the kept calculation's fast path, loses its note as the
// full path drops it.
func TestEditedModelReadsAsEditedOnThePage(t *testing.T) {
	t.Parallel()
	a := New(nil, page.Render)
	request := func(set string) []byte {
		return []byte(`{"preset":"llama-3-405b","compact":true,"render":["form","results"],"set":[` + set + `]}`)
	}
	ask := func(set string) EstimateResponse {
		t.Helper()
		var res EstimateResponse
		require.NoError(t, json.Unmarshal(a.Call("estimate", request(set)), &res))
		require.NotEmpty(t, res.Form, set)
		return res
	}
	notes := func(form string) map[string]string {
		out := map[string]string{}
		for _, m := range noteRE.FindAllStringSubmatch(form, -1) {
			out[m[1]] = m[2]
		}
		return out
	}

	res := ask(``)
	assert.Contains(t, res.Results, `DGX H100 for Llama 3.1 405B.</p>`)
	assert.Contains(t, notes(res.Form)["workloads-0-transformer-model"], "Llama 3.1 405B: 126 layers")

	const model = `"workloads[0].transformer.model=llama-3.1-70b"`
	res = ask(model)
	assert.Regexp(t, `<p class="ask">Buy <strong><button [^>]*data-quantity="team.llama-3-405b.systems_to_buy.dgx-h100"[^>]*>[\d,]+</button></strong> DGX H100 for Llama 3.1 70B.</p>`, res.Results)
	assert.Contains(t, res.Form, `<legend>Workload 1: Llama 3.1 70B</legend>`)
	edited := notes(res.Form)
	assert.Equal(t, "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 70B)", edited["workloads-0-transformer-model"])
	for id, note := range edited {
		assert.NotContains(t, note, "405B", id)
	}
	assert.Contains(t, edited, "workloads-0-transformer-seq", "a field not edited keeps its note")

	// The next keystroke, a number: the kept calculation takes it in place,
	// and answers as a fresh decode does.
	kept := a.last.calc
	seq := model + `,"workloads[0].transformer.seq=4096"`
	got := a.Call("estimate", request(seq))
	assert.Same(t, kept, a.last.calc, "the fast path")
	assert.Equal(t, string(New(nil, page.Render).Call("estimate", request(seq))), string(got))
	var res2 EstimateResponse
	require.NoError(t, json.Unmarshal(got, &res2))
	assert.NotContains(t, notes(res2.Form), "workloads-0-transformer-seq")
}
