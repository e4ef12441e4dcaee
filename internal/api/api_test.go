package api

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func call(t *testing.T, a *API, method, req string) map[string]any {
	t.Helper()
	var out map[string]any
	require.NoError(t, json.Unmarshal(a.Call(method, []byte(req)), &out), method)
	return out
}

func defaultEstimate(t *testing.T, overrides ...estimator.Override) *estimator.Estimate {
	t.Helper()
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	return est
}

func TestEstimateMatchesCore(t *testing.T) {
	t.Parallel()
	var res EstimateResponse
	require.NoError(t, json.Unmarshal(New(nil, nil).Call("estimate", []byte(`{"set":[{"path":"fleet.cars","value":300},"team.target_days=5"]}`)), &res))
	est := defaultEstimate(t, estimator.Override{Path: "fleet.cars", Value: "300"}, estimator.Override{Path: "team.target_days", Value: "5"})
	qs := est.Quantities()
	require.Len(t, res.Quantities, len(qs))
	for i, q := range qs {
		assert.Equal(t, q.ID, res.Quantities[i].ID)
		assert.Equal(t, q.Value, res.Quantities[i].Value, q.ID) // exact: JSON carries the shortest round-tripping text
	}
	assert.Equal(t, Layout(est), res.Layout)
}
