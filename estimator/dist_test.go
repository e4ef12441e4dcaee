package estimator_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

// A range is written with exactly the keys of its kind, zeros included: a
// zero endpoint left out would read back as a missing number.
func TestDistWritesEveryKeyOfItsKind(t *testing.T) {
	for _, tc := range []struct {
		d    estimator.Dist
		want string
	}{
		{estimator.Dist{Low: 0, Likely: 0.1, High: 0.2}, `{"low":0,"likely":0.1,"high":0.2}`},
		{estimator.Dist{}, `{"low":0,"likely":0,"high":0}`},
		{estimator.Dist{Low: -2, Likely: 0, High: 0, Why: "hedge"}, `{"low":-2,"likely":0,"high":0,"why":"hedge"}`},
		{estimator.Dist{Median: 100, P90: 200}, `{"median":100,"p90":200}`},
	} {
		got, err := json.Marshal(tc.d)
		require.NoError(t, err)
		assert.Equal(t, tc.want, string(got))
		var back estimator.Dist
		require.NoError(t, json.Unmarshal(got, &back))
		assert.Equal(t, tc.d, back)
	}
}
