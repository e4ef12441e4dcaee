package site_test

import (
	"context"
	"fmt"
	"github.com/trainscale/trainscale/estimator"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// viewport makes the tab a window of width px (a phone below 800 px: the
// page's viewport meta then applies, as on a phone).
func (p *page) viewport(width int64) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, chromedp.EmulateViewport(width, 900,
		func(m *emulation.SetDeviceMetricsOverrideParams, _ *emulation.SetTouchEmulationEnabledParams) {
			m.Mobile = width < 800
		})))
}

// charted waits until root's charts are drawn, every one: they are drawn one
// at a time, and the host's data-charts is set after the last.
func (p *page) charted(root string) {
	p.t.Helper()
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](fmt.Sprintf(`(() => { const r = %s; return (r.host || document.body).dataset.charts > 0 && r.querySelectorAll('[data-chart] svg').length > 0; })()`, root),
		chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(p.t, err)
}

// layout is what a reader of the page would see go wrong: a page wider than
// the window, the results drawn over the form at some scroll position, a
// control cut off at the window's edge, a katakana word broken across lines.
type layout struct {
	ScrollWidth, InnerWidth int
	OverlapAt               []int    // scroll positions where the form and the results overlap
	Cut                     []string // controls reaching past the window's right edge
	Broken                  []string // katakana words of labels, buttons and headings split over two lines
}

const layoutJS = `(() => {
  const root = %s;
  const form = root.querySelector('form.inputs'), out = root.querySelector('.outputs');
  const overlapAt = [];
  for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
    scrollTo(0, y);
    const a = form.getBoundingClientRect(), b = out.getBoundingClientRect();
    if (Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top)) overlapAt.push(y);
  }
  scrollTo(0, 0);
  const cut = [...root.querySelectorAll('.toolbar button, .toolbar select, .field input, .field select')]
    .filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > innerWidth + 0.5)
    .map((el) => el.name || el.textContent.trim());
  const broken = [];
  for (const el of root.querySelectorAll('button, label, legend, summary, caption, th, dt, h1, h2, h3')) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      for (const m of n.data.matchAll(/[\u30A1-\u30FA\u30FC]{2,}/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) broken.push(m[0] + ' in ' + el.textContent.trim());
      }
    }
  }
  return {ScrollWidth: document.documentElement.scrollWidth, InnerWidth: innerWidth, OverlapAt: overlapAt, Cut: cut, Broken: broken};
})()`

// chartWidths gives each drawn chart's width, as drawn, against its box's, as "drawn/box".
const chartWidthsJS = `[...%s.querySelectorAll('[data-chart] .plot')].filter((p) => !p.hidden && p.querySelector('svg'))
  .map((p) => Math.round(p.querySelector('svg').getAttribute('width')) + '/' + Math.round(p.getBoundingClientRect().width))`

// sameWidths reports whether every chart fills its box (within a pixel).
func sameWidths(widths []string) bool {
	for _, w := range widths {
		var c, b int
		if _, err := fmt.Sscanf(w, "%d/%d", &c, &b); err != nil || c < b-1 || c > b+1 {
			return false
		}
	}
	return len(widths) > 0
}

// The page from a phone to a desktop, in both languages: one column below
// 60rem, the answer first, the form never under the rest of the results, nothing wider than the window,
// Japanese words kept whole, the charts as wide as their boxes.
func TestLayoutFitsEveryWidth(t *testing.T) {
	t.Parallel()
	p := open(t)
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		for _, width := range []int64{390, 768, 1366} {
			{
				at := string(lang) + " " + strconv.FormatInt(width, 10) + " px: "
				p.viewport(width)
				p.goTo(fmt.Sprintf("/?w=%d#lang=%s", width, lang)) // the query makes each a new page
				p.ready("body")
				p.charted("document")
				got := run[layout](p, fmt.Sprintf(layoutJS, "document"))
				assert.Equal(t, int(width), got.InnerWidth, at)
				assert.LessOrEqual(t, got.ScrollWidth, got.InnerWidth, at+"the page is wider than the window")
				assert.Empty(t, got.OverlapAt, at+"the results overlap the form at these scroll positions")
				assert.Empty(t, got.Cut, at+"cut off at the window's edge")
				assert.Empty(t, got.Broken, at+"katakana words broken across lines")
				assert.True(t, sameWidths(run[[]string](p, fmt.Sprintf(chartWidthsJS, "document"))), at+"charts as wide as their boxes")
				oneColumn := run[bool](p, `document.querySelector('form.inputs').getBoundingClientRect().bottom <= document.querySelector('.outputs').getBoundingClientRect().top`)
				assert.Equal(t, width < 960, oneColumn, at+"the form above the results below 60rem, beside them above")
				// the answer comes before the form at every width: stacked above it, beside it from 60rem
				answerFirst := run[bool](p, `document.querySelector('[data-role=answer]').getBoundingClientRect().bottom <= document.querySelector('form.inputs').getBoundingClientRect().top`)
				assert.Equal(t, width < 960, answerFirst, at+"the answer above the form when stacked")
			}
		}
	}
}

