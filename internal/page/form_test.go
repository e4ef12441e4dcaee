package page

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func decodeExample(t *testing.T, name string) *estimator.Scenario {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok, name)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	return s
}

// button is one of the form's list buttons as the page's script finds it.
type button struct {
	group, action, list, index, label, text string
}

// listButtons finds every list button (Add, Remove) of a form with the
// group (fieldset id) it lies in; every button of the form must be no
// submit button.
func listButtons(t *testing.T, form string) []button {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(form), &html.Node{Type: html.ElementNode, Data: "form", DataAtom: atom.Form})
	require.NoError(t, err)
	attr := func(n *html.Node, key string) string {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val
			}
		}
		return ""
	}
	var out []button
	for _, top := range nodes {
		for n := range top.Descendants() {
			if n.DataAtom != atom.Button {
				continue
			}
			assert.Equal(t, "button", attr(n, "type"), "a button that would submit the form")
			if attr(n, "data-list") == "" {
				continue
			}
			b := button{group: attr(top, "id"), action: attr(n, "data-action"), list: attr(n, "data-list"), index: attr(n, "data-index"), label: attr(n, "aria-label")}
			if n.FirstChild != nil {
				b.text = n.FirstChild.Data
			}
			out = append(out, b)
		}
	}
	return out
}

func TestFormOffersAddAndRemoveForWorkloadsAndSystems(t *testing.T) {
	s := decodeExample(t, "modern-2026")
	for _, tc := range []struct {
		lang estimator.Lang
		want []button
	}{
		{"en", []button{
			{"g-workloads", "remove-item", "workloads", "0", "Remove Workload 1: ResNet-50 v1.5", "Remove"},
			{"g-workloads", "remove-item", "workloads", "1", "Remove Workload 2: Inception-v3", "Remove"},
			{"g-workloads", "remove-item", "workloads", "2", "Remove Workload 3: ViT-B/16", "Remove"},
			{"g-workloads", "add-item", "workloads", "", "", "Add workload"},
			{"g-systems", "remove-item", "systems", "0", "Remove System 1: DGX H100", "Remove"},
			{"g-systems", "remove-item", "systems", "1", "Remove System 2: DGX H200", "Remove"},
			{"g-systems", "remove-item", "systems", "2", "Remove System 3: DGX B200", "Remove"},
			{"g-systems", "add-item", "systems", "", "", "Add system"},
		}},
		{"ja", []button{
			{"g-workloads", "remove-item", "workloads", "0", "ワークロード 1: ResNet-50 v1.5 を削除", "削除"},
			{"g-workloads", "remove-item", "workloads", "1", "ワークロード 2: Inception-v3 を削除", "削除"},
			{"g-workloads", "remove-item", "workloads", "2", "ワークロード 3: ViT-B/16 を削除", "削除"},
			{"g-workloads", "add-item", "workloads", "", "", "ワークロードを追加"},
			{"g-systems", "remove-item", "systems", "0", "システム 1: DGX H100 を削除", "削除"},
			{"g-systems", "remove-item", "systems", "1", "システム 2: DGX H200 を削除", "削除"},
			{"g-systems", "remove-item", "systems", "2", "システム 3: DGX B200 を削除", "削除"},
			{"g-systems", "add-item", "systems", "", "", "システムを追加"},
		}},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			assert.Equal(t, tc.want, listButtons(t, Form(s, tc.lang)))
		})
	}
}

func TestFormListButtonsFollowTheirItems(t *testing.T) {
	s := decodeExample(t, examples.Default)
	form := Form(s, "en")
	// Remove opens its item, right after the legend; Add closes the group.
	assert.Contains(t, form, `<fieldset class="item"><legend>Workload 2: ResNet-50</legend><button type="button" class="item-remove" data-action="remove-item" data-list="workloads" data-index="1" aria-label="Remove Workload 2: ResNet-50">Remove</button><div class="field" data-field="workloads[1].id">`)
	assert.Contains(t, form, `</fieldset><button type="button" class="item-add" data-action="add-item" data-list="systems">Add system</button></fieldset>`)
	// An item labelled with markup stays text in the button's name too.
	s.Systems[0].Label = `"><b>x</b>`
	assert.Contains(t, Form(s, "en"), `aria-label="Remove System 1: &#34;&gt;&lt;b&gt;x&lt;/b&gt;"`)
}

