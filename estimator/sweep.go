package estimator

import "github.com/trainscale/trainscale/estimator/hardware"

// The planner prices hundreds of one-system copies of a scenario, each at
// dozens of deadlines. It prepares each copy once, with the transformer
// layouts shared between copies of one hardware (a LayoutCache), and then
// re-estimates only the figures a plan reads (a Sweep): the arithmetic, with
// no quantity laid out again.

// A LayoutCache keeps the transformer model's layout searches between the
// Calculations it prepares: copies of a scenario that ask the model the same
// questions (one workload on one catalog system, bought or rented) search
// each layout once.
type LayoutCache struct{ plans *planCache }

// NewLayoutCache is an empty cache.
func NewLayoutCache() *LayoutCache {
	return &LayoutCache{plans: newPlanCache(plannerPlans)}
}

// Prepare is the package's Prepare, keeping the layouts it searches in the
// cache.
func (lc *LayoutCache) Prepare(s *Scenario) (*Calculation, error) { return prepare(s, lc.plans) }

// Has reports whether the calculation lays out a quantity with this id.
func (c *Calculation) Has(id string) bool {
	_, ok := c.index[id]
	return ok
}

// A Sweep re-estimates a Calculation's scenario at other targets (the time
// one run may take: team.target_days, or a project's deadline_days), computing
// the headline figures only and reading the quantities it was made for.
type Sweep struct {
	c   *Calculation
	b   *builder
	idx []int
	out []float64
}

// Sweep is a sweep reading the quantities ids, in order; an id the
// calculation lacks reads 0.
func (c *Calculation) Sweep(ids ...string) *Sweep {
	sw := &Sweep{c: c, b: &builder{values: make([]float64, len(c.layout)), headlineOnly: true},
		idx: make([]int, len(ids)), out: make([]float64, len(ids))}
	for i, id := range ids {
		sw.idx[i] = -1
		if j, ok := c.index[id]; ok {
			sw.idx[i] = j
		}
	}
	return sw
}

// At estimates the scenario with its target set to seconds (the change
// stays: the scenario is the calculation's own) and returns the sweep's
// values; false when the estimate fails (a job too large, a model that does
// not fit). The slice is reused by the next call. With exact false, a
// project's job is sized by its rate rather than walked to its fewest GPUs,
// which is how a sweep over many deadlines stays fast: only the plan at
// the deadline must be the exact answer.
func (sw *Sweep) At(seconds float64, exact bool) ([]float64, bool) {
	s, b := sw.c.s, sw.b
	s.SetTarget(seconds)
	b.next, b.err, b.sweep = 0, nil, !exact
	compute(s, sw.c.hw, b)
	if b.err != nil {
		return nil, false
	}
	for i, j := range sw.idx {
		sw.out[i] = 0
		if j >= 0 {
			sw.out[i] = b.values[j]
		}
	}
	return sw.out, true
}

// WholeRunEnds runs fn at the P10 and at the P90 of the whole run's default
// model error, where the scenario takes that default (as Estimate ranges
// its figures), and reports whether it does.
func (sw *Sweep) WholeRunEnds(fn func(end int)) bool {
	d, ok := wholeRunDefault(sw.c.s)
	if !ok {
		return false
	}
	for i, f := range []float64{d.Quantile(0.1), d.Quantile(0.9)} {
		atWholeRun(sw.c.s, f, func() { fn(i) })
	}
	return true
}

// Label is the label of the quantity with this id, as the calculation lays
// it out; its id where it lays out none.
func (c *Calculation) Label(id string) Text {
	if i, ok := c.index[id]; ok {
		q := c.layout[i]
		return Text{q.Label.EN, q.Label.JA}
	}
	return Text{id, id}
}

// Source is the source of the quantity with this id, as the calculation
// lays it out (a CO2 figure's names the grid it was read from); empty where
// it lays out none.
func (c *Calculation) Source(id string) Text {
	if i, ok := c.index[id]; ok {
		return c.layout[i].Source
	}
	return Text{}
}

// PlanField is the label and unit of a field of the plan section
// (plan.capex_budget: "Capital budget", in the scenario's currency), from the
// input table's planner rows; the field's path and no unit where it has no
// row.
func (s *Scenario) PlanField(path string) (Text, Unit) {
	w, ok := planWords[path]
	if !ok {
		return Text{path, path}, ""
	}
	if w.dim == currencyUnit {
		return w.label, Unit(s.Currency())
	}
	return w.label, w.dim
}

// Device is the system's GPU or CPU catalog id, and whether it is a CPU.
func (sys System) Device() (id string, cpu bool) {
	d := resolveDevice(sys)
	return d.id, d.isCPU
}

// Base is the catalog system whose facts the system inherits: the one it
// names in catalog, else the one its id names; false where neither is one.
func (sys System) Base() (hardware.System, bool) { return baseSystem(sys) }

// SetExpr gives q its expression and the inputs it names, which the workbook
// writes as a formula over their cells.
func (q *Quantity) SetExpr(expr string) { q.Expr, q.Inputs = expr, refs(expr) }
