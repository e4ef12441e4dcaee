package site_test

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/examples"
	corepage "github.com/trainscale/trainscale/internal/page"
	"github.com/trainscale/trainscale/site"
)

const chromium = "/usr/bin/chromium"

// needs skips a test when a tool is missing, except in CI, where it fails.
func needs(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is missing: %v", path, err)
		}
		t.Skipf("%s is missing", path)
	}
}

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// built builds the page once for every test of the package, into a
// temporary directory, with the code make site runs.
func built(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		// Building the wasm modules and starting Chromium take most of a
		// minute: the quick loop leaves them to make test.
		t.Skip("builds the page and drives Chromium: make test runs it")
	}
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "trainscale-site-*")
		if buildErr != nil {
			return
		}
		// The whole page, the export module included: one that does not
		// build fails every browser test rather than skipping some.
		_, buildErr = site.Build(buildDir, site.Options{Root: "..", Fast: true})
	})
	require.NoError(t, buildErr)
	return buildDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if stopBrowser != nil {
		stopBrowser()
	}
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// One Chromium serves every browser test, each in a tab of its own with
// its own server (so its own origin and storage): starting a browser per
// test cost most of a second of CPU each. Each test but TestBudgets runs in
// parallel; TestBudgets, which times the page, runs alone before them.
var (
	browserOnce sync.Once
	browserCtx  context.Context
	browserErr  error
	stopBrowser func()
)

// browser is the shared Chromium's first tab, started on first use; new
// tabs are opened as its children.
func browser(t *testing.T) context.Context {
	t.Helper()
	browserOnce.Do(func() {
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Headless,
			chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
			chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true),
			// Tabs side by side are all in the background but one: none may
			// have its timers or frames slowed for that.
			chromedp.Flag("disable-background-timer-throttling", true),
			chromedp.Flag("disable-backgrounding-occluded-windows", true),
			chromedp.Flag("disable-renderer-backgrounding", true),
			chromedp.WindowSize(1280, 900))
		ctx, cancelBrowser := chromedp.NewContext(actx)
		browserCtx, browserErr = ctx, chromedp.Do(ctx)
		stopBrowser = func() { cancelBrowser(); cancelAlloc() }
	})
	require.NoError(t, browserErr)
	return browserCtx
}

// page is one headless Chromium tab on the built site, served by the same
// handler as trainscale serve. It records every request and fails the test on
// one that leaves 127.0.0.1, on an uncaught exception and on a CSP violation.
type page struct {
	t    *testing.T
	ctx  context.Context
	base string
	mu   sync.Mutex
	urls []string
	// served are the paths the server answered: a worker's own fetches
	// (the tools module's) are not among the tab's requests.
	served []string
	errs   []string
	held   map[string]chan struct{} // paths the server answers only once released (hold)
}

// hold keeps the server from answering path until release is called (or
// the test ends): the page as it stands while a file is on its way.
func (p *page) hold(path string) (release func()) {
	gate := make(chan struct{})
	p.mu.Lock()
	if p.held == nil {
		p.held = map[string]chan struct{}{}
	}
	p.held[path] = gate
	p.mu.Unlock()
	release = sync.OnceFunc(func() { close(gate) })
	p.t.Cleanup(release)
	return release
}

func open(t *testing.T) *page {
	t.Helper()
	needs(t, chromium)
	dir := built(t)
	p := &page{t: t}
	h := site.Handler(dir)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.served = append(p.served, r.URL.Path)
		gate := p.held[r.URL.Path]
		p.mu.Unlock()
		if gate != nil {
			<-gate
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ctx, closeTab := chromedp.NewContext(browser(t))
	t.Cleanup(closeTab)
	p.ctx, p.base = ctx, srv.URL
	require.NoError(t, chromedp.Do(ctx)) // open the tab
	// A new tab takes the browser's default size, not the first window's.
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)))
	require.NoError(t, chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			p.urls = append(p.urls, ev.Request.URL)
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			text := d.Text
			if d.Exception != nil {
				text += " " + d.Exception.Description
			}
			p.errs = append(p.errs, "exception: "+text)
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError {
				p.errs = append(p.errs, "console: "+ev.Entry.Text)
			}
		}
	}))
	t.Cleanup(p.check)
	return p
}

// check fails on requests away from localhost and on page errors.
func (p *page) check() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, u := range p.urls {
		pu, err := url.Parse(u)
		if err != nil || pu.Scheme == "data" || pu.Scheme == "blob" {
			continue
		}
		assert.Equal(p.t, "127.0.0.1", pu.Hostname(), "a request left localhost: %s", u)
	}
	assert.Empty(p.t, p.errs, "errors in the page")
}

