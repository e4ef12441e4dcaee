package site_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

// box is an element's place on screen, as getBoundingClientRect gives it.
type box struct{ Top, Bottom, Left, Right float64 }

// boxJS gives the box of the first element selector matches in document.
const boxJS = `(() => { const r = document.querySelector(%q).getBoundingClientRect(); return {Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right}; })()`

func (p *page) box(selector string) box {
	p.t.Helper()
	return run[box](p, fmt.Sprintf(boxJS, selector))
}

// On a phone the answer comes before the form: its sentence and its
// figures on the first screen once the page is live (before, its top was
// 4,923 px down, under the whole form). An edit far down the form shows
// what it did at the window's foot (the peek), which goes back up to the
// answer when pressed. Beside the form, from 60rem, there is no peek.
func TestAnswerFirstOnAPhone(t *testing.T) {
	t.Parallel()
	p := open(t)
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		at := string(lang) + ": "
		p.viewport(390)
		p.goTo("/?phone#lang=" + string(lang))
		p.ready("body")
		p.idle("document")
		run[bool](p, `(scrollTo(0, 0), true)`)
		inner := run[float64](p, `innerHeight`)
		answer, figures := p.box("[data-role=answer]"), p.box("[data-role=answer] dl.headline")
		t.Logf("%s390 px: the answer's top at %.0f px, its figures' foot at %.0f px, of %.0f", at, answer.Top, figures.Bottom, inner)
		assert.Greater(t, answer.Top, 0.0, at)
		assert.Less(t, figures.Bottom, inner, at+"the answer's figures on the first screen")
		assert.Less(t, answer.Bottom, p.box("form.inputs").Top+1, at+"the answer above the form")
		assert.True(t, run[bool](p, `document.querySelector('[data-role=peek]').hidden`), at+"no peek while the answer is in view")

		// An edit far down the form: the field comes into view, the answer
		// goes out of it, and the peek says the new answer.
		before := run[string](p, `document.querySelector('[data-role=answer] .ask').textContent`)
		p.set("document", "team.target_days", "14")
		assert.Greater(t, run[float64](p, `document.querySelector('[name="team.target_days"]').getBoundingClientRect().top + scrollY`), 3*inner, at+"a field far down the form")
		after := run[string](p, `document.querySelector('[data-role=answer] .ask').textContent`)
		require.NotEqual(t, before, after, at+"the edit changes the answer")
		assert.Less(t, p.box("[data-role=answer]").Bottom, 0.0, at+"the answer is off screen")
		_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`!document.querySelector('[data-role=peek]').hidden`, chromedp.WithPollingTimeout(5*time.Second)))
		require.NoError(t, err, at+"the peek shows")
		peek := p.box("[data-role=peek]")
		assert.GreaterOrEqual(t, peek.Top, 0.0, at)
		assert.LessOrEqual(t, peek.Bottom, inner+0.5, at+"the peek on screen")
		assert.Equal(t, after, run[string](p, `document.querySelector('[data-role=peek] strong').textContent`), at+"the peek says the answer as it now stands")
		figs := run[string](p, `document.querySelector('[data-role=peek] .figures').textContent`)
		assert.Contains(t, figs, run[string](p, `document.querySelector('[data-role=answer] dl.headline dd .q').textContent`), at+"and its figures")

		// Pressed, it goes back to the answer, and hides.
		run[bool](p, `(document.querySelector('[data-role=peek]').click(), true)`)
		_, err = chromedp.Run(p.ctx, chromedp.Poll[bool](`document.querySelector('[data-role=peek]').hidden && Math.abs(document.querySelector('[data-role=answer-box]').getBoundingClientRect().top) < 2`, chromedp.WithPollingTimeout(5*time.Second)))
		require.NoError(t, err, at+"the peek leads back to the answer")
	}

	// A scenario without money answers with a row per network and system:
	// the peek gives each row's count to buy and time per run.
	p.goTo("/?each#preset=cifar10-cpu-vs-gpu")
	p.ready("body")
	p.idle("document")
	run[bool](p, `(document.querySelector('[data-role=fields]').lastElementChild.scrollIntoView({block: 'end'}), true)`)
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`!document.querySelector('[data-role=peek]').hidden`, chromedp.WithPollingTimeout(5*time.Second)))
	require.NoError(t, err, "the peek shows")
	type each struct{ Ask, Figures, Row string }
	got := run[each](p, `(() => { const r = [...document.querySelector('[data-role=answer] table.each tbody tr').children].map((c) => c.textContent);
  return {Ask: document.querySelector('[data-role=peek] strong').textContent, Figures: document.querySelector('[data-role=peek] .figures > span').textContent,
    Row: r[0] + ' · ' + r[1] + ' ' + r[2] + ' · ' + r[4]}; })()`)
	assert.Equal(t, run[string](p, `document.querySelector('[data-role=answer] .ask').textContent`), got.Ask)
	assert.Equal(t, got.Row, got.Figures, "the first row: network, system, count to buy, time per run")

	// Beside the form the answer heads the results' column, and the peek stays away.
	p.viewport(1366)
	p.goTo("/?wide")
	p.ready("body")
	p.set("document", "team.target_days", "14")
	form, answer := p.box("form.inputs"), p.box("[data-role=answer]")
	assert.LessOrEqual(t, form.Right, answer.Left, "the form beside the answer")
	assert.Less(t, answer.Top, 400.0, "the answer at the top of its column")
	assert.Less(t, answer.Bottom, p.box("#h-article").Top, "above the rest of the results")
	assert.Equal(t, "none", run[string](p, `getComputedStyle(document.querySelector('[data-role=peek]')).display`))
}

