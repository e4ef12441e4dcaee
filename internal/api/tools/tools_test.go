package tools_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/tools"
)

func call(t *testing.T, a *api.API, method, req string) map[string]any {
	t.Helper()
	var out map[string]any
	require.NoError(t, json.Unmarshal(a.Call(method, []byte(req)), &out), method)
	return out
}

func TestErrorsNameTheField(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods())
	for _, tc := range []struct{ method, req, path string }{
		{"estimate", `{"set":["fleet.cars=-3"]}`, "fleet.cars"},
		{"estimate", `{"set":["fleet.nope=1"]}`, "fleet.nope"},
		{"estimate", `{"scenario":"{broken"}`, "scenario"},
		{"estimate", `{"preset":"no-such"}`, "preset"},
		{"estimate", `{"bogus":1}`, "bogus"},
		{"explain", `{"id":"no.such"}`, "id"},
		{"throughput", `{"model":"resnet-50","gpu":"nope"}`, "gpu"},
		{"catalog", `{"table":"nope"}`, "table"},
		{"nope", `{}`, "method"},
	} {
		out := call(t, a, tc.method, tc.req)
		e, ok := out["error"].(map[string]any)
		if assert.True(t, ok, "%s %s: %v", tc.method, tc.req, out) {
			assert.Equal(t, tc.path, e["path"], "%s %s: %v", tc.method, tc.req, e)
			assert.NotEmpty(t, e["rule"])
			assert.NotEmpty(t, e["message"])
		}
	}
}

func TestEveryMethodAnswers(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods())
	for _, tc := range []struct{ method, req, key string }{
		{"presets", `{}`, "presets"},
		{"explain", `{"id":"team.inception-v3.systems.dgx-1-p100"}`, "text"},
		{"catalog", `{"table":"gpus"}`, "entries"},
		{"throughput", `{"model":"resnet-50","gpu":"v100-sxm2-16gb","precision":"mixed"}`, "quantities"},
		{"scale", `{"model":"resnet-50","system":"dgx-1-v100","gpus":16,"sweep":true}`, "quantities"},
		{"memory", `{"model":"resnet-50","gpu":"v100-sxm2-16gb","batch":64}`, "quantities"},
		{"uncertainty", `{"samples":500}`, "quantities"},
		{"sensitivity", `{}`, "swings"},
		{"compare", `{"scenarios":[{"preset":"article-2017"},{"preset":"modern-2026"}]}`, "quantities"},
		{"messages", `{"lang":"ja"}`, "title"},
		{"charts", `{"samples":200}`, "charts"},
		{"estimate", `{"render":["form","results"],"lang":"ja"}`, "form"},
	} {
		out := call(t, a, tc.method, tc.req)
		assert.Nil(t, out["error"], "%s: %v", tc.method, out["error"])
		assert.Contains(t, out, tc.key, tc.method)
	}
}

func TestPanicIsAnErrorValue(t *testing.T) {
	t.Parallel()
	methods := tools.Methods()
	methods["boom"] = func([]byte) (any, error) { panic("kaboom") }
	a := api.New(methods)
	out := call(t, a, "boom", `{}`)
	e := out["error"].(map[string]any)
	assert.Equal(t, "internal error", e["rule"])
	assert.Equal(t, "boom", e["path"])
	assert.Nil(t, call(t, a, "presets", `{}`)["error"], "still answering after a panic")
}
