package estimator_test

import (
	"bytes"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/quickloop"
)

// Every scenario the tool accepts reads back from its own JSON export as it
// was (the page's export, uncertainty's private copies and the reports all go
// through Scenario.MarshalJSON), and estimates to quantities whose ids are
// unique: over every example and random scenarios with zeros, bounds and
// ranges on every numeric field, and ids built from the words quantity ids use.
func TestEveryAcceptedScenarioRoundTrips(t *testing.T) {
	t.Parallel() // one of the package's longest tests: the others run beside it
	perExample := 40
	if testing.Short() {
		perExample = 15
	}
	for ei, name := range quickloop.Examples() {
		data, _ := examples.Read(name)
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each example draws from its own seeded generator
			checkRoundTrip(t, data, nil)
			base := newDrawBase(t, data)
			rng := rand.New(rand.NewPCG(10, uint64(ei)))
			kept := 0
			for try := 0; kept < perExample; try++ {
				require.Less(t, try, 40*perExample, "too few valid random scenarios")
				ov := randomOverrides(rng, base)
				if s, err := estimator.Decode(bytes.NewReader(data), ov...); err != nil || !runs(s) {
					continue // a draw that breaks a rule relating fields, or overflows
				}
				checkRoundTrip(t, data, ov)
				kept++
			}
		})
	}
}

func runs(s *estimator.Scenario) bool {
	_, err := estimator.Run(s)
	return err == nil
}

func checkRoundTrip(t *testing.T, data []byte, ov []estimator.Override) {
	t.Helper()
	s, err := estimator.Decode(bytes.NewReader(data), ov...)
	require.NoError(t, err, "%v", ov)
	exported, err := s.MarshalJSON()
	require.NoError(t, err)
	back, err := estimator.Decode(bytes.NewReader(exported))
	require.NoError(t, err, "%s", exported)
	require.Equal(t, s, back, "%s", exported)
	again, err := back.MarshalJSON()
	require.NoError(t, err)
	require.Equal(t, string(exported), string(again))

	est, err := estimator.Run(s)
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, q := range est.Quantities() {
		require.False(t, seen[q.ID], "two quantities share the id %s: %s", q.ID, exported)
		seen[q.ID] = true
	}
	estBack, err := estimator.Run(back)
	require.NoError(t, err)
	require.Equal(t, est.Quantities(), estBack.Quantities())
}

