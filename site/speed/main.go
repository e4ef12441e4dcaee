// Command speed measures how soon the page shows its figure, goes live and
// answers a change, beside other pages if asked (make speed):
//
//	go run ./site/speed [-dir site/dist] [-runs 9] [-cpu 1,4] [-latency 40ms -kbps 10000] [-keys 8 -key-every 400ms] [-versus DIR ...] [-peer URL|DIR ...] [-floor]
//
// A CPU slowdown k gives the browser's processes 1/k of the machine's CPU
// time (cpuQuota), its workers included.
//
// It serves dir on loopback with the handler trainscale serve uses
// (precompressed files, the page's CSP), loads it runs times in headless
// Chromium, each load in a fresh browser context with the cache off, and
// prints the medians (and the range) of:
//
//   - painted: the first contentful paint (the prerendered figure);
//   - parsed: the end of DOMContentLoaded, which the page's mount waits for;
//   - live: when the page says its estimator is ready (an element gets
//     data-ready="true", which mount sets); a peer, a static page, counts as
//     live at its load event;
//   - result: when the page changed after typing into an input, typed the
//     moment the page is live (both from the start of navigation);
//   - keystrokes: from live on, keys real keystrokes (Chromium's own input
//     events, a "1" then a Backspace in turn) into the input, one every
//     key-every, each timed from its keydown to the page's first change
//     after its input event inside a figure (-answer; a peer's, any change):
//     the figures updated, with any wait for a task already running or for
//     the worker's answer; the median and the slowest of each load;
//   - longest task: the longest main-thread task (PerformanceObserver
//     longtask, so 0 means none over 50 ms) from live to the last keystroke
//     (while typing), and from live until settle after the last keystroke
//     (after live: what the page does once left alone, too);
//   - the bytes transferred before live and in all: for a dir, as its server
//     counts them, a worker's fetches too (the page's estimator worker fetches
//     the module itself); for a URL, the page's own resource entries.
//
// The targets' loads are interleaved round by round, each CPU slowdown in
// turn, so a peer and the page see the same machine; -versus measures
// another build of the page the same way, for a change's before and after.
// -floor adds the floor: a page of one heading, one input and one figure,
// which is as soon as any page paints, goes live and answers on this machine
// and browser, so that figures measured elsewhere can be read against it.
// It is a benchmark, not a test: it asserts nothing.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/trainscale/trainscale/site"
)

// target is one page measured: a URL, and the directory served there, if any.
type target struct {
	name   string
	dir    string // served on loopback when set; url is then filled in
	html   string // a page served on loopback as it stands (the floor); url is then filled in
	url    string
	ready  string // the attribute that says live, "" for the load event
	input  string // the CSS selector of the input typed into
	answer string // the CSS selector of the figures whose change answers typing, "" for any change
	csp    bool   // served with the page's CSP (the trainscale page) or without (a peer's inline scripts)
	sent   *tally // bytes served from dir so far, a worker's fetches too; nil for a URL
}

