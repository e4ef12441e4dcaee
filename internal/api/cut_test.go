package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

// A 10 MB value (or key) comes back cut to its start and its length, in the
// message and in "got" alike, not twice over: the answer stays a few KB.
func TestLongValuesComeBackCut(t *testing.T) {
	t.Parallel()
	a := newAPI()
	long := strings.Repeat("x", 10<<20)
	for _, tc := range []struct{ method, req, path, got string }{
		{"estimate", `{"lang":"` + long + `"}`, "lang", `"` + strings.Repeat("x", 63) + `…" (10485762 bytes)`},
		{"estimate", `{"preset":"` + long + `"}`, "preset", `"` + strings.Repeat("x", 63) + `…" (10485762 bytes)`},
		{"estimate", `{"set":["fleet.cars=` + long + `"]}`, "fleet.cars", `"` + strings.Repeat("x", 63) + `…" (10485762 bytes)`},
		{"estimate", `{"set":["` + long + `=1"]}`, "", ""},
		{"estimate", `{"` + long + `":1}`, strings.Repeat("x", estimator.MaxShownPath) + "… (10485760 bytes)", ""},
		{"throughput", `{"model":"` + long + `","gpu":"v100-sxm2-16gb"}`, "model", ""},
	} {
		out := a.Call(tc.method, []byte(tc.req))
		assert.Less(t, len(out), 8<<10, "%s %.40s: %.300s", tc.method, tc.req, out)
		var res response
		require.NoError(t, json.Unmarshal(out, &res))
		require.NotNil(t, res.Error, "%.300s", out)
		if tc.path != "" {
			assert.Equal(t, tc.path, res.Error.Path)
		}
		if tc.got != "" {
			assert.Equal(t, tc.got, res.Error.Got)
			assert.True(t, strings.HasSuffix(res.Error.Message, ", got "+tc.got), res.Error.Message)
		}
	}
	ja := callAPI(t, a, "estimate", `{"lang":"ja","preset":"`+long+`"}`)
	require.NotNil(t, ja.Error)
	assert.True(t, strings.HasSuffix(ja.Error.Message, `…"（10485762 バイト））`), ja.Error.Message)
}
