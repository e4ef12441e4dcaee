package api

import (
	"encoding/json"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/page"
)

// The most work the limits allow leaves the instance answering; one system
// more is an error naming the limit. Under Node this is the wasm instance the
// page runs. Without -short the request renders form and results, as a
// #scenario= link does: that takes tens of seconds in wasm.
func TestWorkLimitsKeepTheInstanceAnswering(t *testing.T) {
	t.Parallel()
	a := New(nil, page.Render)
	request := func(file string) []byte {
		data, err := os.ReadFile("../../estimator/testdata/limits/" + file)
		require.NoError(t, err)
		r := map[string]any{"scenario": string(data), "full": true}
		if !testing.Short() {
			r["render"] = []string{"form", "results"}
		}
		req, err := json.Marshal(r)
		require.NoError(t, err)
		return req
	}

	start := time.Now()
	var res EstimateResponse
	out := a.Call("estimate", request("worst.json"))
	require.NoError(t, json.Unmarshal(out, &res), "%.300s", out)
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	t.Logf("%s/%s: worst.json in %v, %d quantities, %.1f MB response, %.0f MB from the system",
		runtime.GOOS, runtime.GOARCH, time.Since(start).Round(time.Millisecond), len(res.Quantities), float64(len(out))/(1<<20), float64(mem.Sys)/(1<<20))
	assert.LessOrEqual(t, len(res.Quantities), estimator.MaxQuantities)
	assert.Equal(t, !testing.Short(), res.Results != "")

	over := call(t, a, "estimate", string(request("over.json")))
	require.Contains(t, over, "error")
	e := over["error"].(map[string]any)
	assert.Equal(t, "workloads, systems, growth.factor", e["path"])
	assert.Contains(t, e["message"], "more than the limit of 30,000")

	var normal EstimateResponse
	require.NoError(t, json.Unmarshal(a.Call("estimate", []byte(`{"preset":"article-2017"}`)), &normal))
	assert.Len(t, normal.Quantities, 194)
}
