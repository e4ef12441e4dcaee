//go:build js && wasm

package jsapi

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"syscall/js"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/tools"
	"github.com/trainscale/trainscale/internal/page"
)

// These run under Node: GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ./wasm/...

func object(kv map[string]any) js.Value { return js.ValueOf(kv) }

func TestEstimateFromJavaScript(t *testing.T) {
	t.Parallel()
	ts := New(api.New(nil, nil))
	res := ts.Call("estimate", object(map[string]any{"set": []any{"fleet.cars=300"}}))
	require.True(t, res.Get("error").IsUndefined(), "no error")
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "fleet.cars", Value: "300"})
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	qs := res.Get("quantities")
	require.Equal(t, len(est.Quantities()), qs.Length())
	for i, q := range est.Quantities() {
		assert.Equal(t, q.ID, qs.Index(i).Get("id").String())
		assert.Equal(t, q.Value, qs.Index(i).Get("value").Float(), q.ID) // exact through JSON
	}
	// A JSON string works the same.
	res = ts.Call("estimate", `{"preset":"modern-2026"}`)
	assert.True(t, res.Get("error").IsUndefined())
	// It answers estimate alone; explain, presets and messages say where they are answered.
	assert.Equal(t, 1, ts.Get("methods").Length())
	for _, m := range api.Elsewhere() {
		e := ts.Call(m, object(map[string]any{"lang": "ja"})).Get("error")
		require.False(t, e.IsUndefined(), m)
		assert.Equal(t, "method", e.Get("path").String(), m)
		assert.Equal(t, "is the tools module's: ask the tools module", e.Get("rule").String(), m)
		assert.Contains(t, e.Get("message").String(), "ツールモジュール", m)
	}
}

func TestErrorsAreValuesAndTheInstanceKeepsWorking(t *testing.T) {
	t.Parallel()
	methods := tools.Methods()
	methods["explode"] = func([]byte) (any, error) { panic("boom") }
	ts := New(api.New(methods, page.Render))
	for _, tc := range []struct {
		method string
		req    any
		path   string
	}{
		{"estimate", object(map[string]any{"set": []any{"fleet.cars=-1"}}), "fleet.cars"},
		{"estimate", `{"scenario": "{not json"}`, "scenario"},
		{"estimate", `not json at all`, "request"},
		{"throughput", object(map[string]any{"model": "resnet-50", "gpu": "no-such-gpu"}), "gpu"},
		{"explain", object(map[string]any{"id": "no.such.id"}), "id"},
		{"explode", nil, "explode"},
	} {
		res := ts.Call(tc.method, tc.req)
		e := res.Get("error")
		require.False(t, e.IsUndefined(), "%s: an error value", tc.method)
		assert.Equal(t, tc.path, e.Get("path").String(), tc.method)
		assert.NotEmpty(t, e.Get("rule").String())
		assert.NotEmpty(t, e.Get("message").String())
	}
	// A request JSON.stringify cannot encode throws in JavaScript; it comes back as a value.
	cyclic := js.Global().Get("Object").New()
	cyclic.Set("self", cyclic)
	res := ts.Call("estimate", cyclic)
	assert.Equal(t, "internal error", res.Get("error").Get("rule").String())
	msg := res.Get("error").Get("message").String()
	assert.True(t, strings.HasPrefix(msg, "internal error: "), msg)
	assert.NotContains(t, msg, "\n", "one line, no stack")
	// Still answering.
	res = ts.Call("presets")
	assert.True(t, res.Get("error").IsUndefined())
	assert.Equal(t, examples.Default, res.Get("default").String())
	// call() hands JSON strings through.
	out := ts.Call("call", "catalog", `{"table":"gpus"}`)
	assert.Equal(t, js.TypeString, out.Type())
	assert.Contains(t, out.String(), `"table":"gpus"`)
}

// A request object nested deeper than estimator.MaxNesting is refused
// before JSON.stringify walks it, with the rule and in the request's lang,
// and the instance answers the next request; one at the limit is read.
// (site's TestDeepRequestsAtTheBrowsersStack runs the same at a browser's
// stack size, which go_js_wasm_exec's 8 MB does not show.)
func TestDeepRequestObjectsAreRefused(t *testing.T) {
	t.Parallel()
	ts := New(api.New(nil, nil))
	// arrays is n arrays, each inside the one before.
	arrays := func(n int) js.Value {
		outer := js.Global().Get("Array").New()
		inner := outer
		for range n - 1 {
			next := js.Global().Get("Array").New()
			inner.Call("push", next)
			inner = next
		}
		return outer
	}
	// nested is {lang: [[...]]}, levels deep in all, the request included.
	nested := func(levels int) js.Value {
		req := object(map[string]any{})
		req.Set("lang", arrays(levels-1))
		return req
	}
	deep := estimator.TooDeep("request")
	for _, levels := range []int{estimator.MaxNesting + 1, 5000, 20000} {
		e := ts.Call("estimate", nested(levels)).Get("error")
		require.False(t, e.IsUndefined(), "%d levels: an error value", levels)
		assert.Equal(t, "request", e.Get("path").String(), levels)
		assert.Equal(t, deep.Rule.EN, e.Get("rule").String(), levels)
		assert.Equal(t, deep.In("en"), e.Get("message").String(), levels)
		res := ts.Call("estimate", object(map[string]any{"preset": "modern-2026", "compact": true}))
		assert.True(t, res.Get("error").IsUndefined(), "%d levels: the next request is answered", levels)
	}
	// The lang is read from the object, beside the deep field.
	ja := object(map[string]any{"lang": "ja"})
	ja.Set("set", arrays(estimator.MaxNesting))
	e := ts.Call("estimate", ja).Get("error")
	assert.Equal(t, deep.In("ja"), e.Get("message").String())
	assert.Contains(t, e.Get("message").String(), "段まで")
	// At the limit the request is read, and its field found wrong.
	e = ts.Call("estimate", nested(estimator.MaxNesting)).Get("error")
	assert.Equal(t, "lang", e.Get("path").String())
	assert.Equal(t, "must be a string", e.Get("rule").String())
	// An object shared by two fields is walked once: this one holds 2^40
	// paths, which JSON.stringify writes out, but is 41 levels deep.
	shared := object(map[string]any{})
	for range 40 {
		shared = object(map[string]any{"a": shared, "b": shared})
	}
	assert.False(t, nestsDeeper(shared, estimator.MaxNesting))
	assert.True(t, nestsDeeper(shared, 40))
}
