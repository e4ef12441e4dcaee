package site_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tipTextJS is every text the tooltip of a chart shows (charts.js): its
// heading, then each series' name and value.
const tipTextJS = `[...document.querySelectorAll('%s .tip:not([hidden]) *')].filter((e) => !e.children.length && e.textContent).map((e) => e.textContent)`

// Hovering a chart under the page's CSP (style-src 'self') shows its
// tooltip: the page's own markup over the SVG the tools worker drew, placed
// through CSSOM, with the series' names and the option's values as the axis
// rounds them (a CSP violation would fail the page's check). TRAINSCALE_SHOTS=dir keeps a
// screenshot of each hovered chart there.
func TestTooltipUnderTheCSP(t *testing.T) {
	t.Parallel()
	hover(t, "/", []tipCase{
		// The purchase column: systems USD 21.307M, rounded as the axis' millions.
		{"cost-breakdown", 0.25, []string{"purchase", "systems", "21.31", "1.72", "0.104"}},
		{"systems-by-generation", 0.25, []string{"46.5", "217.5", "300"}},
		// On the log axis the nearest GPU count with points, as the data has it.
		{"scaling", 0.25, []string{"3", "pcie-server, ideal", "165.06", "pcie-server, modelled", "298.74"}},
		// The box's ends and its dot, named P10, P90 and P50, not echarts'
		// open, close, lowest and highest of a candlestick.
		{"uncertainty", 0.15, []string{"AlexNet / dgx-1-p100", "P90", "678.32", "P50", "303.09", "P10", "110.69"}},
		// A horizontal chart reads along its category axis: the row under the pointer.
		{"tornado", 0.6, []string{"input at its low", "input at its high"}},
	})
}

// In Japanese the money axis counts in 万: the purchase's systems read
// 2,130.7 万 USD.
func TestTooltipInJapanese(t *testing.T) {
	t.Parallel()
	hover(t, "/#lang=ja", []tipCase{
		{"cost-breakdown", 0.25, []string{"購入", "システム", "2,130.7", "171.6"}},
		{"uncertainty", 0.15, []string{"P90", "678.32", "P10", "110.69"}},
	})
}

// A legend's item clicked hides its series, as echarts' legend did: the
// chart is drawn again without it, and its tooltip no longer names it; a
// second click brings it back.
func TestLegendHidesASeries(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	p.charted("document")
	const sel = `[data-chart=cost-breakdown] .plot`
	require.NoError(t, chromedp.Do(p.ctx, chromedp.ScrollIntoView(sel)))
	click := func() {
		xy := run[[]float64](p, `(() => { const r = document.querySelector('[data-chart=cost-breakdown] [ecmeta_ssr_type=legend][ecmeta_series_index="1"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
		require.NoError(t, chromedp.Do(p.ctx, chromedp.MouseClickXY(xy[0], xy[1])))
	}
	// tip hovers the purchase column until its tooltip shows and names
	// network or not: a tooltip not drawn yet names nothing.
	tip := func(names bool) []string {
		box := run[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, sel))
		var got []string
		for range 50 {
			require.NoError(t, chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, box[0]+box[2]*0.25, box[1]+box[3]*0.33)))
			if got = run[[]string](p, fmt.Sprintf(tipTextJS, sel)); len(got) > 0 && slices.Contains(got, "network") == names {
				break
			}
			require.NoError(t, chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1)))
			time.Sleep(100 * time.Millisecond)
		}
		return got
	}
	click()
	got := tip(false)
	assert.NotContains(t, got, "network")
	assert.Contains(t, got, "21.31", "the other series stay")
	click()
	assert.Contains(t, tip(true), "network")
}

// tipCase is a chart to hover, how far across its plot, and texts its
// tooltip shows.
type tipCase struct {
	chart string
	at    float64
	shows []string
}

func hover(t *testing.T, path string, cases []tipCase) {
	p := open(t)
	p.goTo(path)
	p.ready("body")
	p.charted("document")
	for _, tc := range cases {
		sel := fmt.Sprintf(`[data-chart=%q] .plot`, tc.chart)
		require.NoError(t, chromedp.Do(p.ctx, chromedp.ScrollIntoView(sel)))
		box := run[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, sel))
		// A third of the way down: inside the plot.
		x, y := box[0]+box[2]*tc.at, box[1]+box[3]*0.33
		require.NoError(t, chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y)))
		time.Sleep(300 * time.Millisecond)
		tip := run[[]string](p, fmt.Sprintf(tipTextJS, sel))
		t.Logf("%s: %q", tc.chart, tip)
		assert.NotEmpty(t, tip, "%s: a tooltip", tc.chart)
		for _, s := range tc.shows {
			assert.Contains(t, tip, s, tc.chart)
		}
		for _, s := range tip {
			assert.NotRegexp(t, `\d\.\d{5,}`, s, "%s: no raw floats", tc.chart)
			assert.NotContains(t, []string{"open", "close", "lowest", "highest"}, s, tc.chart)
		}
		// Away from the chart, it goes.
		require.NoError(t, chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1)))
		assert.Empty(t, run[[]string](p, fmt.Sprintf(tipTextJS, sel)), "%s: the tooltip hides", tc.chart)
		require.NoError(t, chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y)))
		time.Sleep(100 * time.Millisecond)
		if dir := os.Getenv("TRAINSCALE_SHOTS"); dir != "" {
			png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
			require.NoError(t, err)
			name := "tooltip-" + tc.chart + ".png"
			if lang := strings.TrimPrefix(path, "/#lang="); lang != path {
				name = "tooltip-" + lang + "-" + tc.chart + ".png"
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), png, 0o644))
		}
	}
}