func (p *page) requested(name string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.ContainsFunc(p.urls, func(u string) bool { return strings.HasSuffix(strings.SplitN(u, "#", 2)[0], "/"+name) }) ||
		slices.Contains(p.served, "/"+name)
}

func countOf(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

func (p *page) goTo(path string) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, chromedp.Navigate(p.base+path)))
}

func run[T any](p *page, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	require.NoError(p.t, err, js)
	return v
}

// ready waits until the wasm module has taken over the page (or an element).
func (p *page) ready(selector string) {
	p.t.Helper()
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelector(%q)?.dataset.ready === 'true'`, selector), chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(p.t, err)
}

// values reads every data-quantity element's exact value, by id (all elements
// with one id must agree).
const valuesJS = `(() => {
  const root = %s;
  const out = {};
  for (const el of root.querySelectorAll('[data-quantity]')) {
    const id = el.dataset.quantity, v = el.dataset.value;
    // the same number may be written two ways (Go's 6.922e+07, JS's 69220000)
    if (id in out && Number(out[id]) !== Number(v)) out[id] = 'MISMATCH ' + out[id] + ' ' + v; else out[id] = v;
  }
  return out;
})()`

func (p *page) values(root string) map[string]string {
	return run[map[string]string](p, fmt.Sprintf(valuesJS, root))
}

func coreEstimate(t *testing.T, preset string, overrides ...estimator.Override) *estimator.Estimate {
	t.Helper()
	data, ok := examples.Read(preset)
	require.True(t, ok, preset)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	return est
}

// sameFigures checks the page shows exactly the core's values, every one.
func sameFigures(t *testing.T, got map[string]string, est *estimator.Estimate) {
	t.Helper()
	require.NotEmpty(t, got)
	for _, q := range est.Quantities() {
		text, ok := got[q.ID]
		if !assert.True(t, ok, "the page shows no %s", q.ID) {
			continue
		}
		var v float64
		_, err := fmt.Sscan(text, &v)
		if assert.NoError(t, err, "%s = %q", q.ID, text) {
			assert.Equal(t, q.Value, v, q.ID)
		}
	}
	assert.Len(t, got, len(est.Quantities()))
}

func TestPrerenderedFiguresAreTheCore(t *testing.T) {
	t.Parallel()
	// Without a browser: the built HTML itself carries the figures.
	html, err := os.ReadFile(filepath.Join(built(t), "index.html"))
	require.NoError(t, err)
	est := coreEstimate(t, examples.Default)
	for _, id := range []string{"data.processed", "team.inception-v3.systems.dgx-1-p100", "team.resnet-50.systems.dgx-1-v100"} {
		q, _ := est.Get(id)
		assert.Contains(t, string(html), fmt.Sprintf(`data-quantity="%s" data-value="%s"`, id, fmt.Sprint(q.Value)))
	}
	assert.NotContains(t, string(html), "{{")
	// One inline script, boot.js in the head, which the CSP allows by its hash.
	assert.Equal(t, 1, strings.Count(string(html), "<script>"), "inline scripts")
	assert.Contains(t, string(html), "<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<script>"+site.BootScript+"</script>")
	assert.Contains(t, site.CSP, "script-src 'self' 'wasm-unsafe-eval' 'sha256-")
}

// A value typed before the page is live (here while the estimator module is
// held back) is answered once it is: the figures follow the form, not the
// prerendered scenario.
func TestTypedBeforeLiveIsAnswered(t *testing.T) {
	t.Parallel()
	p := open(t)
	release := p.hold("/estimator.wasm")
	p.goTo("/")
	require.True(t, run[bool](p, `(() => {
  const el = document.querySelector('[name="fleet.cars"]');
  el.value = '300'; el.dispatchEvent(new Event('input', {bubbles: true}));
  return document.body.dataset.ready !== 'true';
})()`), "typed before live")
	release()
	p.ready("body")
	p.idle("document")
	sameFigures(t, p.values("document"), coreEstimate(t, examples.Default, estimator.Override{Path: "fleet.cars", Value: "300"}))
}

func TestPageShowsTheCoreFigures(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	est := coreEstimate(t, examples.Default)
	sameFigures(t, p.values("document"), est) // before or after the module: the same
	p.ready("body")
	sameFigures(t, p.values("document"), est)
	assert.True(t, p.requested("estimator.wasm"))
	assert.True(t, p.requested("estimator-worker.js"))
	// One worker, boot.js's, adopted by estimator(): the module is fetched once.
	p.mu.Lock()
	assert.Equal(t, 1, countOf(p.served, "/estimator.wasm"), "estimator.wasm served %v", p.served)
	assert.Equal(t, 1, countOf(p.served, "/estimator-worker.js"))
	p.mu.Unlock()
	assert.False(t, run[bool](p, `'trainscale' in globalThis || 'Go' in globalThis`), "the estimator module runs in its worker, not on the page's thread")
	assert.False(t, p.requested("export.wasm"), "the export module is fetched only when asked for")
	assert.Equal(t, 0, run[int](p, `document.querySelectorAll('input:not([name]):not([type=file]), select:not([name]):not([data-role])').length`), "every input carries its scenario path")
	// The reports' charts, from the tools module, drawn by echarts.
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.body.dataset.charts > 0 && document.querySelectorAll('[data-chart] svg').length > 0`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)
	assert.True(t, p.requested("tools-worker.js"))
	assert.True(t, p.requested("tools.wasm"))
	assert.False(t, run[bool](p, `'trainscaleTools' in globalThis`), "the tools module runs in its worker, not on the page's thread")
	assert.True(t, p.requested("echarts.min.js"))
}

