package api_test

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/tools"
	"github.com/trainscale/trainscale/internal/page"
)

// newAPI answers every method, as the tools module does.
func newAPI() *api.API { return api.New(tools.Methods(), page.Render) }

// response is Call's answer with its errors read out.
type response struct {
	Error  *api.Error  `json:"error"`
	Errors []api.Error `json:"errors"`
}

func callAPI(t *testing.T, a *api.API, method, req string) response {
	t.Helper()
	var out response
	require.NoError(t, json.Unmarshal(a.Call(method, []byte(req)), &out), "%s %s", method, req)
	return out
}

// goWords are what Go, not a user, would write: package-qualified names,
// slice and map types, Go's numeric type names, encoding/json's prefix.
var goWords = regexp.MustCompile(`\b(api|estimator|tools|exports|json|main|reflect|runtime)\.[A-Za-z]|\[\]\w|map\[|\b(u?int(8|16|32|64)?|float(32|64)|struct|interface|goroutine)\b|Go (value|struct)`)

// assertPlain fails when an error's words hold a Go name. Its path and what
// it got may echo the request, so only the rule is ours, and the message of
// an internal error.
func assertPlain(t *testing.T, e api.Error, context ...any) {
	t.Helper()
	assert.NotRegexp(t, goWords, e.Rule, context...)
	if e.Rule == "internal error" {
		assert.NotRegexp(t, goWords, e.Message, context...)
	}
}

// TestWrongTypesAreWordedPlainly sends every method requests of the wrong
// shape: each answer names the field and says what it must be, in words.
func TestWrongTypesAreWordedPlainly(t *testing.T) {
	t.Parallel()
	a := newAPI()
	for _, method := range a.Methods() {
		for _, req := range []string{`[]`, `"estimate"`, `3`, `true`, `{} {}`, `{"preset":"a","preset":"b"}`} {
			res := callAPI(t, a, method, req)
			if assert.NotNil(t, res.Error, "%s %s", method, req) {
				assert.Contains(t, []string{"request", "preset"}, res.Error.Path, "%s %s", method, req)
				assertPlain(t, *res.Error, method, req)
			}
		}
	}
	fields := map[string][]struct{ req, path, rule string }{
		"estimate": {
			{`{"full":"yes"}`, "full", "must be true or false"},
			{`{"render":"form"}`, "render", "must be a list of strings"},
			{`{"render":["form",1]}`, "render[1]", "must be a string"},
			{`{"set":3}`, "set", "must be a list of overrides"},
			{`{"scenario":3}`, "scenario", "must be a JSON object or a string holding one"},
			{`{"preset":1}`, "preset", "must be a string"},
			{`{"lang":"xx"}`, "lang", "must be en or ja"},
			{`{"bogus":1}`, "bogus", "unknown field"},
		},
		"explain":  {{`{"id":1}`, "id", "must be a string"}},
		"presets":  {{`{"x":1}`, "x", "unknown field"}},
		"messages": {{`{"lang":1}`, "lang", "must be a string"}, {`{"lang":"xx"}`, "lang", "must be en or ja"}},
		"catalog":  {{`{"table":[]}`, "table", "must be a string"}},
		"throughput": {
			{`{"model":"resnet-50","gpu":"v100-sxm2-16gb","batch":"64"}`, "batch", "must be a whole number"},
			{`{"model":"resnet-50","gpu":"v100-sxm2-16gb","batch":6.5}`, "batch", "must be a whole number"},
		},
		"scale": {
			{`{"model":"resnet-50","system":"dgx-1-v100","gpus":"8"}`, "gpus", "must be a whole number"},
			{`{"model":"resnet-50","system":"dgx-1-v100","gpus":1e30}`, "gpus", "must be a whole number from"},
			{`{"model":"resnet-50","system":"dgx-1-v100","gpus":8,"sweep":1}`, "sweep", "must be true or false"},
			{`{"model":"resnet-50","system":"dgx-a100","gpus":8,"loader_processes":"16"}`, "loader_processes", "must be a whole number"},
			{`{"model":"resnet-50","system":"dgx-a100","gpus":8,"loader_processes":1.5}`, "loader_processes", "must be a whole number"},
			{`{"model":"resnet-50","system":"dgx-a100","gpus":8,"decode":0}`, "decode", "must be a string"},
		},
		"memory": {
			{`{"model":"resnet-50","gpu":"v100-sxm2-16gb","batch":64,"density":"x"}`, "density", "must be a number"},
			{`{"model":"resnet-50","gpu":"v100-sxm2-16gb","batch":64,"block_size":[]}`, "block_size", "must be a whole number"},
		},
		"transformer": {
			{`{"model":"llama-3.1-8b","gpu":"h100-sxm","gpus":"8","tokens":1e9}`, "gpus", "must be a whole number"},
			{`{"model":"llama-3.1-8b","gpu":"h100-sxm","gpus":8,"tokens":"x"}`, "tokens", "must be a number"},
			{`{"model":"llama-3.1-8b","gpu":"h100-sxm","gpus":8,"tokens":1e9,"mode":"lora","lora_rank":"16"}`, "lora_rank", "must be a whole number"},
			{`{"model":"llama-3.1-8b","gpu":"h100-sxm","gpus":8,"tokens":1e9,"mode":1}`, "mode", "must be a string"},
		},
		"uncertainty": {
			{`{"samples":"x"}`, "samples", "must be a whole number"},
			{`{"samples":2e6}`, "samples", "must be a whole number from 1 to 1000000"},
			{`{"samples":0}`, "samples", "must be a whole number from 1 to 1000000"},
			{`{"seed":-1}`, "seed", "must be a whole number from 0 to 9007199254740991"},
			{`{"samples":10,"Samples":2e6}`, "Samples", "must appear only once in its object"},
		},
		"sensitivity": {{`{"target":1}`, "target", "must be a string"}},
		"compare": {
			{`{"scenarios":{}}`, "scenarios", "must be a list of objects"},
			{`{"scenarios":[{"preset":"article-2017"},{"name":3}]}`, "scenarios[1].name", "must be a string"},
			{`{"scenarios":[{"zz":1}]}`, "scenarios[0].zz", "unknown field"},
		},
		"charts": {
			{`{"samples":-1}`, "samples", "must be a whole number from 0 to 1000000"},
			{`{"seed":0.5}`, "seed", "must be a whole number from 0 to 9007199254740991"},
			{`{"lang":"xx"}`, "lang", "must be en or ja"},
		},
		"plan": {
			{`{"as_of":1}`, "as_of", "must be a string"},
			{`{"as_of":"someday"}`, "as_of", "must be a date YYYY-MM-DD"},
			{`{"lang":"xx"}`, "lang", "must be en or ja"},
		},
		"plan_scenario": {
			{`{"preset":"modern-2026","option":1,"sized_for_days":7}`, "option", "must be a string"},
			{`{"preset":"modern-2026","option":"buy-dgx-h100","sized_for_days":"7"}`, "sized_for_days", "must be a number"},
			{`{"preset":"modern-2026","option":"buy-dgx-h100","sized_for_days":-1}`, "sized_for_days", "must be > 0 and at most 3650 days"},
			{`{"preset":"modern-2026","option":"buy-dgx-h100","sized_for_days":7,"as_of":"someday"}`, "as_of", "must be a date YYYY-MM-DD"},
			{`{"preset":"article-2017","set":[{"path":"money","value":"null"}],"option":"buy-dgx-h100","sized_for_days":7}`, "money", "is required"},
		},
	}
	for _, method := range a.Methods() {
		require.NotEmpty(t, fields[method], "every method has wrong-typed requests here: add %s's", method)
		for _, tc := range fields[method] {
			res := callAPI(t, a, method, tc.req)
			if assert.NotNil(t, res.Error, "%s %s", method, tc.req) {
				assert.Equal(t, tc.path, res.Error.Path, "%s %s", method, tc.req)
				assert.True(t, strings.HasPrefix(res.Error.Rule, tc.rule), "%s %s: %q", method, tc.req, res.Error.Rule)
				assertPlain(t, *res.Error, method, tc.req)
			}
		}
	}
}

