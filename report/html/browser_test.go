package html_test

import (
	"context"
	"fmt"
	"github.com/trainscale/trainscale/estimator"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/internal/echartsjs"
)

// chromium returns the browser's path; without one the test skips, unless CI
// is set.
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts Chromium: make test runs it")
	}
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed")
	}
	t.Skip("chromium is not installed")
	return ""
}

// TestBrowserDrawsEveryChartOffline opens the report in headless Chromium with
// every request but the page itself failed, and counts what echarts drew in
// each chart's container.
func TestBrowserDrawsEveryChartOffline(t *testing.T) {
	exe := chromium(t)
	js := echartsjs.JS
	b := bundle(t, "article-2017", "en", xss)
	page := write(t, b, js)

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/report.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	defer srv.Close()
	pageURL := srv.URL + "/report.html"

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Headless,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1200, 900),
	)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	defer cancelTimeout()

	// Every request pauses here: the page goes on, anything else fails.
	_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}})
	require.NoError(t, err)
	var (
		mu      sync.Mutex
		allowed int
		blocked []string
	)
	events := chromedp.Events(ctx, fetch.RequestPaused)
	go func() {
		for ev, err := range events {
			if err != nil {
				return
			}
			mu.Lock()
			if ev.Request.URL == pageURL {
				allowed++
				mu.Unlock()
				chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
				continue
			}
			blocked = append(blocked, ev.Request.URL)
			mu.Unlock()
			chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
		}
	}()

	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(pageURL)))
	want := 0
	for _, sp := range b.Charts {
		if !sp.Empty() {
			want++
		}
	}
	// Each chart container holds one echarts SVG with its drawn shapes.
	counts, err := chromedp.Run(ctx, chromedp.Poll[map[string]int](fmt.Sprintf(`(() => {
		const out = {};
		let drawn = 0;
		for (const el of document.querySelectorAll("[data-chart]")) {
			const svgs = el.querySelectorAll("svg").length;
			out[el.dataset.chart + ".svg"] = svgs;
			out[el.dataset.chart + ".shapes"] = el.querySelectorAll("svg path, svg rect, svg circle, svg polyline").length;
			out[el.dataset.chart + ".text"] = el.querySelectorAll("svg text").length;
			if (svgs > 0) drawn++;
		}
		return drawn >= %d ? out : null;
	})()`, want), chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)

	for _, sp := range b.Charts {
		if sp.Empty() {
			continue
		}
		assert.Equal(t, 1, counts[sp.ID+".svg"], sp.ID)
		assert.Greater(t, counts[sp.ID+".shapes"], 5, "%s: drawn shapes", sp.ID)
		assert.Greater(t, counts[sp.ID+".text"], 3, "%s: axis labels", sp.ID)
	}
	title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".scenario-name").textContent`))
	require.NoError(t, err)
	assert.Equal(t, xss, title, "the name shows as text, not as a script")
	scripts, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.scripts.length`))
	require.NoError(t, err)
	assert.Equal(t, 2, scripts, "the inlined echarts and the drawing script, nothing the name smuggled in")

	if dir := os.Getenv("TRAINSCALE_SHOTS"); dir != "" {
		for _, id := range chart.IDs() {
			shot, err := chromedp.Run(ctx, chromedp.Screenshot("#chart-"+id))
			if err == nil {
				os.WriteFile(filepath.Join(dir, id+".png"), shot, 0o644)
			}
		}
	}
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, 1, allowed, "the page itself")
	var others []string
	for _, u := range blocked {
		if !strings.HasSuffix(u, "/favicon.ico") { // the browser's own, not the page's
			others = append(others, u)
		}
	}
	assert.Empty(t, others, "the page asked the network for more")
}

// TestBrowserLeadsWithTheAnswer looks at the report as a reader does, at a
// desktop and a phone width, in both languages: the answer comes first,
// numbers sit right, no id breaks inside a part, the full tables are folded
// and nothing scrolls sideways. Before this test the page was 27,500 px tall
// at 1366 px.
func TestBrowserLeadsWithTheAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	exe := chromium(t)
	js := echartsjs.JS
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		page := write(t, bundle(t, "article-2017", lang, ""), js)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, page)
		}))
		for _, width := range []int{1366, 390} {
			t.Run(fmt.Sprintf("%s/%d", lang, width), func(t *testing.T) {
				alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
					chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Headless,
					chromedp.Flag("no-first-run", true), chromedp.Flag("disable-dev-shm-usage", true),
					chromedp.WindowSize(width, 900))
				defer cancelAlloc()
				ctx, cancel := chromedp.NewContext(alloc)
				defer cancel()
				ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
				defer cancelTimeout()
				require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL)))
				seen, err := chromedp.Run(ctx, chromedp.Poll[map[string]float64](`(() => {
					if (document.querySelectorAll("[data-chart] svg").length === 0) return null;
					const top = (sel) => document.querySelector(sel).getBoundingClientRect().top;
					let split = 0, left = 0, nums = 0;
					for (const el of document.querySelectorAll(".seg")) {
						if (el.getClientRects().length > 1) split++;
					}
					for (const el of document.querySelectorAll("td.num, th.num")) {
						if (el.getClientRects().length === 0) continue;
						nums++;
						if (getComputedStyle(el).textAlign !== "right") left++;
					}
					return {
						height: document.documentElement.scrollHeight,
						overflow: document.documentElement.scrollWidth - innerWidth,
						answer: top("#answer"), notes: top(".notes"), summary: top("#summary"),
						split, left, nums,
						open: document.querySelectorAll("details.full[open]").length,
						folded: document.querySelectorAll("details.full").length,
					};
				})()`, chromedp.WithPollingTimeout(30*time.Second)))
				require.NoError(t, err)
				assert.Less(t, seen["answer"], seen["notes"], "the answer before the notes")
				assert.Less(t, seen["answer"], seen["summary"], "the answer before the tables")
				assert.Zero(t, seen["split"], "an id broke inside a part")
				assert.Greater(t, seen["nums"], 30.0)
				assert.Zero(t, seen["left"], "numbers read right-aligned")
				assert.Equal(t, 3.0, seen["folded"], "assumptions, every quantity and every published figure fold away")
				assert.Zero(t, seen["open"])
				assert.LessOrEqual(t, seen["overflow"], 0.0, "no horizontal scroll")
				if width == 1366 {
					// 14,000 before the plan's options and the accuracy appendix (1,600 px).
					assert.Less(t, seen["height"], 16500.0, "the page at 1366 px")
				}
				t.Logf("%s at %d px: %.0f px tall", lang, width, seen["height"])
				if dir := os.Getenv("TRAINSCALE_SHOTS"); dir != "" {
					if shot, err := chromedp.Run(ctx, chromedp.Screenshot("#answer")); err == nil {
						os.WriteFile(filepath.Join(dir, fmt.Sprintf("answer-%s-%d.png", lang, width)), shot, 0o644)
					}
				}
			})
		}
		srv.Close()
	}
}
