package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/quickloop"
)

// TestFastPathIsTheCore changes every numeric input of every preset after a
// full estimate and checks the fast path answers exactly what a fresh decode
// and run of the same overrides answers (or the same errors). Each input takes
// its values in turn, as keystrokes do: the first is added to the kept
// calculation's overrides, the next change it in place. An invalid value last,
// since a request the full path refuses may drop the kept calculation.
func TestFastPathIsTheCore(t *testing.T) {
	t.Parallel()
	for _, name := range quickloop.Examples() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			a := New(nil, nil)
			data, _ := examples.Read(name)
			s, err := estimator.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			inputs := estimator.InputValues(s)
			// A set that changes nothing, so the first call fills the cache: a
			// team's members, a project's runs.
			members := estimator.Override{Path: "project.runs", Value: "1"}
			if s.Team != nil {
				members = estimator.Override{Path: "team.members", Value: string(number(s.Team.Members))}
			} else {
				require.Equal(t, 1.0, s.Project.Runs)
			}
			first := fmt.Sprintf(`{"preset":%q,"set":[%q]}`, name, members.Path+"="+members.Value)
			for _, path := range slices.Sorted(maps.Keys(inputs)) {
				v := inputs[path]
				a.Call("estimate", []byte(first)) // fills the cache
				for _, nv := range []string{string(number(math.Round(v*1.5 + 1))), string(number(v * 0.9)), `{"low":1,"likely":2,"high":3}`, "-1"} {
					if a.last == nil {
						a.Call("estimate", []byte(first)) // the full path refused the last value
					}
					req := fmt.Sprintf(`{"preset":%q,"set":[%q,{"path":%q,"value":%q}]}`, name, members.Path+"="+members.Value, path, nv)
					got := a.Call("estimate", []byte(req))
					want := fresh(name, members, estimator.Override{Path: path, Value: nv})
					if !bytes.Equal(want, got) { // JSONEq only to show where they differ: it costs a tenth of the test
						assert.JSONEq(t, string(want), string(got), "%s: %s=%s", name, path, nv)
					}
				}
			}
		})
	}
}

// fresh is Call("estimate") without a kept calculation.
func fresh(preset string, overrides ...estimator.Override) []byte {
	set := make([]Set, len(overrides))
	for i, o := range overrides {
		set[i] = Set{Path: o.Path, Value: o.Value}
	}
	req, _ := json.Marshal(EstimateRequest{ScenarioRequest: ScenarioRequest{Preset: preset, Set: set}})
	return New(nil, nil).Call("estimate", req)
}

// The page's set requests read full-width digits as ASCII, on the full path
// and on the kept calculation's fast path alike.
func TestFullWidthDigitsInSetRequests(t *testing.T) {
	t.Parallel()
	want := fresh("article-2017", estimator.Override{Path: "fleet.tb_per_hour", Value: "1.5"})
	assert.Equal(t, string(want), string(fresh("article-2017", estimator.Override{Path: "fleet.tb_per_hour", Value: "１．５"})))
	a := New(nil, nil)
	a.Call("estimate", []byte(`{"preset":"article-2017","set":["fleet.tb_per_hour=3"]}`)) // fills the cache
	got := a.Call("estimate", []byte(`{"preset":"article-2017","set":["fleet.tb_per_hour=１．５"]}`))
	assert.Equal(t, string(want), string(got))
	refused := string(fresh("article-2017", estimator.Override{Path: "fleet.cars", Value: "－３"}))
	assert.Contains(t, refused, `"message":"fleet.cars: must be \u003e 0, got -3"`)
}

// A scenario sent as an object keeps its calculation too: the overrides are
// applied to a copy of the request's tree, so the next keystroke's request
// names the same base.
func TestScenarioObjectKeepsItsCalculation(t *testing.T) {
	t.Parallel()
	data, _ := examples.Read(examples.Default)
	req := func(cars string) []byte {
		return []byte(`{"scenario":` + string(data) + `,"compact":true,"set":["fleet.cars=` + cars + `"]}`)
	}
	a := New(nil, nil)
	a.Call("estimate", req("300"))
	require.NotNil(t, a.last)
	kept := a.last.calc
	got := a.Call("estimate", req("301"))
	assert.Same(t, kept, a.last.calc, "one number changed in place")
	assert.Equal(t, string(New(nil, nil).Call("estimate", req("301"))), string(got))
}
