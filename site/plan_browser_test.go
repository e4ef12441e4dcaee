package site_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// planned presses the Plan button and waits for its answer and its frontier.
func (p *page) planned() {
	p.t.Helper()
	run[bool](p, `(document.querySelector('[data-role=plan] .chosen')?.remove(), true)`)
	p.press("button[data-action=plan]")
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.querySelector('[data-role=plan] .chosen') !== null && document.querySelector('[data-role=plan] [data-chart] svg') !== null && document.querySelector('[data-role=plan] .plot + .note') !== null`,
		chromedp.WithPollingTimeout(60*time.Second)))
	require.NoError(p.t, err)
}

// systems waits until the form lists n systems, the first of them first (a
// link followed in the same page is shown a moment later).
func (p *page) systems(n int, first string) {
	p.t.Helper()
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](fmt.Sprintf(`(() => { const ids = [...document.querySelectorAll('[name$="].id"][name^="systems["]')].map((e) => e.value); return ids.length === %d && ids[0] === %q; })()`, n, first),
		chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(p.t, err, "%d systems, %s first", n, first)
}

// The Plan section gives the reports' plan of the scenario on screen, in the
// page's language, and a frontier point clicked becomes the scenario, in
// the link. PLAN_SHOTS=dir keeps screenshots of the section at 390 and 1280
// px in English and Japanese.
func TestPlanSection(t *testing.T) {
	t.Parallel()
	p := open(t)
	shots := os.Getenv("PLAN_SHOTS")
	for _, tc := range []struct {
		lang, chosen, button string
	}{
		{"ja", "最も安い代替案：hyperstack 8x B200 (on-demand) を賃借。回答はシナリオ自身の購入案のままです。シナリオに plan の項を加えると、プランナーの選択が回答になります。", "計画: 何を買うか借りるか"},
		{"en", "Cheapest alternative: Rent hyperstack 8x B200 (on-demand). The scenario's own purchase stays the answer; a plan section in the scenario makes the planner's choice the answer.", "Plan: what to buy or rent"},
	} {
		for _, width := range []int64{390, 1280} {
			p.viewport(width)
			p.goTo("/#preset=modern-2026&lang=" + tc.lang)
			p.ready("body")
			assert.Equal(t, tc.button, run[string](p, `document.querySelector('button[data-action=plan]').textContent`))
			p.planned()
			assert.Equal(t, tc.chosen, run[string](p, `document.querySelector('[data-role=plan] .chosen').textContent`))
			assert.Equal(t, tc.chosen, p.status(), "the status line says it")
			row := run[[]string](p, `[...document.querySelector('[data-role=plan] tbody tr').children].map((c) => c.textContent)`)
			require.Len(t, row, 11, "the reports' ten columns and the load button")
			// The total, which ranks the rows, comes beside the name.
			assert.Equal(t, []string{"13", "USD 52,000", "USD 15,357,472", "626.6 t"}, []string{row[2], row[4], row[1], row[7]}, "the core's figures, as the reports show them")
			// The options table scrolls in its box; the page itself does not widen.
			assert.LessOrEqual(t, run[int64](p, `document.documentElement.scrollWidth`), width)
			if shots != "" {
				// The results' charts draw as they come near the screen and
				// move the section down: wait for them first.
				p.charted("document")
				png, err := chromedp.Run(p.ctx, chromedp.Screenshot(chromedp.CSS(`[data-role=plan]`)))
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(shots, fmt.Sprintf("plan-%s-%d.png", tc.lang, width)), png, 0o644))
				// The table's far side, where each option's Load button is.
				run[bool](p, `(() => { const w = document.querySelector('.plan-options'); w.scrollLeft = w.scrollWidth; return true; })()`)
				png, err = chromedp.Run(p.ctx, chromedp.Screenshot(chromedp.CSS(`.plan-options`)))
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(shots, fmt.Sprintf("plan-%s-%d-right.png", tc.lang, width)), png, 0o644))
			}
		}
	}

	// The chosen plan's point (the last series' one), clicked where it is
	// drawn: echarts marks each point's element with its series and index.
	xy := run[[]float64](p, `(() => {
  const plot = document.querySelector('[data-role=plan] .plot');
  plot.scrollIntoView({ block: 'center' });
  const points = [...plot.querySelectorAll('[ecmeta_data_index="0"]')];
  const last = Math.max(...points.map((e) => Number(e.getAttribute('ecmeta_series_index'))));
  const r = points.find((e) => Number(e.getAttribute('ecmeta_series_index')) === last).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
})()`)
	require.NoError(t, chromedp.Do(p.ctx, chromedp.MouseClickXY(xy[0], xy[1])))
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`location.hash.includes('scenario=') && document.querySelector('[data-role=status]').textContent.startsWith('Loaded the plan')`,
		chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err, p.status())
	assert.Equal(t, "Loaded the plan Rent hyperstack 8x B200 (on-demand) as the scenario; the link carries it.", p.status())
	assert.Equal(t, "7", run[string](p, `document.querySelector('[name="team.target_days"]').value`))
	assert.Equal(t, "6", run[string](p, `document.querySelector('[name="money.cloud_per_gpu_hour"]').value`))
	assert.Equal(t, "b200", run[string](p, `document.querySelector('[name="money.cloud_gpu"]').value`))
	p.systems(1, "hyperstack-8x-b200") // the plan's instance alone
	rented := func() {
		t.Helper()
		assert.Equal(t, "Rent 13 × 8x B200 from hyperstack (on-demand) for ViT-B/16.",
			run[string](p, `document.querySelector('[data-role=answer] .ask').textContent`), "a rented plan stays rented")
		assert.Equal(t, "hyperstack", run[string](p, `document.querySelector('[name="money.rent.provider"]').value`))
		assert.Equal(t, "modern-2026 (edited)", run[string](p, `document.querySelector('[data-role=preset]').selectedOptions[0].textContent`))
	}
	rented()

	// Another language takes the English plan away.
	p.pickLang("document", "ja")
	assert.Zero(t, run[int](p, `document.querySelector('[data-role=plan-out]').childElementCount`))

	// The link alone gives the loaded plan back.
	link := run[string](p, `location.hash`)
	p.goTo("/#preset=article-2017")
	p.systems(2, "dgx-1-p100")
	p.goTo("/" + link)
	p.systems(1, "hyperstack-8x-b200")
	assert.Equal(t, "6", run[string](p, `document.querySelector('[name="money.cloud_per_gpu_hour"]').value`))
	p.pickLang("document", "en")
	rented()

	// By keyboard: an option's row loads it, a bought system keeping its price.
	p.goTo("/#preset=modern-2026")
	p.systems(3, "dgx-h100")
	p.planned()
	row := `[data-role=plan] tbody tr:nth-child(5)`
	require.Equal(t, "Buy DGX H100", run[string](p, `document.querySelector('`+row+` th').textContent`))
	p.press(row + " button")
	assert.Equal(t, "Loaded the plan Buy DGX H100 as the scenario; the link carries it.", p.status())
	p.systems(1, "dgx-h100")
	assert.Equal(t, "dgx-h100", run[string](p, `document.querySelector('[name="money.system"]').value`))
}

// A scenario with a plan section leads its answer with the planner's
// choice, which its button makes the scenario; the scenario's own purchase
// stays below it as one of the options.
func TestPlanLeadsTheAnswer(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/#preset=modern-2026&set=plan.deadline_days=7")
	p.ready("body")
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.querySelector('[data-role=plan-lead] .ask') !== null`, chromedp.WithPollingTimeout(20*time.Second)))
	require.NoError(t, err)
	assert.Equal(t, "Rent 13 × 8x B200 from hyperstack (on-demand) for ViT-B/16.", run[string](p, `document.querySelector('[data-role=plan-lead] .ask').textContent`))
	assert.Equal(t, "The scenario's own purchase, one of the options the planner compared", run[string](p, `document.querySelector('[data-role=answer] h3.own').textContent`))
	if shots := os.Getenv("PLAN_SHOTS"); shots != "" {
		png, err := chromedp.Run(p.ctx, chromedp.Screenshot(chromedp.CSS(`[data-role=answer]`)))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(shots, "plan-lead.png"), png, 0o644))
	}
	p.press("[data-action=plan-lead-load]")
	assert.Equal(t, "Loaded the plan Rent hyperstack 8x B200 (on-demand) as the scenario; the link carries it.", p.status())
	assert.Equal(t, "Rent 13 × 8x B200 from hyperstack (on-demand) for ViT-B/16.", run[string](p, `document.querySelector('[data-role=answer] .ask').textContent`))
	assert.Zero(t, run[int](p, `document.querySelectorAll('[data-role=plan-lead]').length`), "the loaded plan is the answer itself")
}
