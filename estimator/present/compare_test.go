package present

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// builtIn estimates one of the embedded example scenarios.
func builtIn(t *testing.T, name string) *estimator.Estimate {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok, name)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err, name)
	est, err := estimator.Run(s)
	require.NoError(t, err, name)
	return est
}

func compareBuiltIn(t *testing.T, names ...string) Comparison {
	t.Helper()
	var ests []*estimator.Estimate
	for _, n := range names {
		ests = append(ests, builtIn(t, n))
	}
	return Compare(names, ests)
}

func inputPaths(c Comparison) []string {
	var out []string
	for _, r := range c.Inputs {
		out = append(out, r.Path)
	}
	return out
}

func row(t *testing.T, c Comparison, id string) QuantityRow {
	t.Helper()
	for _, r := range c.Quantities {
		if r.ID == id {
			return r
		}
	}
	t.Fatalf("no row %s", id)
	return QuantityRow{}
}

func inputRow(t *testing.T, c Comparison, path string) []string {
	t.Helper()
	for _, r := range c.Inputs {
		if r.Path == path {
			var out []string
			for _, v := range r.Values {
				out = append(out, v.String())
			}
			return out
		}
	}
	t.Fatalf("no differing input %s (have %v)", path, inputPaths(c))
	return nil
}

// The decimal file differs from the article's only in its units (and its name
// and notes, which are not compared); every time and system count moves by
// (10^12/2^40)/(10^6/2^20) = 0.9537, the data by 10^12/2^40 in bytes.
func TestCompareArticleWithDecimalUnits(t *testing.T) {
	c := compareBuiltIn(t, "article-2017", "article-2017-decimal")
	assert.Equal(t, []string{"article-2017", "article-2017-decimal"}, c.Columns)
	assert.Equal(t, estimator.Binary, c.Units)
	assert.Equal(t, []string{"units"}, inputPaths(c))
	assert.Equal(t, []string{"binary", "decimal"}, inputRow(t, c, "units"))

	timeRatio := (1e12 / math.Pow(2, 40)) / (1e6 / math.Pow(2, 20))
	require.InDelta(t, 0.9537, timeRatio, 0.0001)
	moved := 0
	for _, r := range c.Quantities {
		require.NotNil(t, r.Values[0], r.ID)
		require.NotNil(t, r.Values[1], r.ID)
		a, b := *r.Values[0], *r.Values[1]
		switch {
		case strings.HasPrefix(r.ID, "team.") && strings.Contains(r.ID, ".systems."),
			strings.HasPrefix(r.ID, "train.") && strings.Contains(r.ID, "_time"):
			assert.InDelta(t, timeRatio, b/a, 1e-12, r.ID)
			moved++
		case r.ID == "data.raw" || r.ID == "data.processed":
			assert.InDelta(t, 1e12/math.Pow(2, 40), b/a, 1e-12, r.ID)
		}
	}
	assert.Greater(t, moved, 20)
	sys := row(t, c, "team.inception-v3.systems.dgx-1-p100")
	assert.True(t, sys.Headline)
	assert.Equal(t, []string{"355.88", "339.39"}, []string{sys.Format(0, c.Units, estimator.English), sys.Format(1, c.Units, estimator.English)})
	// One yardstick across a row: the decimal scenario's 104 TB (10^12 B) in binary TB.
	data := row(t, c, "data.processed")
	assert.Equal(t, []string{"104 TB", "94.59 TB"}, []string{data.Format(0, c.Units, estimator.English), data.Format(1, c.Units, estimator.English)})
}

func TestCompareSameScenarioHasNoDifferingInputs(t *testing.T) {
	c := compareBuiltIn(t, "modern-2026", "modern-2026", "modern-2026")
	assert.Empty(t, c.Inputs)
	assert.Len(t, c.Columns, 3)
	for _, r := range c.Quantities {
		assert.Equal(t, *r.Values[0], *r.Values[2], r.ID)
	}
}

