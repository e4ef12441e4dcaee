package estimator_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/examples"
)

var update = flag.Bool("update", false, "rewrite testdata/limits/ from the limits")

const (
	worstFile = "testdata/limits/worst.json"
	overFile  = "testdata/limits/over.json"
)

// TestQuantityCountIsExact: the count validation checks equals what the
// estimate then produces, for every example and for random reshapings of them.
func TestQuantityCountIsExact(t *testing.T) {
	t.Parallel()
	for _, name := range examples.Names() {
		data, _ := examples.Read(name)
		s, err := estimator.Decode(bytes.NewReader(data))
		require.NoError(t, err)
		est, err := estimator.Run(s)
		require.NoError(t, err)
		assert.Equal(t, len(est.Quantities()), estimator.QuantityCount(s), name)
	}
	rng, n := rand.New(rand.NewPCG(10, 2)), 200
	if testing.Short() {
		n = 40
	}
	for i := range n {
		s := reshaped(t, rng)
		est, err := estimator.Run(s)
		require.NoError(t, err, "scenario %d", i)
		assert.Equal(t, len(est.Quantities()), estimator.QuantityCount(s), "scenario %d: %d workloads, %d systems, growth %v", i, len(s.Workloads), len(s.Systems), s.Growth)
	}
}

// reshaped is a random example with its lists repeated and its optional
// sections (dataset or sensors, goodput, money, the yearly plan) switched, so
// every term of the count is exercised.
func reshaped(t *testing.T, rng *rand.Rand) *estimator.Scenario {
	names := examples.Names()
	data, _ := examples.Read(names[rng.IntN(len(names))])
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	s.Ranges = nil // the count does not depend on them; sections are dropped below
	workloads, systems := s.Workloads, s.Systems
	for c := range rng.IntN(3) {
		for _, w := range workloads {
			w.ID = fmt.Sprintf("%s-c%d", w.ID, c)
			s.Workloads = append(s.Workloads, w)
		}
	}
	for c := range rng.IntN(3) {
		for _, sys := range systems {
			if _, ok := hardware.SystemByID(sys.ID); ok && sys.Catalog == "" {
				sys.Catalog = sys.ID // the copy's id no longer names it
			}
			sys.ID = fmt.Sprintf("%s-c%d", sys.ID, c)
			s.Systems = append(s.Systems, sys)
		}
	}
	if s.Growth != nil { // a project has none
		s.Growth.Factor = float64(1 + rng.IntN(40))
		s.Growth.PerYear, s.Growth.Years = nil, nil
		if rng.IntN(2) == 0 {
			s.Growth.PerYear, s.Growth.Years = ptr(1.5), ptr(float64(1+rng.IntN(30)))
		}
	}
	if rng.IntN(3) == 0 {
		s.Goodput = nil
	}
	if rng.IntN(3) == 0 {
		s.Money = nil
	}
	if s.Training.Scaling == "modelled" && rng.IntN(2) == 0 {
		s.Training.Scaling = "linear"
	}
	switch {
	case s.Fleet != nil && rng.IntN(3) == 0:
		s.Fleet, s.Preprocessing = nil, nil
		s.Dataset = &estimator.Dataset{Samples: 1e6, SampleKB: 110}
		if s.Tokens != nil { // the fleet's tokens, now a dataset's
			s.Dataset.Tokens, s.Tokens = ptr(1e12), nil
		}
	case s.Fleet != nil && rng.IntN(2) == 0:
		s.Fleet.TBPerHour, s.Fleet.Sensors = nil, sensors(1+rng.IntN(5))
	}
	return s
}

func ptr(v float64) *float64 { return &v }

// sensors is a car's sensor list: cameras, radars and lidars in turn.
func sensors(n int) []estimator.Sensor {
	var out []estimator.Sensor
	for i := range n {
		sn := estimator.Sensor{Kind: []string{"camera", "radar", "lidar"}[i%3], Count: 1}
		if sn.Kind == "camera" {
			sn.Megapixels, sn.BitsPerPixel, sn.FPS = ptr(2), ptr(24), ptr(30)
		} else {
			sn.MbitPerS = ptr(100)
		}
		out = append(out, sn)
	}
	return out
}

