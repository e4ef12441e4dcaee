package echartsjs_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/echarts"
	"github.com/trainscale/trainscale/internal/echartsjs"
	"github.com/trainscale/trainscale/report"
)

// root is the module's root, where package-lock.json and node_modules lie.
const root = "../.."

// The report inlines the script in a <script> element, which "</script" would
// end early; and the banner names the echarts the lockfile pins.
func TestTheScriptCanBeInlinedAndNamesThePinnedEcharts(t *testing.T) {
	assert.NotContains(t, string(bytes.ToLower(echartsjs.JS)), "</script")
	lock, err := os.ReadFile(filepath.Join(root, "package-lock.json"))
	require.NoError(t, err)
	var l struct {
		Packages map[string]struct{ Version string } `json:"packages"`
	}
	require.NoError(t, json.Unmarshal(lock, &l))
	pinned := l.Packages["node_modules/echarts"].Version
	require.NotEmpty(t, pinned, "package-lock.json pins echarts")
	banner := regexp.MustCompile(`^/\*! A custom build of Apache ECharts (\S+) `).FindSubmatch(echartsjs.JS)
	require.NotNil(t, banner, "the script starts with its banner")
	assert.Equal(t, pinned, string(banner[1]))
	// Assigned, not declared: a module worker importing the script gets it too.
	assert.Contains(t, string(echartsjs.JS), "globalThis.echarts=", "the script defines the global echarts")
}

// The committed script is what `make echarts` makes from the lockfile's
// echarts and esbuild: build.mjs is run into a temporary file and compared
// byte for byte. It needs node and npm ci's node_modules, so it runs in the
// full suite (CI runs npm ci first) and not with -short.
// The banner's licence lines, which `trainscale licenses` prints.
func TestNotice(t *testing.T) {
	n := echartsjs.Notice()
	assert.True(t, strings.HasPrefix(n, "A custom build of Apache ECharts "), n)
	for _, line := range []string{"Copyright 2017-2024 The Apache Software Foundation", "ZRender", "(BSD-3-Clause)", "tslib", "(0BSD)"} {
		assert.Contains(t, n, line)
	}
	assert.NotContains(t, n, "*/")
}

func TestTheCommittedScriptIsTheBuildsOutput(t *testing.T) {
	node := nodeAndModules(t)
	out := filepath.Join(t.TempDir(), echartsjs.Name)
	cmd := exec.Command(node, "build.mjs", out)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	built, err := os.ReadFile(out)
	require.NoError(t, err)
	// Not assert.Equal: its diff of two half-megabyte lines says nothing.
	assert.True(t, bytes.Equal(built, echartsjs.JS),
		"internal/echartsjs/%s (%d bytes) is not what the build makes (%d bytes): run make echarts and commit it", echartsjs.Name, len(echartsjs.JS), len(built))
}

// The build leaves out every part of echarts that trainscale's charts do not
// use; one that they do use and entry.js forgot would be dropped silently
// (echarts ignores an option it has no component for). So every chart of the
// built-in scenarios is drawn with the build and with the full echarts.min.js
// of the same version, and the SVGs must be the same.
// The options' title and toolbox (written empty by go-echarts, drawing
// nothing the eye sees) are left out for the full build, which would draw
// them as two invisible boxes. Like the test above, it needs node and npm ci.
func TestTheBuildDrawsEveryChartAsTheFullEchartsDoes(t *testing.T) {
	node := nodeAndModules(t)
	full := filepath.Join(root, "node_modules", "echarts", "dist", "echarts.min.js")
	var ids []string
	var own, whole []json.RawMessage
	// Every scenario in English; the default in Japanese too, for its wide
	// labels.
	type drawn struct {
		name string
		lang estimator.Lang
	}
	reports := []drawn{{examples.Default, "ja"}}
	for _, name := range examples.Names() {
		reports = append(reports, drawn{name, "en"})
	}
	for _, r := range reports {
		for _, sp := range reportOf(t, r.name, r.lang).Charts {
			if sp.Empty() {
				continue
			}
			raw, err := echarts.Option(sp, r.lang)
			require.NoError(t, err)
			var o map[string]any
			require.NoError(t, json.Unmarshal(raw, &o))
			id := r.name + "/" + string(r.lang) + "/" + sp.ID
			ids = append(ids, id)
			own = append(own, marshal(t, o))
			assert.Equal(t, map[string]any{}, o["title"], "%s: a title would need the title component", id)
			assert.Equal(t, map[string]any{}, o["toolbox"], "%s: a toolbox would need the toolbox component", id)
			delete(o, "title")
			delete(o, "toolbox")
			whole = append(whole, marshal(t, o))
		}
	}
	require.NotEmpty(t, ids)
	got := render(t, node, echartsjs.Name, own)
	want := render(t, node, full, whole)
	require.Len(t, got, len(ids))
	require.Len(t, want, len(ids))
	for i, id := range ids {
		assert.Contains(t, got[i], "<path", "%s: drawn", id)
		assert.Equal(t, want[i], got[i], "%s: drawn as the full echarts draws it", id)
	}
}

// nodeAndModules is the node executable, with npm ci's node_modules beside
// the module; the test skips without them, and with -short.
func nodeAndModules(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs node; not with -short")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node")
	}
	for _, pkg := range []string{"esbuild", "echarts"} {
		if _, err := os.Stat(filepath.Join(root, "node_modules", pkg, "package.json")); err != nil {
			t.Skipf("no %s in node_modules (npm ci --omit-lockfile-registry-resolved)", pkg)
		}
	}
	return node
}

// reportOf is the report of a built-in scenario, with a small Monte Carlo run
// for the range and tornado charts.
func reportOf(t *testing.T, name string, lang estimator.Lang) *report.Bundle {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := report.Build(est, report.Options{Samples: 500, Seed: 1, Lang: lang, Date: "2026-12-01"})
	require.NoError(t, err)
	return b
}

func marshal(t *testing.T, v any) json.RawMessage {
	t.Helper()
	out, err := json.Marshal(v)
	require.NoError(t, err)
	return out
}

// render draws options with the echarts script at path (testdata/render.cjs).
func render(t *testing.T, node, script string, options []json.RawMessage) []string {
	t.Helper()
	cmd := exec.Command(node, filepath.Join("testdata", "render.cjs"), script)
	cmd.Stdin = bytes.NewReader(marshal(t, options))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "%s", stderr.String())
	var svgs []string
	require.NoError(t, json.Unmarshal(out, &svgs))
	return svgs
}
