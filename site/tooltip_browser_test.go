package site_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chartTextJS is every text a chart draws (echarts' zrender elements): with
// a rich-text tooltip, the tooltip's too.
const chartTextJS = `(() => {
  const zr = echarts.getInstanceByDom(document.querySelector(%q)).getZr();
  const texts = [];
  zr.storage.getDisplayList(true).forEach((el) => { if (el.style && typeof el.style.text === 'string') texts.push(el.style.text); });
  return texts;
})()`

// Hovering a chart under the page's CSP (style-src 'self') shows a tooltip
// drawn on the chart itself, with its series' markers and values as the axis
// rounds them; an HTML tooltip would lose its inline styles (and the CSP
// violation would fail the page's check). TRAINSCALE_SHOTS=dir keeps a
// screenshot of each hovered chart there.
func TestTooltipUnderTheCSP(t *testing.T) {
	t.Parallel()
	hover(t, "/", []tipCase{
		// The purchase column: systems USD 21.307M, rounded as the axis' millions.
		{"cost-breakdown", 0.25, []string{"21.31", "1.72", "0.104"}},
		{"systems-by-generation", 0.25, []string{"46.5", "217.5", "300"}},
		// The log axis' value under the pointer reads as the GPU count it is.
		{"scaling", 0.25, []string{"3", "165.06", "298.74"}},
		// The box's ends and its dot, named P10, P90 and P50, not echarts'
		// open, close, lowest and highest of a candlestick.
		{"uncertainty", 0.15, []string{"P90", "678.32", "P50", "303.09", "P10", "110.69"}},
		{"tornado", 0.6, nil},
	})
}

// In Japanese the money axis counts in 万: the purchase's systems read
// 2,130.7 万 USD.
func TestTooltipInJapanese(t *testing.T) {
	t.Parallel()
	hover(t, "/#lang=ja", []tipCase{
		{"cost-breakdown", 0.25, []string{"2,130.7", "171.6"}},
		{"uncertainty", 0.15, []string{"P90", "678.32", "P10", "110.69"}},
	})
}

// tipCase is a chart to hover, how far across its plot, and the text its
// tooltip draws beyond the chart's own.
type tipCase struct {
	chart string
	at    float64
	shows []string
}

func hover(t *testing.T, path string, cases []tipCase) {
	p := open(t)
	p.goTo(path)
	p.ready("body")
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.body.dataset.charts > 0 && document.querySelectorAll('[data-chart] canvas').length > 0`, chromedp.WithPollingTimeout(60*time.Second)))
	require.NoError(t, err)
	for _, tc := range cases {
		sel := fmt.Sprintf(`[data-chart=%q] .plot`, tc.chart)
		require.NoError(t, chromedp.Do(p.ctx, chromedp.ScrollIntoView(sel)))
		before := map[string]bool{}
		for _, s := range run[[]string](p, fmt.Sprintf(chartTextJS, sel)) {
			before[s] = true
		}
		box := run[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, sel))
		// A third of the way down: inside the plot.
		x, y := box[0]+box[2]*tc.at, box[1]+box[3]*0.33
		require.NoError(t, chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y)))
		time.Sleep(300 * time.Millisecond)
		var tip []string
		for _, s := range run[[]string](p, fmt.Sprintf(chartTextJS, sel)) {
			if !before[s] {
				tip = append(tip, s)
			}
		}
		t.Logf("%s: %q", tc.chart, tip)
		assert.NotEmpty(t, tip, "%s: a tooltip", tc.chart)
		for _, s := range tc.shows {
			assert.Contains(t, tip, s, tc.chart)
		}
		for _, s := range tip {
			assert.NotRegexp(t, `\d\.\d{5,}`, s, "%s: no raw floats", tc.chart)
			assert.NotContains(t, []string{"open", "close", "lowest", "highest"}, s, tc.chart)
		}
		assert.Zero(t, run[int](p, fmt.Sprintf(`document.querySelector(%q).querySelectorAll('div[style*="position: absolute"] div').length`, sel)), "no HTML tooltip")
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
