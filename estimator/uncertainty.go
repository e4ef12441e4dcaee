package estimator

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
)

// Spread is one quantity's distribution over the sampled scenarios.
type Spread struct {
	ID    string  `json:"id"`
	Label Text    `json:"label"` // JSON: label and label_ja (MarshalJSON)
	Unit  Unit    `json:"unit"`
	P10   float64 `json:"p10"`
	P50   float64 `json:"p50"`
	P90   float64 `json:"p90"`
}

// MarshalJSON writes the spread with its label as English text and its
// Japanese beside it (label, label_ja), as a quantity's JSON does.
func (s Spread) MarshalJSON() ([]byte, error) {
	return minjson.Append(nil, struct {
		ID      string  `json:"id"`
		Label   string  `json:"label"`
		LabelJA string  `json:"label_ja,omitempty"`
		Unit    Unit    `json:"unit"`
		P10     float64 `json:"p10"`
		P50     float64 `json:"p50"`
		P90     float64 `json:"p90"`
	}{s.ID, s.Label.EN, s.Label.JA, s.Unit, s.P10, s.P50, s.P90})
}

// Uncertainty is the result of a Monte Carlo run over a scenario's ranges.
type Uncertainty struct {
	Samples    int      `json:"samples"`
	Seed       uint64   `json:"seed"`
	Ranged     []string `json:"ranged"` // the inputs that were sampled
	Quantities []Spread `json:"quantities"`
}

// RunUncertainty samples every ranged input of s independently, samples times,
// and reports P10, P50 and P90 of the headline quantities (IsHeadline). The
// ranged inputs are RangesOf(s): the scenario's ranges and the models' own
// error (ModelError). Sample i draws from
// its own generator seeded by (seed, i), so the result depends on the seed
// alone, not on the number of workers (0 means one per CPU). With no ranged
// input every percentile equals the exact value. Samples and workers are
// bounded by MaxSamples and MaxWorkers: each sample holds a float64 per
// headline quantity, each worker a copy of the scenario. A large scenario
// allows fewer samples (MaxSamplesFor), so no run takes minutes.
func RunUncertainty(s *Scenario, samples int, seed uint64, workers int) (*Uncertainty, error) {
	var bad errorList
	if samples < 1 || samples > MaxSamples {
		bad.add("samples", Text{minfmt.Sprintf("must be between 1 and %d", MaxSamples), minfmt.Sprintf("1 以上 %d 以下にしてください", MaxSamples)}, samples)
	} else if most := MaxSamplesFor(s); samples > most {
		bad.add("samples", Text{minfmt.Sprintf("must be at most %d for this scenario: each sample re-estimates %d quantities and job sizes (limit %d samples x work)", most, SampleWork(s), MaxSampleWork), minfmt.Sprintf("このシナリオでは %d 以下にしてください: サンプルごとに %d 個の数量とジョブ規模を見積もり直します（上限はサンプル数 × 作業量 %d）", most, SampleWork(s), MaxSampleWork)}, samples)
	}
	if workers < 0 || workers > MaxWorkers {
		bad.add("workers", Text{minfmt.Sprintf("must be between 0 (one per CPU) and %d", MaxWorkers), minfmt.Sprintf("0（CPU ごとに 1 つ）以上 %d 以下にしてください", MaxWorkers)}, workers)
	}
	if len(bad) > 0 {
		return nil, bad.err()
	}
	s, err := withModelError(s)
	if err != nil {
		return nil, err
	}
	base, err := Prepare(s)
	if err != nil {
		return nil, err
	}
	var targets []int
	for i, q := range base.layout {
		if IsHeadline(q.ID) {
			targets = append(targets, i)
		}
	}
	paths := sortedPaths(s.Ranges)
	columns := make([][]float64, len(targets))
	for i := range columns {
		columns[i] = make([]float64, samples)
	}
	if workers <= 0 {
		workers = min(runtime.GOMAXPROCS(0), MaxWorkers)
	}
	workers = min(workers, samples)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = sampleRange(s, paths, targets, columns, seed, w*samples/workers, (w+1)*samples/workers, base)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	out := &Uncertainty{Samples: samples, Seed: seed, Ranged: paths, Quantities: make([]Spread, len(targets))}
	var pg sync.WaitGroup
	for i, t := range targets {
		pg.Add(1)
		go func() {
			defer pg.Done()
			q := base.layout[t]
			p10, p50, p90 := percentiles(columns[i])
			out.Quantities[i] = Spread{ID: q.ID, Label: Text{EN: q.Label.EN, JA: q.Label.JA}, Unit: q.Unit, P10: p10, P50: p50, P90: p90}
		}()
		if (i+1)%workers == 0 {
			pg.Wait()
		}
	}
	pg.Wait()
	return out, nil
}

