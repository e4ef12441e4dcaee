package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const projectScenario = "../../testdata/project/llama-70b-90-days.json"

// A project of one run reads as one on every surface: the estimate's
// tables, the planner's totals and the reports' headline all say what the
// costs cover, and none speaks of a team or of years of ownership.
func TestProjectOnEverySurface(t *testing.T) {
	out, errOut, code := trainscale(t, "", "estimate", projectScenario)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "The project's job (one run, each within 90 days)")
	// The workload has no label: it reads as the catalog model it trains.
	// At the whole run's P90 the deadline takes more GPUs, not more time.
	assert.Contains(t, out, "Llama 3.1 70B  dgx-h100  1,944 (1,928–3,520)  243      89.7 days (89.8 days–90 days)  4.18 million (4.16 million–7.59 million)")
	assert.Contains(t, out, "Budget of the project (one run): llama-70b on dgx-h100, in USD")
	assert.Contains(t, out, "Renting the project's GPU-hours                                 USD 10,458,803 (USD 10,410,576–USD 18,975,537)")
	assert.NotContains(t, out, "team")

	// The README and docs/scenarios.md quote both (TestDocsCommands runs them).
	out, errOut, code = trainscale(t, "", "size", "--gpu", "h100-sxm", "--model", "llama-3.1-70b", "--tokens", "15e12", "--days", "90", "--price-per-gpu-hour", "2.5")
	require.Equal(t, 0, code, errOut)
	for _, line := range []string{"size.gpus             1,944           1,928           3,520           Fewest GPUs that meet the time",
		"size.gpu_hours        4.184 M         4.164 M         7.59 M          GPU-hours of the whole run",
		"size.cost             USD 10,458,803  USD 10,410,576  USD 18,975,537  Cost of the GPU-hours"} {
		assert.Contains(t, out, line)
	}

	out, errOut, code = trainscale(t, "", "plan", projectScenario, "--as-of", "2026-12-01")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Chosen: Buy dgx-h100: 243 (241–440) systems or instances (1,944 (1,928–3,520) GPUs, 100% used)")
	assert.Contains(t, out, "total USD 9,858,922 (USD 9,813,461–USD 17,887,166) for one run")
	assert.Contains(t, out, "Ranges: Published whole runs (10 held out in trainscale accuracy)")
	assert.Contains(t, out, "total, for one run")
	assert.NotContains(t, out, "a year")

	dir := t.TempDir()
	_, errOut, code = trainscale(t, "", "report", projectScenario, "-o", dir, "--samples", "200", "--date", "2026-12-03")
	require.Equal(t, 0, code, errOut)
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	require.NoError(t, err)
	assert.Contains(t, string(page), "Total cost, for one run")
	assert.NotContains(t, string(page), "Total cost of ownership over")
	for _, name := range []string{"plan.xlsx", "proposal.pdf"} {
		st, err := os.Stat(filepath.Join(dir, name))
		require.NoError(t, err, name)
		assert.Greater(t, st.Size(), int64(10000), name)
	}
}

// docs/scenarios.md's and docs/planner.md's figures for the llama-3-405b preset as a project: its plan
// runs as fast as Meta's job, and edited to the 70B question it charges
// checkpoint stalls, so its job differs from size's by that alone.
func TestLlamaPresetIsAProject(t *testing.T) {
	out, errOut, code := trainscale(t, "", "plan", "--scenario", "llama-3-405b", "--as-of", "2026-12-01")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Chosen: Buy DGX H100: 2,040 (2,032–3,798) systems or instances (16,320 (16,256–30,384) GPUs, 100% used)")
	assert.Contains(t, out, "total USD 70,093,750 (USD 69,753,762–USD 130,781,241) for one run")

	out, errOut, code = trainscale(t, "", "estimate", "--scenario", "llama-3-405b", "--set", "workloads[0].transformer.model=llama-3.1-70b",
		"--set", "dataset.tokens=15e12", "--set", "workloads[0].transformer.gpus=null", "--set", "project.deadline_days=90")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `dgx-h100  1,976 \(1,968–3,576\) +247 +89.\d days`, out)
	out, errOut, code = trainscale(t, "", "estimate", "--scenario", "llama-3-405b", "--set", "workloads[0].transformer.model=llama-3.1-70b",
		"--set", "dataset.tokens=15e12", "--set", "workloads[0].transformer.gpus=null", "--set", "project.deadline_days=90",
		"--set", "goodput.checkpoint_write_minutes=0", "--set", "goodput.failures_per_gpu_year=0.17285947446469907")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `dgx-h100  1,944 \([\d,]+–[\d,]+\) +243 +89.\d days`, out, "without checkpoint stalls and at the same failure rate, size's job")
}
