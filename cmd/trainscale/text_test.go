package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

func TestCSVSafe(t *testing.T) {
	for in, want := range map[string]string{
		"=cmd|' /C calc'!A0": "'=cmd|' /C calc'!A0",
		"+1+cmd":             "'+1+cmd",
		"-2+3":               "'-2+3",
		"@SUM(A1)":           "'@SUM(A1)",
		"\tx":                "'\tx",
		"\rx":                "'\rx",
		"-5":                 "-5",
		"-1.5e+06":           "-1.5e+06",
		"+3":                 "+3",
		"-Inf":               "'-Inf",
		"-0x1p-2":            "'-0x1p-2",
		"ResNet-50":          "ResNet-50",
		"":                   "",
		"a=b":                "a=b",
	} {
		assert.Equal(t, want, csvSafe(in), "%q", in)
	}
}

// Labels from a hostile file reach the CSV of estimate and compare as text,
// not formulas, while numbers stay numbers.
func TestCSVOutputsNeutraliseFormulas(t *testing.T) {
	file := "../../testdata/hostile/files/cli-hostile-names.json"
	for _, args := range [][]string{
		{"estimate", file, "--format", "csv"},
		{"compare", file, "--scenario", "article-2017", "--format", "csv"},
	} {
		out, errOut, code := trainscale(t, "", args...)
		require.Equal(t, 0, code, errOut)
		records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		require.NoError(t, err)
		labels := 0
		for _, rec := range records {
			for _, cell := range rec {
				if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
					assert.True(t, plainNumber(cell), "%s: cell %q would run as a formula", args[0], cell)
				}
				if strings.HasPrefix(cell, "'=cmd|") || strings.HasPrefix(cell, "'@SUM") {
					labels++
				}
			}
		}
		assert.Positive(t, labels, args[0])
	}
	out, _, _ := trainscale(t, "", "compare", "--scenario", "article-2017", "--scenario", "realistic-2017", "--format", "csv", "--set", "fleet.cars=50")
	assert.NotContains(t, out, "'-", "no number is quoted")
}

// Names with ESC, NUL and bidi overrides reach no terminal raw, whichever
// text command prints them.
func TestTextOutputsEscapeControlCharacters(t *testing.T) {
	file := "../../testdata/hostile/files/cli-hostile-names.json"
	for _, args := range [][]string{
		{"estimate", file},
		{"explain", file},
		{"explain", "train.resnet-50.rate", file},
		{"compare", file, "--scenario", "article-2017", "--all"},
		{"validate", file},
		{"uncertainty", file, "--samples", "200"},
		{"sensitivity", file},
		{"estimate", file, "--set", "fleet.cars=-1"},
		{"estimate", "--set", "name=\x1b[31m\x00", "--set", "fleet.cars=0"},
	} {
		out, errOut, _ := trainscale(t, "", args...)
		for _, s := range []string{out, errOut} {
			assert.False(t, strings.ContainsAny(s, "\x1b\x00\a\u202e"), "%v printed a control character: %q", args, s)
		}
	}
	out, _, _ := trainscale(t, "", "estimate", file)
	assert.Contains(t, out, `Evil \x1b[2J\x1b]0;pwned\a plan\x00 \u202eexe.txt`)
}

// r2Labels is a scenario whose name, notes, first workload's and first
// system's labels hold a terminal title sequence (ESC ] 0;x BEL), the
// bidirectional overrides and isolates, C1 controls, NUL and DEL.
const r2Labels = "../../testdata/hostile/files/r2-control-labels.json"

// r2Escaped is how the workload's label reads once escaped.
const r2Escaped = `wl \x1b]0;x\a \u202eRLO\u202c \u2066LRI\u2067RLI\u2068FSI\u2069PDI c1\u0085\u009b nul\x00 del\x7f`

// rawControl reports whether s holds a character estimator.Printable would
// escape, but for the line breaks a format lays its lines out with, or a
// byte that is not UTF-8.
func rawControl(s string) bool {
	return !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && estimator.Unprintable(r) })
}