// set types a value into the input named path, as a user would, and waits
// for the page to show the core's answer.
func (p *page) set(root, path, value string) {
	p.t.Helper()
	ok := run[bool](p, fmt.Sprintf(`(async () => {
  const root = %s;
  const el = root.querySelector('[name="' + CSS.escape(%q) + '"]');
  if (!el) return false;
  el.focus(); el.value = %q; el.dispatchEvent(new Event('input', {bubbles: true}));
  await (root.host || root.body).trainscaleIdle();
  return true;
})()`, root, path, value))
	require.True(p.t, ok, "no input named %s", path)
}

// idle waits until the page (or an element's shadow root) has shown every
// change made so far: the core answers in its worker, after the event.
func (p *page) idle(root string) {
	p.t.Helper()
	run[bool](p, fmt.Sprintf(`(async () => { const root = %s; await (root.host || root.body).trainscaleIdle(); return true; })()`, root))
}

// pickLang picks a language as a user would and waits for the page to show it.
func (p *page) pickLang(root string, lang estimator.Lang) {
	p.t.Helper()
	run[bool](p, fmt.Sprintf(`(() => { const l = %s.querySelector('[data-role=lang]'); l.value = %q; l.dispatchEvent(new Event('change')); return true; })()`, root, lang))
	p.idle(root)
}

func TestChangeRecomputes(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	p.set("document", "fleet.cars", "300")
	p.set("document", "team.target_days", "5")
	p.set("document", "systems[1].speedup", "3")
	sameFigures(t, p.values("document"), coreEstimate(t, examples.Default,
		estimator.Override{Path: "fleet.cars", Value: "300"}, estimator.Override{Path: "team.target_days", Value: "5"},
		estimator.Override{Path: "systems[1].speedup", Value: "3"}))
	// A change of the list of quantities renders the results again.
	p.set("document", "growth.factor", "4")
	sameFigures(t, p.values("document"), coreEstimate(t, examples.Default,
		estimator.Override{Path: "fleet.cars", Value: "300"}, estimator.Override{Path: "team.target_days", Value: "5"},
		estimator.Override{Path: "systems[1].speedup", Value: "3"},
		estimator.Override{Path: "growth.factor", Value: "4"}))
}

// A value outside its input's range is taken, not refused: the core moves the
// range with it (38 MB/s for Inception-v3, whose range was [16.15, 21.85]).
func TestPointOutsideItsRangeIsTaken(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	p.set("document", "workloads[2].mb_per_s", "38")
	sameFigures(t, p.values("document"), coreEstimate(t, examples.Default, estimator.Override{Path: "workloads[2].mb_per_s", Value: "38"}))
	msg := run[string](p, `(() => { const el = document.querySelector('[name="workloads[2].mb_per_s"]'); const e = el.closest('.field').querySelector('.error'); return el.getAttribute('aria-invalid') + '|' + (e.hidden ? '' : e.textContent); })()`)
	assert.Equal(t, "null|", msg)
}

// Full-width digits, as a Japanese input method types them, read as ASCII.
func TestFullWidthDigitsAreTaken(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/#lang=ja")
	p.ready("body")
	p.set("document", "fleet.cars", "３００")
	p.set("document", "fleet.tb_per_hour", "１．５")
	sameFigures(t, p.values("document"), coreEstimate(t, examples.Default,
		estimator.Override{Path: "fleet.cars", Value: "300"}, estimator.Override{Path: "fleet.tb_per_hour", Value: "1.5"}))
	// A range's own ends too.
	p.set("document", "workloads[2].mb_per_s.low", "１５")
	msg := run[string](p, `(() => { const el = document.querySelector('[name="workloads[2].mb_per_s.low"]'); const e = el.closest('.field').querySelector('.error'); return el.getAttribute('aria-invalid') + '|' + (e.hidden ? '' : e.textContent); })()`)
	assert.Equal(t, "null|", msg)
}