// worstScenario is the largest scenario the limits allow: every list and
// label at its bound, each label of four-byte characters (the most one takes
// in UTF-8), modelled scaling, goodput, money and the longest yearly plan on,
// each of which adds work. Growth stays at one step, so the systems fill what
// the quantity limit leaves with workload x system pairs, the costliest
// quantities (each pair runs the scaling model's job-size search). over adds
// one more system, which the limit must refuse.
func worstScenario(t testing.TB, over bool) *estimator.Scenario {
	data, _ := examples.Read("modern-2026")
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	s.Name = "The most work the limits allow"
	s.Notes = "Every list and label at its bound, modelled scaling, goodput, money and a 30-year plan; growth.factor 1 leaves the quantity limit to workload x system pairs, the costliest quantities. Written by go test ./estimator -run TestLimitFiles -update."
	if over {
		s.Name, s.Notes = "One system past the quantity limit", "As worst.json, with one more system. Written by go test ./estimator -run TestLimitFiles -update."
	}
	s.Sources = nil
	label := strings.Repeat("𝕨", estimator.MaxLabelChars)
	models, catalog := hardware.ModelIDs(), hardware.SystemIDs()
	s.Workloads = nil
	for i := range estimator.MaxWorkloads {
		s.Workloads = append(s.Workloads, estimator.Workload{ID: fmt.Sprintf("w-%02d", i), Label: label, Model: models[i%len(models)], Precision: "mixed"})
	}
	s.Fleet.TBPerHour, s.Fleet.Sensors = nil, sensors(estimator.MaxSensors)
	s.Money.Workload, s.Money.System = "w-00", "s-00"
	s.Growth.Factor, s.Growth.PerYear, s.Growth.Years = 1, ptr(2), ptr(30)
	s.Ranges = map[string]estimator.Dist{}
	for path, d := range map[string]estimator.Dist{
		"fleet.cars":                  {Low: 50, Likely: 100, High: 200},
		"training.epochs":             {Low: 30, Likely: 50, High: 90},
		"team.target_days":            {Low: 5, Likely: 7, High: 14},
		"money.cloud_per_gpu_hour":    {Low: 2, Likely: 3, High: 4.5},
		"growth.exponent":             {Low: 1.5, Likely: 2, High: 2.5},
		"factors.comm_efficiency":     {Low: 0.6, Likely: 0.8, High: 0.9},
		"systems[0].price":            {Low: 300000, Likely: 400000, High: 500000},
		"workloads[0].sample_kb":      {Low: 80, Likely: 110, High: 150},
		"fleet.sensors[0].megapixels": {Low: 1, Likely: 2, High: 8},
	} {
		s.Ranges[path] = d
	}
	s.Workloads[0].SampleKB = ptr(110)
	s.Factors.CommEfficiency = ptr(0.8)
	addSystem := func() {
		i := len(s.Systems)
		s.Systems = append(s.Systems, estimator.System{ID: fmt.Sprintf("s-%02d", i), Label: label, Catalog: catalog[i%len(catalog)], GPUs: 8, Price: ptr(400000), PowerKW: ptr(10.2)})
	}
	s.Systems = nil
	for addSystem(); len(s.Systems) < estimator.MaxSystems && estimator.QuantityCount(s) <= estimator.MaxQuantities; {
		addSystem()
	}
	require.Less(t, len(s.Systems), estimator.MaxSystems, "the quantity limit must bind before the list limits")
	if !over {
		s.Systems = s.Systems[:len(s.Systems)-1]
	}
	return s
}

// TestLimitFiles: worst.json estimates; over.json, one system larger, is
// refused with an error that names the fields and the limit.
func TestLimitFiles(t *testing.T) {
	if *update {
		for file, over := range map[string]bool{worstFile: false, overFile: true} {
			data, err := json.MarshalIndent(worstScenario(t, over), "", "  ")
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(file, append(data, '\n'), 0o644))
		}
	}
	data, err := os.ReadFile(worstFile)
	require.NoError(t, err)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err, "%s: go test ./estimator -run TestLimitFiles -update rewrites it from the limits", worstFile)
	assert.Len(t, s.Workloads, estimator.MaxWorkloads)
	assert.Len(t, s.Fleet.Sensors, estimator.MaxSensors)
	assert.Equal(t, 30.0, *s.Growth.Years, "growth.years at its bound (le=30)")
	for _, w := range s.Workloads {
		assert.Equal(t, estimator.MaxLabelChars, utf8.RuneCountInString(w.Label))
	}
	for _, sys := range s.Systems {
		assert.Equal(t, estimator.MaxLabelChars, utf8.RuneCountInString(sys.Label))
	}
	est, err := estimator.Run(s)
	require.NoError(t, err)
	n := len(est.Quantities())
	assert.Equal(t, estimator.QuantityCount(s), n)
	assert.LessOrEqual(t, n, estimator.MaxQuantities)

	data, err = os.ReadFile(overFile)
	require.NoError(t, err)
	_, err = estimator.Decode(bytes.NewReader(data))
	require.Error(t, err)
	assert.True(t, estimator.IsInvalidInput(err))
	assert.EqualError(t, err, fmt.Sprintf("workloads, systems, growth.factor: the estimate would produce %s quantities, more than the limit of 30,000; use fewer workloads or systems, or a smaller growth.factor",
		grouped(estimator.QuantityCount(worstScenario(t, true)))))
}

