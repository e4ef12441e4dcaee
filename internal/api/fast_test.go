package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// TestFastPathIsTheCore changes every numeric input of every preset, one at a
// time after a full estimate, and checks the fast path answers exactly what a
// fresh decode and run of the same overrides answers (or the same errors).
func TestFastPathIsTheCore(t *testing.T) {
	for _, name := range examples.Names() {
		data, _ := examples.Read(name)
		s, err := estimator.Decode(bytes.NewReader(data))
		require.NoError(t, err)
		inputs := estimator.InputValues(s)
		paths := make([]string, 0, len(inputs))
		for p := range inputs {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, path := range paths {
			v := inputs[path]
			for _, nv := range []string{num(math.Round(v*1.5 + 1)), num(v * 0.9), "-1", `{"low":1,"likely":2,"high":3}`} {
				first := fmt.Sprintf(`{"preset":%q,"set":["team.members=%v"]}`, name, s.Team.Members)
				Call("estimate", []byte(first)) // fills the cache
				req := fmt.Sprintf(`{"preset":%q,"set":["team.members=%v",{"path":%q,"value":%q}]}`, name, s.Team.Members, path, nv)
				got := Call("estimate", []byte(req))
				want := fresh(t, name, estimator.Override{Path: "team.members", Value: num(s.Team.Members)}, estimator.Override{Path: path, Value: nv})
				assert.JSONEq(t, string(want), string(got), "%s: %s=%s", name, path, nv)
			}
		}
	}
}

// fresh is Call("estimate") without the cache.
func fresh(t *testing.T, preset string, overrides ...estimator.Override) []byte {
	mu.Lock()
	last = nil
	mu.Unlock()
	set := make([]Set, len(overrides))
	for i, o := range overrides {
		set[i] = Set{Path: o.Path, Value: o.Value}
	}
	req, _ := json.Marshal(EstimateRequest{ScenarioRequest: ScenarioRequest{Preset: preset, Set: set}})
	out := Call("estimate", req)
	mu.Lock()
	last = nil
	mu.Unlock()
	return out
}

// num writes a number as the page and the requests do (it lived in the renderer).
func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