func TestInvalidValueShowsErrorAndKeepsResult(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	p.set("document", "fleet.cars", "250")
	before := p.values("document")
	// The field shows the core's problem as the API gives it, beside its label.
	for _, tc := range []struct{ bad, want string }{
		{"-5", "true|must be > 0, got -5"},
		{"many", "true|must be a number"},
		{"", "true|must be a number"},
	} {
		p.set("document", "fleet.cars", tc.bad)
		msg := run[string](p, `(() => { const el = document.querySelector('[name="fleet.cars"]'); const e = el.closest('.field').querySelector('.error'); return el.getAttribute('aria-invalid') + '|' + (e.hidden ? '' : e.textContent); })()`)
		assert.True(t, strings.HasPrefix(msg, tc.want), "%q: %q", tc.bad, msg)
		assert.Equal(t, before, p.values("document"), "the last valid result stays for %q", tc.bad)
	}
	p.set("document", "fleet.cars", "250")
	assert.Equal(t, "null|", run[string](p, `(() => { const el = document.querySelector('[name="fleet.cars"]'); const e = el.closest('.field').querySelector('.error'); return el.getAttribute('aria-invalid') + '|' + (e.hidden ? '' : e.textContent); })()`))
}

func TestLinkReproducesTheScenario(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	run[bool](p, `(() => { document.querySelector('[data-role=preset]').value = 'modern-2026'; document.querySelector('[data-role=preset]').dispatchEvent(new Event('change')); return true; })()`)
	p.idle("document")
	p.set("document", "team.target_days", "3")
	link := run[string](p, `(async () => { for (let i = 0; i < 50 && !location.hash.includes('team.target_days'); i++) await new Promise(r => setTimeout(r, 50)); return location.href; })()`)
	assert.Contains(t, link, "preset=modern-2026")
	want := coreEstimate(t, "modern-2026", estimator.Override{Path: "team.target_days", Value: "3"})
	sameFigures(t, p.values("document"), want)

	q := open(t) // a fresh browser opening the link
	q.goTo(strings.TrimPrefix(link, p.base))
	q.ready("body")
	sameFigures(t, q.values("document"), want)
	assert.Equal(t, "3", run[string](q, `document.querySelector('[name="team.target_days"]').value`))

	// An imported scenario travels in the link too.
	data, _ := examples.Read("vgg16-titan-x")
	r := open(t)
	r.goTo("/#scenario=" + base64.RawURLEncoding.EncodeToString(data) + "&set=team.members%3D12&lang=ja")
	r.ready("body")
	s, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "team.members", Value: "12"})
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	sameFigures(t, r.values("document"), est)
	assert.Equal(t, "ja", run[string](r, `document.documentElement.lang`))
	// The page's words come from messages-ja.json, as the core wrote them.
	r.hasWords("document", "ja")
	assert.True(t, r.requested("messages-ja.json"))
}

// hasWords checks that root's words (its data-i18n elements) read as the
// core's messages in lang do.
func (p *page) hasWords(root string, lang estimator.Lang) {
	p.t.Helper()
	words := run[map[string]string](p, fmt.Sprintf(`Object.fromEntries([...%s.querySelectorAll('[data-i18n]')].map((el) => [el.dataset.i18n, el.textContent]))`, root))
	require.NotEmpty(p.t, words)
	want := corepage.Messages(lang)
	for key, text := range words {
		if w, ok := want[key]; ok {
			assert.Equal(p.t, w, text, key)
		}
	}
}

func TestJSONImportAndExplain(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	data, _ := examples.Read("cifar10-cpu-vs-gpu")
	ok := run[bool](p, fmt.Sprintf(`import('./ui.js').then(() => true)`))
	require.True(t, ok)
	// The file picker cannot be driven headless; the import path behind it can.
	run[bool](p, fmt.Sprintf(`(async () => { const dt = new DataTransfer(); dt.items.add(new File([%q], 's.json', {type: 'application/json'})); const f = document.querySelector('[data-role=file]'); f.files = dt.files; f.dispatchEvent(new Event('change')); await new Promise(r => setTimeout(r, 200)); return true; })()`, string(data)))
	p.idle("document")
	sameFigures(t, p.values("document"), coreEstimate(t, "cifar10-cpu-vs-gpu"))
	text := run[string](p, `(async () => { document.querySelector('[data-quantity]').click(); await document.body.trainscaleIdle(); return document.querySelector('[data-role=explain-text]').textContent; })()`)
	assert.Contains(t, text, "=")
	assert.True(t, run[bool](p, `document.querySelector('[data-role=explain]').open`))
}

func TestEmbedExample(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/embed/")
	p.ready("trainscale-estimator")
	preset := run[string](p, `document.querySelector('trainscale-estimator').getAttribute('preset')`)
	sameFigures(t, p.values(`document.querySelector('trainscale-estimator').shadowRoot`), coreEstimate(t, preset))
	p.set(`document.querySelector('trainscale-estimator').shadowRoot`, "team.members", "40")
	sameFigures(t, p.values(`document.querySelector('trainscale-estimator').shadowRoot`), coreEstimate(t, preset, estimator.Override{Path: "team.members", Value: "40"}))
}