func TestFormSensorsHaveNoListButtons(t *testing.T) {
	s := decodeExample(t, "realistic-2017")
	require.NotEmpty(t, s.Fleet.Sensors)
	for _, b := range listButtons(t, Form(s, "en")) {
		assert.Contains(t, []string{"workloads", "systems"}, b.list, "%+v", b)
	}
	assert.Contains(t, Form(s, "en"), `<fieldset class="item"><legend>Sensor 1: `)
}

func TestItemAndObjectsOfAPath(t *testing.T) {
	for _, tc := range []struct {
		path, item string
		objects    []string
	}{
		{"fleet.cars", "", nil},
		{"workloads[1].mb_per_s", "workloads[1]", nil},
		{"fleet.sensors[0].fps", "fleet.sensors[0]", nil},
		{"workloads[0].transformer.model", "workloads[0]", []string{"workloads[0].transformer"}},
		{"workloads[2].transformer.shape.experts", "workloads[2]", []string{"workloads[2].transformer", "workloads[2].transformer.shape"}},
	} {
		item := itemOf(tc.path)
		assert.Equal(t, tc.item, item, tc.path)
		assert.Equal(t, tc.objects, objectsOf(tc.path, item), tc.path)
	}
}

func TestFormNestsATransformerWorkload(t *testing.T) {
	s := decodeExample(t, "llama-3-405b")
	for _, tc := range []struct {
		lang estimator.Lang
		want []string // in this order
	}{
		{"en", []string{
			`<fieldset class="item"><legend>Workload 1: Llama 3.1 405B</legend><button type="button" class="item-remove"`,
			`<fieldset class="sub" id="g-workloads-0-transformer"><legend>Transformer</legend><div class="field" data-field="workloads[0].transformer.model"><label for="f-workloads-0-transformer-model">Transformer model</label>`,
			// It offers the transformer catalog's ids, not the networks'.
			`list="dl-transformers"`,
			`value="llama-3.1-405b"`,
			// The model comes from the catalog: no shape of its own, a closed box.
			`<details class="sub absent" id="g-workloads-0-transformer-shape"><summary>Shape <span class="hint">(not in this scenario; setting a field adds the section)</span></summary><div class="field" data-field="workloads[0].transformer.shape.layers">`,
			// Or from a config.json pasted or opened, which replaces the catalog model and the shape.
			`</div></details><div class="field object" data-field="workloads[0].transformer.config"><label for="f-workloads-0-transformer-config">Hugging Face config.json <span class="unit">(JSON object)</span></label>`,
			`<textarea id="f-workloads-0-transformer-config" name="workloads[0].transformer.config" data-kind="object" data-optional="" data-replaces="workloads[0].transformer.model workloads[0].transformer.shape"`,
			`placeholder="Paste a model&#39;s config.json here, or open the file"></textarea>`,
			`<button type="button" class="file-open" data-action="open-file" data-for="f-workloads-0-transformer-config">Open config.json…</button><input type="file" accept="application/json,.json" hidden tabindex="-1" data-loads="f-workloads-0-transformer-config">`,
			`<div class="field" data-field="workloads[0].transformer.seq">`,
			`value="8192"`,
			`<details class="sub absent" id="g-workloads-0-transformer-layout"><summary>Layout (parallelism) `,
			`</div></details></fieldset></fieldset><button type="button" class="item-add" data-action="add-item" data-list="workloads">Add workload</button>`,
		}},
		{"ja", []string{
			`<legend>Transformer</legend>`,
			`<summary>形状 <span class="hint">`,
			`<label for="f-workloads-0-transformer-config">Hugging Face の config.json <span class="unit">(JSON オブジェクト)</span></label>`,
			`placeholder="モデルの config.json をここに貼り付けるか、ファイルを開いてください"`,
			`>config.json を開く…</button>`,
			`<summary>並列化の配置 <span class="hint">`,
			`ワークロードを追加`,
		}},
	} {
		form := Form(s, tc.lang)
		at := 0
		for _, w := range tc.want {
			i := strings.Index(form[at:], w)
			if !assert.GreaterOrEqual(t, i, 0, "%s: %s (after byte %d)", tc.lang, w, at) {
				break
			}
			at += i + len(w)
		}
	}
}

func TestFormShowsTheTokensGroup(t *testing.T) {
	s := decodeExample(t, examples.Default)
	form := Form(s, "ja")
	assert.Contains(t, form, `<details class="group absent" id="g-tokens"><summary>トークン（動画 Transformer）`)
	assert.Contains(t, form, `name="tokens.patch"`)
	// A CNN workload's transformer is offered closed, as an absent section.
	assert.Contains(t, Form(s, "en"), `<details class="sub absent" id="g-workloads-0-transformer"><summary>Transformer <span class="hint">`)
}