func TestSeveralBadFieldsAtOnce(t *testing.T) {
	t.Parallel()
	res := callAPI(t, newAPI(), "charts", `{"samples":-1,"seed":0.5,"lang":"xx"}`)
	var paths []string
	for _, e := range res.Errors {
		paths = append(paths, e.Path)
	}
	assert.Equal(t, []string{"samples", "seed", "lang"}, paths)
}

// TestPanicInAnyMethod makes each method panic in turn: the answer is an
// error value holding one line, and the instance keeps answering.
func TestPanicInAnyMethod(t *testing.T) {
	t.Parallel()
	a := newAPI()
	for _, method := range a.Methods() {
		for _, boom := range []func(){
			func() { panic("kaboom\ngoroutine 1 [running]:\nmain.main()") },
			func() {
				var m map[string]int
				m["x"] = 1
			},
			func() {
				var p *api.EstimateRequest
				_ = p.Lang
			},
		} {
			restore := a.Swap(method, func([]byte) (any, error) { boom(); return nil, nil })
			res := callAPI(t, a, method, `{}`)
			restore()
			if assert.NotNil(t, res.Error, method) {
				assert.Equal(t, method, res.Error.Path)
				assert.Equal(t, "internal error", res.Error.Rule)
				assert.True(t, strings.HasPrefix(res.Error.Message, "internal error: "), res.Error.Message)
				assert.NotContains(t, res.Error.Message, "\n")
				assert.NotContains(t, res.Error.Message, "goroutine")
				assertPlain(t, *res.Error, method)
			}
		}
	}
	// Every method still answers.
	assert.Nil(t, callAPI(t, a, "estimate", `{}`).Error)
	assert.Nil(t, callAPI(t, a, "presets", `{}`).Error)
	assert.Nil(t, callAPI(t, a, "uncertainty", `{"samples":100}`).Error)
}