const captureDownloads = `(() => {
  window.__downloads = [];
  const blobs = new Map();
  const create = URL.createObjectURL;
  URL.createObjectURL = (b) => { const u = create(b); blobs.set(u, b); return u; };
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (!this.download) return click.call(this);
    window.__downloads.push(blobs.get(this.href).arrayBuffer().then((b) => {
      const u = new Uint8Array(b); let s = '';
      for (let i = 0; i < u.length; i += 0x8000) s += String.fromCharCode(...u.subarray(i, i + 0x8000));
      return {name: this.download, b64: btoa(s)};
    }));
  };
  return true;
})()`

func (p *page) download(button string) (string, []byte) {
	p.t.Helper()
	run[bool](p, fmt.Sprintf(`(document.querySelector(%q).click(), true)`, button))
	type file struct{ Name, B64 string }
	f := run[file](p, `(async () => { for (let i = 0; i < 600 && window.__downloads.length === 0; i++) await new Promise(r => setTimeout(r, 100)); const f = await window.__downloads.shift(); return {Name: f.name, B64: f.b64}; })()`)
	data, err := base64.StdEncoding.DecodeString(f.B64)
	require.NoError(p.t, err)
	return f.Name, data
}

func TestExports(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	p.set("document", "fleet.cars", "150")
	assert.False(t, p.requested("export.wasm"))
	run[bool](p, captureDownloads)
	name, js := p.download("[data-action=export-json]")
	assert.True(t, strings.HasSuffix(name, ".json"), name)
	s, err := estimator.Decode(bytes.NewReader(js))
	require.NoError(t, err, "the exported JSON is a valid scenario")
	assert.Equal(t, 150.0, s.Fleet.Cars)
	assert.False(t, p.requested("export.wasm"), "JSON needs no export module")
	name, xl := p.download("[data-export=xlsx]")
	assert.True(t, p.requested("export.wasm"))
	assert.True(t, strings.HasSuffix(name, ".xlsx"), name)
	require.True(t, bytes.HasPrefix(xl, []byte("PK\x03\x04")), "a zip")
	f, err := excelize.OpenReader(bytes.NewReader(xl))
	require.NoError(t, err)
	assert.NotEmpty(t, f.GetSheetList())
	f.Close()
	name, pdf := p.download("[data-export=pdf]")
	assert.True(t, strings.HasSuffix(name, ".pdf"), name)
	assert.True(t, bytes.HasPrefix(pdf, []byte("%PDF-")), "a PDF")
	name, html := p.download("[data-export=html]")
	assert.True(t, strings.HasSuffix(name, ".html"), name)
	assert.Contains(t, string(html), "<html")
}

