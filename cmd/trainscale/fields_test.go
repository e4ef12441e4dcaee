package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

// docsFields is the reference page of the scenario format: its table is
// `trainscale fields --format markdown`, kept so by TestFieldsDoc.
var docsFields = filepath.Join("..", "..", "docs", "fields.md")

const docsFieldsHead = `# Scenario fields

Every input of a scenario file, as ` + "`--set`" + ` takes its path (a list item's
index goes in the brackets: ` + "`workloads[1].mb_per_s`" + `). Any number may instead be a
range; see [uncertainty.md](uncertainty.md). This table is the output of
` + "`trainscale fields --format markdown`" + ` (` + "`--lang ja`" + ` for Japanese), generated from the
estimator's fields table, which the page's form, the workbook, the PDF and
the CLI all read; ` + "`go test ./cmd/trainscale -run FieldsDoc -update`" + ` rewrites it.
A unit in ` + "`money.currency`" + ` is an amount of the scenario's currency. Rules that
relate several fields (sampled_fps <= source_fps) are in the meaning column.

`

func TestFieldsDoc(t *testing.T) {
	out, errOut, code := trainscale(t, "", "fields", "--format", "markdown")
	require.Equal(t, 0, code, errOut)
	if *update {
		require.NoError(t, os.WriteFile(docsFields, []byte(docsFieldsHead+out), 0o644))
	}
	doc, err := os.ReadFile(docsFields)
	require.NoError(t, err)
	assert.Equal(t, docsFieldsHead+out, string(doc), "docs/fields.md is not the fields table: run go test ./cmd/trainscale -run FieldsDoc -update")
	assert.Contains(t, out, "| `fleet.cars` | cars | must be a whole number; must be > 0; must be <= 100,000,000 |  | Cars |\n")
	assert.Contains(t, out, "| `money.price_per_kwh` | money.currency per kWh | must be >= 0 |  | Electricity price |\n")
	assert.Equal(t, len(estimator.Fields())+2, strings.Count(out, "\n"), "a header, a rule and a row per field")
}

// Display widths follow East Asian Width: wide kana, kanji and fullwidth
// punctuation take two columns.
func TestDisplayWidth(t *testing.T) {
	for s, want := range map[string]int{"": 0, "path": 4, "車両数": 6, "Mbit/s（10^6 ビット）": 21, "e\u0301": 1, "한국": 4} {
		assert.Equal(t, want, displayWidth(s), s)
	}
}

func TestFieldsCommand(t *testing.T) {
	out, errOut, code := trainscale(t, "", "fields", "--lang", "ja")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^workloads\[\]\.batch +サンプル/GPU +バッチサイズ +収まる 256 以下で最大の 2 のべき乗（CPU では 32） +整数にしてください。0 より大きい値にしてください。1,048,576 以下にしてください。省略可$`, out)
	// Columns line up on a terminal: each starts at the same display column
	// (a Japanese character takes two), so the rule column's start is the
	// same on every line.
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	assert.True(t, strings.HasPrefix(lines[0], "パス "), lines[0])
	ruleAt := displayWidth(lines[0][:strings.Index(lines[0], "規則")])
	for _, l := range lines[1:] {
		cells := strings.Fields(l)
		if last := cells[len(cells)-1]; strings.HasPrefix(last, "整数") || strings.HasPrefix(last, "0") {
			assert.Equal(t, ruleAt, displayWidth(l[:strings.LastIndex(l, last)]), l)
		}
	}

	out, errOut, code = trainscale(t, "", "fields", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var fields []estimator.Field
	require.NoError(t, json.Unmarshal([]byte(out), &fields))
	assert.Equal(t, estimator.Fields(), fields, "the JSON is the table, both languages")

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"fields", "--lang", "fr"}, `--lang: must be en or ja, got "fr"`},
		{[]string{"fields", "--format", "csv"}, `--format: must be table, markdown or json, got "csv"`},
		{[]string{"fields", "extra"}, "extra"},
	} {
		_, errOut, code := trainscale(t, "", tc.args...)
		assert.Equal(t, 2, code, tc.args)
		assert.Contains(t, errOut, tc.want, tc.args)
	}
}
