package site_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// bareHost serves, from an origin of its own, a page with no stylesheet and
// a strict CSP that names the site only where the element needs it: its
// script, its fetches (markup, stylesheet, wasm) and WebAssembly; style-src
// stays 'self', as on a host page that never heard of the site's styles.
func bareHost(t *testing.T, site string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self' "+site+" 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self' "+site+
			"; img-src 'self' data: blob:; font-src 'self'; object-src 'none'; base-uri 'none'")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Our plan</title>`+
			`<script type="module" src="%s/embed.js"></script></head><body><h1>Our plan</h1><trainscale-estimator preset="%s"></trainscale-estimator></body></html>`, site, examples.Default)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// looks is what a reader sees of a field: its input's border, its error's
// colour (after a bad value) and the font, read in root.
type looks struct {
	InputBorder, ErrorColor, ErrorShown, Font, LineHeight string
}

const looksJS = `(() => {
  const root = %s;
  const input = root.querySelector('[name="fleet.cars"]');
  const field = input.closest('.field'), error = field.querySelector('.error'), label = field.querySelector('label');
  const s = getComputedStyle(input), e = getComputedStyle(error), l = getComputedStyle(label);
  return {InputBorder: [s.borderTopWidth, s.borderTopStyle, s.borderTopColor].join(' '), ErrorColor: e.color,
    ErrorShown: error.hidden ? '' : error.textContent, Font: l.fontFamily, LineHeight: l.lineHeight};
})()`

// The element looks as the site's own page does on a bare page from another
// origin under a strict CSP (before, its <link> was refused: inputs without
// borders, black error text, the browser's serif font).
func TestEmbedKeepsItsStylingOnABareHostPage(t *testing.T) {
	t.Parallel()
	p := open(t) // fails on any CSP violation the console reports
	const shadow = `document.querySelector('trainscale-estimator').shadowRoot`
	p.goTo("/")
	p.ready("body")
	p.set("document", "fleet.cars", "-5")
	site := run[looks](p, fmt.Sprintf(looksJS, "document"))
	require.NotEmpty(t, site.ErrorShown)

	p.viewport(390)
	require.NoError(t, chromedp.Do(p.ctx, chromedp.Navigate(bareHost(t, p.base))))
	p.ready("trainscale-estimator")
	sameFigures(t, p.values(shadow), coreEstimate(t, examples.Default))
	p.set(shadow, "fleet.cars", "-5")
	got := run[looks](p, fmt.Sprintf(looksJS, shadow))
	assert.Equal(t, site, got)
	assert.Equal(t, "1px solid rgb(180, 35, 24)", got.InputBorder, "the site's border of a field in error")
	assert.Equal(t, "rgb(180, 35, 24)", got.ErrorColor, "the site's error colour")
	assert.Contains(t, got.Font, "system-ui")

	assert.Equal(t, "block", run[string](p, `getComputedStyle(document.querySelector('trainscale-estimator')).display`), "a block, though the host page says nothing")

	// On a phone it is one column and no wider than the window.
	p.charted(shadow)
	fits := run[layout](p, fmt.Sprintf(layoutJS, shadow))
	assert.LessOrEqual(t, fits.ScrollWidth, fits.InnerWidth)
	assert.Empty(t, fits.OverlapAt)
	assert.Empty(t, fits.Cut)
	assert.True(t, run[bool](p, fmt.Sprintf(`%s.querySelector('form.inputs').getBoundingClientRect().bottom <= %[1]s.querySelector('.outputs').getBoundingClientRect().top`, shadow)))

	// Its language reaches its host, so the Japanese line breaking applies inside.
	p.set(shadow, "fleet.cars", "250")
	p.pickLang(shadow, "ja")
	assert.Equal(t, "ja", run[string](p, `document.querySelector('trainscale-estimator').lang`))
	assert.Equal(t, "strict", run[string](p, fmt.Sprintf(`getComputedStyle(%s.querySelector('[data-role=status]')).lineBreak`, shadow)))
	p.hasWords(shadow, "ja") // fetched from the site, across origins, as its markup is
	sameFigures(t, p.values(shadow), coreEstimate(t, examples.Default, estimator.Override{Path: "fleet.cars", Value: "250"}))
}
