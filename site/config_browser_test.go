package site_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

// Browser checks of issue 27: a transformer workload's model from a
// config.json pasted into its box, or opened from a file.

// qwenConfig is Qwen2.5-0.5B's config.json as published.
const qwenConfig = `{
  "architectures": ["Qwen2ForCausalLM"],
  "hidden_act": "silu",
  "hidden_size": 896,
  "intermediate_size": 4864,
  "max_position_embeddings": 32768,
  "model_type": "qwen2",
  "num_attention_heads": 14,
  "num_hidden_layers": 24,
  "num_key_value_heads": 2,
  "tie_word_embeddings": true,
  "vocab_size": 151936
}`

// fieldState is an input's value, whether it is marked invalid, and the text
// of its error slot.
func (p *page) fieldState(path string) [3]string {
	return run[[3]string](p, fmt.Sprintf(`(() => { const el = document.querySelector('[name="' + CSS.escape(%q) + '"]'); const e = el.closest('.field').querySelector('.error');
  return [el.value, String(el.getAttribute('aria-invalid')), e.hidden ? '' : e.textContent]; })()`, path))
}

// steps is the transformer chain as the page shows it, a line per step.
func (p *page) steps() []string {
	return run[[]string](p, `[...document.querySelectorAll('ol.steps > li')].map((li) => li.querySelector('.step').textContent + ': ' + [...li.querySelectorAll('button')].map((b) => b.textContent).join(' '))`)
}

// A config.json pasted into llama-3-405b's workload replaces the catalog
// model: the figures are the core's for that config, the parameters show
// first in the workload's chain, the model field empties. Broken JSON and an
// unknown model_type show the core's error by the field, in English and in
// Japanese, and the figures stay. A file opened reads as pasted.
// CONFIG_SHOTS=dir keeps screenshots of the workload's box before and after
// the paste, and of its chain, at 390 and 1280 px in both languages.
func TestPastedConfigJSON(t *testing.T) {
	t.Parallel()
	p := open(t)
	const model, config = "workloads[0].transformer.model", "workloads[0].transformer.config"
	byConfig := []estimator.Override{{Path: model, Value: "null"}, {Path: config, Value: qwenConfig}}
	shots := os.Getenv("CONFIG_SHOTS")
	shoot := func(name, selector string) {
		if shots == "" {
			return
		}
		// The charts draw as they come near the screen and move what is
		// below them; and a box off the screen is not laid out
		// (content-visibility: auto). Both first.
		p.charted("document")
		run[bool](p, fmt.Sprintf(`(async () => { document.querySelector(%q).scrollIntoView(); await new Promise((r) => setTimeout(r, 300)); await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return true; })()`, selector))
		// The element alone, or the screen it is scrolled to where Chromium
		// paints an element's shot blank (the chain on a phone).
		png, err := chromedp.Run(p.ctx, chromedp.Screenshot(chromedp.CSS(selector)))
		if len(png) < 4096 {
			png, err = chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		}
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(shots, name+".png"), png, 0o644))
	}
	for _, tc := range []struct {
		lang  string
		width int64
	}{{"en", 1280}, {"ja", 390}, {"en", 390}, {"ja", 1280}} {
		p.viewport(tc.width)
		// A page of its own each time: the last one's edits are in its link.
		require.NoError(t, chromedp.Do(p.ctx, chromedp.Navigate("about:blank")))
		p.goTo("/#preset=llama-3-405b&lang=" + tc.lang)
		p.ready("body")
		shot := fmt.Sprintf("config-%s-%d", tc.lang, tc.width)
		assert.Equal(t, [3]string{"", "null", ""}, p.fieldState(config))
		assert.Equal(t, "llama-3.1-405b", p.fieldState(model)[0])
		shoot(shot+"-empty", "#g-workloads-0-transformer")

		p.set("document", config, qwenConfig)
		est := coreEstimate(t, "llama-3-405b", byConfig...)
		sameFigures(t, p.values("document"), est)
		params, _ := est.Get("train.llama-3-405b.params")
		assert.InDelta(t, 0.49e9, params.Value, 0.005e9, "Qwen2.5-0.5B")
		assert.Equal(t, [3]string{"", "null", ""}, p.fieldState(model), "the config replaced the catalog model")
		words := map[string][2]string{
			"en": {"llama-3-405b: parameters: 493.96 million", "Workload 1: llama-3-405b"},
			"ja": {"llama-3-405b: パラメータ数: 4.94 億", "ワークロード 1: llama-3-405b"},
		}[tc.lang]
		assert.Equal(t, words[0], p.steps()[0])
		assert.Equal(t, words[1], run[string](p, `document.querySelector('#g-workloads fieldset.item > legend').textContent`))
		shoot(shot+"-pasted", "#g-workloads-0-transformer")
		shoot(shot+"-steps", "ol.steps")

		// What is not a config the core reads is said by the field; the figures stay.
		before := p.values("document")
		for _, bad := range []struct{ text, en, ja string }{
			{`{"model_type": "qwen2",`, "must be an object: invalid JSON at line 1, column 24: unexpected end of input",
				"オブジェクトにしてください: JSON として正しくありません（1 行 24 列）: 入力が途中で終わっています"},
			{`{"model_type": "bert"}`, "model_type: unknown model_type (known: ", "model_type: "},
		} {
			p.set("document", config, bad.text)
			got := p.fieldState(config)
			assert.Equal(t, "true", got[1], bad.text)
			assert.True(t, strings.HasPrefix(got[2], map[string]string{"en": bad.en, "ja": bad.ja}[tc.lang]), "%s: %q", bad.text, got[2])
			assert.Equal(t, before, p.values("document"), "the last valid figures stay")
			if bad.text == `{"model_type": "qwen2",` {
				shoot(shot+"-error", "#g-workloads-0-transformer")
			}
		}
	}

	// A file opened reads as if pasted: here a Qwen of half the layers.
	half := strings.Replace(qwenConfig, `"num_hidden_layers": 24`, `"num_hidden_layers": 12`, 1)
	file := filepath.Join(t.TempDir(), "config.json")
	require.NoError(t, os.WriteFile(file, []byte(half), 0o644))
	require.NoError(t, chromedp.Do(p.ctx, chromedp.Navigate("about:blank")))
	p.goTo("/#preset=llama-3-405b&lang=en")
	p.ready("body")
	assert.Equal(t, "Open config.json…", run[string](p, `document.querySelector('button[data-action=open-file]').textContent`))
	_, err := chromedp.Run(p.ctx, chromedp.SetUploadFiles(chromedp.CSS(`input[data-loads="f-workloads-0-transformer-config"]`), []string{file}))
	require.NoError(t, err)
	_, err = chromedp.Run(p.ctx, chromedp.Poll[bool](`document.querySelector('[name="workloads[0].transformer.config"]').value.includes('"num_hidden_layers": 12')`))
	require.NoError(t, err)
	p.idle("document")
	sameFigures(t, p.values("document"), coreEstimate(t, "llama-3-405b", estimator.Override{Path: model, Value: "null"}, estimator.Override{Path: config, Value: half}))
	assert.Equal(t, "", p.fieldState(model)[0])
}
