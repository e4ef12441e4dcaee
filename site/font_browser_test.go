package site_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pagetext "github.com/trainscale/trainscale/internal/page"
)

// The Japanese PDF downloads from the page with Japanese text in it; the font
// it needs is fetched for it, and for nothing else.
func TestJapanesePDFFromThePage(t *testing.T) {
	t.Parallel()
	p := open(t)
	needs(t, "/usr/bin/pdftotext") // poppler-utils
	p.goTo("/")
	p.ready("body")
	run[bool](p, captureDownloads)
	_, en := p.download("[data-export=pdf]")
	require.True(t, bytes.HasPrefix(en, []byte("%PDF-")), "the English PDF")
	assert.False(t, p.requested("fonts/ipaexg.ttf"), "the English PDF needs no font")

	p.pickLang("document", "ja")
	name, ja := p.download("[data-export=pdf]")
	assert.True(t, p.requested("fonts/ipaexg.ttf"))
	assert.True(t, strings.HasSuffix(name, ".pdf"), name)
	require.True(t, bytes.HasPrefix(ja, []byte("%PDF-")), "the Japanese PDF")
	cmd := exec.Command("/usr/bin/pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(ja)
	text, err := cmd.Output()
	require.NoError(t, err)
	assert.Contains(t, string(text), "予算申請")
	assert.Equal(t, pagetext.Messages("ja")["status.ready"], p.status())
	assert.False(t, run[bool](p, `document.querySelector('[data-export=pdf]').disabled`))
}

// A font that does not load says so in the page's words and turns the
// Japanese PDF's button off; the English PDF needs no font and turns it on.
func TestJapanesePDFSaysWhyItsFontFailed(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	run[bool](p, captureDownloads)
	run[bool](p, `(() => {
  const f = window.fetch;
  window.fetch = (u, o) => String(u).endsWith('/fonts/ipaexg.ttf') ? Promise.resolve(new Response('', { status: 404 })) : f(u, o);
  return true;
})()`)
	p.pickLang("document", "ja")
	run[bool](p, `(document.querySelector('[data-export=pdf]').click(), true)`)
	want := strings.Replace(pagetext.Messages("ja")["export.font"], "%s", " (HTTP 404)", 1)
	got := run[string](p, `(async () => {
  const s = document.querySelector('[data-role=status]');
  for (let i = 0; i < 600 && !s.classList.contains('bad'); i++) await new Promise((r) => setTimeout(r, 100));
  return s.textContent;
})()`)
	assert.Equal(t, want, got)
	assert.NotContains(t, got, "--font")
	assert.True(t, run[bool](p, `document.querySelector('[data-export=pdf]').disabled`), "off while it would fail")
	assert.Zero(t, run[int](p, `window.__downloads.length`))
	p.pickLang("document", "en")
	assert.False(t, run[bool](p, `document.querySelector('[data-export=pdf]').disabled`), "the English PDF needs no font")
}
