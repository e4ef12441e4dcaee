package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The three built-in cases make the article's Table 1: its conservative
// assumptions, the realistic ones it hedged away, and 2026 hardware.
func TestCompareTable1(t *testing.T) {
	out, errOut, code := trainscale(t, "", "compare", "--scenario", "article-2017", "--scenario", "realistic-2017", "--scenario", "modern-2026")
	require.Equal(t, 0, code, errOut)
	for _, want := range []string{
		"3 scenarios side by side (values in the first one's binary units",
		"Inputs that differ",
		"preprocessing.sampled_fps", "preprocessing.compression_ratio", "fleet.sensors[1].mbit_per_s",
		"training.scaling", "modelled",
		"Outputs (headline; --all for every quantity)",
		"data.processed", "104 TB",
		"team.inception-v3.systems.dgx-1-p100", "355.88",
		"team.vit-b-16.systems.dgx-b200",
	} {
		assert.Contains(t, out, want)
	}
	assert.NotContains(t, out, "systems_to_buy", "only the headline without --all")
	assert.NotContains(t, out, "fleet.cars", "the same in every scenario")
	golden(t, "compare.txt", out)
}

func TestCompareAllAndSameInputs(t *testing.T) {
	out, errOut, code := trainscale(t, "", "compare", "--all", "--scenario", "article-2017", "--scenario", "article-2017")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Inputs: the same in every scenario")
	assert.Contains(t, out, "Outputs  ")
	assert.Contains(t, out, "team.inception-v3.systems_to_buy.dgx-1-p100")
	assert.Contains(t, out, "growth.inception-v3.systems_n10.dgx-1-v100")
	assert.Contains(t, out, "article-2017#2", "a repeated name is told apart")
}

