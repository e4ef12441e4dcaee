package site_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator/tool"
)

// The accuracy section's list of every published figure is built when it is
// opened, from the data the page carries, in the page's language, and again
// when the language changes. Printing opens every other group, not this one
// (the PDF proposal carries the list).
func TestAccuracyListsEveryFigure(t *testing.T) {
	t.Parallel()
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	en, ja := tool.AccuracyPointTable(res.Accuracy, "en"), tool.AccuracyPointTable(res.Accuracy, "ja")
	p := open(t)
	p.goTo("/")
	p.ready("body")
	// Until then the page lays out none of it.
	assert.Equal(t, 0, run[int](p, `document.querySelectorAll('[data-role=accuracy-points] tr').length`))
	printed := run[[]bool](p, `(() => { dispatchEvent(new Event('beforeprint')); const open = [document.querySelector('[data-role=accuracy]').open, document.querySelector('[data-role=accuracy-points]').open]; dispatchEvent(new Event('afterprint')); return open; })()`)
	assert.Equal(t, []bool{true, false}, printed, "printing opens the section, not its list")
	rows := func(want string) [][]string {
		t.Helper()
		_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelector('[data-role=accuracy-points] tbody th')?.textContent === %q`, want),
			chromedp.WithPollingTimeout(10*time.Second)))
		require.NoError(t, err, want)
		return run[[][]string](p, `[...document.querySelectorAll('[data-role=accuracy-points] tr')].map((tr) => [...tr.children].map((c) => c.textContent))`)
	}
	run[bool](p, `document.querySelector('[data-role=accuracy]').open = document.querySelector('[data-role=accuracy-points]').open = true`)
	assert.Equal(t, en, rows(en[1][1]))
	// The numbers align right, the names left (style.css).
	align := run[[]string](p, `[...document.querySelectorAll('[data-role=accuracy-points] tbody tr:first-child > *')].map((c) => getComputedStyle(c).textAlign)`)
	assert.Equal(t, []string{"right", "left", "right", "right", "right", "right", "left", "left", "left", "left"}, align)

	run[bool](p, `(() => { const s = document.querySelector('[data-role=lang]'); s.value = 'ja'; s.dispatchEvent(new Event('change')); return true; })()`)
	assert.Equal(t, ja, rows(ja[1][1]))
	assert.Equal(t, "すべての公表値", run[string](p, `document.querySelector('[data-role=accuracy-points] summary').textContent`))
}