// planTable is what a reader sees of the planner's options table: its
// box, the total column's head and the chosen row's cells, each as a box
// on screen, and which of its edges say there is more to scroll to.
type planTable struct {
	Wrap, Total, Name, ChosenTotal box
	Heads                          []string
	Chosen                         int // the chosen row's index among the rows, from 1
	Scroll, Cue                    string
	Inner                          float64
}

const planTableJS = `(() => {
  const b = (el) => { const r = el.getBoundingClientRect(); return {Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right}; };
  const wrap = document.querySelector('.plan-table'), table = wrap.querySelector('table');
  const rows = [...table.tBodies[0].rows], chosen = table.querySelector('tr[aria-current=true]');
  const totalAt = [...table.tHead.rows[0].cells].findIndex((c) => c.classList.contains('total'));
  return {Wrap: b(wrap.querySelector('.plan-options')), Total: b(table.tHead.rows[0].cells[totalAt]), Name: b(chosen.cells[0]), ChosenTotal: b(chosen.cells[totalAt]),
    Heads: [...table.tHead.rows[0].cells].slice(0, 2).map((c) => c.textContent), Chosen: rows.indexOf(chosen) + 1,
    Scroll: wrap.dataset.scroll, Cue: getComputedStyle(wrap, '::after').opacity, Inner: innerWidth};
})()`

