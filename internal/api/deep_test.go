package api_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

// Every method refuses a request nested deeper than estimator.MaxNesting
// with the rule, wherever the nesting is (the request, a scenario string, an
// override, a tool's factors), before any walk of it; the instance answers
// the next request. Under Node this is the wasm instance (at go_js_wasm_exec's
// 8 MB stack: site's TestDeepRequestsAtTheBrowsersStack runs a browser's).
func TestDeepRequestsAreRefused(t *testing.T) {
	t.Parallel()
	a := newAPI()
	arrays := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	deep := estimator.TooDeep("").Rule.EN
	for _, levels := range []int{estimator.MaxNesting + 1, 5000, 20000} {
		for _, tc := range []struct{ method, req, path string }{
			{"estimate", `{"lang":` + arrays(levels-1) + `}`, "request"},
			{"estimate", `{"scenario":{"fleet":` + arrays(levels-2) + `}}`, "request"},
			{"estimate", `{"scenario":"{\"fleet\":` + arrays(levels-1) + `}"}`, "scenario"},
			{"estimate", `{"set":["fleet.cars=` + arrays(levels) + `"]}`, "fleet.cars"},
			{"estimate", `{"set":[{"path":"fleet.cars","value":` + arrays(levels-3) + `}]}`, "request"},
			{"throughput", `{"model":"resnet-50","gpu":"v100-sxm2-16gb","factors":` + arrays(levels-1) + `}`, "request"},
			{"compare", `{"scenarios":[{"preset":"article-2017"},{"scenario":"{\"fleet\":` + arrays(levels-1) + `}"}]}`, "scenarios[1].scenario"},
		} {
			res := callAPI(t, a, tc.method, tc.req)
			require.NotNil(t, res.Error, "%s %d levels: %.80s", tc.method, levels, tc.req)
			assert.Equal(t, tc.path, res.Error.Path, "%s %d levels: %.80s", tc.method, levels, tc.req)
			assert.Equal(t, deep, res.Error.Rule, "%s %d levels: %.80s", tc.method, levels, tc.req)
			assert.Nil(t, callAPI(t, a, "estimate", `{"preset":"modern-2026","compact":true}`).Error, "the next request")
		}
	}
	// At the limit the request is read, and its field found wrong.
	res := callAPI(t, a, "estimate", `{"lang":`+arrays(estimator.MaxNesting-1)+`}`)
	require.NotNil(t, res.Error)
	assert.Equal(t, "lang", res.Error.Path)
	// Its lang is not read: a request too deep to read reads English. (A
	// JavaScript object's is read: wasm/jsapi.)
	en := callAPI(t, a, "estimate", `{"lang":"ja","set":`+arrays(estimator.MaxNesting)+`}`)
	require.NotNil(t, en.Error)
	assert.Equal(t, "request: must nest objects and lists at most 500 levels deep", en.Error.Message)
	// In a scenario string, the request's lang is read.
	ja := callAPI(t, a, "estimate", `{"lang":"ja","scenario":"`+arrays(estimator.MaxNesting+1)+`"}`)
	require.NotNil(t, ja.Error)
	assert.Equal(t, "scenario: オブジェクトとリストの入れ子は 500 段までにしてください", ja.Error.Message)
}
