package report

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func TestBuildChecksItsOptions(t *testing.T) {
	data, ok := examples.Read(examples.Default)
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	for _, tc := range []struct {
		opt  Options
		want string
	}{
		{Options{Samples: -5}, "samples: must be between 0 and 1000000, got -5"},
		{Options{Samples: estimator.MaxSamples + 1}, "samples: must be between 0 and 1000000, got 1000001"},
		{Options{Lang: "xx"}, `lang: must be en or ja, got "xx"`},
	} {
		_, err := Build(est, tc.opt)
		require.Error(t, err)
		assert.True(t, estimator.IsInvalidInput(err), tc.want)
		assert.EqualError(t, err, tc.want)
	}
	b, err := Build(est, Options{Samples: 0})
	require.NoError(t, err)
	assert.Nil(t, b.Uncertainty, "zero samples leave the uncertainty section out")
	assert.Nil(t, b.Sensitivity)
	assert.Equal(t, estimator.English, b.Lang)
	b, err = Build(est, Options{Samples: 200, Lang: "ja"})
	require.NoError(t, err)
	require.NotNil(t, b.Uncertainty)
	assert.Equal(t, 200, b.Uncertainty.Samples)
}

// A percentile ask needs samples: the charts build without them, a report
// that leads with the answer says which field asks for what is missing.
func TestAPercentileAskNeedsSamples(t *testing.T) {
	data, ok := examples.Read(examples.Default)
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "money.ask", Value: `"p90"`})
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := Build(est, Options{Samples: 0})
	require.NoError(t, err, "the charts need no answer")
	assert.NotEmpty(t, b.Charts)
	_, err = b.Answer()
	var fe *estimator.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "money.ask", fe.Path)

	b, err = Build(est, Options{Samples: 500, Seed: 1, Lang: "ja"})
	require.NoError(t, err)
	a, err := b.Answer()
	require.NoError(t, err)
	assert.Equal(t, a.Buy.ToBuy.Spread.P90, a.Buy.ToBuy.Asked)
	text := b.AnswerText(a)
	require.Len(t, text, 3)
	assert.Equal(t, "点推定はシステム数・総費用とも P10 を下回ります。", text[0])
	assert.Equal(t, "申請する値は「P90」です（シナリオの money.ask）。", text[1])
}

// A report sets the article's Table 1 beside the article alone, however it
// was edited, as long as it keeps the article's name.
func TestDefaultCompare(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		set      []estimator.Override
		want     []string
	}{
		{"article-2017", nil, Table1},
		{"article-2017", []estimator.Override{{Path: "fleet.cars", Value: "50"}}, Table1},
		{"article-2017", []estimator.Override{{Path: "name", Value: `"ours"`}}, nil},
		{"article-2017-decimal", nil, nil},
		{"realistic-2017", nil, nil},
		{"modern-2026", nil, nil},
		{"llama-3-405b", nil, nil},
		{"av-world-model-2026", nil, nil},
	} {
		data, ok := examples.Read(tc.scenario)
		require.True(t, ok)
		s, err := estimator.Decode(bytes.NewReader(data), tc.set...)
		require.NoError(t, err)
		assert.Equal(t, tc.want, DefaultCompare(s), "%s %v", tc.scenario, tc.set)
	}
}

// A whole run's GPU-hours and cost read with their model-error range in one
// display, and the sentence beside them in the report's language; a CNN
// team's estimate has neither.
func TestBandAndWholeRunNote(t *testing.T) {
	run := func(name string) *estimator.Estimate {
		data, ok := examples.Read(name)
		require.True(t, ok)
		s, err := estimator.Decode(bytes.NewReader(data))
		require.NoError(t, err)
		est, err := estimator.Run(s)
		require.NoError(t, err)
		return est
	}
	llama := run("llama-3-405b")
	for _, tc := range []struct {
		lang     estimator.Lang
		id, want string
	}{
		{"en", "project.llama-3-405b.gpu_hours.dgx-h100", "29.79 million–53.88 million"},
		{"en", "cost.own", "USD 70,212,637–USD 126,987,287"},
		{"en", "project.duration", "75.8 days–137 days"},
		{"ja", "project.llama-3-405b.gpu_hours.dgx-h100", "2,979.3 万–5,388.4 万"},
		{"en", "cost.capex", ""}, // bought for a fixed job: no range
	} {
		b := &Bundle{Estimate: llama, Lang: tc.lang}
		q, ok := llama.Get(tc.id)
		require.True(t, ok, tc.id)
		assert.Equal(t, tc.want, b.Band(q), "%s %s", tc.lang, tc.id)
	}
	assert.Equal(t, estimator.WholeRunNote().EN, (&Bundle{Estimate: llama, Lang: "en"}).WholeRunNote())
	assert.Equal(t, estimator.WholeRunNote().JA, (&Bundle{Estimate: llama, Lang: "ja"}).WholeRunNote())
	assert.Empty(t, (&Bundle{Estimate: run("article-2017"), Lang: "en"}).WholeRunNote())
}
