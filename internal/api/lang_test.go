package api_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/api"
)

// A request with lang ja gets its labels, values and error messages in
// Japanese; paths, ids and rules stay as programs read them.
func TestJapaneseRequests(t *testing.T) {
	t.Parallel()
	a := newAPI()
	var full api.EstimateResponse
	require.NoError(t, json.Unmarshal(a.Call("estimate", []byte(`{"lang":"ja"}`)), &full))
	byID := map[string]api.Quantity{}
	for _, q := range full.Quantities {
		byID[q.ID] = q
	}
	assert.Equal(t, "9.1 年", byID["train.inception-v3.gpu_time"].Text)
	assert.Equal(t, "Inception-v3: 基準 GPU 1 基での学習 1 回の時間", byID["train.inception-v3.gpu_time"].Label)
	assert.Equal(t, "34.6%", byID["cost.break_even_utilisation"].Text)

	var explained struct{ Text, Display string }
	require.NoError(t, json.Unmarshal(a.Call("explain", []byte(`{"lang":"ja","id":"train.inception-v3.gpu_time"}`)), &explained))
	assert.Equal(t, "9.1 年", explained.Display)
	assert.Contains(t, explained.Text, "train.inception-v3.gpu_time: Inception-v3: 基準 GPU 1 基での学習 1 回の時間\n")
	assert.Contains(t, explained.Text, "(9.1 年)\n  出典: ")

	var compact api.EstimateResponse
	require.NoError(t, json.Unmarshal(a.Call("estimate", []byte(`{"lang":"ja","compact":true}`)), &compact))
	assert.Contains(t, compact.Cells, "9.1 年")

	var en api.EstimateResponse
	require.NoError(t, json.Unmarshal(a.Call("estimate", []byte(`{}`)), &en))
	assert.Equal(t, "Data per car per hour of driving", en.Quantities[0].Label)

	for _, tc := range []struct{ req, en, ja string }{
		{`{"set":["fleet.cars=-5"]}`, "fleet.cars: must be > 0, got -5", "fleet.cars: 0 より大きい値にしてください（入力値 -5）"},
		{`{"set":["fleet.carz=1"]}`, "", "fleet.carz: --set のパスが不明です"},
		{`{"scenario":"{"}`, "", "JSON として正しくありません"},
		{`{"full":"yes"}`, `full: must be true or false, got "yes"`, "full: true か false にしてください"},
		{`{"render":"form"}`, `render: must be a list of strings, got "form"`, "render: 文字列のリストにしてください"},
	} {
		res := callAPI(t, a, "estimate", tc.req)
		ja := callAPI(t, a, "estimate", tc.req[:len(tc.req)-1]+`,"lang":"ja"}`)
		require.NotNil(t, res.Error, tc.req)
		require.NotNil(t, ja.Error, tc.req)
		if tc.en != "" {
			assert.Equal(t, tc.en, res.Error.Message, tc.req)
		}
		assert.Contains(t, ja.Error.Message, tc.ja, tc.req)
		assert.Equal(t, res.Error.Rule, ja.Error.Rule, "the rule stays English: %s", tc.req)
	}
}
