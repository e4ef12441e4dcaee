package estimator_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

// A scenario's factors section spells hardware.FactorSpecs' names in their
// order, and keeps the JSON it had before the specs existed.
func TestFactorsFollowTheSpecs(t *testing.T) {
	ft := reflect.TypeFor[estimator.Factors]()
	require.Len(t, hardware.FactorSpecs, ft.NumField())
	for i, s := range hardware.FactorSpecs {
		name, _, _ := strings.Cut(ft.Field(i).Tag.Get("json"), ",")
		assert.Equal(t, s.Name, name)
		assert.Empty(t, ft.Field(i).Tag.Get("check"), "%s: the spec holds the rule", s.Name)
	}
	b, err := json.Marshal(estimator.FactorsOf(hardware.DefaultFactors()))
	require.NoError(t, err)
	assert.Equal(t, `{"fp32_efficiency":0.573,"tf32_efficiency":0.1475,"mixed_efficiency":0.35,"cpu_efficiency":0.04,`+
		`"memory_efficiency":0.78,"step_overhead_s":0.009,"comm_efficiency":0.8,"overlap":0.65,`+
		`"host_input_bytes_per_core_s":30000000,"host_decode_share":1,"host_loader_processes_per_gpu":16,"workspace_fraction":0.05}`, string(b))
	assert.Equal(t, hardware.DefaultFactors(), estimator.FactorsOf(hardware.DefaultFactors()).Resolve())
	assert.Equal(t, hardware.DefaultFactors(), (*estimator.Factors)(nil).Resolve())
	overlap := 0.0
	got := (&estimator.Factors{Overlap: &overlap}).Resolve()
	want := hardware.DefaultFactors()
	want.Overlap = 0
	assert.Equal(t, want, got, "a field left out keeps its default")
}

// The section's checks come from the specs, in the words of the scenario's
// other rules.
func TestFactorsChecks(t *testing.T) {
	for _, tc := range []struct{ section, want string }{
		{`{"overlap": 2}`, "factors.overlap: must be <= 1, got 2"},
		{`{"fp32_efficiency": 0}`, "factors.fp32_efficiency: must be > 0, got 0"},
		{`{"step_overhead_s": -1}`, "factors.step_overhead_s: must be >= 0, got -1"},
		{`{"workspace_fraction": 11}`, "factors.workspace_fraction: must be <= 10, got 11"},
		{`{"host_input_bytes_per_core_s": -5}`, "factors.host_input_bytes_per_core_s: must be > 0, got -5"},
		{`{"host_decode_share": 1.5}`, "factors.host_decode_share: must be <= 1, got 1.5"},
		{`{"host_loader_processes_per_gpu": -1}`, "factors.host_loader_processes_per_gpu: must be >= 0, got -1"},
	} {
		_, err := estimator.DecodeFactors(strings.NewReader(`{"factors": ` + tc.section + `}`))
		assert.EqualError(t, err, tc.want, tc.section)
	}
	f, err := estimator.DecodeFactors(strings.NewReader(`{"factors": {"overlap": 0, "host_input_bytes_per_core_s": 1e300}}`))
	require.NoError(t, err)
	assert.Equal(t, 1e300, f.Resolve().HostInputRate)
}
