package page

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func estimateWith(t *testing.T, overrides ...estimator.Override) *estimator.Estimate {
	t.Helper()
	data, ok := examples.Read(examples.Default)
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	return est
}

// An input a caption quotes changes the layout, so the page renders the
// captions again; an input only values depend on does not.
func TestLayoutFollowsCaptions(t *testing.T) {
	base := Layout(estimateWith(t))
	assert.Equal(t, base, Layout(estimateWith(t, estimator.Override{Path: "fleet.cars", Value: "300"})), "values only")
	for _, o := range []estimator.Override{
		{Path: "training.epochs", Value: "60"},
		{Path: "team.members", Value: "40"},
		{Path: "team.concurrent_jobs", Value: "7"},
		{Path: "team.target_days", Value: "5"},
		{Path: "workloads[0].label", Value: "Mine"},
	} {
		est := estimateWith(t, o)
		assert.NotEqual(t, base, Layout(est), o.Path)
	}
	html := Results(estimateWith(t, estimator.Override{Path: "training.epochs", Value: "60"}, estimator.Override{Path: "team.target_days", Value: "5"}), "en")
	assert.Contains(t, html, "One training run (60 epochs)")
	assert.Contains(t, html, "5-day target)")
}
