package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/tools"
	"github.com/trainscale/trainscale/internal/page"
)

// boundsFixtures hold every scenario field that has a row of
// estimator.Bounds, at an ordinary value.
const boundsFixtures = "../../testdata/bounds"

// flagBound is a flag, and the page API's request field, that one row of
// estimator.Bounds checks.
type flagBound struct {
	bound string
	args  []string // the command and the other flags it needs; the flag goes last
	flag  string
	// method and request are the page API's way to the same check, where it
	// has one: the request's field is set to the value.
	method  string
	request map[string]any
	field   string
}

var flagBounds = []flagBound{
	{"gpus", []string{"transformer", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--tokens", "1e12"}, "--gpus",
		"transformer", map[string]any{"model": "llama-3.1-8b", "gpu": "h100-sxm", "tokens": 1e12}, "gpus"},
	{"tokens", []string{"transformer", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8"}, "--tokens",
		"transformer", map[string]any{"model": "llama-3.1-8b", "gpu": "h100-sxm", "gpus": 8}, "tokens"},
	{"seq", []string{"transformer", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e12"}, "--seq",
		"transformer", map[string]any{"model": "llama-3.1-8b", "gpu": "h100-sxm", "gpus": 8, "tokens": 1e12}, "seq"},
	{"batch_tokens", []string{"transformer", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e12"}, "--global-batch-tokens",
		"transformer", map[string]any{"model": "llama-3.1-8b", "gpu": "h100-sxm", "gpus": 8, "tokens": 1e12}, "global_batch_tokens"},
	{"batch", []string{"transformer", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e12", "--tp", "1", "--pp", "1"}, "--micro-batch",
		"transformer", map[string]any{"model": "llama-3.1-8b", "gpu": "h100-sxm", "gpus": 8, "tokens": 1e12, "tp": 1, "pp": 1}, "micro_batch"},
	{"lora_rank", []string{"transformer", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tokens", "1e9", "--mode", "lora"}, "--lora-rank",
		"transformer", map[string]any{"model": "llama-3.1-8b", "gpu": "h100-sxm", "gpus": 8, "tokens": 1e9, "mode": "lora"}, "lora_rank"},
	{"gpus", []string{"scale", "--model", "alexnet", "--system", "dgx-1-v100"}, "--gpus",
		"scale", map[string]any{"model": "alexnet", "system": "dgx-1-v100"}, "gpus"},
	{"batch", []string{"throughput", "--model", "alexnet", "--gpu", "rtx-3050"}, "--batch",
		"throughput", map[string]any{"model": "alexnet", "gpu": "rtx-3050"}, "batch"},
	{"days", []string{"size", "--gpu", "h100-sxm", "--gpus", "8"}, "--days", "", nil, ""},
	{"money", []string{"size", "--gpu", "h100-sxm", "--gpus", "8", "--days", "30", "--price-per-gpu-hour", "2"}, "--budget", "", nil, ""},
	{"gpu_hour_price", []string{"size", "--gpu", "h100-sxm", "--gpus", "8", "--days", "30"}, "--price-per-gpu-hour", "", nil, ""},
}

// past is the least value past a bound's maximum, written as a user would.
func past(b estimator.Bound) string {
	if b.Int {
		return strconv.FormatFloat(b.Max+1, 'f', -1, 64)
	}
	return strconv.FormatFloat(b.Max*10, 'g', -1, 64)
}

// maxWords is how every surface says a bound's maximum.
func maxWords(b estimator.Bound) string {
	rules := b.Rules()
	return estimator.DescribeRule(rules[len(rules)-1], estimator.English)
}

// TestBoundsOnEverySurface walks estimator.Bounds: each row is tried past
// its maximum, and at it, on every surface that reads it — each scenario
// field with the bound through the CLI's --set and the page API's set, and
// each flag with its API request field — and every row is tried somewhere.
func TestBoundsOnEverySurface(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods(), page.Render)
	tried := map[string]bool{}
	fixtures, err := filepath.Glob(filepath.Join(boundsFixtures, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, fixtures)
	specs := map[string]map[string]string{} // fixture -> generic path -> the path it sets
	for _, file := range fixtures {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		s, err := estimator.Decode(bytes.NewReader(data))
		require.NoError(t, err, file)
		specs[file] = map[string]string{}
		for _, in := range estimator.InputSpecs(s) {
			specs[file][in.Field.Path] = in.Path
		}
	}
	index := regexp.MustCompile(`\[\d+\]`)
	for _, f := range estimator.Fields() {
		for _, r := range f.Rules {
			assert.False(t, strings.HasPrefix(r, "bound="), "%s: bound= must be a field's whole check tag", f.Path)
		}
		if f.Bound == "" {
			continue
		}
		b := estimator.BoundOf(f.Bound)
		found := false
		for _, file := range fixtures {
			path, ok := specs[file][f.Path]
			if !ok {
				continue
			}
			found, tried[f.Bound] = true, true
			assert.Equal(t, f.Path, index.ReplaceAllString(path, "[]"))
			t.Run(path, func(t *testing.T) {
				want := path + ": " + maxWords(b)
				_, errOut, code := trainscale(t, "", "estimate", file, "--set", path+"="+past(b))
				assert.Equal(t, 2, code, errOut)
				assert.Contains(t, errOut, want)
				_, errOut, _ = trainscale(t, "", "validate", file) // the fixture itself is sound
				assert.NotContains(t, errOut, path)
				e := apiError(t, a, "estimate", map[string]any{"scenario": mustRead(t, file), "set": []string{path + "=" + past(b)}})
				assert.Equal(t, path, e.Path)
				assert.Contains(t, e.Message, want)
				// At the maximum, the bound says nothing (other rules may).
				_, errOut, _ = trainscale(t, "", "estimate", file, "--set", path+"="+strconv.FormatFloat(b.Max, 'g', -1, 64), "--format", "json")
				assert.NotContains(t, errOut, want)
			})
		}
		assert.True(t, found, "%s (bound %s): no fixture in %s sets it", f.Path, f.Bound, boundsFixtures)
	}
	for _, fb := range flagBounds {
		b := estimator.BoundOf(fb.bound)
		tried[fb.bound] = true
		t.Run(fb.flag+"/"+fb.args[0], func(t *testing.T) {
			_, errOut, code := trainscale(t, "", append(fb.args, fb.flag, past(b))...)
			assert.Equal(t, 2, code, errOut)
			assert.Contains(t, errOut, fb.flag+": "+maxWords(b))
			if fb.method == "" {
				return
			}
			req := map[string]any{fb.field: json.Number(past(b))}
			for k, v := range fb.request {
				req[k] = v
			}
			e := apiError(t, a, fb.method, req)
			assert.Equal(t, fb.field, e.Path)
			assert.Contains(t, e.Message, maxWords(b))
		})
	}
	for _, b := range estimator.Bounds {
		assert.True(t, tried[b.Name], "bound %s is tried on no surface: give a fixture field or a flag", b.Name)
	}
}

func mustRead(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	return string(data)
}

// apiError is the error the page API answers req with.
func apiError(t *testing.T, a *api.API, method string, req map[string]any) api.Error {
	t.Helper()
	data, err := json.Marshal(req)
	require.NoError(t, err)
	var out struct {
		Error *api.Error `json:"error"`
	}
	answer := a.Call(method, data)
	require.NoError(t, json.Unmarshal(answer, &out))
	require.NotNil(t, out.Error, fmt.Sprintf("%s %s: %.300s", method, data, answer))
	return *out.Error
}

// boundsTable is docs/limits.md's table of estimator.Bounds: each row's range
// in the words every surface uses, the scenario fields it checks and the
// flags.
func boundsTable() string {
	var b strings.Builder
	b.WriteString("| bound | rule | scenario fields | flags |\n| --- | --- | --- | --- |\n")
	for _, bd := range estimator.Bounds {
		var rules, fields, flags []string
		for _, r := range bd.Rules() {
			rules = append(rules, estimator.DescribeRule(r, estimator.English))
		}
		for _, f := range estimator.Fields() {
			if f.Bound == bd.Name {
				fields = append(fields, "`"+f.Path+"`")
			}
		}
		seen := map[string]bool{}
		for _, fb := range flagBounds {
			if fb.bound == bd.Name && !seen[fb.flag] {
				seen[fb.flag] = true
				flags = append(flags, "`"+fb.flag+"`")
			}
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", bd.Name, strings.Join(rules, "; "), strings.Join(fields, ", "), strings.Join(flags, ", "))
	}
	return b.String()
}

// docs/limits.md lists every bound as the table is.
func TestDocsListTheBounds(t *testing.T) {
	doc, err := os.ReadFile("../../docs/limits.md")
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(doc), boundsTable()), "docs/limits.md's bounds table is stale; it should read:\n%s", boundsTable())
}