// TestBudgets measures the page the way docs/engineering.md quotes it; it asserts only
// what is not a wall-clock limit (which files are fetched, module sizes).
func TestBudgets(t *testing.T) {
	p := open(t)
	p.goTo("/")
	p.ready("body")
	p.goTo("/") // measure a second visit: the browser's own start-up is not the page's
	p.ready("body")
	type timing struct {
		FCP, Interactive, DOMContentLoaded float64
		Figures                            int
	}
	tm := run[timing](p, `(() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const ready = performance.getEntriesByName('trainscale-interactive')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  return {FCP: fcp ? fcp.startTime : -1, Interactive: ready ? ready.startTime : -1, DOMContentLoaded: nav.domContentLoadedEventEnd, Figures: document.querySelectorAll('[data-quantity]').length};
})()`)
	for i := range 60 {
		p.set("document", "fleet.cars", fmt.Sprint(100+i))
	}
	ms := run[[]float64](p, `trainscaleTimings.filter((x) => x.what === 'recompute').map((x) => x.ms)`)
	sort.Float64s(ms)
	p95 := ms[len(ms)*95/100]
	core := run[[]float64](p, `trainscaleTimings.filter((x) => x.what === 'recompute').map((x) => x.core)`)
	sort.Float64s(core)
	t.Logf("of which the wasm call: p50 %.2f ms p95 %.2f ms", core[len(core)/2], core[len(core)*95/100])
	t.Logf("first contentful paint %.0f ms (figures prerendered: %d elements), DOMContentLoaded %.0f ms, interactive %.0f ms, recompute p50 %.2f ms p95 %.2f ms (%d changes)",
		tm.FCP, tm.Figures, tm.DOMContentLoaded, tm.Interactive, ms[len(ms)/2], p95, len(ms))
	assert.Positive(t, tm.Figures)
	assert.False(t, p.requested("export.wasm"), "the export module is fetched only when asked for")
	var sizes map[string]site.Size
	raw, err := os.ReadFile(filepath.Join(built(t), "sizes.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &sizes))
	t.Logf("estimator.wasm %d B raw, %d B gzip (brotli in this fast test build: %d B)", sizes["estimator.wasm"].Raw, sizes["estimator.wasm"].Gzip, sizes["estimator.wasm"].Brotli)
}

// edited is the estimate of a preset changed as the page's Add and Remove
// buttons change it, on the scenario's JSON (ranges in place, sources by path).
func edited(t *testing.T, preset string, edit func(s map[string]any)) *estimator.Estimate {
	t.Helper()
	data, ok := examples.Read(preset)
	require.True(t, ok, preset)
	var tree map[string]any
	require.NoError(t, json.Unmarshal(data, &tree))
	edit(tree)
	out, err := json.Marshal(tree)
	require.NoError(t, err)
	s, err := estimator.Decode(bytes.NewReader(out))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	return est
}

// addCopy appends a copy of list's last item as the page does: id with -2,
// no label, a system's catalog kept, the last item's sources copied to the new one.
func addCopy(s map[string]any, list string) {
	items := s[list].([]any)
	last := items[len(items)-1].(map[string]any)
	c := map[string]any{}
	for k, v := range last {
		c[k] = v
	}
	c["id"] = last["id"].(string) + "-2"
	delete(c, "label")
	if _, catalog := hardware.SystemByID(last["id"].(string)); list == "systems" && last["catalog"] == nil && catalog {
		c["catalog"] = last["id"] // the catalog system the id stood for
	}
	s[list] = append(items, c)
	sources := s["sources"].(map[string]any)
	from, to := fmt.Sprintf("%s[%d].", list, len(items)-1), fmt.Sprintf("%s[%d].", list, len(items))
	for k, v := range sources {
		if rest, ok := strings.CutPrefix(k, from); ok {
			sources[to+rest] = v
		}
	}
}

// press presses a button by keyboard (focus, then Enter), as a keyboard user would.
func (p *page) press(selector string) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, chromedp.Focus(chromedp.CSS(selector)), chromedp.KeyEvent("\r")))
	p.idle("document")
}

func (p *page) status() string {
	return run[string](p, `document.querySelector('[data-role=status]').textContent`)
}

func TestAddAndRemoveWorkloadsAndSystems(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	p.set("document", "fleet.cars", "200")
	cars := func(s map[string]any) { s["fleet"].(map[string]any)["cars"] = 200 }

	// A new workload: a copy of the last, under a new id; its rows join the results.
	p.press(`[data-action=add-item][data-list=workloads]`)
	withWorkload := edited(t, examples.Default, func(s map[string]any) { cars(s); addCopy(s, "workloads") })
	got := p.values("document")
	sameFigures(t, got, withWorkload)
	assert.Contains(t, got, "train.inception-v3-2.gpu_time.dgx-1-p100")
	assert.Contains(t, got, "team.inception-v3-2.systems.dgx-1-v100")
	assert.Equal(t, "Added inception-v3-2.", p.status())
	assert.Equal(t, "workloads[3].id", run[string](p, `document.activeElement.name`), "the new item's first field has the focus")
	assert.Equal(t, "inception-v3-2", run[string](p, `document.querySelector('[name="workloads[3].id"]').value`))

	// A new system likewise; then the link reproduces the edited scenario.
	p.press(`[data-action=add-item][data-list=systems]`)
	both := edited(t, examples.Default, func(s map[string]any) { cars(s); addCopy(s, "workloads"); addCopy(s, "systems") })
	sameFigures(t, p.values("document"), both)
	assert.Contains(t, p.values("document"), "train.inception-v3-2.gpu_time.dgx-1-v100-2")
	link := run[string](p, `(async () => { for (let i = 0; i < 50 && !location.hash.includes('scenario='); i++) await new Promise(r => setTimeout(r, 50)); return location.href; })()`)
	q := open(t)
	q.goTo(strings.TrimPrefix(link, p.base))
	q.ready("body")
	sameFigures(t, q.values("document"), both)

	// Removing them takes their rows away again.
	p.press(`[data-action=remove-item][data-list=systems][data-index="2"]`)
	p.press(`[data-action=remove-item][data-list=workloads][data-index="3"]`)
	assert.Equal(t, "Removed inception-v3-2.", p.status())
	assert.Equal(t, "workloads", run[string](p, `document.activeElement.dataset.list`), "the list's Add button has the focus")
	sameFigures(t, p.values("document"), edited(t, examples.Default, cars))

	// The core refuses a removal that leaves the scenario invalid, with its own
	// problem, the field by its label (its message on hover), and the page stays as it was.
	p.press(`[data-action=remove-item][data-list=workloads][data-index="2"]`)
	assert.Contains(t, p.status(), `Workload that sizes the purchase: names no workload of the scenario, got "inception-v3"`)
	assert.Contains(t, run[string](p, `document.querySelector('[data-role=status]').title`), `money.workload: names no workload of the scenario`)
	sameFigures(t, p.values("document"), edited(t, examples.Default, cars))
}