// Only the units differ between the article and its decimal reading; every
// time and system count moves by 0.9537.
func TestCompareJSON(t *testing.T) {
	out, errOut, code := trainscale(t, "", "compare", "../../examples/article-2017.json", "--scenario", "article-2017-decimal", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var doc struct {
		Columns []string `json:"columns"`
		Names   []string `json:"names"`
		Units   string   `json:"units"`
		Inputs  []struct {
			Path   string `json:"path"`
			Values []any  `json:"values"`
		} `json:"inputs"`
		Quantities []struct {
			ID, Label, Unit string
			Headline        bool
			Values          []*float64
			Units, Text     []string
		} `json:"quantities"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, []string{"article-2017", "article-2017-decimal"}, doc.Columns)
	require.Len(t, doc.Names, 2)
	assert.Contains(t, doc.Names[1], "decimal units")
	assert.Equal(t, "binary", doc.Units)

	require.Len(t, doc.Inputs, 1)
	assert.Equal(t, "units", doc.Inputs[0].Path)
	assert.Equal(t, []any{"binary", "decimal"}, doc.Inputs[0].Values)

	got := map[string][]*float64{}
	text := map[string][]string{}
	for _, q := range doc.Quantities {
		got[q.ID], text[q.ID] = q.Values, q.Text
		assert.Len(t, q.Units, 2, q.ID)
		assert.NotEmpty(t, q.Label, q.ID)
		assert.NotEmpty(t, q.Unit, q.ID)
	}
	sys := got["team.inception-v3.systems.dgx-1-p100"]
	require.Len(t, sys, 2)
	assert.InDelta(t, 355.88, *sys[0], 0.005)
	assert.InDelta(t, 0.9537, *sys[1] / *sys[0], 0.0001)
	// Text shows every column in the first scenario's units: 104 TB (2^40 B) beside 94.59.
	assert.Equal(t, []string{"104 TB", "94.59 TB"}, text["data.processed"])
}

func TestCompareJSONNullWhereAbsent(t *testing.T) {
	out, errOut, code := trainscale(t, "", "compare", "--scenario", "article-2017", "--scenario", "modern-2026", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var doc struct {
		Inputs []struct {
			Path   string
			Values []any
		}
		Quantities []struct {
			ID     string
			Values []any
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	quantities := map[string][]any{}
	for _, q := range doc.Quantities {
		quantities[q.ID] = q.Values
	}
	inputs := map[string][]any{}
	for _, in := range doc.Inputs {
		inputs[in.Path] = in.Values
	}
	require.Len(t, quantities["team.alexnet.systems.dgx-1-p100"], 2)
	assert.Nil(t, quantities["team.alexnet.systems.dgx-1-p100"][1])
	assert.Nil(t, quantities["team.vit-b-16.systems.dgx-b200"][0])
	assert.NotNil(t, quantities["team.vit-b-16.systems.dgx-b200"][1])
	assert.Equal(t, []any{150.0, nil}, inputs["workloads[0].mb_per_s"])
	assert.Equal(t, []any{"linear", "modelled"}, inputs["training.scaling"])
	assert.Contains(t, out, `"inputs": [`)
}

func TestCompareCSV(t *testing.T) {
	out, errOut, code := trainscale(t, "", "compare", "--scenario", "article-2017", "--scenario", "modern-2026", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"kind", "id", "label", "unit", "article-2017", "modern-2026"}, recs[0])
	byID := map[string][]string{}
	for _, r := range recs[1:] {
		require.Len(t, r, 6)
		byID[r[0]+" "+r[1]] = r
	}
	assert.Equal(t, []string{"input", "training.scaling", "", "", "linear", "modelled"}, byID["input training.scaling"])
	assert.Equal(t, []string{"input", "workloads[0].mb_per_s", "", "", "150", ""}, byID["input workloads[0].mb_per_s"])
	data := byID["quantity data.processed"]
	assert.Equal(t, []string{"B", "1.14349209288704e+14", "1.14349209288704e+14"}, data[3:])
	alex := byID["quantity team.alexnet.systems.dgx-1-p100"]
	assert.Equal(t, "count", alex[3])
	assert.NotEmpty(t, alex[4])
	assert.Empty(t, alex[5])
}

// Files, stdin and built-in names mix, and the columns follow the command line.
func TestCompareSourcesAndSet(t *testing.T) {
	data, err := os.ReadFile("../../examples/article-2017.json")
	require.NoError(t, err)
	out, errOut, code := trainscale(t, string(data), "compare", "--scenario", "article-2017-decimal", "-", "--format", "csv", "--set", "team.target_days=14")
	require.Equal(t, 0, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"article-2017-decimal", "stdin"}, recs[0][4:])
	for _, r := range recs {
		if r[1] == "team.inception-v3.systems.dgx-1-p100" {
			assert.True(t, strings.HasPrefix(r[4], "169.6"), r[4]) // 339.39 / 2: --set reached both
			assert.True(t, strings.HasPrefix(r[5], "177.9"), r[5]) // 355.88 / 2
		}
	}
}

func TestCompareErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"schema": "trainscale/v1", "fleet": {"cars": -5}}`), 0o644))
	broken := filepath.Join(dir, "broken.json")
	require.NoError(t, os.WriteFile(broken, []byte(`{"schema": `), 0o644))
	article := "../../examples/article-2017.json"
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"none", []string{"compare"}, 2, []string{"compare needs at least two scenarios", "got 0", "usage: trainscale compare"}},
		{"one", []string{"compare", article}, 2, []string{"got 1"}},
		{"one built-in", []string{"compare", "--scenario", "article-2017"}, 2, []string{"got 1"}},
		{"stdin twice", []string{"compare", "-", "-"}, 2, []string{"stdin (-) can be read only once"}},
		{"invalid file", []string{"compare", article, bad}, 2, []string{bad + ": fleet.cars: must be > 0, got -5", bad + ": team: is required"}},
		{"both invalid", []string{"compare", bad, broken}, 2, []string{bad + ": fleet.cars", broken + ": invalid JSON at line 1"}},
		{"unknown built-in", []string{"compare", article, "--scenario", "nope"}, 2, []string{`no built-in scenario "nope"`}},
		{"bad set", []string{"compare", article, article, "--set", "nonsense"}, 2, []string{"--set: must look like path=value"}},
		{"set out of range", []string{"compare", "--scenario", "article-2017", "--scenario", "modern-2026", "--set", "fleet.cars=0"}, 2, []string{"article-2017: fleet.cars: must be > 0", "modern-2026: fleet.cars: must be > 0"}},
		{"format", []string{"compare", article, article, "--format", "xml"}, 2, []string{"--format: must be table, json or csv"}},
		{"missing file", []string{"compare", article, filepath.Join(dir, "missing.json")}, 1, []string{"missing.json", "no such file"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := trainscale(t, "", tc.args...)
			assert.Equal(t, tc.code, code, errOut)
			assert.Empty(t, out)
			for _, want := range tc.want {
				assert.Contains(t, errOut, want)
			}
		})
	}
}