// idWords returns the segments of the scenario's quantity ids that follow a
// workload's id: those a system's id follows (gpu_time in
// train.<w>.gpu_time.<s>) and those that end an id (rate in train.<w>.rate).
// Workloads x and x<sep>gpu_time with a system rate are what would make two
// quantities share an id, were sep the separator.
func idWords(t *testing.T, s *estimator.Scenario) (middle, last []string) {
	est, err := estimator.Run(s)
	require.NoError(t, err)
	isWorkload := map[string]bool{}
	for _, w := range s.Workloads {
		isWorkload[w.ID] = true
	}
	mid, end := map[string]bool{"x": true}, map[string]bool{"x": true}
	for _, q := range est.Quantities() {
		segs := strings.Split(q.ID, ".")
		for i := 0; i+1 < len(segs); i++ {
			switch {
			case !isWorkload[segs[i]]:
			case i+2 == len(segs):
				end[segs[i+1]] = true
			default:
				mid[segs[i+1]] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(mid)), slices.Sorted(maps.Keys(end))
}

// drawBase is what randomOverrides draws from, read once per example: the
// decoded scenario, its id words and its inputs.
type drawBase struct {
	s            *estimator.Scenario
	middle, last []string
	specs        []estimator.InputSpec
}

func newDrawBase(t *testing.T, data []byte) *drawBase {
	t.Helper()
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	middle, last := idWords(t, s)
	return &drawBase{s: s, middle: middle, last: last, specs: estimator.InputSpecs(s)}
}

// randomOverrides draws --set overrides for the base scenario: new ids for
// some workloads and systems, and for each numeric input maybe a new value or
// a range, within the field's own rules. It only reads base.
func randomOverrides(rng *rand.Rand, base *drawBase) []estimator.Override {
	s, middle, last := base.s, base.middle, base.last
	var ov []estimator.Override
	add := func(path, value string) { ov = append(ov, estimator.Override{Path: path, Value: value}) }
	pick := func(words []string) string { return words[rng.IntN(len(words))] }
	rename := func(list string, ids []string, draw func(first string) string, onRename func(i int, id string)) {
		taken := map[string]bool{}
		first := ids[0]
		for i, id := range ids {
			if rng.Float64() < 0.6 {
				id = draw(first)
			}
			if i == 0 {
				first = id
			}
			if taken[id] {
				continue
			}
			taken[id] = true
			if id != ids[i] {
				add(fmt.Sprintf("%s[%d].id", list, i), strconv.Quote(id))
				onRename(i, id)
			}
		}
	}
	var wids, sids []string
	for _, w := range s.Workloads {
		wids = append(wids, w.ID)
	}
	for _, sys := range s.Systems {
		sids = append(sids, sys.ID)
	}
	rename("workloads", wids, func(first string) string {
		return first + []string{"-", "_"}[rng.IntN(2)] + pick(middle) // x and x-gpu_time
	}, func(i int, id string) {
		if s.Money != nil && s.Money.Workload == wids[i] {
			add("money.workload", strconv.Quote(id))
		}
	})
	rename("systems", sids, func(string) string { return pick(last) }, func(i int, id string) {
		if _, catalog := hardware.SystemByID(sids[i]); catalog && s.Systems[i].Catalog == "" {
			add(fmt.Sprintf("systems[%d].catalog", i), strconv.Quote(sids[i])) // keep its catalog facts
		}
		if s.Money != nil && s.Money.System == sids[i] {
			add("money.system", strconv.Quote(id))
		}
	})
	for _, sp := range base.specs {
		if sp.IsText || rng.Float64() < 0.3 || sp.Path == "money.per_usd" && sp.Number == 1 {
			continue
		}
		b := boundsOf(sp)
		if b.structural {
			b.hi = math.Min(b.hi, math.Max(2*sp.Number, 4)) // a few more systems or growth steps, not thousands
		}
		switch r := rng.Float64(); {
		case r < 0.4:
			add(sp.Path, num(b.draw(rng, sp.Number)))
		case r < 0.85:
			p := []float64{b.draw(rng, sp.Number), b.draw(rng, sp.Number), b.draw(rng, sp.Number)}
			slices.Sort(p)
			add(sp.Path, fmt.Sprintf(`{"low": %s, "likely": %s, "high": %s, "why": "drawn"}`, num(p[0]), num(p[1]), num(p[2])))
		case b.lognormal():
			median := b.draw(rng, sp.Number)
			if median <= 0 {
				continue
			}
			p90 := median * (1 + rng.Float64())
			if b.whole {
				p90 = math.Ceil(p90) + 1
			}
			add(sp.Path, fmt.Sprintf(`{"median": %s, "p90": %s}`, num(median), num(p90)))
		}
	}
	return ov
}

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// bounds are what a field's check tags allow.
type bounds struct {
	lo, hi     float64
	open       bool // lo itself is not allowed (gt0)
	whole      bool
	bounded    bool // the field has an upper bound
	structural bool // the value sets how many quantities there are
}

func boundsOf(sp estimator.InputSpec) bounds {
	b := bounds{lo: math.Inf(-1), hi: math.Inf(1)}
	for _, r := range sp.Rules {
		name, arg, _ := strings.Cut(r, "=")
		limit, _ := strconv.ParseFloat(arg, 64)
		switch name {
		case "gt0":
			b.lo, b.open = math.Max(b.lo, 0), true
		case "ge":
			b.lo = math.Max(b.lo, limit)
		case "le":
			b.hi, b.bounded = math.Min(b.hi, limit), true
		case "int":
			b.whole = true
		}
	}
	b.structural = sp.Path == "growth.factor" || sp.Path == "growth.years" || strings.HasSuffix(sp.Path, "].gpus")
	return b
}

// lognormal reports whether a lognormal range may stand for the field: one
// with no upper bound whose values are positive.
func (b bounds) lognormal() bool { return !b.bounded && b.lo >= 0 }

// draw returns a value the field allows: its lower or upper bound (zero,
// where allowed), or the example's value moved by up to 4x either way,
// negative where allowed.
func (b bounds) draw(rng *rand.Rand, v float64) float64 {
	var x float64
	switch r := rng.Float64(); {
	case r < 0.15 && !b.open && !math.IsInf(b.lo, -1):
		x = b.lo
	case r < 0.25 && !math.IsInf(b.hi, 1):
		x = b.hi
	default:
		if v == 0 {
			v = 1
		}
		x = v * math.Exp((2*rng.Float64()-1)*math.Log(4))
		if math.IsInf(b.lo, -1) && rng.Float64() < 0.3 {
			x = -x
		}
	}
	if b.whole {
		x = math.Round(x)
	}
	x = math.Min(math.Max(x, b.lo), b.hi)
	if b.open && x <= b.lo {
		x = b.lo + 1
		if !b.whole {
			x = b.lo + math.Min(1, b.hi-b.lo)/2
		}
	}
	return x
}