// The planner's options table shows the total, which ranks the plans, and
// the chosen plan's row at 1,366 px (before, the table was 1,405 px wide in
// an 846 px box and the total cut off), and the option's name and total at
// 390 px, where the name stays put as the table scrolls and the right edge
// fades while there is more to see.
func TestPlanTableShowsTheTotal(t *testing.T) {
	t.Parallel()
	p := open(t)
	for _, tc := range []struct {
		lang  estimator.Lang
		heads []string
	}{
		{estimator.English, []string{"option", "total (over 4 years (depreciation))"}},
		{estimator.Japanese, []string{"選択肢", "総額 (償却期間 4 年)"}},
	} {
		for _, width := range []int64{1366, 390} {
			at := fmt.Sprintf("%s %d px: ", tc.lang, width)
			p.viewport(width)
			p.goTo(fmt.Sprintf("/?w=%d#preset=modern-2026&lang=%s", width, tc.lang))
			p.ready("body")
			p.planned()
			run[bool](p, `(document.querySelector('.plan-table').scrollIntoView({block: 'start'}), true)`)
			got := run[planTable](p, planTableJS)
			t.Logf("%sbox %.0f-%.0f, total head %.0f-%.0f, chosen row %d", at, got.Wrap.Left, got.Wrap.Right, got.Total.Left, got.Total.Right, got.Chosen)
			assert.Equal(t, tc.heads, got.Heads, at+"the total beside the option's name")
			assert.Equal(t, 1, got.Chosen, at+"the chosen plan's row is marked")
			for name, b := range map[string]box{"total's head": got.Total, "chosen row's name": got.Name, "chosen row's total": got.ChosenTotal} {
				assert.GreaterOrEqual(t, b.Left, got.Wrap.Left-0.5, at+name)
				assert.LessOrEqual(t, b.Right, got.Wrap.Right+0.5, at+name+" within the table's box")
				assert.LessOrEqual(t, b.Right, got.Inner, at+name+" within the window")
				assert.GreaterOrEqual(t, b.Top, -1.0, at+name+" on screen")
				assert.LessOrEqual(t, b.Bottom, 900.0, at+name+" on screen")
			}
			assert.LessOrEqual(t, run[int64](p, `document.documentElement.scrollWidth`), width, at+"the page no wider than the window")
			// It still scrolls: its right edge says so until the end.
			require.Equal(t, "right", got.Scroll, at)
			assert.Equal(t, "1", got.Cue, at+"the right edge fades")
			run[bool](p, `(() => { const w = document.querySelector('.plan-options'); w.scrollLeft = w.scrollWidth; return true; })()`)
			_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.querySelector('.plan-table').dataset.scroll === 'left'`, chromedp.WithPollingTimeout(5*time.Second)))
			require.NoError(t, err, at+"scrolled to the end")
			got = run[planTable](p, planTableJS)
			assert.InDelta(t, got.Wrap.Left, got.Name.Left, 1, at+"the name stays at the left edge")
		}
	}
}

// The answer's P10, P50 and P90 fit the results' column of an estimator
// embedded in a 1,100 px host page (before, the P90 column was cut off).
func TestAnswerSpreadFitsAHostColumn(t *testing.T) {
	t.Parallel()
	p := open(t)
	const shadow = `document.querySelector('trainscale-estimator').shadowRoot`
	p.viewport(1100)
	require.NoError(t, chromedp.Do(p.ctx, chromedp.Navigate(bareHost(t, p.base))))
	p.ready("trainscale-estimator")
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		if lang != estimator.English {
			p.pickLang(shadow, lang)
		}
		_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](shadow+`.querySelector('[data-role=spread]:not([hidden]) table') !== null`, chromedp.WithPollingTimeout(60*time.Second)))
		require.NoError(t, err, "the spread arrives")
		type fit struct {
			Scroll, Client  int
			P90, Box, Table float64
		}
		got := run[fit](p, fmt.Sprintf(`(() => { const s = %s.querySelector('[data-role=spread]'); const t = s.querySelector('table');
  const p90 = [...t.tHead.rows[0].cells].at(-1).getBoundingClientRect();
  return {Scroll: s.scrollWidth, Client: s.clientWidth, P90: p90.right, Box: s.getBoundingClientRect().right, Table: t.getBoundingClientRect().width}; })()`, shadow))
		t.Logf("%s: the spread's table %.0f px wide, %d of %d px", lang, got.Table, got.Scroll, got.Client)
		assert.LessOrEqual(t, got.Scroll, got.Client, string(lang)+": the spread does not scroll")
		assert.LessOrEqual(t, got.P90, got.Box+0.5, string(lang)+": the P90 column within the box")
	}
}

// Downloads keep the scenario's words: an apostrophe stays, a Japanese
// name stays Japanese, and a Japanese document says so.
func TestDownloadsKeepTheScenariosWords(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	run[bool](p, captureDownloads)
	day := p.today()
	p.set("document", "name", "The article's fleet: 2026/27")
	name, _ := p.download("[data-action=export-json]")
	assert.Equal(t, "the-article's-fleet-2026-27-"+day+".json", name)
	p.set("document", "name", "自動運転の計算 2026年")
	p.pickLang("document", "ja")
	name, _ = p.download("[data-action=export-json]")
	assert.Equal(t, "自動運転の計算-2026年-"+day+".json", name, "a scenario is in no language")
	name, _ = p.download("[data-export=xlsx]")
	assert.Equal(t, "自動運転の計算-2026年-"+day+"-ja.xlsx", name)
}
