package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// trainscale runs one command line in-process.
func trainscale(t testing.TB, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut})
	return out.String(), errOut.String(), code
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), got)
}

func TestEstimateDefaultPrintsTheArticle(t *testing.T) {
	out, errOut, code := trainscale(t, "", "estimate")
	require.Equal(t, 0, code, errOut)
	for _, want := range []string{"104 TB", "208,000 TB", "9.1 years", "0.77 years",
		"Inception-v3  dgx-1-p100  356      356", "ResNet-50     dgx-1-p100  241      242", "AlexNet       dgx-1-v100  18       19"} {
		assert.Contains(t, out, want)
	}
	golden(t, "estimate.txt", out)
}

func TestEstimateJSON(t *testing.T) {
	out, errOut, code := trainscale(t, "", "estimate", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var doc struct {
		Scenario   map[string]any `json:"scenario"`
		Quantities []struct {
			ID, Label, Unit, Formula, Source string
			Value                            float64
		} `json:"quantities"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "trainscale/v1", doc.Scenario["schema"])
	got := map[string]float64{}
	for _, q := range doc.Quantities {
		got[q.ID] = q.Value
		assert.NotEmpty(t, q.Formula, q.ID)
		assert.NotEmpty(t, q.Source, q.ID)
	}
	assert.InDelta(t, 355.88, got["team.inception-v3.systems.dgx-1-p100"], 0.005)
	assert.InDelta(t, 96.60, got["team.resnet-50.systems.dgx-1-v100"], 0.005)
	assert.Equal(t, 104.0*(1<<40), got["data.processed"])
}

func TestEstimateCSVAndSet(t *testing.T) {
	out, errOut, code := trainscale(t, "", "estimate", "--format", "csv", "--set", "fleet.cars=200")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "id,label,value,p10,p90,unit,formula,source\n"))
	assert.Contains(t, out, "data.processed,Data after preprocessing,2.28698418577408e+14,,,B,")
}

func TestEstimateFromFileAndStdin(t *testing.T) {
	data, err := os.ReadFile("../../examples/article-2017-decimal.json")
	require.NoError(t, err)
	fromStdin, _, code := trainscale(t, string(data), "estimate", "-", "--format", "json")
	require.Equal(t, 0, code)
	fromFile, _, code := trainscale(t, "", "estimate", "--format", "json", "../../examples/article-2017-decimal.json")
	require.Equal(t, 0, code)
	byName, _, code := trainscale(t, "", "estimate", "--scenario", "article-2017-decimal", "--format", "json")
	require.Equal(t, 0, code)
	assert.Equal(t, fromFile, fromStdin)
	assert.Equal(t, fromFile, byName)
}

func TestExitStatusAndErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"schema": "trainscale/v1", "fleet": {"cars": -5}}`), 0o644))
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"estimate", "--set", "fleet.cars=-5"}, 2, "fleet.cars: must be > 0, got -5"},
		{[]string{"estimate", "--set", "fleet.carz=1"}, 2, `unknown --set path: no field "carz"`},
		{[]string{"estimate", "--set", "nonsense"}, 2, "--set: must look like path=value"},
		{[]string{"estimate", "--format", "xml"}, 2, "--format: must be table, json or csv"},
		{[]string{"estimate", "--scenario", "nope"}, 2, `no built-in scenario "nope"`},
		{[]string{"estimate", "--bogus"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"estimate", "a.json", "b.json"}, 2, "too many arguments"},
		{[]string{"validate", bad}, 2, "fleet.cars: must be > 0, got -5"},
		{[]string{"validate", bad}, 2, "team: is required"},
		{[]string{"validate"}, 2, "validate needs a FILE"},
		{[]string{"estimate", filepath.Join(dir, "missing.json")}, 1, "no such file"},
		{[]string{"explain", "no.such.id"}, 2, "id: names no quantity"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	} {
		_, errOut, code := trainscale(t, "", tc.args...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, errOut)
		assert.Contains(t, errOut, tc.want, tc.args)
	}
}

// A wrong flag prints the error and the synopsis on stderr, not the full help on stdout.
func TestBadFlagPrintsNoHelp(t *testing.T) {
	for _, c := range commands() {
		out, errOut, code := trainscale(t, "", c.name, "--no-such-flag")
		assert.Equal(t, 2, code, c.name)
		assert.Empty(t, out, c.name)
		assert.Contains(t, errOut, "flag provided but not defined", c.name)
	}
}