// issue 25: one escaping rule for every text output. Each format shows the
// labels escaped as the table does; JSON escapes them in its own syntax, so
// it stays valid and decodes to the labels as given.
func TestEveryTextOutputEscapesControlAndBidi(t *testing.T) {
	scenario, err := os.ReadFile(r2Labels)
	require.NoError(t, err)
	var given struct {
		Workloads []struct{ Label string }
		Systems   []struct{ Label string }
	}
	require.NoError(t, json.Unmarshal(scenario, &given))
	for _, tc := range []struct {
		format string
		args   []string
		want   []string
	}{
		{"table", []string{"estimate", r2Labels}, []string{`r2 \x1b]0;x\a \u202eRLO`, r2Escaped}},
		{"explain", []string{"explain", r2Labels}, []string{r2Escaped}},
		{"compare table", []string{"compare", r2Labels, "--scenario", "article-2017", "--all"}, []string{`r2 \x1b]0;x\a`}},
		{"csv", []string{"estimate", r2Labels, "--format", "csv"}, []string{r2Escaped, `sys \x1b]0;x\a \u202eRLO`}},
		{"compare csv", []string{"compare", r2Labels, "--scenario", "article-2017", "--format", "csv"}, []string{r2Escaped}},
		{"json", []string{"estimate", r2Labels, "--format", "json"}, []string{`wl \u001b]0;x\u0007 \u202eRLO\u202c \u2066LRI\u2067RLI\u2068FSI\u2069PDI c1\u0085\u009b nul\u0000 del\u007f`}},
		{"compare json", []string{"compare", r2Labels, "--scenario", "article-2017", "--format", "json"}, []string{`\u202eRLO`}},
		{"uncertainty json", []string{"uncertainty", r2Labels, "--samples", "100", "--format", "json"}, []string{`\u202eRLO`}},
		{"html", []string{"html", r2Labels, "-o", "-", "--samples", "100", "--compare", "article-2017"}, []string{
			`<span class="scenario-name">r2 \x1b]0;x\a \u202eRLO`, "<td class=\"label\">" + r2Escaped, `\\x1b]0;x\\a \\u202eRLO`, // the page, and a chart's option
			`<p class="notes">notes \x1b]0;x\a \u202eRLO\u202c \u2066LRI\u2067RLI\u2068FSI\u2069PDI c1\u0085\u009b nul\x00 del\x7f` + "\nsecond line</p>"}},
	} {
		out, errOut, code := trainscale(t, "", tc.args...)
		require.Equal(t, 0, code, "%s: %s", tc.format, errOut)
		assert.False(t, rawControl(out), "%s printed a control or bidi character raw", tc.format)
		for _, want := range tc.want {
			assert.True(t, strings.Contains(out, want), "%s lacks %q", tc.format, want)
		}
		if !strings.Contains(tc.format, "json") {
			continue
		}
		var decoded any
		require.NoError(t, json.Unmarshal([]byte(out), &decoded), "%s is not JSON", tc.format)
		for _, label := range []string{given.Workloads[0].Label, given.Systems[0].Label} {
			assert.Contains(t, fmt.Sprint(decoded), label, "%s: the labels decode as given", tc.format)
		}
	}
}

func TestPanicIsInternalErrorStatus3(t *testing.T) {
	cmds := append(commands(), command{name: "boom", run: func(*env, []string) error {
		var m map[string]int
		m["x"] = 1 // a real runtime panic
		return nil
	}})
	var out, errOut bytes.Buffer
	code := runCommands(cmds, []string{"boom"}, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut})
	assert.Equal(t, 3, code)
	assert.Equal(t, "trainscale boom: internal error: assignment to entry in nil map\n", errOut.String(), "one line, no stack")

	t.Setenv("TRAINSCALE_DEBUG", "1")
	errOut.Reset()
	code = runCommands(cmds, []string{"boom"}, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut})
	assert.Equal(t, 3, code)
	assert.Contains(t, errOut.String(), "goroutine ", "TRAINSCALE_DEBUG=1 prints the stack")

	usage, _, _ := trainscale(t, "", "help")
	for _, want := range []string{"Exit status: 0 done", "1 failed", "2 bad input", "3 internal error"} {
		assert.Contains(t, usage, want)
	}
}