func TestFormOffersEveryInputOfEveryExample(t *testing.T) {
	for _, name := range examples.Names() {
		s := decodeExample(t, name)
		form := Form(s, "en")
		for _, in := range estimator.Inputs(s) {
			if !strings.ContainsAny(in.Path, ".[") && !general(in.Path) {
				continue // the schema is not for editing
			}
			assert.Contains(t, form, ` name="`+esc(in.Path)+`"`, "%s: %s", name, in.Path)
		}
		assert.Equal(t, strings.Count(form, "<fieldset"), strings.Count(form, "</fieldset>"), name)
		assert.Equal(t, strings.Count(form, "<details"), strings.Count(form, "</details>"), name)
	}
}

// A range a point value moved says so in the reader's language; the
// scenario's own reason stays as it was written.
func TestFormSaysAMovedRangeMoved(t *testing.T) {
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "workloads[2].mb_per_s", Value: "38"})
	require.NoError(t, err)
	why := "throughputs from benchmarks; published runs of the same network differ by about 15%; "
	assert.Contains(t, Form(s, "en"), `<small class="source">`+why+`moved with the value set, keeping its relative spread</small>`)
	assert.Contains(t, Form(s, "ja"), `<small class="source">`+why+`設定値に合わせて相対的な幅を保ったまま移動</small>`)
	assert.Contains(t, Form(s, "ja"), `value="32.3"`)
}

// The transformer picker lists the catalog by family, each option labelled
// with its family and name; every family's models sit together.
func TestTransformerPickerByFamily(t *testing.T) {
	out := Datalists()
	i := strings.Index(out, `<datalist id="dl-transformers">`)
	require.GreaterOrEqual(t, i, 0)
	list := out[i : i+strings.Index(out[i:], `</datalist>`)]
	assert.Contains(t, list, `<option value="qwen3-8b" label="Qwen: Qwen3 8B">`)
	assert.Contains(t, list, `<option value="llama-3.1-70b" label="Llama: Llama 3.1 70B">`)
	var families []string
	for _, m := range regexp.MustCompile(`label="([^:]+):`).FindAllStringSubmatch(list, -1) {
		if len(families) == 0 || families[len(families)-1] != m[1] {
			assert.NotContains(t, families, m[1], "the %s models sit together", m[1])
			families = append(families, m[1])
		}
	}
	assert.GreaterOrEqual(t, len(families), 15)
}

// A scenario's config shows as its JSON, indented and in key order, in the
// config's box; the catalog model it replaced shows empty, and each of the
// two says what giving it clears.
func TestFormShowsAConfig(t *testing.T) {
	data, _ := examples.Read("llama-3-405b")
	s, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "workloads[0].transformer.model", Value: "null"},
		estimator.Override{Path: "workloads[0].transformer.config", Value: `{"num_hidden_layers": 24, "model_type": "qwen2", "hidden_size": 896, "num_attention_heads": 14,
			"num_key_value_heads": 2, "intermediate_size": 4864, "vocab_size": 151936, "tie_word_embeddings": true, "max_position_embeddings": 32768, "note": "<b>"}`})
	require.NoError(t, err)
	form := Form(s, "en")
	for _, want := range []string{
		`name="workloads[0].transformer.config" data-kind="object" data-optional="" data-replaces="workloads[0].transformer.model workloads[0].transformer.shape"`,
		`placeholder="Paste a model&#39;s config.json here, or open the file">{
  &#34;hidden_size&#34;: 896,
  &#34;intermediate_size&#34;: 4864,
  &#34;max_position_embeddings&#34;: 32768,
  &#34;model_type&#34;: &#34;qwen2&#34;,
  &#34;note&#34;: &#34;\u003cb\u003e&#34;,
  &#34;num_attention_heads&#34;: 14,`,
		`name="workloads[0].transformer.model" data-kind="string" data-optional="" data-replaces="workloads[0].transformer.shape workloads[0].transformer.config"`,
		`list="dl-transformers" placeholder="the shape or a config.json gives the model" value="">`,
	} {
		assert.True(t, strings.Contains(form, want), want)
	}
	assert.Contains(t, form, `<legend>Workload 1: llama-3-405b</legend>`, "no catalog model names it: its id does")
}