func TestValidateExplainScenariosVersionHelp(t *testing.T) {
	out, _, code := trainscale(t, "", "validate", "../../examples/article-2017.json")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "valid")

	out, _, code = trainscale(t, "", "explain", "team.inception-v3.systems.dgx-1-p100")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "= 2.86979e+08 s / 8 / (7 * 86400) * 6")

	out, _, code = trainscale(t, "", "explain")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "data.raw: Raw data collected per year")
	assert.Contains(t, out, "growth.inception-v3.systems_n10.dgx-1-v100")

	out, _, code = trainscale(t, "", "scenarios")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "article-2017 ")

	out, _, code = trainscale(t, "", "version")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "trainscale ")

	for _, c := range commands() {
		out, _, code = trainscale(t, "", c.name, "--help")
		assert.Equal(t, 0, code, c.name)
		assert.Contains(t, out, "usage: trainscale "+c.name, c.name)
		// A flag's value is named for what it is ("-samples N"), never by the
		// flag's own name or a Go type ("-samples samples", "-gpus int").
		for line := range strings.Lines(out) {
			name, value, ok := strings.Cut(strings.TrimSpace(line), " ")
			if !strings.HasPrefix(line, "  -") || !ok || strings.HasPrefix(value, "\t") {
				continue
			}
			value = strings.Fields(value)[0]
			assert.NotContains(t, []string{"int", "uint", "float", "string", "value", strings.TrimPrefix(name, "-")}, value, "%s: %s", c.name, line)
		}
	}
	out, _, _ = trainscale(t, "", "uncertainty", "--help")
	assert.Contains(t, out, "  -samples N\n")
	assert.Contains(t, out, "  -seed N\n")
	out, _, code = trainscale(t, "")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Commands:")
}

// BenchmarkColdStart runs the built binary: process start, embedded scenario,
// estimate and table output.
func BenchmarkColdStart(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "trainscale")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	for b.Loop() {
		if err := exec.Command(bin, "estimate").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// issue 26: a command's synopsis names only flags it takes. plan's named
// size's (--gpu --gpus --days --budget --price --mfu --precision) and
// refused every one.
func TestUsageNamesOnlyFlagsThatExist(t *testing.T) {
	defined := regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`)
	for _, c := range commands() {
		out, errOut, code := trainscale(t, "", c.name, "--help")
		require.Equal(t, 0, code, "%s: %s", c.name, errOut)
		var have []string
		for _, m := range defined.FindAllStringSubmatch(out, -1) {
			have = append(have, m[1])
		}
		for _, name := range usageFlags(commands(), c.name) {
			assert.Contains(t, have, name, "%s's synopsis names --%s", c.name, name)
		}
	}
}

// What N GPUs can train in D days is size's question: plan's help and its
// refusal of size's flags say so.
func TestPlanPointsToSize(t *testing.T) {
	out, _, code := trainscale(t, "", "plan", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "to ask what N GPUs can train in D days, use trainscale size")
	assert.NotContains(t, out, "--gpu")
	for _, flag := range []string{"--gpu", "--gpus", "--days", "--budget", "--precision"} {
		_, errOut, code := trainscale(t, "", "plan", flag, "1")
		assert.Equal(t, 2, code, flag)
		assert.Contains(t, errOut, "flag provided but not defined: "+flag[1:]+"; to ask what N GPUs can train in D days, use trainscale size", flag)
	}
	_, errOut, code := trainscale(t, "", "plan", "--bogus")
	assert.Equal(t, 2, code)
	assert.NotContains(t, errOut, "trainscale size", "a flag size does not take either")
	out, errOut, code = trainscale(t, "", "size", "--gpu", "h100-sxm", "--gpus", "8", "--days", "30")
	require.Equal(t, 0, code, errOut)
	assert.NotEmpty(t, out)
}

// The usage lists the commands in two columns: every summary starts where
// the longest name's does.
func TestUsageAlignsTheSummaries(t *testing.T) {
	out, _, code := trainscale(t, "", "--help")
	assert.Equal(t, 0, code)
	at := map[int]bool{}
	for _, c := range commands() {
		i := strings.Index(out, "\n  "+c.name+" ")
		require.GreaterOrEqual(t, i, 0, c.name)
		line := out[i+1:]
		line = line[:strings.IndexByte(line, '\n')]
		at[strings.Index(line, c.summary)] = true
	}
	assert.Len(t, at, 1, "the summaries start at one column")
}