func grouped(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func TestWorkLimits(t *testing.T) {
	long := strings.Repeat("é", estimator.MaxLabelChars+1)
	for _, tc := range []struct {
		name   string
		change func(m map[string]any)
		want   string
	}{
		{"workloads", func(m map[string]any) {
			m["workloads"] = repeat(m["workloads"].([]any), estimator.MaxWorkloads+1)
		}, "workloads: must list at most 64 workloads, got 65"},
		{"systems", func(m map[string]any) {
			m["systems"] = repeat(m["systems"].([]any), estimator.MaxSystems+1)
		}, "systems: must list at most 64 systems, got 65"},
		{"sensors", func(m map[string]any) {
			fleet := m["fleet"].(map[string]any)
			delete(fleet, "tb_per_hour")
			var list []any
			for range estimator.MaxSensors + 1 {
				list = append(list, map[string]any{"kind": "radar", "count": 1, "mbit_per_s": 100})
			}
			fleet["sensors"] = list
		}, "fleet.sensors: must list at most 64 sensors, got 65"},
		{"workload label", func(m map[string]any) {
			m["workloads"].([]any)[1].(map[string]any)["label"] = long
		}, "workloads[1].label: must be at most 80 characters, got 81"},
		{"system label", func(m map[string]any) {
			m["systems"].([]any)[0].(map[string]any)["label"] = long
		}, "systems[0].label: must be at most 80 characters, got 81"},
		{"growth steps", func(m map[string]any) {
			m["workloads"] = repeat(m["workloads"].([]any), 10)
			m["systems"] = repeat(m["systems"].([]any), 10)
			m["growth"].(map[string]any)["factor"] = 1000
		}, "quantities, more than the limit of 30,000; use fewer workloads or systems, or a smaller growth.factor"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := estimator.Decode(bytes.NewReader(edit(t, tc.change)))
			require.Error(t, err)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// repeat fills a list of workloads or systems to n, each copy with its own
// id; a system copy keeps its catalog base.
func repeat(list []any, n int) []any {
	out := make([]any, 0, n)
	for i := range n {
		item := map[string]any{}
		for k, v := range list[i%len(list)].(map[string]any) {
			item[k] = v
		}
		if _, system := item["gpus"]; system && item["catalog"] == nil {
			item["catalog"] = item["id"]
		}
		if i >= len(list) {
			item["id"] = fmt.Sprintf("%s-%d", item["id"], i)
		}
		out = append(out, item)
	}
	return out
}

// A plan the size of a large 2026 team's (20 workloads x 20 systems, growth
// 10, 10 years) stays well inside the limits.
func TestLargePlanIsWithinLimits(t *testing.T) {
	data := edit(t, func(m map[string]any) {
		m["workloads"] = repeat(m["workloads"].([]any), 20)
		m["systems"] = repeat(m["systems"].([]any), 20)
		g := m["growth"].(map[string]any)
		g["factor"], g["per_year"], g["years"] = 10, 2, 10
	})
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Less(t, estimator.QuantityCount(s), estimator.MaxQuantities/2)
}

// A Monte Carlo run's samples shrink with the work of one sample, so the
// largest allowed scenario cannot ask for hours (25 ms a sample at 1,728
// modelled pairs), while the article keeps the full million.
func TestSamplesShrinkWithWork(t *testing.T) {
	for _, tc := range []struct {
		name string
		want int
	}{
		{"article-2017", estimator.MaxSamples},
		{"modern-2026", 161_359},
	} {
		data, ok := examples.Read(tc.name)
		require.True(t, ok)
		s, err := estimator.Decode(bytes.NewReader(data))
		require.NoError(t, err)
		assert.Equal(t, tc.want, estimator.MaxSamplesFor(s), tc.name)
	}
	data, err := os.ReadFile("testdata/limits/worst.json")
	require.NoError(t, err)
	worst, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	most := estimator.MaxSamplesFor(worst)
	assert.Equal(t, 853, most)
	_, err = estimator.RunUncertainty(worst, most+1, 1, 1)
	require.Error(t, err)
	assert.True(t, estimator.IsInvalidInput(err))
	assert.Contains(t, err.Error(), "samples: must be at most 853 for this scenario")
}
