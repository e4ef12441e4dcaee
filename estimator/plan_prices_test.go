package estimator_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// priceEntry is one prices-file entry: an 8x H100 instance at 2 USD on
// demand, published 2026-11-30, with the fields given replacing those.
func priceEntry(fields ...string) string {
	base := map[string]string{"provider": `"aws"`, "instance": `"p5.48xlarge"`, "gpu": `"h100-sxm"`, "gpus": "8",
		"system": `"dgx-h100"`, "on_demand": "2", "source": `"our quote"`, "as_of": `"2026-11-30"`}
	for i := 0; i+1 < len(fields); i += 2 {
		if fields[i+1] == "" {
			delete(base, fields[i])
			continue
		}
		base[fields[i]] = fields[i+1]
	}
	var kv []string
	for _, k := range []string{"provider", "instance", "region", "gpu", "gpus", "system", "on_demand", "spot", "source", "as_of"} {
		if v, ok := base[k]; ok {
			kv = append(kv, `"`+k+`": `+v)
		}
	}
	return "{" + strings.Join(kv, ", ") + "}"
}

func pricesFile(entries ...string) string {
	return `{"prices": [` + strings.Join(entries, ", ") + `]}`
}

// An entry the planner would not take as written is an error naming it,
// not an instance silently replaced: one dated after the plan, two for one
// instance and date, more GPUs than the system it trains as, a spot price
// alone.
func TestDecodePricesRefusesAmbiguousEntries(t *testing.T) {
	data, ok := examples.Read("modern-2026")
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	dated, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "plan.as_of", Value: "2027-06-01"})
	require.NoError(t, err)

	for _, tc := range []struct {
		name string
		file string
		s    *estimator.Scenario
		asOf string
		want []string // "path: rule", in order; none for a file that reads
	}{
		{"one entry", pricesFile(priceEntry()), s, "2026-12-01", nil},
		{"a price history", pricesFile(priceEntry(), priceEntry("as_of", `"2026-06-01"`, "on_demand", "3")), s, "2026-12-01", nil},
		{"two instances on one date", pricesFile(priceEntry(), priceEntry("instance", `"p5e.48xlarge"`)), s, "2026-12-01", nil},
		{"the same instance and date twice", pricesFile(priceEntry(), priceEntry("instance", `"other"`), priceEntry("on_demand", "3")), s, "2026-12-01",
			[]string{"prices[2].as_of: repeats the provider, instance and date of prices[0]: give one price per instance and date (the planner would take either)"}},
		{"twice in two regions", pricesFile(priceEntry("region", `"us-east-1"`), priceEntry("region", `"eu-west-1"`)), s, "2026-12-01",
			[]string{"prices[1].as_of: repeats the provider, instance and date of prices[0]"}},
		{"dated the plan's day", pricesFile(priceEntry()), s, "2026-11-30", nil},
		{"dated after the plan", pricesFile(priceEntry("as_of", `"2999-01-01"`)), s, "2026-12-01",
			[]string{`prices[0].as_of: must be no later than the plan's as-of date, 2026-12-01 (plan.as_of, --as-of, else today)`}},
		{"plan.as_of dates the plan", pricesFile(priceEntry("as_of", `"2027-01-01"`)), dated, "2026-12-01", nil},
		{"after plan.as_of", pricesFile(priceEntry("as_of", `"2027-07-01"`)), dated, "2026-12-01", []string{"prices[0].as_of: must be no later than the plan's as-of date, 2027-06-01"}},
		{"no date: the newest price dates the plan", pricesFile(priceEntry("as_of", `"2999-01-01"`)), s, "", nil},
		{"a malformed plan date is the planner's to report", pricesFile(priceEntry()), s, "yesterday", nil},
		{"1e9 GPUs", pricesFile(priceEntry("gpus", "1e9")), s, "2026-12-01",
			[]string{"prices[0].gpus: must be at most 8, the GPUs of the system it trains as (dgx-h100)"}},
		{"9 GPUs", pricesFile(priceEntry("gpus", "9")), s, "2026-12-01", []string{"prices[0].gpus: must be at most 8"}},
		{"a slice of the system", pricesFile(priceEntry("gpus", "1")), s, "2026-12-01", nil},
		{"no GPUs", pricesFile(priceEntry("gpus", "0")), s, "2026-12-01", []string{"prices[0].gpus: must be > 0"}},
		{"spot alone", pricesFile(priceEntry("on_demand", "", "spot", "1")), s, "2026-12-01",
			[]string{"prices[0]: gives only a spot price, which the planner does not plan with"}},
		{"spot beside on demand", pricesFile(priceEntry("spot", "1")), s, "2026-12-01", nil},
		{"a negative price", pricesFile(priceEntry("on_demand", "-2")), s, "2026-12-01", []string{"prices[0].on_demand: must be > 0"}},
		{"an unknown GPU", pricesFile(priceEntry("gpu", `"h100"`)), s, "2026-12-01", []string{"prices[0].gpu: unknown catalog GPU"}},
		{"everything at once", pricesFile(priceEntry("gpus", "16", "as_of", `"2027-01-01"`), priceEntry("gpus", "16", "as_of", `"2027-01-01"`)), s, "2026-12-01",
			[]string{"prices[0].as_of: must be no later", "prices[0].gpus: must be at most 8", "prices[1].as_of: must be no later", "prices[1].as_of: repeats", "prices[1].gpus: must be at most 8"}},
	} {
		offers, err := estimator.DecodePrices(strings.NewReader(tc.file), tc.s, tc.asOf)
		if len(tc.want) == 0 {
			require.NoError(t, err, tc.name)
			assert.NotEmpty(t, offers, tc.name)
			continue
		}
		require.Error(t, err, tc.name)
		assert.True(t, estimator.IsInvalidInput(err), tc.name)
		lines := strings.Split(err.Error(), "\n")
		require.Len(t, lines, len(tc.want), "%s: %v", tc.name, err)
		for i, want := range tc.want {
			assert.True(t, strings.HasPrefix(lines[i], want), "%s:\n got %s\nwant %s", tc.name, lines[i], want)
		}
	}

	// In Japanese too.
	_, err = estimator.DecodePrices(strings.NewReader(pricesFile(priceEntry("gpus", "1e9"), priceEntry("gpus", "1e9"))), s, "2026-12-01")
	var ja []string
	for _, e := range err.(estimator.Errors) {
		var fe *estimator.FieldError
		require.True(t, errors.As(e, &fe))
		ja = append(ja, fe.In("ja"))
	}
	assert.Equal(t, []string{
		"prices[0].gpus: 学習に使うシステム（dgx-h100）の GPU 数 8 以下にしてください（入力値 1000000000）",
		`prices[1].as_of: prices[0] と事業者・インスタンス・日付が重複しています。インスタンスと日付ごとに価格は 1 つにしてください（計画がどちらを使うか定まりません）（入力値 "2026-11-30"）`,
		"prices[1].gpus: 学習に使うシステム（dgx-h100）の GPU 数 8 以下にしてください（入力値 1000000000）",
	}, ja)
}