// TestResultJSONCannotHold is a method answering NaN: an internal error, not a
// Go message.
func TestResultJSONCannotHold(t *testing.T) {
	t.Parallel()
	a := newAPI()
	a.Swap("presets", func([]byte) (any, error) { return []float64{0, nan()}, nil })
	res := callAPI(t, a, "presets", `{}`)
	require.NotNil(t, res.Error)
	assert.Equal(t, "internal error", res.Error.Rule)
	assert.True(t, slices.Contains(a.Methods(), res.Error.Path))
}

func nan() float64 {
	zero := 0.0
	return zero / zero
}

func TestRenderEachPartOnce(t *testing.T) {
	t.Parallel()
	a := newAPI()
	var once, twice api.EstimateResponse
	require.NoError(t, json.Unmarshal(a.Call("estimate", []byte(`{"render":["form","results"]}`)), &once))
	require.NoError(t, json.Unmarshal(a.Call("estimate", []byte(`{"render":["form","results","form","results"]}`)), &twice))
	assert.NotEmpty(t, once.Form)
	assert.Equal(t, once.Form, twice.Form)
	assert.Equal(t, once.Results, twice.Results)
}

// The estimator module links none of the page's HTML renderers: asked for
// them, it names the field and where to ask, and a valid part list is still
// checked first.
func TestRenderIsTheToolsModules(t *testing.T) {
	t.Parallel()
	a := api.New(nil, nil)
	for _, tc := range []struct{ req, rule, got string }{
		{`{"render":["ranges"],"compact":true}`, "is the tools module's: ask the tools module", `"ranges"`},
		{`{"render":["chart"]}`, `must list "form", "results" and/or "ranges"`, `"chart"`},
	} {
		var res response
		require.NoError(t, json.Unmarshal(a.Call("estimate", []byte(tc.req)), &res), tc.req)
		require.Len(t, res.Errors, 1, tc.req)
		assert.Equal(t, "render", res.Errors[0].Path, tc.req)
		assert.Equal(t, tc.rule, res.Errors[0].Rule, tc.req)
		assert.Equal(t, "render: "+tc.rule+", got "+tc.got, res.Errors[0].Message, tc.req)
	}
	var res api.EstimateResponse
	require.NoError(t, json.Unmarshal(a.Call("estimate", []byte(`{"compact":true}`)), &res))
	assert.NotEmpty(t, res.Cells, "values and cells still come from the estimator module")
}

// FuzzCall sends any request to any method: the answer is a JSON object, an
// error is worded without Go names, and nothing panics. By hand:
// go test -run '^$' -fuzz FuzzCall -fuzztime 60s ./internal/api
func FuzzCall(f *testing.F) {
	a := newAPI()
	methods := a.Methods()
	for i, req := range []string{`{}`, `[]`, `{"samples":2e6}`, `{"scenarios":[{"name":3}]}`, `{"set":["fleet.cars=3"]}`,
		`{"a":1,"a":2}`, `{"render":["form",1]}`, `{"scenario":"{\"units\":7}"}`, `{"gpus":1e30}`, `{"lang":"xx"}`, `{"samples":10,"seed":-0}`} {
		f.Add(uint8(i), req)
	}
	// A Monte Carlo run within the limits may take minutes (modern-2026 at
	// estimator.MaxSamples): the fuzzer looks for wrong answers, not slow ones.
	methods = slices.DeleteFunc(methods, func(m string) bool { return m == "uncertainty" || m == "charts" })
	f.Fuzz(func(t *testing.T, m uint8, req string) {
		method := methods[int(m)%len(methods)]
		var res response
		require.NoError(t, json.Unmarshal(a.Call(method, []byte(req)), &res), "%s %s", method, req)
		for _, e := range res.Errors {
			assert.NotEqual(t, "internal error", e.Rule, "%s %s: %s", method, req, e.Message)
			assertPlain(t, e, method, req)
		}
	})
}

// The estimator module answers estimate alone: explain, presets and messages
// are the tools module's, and asking it for one says so, in the request's
// lang; an unknown method is still named as one.
func TestPageMethodsAreTheToolsModules(t *testing.T) {
	t.Parallel()
	assert.Equal(t, api.Elsewhere(), slices.Sorted(maps.Keys(api.PageMethods())), "one list of names")
	a := api.New(nil, nil)
	assert.Equal(t, []string{"estimate"}, a.Methods())
	for _, tc := range []struct{ method, req, message string }{
		{"explain", `{"id":"train.resnet-50.rate"}`, `method: is the tools module's: ask the tools module, got "explain"`},
		{"presets", ``, `method: is the tools module's: ask the tools module, got "presets"`},
		{"messages", `{"lang":"ja"}`, `method: ツールモジュールの機能です。ツールモジュールに依頼してください（入力値 "messages"）`},
		{"catalog", `{}`, `method: must be one of estimate, got "catalog"`},
	} {
		var res response
		require.NoError(t, json.Unmarshal(a.Call(tc.method, []byte(tc.req)), &res), tc.method)
		require.Len(t, res.Errors, 1, tc.method)
		assert.Equal(t, "method", res.Errors[0].Path, tc.method)
		assert.Equal(t, tc.message, res.Errors[0].Message, tc.method)
	}
	for _, m := range api.Elsewhere() {
		assert.Contains(t, newAPI().Methods(), m, "the tools module answers %s", m)
	}
}