// sampleRange estimates samples [from, to) on a private copy of the scenario.
func sampleRange(s *Scenario, paths []string, targets []int, columns [][]float64, seed uint64, from, to int, base *Calculation) error {
	own, err := cloneScenario(s)
	if err != nil {
		return err
	}
	inputs := numericInputs(own)
	fields := make([]*float64, len(paths))
	dists := make([]Dist, len(paths))
	ceilings := make([]float64, len(paths))
	for i, p := range paths {
		fields[i], dists[i], ceilings[i] = inputs[p].ptr, s.Ranges[p], ceiling(inputs[p].checks)
	}
	b := &builder{values: make([]float64, len(base.layout)), headlineOnly: true}
	var src rand.PCG
	r := rand.New(&src)
	for i := from; i < to; i++ {
		src.Seed(seed, uint64(i))
		for j, d := range dists {
			*fields[j] = min(d.Sample(r), ceilings[j])
		}
		b.next = 0
		compute(own, base.hw, b)
		for j, t := range targets {
			v := b.values[t]
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return NewFieldError(base.layout[t].ID, Text{minfmt.Sprintf("is not a finite number in sample %d; narrow the ranges of %s", i, strings.Join(paths, ", ")), minfmt.Sprintf("サンプル %d で有限の数値になりません。%s の範囲を狭めてください", i, strings.Join(paths, ", "))}, v)
			}
			columns[j][i] = v
		}
	}
	return nil
}

// cloneScenario makes an independent copy through the scenario's own encoding.
func cloneScenario(s *Scenario) (*Scenario, error) {
	data, err := s.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return Decode(strings.NewReader(string(data)))
}

// percentiles returns the 10th, 50th and 90th percentiles of xs, exactly
// (nearest rank on n-1 intervals), and may reorder xs. A sorted subsample
// brackets each rank, one pass counts what lies below each bracket and keeps
// what falls inside, and selection runs over those few; when a bracket misses
// (rare) selection over the whole slice answers instead.
func percentiles(xs []float64) (p10, p50, p90 float64) {
	n := len(xs)
	ks := [3]int{int(math.Round(0.1 * float64(n-1))), int(math.Round(0.5 * float64(n-1))), int(math.Round(0.9 * float64(n-1)))}
	var out [3]float64
	const sub = 1024
	if n < 4*sub {
		sorted := slices.Clone(xs)
		slices.Sort(sorted)
		return sorted[ks[0]], sorted[ks[1]], sorted[ks[2]]
	}
	sample := make([]float64, 0, sub+1)
	for i := 0; i < n; i += n / sub {
		sample = append(sample, xs[i])
	}
	slices.Sort(sample)
	var lo, hi [3]float64
	var below [3]int
	var inside [3][]float64
	for j, k := range ks {
		r := k * len(sample) / n
		lo[j], hi[j] = sample[max(r-48, 0)], sample[min(r+48, len(sample)-1)]
		if r-48 < 0 {
			lo[j] = math.Inf(-1)
		}
		if r+48 > len(sample)-1 {
			hi[j] = math.Inf(1)
		}
	}
	disjoint := hi[0] < lo[1] && hi[1] < lo[2]
	for _, x := range xs {
		if disjoint && x > hi[0] && x < lo[1] {
			below[1]++ // between the P10 and P50 brackets: most samples, one test each
			below[2]++
			continue
		}
		for j := range ks {
			if x < lo[j] {
				below[j]++
			} else if x <= hi[j] {
				inside[j] = append(inside[j], x)
			}
		}
	}
	for j, k := range ks {
		if k < below[j] || k >= below[j]+len(inside[j]) {
			out[j] = selectKth(xs, k)
			continue
		}
		out[j] = selectKth(inside[j], k-below[j])
	}
	return out[0], out[1], out[2]
}

// selectKth puts the k-th smallest element of xs at index k, smaller ones
// before it and larger ones after (Hoare's quickselect with a median-of-three
// pivot), and returns it.
func selectKth(xs []float64, k int) float64 {
	lo, hi := 0, len(xs)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		if xs[mid] < xs[lo] {
			xs[mid], xs[lo] = xs[lo], xs[mid]
		}
		if xs[hi] < xs[lo] {
			xs[hi], xs[lo] = xs[lo], xs[hi]
		}
		if xs[hi] < xs[mid] {
			xs[hi], xs[mid] = xs[mid], xs[hi]
		}
		pivot := xs[mid]
		i, j := lo, hi
		for i <= j {
			for xs[i] < pivot {
				i++
			}
			for xs[j] > pivot {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k]
		}
	}
	return xs[k]
}

// ceiling is the most a sample of a field may be: its limit of sanity
// (a max= rule), which a lognormal's tail may pass; +Inf without one.
func ceiling(checks []string) float64 {
	for _, c := range checks {
		if arg, ok := strings.CutPrefix(c, "max="); ok {
			x, _ := strconv.ParseFloat(arg, 64)
			return x
		}
	}
	return math.Inf(1)
}