// The article and the 2026 case train different networks on different systems:
// rows line up by id, with "-" (nil) where a scenario has no such quantity.
func TestCompareAlignsQuantitiesByID(t *testing.T) {
	c := compareBuiltIn(t, "article-2017", "modern-2026")

	for _, tc := range []struct {
		id       string
		present  [2]bool
		headline bool
	}{
		{"data.processed", [2]bool{true, true}, true},
		{"data.raw", [2]bool{true, true}, true},
		{"data.reduction", [2]bool{true, true}, false},
		{"team.alexnet.systems.dgx-1-p100", [2]bool{true, false}, true},
		{"team.alexnet.systems_to_buy.dgx-1-p100", [2]bool{true, false}, false},
		{"team.vit-b-16.systems.dgx-b200", [2]bool{false, true}, true},
		{"team.resnet-50.systems.dgx-h100", [2]bool{false, true}, true},
		{"scale.resnet-50.efficiency.dgx-h100", [2]bool{false, true}, false},
		{"train.alexnet.gpu_time", [2]bool{true, false}, true},
		{"growth.compute_factor_n10", [2]bool{true, true}, false},
	} {
		r := row(t, c, tc.id)
		for i, want := range tc.present {
			assert.Equal(t, want, r.Values[i] != nil, "%s column %d", tc.id, i)
			if !want {
				assert.Equal(t, "-", r.Format(i, c.Units, estimator.English), tc.id)
				assert.Empty(t, r.Units[i], tc.id)
			}
		}
		assert.Equal(t, tc.headline, r.Headline, tc.id)
		assert.NotEmpty(t, r.Label.EN, tc.id)
		assert.NotEmpty(t, r.Unit, tc.id)
	}

	// Every id of either estimate appears exactly once.
	seen := map[string]int{}
	for _, r := range c.Quantities {
		seen[r.ID]++
	}
	for i, e := range []*estimator.Estimate{builtIn(t, "article-2017"), builtIn(t, "modern-2026")} {
		for _, q := range e.Quantities() {
			assert.Equal(t, 1, seen[q.ID], q.ID)
			assert.Equal(t, q.Value, *row(t, c, q.ID).Values[i], q.ID)
		}
	}
	assert.Len(t, c.Quantities, len(seen))

	// The first scenario's rows come first; the 2026 systems follow its own.
	headline := c.Headline()
	require.NotEmpty(t, headline)
	assert.Equal(t, "data.raw", headline[0].ID)
	assert.Equal(t, "data.processed", headline[1].ID)
	assert.Equal(t, "train.alexnet.gpu_time", headline[2].ID)
	assert.Equal(t, "team.alexnet.systems.dgx-1-p100", headline[4].ID)
	assert.Equal(t, "train.resnet-50.system_time.dgx-h100", headline[17].ID)
	// The data (2); the article's reference-GPU and system times and systems
	// (3 + 6 + 6); the 2026 case's system and job times and systems (9 x 3);
	// the ten money, energy and CO2 totals both have.
	assert.Len(t, headline, 2+15+27+10)

	for path, want := range map[string][]string{
		"training.scaling":                    {"linear", "modelled"},
		"workloads[0].id":                     {"alexnet", "resnet-50"},
		"workloads[0].mb_per_s":               {"150", "-"},
		"workloads[2].model":                  {"-", "vit-b-16"},
		"workloads[0].precision":              {"-", "mixed"},
		"systems[2].id":                       {"-", "dgx-b200"},
		"systems[1].speedup":                  {"2.5", "-"},
		"factors.host_input_bytes_per_core_s": {"-", "1e+09"},
	} {
		assert.Equal(t, want, inputRow(t, c, path), path)
	}
	for _, same := range []string{"units", "fleet.cars", "preprocessing.reduction", "team.members", "systems[0].gpus", "name", "notes", "schema", "workloads[0].label"} {
		assert.NotContains(t, inputPaths(c), same)
	}
}