type config struct {
	runs     int
	cpus     []float64
	latency  time.Duration
	kbps     float64 // download throughput, kbit/s; 0 leaves the network alone
	settle   time.Duration
	keys     int           // keystrokes typed after live
	keyEvery time.Duration // between keystrokes
	addr     string
	chromium string
	targets  []target
	quota    *cpuQuota // the browser's CPU quota, when a slowdown is asked
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("speed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	dir := fs.String("dir", "site/dist", "the built page to serve (`dir`), or a URL to load")
	fs.IntVar(&c.runs, "runs", 9, "loads of each page per CPU slowdown, after one warm-up load")
	cpus := fs.String("cpu", "1", "CPU slowdowns, comma-separated: k gives the browser's processes, workers included, 1/k of the machine's CPU time (a cgroup quota; needs root)")
	fs.DurationVar(&c.latency, "latency", 0, "network round-trip latency added to each response, a worker's fetches too (the tool's servers shape them; a URL goes through a proxy)")
	fs.Float64Var(&c.kbps, "kbps", 0, "network download throughput in kbit/s, shared by every response of a load; 0 for none")
	fs.DurationVar(&c.settle, "settle", 3*time.Second, "how long after live to watch for long tasks")
	fs.IntVar(&c.keys, "keys", 8, "keystrokes typed after live, each timed to the page's change; 0 for none")
	// 400 ms: longer than the charts' 250 ms wait, so the charts' work runs between keystrokes, as it does for a user who pauses.
	fs.DurationVar(&c.keyEvery, "key-every", 400*time.Millisecond, "the time between keystrokes")
	fs.StringVar(&c.addr, "addr", "127.0.0.1:0", "where to serve dir (loopback)")
	fs.StringVar(&c.chromium, "chromium", "/usr/bin/chromium", "the Chromium to drive")
	ready := fs.String("ready", "data-ready", "the attribute set to \"true\" when the page is live")
	input := fs.String("input", `input[name="fleet.cars"]`, "the input typed into once the page is live")
	peerInput := fs.String("peer-input", "input", "the input typed into on a peer page")
	floor := fs.Bool("floor", false, "measure beside the page the least a page takes here: one heading, one input and one figure (floorPage)")
	// The page answers a keystroke from its worker, a moment after the
	// input event: something else changing meanwhile (the charts) is not
	// its answer. A peer's answer is whatever changes first.
	answer := fs.String("answer", "[data-quantity]", "typing is answered by the first change inside an element this CSS selector matches (\"\" for any change; a peer's is any)")
	var peers, versus []string
	fs.Func("versus", "another build of this page (a `dir` or URL), measured as the page is: before and after a change side by side (repeatable)", func(s string) error {
		versus = append(versus, s)
		return nil
	})
	fs.Func("peer", "another page to measure side by side: a URL or a `dir` of static files (repeatable)", func(s string) error {
		peers = append(peers, s)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	if c.runs < 1 {
		return c, fmt.Errorf("-runs must be at least 1, got %d", c.runs)
	}
	if c.kbps < 0 || c.latency < 0 || c.settle < 0 || c.keys < 0 || c.keyEvery < 0 {
		return c, errors.New("-kbps, -latency, -settle, -keys and -key-every must not be negative")
	}
	for f := range strings.SplitSeq(*cpus, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || v < 1 {
			return c, fmt.Errorf("-cpu: %q is not a slowdown of 1 or more", f)
		}
		c.cpus = append(c.cpus, v)
	}
	c.targets = append(c.targets, newTarget(*dir, *ready, *input, *answer, true))
	for _, v := range versus {
		c.targets = append(c.targets, newTarget(v, *ready, *input, *answer, true))
	}
	for _, p := range peers {
		c.targets = append(c.targets, newTarget(p, "", *peerInput, "", false))
	}
	if *floor {
		c.targets = append(c.targets, target{name: "floor", html: floorPage, input: "input"})
	}
	return c, nil
}

func newTarget(where, ready, input, answer string, csp bool) target {
	t := target{ready: ready, input: input, answer: answer, csp: csp}
	if strings.HasPrefix(where, "http://") || strings.HasPrefix(where, "https://") {
		t.url = where
		t.name = strings.TrimSuffix(strings.SplitN(where, "://", 2)[1], "/")
	} else {
		t.dir = where
		t.name = filepath.Base(filepath.Clean(where))
	}
	return t
}

func main() {
	c, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err == nil {
		err = run(context.Background(), c, os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "speed:", err)
		os.Exit(1)
	}
}

// run serves the directories, measures every target and prints the tables.
func run(ctx context.Context, c config, out io.Writer) error {
	var shape *link
	if c.latency > 0 || c.kbps > 0 {
		shape = newLink(c.latency, c.kbps)
	}
	for i := range c.targets {
		t := &c.targets[i]
		if t.dir == "" && t.html == "" && shape == nil {
			continue
		}
		var h http.Handler
		path := "/"
		switch {
		case t.html != "":
			h = pageHandler(t.html)
		case t.dir == "": // a URL, shaped through a proxy
			u, err := url.Parse(t.url)
			if err != nil {
				return fmt.Errorf("%s: %w", t.url, err)
			}
			h, path = proxy(u), u.RequestURI()
		default:
			if _, err := os.Stat(filepath.Join(t.dir, "index.html")); err != nil {
				return fmt.Errorf("%s: %w (make site builds the page)", t.dir, err)
			}
			h = site.Handler(t.dir)
			if !t.csp {
				h = withoutCSP(h)
			}
		}
		addr := c.addr
		if i > 0 {
			addr = "127.0.0.1:0"
		}
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return err
		}
		if shape != nil {
			h = shaped(h, shape)
		}
		t.sent = new(tally)
		h = counting(h, t.sent)
		srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
		go srv.Serve(ln)
		defer srv.Close()
		t.url = "http://" + ln.Addr().String() + path
	}

	chromium := c.chromium
	if slices.ContainsFunc(c.cpus, func(k float64) bool { return k > 1 }) {
		q, err := newCPUQuota()
		if err != nil {
			return fmt.Errorf("-cpu %g: %w", slices.Max(c.cpus), err)
		}
		// Deferred first, so it runs once the browser below has exited.
		defer func() {
			if err := q.close(); err != nil {
				fmt.Fprintln(os.Stderr, "speed: removing the CPU quota's cgroup:", err)
			}
		}()
		if chromium, err = q.wrap(c.chromium); err != nil {
			return err
		}
		c.quota = q
	}
	actx, cancel := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Headless,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true),
		chromedp.WindowSize(1280, 900))
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(bctx); err != nil { // start the browser
		return err
	}

	for _, cpu := range c.cpus {
		if c.quota != nil {
			if err := c.quota.set(cpu); err != nil {
				return fmt.Errorf("-cpu %g: %w", cpu, err)
			}
		}
		samples := make([][]sample, len(c.targets))
		for round := -1; round < c.runs; round++ { // round -1 warms up, uncounted
			for k := range c.targets {
				i := (k + max(round, 0)) % len(c.targets) // who goes first turns round by round
				s, err := measure(bctx, c, c.targets[i])
				if err != nil {
					return fmt.Errorf("%s (CPU x%g): %w", c.targets[i].name, cpu, err)
				}
				if round >= 0 {
					samples[i] = append(samples[i], s)
				}
			}
		}
		report(out, c, cpu, samples)
	}
	return nil
}