func TestRemovingTheLastItemIsRefused(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/#preset=article-2017&lang=ja")
	p.ready("body")
	// Money names inception-v3 and dgx-1-v100: remove the others first.
	p.press(`[data-action=remove-item][data-list=workloads][data-index="0"]`)
	p.press(`[data-action=remove-item][data-list=workloads][data-index="0"]`)
	p.press(`[data-action=remove-item][data-list=systems][data-index="0"]`)
	assert.Equal(t, "DGX-1 (Pascal) を削除しました。", p.status())
	only := edited(t, examples.Default, func(s map[string]any) {
		s["workloads"] = s["workloads"].([]any)[2:]
		s["systems"] = s["systems"].([]any)[1:]
		sources := s["sources"].(map[string]any)
		for k := range sources {
			if strings.HasPrefix(k, "workloads[0].") || strings.HasPrefix(k, "workloads[1].") || strings.HasPrefix(k, "systems[0].") {
				delete(sources, k)
			}
		}
		sources["workloads[0].mb_per_s"] = "article: Inception-v3, about 19 MB/s on one Pascal GPU"
		sources["systems[0].gpus"] = "DGX-1 with 8 Tesla V100 GPUs"
		sources["systems[0].speedup"] = "article: Volta trains ResNet-50 2.5x faster than Pascal at the time of writing"
	})
	sameFigures(t, p.values("document"), only)
	// The sources moved up with their items.
	assert.Equal(t, "article: Inception-v3, about 19 MB/s on one Pascal GPU", run[string](p, `document.getElementById('s-workloads-0-mb_per_s').textContent`))

	for _, tc := range []struct{ list, want string }{
		{"workloads", "シナリオにはワークロードが 1 つ以上必要です。別のワークロードを追加してから削除してください。"},
		{"systems", "シナリオにはシステムが 1 つ以上必要です。別のシステムを追加してから削除してください。"},
	} {
		p.press(fmt.Sprintf(`[data-action=remove-item][data-list=%s][data-index="0"]`, tc.list))
		assert.Equal(t, tc.want, p.status())
		assert.True(t, run[bool](p, `document.querySelector('[data-role=status]').classList.contains('bad')`))
		sameFigures(t, p.values("document"), only)
	}
}

func TestAddATransformerWorkload(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/#preset=llama-3-405b")
	p.ready("body")
	p.press(`[data-action=add-item][data-list=workloads]`)
	got := p.values("document")
	sameFigures(t, got, edited(t, "llama-3-405b", func(s map[string]any) { addCopy(s, "workloads") }))
	assert.Contains(t, got, "team.llama-3-405b-2.systems.dgx-h100")
	// The copy's transformer fields come from the fields table, in its own box.
	assert.Equal(t, "llama-3.1-405b", run[string](p, `document.querySelector('#g-workloads-1-transformer [name="workloads[1].transformer.model"]').value`))
}

// captions reads the results' table captions.
func (p *page) captions() []string {
	return run[[]string](p, `[...document.querySelectorAll('[data-role=results] caption')].map((c) => c.textContent)`)
}

func TestCaptionsFollowTheInputs(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	assert.Equal(t, []string{"One training run (50 epochs)", "Systems for the team (6 of 30 members submitting, 7-day target)"}, p.captions())
	p.set("document", "training.epochs", "60")
	p.set("document", "team.members", "40")
	p.set("document", "team.concurrent_jobs", "8")
	p.set("document", "team.target_days", "5")
	assert.Equal(t, []string{"One training run (60 epochs)", "Systems for the team (8 of 40 members submitting, 5-day target)"}, p.captions())
	sameFigures(t, p.values("document"), coreEstimate(t, examples.Default,
		estimator.Override{Path: "training.epochs", Value: "60"}, estimator.Override{Path: "team.members", Value: "40"},
		estimator.Override{Path: "team.concurrent_jobs", Value: "8"}, estimator.Override{Path: "team.target_days", Value: "5"}))
	// In Japanese too.
	p.pickLang("document", "ja")
	p.set("document", "training.epochs", "80")
	assert.Equal(t, "1 回の学習（80 エポック）", p.captions()[0])
}

// linkNow waits for the page to have written its link after a change.
func (p *page) linkNow(has string) string {
	return run[string](p, fmt.Sprintf(`(async () => { for (let i = 0; i < 50 && !location.hash.includes(%q); i++) await new Promise(r => setTimeout(r, 50)); return location.hash; })()`, has))
}

