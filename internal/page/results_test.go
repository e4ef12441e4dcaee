package page

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// estimateWith is the default scenario's estimate with overrides applied.
func estimateWith(t *testing.T, overrides ...estimator.Override) *estimator.Estimate {
	t.Helper()
	return presetEstimate(t, examples.Default, overrides...)
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

// Each column of the run-time table reads in one unit (issue 13, item 14):
// the article's one-system column had "0.46 years" beside "21 days".
func TestOneUnitPerColumn(t *testing.T) {
	est := estimateWith(t)
	html := Results(est, "en")
	start := strings.Index(html, "<caption>One training run")
	table := html[start : start+strings.Index(html[start:], "</table>")]
	var gpu, one []string
	for _, row := range strings.Split(table, "<tr>")[2:] {
		cells := strings.Split(row, "</button>")
		gpu = append(gpu, cells[0][strings.LastIndex(cells[0], ">")+1:])
		one = append(one, cells[1][strings.LastIndex(cells[1], ">")+1:])
	}
	require.Len(t, one, 6)
	// The article's 9.1 years for Inception-v3 on one P100, 0.14 years for
	// AlexNet on a DGX-1; AlexNet on a Volta DGX-1 was "21 days".
	assert.Equal(t, []string{"1.15 years", "0.46 years", "6.18 years", "2.47 years", "9.1 years", "3.64 years"}, gpu)
	assert.Equal(t, []string{"0.14 years", "0.058 years", "0.77 years", "0.31 years", "1.14 years", "0.46 years"}, one)
	assert.Contains(t, Results(est, "ja"), ">0.058 年</button>")
}
