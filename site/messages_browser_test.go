package site_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// fieldError is what a reader sees of a field's error: whether the input is
// marked invalid, the error's text and its hover title (the core's message,
// path and all).
func (p *page) fieldError(path string) [3]string {
	return run[[3]string](p, fmt.Sprintf(`(() => { const el = document.querySelector('[name="' + CSS.escape(%q) + '"]'); const e = el.closest('.field').querySelector('.error');
  return [String(el.getAttribute('aria-invalid')), e.hidden ? '' : e.textContent, e.hidden ? '' : e.title]; })()`, path))
}

// Typing through invalid states, a field's error says the problem in words
// beside its label (the path on hover) and clears once the field is valid;
// an error an edit raised on another field clears when that edit becomes
// valid, and a value refused for another field's sake is taken once that
// field allows it. The status line says what the current input is, in both
// languages.
func TestPageStateFollowsTheInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang           estimator.Lang
		ready, invalid string
		number         string // must be a number, got "-"
		positive       string // must be > 0, got -5
		atMost         string // the start of concurrent_jobs' error
	}{
		{"en", "Live: results follow every change.", "Some inputs are not valid; the results show the last valid scenario.",
			`must be a number, got "-"`, "must be > 0, got -5", "must be <= Members (3), got 6"},
		{"ja", "入力を変えると結果がすぐ更新されます。", "無効な入力があります。結果は最後に有効だったシナリオのものです。",
			`数値にしてください（入力値 "-"）`, "0 より大きい値にしてください（入力値 -5）", "メンバー数（3）以下にしてください（入力値 6）"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			p := open(t)
			p.goTo("/#lang=" + string(tc.lang))
			p.ready("body")
			clean := [3]string{"null", "", ""}
			for _, step := range []struct{ typed, err string }{
				{"-", tc.number}, {"-5", tc.positive}, {"5", ""},
				{"1e", ""}, {"1e3", ""},
			} {
				p.set("document", "fleet.cars", step.typed)
				got := p.fieldError("fleet.cars")
				switch {
				case step.typed == "1e":
					assert.Equal(t, "true", got[0], step.typed)
					assert.Equal(t, tc.invalid, p.status(), step.typed)
				case step.err != "":
					assert.Equal(t, [3]string{"true", step.err, "fleet.cars: " + step.err}, got, step.typed)
					assert.Equal(t, tc.invalid, p.status(), step.typed)
				default:
					assert.Equal(t, clean, got, step.typed)
					assert.Equal(t, tc.ready, p.status(), step.typed)
				}
			}
			sameFigures(t, p.values("document"), coreEstimate(t, examples.Default, estimator.Override{Path: "fleet.cars", Value: "1e3"}))

			// Half typed, 30 members read 3: fewer than the 6 jobs at once,
			// which the core blames on the jobs' field. Typed whole, both clear.
			p.set("document", "team.members", "3")
			assert.Equal(t, "true", p.fieldError("team.concurrent_jobs")[0])
			assert.Equal(t, tc.atMost, p.fieldError("team.concurrent_jobs")[1], "the other field by its label")
			assert.Contains(t, p.fieldError("team.concurrent_jobs")[2], "team.members", "its path on hover")
			assert.Equal(t, map[estimator.Lang]string{"en": "Concurrent jobs: must be <= Members (3), got 6", "ja": "同時実行ジョブ数: メンバー数（3）以下にしてください（入力値 6）"}[tc.lang],
				p.fieldError("team.members")[1], "the field edited names the one at fault")
			assert.Equal(t, tc.invalid, p.status())
			p.set("document", "team.members", "30")
			assert.Equal(t, clean, p.fieldError("team.concurrent_jobs"))
			assert.Equal(t, clean, p.fieldError("team.members"))
			assert.Equal(t, tc.ready, p.status())

			// 40 jobs at once are refused with 30 members; 50 members take them.
			p.set("document", "team.concurrent_jobs", "40")
			assert.Equal(t, "true", p.fieldError("team.concurrent_jobs")[0])
			assert.Equal(t, tc.invalid, p.status())
			p.set("document", "team.members", "50")
			assert.Equal(t, clean, p.fieldError("team.concurrent_jobs"))
			assert.Equal(t, tc.ready, p.status())
			sameFigures(t, p.values("document"), coreEstimate(t, examples.Default, estimator.Override{Path: "fleet.cars", Value: "1e3"},
				estimator.Override{Path: "team.members", Value: "50"}, estimator.Override{Path: "team.concurrent_jobs", Value: "40"}))
		})
	}
}

// An infeasible plan says once what would make a plan, in words, and the
// options not priced read as reasons: no path of the scenario's fields is
// shown in the Plan section, in either language.
func TestInfeasiblePlanIsSaidOnceOnThePage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang        estimator.Lang
		advice, sep string
	}{
		{"en", "No plan meets every constraint; a plan needs a capital budget of at least USD 13,692,000, or a deadline of 10.5 days or more.", "Not priced: Buy DGX H200. Price: must be given, as the catalog publishes none for this system."},
		{"ja", "すべての制約を満たすプランはありません。設備投資の予算を USD 13,692,000 以上、または 1 回の学習の期限を 10.5 日 以上にすればプランがあります。", "価格なし：DGX H200 を購入。価格: カタログにこのシステムの公表価格がないため、指定してください。"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			p := open(t)
			p.goTo("/#preset=modern-2026&set=plan.acquire%3Dbuy&set=plan.capex_budget%3D1e7&lang=" + string(tc.lang))
			p.ready("body")
			p.press("button[data-action=plan]")
			_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.querySelector('[data-role=plan-out] table') !== null`, chromedp.WithPollingTimeout(60*time.Second)))
			require.NoError(t, err)
			lines := run[[]string](p, `[...document.querySelectorAll('[data-role=plan-out] p, [data-role=plan-out] li')].map((e) => e.textContent)`)
			require.NotEmpty(t, lines)
			assert.Equal(t, tc.advice, lines[0])
			assert.Contains(t, lines, tc.sep)
			all := strings.Join(lines, "\n")
			assert.Equal(t, 1, strings.Count(all, "13,692,000"), "the advice, once")
			assert.NotRegexp(t, `plan\.[a-z_]+|systems\[\d+\]`, all)
		})
	}
}