func TestBadLinksShowTheErrorAndKeepTheLink(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ hash, want string }{
		{"#preset=nope", "preset: must be a built-in scenario"},
		{"#preset=article-2017&set=fleet.cars%3D-1", "Cars: must be > 0, got -1"}, // by its label, as the form shows it
		{"#set=fleet.carz", `fleet.carz: unknown --set path: no field "carz"`},
		{"#scenario=eyJuYW1lIjoi%21%21", "the scenario in the link is damaged or cut short"},
		{"#scenario=d.AAAAAAAA", "the scenario in the link is damaged or cut short"},
	} {
		t.Run(tc.hash, func(t *testing.T) {
			p := open(t)
			p.goTo("/" + tc.hash)
			p.ready("body")
			assert.True(t, strings.HasPrefix(p.status(), "This link could not be used, so the default scenario is shown; the link is kept as it was:"), p.status())
			assert.Contains(t, p.status(), tc.want)
			assert.True(t, run[bool](p, `document.querySelector('[data-role=status]').classList.contains('bad')`))
			time.Sleep(400 * time.Millisecond) // past the link's write delay
			assert.Equal(t, tc.hash, run[string](p, `location.hash`), "the link stays as it was")
			sameFigures(t, p.values("document"), coreEstimate(t, examples.Default))
			// Still usable: a change is live and writes a new link.
			p.set("document", "fleet.cars", "300")
			sameFigures(t, p.values("document"), coreEstimate(t, examples.Default, estimator.Override{Path: "fleet.cars", Value: "300"}))
			assert.Equal(t, "Live: results follow every change.", p.status())
			// Wait for the new value: the bad link may already name fleet.cars.
			assert.Contains(t, p.linkNow("fleet.cars%3D300"), "preset="+examples.Default+"&set=fleet.cars%3D300")
		})
	}
}

func TestEditedScenarioLinkIsShort(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	p.press(`[data-action=add-item][data-list=workloads]`)
	hash := p.linkNow("scenario=")
	v, err := url.ParseQuery(strings.TrimPrefix(hash, "#"))
	require.NoError(t, err)
	assert.Equal(t, examples.Default, v.Get("from"))
	packed := v.Get("scenario")
	require.True(t, strings.HasPrefix(packed, "d."), packed)
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(packed, "d."))
	require.NoError(t, err)
	patch, err := io.ReadAll(flate.NewReader(bytes.NewReader(raw)))
	require.NoError(t, err, "deflate-raw, as compress/flate reads it")
	var members map[string]any
	require.NoError(t, json.Unmarshal(patch, &members), "a JSON merge patch")
	assert.Contains(t, members, "workloads")
	t.Logf("default scenario + one workload: link %d characters (patch %d bytes, deflated %d)", len(hash), len(patch), len(raw))
	assert.Less(t, len(hash), 2000)
	want := edited(t, examples.Default, func(s map[string]any) { addCopy(s, "workloads") })
	sameFigures(t, p.values("document"), want)

	// The link reproduces the scenario (older, plain links: TestLinkReproducesTheScenario).
	q := open(t)
	q.goTo("/" + hash)
	q.ready("body")
	sameFigures(t, q.values("document"), want)
	assert.Equal(t, "Live: results follow every change.", q.status())
}

func TestFormulaDialogReturnsFocus(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	p.press(`[data-role=results] [data-quantity="data.processed"]`)
	assert.True(t, run[bool](p, `document.querySelector('[data-role=explain]').open`))
	p.press(`[data-role=explain] form button`)
	assert.False(t, run[bool](p, `document.querySelector('[data-role=explain]').open`))
	assert.Equal(t, "data.processed", run[string](p, `document.activeElement.dataset.quantity || document.activeElement.tagName`))
	// Also when the results were rendered again while it was open.
	p.press(`[data-role=results] [data-quantity="data.raw"]`)
	p.set("document", "training.epochs", "70")
	run[bool](p, `(async () => { document.querySelector('[data-role=explain]').close(); await new Promise(r => setTimeout(r, 50)); return true; })()`)
	assert.Equal(t, "data.raw", run[string](p, `document.activeElement.dataset.quantity || document.activeElement.tagName`))
}

// today is the browser's date as the page writes it into a download's name.
func (p *page) today() string {
	return run[string](p, `(() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join('-'); })()`)
}

func TestDownloadsAreNamedAfterTheScenario(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	run[bool](p, captureDownloads)
	day := p.today()
	name, _ := p.download("[data-action=export-json]")
	assert.Equal(t, "nvidia-2017-100-data-cars-to-dgx-1-"+day+".json", name)
	name, _ = p.download("[data-export=xlsx]")
	assert.Equal(t, "nvidia-2017-100-data-cars-to-dgx-1-"+day+".xlsx", name)
}
