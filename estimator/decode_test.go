package estimator_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func article(t testing.TB) []byte {
	data, ok := examples.Read(examples.Default)
	require.True(t, ok)
	return data
}

// edit returns the article scenario with one change made to its JSON tree.
func edit(t testing.TB, change func(m map[string]any)) []byte {
	var m map[string]any
	require.NoError(t, json.Unmarshal(article(t), &m))
	change(m)
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return out
}

func section(m map[string]any, name string) map[string]any { return m[name].(map[string]any) }

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input []byte
		sets  []string
		want  []string // substrings of the error, each naming field and rule
	}{
		{"invalid JSON", []byte("{\n  \"schema\": \"trainscale/v1\",\n  \"units\": }"), nil,
			[]string{"invalid JSON at line 3, column 12"}},
		{"truncated JSON", []byte(`{"schema": "trainscale/v1"`), nil, []string{"invalid JSON at line 1", "unexpected end of input"}},
		{"trailing data", append(article(t), []byte(" {}")...), nil, []string{"unexpected data after the scenario"}},
		{"unknown field", edit(t, func(m map[string]any) { section(m, "fleet")["carz"] = 5 }), nil,
			[]string{"fleet.carz: unknown field (known: cars, days_per_year, hours_per_day, sensors, tb_per_hour)"}},
		{"wrong type", edit(t, func(m map[string]any) { section(m, "fleet")["cars"] = "100" }), nil,
			[]string{`fleet.cars: must be a number, got "100"`}},
		{"missing field", edit(t, func(m map[string]any) { delete(section(m, "team"), "target_days") }), nil,
			[]string{"team.target_days: is required"}},
		{"negative", edit(t, func(m map[string]any) { section(m, "fleet")["cars"] = -5 }), nil,
			[]string{"fleet.cars: must be > 0, got -5"}},
		{"zero", edit(t, func(m map[string]any) { m["workloads"].([]any)[1].(map[string]any)["mb_per_s"] = 0 }), nil,
			[]string{"workloads[1].mb_per_s: must be > 0, got 0"}},
		{"fractional cars", nil, []string{"fleet.cars=2.5"}, []string{"fleet.cars: must be a whole number, got 2.5"}},
		{"NaN by --set", nil, []string{"training.epochs=NaN"}, []string{`training.epochs: must be a number, got "NaN"`}},
		{"Inf in JSON", []byte(strings.Replace(string(article(t)), `"cars": 100`, `"cars": 1e999`, 1)), nil,
			[]string{"fleet.cars: must be a finite number, got 1e999"}},
		{"overflow", nil, []string{"fleet.cars=1e8", "fleet.tb_per_hour=1e300"},
			[]string{"data.raw: result is not a finite number", "fleet.cars"}},
		{"sampled above source", nil, []string{"preprocessing.sampled_fps=60"},
			[]string{"preprocessing.sampled_fps: must be <= preprocessing.source_fps (30), got 60"}},
		{"jobs above members", nil, []string{"team.concurrent_jobs=31"},
			[]string{"team.concurrent_jobs: must be <= team.members (30), got 31"}},
		{"unknown --set path", nil, []string{"fleet.carz=3"},
			[]string{`fleet.carz: unknown --set path: no field "carz" (known: cars, days_per_year, hours_per_day, sensors, tb_per_hour)`}},
		{"--set index out of range", nil, []string{"workloads[7].mb_per_s=3"},
			[]string{"workloads[7].mb_per_s: --set index out of range (the list has 3 items), got 7"}},
		{"file over 1 MiB", append(article(t), bytes.Repeat([]byte(" "), estimator.MaxScenarioBytes)...), nil,
			[]string{"scenario: must be at most 1048576 bytes"}},
		{"bad schema", edit(t, func(m map[string]any) { m["schema"] = "trainscale/v0" }), nil,
			[]string{`schema: must be one of trainscale/v1, got "trainscale/v0"`}},
		{"bad units", nil, []string{"units=metric"}, []string{`units: must be one of binary, decimal, got "metric"`}},
		{"duplicate ids", nil, []string{`workloads[1].id="alexnet"`}, []string{`workloads[1].id: must be unique (also workloads[0].id), got "alexnet"`}},
		{"non-catalog system", nil, []string{`systems[0].id="my-box"`},
			[]string{"systems[0].gpu_memory_gb: is required when the system has no catalog base", "systems[0].host_ram_gb", "systems[0].local_ssd_tb"}},
		{"source for no field", nil, []string{`sources.fleet.trucks="x"`}, []string{"sources.fleet.trucks: names no field of the scenario format"}},
		{"both rate and sensors", nil, []string{`fleet.sensors=[{"kind":"radar","count":1,"mbit_per_s":2800}]`},
			[]string{"fleet.sensors: give fleet.tb_per_hour or fleet.sensors, not both"}},
		{"duplicate key", []byte(strings.Replace(string(article(t)), `"name":`, `"name": "a", "name":`, 1)), nil,
			[]string{"name: must appear only once in its object (a duplicate key)"}},
		{"duplicate key, escaped", []byte(strings.Replace(string(article(t)), `"name":`, `"name": "a", "n\u0061me":`, 1)), nil,
			[]string{"name: must appear only once in its object (a duplicate key)"}},
		{"duplicate keys below", []byte(strings.NewReplacer(`"cars": 100`, `"cars": 100, "cars": 3, "cars": 4`,
			`"id": "resnet-50"`, `"id": "resnet-50", "id": "resnet-50"`, `"low": 30`, `"low": 30, "low": 30`).Replace(string(article(t)))), nil,
			[]string{"fleet.cars: must appear only once", "workloads[1].id: must appear only once", "training.epochs.low: must appear only once"}},
		{"duplicate key in --set", nil, []string{`money.price_per_kwh={"low": 0, "likely": 0.1, "high": 0.2, "high": 0.3}`},
			[]string{"money.price_per_kwh.high: must appear only once in its object"}},
		{"fractional range endpoint", nil, []string{`fleet.cars={"low": 1.5, "likely": 100, "high": 200}`},
			[]string{"fleet.cars.low: must be a whole number, got 1.5"}},
		{"fractional lognormal", nil, []string{`team.members={"median": 30, "p90": 40.5}`},
			[]string{"team.members.p90: must be a whole number, got 40.5"}},
		{"jobs range above members", nil, []string{`team.concurrent_jobs={"low": 1, "likely": 6, "high": 31}`},
			[]string{"team.concurrent_jobs.high: must be <= team.members (30), got 31"}},
		{"members range below jobs", nil, []string{`team.members={"low": 5, "likely": 30, "high": 40}`},
			[]string{"team.concurrent_jobs: must be <= team.members.low (5), got 6"}},
		{"ranges overlap", nil, []string{`host.ram_factor_low={"low": 1, "likely": 2, "high": 3.5}`, `host.ram_factor_high={"low": 3, "likely": 3, "high": 4}`},
			[]string{"host.ram_factor_low.high: must be <= host.ram_factor_high.low (3), got 3.5"}},
		{"lognormal without upper bound", nil, []string{`preprocessing.sampled_fps={"median": 1, "p90": 2}`},
			[]string{"preprocessing.sampled_fps: must stay <= preprocessing.source_fps, which a lognormal range (unbounded above) cannot"}},
		{"lognormal toward 0", nil, []string{`team.members={"median": 30, "p90": 40}`},
			[]string{"team.members: must stay >= team.concurrent_jobs, which a lognormal range (reaching toward 0) cannot"}},
		{"ranged per_usd with USD", nil, []string{`money.per_usd={"low": 1, "likely": 1, "high": 1.1}`},
			[]string{"money.per_usd.high: must be 1 (or left out) when money.currency is USD, got 1.1"}},
		{"cloud price range from 0", nil, []string{`money.cloud_per_gpu_hour={"low": 0, "likely": 3, "high": 4}`},
			[]string{"money.cloud_per_gpu_hour.low: must be > 0 (the break-even utilisation divides by it), got 0"}},
		{"lognormal median 0", nil, []string{`training.epochs={"median": 0, "p90": 60}`},
			[]string{"training.epochs.median: must be > 0, got 0"}},
		{"dotted id", nil, []string{`workloads[1].id="alexnet.gpu_time"`, `systems[1].id="rate"`},
			[]string{`workloads[1].id: must be a lower-case id: a letter or digit, then letters, digits, '-' or '_', at most 64 long (no '.', which separates the parts of quantity ids), got "alexnet.gpu_time"`}},
		{"duplicate system ids", nil, []string{`systems[1].id="dgx-1-p100"`}, []string{`systems[1].id: must be unique (also systems[0].id), got "dgx-1-p100"`}},
		{"negative zero", nil, []string{"fleet.cars=-0"}, []string{"fleet.cars: must be > 0, got 0"}},
		{"camera without fps", edit(t, func(m map[string]any) {
			f := section(m, "fleet")
			delete(f, "tb_per_hour")
			f["sensors"] = []any{map[string]any{"kind": "camera", "count": 5, "megapixels": 2, "bits_per_pixel": 24}}
		}), nil, []string{"fleet.sensors[0].fps: is required for a camera"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			input := tc.input
			if input == nil {
				input = article(t)
			}
			var overrides []estimator.Override
			for _, s := range tc.sets {
				o, err := estimator.ParseOverride(s)
				require.NoError(t, err)
				overrides = append(overrides, o)
			}
			s, err := estimator.Decode(bytes.NewReader(input), overrides...)
			if err == nil {
				_, err = estimator.Run(s)
			}
			require.Error(t, err)
			assert.True(t, estimator.IsInvalidInput(err), "invalid input must be reported as such: %v", err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// One run shows every problem of a file, not just the first.
func TestAllErrorsAtOnce(t *testing.T) {
	input := edit(t, func(m map[string]any) {
		section(m, "fleet")["cars"] = -1
		section(m, "team")["members"] = "thirty"
		section(m, "training")["extra"] = true
		delete(section(m, "preprocessing"), "source_fps")
	})
	_, err := estimator.Decode(bytes.NewReader(input))
	require.Error(t, err)
	var fields []string
	for _, e := range err.(estimator.Errors) {
		var fe *estimator.FieldError
		require.True(t, errors.As(e, &fe))
		fields = append(fields, fe.Path)
	}
	assert.Equal(t, []string{"preprocessing.source_fps", "training.extra", "team.members", "fleet.cars"}, fields,
		"shape errors come first, then the rules of the fields that decoded")
}

func TestErrorsPastTheCapAreCounted(t *testing.T) {
	input := edit(t, func(m map[string]any) {
		sources := map[string]any{}
		for i := range estimator.MaxErrors + 70 {
			sources[fmt.Sprintf("nowhere%03d", i)] = "a typo"
		}
		m["sources"] = sources
	})
	_, err := estimator.Decode(bytes.NewReader(input))
	require.Error(t, err)
	assert.True(t, estimator.IsInvalidInput(err))
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, estimator.MaxErrors+1)
	assert.Equal(t, "sources.nowhere000: names no field of the scenario format", lines[0])
	assert.Equal(t, "... and 70 more", lines[estimator.MaxErrors])
}

func TestOverrides(t *testing.T) {
	base := mustEstimate(t, examples.Default)
	est := mustEstimate(t, examples.Default,
		estimator.Override{Path: "fleet.cars", Value: "37"},
		estimator.Override{Path: "name", Value: "Plan B"},
		estimator.Override{Path: "workloads[1].mb_per_s", Value: "56"})
	assert.Equal(t, "Plan B", est.Scenario.Name)
	assert.InDelta(t, value(t, base, "data.raw")*0.37, value(t, est, "data.raw"), 1)
	assert.InDelta(t, value(t, base, "train.resnet-50.gpu_time")*0.37/2, value(t, est, "train.resnet-50.gpu_time"), 1)
}

func TestSensorsDeriveRate(t *testing.T) {
	input := edit(t, func(m map[string]any) {
		f := section(m, "fleet")
		delete(f, "tb_per_hour")
		f["sensors"] = []any{
			map[string]any{"kind": "camera", "count": 5, "megapixels": 2, "bits_per_pixel": 24, "fps": 30},
			map[string]any{"kind": "radar", "count": 1, "mbit_per_s": 2800},
		}
	})
	s, err := estimator.Decode(bytes.NewReader(input))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	// 5 x 2e6 px x 3 B x 30 fps = 900 MB/s = 3.24 TB/h: the article's "more than 3 TB/h";
	// one 2,800 Mbit/s radar adds 1.26 TB/h (Radtke, Dell EMC, 2017).
	assert.InDelta(t, 3.24e12+1.26e12, value(t, est, "data.per_car_hour"), 1)
}

func TestNoNaNOrInfInOutput(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	for _, q := range est.Quantities() {
		assert.False(t, math.IsNaN(q.Value) || math.IsInf(q.Value, 0), q.ID)
	}
}

// A file saved with a UTF-8 byte-order mark reads as the same scenario.
func TestDecodeSkipsByteOrderMark(t *testing.T) {
	plain, err := estimator.Decode(bytes.NewReader(article(t)))
	require.NoError(t, err)
	marked, err := estimator.Decode(bytes.NewReader(append([]byte("\uFEFF"), article(t)...)))
	require.NoError(t, err)
	assert.Equal(t, plain, marked)
	_, err = estimator.Decode(strings.NewReader("\uFEFF\uFEFF{}"))
	assert.ErrorContains(t, err, "invalid JSON at line 1", "only one mark, at the start")
}

// -0 reads as 0, in the file, in --set and in ranges, so no surface shows "-0".
func TestNegativeZeroReadsAsZero(t *testing.T) {
	input := strings.NewReplacer(`"price_per_kwh": 0.1066`, `"price_per_kwh": {"low": -0, "likely": -0.0, "high": 0.2}`,
		`"grid_kg_co2_per_kwh": 0.449`, `"grid_kg_co2_per_kwh": -0e5`).Replace(string(article(t)))
	require.NotEqual(t, string(article(t)), input)
	s, err := estimator.Decode(strings.NewReader(input), estimator.Override{Path: "money.network_per_system", Value: "-0"})
	require.NoError(t, err)
	exported, err := s.MarshalJSON()
	require.NoError(t, err)
	assert.NotContains(t, string(exported), ":-0")
	assert.Contains(t, string(exported), `"price_per_kwh":{"high":0.2,"likely":0,"low":0}`)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	out, err := json.Marshal(est.Quantities())
	require.NoError(t, err)
	assert.NotContains(t, string(out), ":-0,")
	for _, q := range est.Quantities() {
		assert.False(t, math.Signbit(q.Value) && q.Value == 0, q.ID)
	}
}
