package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFlags(t *testing.T) {
	c, err := parseFlags([]string{"-runs", "3", "-cpu", "1, 4", "-latency", "40ms", "-kbps", "10000",
		"-peer", "http://127.0.0.1:9/paleo/", "-peer", "testdata/peer", "-versus", "/tmp/before", "-floor"}, os.Stderr)
	require.NoError(t, err)
	assert.Equal(t, 3, c.runs)
	assert.Equal(t, []float64{1, 4}, c.cpus)
	assert.Equal(t, 40*time.Millisecond, c.latency)
	assert.Equal(t, 10000.0, c.kbps)
	assert.Equal(t, []target{
		{name: "dist", dir: "site/dist", ready: "data-ready", input: `input[name="fleet.cars"]`, answer: "[data-quantity]", csp: true},
		{name: "before", dir: "/tmp/before", ready: "data-ready", input: `input[name="fleet.cars"]`, answer: "[data-quantity]", csp: true},
		{name: "127.0.0.1:9/paleo", url: "http://127.0.0.1:9/paleo/", input: "input"},
		{name: "peer", dir: "testdata/peer", input: "input"},
		{name: "floor", html: floorPage, input: "input"},
	}, c.targets)

	assert.Equal(t, 8, c.keys)
	assert.Equal(t, 400*time.Millisecond, c.keyEvery)

	for _, bad := range [][]string{{"-runs", "0"}, {"-cpu", "0.5"}, {"-cpu", "x"}, {"-kbps", "-1"}, {"-keys", "-1"}, {"extra"}} {
		_, err := parseFlags(bad, &bytes.Buffer{})
		assert.Error(t, err, bad)
	}
}

// tinyPage is a page that goes live as the trainscale page says it does
// (data-ready on body) and answers its input, from a script file as the
// CSP wants.
var tinyPage = map[string]string{
	"index.html": `<!doctype html><html><head><script type="module" src="app.js"></script></head>` +
		`<body><p>figure</p><input name="fleet.cars" value="100"><output data-quantity="cars">100</output></body></html>`,
	"app.js": `const i = document.querySelector('input');
i.addEventListener('input', () => { document.querySelector('output').textContent = i.value; });
document.body.dataset.ready = 'true';`,
	"peer/index.html": `<!doctype html><html><body><p>peer</p><input value="7"><output></output>` +
		`<script>const i = document.querySelector('input'); i.oninput = () => { document.querySelector('output').textContent = i.value * 2; };</script></body></html>`,
}

func TestMeasuresATinyPage(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium: make test runs it")
	}
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		t.Skip("no Chromium")
	}
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "peer"), 0o755))
	for name, text := range tinyPage {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	c, err := parseFlags([]string{"-dir", dir, "-runs", "1", "-settle", "100ms", "-keys", "2", "-key-every", "100ms", "-peer", filepath.Join(dir, "peer"), "-floor"}, os.Stderr)
	require.NoError(t, err)
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	require.NoError(t, run(ctx, c, &out))
	t.Log("\n" + out.String())
	assert.Contains(t, out.String(), "CPU x1, network not throttled: medians (min-max) of 1 loads each")
	for _, row := range []string{"figure painted (FCP) (ms)", "page live (ms)", "result after typing at live (ms)",
		"keystroke to updated figures, median (ms)", "keystroke to updated figures, slowest (ms)", "longest task while typing (ms)", "longest task after live (ms)"} {
		assert.Contains(t, out.String(), row)
	}
	assert.NotContains(t, out.String(), " - ", "every figure measured")
	assert.Regexp(t, `(?m)^\s+\S+\s+peer\s+floor$`, out.String(), "the floor is measured as a peer is, in a column of its own")
}

// A slowdown of k leaves the browser's cgroup 1/k of the machine's CPU
// time, in either cgroup version; 1 lifts the quota.
func TestCPUQuotaWritesTheShare(t *testing.T) {
	for _, v2 := range []bool{false, true} {
		q := &cpuQuota{dir: t.TempDir(), v2: v2, period: 100000}
		read := func(name string) string {
			b, err := os.ReadFile(filepath.Join(q.dir, name))
			require.NoError(t, err)
			return string(b)
		}
		share := strconv.Itoa(100000 * runtime.NumCPU() / 4)
		require.NoError(t, q.set(4))
		if v2 {
			assert.Equal(t, share+" 100000", read("cpu.max"))
		} else {
			assert.Equal(t, share, read("cpu.cfs_quota_us"))
			assert.Equal(t, "100000", read("cpu.cfs_period_us"))
		}
		require.NoError(t, q.set(1))
		if v2 {
			assert.Equal(t, "max 100000", read("cpu.max"))
		} else {
			assert.Equal(t, "-1", read("cpu.cfs_quota_us"))
		}
		script, err := q.wrap("/usr/bin/chromium")
		require.NoError(t, err)
		text, err := os.ReadFile(script)
		require.NoError(t, err)
		assert.Equal(t, "#!/bin/sh\necho $$ > '"+filepath.Join(q.dir, "cgroup.procs")+"'\nexec '/usr/bin/chromium' \"$@\"\n", string(text))
		require.NoError(t, os.RemoveAll(q.exec))
	}
}

// The link paces every response's bytes at its rate, one after another as
// over one connection, and holds each response's first byte for the round
// trip: on a clock of its own, each wait is the one the rate and latency
// give.
func TestLinkPacesResponses(t *testing.T) {
	now := time.Unix(0, 0)
	var slept []time.Duration
	l := newLink(40*time.Millisecond, 80) // 80 kbit/s: 10,000 bytes a second
	l.now = func() time.Time { return now }
	l.sleep = func(d time.Duration) { slept = append(slept, d) }

	l.send(5000)
	l.send(5000) // queued behind the first: both must cross
	assert.Equal(t, []time.Duration{500 * time.Millisecond, time.Second}, slept)
	now = now.Add(3 * time.Second) // the link idle again: no backlog
	l.send(1000)
	assert.Equal(t, 100*time.Millisecond, slept[2])

	slept = nil
	body := strings.Repeat("x", chunk+100)
	h := shaped(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) }), l)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	assert.Equal(t, body, rec.Body.String())
	require.Len(t, slept, 3, "the round trip, then two chunks")
	assert.Equal(t, 40*time.Millisecond, slept[0])
	assert.Equal(t, time.Duration(float64(chunk)/10000*float64(time.Second)), slept[1]-100*time.Millisecond)
	assert.True(t, rec.Flushed, "each chunk is flushed")
}