func TestScenarioErrorsNameTheFile(t *testing.T) {
	file := "../../testdata/hostile/files/cli-overflow.json"
	for _, cmd := range []string{"estimate", "validate", "explain", "uncertainty", "sensitivity"} {
		_, errOut, code := trainscale(t, "", cmd, file)
		assert.Equal(t, 2, code, cmd)
		assert.Contains(t, errOut, "trainscale "+cmd+": "+file+": ", cmd)
	}
	_, errOut, code := trainscale(t, "", "xlsx", "-o", t.TempDir()+"/p.xlsx", "--compare", file, "--samples", "0")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, file+": ", "a compared file is named too")
	_, errOut, code = trainscale(t, "", "estimate", "-", "--set", "fleet.cars=-1")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "stdin: ")
}

func TestNumericFlagsAreBounded(t *testing.T) {
	out := t.TempDir() + "/p.xlsx"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"uncertainty", "--samples", "9223372036854775807"}, "--samples: must be between 1 and 1000000, got 9223372036854775807"},
		{[]string{"uncertainty", "--samples", "99999999999999999999999"}, "--samples: must be between 1 and 1000000, got 99999999999999999999999"},
		{[]string{"uncertainty", "--samples", "0"}, "--samples: must be between 1 and 1000000, got 0"},
		{[]string{"uncertainty", "--samples", "1e6"}, `--samples: must be a whole number between 1 and 1000000, got "1e6"`},
		{[]string{"uncertainty", "--workers", "100000"}, "--workers: must be between 0 and 256, got 100000"},
		{[]string{"uncertainty", "--workers", "-1"}, "--workers: must be between 0 and 256, got -1"},
		{[]string{"uncertainty", "--seed", "-5"}, "--seed: must be between 0 and 18446744073709551615, got -5"},
		{[]string{"xlsx", "-o", out, "--samples", "-5"}, "--samples: must be between 0 and 1000000, got -5"},
		{[]string{"html", "-o", out, "--samples", "1000001"}, "--samples: must be between 0 and 1000000, got 1000001"},
		{[]string{"pdf", "-o", out, "--seed", "x"}, `--seed: must be a whole number`},
		{[]string{"report", "-o", out, "--samples", "9223372036854775807"}, "--samples: must be between 0 and 1000000"},
		{[]string{"xlsx", "-o", out, "--date", "2026-02-30"}, `--date: must be YYYY-MM-DD, got "2026-02-30"`},
		{[]string{"scale", "--model", "alexnet", "--system", "dgx-1-v100", "--gpus", "99999999"}, "--gpus: must be <= 131,072, got 99999999"},
		{[]string{"memory", "--model", "vgg-16", "--gpu", "titan-x-maxwell", "--batch", "8", "--density", "0.5", "--block-size", "0"}, "--block-size: must be in [1, 4096], got 0"},
		{[]string{"devices", "--model", "alexnet", "--gpu", "rtx-3050", "--cpu", "core-i7-12700", "--epochs", "10000000"}, "--epochs: must be <= 1000000, got 10000000"},
		{[]string{"throughput", "--model", "alexnet", "--gpu", "rtx-3050", "--batch", "9999999"}, "--batch: must be <= 1,048,576, got 9999999"},
	} {
		_, errOut, code := trainscale(t, "", tc.args...)
		assert.Equal(t, 2, code, "%v: %s", tc.args, errOut)
		assert.Contains(t, errOut, tc.want, tc.args)
	}
	for _, cmd := range []string{"html", "pdf", "report", "xlsx"} {
		_, errOut, code := trainscale(t, "", cmd, "-o", out, "--lang", "xx")
		assert.Equal(t, 2, code, cmd)
		assert.Contains(t, errOut, `--lang: must be en or ja, got "xx"`, cmd)
	}
}

// JSON keeps the user's text as given, each rune the rule escapes written
// as a JSON escape: the bytes act on no terminal, the value decodes as it was.
func TestWriteJSONEscapesWhatPrintableEscapes(t *testing.T) {
	in := map[string]string{"label": "a\x1b]0;x\a \u202eRLO\u2066\u2069 c1\u0085 nul\x00 del\x7f 日本 🚀"}
	var buf bytes.Buffer
	require.NoError(t, writeJSON(&buf, in))
	assert.Equal(t, "{\n  \"label\": \"a\\u001b]0;x\\u0007 \\u202eRLO\\u2066\\u2069 c1\\u0085 nul\\u0000 del\\u007f 日本 🚀\"\n}\n", buf.String())
	var back map[string]string
	require.NoError(t, json.Unmarshal(buf.Bytes(), &back))
	assert.Equal(t, in, back)
}