// floorPage is the least a page can be and still be measured as one: a
// heading to paint, an input to type into and a figure that answers it, with
// the browser's default style and one inline script. What it takes is this
// machine's and this browser's share of every figure, none of it the page's.
const floorPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title></head>
<body><h1>floor</h1><input value="100"> <output>100</output>
<script>const i = document.querySelector('input'); i.oninput = () => { document.querySelector('output').textContent = i.value; };</script>
</body></html>
`

// pageHandler serves html at / and nothing else.
func pageHandler(html string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, html)
	})
}

// withoutCSP serves a peer's files as they would be served elsewhere: its
// inline scripts are not the page's to forbid.
func withoutCSP(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(cspStripper{w}, r)
	})
}

type cspStripper struct{ http.ResponseWriter }

func (s cspStripper) WriteHeader(code int) {
	s.Header().Del("Content-Security-Policy")
	s.ResponseWriter.WriteHeader(code)
}

func (s cspStripper) Write(b []byte) (int, error) {
	s.Header().Del("Content-Security-Policy")
	return s.ResponseWriter.Write(b)
}

// counting adds the bytes h sends to n: the bodies, and the header blocks
// as HTTP/1.1 writes them, as the page's resource entries count them.
func counting(h http.Handler, n *tally) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(countingWriter{w, n}, r)
	})
}

type countingWriter struct {
	http.ResponseWriter
	n *tally
}

func (c countingWriter) WriteHeader(code int) {
	size := len("HTTP/1.1 000 \r\n\r\n") + len(http.StatusText(code))
	for k, vs := range c.Header() {
		for _, v := range vs {
			size += len(k) + len(": \r\n") + len(v)
		}
	}
	c.n.add(size)
	c.ResponseWriter.WriteHeader(code)
}

// Flush passes a shaped response's pacing on (shaped flushes each chunk).
func (c countingWriter) Flush() {
	if f, ok := c.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (c countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n.add(n)
	return n, err
}

// tally counts the bytes a server has sent, and when: a worker's fetches are
// not among the page's resource entries, so the bytes sent before the page
// went live are read from here (the wall clock is the browser's too).
type tally struct {
	mu    sync.Mutex
	total int64
	steps []step // total after each write, in order
}

type step struct {
	at    time.Time
	total int64
}

func (t *tally) add(n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.total += int64(n)
	t.steps = append(t.steps, step{time.Now(), t.total})
}

// load is the bytes sent so far.
func (t *tally) load() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.total
}

// by is the bytes sent by the moment at.
func (t *tally) by(at time.Time) int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	i := sort.Search(len(t.steps), func(i int) bool { return t.steps[i].at.After(at) })
	if i == 0 {
		return 0
	}
	return t.steps[i-1].total
}

// sample is one load's figures, in ms from the start of navigation (-1 when
// it did not happen) and bytes transferred.
type sample struct {
	Painted   float64 `json:"painted"`
	Parsed    float64 `json:"parsed"`
	Live      float64 `json:"live"`
	Result    float64 `json:"result"`
	Longest   float64 `json:"longest"`
	Typing    float64 `json:"typing"`    // the longest task from live to the last keystroke
	KeyMedian float64 `json:"keyMedian"` // of this load's keystrokes
	KeyMax    float64 `json:"keyMax"`
	BytesLive float64 `json:"bytesLive"`
	BytesAll  float64 `json:"bytesAll"`
	Origin    float64 `json:"origin"` // performance.timeOrigin: the navigation's start, ms since 1970
}

// watchJS runs before the page's own scripts. %[1]q is the ready attribute
// ("" for the load event), %[2]q the input's selector, %[3]q the answer's
// ("" for any change).
const watchJS = `(() => {
  const m = globalThis.__speed = { painted: -1, live: -1, typed: -1, result: -1, longs: [], keys: [] };
  const ready = %[1]q, input = %[2]q, answer = %[3]q;
  // answers says whether a change is (part of) the page's answer to typing.
  const answers = (records) => !answer || records.some((r) => (r.target.nodeType === 1 ? r.target : r.target.parentElement)?.closest(answer));
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') m.painted = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.longs.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  const live = () => {
    if (m.live >= 0) return;
    m.live = performance.now();
    setTimeout(type, 0);
  };
  if (ready) {
    const seen = new MutationObserver((records) => {
      if (records.some((r) => r.target.getAttribute(ready) === 'true')) { seen.disconnect(); live(); }
    });
    seen.observe(document, { subtree: true, attributes: true, attributeFilter: [ready] });
  } else {
    addEventListener('load', live);
  }
  // A real keystroke (isTrusted; the synthetic typing below is not) is
  // answered by the first change to the page after its input event: the
  // page's own input handlers have run by then.
  let keydown = -1, armed = false;
  addEventListener('keydown', (e) => { if (e.isTrusted) { keydown = e.timeStamp; armed = false; } }, true);
  addEventListener('input', (e) => { if (e.isTrusted && keydown >= 0) armed = true; }, true);
  new MutationObserver((records) => {
    if (!armed || !answers(records)) return;
    m.keys.push(performance.now() - keydown);
    armed = false;
    keydown = -1;
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  // type changes the input as a user would (a number one up, else a digit
  // more) and notes when the page first changes in answer.
  function type() {
    const el = document.querySelector(input);
    if (!el) { m.typed = -2; return; }
    const changed = new MutationObserver((records) => {
      if (!answers(records)) return;
      changed.disconnect();
      m.result = performance.now();
    });
    changed.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    el.focus();
    const v = Number(el.value);
    el.value = el.value !== '' && Number.isFinite(v) ? String(v + 1) : el.value + '1';
    m.typed = performance.now();
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
})()`

// doneJS says the load is over: live, answered (or nothing to type into, or
// no answer in 10 s) and watched for settle ms after live and the last
// keystroke.
const doneJS = `(() => {
  const m = globalThis.__speed, now = performance.now();
  if (!m || m.live < 0 || now - Math.max(m.live, m.keysDone ?? -1) < %d) return false;
  return m.result >= 0 || m.typed === -2 || (m.typed >= 0 && now - m.typed > 10000);
})()`

const collectJS = `(() => {
  const m = globalThis.__speed;
  let longest = 0, typing = m.keysDone >= 0 ? 0 : -1;
  for (const [start, d] of m.longs) {
    if (start >= m.live) longest = Math.max(longest, d);
    if (start >= m.live && start < m.keysDone) typing = Math.max(typing, d);
  }
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  let bytesLive = 0, bytesAll = 0;
  for (const e of entries) {
    bytesAll += e.transferSize;
    if (e.responseEnd <= m.live) bytesLive += e.transferSize;
  }
  const nav = performance.getEntriesByType('navigation')[0];
  const keys = [...m.keys].sort((a, b) => a - b);
  return { painted: m.painted, parsed: nav ? nav.domContentLoadedEventEnd : -1, live: m.live, result: m.result, longest, typing, bytesLive, bytesAll, origin: performance.timeOrigin,
    keyMedian: keys.length ? keys[keys.length >> 1] : -1, keyMax: keys.length ? keys[keys.length - 1] : -1 };
})()`

// measure loads t once in a new browser context (nothing cached, nothing
// compiled) and reads its figures.
func measure(bctx context.Context, c config, t target) (sample, error) {
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	defer cancelTime()
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return sample{}, err
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		return sample{}, err
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: fmt.Sprintf(watchJS, t.ready, t.input, t.answer)}); err != nil {
		return sample{}, err
	}
	var sent0 int64
	if t.sent != nil {
		sent0 = t.sent.load()
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(t.url)); err != nil {
		return sample{}, fmt.Errorf("loading %s: %w", t.url, err)
	}
	if err := typeKeys(ctx, c); err != nil {
		return sample{}, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(doneJS, c.settle.Milliseconds()),
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		return sample{}, fmt.Errorf("waiting for the page to go live and answer: %w", err)
	}
	s, err := chromedp.Run(ctx, chromedp.Evaluate[sample](collectJS))
	if err == nil && t.sent != nil {
		// What the server sent: a worker's fetches too, which the page's
		// resource entries leave out.
		s.BytesAll = float64(t.sent.load() - sent0)
		if s.Live >= 0 {
			// The server's clock is the browser's: the bytes sent by the
			// moment the page went live, the estimator worker's fetches too.
			live := time.UnixMicro(int64((s.Origin + s.Live) * 1000))
			s.BytesLive = float64(t.sent.by(live) - sent0)
		}
	}
	return s, err
}

// typeKeys waits for the page to go live and types c.keys keystrokes into
// the input the page focused, one every c.keyEvery: a "1", then a Backspace
// that takes it away, so the value stays valid and every keystroke changes
// the figures. A keystroke sent late (the page busy) is not made up for.
func typeKeys(ctx context.Context, c config) error {
	if c.keys == 0 {
		return nil
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`globalThis.__speed?.typed >= 0 || globalThis.__speed?.typed === -2`,
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		return fmt.Errorf("waiting for the page to go live: %w", err)
	}
	if typed, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`globalThis.__speed.typed`)); err != nil || typed < 0 {
		return err // nothing to type into: the load has no keystroke figures
	}
	start := time.Now()
	for i := range c.keys {
		time.Sleep(time.Until(start.Add(time.Duration(i+1) * c.keyEvery)))
		key := "1"
		if i%2 == 1 {
			key = kb.Backspace
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
			return fmt.Errorf("typing: %w", err)
		}
	}
	_, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`globalThis.__speed.keysDone = performance.now()`))
	return err
}

// report prints one table: a row per figure, a column per target.
func report(out io.Writer, c config, cpu float64, samples [][]sample) {
	net := "network not throttled"
	if c.latency > 0 || c.kbps > 0 {
		net = fmt.Sprintf("network %v latency, %g kbit/s", c.latency, c.kbps)
	}
	fmt.Fprintf(out, "CPU x%g, %s: medians (min-max) of %d loads each\n", cpu, net, c.runs)
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "\t"
	for _, t := range c.targets {
		head += t.name + "\t"
	}
	fmt.Fprintln(w, head)
	rows := []struct {
		name  string
		unit  string
		scale float64
		get   func(sample) float64
	}{
		{"figure painted (FCP)", "ms", 1, func(s sample) float64 { return s.Painted }},
		{"HTML parsed (DOMContentLoaded)", "ms", 1, func(s sample) float64 { return s.Parsed }},
		{"page live", "ms", 1, func(s sample) float64 { return s.Live }},
		{"result after typing at live", "ms", 1, func(s sample) float64 { return s.Result }},
		{"keystroke to updated figures, median", "ms", 1, func(s sample) float64 { return s.KeyMedian }},
		{"keystroke to updated figures, slowest", "ms", 1, func(s sample) float64 { return s.KeyMax }},
		{"longest task while typing", "ms", 1, func(s sample) float64 { return s.Typing }},
		{"longest task after live", "ms", 1, func(s sample) float64 { return s.Longest }},
		{"transferred before live", "KB", 1000, func(s sample) float64 { return s.BytesLive }},
		{"transferred in all", "KB", 1000, func(s sample) float64 { return s.BytesAll }},
	}
	for _, r := range rows {
		line := r.name + " (" + r.unit + ")\t"
		for _, ss := range samples {
			var v []float64
			for _, s := range ss {
				v = append(v, r.get(s)/r.scale)
			}
			line += cell(v) + "\t"
		}
		fmt.Fprintln(w, line)
	}
	w.Flush()
	fmt.Fprintln(out)
}

// cell is the median and the range of v, or "-" when any is missing (-1).
func cell(v []float64) string {
	if len(v) == 0 || slices.ContainsFunc(v, func(x float64) bool { return x < 0 }) {
		return "-"
	}
	slices.Sort(v)
	med := v[len(v)/2]
	if len(v)%2 == 0 {
		med = (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	if len(v) == 1 {
		return fmt.Sprintf("%.0f", med)
	}
	return fmt.Sprintf("%.0f (%.0f-%.0f)", med, v[0], v[len(v)-1])
}
