package tools_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/tools"
	"github.com/trainscale/trainscale/internal/page"
)

func call(t *testing.T, a *api.API, method, req string) map[string]any {
	t.Helper()
	var out map[string]any
	require.NoError(t, json.Unmarshal(a.Call(method, []byte(req)), &out), method)
	return out
}

func TestErrorsNameTheField(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods(), page.Render)
	for _, tc := range []struct{ method, req, path string }{
		{"estimate", `{"set":["fleet.cars=-3"]}`, "fleet.cars"},
		{"estimate", `{"set":["fleet.nope=1"]}`, "fleet.nope"},
		{"estimate", `{"scenario":"{broken"}`, "scenario"},
		{"estimate", `{"preset":"no-such"}`, "preset"},
		{"estimate", `{"bogus":1}`, "bogus"},
		{"explain", `{"id":"no.such"}`, "id"},
		{"throughput", `{"model":"resnet-50","gpu":"nope"}`, "gpu"},
		{"catalog", `{"table":"nope"}`, "table"},
		{"transformer", `{"model":"llama-3.1-405b","gpu":"h100-sxm","gpus":8,"tokens":1e9}`, "gpus"},
		{"transformer", `{"model":"llama-3.1-8b","gpu":"h100-sxm","gpus":8,"tokens":1e9,"precision":"fp4"}`, "precision"},
		{"transformer", `{"config":{"model_type":"bert"},"gpu":"h100-sxm","gpus":8,"tokens":1e9}`, "config.model_type"},
		{"transformer", `{"config":"{\"model_type\": ","gpu":"h100-sxm","gpus":8,"tokens":1e9}`, "config"},
		{"transformer", `{"shape":{"layers":2},"gpu":"h100-sxm","gpus":8,"tokens":1e9,"seq":64}`, "shape.hidden"},
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
	a := api.New(tools.Methods(), page.Render)
	for _, tc := range []struct{ method, req, key string }{
		{"presets", `{}`, "presets"},
		{"explain", `{"id":"team.inception-v3.systems.dgx-1-p100"}`, "text"},
		{"catalog", `{"table":"gpus"}`, "entries"},
		{"throughput", `{"model":"resnet-50","gpu":"v100-sxm2-16gb","precision":"mixed"}`, "quantities"},
		{"scale", `{"model":"resnet-50","system":"dgx-1-v100","gpus":16,"sweep":true}`, "quantities"},
		{"memory", `{"model":"resnet-50","gpu":"v100-sxm2-16gb","batch":64}`, "quantities"},
		{"transformer", `{"model":"llama-3.1-8b","gpu":"h100-sxm","gpus":64,"tokens":1e12,"tp":2,"pp":1}`, "quantities"},
		{"transformer", `{"config":{"model_type":"qwen2","hidden_size":896,"num_hidden_layers":24,"num_attention_heads":14,"num_key_value_heads":2,"intermediate_size":4864,"vocab_size":151936,"max_position_embeddings":32768,"tie_word_embeddings":true},"gpu":"h100-sxm","gpus":8,"tokens":1e9}`, "quantities"},
		{"transformer", `{"shape":"{\"layers\": 2, \"hidden\": 64, \"heads\": 4, \"ffn\": 256, \"activation\": \"gelu\", \"vocab\": 100}","seq":128,"gpu":"h100-sxm","gpus":8,"tokens":1e9}`, "quantities"},
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
	a := api.New(methods, page.Render)
	out := call(t, a, "boom", `{}`)
	e := out["error"].(map[string]any)
	assert.Equal(t, "internal error", e["rule"])
	assert.Equal(t, "boom", e["path"])
	assert.Nil(t, call(t, a, "presets", `{}`)["error"], "still answering after a panic")
}

// The compare method answers present.Comparison's own JSON, the shape the
// CLI's compare --format json writes too.
func TestCompareIsTheCoresShape(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods(), page.Render)
	var ests []*estimator.Estimate
	for _, name := range []string{"article-2017", "modern-2026"} {
		data, ok := examples.Read(name)
		require.True(t, ok, name)
		s, err := estimator.Decode(bytes.NewReader(data))
		require.NoError(t, err)
		e, err := estimator.Run(s)
		require.NoError(t, err)
		ests = append(ests, e)
	}
	want, err := json.Marshal(present.Compare([]string{"article-2017", "modern-2026"}, ests))
	require.NoError(t, err)
	got := a.Call("compare", []byte(`{"scenarios":[{"preset":"article-2017"},{"preset":"modern-2026"}]}`))
	assert.JSONEq(t, string(want), string(got))

	out := call(t, a, "compare", `{"scenarios":[{"preset":"article-2017"},{"preset":"modern-2026"}]}`)
	assert.Equal(t, []any{"article-2017", "modern-2026"}, out["columns"])
	for _, q := range out["quantities"].([]any) {
		row := q.(map[string]any)
		if row["id"] == "data.processed" {
			assert.Equal(t, []any{"104 TB", "104 TB"}, row["text"])
		}
	}
}

// The page draws each chart from the option the Go builder made.
func TestChartsCarryTheirOptions(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods(), page.Render)
	var out struct {
		Charts []struct {
			ID, Title, Note string
			Empty           bool
			Option          map[string]any
		}
	}
	require.NoError(t, json.Unmarshal(a.Call("charts", []byte(`{"samples":200,"lang":"ja"}`)), &out))
	require.Len(t, out.Charts, 8)
	for _, c := range out.Charts {
		assert.NotEmpty(t, c.Title, c.ID)
		if c.Empty {
			assert.Nil(t, c.Option, "%s: nothing to draw", c.ID)
			assert.NotEmpty(t, c.Note, "%s says why it is empty", c.ID)
			continue
		}
		assert.NotEmpty(t, c.Option["series"], c.ID)
	}
	scaling := out.Charts[2]
	require.Equal(t, "scaling", scaling.ID)
	first := scaling.Option["series"].([]any)[0].(map[string]any)
	assert.Equal(t, "dashed", first["lineStyle"].(map[string]any)["type"], "the ideal line")
	assert.Equal(t, "0", scaling.Option["legend"].(map[string]any)["bottom"])
}
