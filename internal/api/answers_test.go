package api_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/tools"
	"github.com/trainscale/trainscale/internal/minjson"
	"github.com/trainscale/trainscale/internal/page"
)

// TestAnswersAreEncodingJSONs writes every method's answer, and error
// answers, with minjson (as Call does) and with encoding/json: the bytes
// are the same, so leaving encoding/json out of the modules changed no answer.
func TestAnswersAreEncodingJSONs(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods(), page.Render)
	for _, tc := range []struct{ method, req string }{
		{"estimate", `{}`},
		{"estimate", `{"full":true,"return_scenario":true,"render":["form","results","ranges"]}`},
		{"estimate", `{"preset":"modern-2026","compact":true,"return_scenario":true,"lang":"ja","set":["fleet.cars=300",{"path":"team.target_days","value":{"low":3,"likely":5,"high":9}}]}`},
		{"explain", `{"id":"team.inception-v3.systems.dgx-1-p100","lang":"ja"}`},
		{"presets", `{}`},
		{"messages", `{}`},
		{"messages", `{"lang":"ja"}`},
		{"catalog", `{}`},
		{"catalog", `{"table":"systems"}`},
		{"throughput", `{"model":"resnet-50","gpu":"v100-sxm2-16gb","precision":"mixed"}`},
		{"scale", `{"model":"resnet-50","system":"dgx-1-v100","gpus":16,"sweep":true}`},
		{"memory", `{"model":"resnet-50","gpu":"v100-sxm2-16gb","batch":64}`},
		{"transformer", `{"model":"llama-3.1-8b","gpu":"h100-sxm","gpus":64,"tokens":1e12,"tp":2,"pp":1}`},
		{"uncertainty", `{"samples":500}`},
		{"sensitivity", `{}`},
		{"compare", `{"scenarios":[{"preset":"article-2017"},{"preset":"modern-2026"}]}`},
		{"charts", `{"samples":200,"lang":"ja"}`},
	} {
		v, err := a.Answer(tc.method, []byte(tc.req))
		require.NoError(t, err, "%s %s", tc.method, tc.req)
		want, err := json.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(a.Call(tc.method, []byte(tc.req))), "%s %s", tc.method, tc.req)
	}
	// Error answers: a FieldError echoing a number, a string, and a list of
	// errors. (A minjson.Number is written as the number it holds, as a
	// json.Number is by encoding/json.)
	for _, err := range []error{
		&estimator.FieldError{Path: "fleet.cars", Rule: estimator.Text{EN: "must be > 0"}, Got: -3.5},
		errors.Join(&estimator.FieldError{Path: "a", Rule: estimator.Text{EN: "r <&>"}, Got: "x\u2028"}, &estimator.SyntaxError{Line: 1, Column: 2, Msg: "m"}),
	} {
		errs := api.Errors(err, estimator.English)
		want, jErr := json.Marshal(struct {
			Error  api.Error   `json:"error"`
			Errors []api.Error `json:"errors"`
		}{errs[0], errs})
		require.NoError(t, jErr)
		assert.Equal(t, string(want), string(api.ErrorJSON(err, estimator.English)))
	}
}

func TestNumberIsWrittenAsWritten(t *testing.T) {
	t.Parallel()
	err := &estimator.FieldError{Path: "fleet.cars", Rule: estimator.Text{EN: "must be > 0"}, Got: minjson.Number("-3e0")}
	assert.Contains(t, string(api.ErrorJSON(err, estimator.English)), `"got":-3e0`)
}