// The realistic case replaces the article's 1 TB/h with a sensor list and its
// fixed 0.0005 with a derived reduction.
func TestCompareArticleWithRealistic(t *testing.T) {
	c := compareBuiltIn(t, "article-2017", "realistic-2017")
	for path, want := range map[string][]string{
		"fleet.tb_per_hour":               {"1", "-"},
		"fleet.sensors[0].kind":           {"-", "camera"},
		"fleet.sensors[0].count":          {"-", "6"},
		"fleet.sensors[1].mbit_per_s":     {"-", "2800"},
		"preprocessing.sampled_fps":       {"1", "10"},
		"preprocessing.compression_ratio": {"70", "10"},
		"preprocessing.reduction":         {"0.0005", "-"},
	} {
		assert.Equal(t, want, inputRow(t, c, path), path)
	}
	assert.NotContains(t, inputPaths(c), "fleet.cars")
	assert.NotContains(t, inputPaths(c), "workloads[0].mb_per_s")

	// 6 cameras x 2 MP x 24 bit x 30 fps + 2,800 Mbit/s of radar, for an hour.
	perHour := row(t, c, "data.per_car_hour")
	assert.InDelta(t, (6*2e6*24*30+2800e6)/8*3600, *perHour.Values[1], 1)
	assert.InDelta(t, 1.0/30, *row(t, c, "data.reduction").Values[1], 1e-15)
	sys := row(t, c, "team.inception-v3.systems.dgx-1-p100")
	assert.Greater(t, *sys.Values[1], 100**sys.Values[0], "the realistic case needs two orders of magnitude more")
}

// The headline is the planner's set (IsHeadline), the same the uncertainty
// samples: money totals are in it, the parts they add up are not. A row only
// the later scenario has is empty in the earlier column, and each column
// keeps its own unit: a money figure follows its scenario's currency.
func TestCompareHeadlineIsThePlannersSet(t *testing.T) {
	data, ok := examples.Read("article-2017")
	require.True(t, ok)
	free, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	free.Money = nil
	base, err := estimator.Run(free)
	require.NoError(t, err)
	inYen, err := estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "money.currency", Value: "JPY"}, estimator.Override{Path: "money.per_usd", Value: "150"})
	require.NoError(t, err)
	withMoney, err := estimator.Run(inYen)
	require.NoError(t, err)
	c := Compare([]string{"a", "b"}, []*estimator.Estimate{base, withMoney})
	for _, id := range []string{"cost.capex", "cost.tco", "energy.per_year", "co2.per_year"} {
		r := row(t, c, id)
		assert.True(t, r.Headline, id)
		assert.Nil(t, r.Values[0], id)
		assert.Equal(t, "-", r.Format(0, c.Units, estimator.English), id)
	}
	assert.False(t, row(t, c, "cost.hardware").Headline)
	capex := row(t, c, "cost.capex")
	assert.Equal(t, estimator.Unit("JPY"), capex.Units[1])
	assert.Equal(t, Format(*capex.Values[1], "JPY", estimator.Binary, estimator.English), capex.Format(1, c.Units, estimator.English))
}

func TestCompareColumnNames(t *testing.T) {
	est := builtIn(t, "article-2017")
	c := Compare(nil, []*estimator.Estimate{est, est})
	assert.Equal(t, []string{est.Scenario.Name, est.Scenario.Name}, c.Columns)
	assert.Empty(t, Compare(nil, nil).Quantities)
}

func TestMergeOrder(t *testing.T) {
	for _, tc := range []struct {
		name             string
		order, next, out []string
	}{
		{"empty", nil, []string{"a", "b"}, []string{"a", "b"}},
		{"same", []string{"a", "b"}, []string{"a", "b"}, []string{"a", "b"}},
		{"extra before its successor", []string{"a", "b", "c"}, []string{"a", "x", "b"}, []string{"a", "x", "b", "c"}},
		{"extras with no successor go last", []string{"a", "b"}, []string{"a", "x", "y"}, []string{"a", "b", "x", "y"}},
		{"first scenario's block stays first", []string{"d", "w1", "w2", "g"}, []string{"d", "v1", "v2", "g"}, []string{"d", "w1", "w2", "v1", "v2", "g"}},
		{"nothing shared", []string{"a"}, []string{"b"}, []string{"a", "b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.out, mergeOrder(tc.order, tc.next))
		})
	}
}

func TestInputValueTextAndJSON(t *testing.T) {
	for _, tc := range []struct {
		v          InputValue
		text, json string
	}{
		{InputValue{}, "-", "null"},
		{InputValue{Set: true, Number: 0.0005}, "0.0005", "0.0005"},
		{InputValue{Set: true, Number: 1e9}, "1e+09", "1000000000"},
		{InputValue{Set: true, Number: 0}, "0", "0"},
		{InputValue{Set: true, Text: "binary"}, "binary", `"binary"`},
	} {
		assert.Equal(t, tc.text, tc.v.String())
		got, err := json.Marshal(tc.v)
		require.NoError(t, err)
		assert.Equal(t, tc.json, string(got))
	}
}
