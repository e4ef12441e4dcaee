package estimator_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/quickloop"
)

// Every quantity of every example is a sensitivity target, and the tornado
// agrees with `estimate`: its base is the estimate's value and each end of a
// swing is the estimate with that input set to the range's extreme, found here
// independently by decoding the scenario with the override. Two variants range
// the inputs that reshape the estimate (the growth steps, a system's GPUs).
func TestSensitivityAgreesWithEstimateForEveryTarget(t *testing.T) {
	t.Parallel() // the package's longest test: the others run beside it
	type scenario struct {
		name string
		set  []estimator.Override
	}
	var cases []scenario
	for _, name := range quickloop.Examples() {
		cases = append(cases, scenario{name: name})
	}
	cases = append(cases,
		scenario{"article-2017", []estimator.Override{{Path: "growth.factor", Value: `{"low": 2, "likely": 3, "high": 5}`}}},
		scenario{"modern-2026", []estimator.Override{{Path: "systems[0].gpus", Value: `{"low": 4, "likely": 8, "high": 16}`}}},
	)
	for _, tc := range cases {
		t.Run(tc.name+overrideNames(tc.set), func(t *testing.T) {
			t.Parallel()
			data, ok := examples.Read(tc.name)
			require.True(t, ok)
			s, err := estimator.Decode(bytes.NewReader(data), tc.set...)
			require.NoError(t, err)
			est, err := estimator.Run(s)
			require.NoError(t, err)
			// The estimate at each extreme of each range, the models' own
			// error included, by --set.
			ranges := estimator.RangesOf(s)
			at := map[string][2]*estimator.Estimate{}
			for path, d := range ranges {
				lo, hi := d.Extremes()
				var ends [2]*estimator.Estimate
				for i, v := range []float64{lo, hi} {
					ends[i], err = decodeAndRun(data, append(tc.set, set(path, v))...)
					require.NoError(t, err, "%s=%v", path, v)
				}
				at[path] = ends
			}
			qs := est.Quantities()
			step := 1
			if testing.Short() {
				step = max(1, len(qs)/20) // a spread of ids from every section; the full run takes them all
			}
			for i := 0; i < len(qs); i += step {
				q := qs[i]
				sens, err := estimator.RunSensitivity(s, q.ID)
				if missing := missingAt(at, q.ID); missing != "" {
					require.Error(t, err, q.ID)
					assert.Contains(t, err.Error(), "target: is not a quantity when "+missing, q.ID)
					continue
				}
				require.NoError(t, err, q.ID)
				assert.Equal(t, q.ID, sens.Target)
				assert.Equal(t, q.Value, sens.Base, "%s: base", q.ID)
				require.Len(t, sens.Swings, len(ranges), q.ID)
				for _, sw := range sens.Swings {
					ends := at[sw.Path]
					lo, _ := ends[0].Get(q.ID)
					hi, _ := ends[1].Get(q.ID)
					assertClose(t, lo.Value, sw.Low, "%s at %s low", q.ID, sw.Path)
					assertClose(t, hi.Value, sw.High, "%s at %s high", q.ID, sw.Path)
					assertClose(t, math.Abs(hi.Value-lo.Value), sw.Swing, "%s swing of %s", q.ID, sw.Path)
				}
			}
		})
	}
}

// missingAt names the first extreme, as "path is value", where id is not a
// quantity, or "" when it exists at all of them.
func missingAt(at map[string][2]*estimator.Estimate, id string) string {
	for path, ends := range at {
		for _, e := range ends {
			if _, ok := e.Get(id); !ok {
				return path + " is "
			}
		}
	}
	return ""
}

func overrideNames(os []estimator.Override) string {
	out := ""
	for _, o := range os {
		out += "/" + o.Path
	}
	return out
}

// assertClose allows for the last bits only: both sides run the same
// arithmetic on the same numbers.
func assertClose(t *testing.T, want, got float64, msg string, args ...any) {
	t.Helper()
	assert.InDelta(t, want, got, math.Abs(want)*1e-12, append([]any{msg}, args...)...)
}

func TestSensitivityTargetErrors(t *testing.T) {
	s := decodeArticle(t, estimator.Override{Path: "growth.factor", Value: `{"low": 2, "likely": 4, "high": 8}`})
	_, err := estimator.RunSensitivity(s, "growth.compute_factor_n3")
	require.Error(t, err)
	assert.True(t, estimator.IsInvalidInput(err))
	assert.Contains(t, err.Error(), `target: is not a quantity when growth.factor is 2; pick one that exists across its range, got "growth.compute_factor_n3"`)
	sens, err := estimator.RunSensitivity(s, "growth.compute_factor_n2")
	require.NoError(t, err)
	assert.Equal(t, 4.0, sens.Base, "2 ^ 2")
	_, err = estimator.RunSensitivity(s, "growth.nothing")
	assert.EqualError(t, err, `target: names no quantity of this scenario (see trainscale estimate --format json), got "growth.nothing"`)
}
