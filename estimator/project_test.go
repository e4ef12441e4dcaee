package estimator_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
)

const projectFile = "../testdata/project/llama-70b-90-days.json"

func decodeProject(t *testing.T, sets ...string) (*estimator.Scenario, error) {
	t.Helper()
	data, err := os.ReadFile(projectFile)
	require.NoError(t, err)
	var overrides []estimator.Override
	for _, s := range sets {
		o, err := estimator.ParseOverride(s)
		require.NoError(t, err)
		overrides = append(overrides, o)
	}
	return estimator.Decode(bytes.NewReader(data), overrides...)
}

// The least a project needs: a model, its tokens, a deadline and a system.
// No fleet, dataset, training, team, host or growth section.
func TestMinimalProject(t *testing.T) {
	s, err := estimator.Decode(strings.NewReader(`{"schema": "trainscale/v1", "units": "decimal",
		"project": {"runs": 1, "deadline_days": 90},
		"workloads": [{"id": "m", "transformer": {"model": "llama-3.1-70b", "tokens": 15e12, "precision": "bf16"}}],
		"systems": [{"id": "dgx-h100", "gpus": 8}]}`))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	q, ok := est.Get("team.m.gpus_per_job.dgx-h100")
	require.True(t, ok)
	// Without a goodput section no failures lengthen the run, so the job is
	// at most size's (1944 with Llama 3's failures): 1840.
	assert.Equal(t, 1840.0, q.Value)
	assert.Equal(t, estimator.QuantityCount(s), len(est.Quantities()))
	for _, id := range []string{"data.processed", "host.ram_low.dgx-h100", "storage.local_ssd.dgx-h100", "team.m.systems_per_member.dgx-h100", "cost.tco"} {
		_, ok := est.Get(id)
		assert.False(t, ok, "a project without data, host or money has no %s", id)
	}
	sum := present.Summarize(est, estimator.English)
	var titles []string
	for _, sec := range sum.Sections {
		titles = append(titles, sec.Title)
	}
	assert.Contains(t, titles, "The project's job (one run, each within 90 days)")
	assert.NotContains(t, titles, "Data")
}

func TestProjectFrameRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		sets []string
		want string
	}{
		{"team and project", []string{`team={"members": 1, "concurrent_jobs": 1, "target_days": 7}`},
			"project: give team (a standing team kept busy for years) or project (a fixed number of runs), not both"},
		{"neither", []string{"project=null"}, "team: is required unless project says the scenario sizes a fixed number of runs instead"},
		{"no deadline and no GPUs", []string{"project.deadline_days=null"}, "project.deadline_days: is required unless every workload gives its job's GPUs"},
		{"runs past the bound", []string{"project.runs=20000"}, "project.runs: must be <= 10,000, got 20000"},
		{"tokens from no data", []string{"workloads[0].transformer.tokens=null"}, "dataset: is required for a workload that reads the data"},
		{"a yearly plan", []string{`growth={"factor": 1, "exponent": 2, "per_year": 2, "years": 3}`}, "growth.per_year: is a standing team's yearly plan, not a project's"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeProject(t, tc.sets...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	s, err := decodeProject(t, "project.deadline_days=0.01")
	require.NoError(t, err)
	_, err = estimator.Run(s)
	require.Error(t, err, "a deadline no job meets")
	assert.Contains(t, err.Error(), "project.deadline_days: cannot be trained on systems[0] (dgx-h100): no job of up to 131072 GPUs runs it within the deadline")

	s, err = decodeProject(t, "project.deadline_days=null", "workloads[0].transformer.gpus=1024")
	require.NoError(t, err, "a job's GPUs given, no deadline is needed")
	est, err := estimator.Run(s)
	require.NoError(t, err)
	_, ok := est.Get("team.llama-70b.meets_target.dgx-h100")
	assert.False(t, ok, "no deadline to meet")
	assert.Equal(t, estimator.QuantityCount(s), len(est.Quantities()))
}

// A project's costs: bought, what holding the systems for its runs costs
// under the residual rule; rented, its GPU-hours at the cloud price.
func TestProjectCosts(t *testing.T) {
	s, err := decodeProject(t)
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	v := func(id string) float64 {
		q, ok := est.Get(id)
		require.True(t, ok, id)
		return q.Value
	}
	duration := v("project.duration")
	assert.InDelta(t, 89.67, duration/estimator.Day, 0.01)
	capex := v("cost.capex")
	assert.Equal(t, 243*(400000.0+40000), capex, "243 systems and their network; no data, no storage")
	assert.InEpsilon(t, capex*duration/(4*estimator.Year), v("cost.depreciation"), 1e-12)
	assert.InEpsilon(t, v("cost.depreciation")+v("cost.power_project")+v("cost.support_project"), v("cost.own"), 1e-12)
	assert.InEpsilon(t, v("project.llama-70b.gpu_hours.dgx-h100")*2.5, v("cost.rent"), 1e-12)
	q, _ := est.Get("cost.own")
	assert.Equal(t, "Buying, for the project: depreciation, electricity and support", q.Label.EN)
	assert.Equal(t, "cost.own", s.TotalID())
	assert.Equal(t, "for one run", s.Horizon().EN)

	none, err := decodeProject(t, "money.residual=none")
	require.NoError(t, err)
	est, err = estimator.Run(none)
	require.NoError(t, err)
	q, _ = est.Get("cost.depreciation")
	assert.Equal(t, capex, q.Value, "no residual value: the project pays the whole capital expense")

	three, err := decodeProject(t, "project.runs=3")
	require.NoError(t, err)
	est, err = estimator.Run(three)
	require.NoError(t, err)
	q, _ = est.Get("project.duration")
	assert.InEpsilon(t, 3*duration, q.Value, 1e-12)
	assert.Equal(t, "for 3 runs", three.Horizon().EN)
	assert.Equal(t, estimator.QuantityCount(three), len(est.Quantities()))
}

// A team's total says its horizon too.
func TestTeamHorizon(t *testing.T) {
	s, err := decodeProject(t, "project=null", `team={"members": 1, "concurrent_jobs": 1, "target_days": 90}`,
		`training={"epochs": 1, "scaling": "modelled"}`, `host={"ram_factor_low": 2, "ram_factor_high": 3}`, `growth={"factor": 1, "exponent": 2}`,
		`dataset={"samples": 1, "sample_kb": 1}`)
	require.NoError(t, err)
	assert.Equal(t, "over 4 years (depreciation)", s.Horizon().EN)
	assert.Equal(t, "cost.tco", s.TotalID())
}