// A window made narrower redraws the charts at their boxes' new width.
func TestChartsFollowTheirBox(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.viewport(1366)
	p.goTo("/")
	p.ready("body")
	p.charted("document")
	wide := run[[]string](p, fmt.Sprintf(chartWidthsJS, "document"))
	require.True(t, sameWidths(wide), "%v", wide)
	p.viewport(600)
	narrow, err := chromedp.Run(p.ctx, chromedp.Poll[[]string](fmt.Sprintf(`(() => { const w = %s; return w.every((x) => { const [c, b] = x.split('/').map(Number); return Math.abs(c - b) <= 1; }) && w; })()`,
		fmt.Sprintf(chartWidthsJS, "document")), chromedp.WithPollingTimeout(5*time.Second)))
	require.NoError(t, err, "the charts kept their width")
	assert.Len(t, narrow, len(wide))
	assert.NotEqual(t, wide, narrow)
}

// pdfPage finds the pages of a PDF Chromium printed: one /Type /Page object each.
var pdfPage = regexp.MustCompile(`/Type\s*/Page[^s]`)

// Printed on A4: the answer, then the charts scaled to the page, then every
// quantity, then the inputs; no control on paper. (Before the print
// stylesheet: 23 pages, the quantity tables first, the charts cut off.)
func TestPrintPutsTheAnswerAndChartsFirst(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.viewport(1366)
	p.goTo("/")
	p.ready("body")
	p.charted("document")
	pdf, err := chromedp.Run(p.ctx, chromedp.Action[[]byte](func(ctx context.Context, tg *chromedp.Target) ([]byte, error) {
		r, err := cdp.Call(ctx, tg, cdppage.PrintToPDF, cdppage.PrintToPDFParams{PaperWidth: 8.27, PaperHeight: 11.69})
		return r.Data, err
	}))
	require.NoError(t, err)
	pages := len(pdfPage.FindAll(pdf, -1))
	t.Logf("the default scenario prints on %d A4 pages", pages)
	assert.Less(t, pages, 20)
	// Charts drawn for a screen wider than the paper, as a desktop's are:
	// on paper they must shrink to the page, not run off its right edge.
	run[bool](p, `(document.querySelectorAll('[data-chart] .plot > svg').forEach((s) => { s.setAttribute('width', 2000); s.setAttribute('viewBox', '0 0 2000 ' + s.getAttribute('height')); }), true)`)
	require.NoError(t, chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return err
	})))
	type printed struct {
		Order    []string // the sections from the top of the paper
		Controls int      // toolbar controls laid out
		Clipped  []string // charts reaching past the page's content
	}
	got := run[printed](p, `(() => {
  const at = (sel) => document.querySelector(sel).getBoundingClientRect().top;
  const order = ['.results > :first-child', '.charts', '.all', 'form.inputs'].sort((a, b) => at(a) - at(b));
  const page = document.querySelector('.outputs').getBoundingClientRect().right;
  const clipped = [...document.querySelectorAll('[data-chart] svg')].filter((c) => c.getBoundingClientRect().right > page + 0.5).map((c) => c.closest('[data-chart]').dataset.chart);
  return {Order: order, Controls: [...document.querySelectorAll('.toolbar button, .toolbar select')].filter((b) => b.getClientRects().length).length, Clipped: clipped};
})()`)
	assert.Equal(t, []string{".results > :first-child", ".charts", ".all", "form.inputs"}, got.Order)
	assert.Zero(t, got.Controls)
	assert.Empty(t, got.Clipped)
}
