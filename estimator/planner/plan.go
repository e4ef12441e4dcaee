// Package planner answers the estimate's inverse question: from a deadline,
// budgets, power and counts to the cheapest systems to buy or instances to
// rent. Each option (a catalog system bought, a cloud offer rented on one
// term, at one allowed precision) is a one-workload, one-system copy of the
// scenario that the forward estimate itself prices: for a deadline it gives
// the systems to buy, the capex, opex and TCO, the power and the energy of a
// run. The planner sweeps the deadline over a fixed grid, so each count an
// option reaches is a point (cost, time per run, energy, power), and picks
// from the points: the cheapest meeting every constraint, the fastest within
// the budgets, and the frontiers.
package planner

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/internal/civil"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/numtext"
)

// DefaultMaxGPUs bounds the clusters the planner sizes when plan.max_gpus is
// left out.
const DefaultMaxGPUs = 100000

// staleMonths is how old a price may be, before the plan's as-of date,
// without being flagged.
const staleMonths = 12

// planGrid is the deadlines every option is estimated at, besides the plan's
// own: every quarter-octave from an hour to about four years. The grid is
// fixed, not scaled to the deadline, so two plans of one scenario share
// their points and a tighter deadline can only remove plans from the choice.
var planGrid = func() []float64 {
	out := make([]float64, 61)
	for k := range out {
		out[k] = estimator.Hour * math.Pow(2, float64(k)/4)
	}
	return out
}()

// Options is what a plan needs besides the scenario.
type Options struct {
	// Prices is the cloud price catalog to rent from; nil reads
	// hardware.CloudOffers(). MergePrices adds a user's prices file.
	Prices []hardware.CloudOffer
	// AsOf (YYYY-MM-DD) dates the question when the scenario's plan.as_of is
	// left out; with neither, the newest price's date.
	AsOf string
}

// Result is the planner's answer. Every number in it is a Quantity, so a
// surface shows it without arithmetic.
type Result struct {
	Workload    string       `json:"workload"`
	Currency    string       `json:"currency"`
	AsOf        string       `json:"as_of"`
	Constraints []Constraint `json:"constraints"`
	// Cheapest is the least total cost meeting every constraint; nil when no
	// plan does, and Shortfalls say why.
	Cheapest *Point `json:"cheapest"`
	// Fastest is the shortest time per run within the budgets, power and
	// counts, whatever the deadline; nil when none is.
	Fastest    *Point         `json:"fastest"`
	Why        estimator.Text `json:"why"` // how Cheapest was chosen, or why there is none
	Shortfalls []Shortfall    `json:"shortfalls,omitempty"`
	// Closest is the plan Shortfalls are all of when relaxing no one
	// constraint alone leaves a plan: what it needs of each, all at once.
	// Nil when each shortfall alone would make a plan.
	Closest *estimator.Text `json:"closest,omitempty"`
	// Options is every option sized for the deadline (the fewest systems
	// that meet it, or its fastest where none does), cheapest first: the
	// options considered.
	Options []Point `json:"options"`
	// Frontier is the Pareto frontier of total cost against time per run,
	// cheapest (slowest) first; EnergyFrontier the same against the energy
	// of a run.
	Frontier       []Point `json:"frontier"`
	EnergyFrontier []Point `json:"energy_frontier"`
	Skipped        []Skip  `json:"skipped,omitempty"`
	Points         int     `json:"points"` // the plans compared: every option at every count it reached
	// Horizon is what every total covers, for the totals' column heads:
	// "over 4 years (depreciation)" for a team, "for one run" for a project;
	// Running is the head of the column of running costs ("per year", or
	// a project's own).
	Horizon estimator.Text `json:"horizon"`
	Running estimator.Text `json:"running"`
}

// Constraint is one limit the plans must keep, named by its scenario path.
type Constraint struct {
	Path  string             `json:"path"` // plan.capex_budget
	Limit estimator.Quantity `json:"limit"`
}

// Point is one plan: an option at one count of systems or instances.
type Point struct {
	Option    string         `json:"option"` // buy-dgx-h100, rent-aws-p5-48xlarge-on-demand
	Label     estimator.Text `json:"label"`
	Acquire   string         `json:"acquire"` // buy or rent
	System    string         `json:"system"`  // the catalog system (rent: the one the instance trains as)
	GPU       string         `json:"gpu"`
	Provider  string         `json:"provider,omitempty"`
	Instance  string         `json:"instance,omitempty"`
	Term      string         `json:"term,omitempty"`
	Precision string         `json:"precision,omitempty"` // where plan.precisions chose it

	Count        estimator.Quantity  `json:"count"` // systems bought or instances rented
	GPUs         estimator.Quantity  `json:"gpus"`
	Utilisation  estimator.Quantity  `json:"utilisation"` // systems needed over systems bought or rented
	TimePerRun   estimator.Quantity  `json:"time_per_run"`
	Capex        estimator.Quantity  `json:"capex"`
	PerYear      estimator.Quantity  `json:"per_year"` // opex, or rent
	Total        estimator.Quantity  `json:"total"`    // over money.depreciation_years: what the plans are ranked by
	Power        estimator.Quantity  `json:"power"`    // maximum draw with cooling
	EnergyPerRun estimator.Quantity  `json:"energy_per_run"`
	BreakEven    *estimator.Quantity `json:"break_even,omitempty"` // use after which buying beats renting; nil: never, or no counterpart
	// CO2PerRun and CO2 are the carbon of one run and over the running
	// horizon (a year for a team, the project for a project), at the grid
	// Grid names: a rented option's region where the grid table has it,
	// otherwise the scenario's (empty: its money.grid_kg_co2_per_kwh).
	CO2PerRun estimator.Quantity `json:"co2_per_run"`
	CO2       estimator.Quantity `json:"co2"`
	Grid      string             `json:"grid,omitempty"`
	// SizedFor is the team.target_days the estimate sized the plan for: with
	// the option's system and money.system, what loads the plan as a scenario.
	SizedFor estimator.Quantity `json:"sized_for"`
	// PerGPUHour is a rented plan's price, in the scenario's currency; nil
	// when buying.
	PerGPUHour *estimator.Quantity `json:"per_gpu_hour,omitempty"`
	// The unit figures Capex, PerYear and GPUs are expressions over (Expr),
	// with the scenario's money inputs, so a workbook can keep them live.
	GPUsPerSystem estimator.Quantity  `json:"gpus_per_system"`
	Storage       estimator.Quantity  `json:"storage"`                // bought either way
	SystemPrice   *estimator.Quantity `json:"system_price,omitempty"` // one system; nil when renting
	SystemPower   *estimator.Quantity `json:"system_power,omitempty"` // one system's maximum draw; nil when renting

	MeetsAll bool           `json:"meets_all"`
	Binding  string         `json:"binding"`       // the constraint closest to its limit, or furthest over it
	Slack    float64        `json:"binding_slack"` // share of that limit left; negative: over by
	Why      estimator.Text `json:"why"`           // the binding constraint in words

	PriceSource string `json:"price_source,omitempty"`
	PriceAsOf   string `json:"price_as_of,omitempty"`
	Stale       bool   `json:"stale,omitempty"` // the price is more than 12 months older than the as-of date
}

// Quantities lists the point's numbers in the order tables show them.
func (p *Point) Quantities() []estimator.Quantity {
	qs := []estimator.Quantity{p.Count, p.GPUs, p.Utilisation, p.TimePerRun, p.Capex, p.PerYear, p.Total, p.Power, p.EnergyPerRun, p.CO2PerRun, p.CO2, p.SizedFor, p.GPUsPerSystem, p.Storage}
	for _, q := range []*estimator.Quantity{p.SystemPrice, p.SystemPower, p.PerGPUHour, p.BreakEven} {
		if q != nil {
			qs = append(qs, *q)
		}
	}
	return qs
}

// Shortfall is a constraint that alone leaves no plan: the plans that meet
// every other constraint need at least Best against its Limit.
type Shortfall struct {
	Path   string             `json:"path"`
	Limit  estimator.Quantity `json:"limit"`
	Best   estimator.Quantity `json:"best"`
	Over   float64            `json:"over"`   // Best / Limit - 1 (for a cap), or how far short
	Option string             `json:"option"` // the plan that comes closest
	Why    estimator.Text     `json:"why"`
	// Need is what the constraint would have to allow, in words: "a total
	// budget of at least USD 70,093,750", the advice an infeasible plan gives.
	Need estimator.Text `json:"need"`
}

// Skip is an option the planner could not price, and why.
type Skip struct {
	Option string         `json:"option"`
	Label  estimator.Text `json:"label"`
	Reason estimator.Text `json:"reason"`
}

// planLimits is the plan section resolved: every constraint with its default.
type planLimits struct {
	workload    int
	deadline    float64 // seconds
	capex, tco  float64 // 0: none
	power       float64 // W; 0: none
	maxSystems  float64 // 0: none
	maxGPUs     float64
	gpus        []string // nil: any
	generations []string // nil: any
	precisions  []string // nil: the workload's
	buy, rent   bool
	asOf        civil.Date
	asOfText    string
}

// Make finds the cheapest plan for the scenario's plan section (or its
// defaults when the scenario has none). s must be valid (Decode) and have a
// money section. A contradiction is a *FieldError naming the field.
func Make(s *estimator.Scenario, opt Options) (*Result, error) {
	lim, prices, err := opt.limits(s)
	if err != nil {
		return nil, err
	}
	options, skipped := planOptions(s, lim, prices)
	res := &Result{Workload: s.Workloads[lim.workload].ID, Currency: s.Currency(), AsOf: lim.asOfText, Skipped: skipped,
		Horizon: s.Horizon(), Running: estimator.Text{EN: "per year", JA: "年間費用"}}
	if s.IsProject() {
		res.Running = estimator.Text{EN: "running (electricity and support, or rent)", JA: "運用費（電気代と保守費、または賃料）"}
	}
	res.Constraints = lim.constraints(s)
	var all, atDeadline []planPoint
	// The options that rent or buy one catalog system ask the transformer
	// model the same questions: one cache answers them all.
	plans := estimator.NewLayoutCache()
	for _, o := range options {
		pts, at, reason := o.sweep(lim, plans)
		if reason != nil {
			res.Skipped = append(res.Skipped, Skip{Option: o.id, Label: o.label, Reason: *reason})
			continue
		}
		atDeadline = append(atDeadline, at)
		all = append(all, pts...)
	}
	res.Points = len(all)
	describeAll := func(ps []planPoint) []Point {
		out := make([]Point, len(ps))
		for i, p := range ps {
			out[i] = lim.describe(p)
		}
		return out
	}
	slices.SortStableFunc(atDeadline, byCost)
	chosen, haveChosen := best(all, lim.meetsAll, byCost)
	if haveChosen {
		chosen.ends = chosen.wholeRunEnds()
		for i, p := range atDeadline { // the chosen option's row ranges with it
			if p.o == chosen.o && p.count == chosen.count && p.deadline == chosen.deadline {
				atDeadline[i].ends = chosen.ends
			}
		}
	}
	res.Options = describeAll(atDeadline)
	if !s.IsProject() { // a project holds what it buys for its runs alone: no years to break even over
		breakEven(res.Options)
	}
	res.Frontier = describeAll(frontier(all, func(p planPoint) float64 { return p.time }))
	res.EnergyFrontier = describeAll(frontier(all, func(p planPoint) float64 { return p.energy }))
	if haveChosen {
		d := lim.describe(chosen)
		res.Cheapest = &d
	} else {
		// Each option's plan at the deadline counts too: a GPU cap below
		// every one of them leaves the sweep no point, and the shortfall
		// must still say what the least of them needs.
		res.Shortfalls, res.Closest = lim.shortfalls(append(slices.Clone(all), atDeadline...), s)
	}
	if p, ok := best(all, lim.withinBudgets, byTime); ok {
		d := lim.describe(p)
		res.Fastest = &d
	}
	res.Why = why(res)
	return res, nil
}

// ScenarioFor is the scenario one of s's plans is: the option (a
// Point's Option) sized for the target it was sized for (its SizedFor,
// in seconds), with what it buys, or the offer it rents (money.rent) at the
// offer's price. Its estimate gives the figures the planner gave the plan,
// so a plan loaded on the page, or leading a report, reads as itself. opt
// must be the options the plan was made with.
func ScenarioFor(s *estimator.Scenario, option string, sizedFor float64, opt Options) (*estimator.Scenario, error) {
	lim, prices, err := opt.limits(s)
	if err != nil {
		return nil, err
	}
	if days := estimator.BoundOf("days"); !days.Allows(sizedFor / estimator.Day) {
		most := strconv.FormatFloat(days.Max, 'f', -1, 64)
		return nil, estimator.NewFieldError("sized_for_days", estimator.Text{EN: "must be > 0 and at most " + most + " days", JA: "0 より大きく " + most + " 日以下にしてください"}, sizedFor/estimator.Day)
	}
	options, _ := planOptions(s, lim, prices)
	for _, o := range options {
		if o.id == option {
			ds := *o.s
			ds.SetTarget(sizedFor)
			return &ds, nil
		}
	}
	return nil, estimator.NewFieldError("option", estimator.Text{EN: "is not an option the planner has for this scenario", JA: "このシナリオのプランナーにない選択肢です"}, strconv.Quote(estimator.Printable(option)))
}

// limits is s's plan section resolved (planLimitsOf) against the prices the
// options give, the catalog's by default, and those prices.
func (opt Options) limits(s *estimator.Scenario) (planLimits, []hardware.CloudOffer, error) {
	prices := opt.Prices
	if prices == nil {
		prices = hardware.CloudOffers()
	}
	lim, err := planLimitsOf(s, prices, opt.AsOf)
	return lim, prices, err
}

// planLimitsOf resolves the plan section against the scenario and checks
// what relates its fields to the rest.
func planLimitsOf(s *estimator.Scenario, prices []hardware.CloudOffer, asOf string) (planLimits, error) {
	if err := s.Plannable(); err != nil {
		return planLimits{}, err
	}
	p := s.Plan
	if p == nil {
		p = &estimator.Plan{}
	}
	lim := planLimits{deadline: s.Target(), maxGPUs: DefaultMaxGPUs, buy: true, rent: true}
	planned := cmp.Or(p.Workload, s.Money.Workload)
	lim.workload = slices.IndexFunc(s.Workloads, func(w estimator.Workload) bool { return w.ID == planned })
	set := func(dst *float64, v *float64, scale float64) {
		if v != nil {
			*dst = *v * scale
		}
	}
	set(&lim.deadline, p.DeadlineDays, estimator.Day)
	if lim.deadline == 0 {
		// A project whose jobs are given: each option is sized to run as
		// fast as the given job does, failures included.
		est, err := estimator.Run(s)
		if err != nil {
			return planLimits{}, err
		}
		w, sys := s.Workloads[lim.workload].ID, s.Money.System
		q, _ := est.Get("project." + w + ".run_time." + sys)
		lim.deadline = q.Value
	}
	set(&lim.capex, p.CapexBudget, 1)
	set(&lim.tco, p.TCOBudget, 1)
	set(&lim.power, p.PowerKW, 1000)
	set(&lim.maxSystems, p.MaxSystems, 1)
	set(&lim.maxGPUs, p.MaxGPUs, 1)
	lim.gpus, lim.generations, lim.precisions = p.AllowedGPUs(), p.AllowedGenerations(), p.AllowedPrecisions()
	if a := p.Acquire; a != nil {
		lim.buy, lim.rent = *a != "rent", *a != "buy"
	}
	lim.asOfText = cmp.Or(p.AsOf, asOf)
	if lim.asOfText == "" {
		for _, o := range prices {
			lim.asOfText = max(lim.asOfText, o.AsOf)
		}
	}
	t, ok := civil.Parse(lim.asOfText)
	if !ok {
		return planLimits{}, estimator.NewFieldError("plan.as_of", estimator.Text{EN: "must be a date YYYY-MM-DD", JA: "YYYY-MM-DD の日付にしてください"}, strconv.Quote(lim.asOfText))
	}
	lim.asOf = t
	return lim, nil
}

// planOption is one way to train the workload: a system bought or an
// instance rented on one term, at one precision, as a one-system scenario
// the estimate prices.
type planOption struct {
	id      string
	label   estimator.Text
	acquire string
	catalog string // the catalog system
	gpu     string
	offer   *hardware.CloudOffer
	term    hardware.Term
	prec    string
	s       *estimator.Scenario
	// calc and sw are the option's calculation as its sweep laid it out,
	// kept to label its figures (describe) and range the plan chosen
	// (wholeRunEnds).
	calc           *estimator.Calculation
	sw             *estimator.Sweep
	sized, jobTime bool // the estimate sizes a team (systems to buy), and times its job
}

// planOptions lists the options in a stable order: the scenario's systems,
// then the catalog's, bought; then the cloud offers by provider, instance
// and term. Options the limits exclude are left out; those the scenario
// cannot price are skipped with the reason.
func planOptions(s *estimator.Scenario, lim planLimits, prices []hardware.CloudOffer) ([]planOption, []Skip) {
	w := s.Workloads[lim.workload]
	precisions := []string{""}
	if len(lim.precisions) > 0 {
		precisions = nil
		for _, p := range lim.precisions {
			if w.Transformer != nil && slices.Contains([]string{"bf16", "fp8", "fp4"}, p) ||
				w.Transformer == nil && w.Model != "" && slices.Contains([]string{"fp32", "tf32", "mixed"}, p) {
				precisions = append(precisions, p)
			}
		}
	}
	var out []planOption
	var skipped []Skip
	add := func(o planOption, sys estimator.System) {
		for _, p := range precisions {
			o := o
			o.prec = p
			if p != "" {
				o.id += "-" + p
				o.label = o.label.With(" at "+p, "（"+p+"）")
			}
			if !lim.allows(o.gpu) {
				continue
			}
			ds, reason := deriveScenario(s, lim, o, sys)
			if reason != nil {
				skipped = append(skipped, Skip{Option: o.id, Label: o.label, Reason: *reason})
				continue
			}
			o.s = ds
			out = append(out, o)
		}
	}
	// The scenario's own systems (they carry its speed-ups and prices), then
	// every catalog GPU system it does not name.
	if lim.buy {
		have := map[string]bool{}
		for _, sys := range s.Systems {
			base, _ := sys.Base()
			if base.ID != "" {
				have[base.ID] = true
			}
			device, cpu := sys.Device()
			if cpu {
				skipped = append(skipped, Skip{Option: "buy-" + sys.ID, Label: estimator.Text{EN: "Buy " + sys.Name(), JA: sys.Name() + " を購入"},
					Reason: estimator.Text{EN: "a CPU-only system: the planner sizes GPU systems", JA: "CPU のみのシステムです。プランナーは GPU システムを対象とします"}})
				continue
			}
			add(planOption{id: "buy-" + sys.ID, label: estimator.Text{EN: "Buy " + sys.Name(), JA: sys.Name() + " を購入"}, acquire: "buy", catalog: base.ID, gpu: device}, sys)
		}
		for _, cs := range hardware.Systems() {
			if have[cs.ID] {
				continue
			}
			add(planOption{id: "buy-" + cs.ID, label: estimator.Text{EN: "Buy " + cs.Name, JA: cs.Name + " を購入"}, acquire: "buy", catalog: cs.ID, gpu: cs.GPU},
				estimator.System{ID: cs.ID, Label: cs.Name, GPUs: float64(cs.GPUs)})
		}
	}
	if lim.rent {
		for _, o := range currentOffers(prices, lim.asOfText) {
			for _, t := range []hardware.Term{hardware.OnDemand, hardware.OneYear, hardware.ThreeYear} {
				if o.Price(t) <= 0 {
					continue // spot is left out: a pre-empted run misses its deadline
				}
				name := o.Provider + " " + o.Instance + " (" + string(t) + ")"
				opt := planOption{id: optionID("rent-" + o.Provider + "-" + o.Instance + "-" + string(t)), label: estimator.Text{EN: "Rent " + name, JA: name + " を賃借"},
					acquire: "rent", catalog: o.System, gpu: o.GPU, offer: &o, term: t}
				sys := estimator.System{ID: optionID(o.Provider + "-" + o.Instance), Label: o.Provider + " " + o.Instance, Catalog: o.System, GPU: o.GPU, GPUs: float64(o.GPUs)}
				// A measured workload runs at the speed-up the scenario gives
				// its system of the same catalog id.
				for _, own := range s.Systems {
					if base, _ := own.Base(); base.ID == o.System && own.Speedup != nil {
						sp := *own.Speedup
						sys.Speedup = &sp
						break
					}
				}
				add(opt, sys)
			}
		}
	}
	return out, skipped
}

// currentOffers is the newest price of each provider and instance published
// by asOf.
func currentOffers(prices []hardware.CloudOffer, asOf string) []hardware.CloudOffer {
	sorted := slices.Clone(prices)
	hardware.SortCloudOffers(sorted)
	var out []hardware.CloudOffer
	for _, o := range sorted {
		if o.AsOf > asOf {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Provider == o.Provider && out[n-1].Instance == o.Instance {
			out[n-1] = o
			continue
		}
		out = append(out, o)
	}
	return out
}

// optionID makes an id fit for quantity ids: lower case, '-' for anything
// but letters and digits.
func optionID(s string) string {
	b := []byte(strings.ToLower(s))
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			b[i] = '-'
		}
	}
	return string(b)
}

func (lim planLimits) allows(gpu string) bool {
	if lim.gpus != nil && !slices.Contains(lim.gpus, gpu) {
		return false
	}
	g, _ := hardware.GPUByID(gpu)
	return lim.generations == nil || slices.Contains(lim.generations, g.Generation)
}

// deriveScenario is the option as a scenario of its own: the workload alone
// (its job sized by the planner), the one system, the money section pricing
// it, no growth, no ranges; Prepare checks it as any scenario.
func deriveScenario(s *estimator.Scenario, lim planLimits, o planOption, sys estimator.System) (*estimator.Scenario, *estimator.Text) {
	ds := *s
	w := s.Workloads[lim.workload]
	if tr := w.Transformer; tr != nil {
		t := *tr
		t.GPUs, t.Layout = nil, nil // the planner sizes the job
		if o.prec != "" {
			t.Precision = o.prec
		}
		w.Transformer = &t
	} else if o.prec != "" {
		w.Precision = o.prec
	}
	if w.MBPerS != nil && sys.Speedup == nil {
		return nil, &estimator.Text{EN: "the workload gives a measured throughput (mb_per_s), which runs only on systems whose speed-up the scenario gives",
			JA: "ワークロードは測定スループット（mb_per_s）なので、シナリオが速度比を指定したシステムでしか見積もれません"}
	}
	m := *s.Money
	m.Workload, m.System = w.ID, sys.ID
	m.Rent = nil
	if o.acquire == "rent" {
		m.Rent = &estimator.Rent{Provider: o.offer.Provider, Instance: o.offer.Instance, Term: string(o.term)}
		m.CloudGPU = o.gpu
		m.CloudPerGPUHour = o.offer.Price(o.term) * m.USDRate()
		// The instances draw their region's grid, not the scenario's,
		// where the table knows the region.
		if g, ok := hardware.CloudGrid(o.offer.Provider, o.offer.Region); ok {
			m.GridRegion = g.ID
		}
	}
	ds.Workloads, ds.Systems, ds.Money = []estimator.Workload{w}, []estimator.System{sys}, &m
	if s.Growth != nil {
		ds.Growth = &estimator.Growth{Factor: 1, Exponent: s.Growth.Exponent}
	}
	// The sweep sets the option's own target: its team or project is a copy.
	if s.Team != nil {
		t := *s.Team
		ds.Team = &t
	}
	if s.Project != nil {
		p := *s.Project
		ds.Project = &p
	}
	ds.Ranges, ds.Sources, ds.Plan = nil, nil, nil
	return &ds, nil
}

// skipReason is why an option cannot be priced, for a reader: the first
// problem of its scenario, the field named by its label.
func skipReason(err error) *estimator.Text {
	if fe := firstFieldError(err); fe != nil {
		return &estimator.Text{EN: fe.Said("en"), JA: fe.Said("ja")}
	}
	line, _, _ := strings.Cut(err.Error(), "\n")
	return &estimator.Text{EN: line, JA: line}
}

func firstFieldError(err error) *estimator.FieldError {
	switch x := err.(type) {
	case *estimator.FieldError:
		return x
	case estimator.Errors:
		for _, e := range x {
			if fe := firstFieldError(e); fe != nil {
				return fe
			}
		}
	}
	return nil
}

// The estimate's quantities a plan reads, in the order of an option's sweep.
const (
	vToBuy = iota
	vNeeded
	vCapex
	vTotal
	vOpex
	vStorage
	vSysPrice
	vSysPower
	vEnergyRun
	vJobTime
	vRunTime // a project's, with the two below
	vElectricity
	vSupport
	vCO2Run
	vCO2 // over the running horizon: a year, or the project
)

// planPoint is a plan as the sweep finds it, numbers only: hundreds are
// compared, and only the few the answer shows become PlanPoints with their
// quantities (describe).
type planPoint struct {
	o                                                       *planOption
	deadline                                                float64 // the target the estimate sized it for
	count, gpus, time, capex, perYear, total, power, energy float64
	co2Run, co2                                             float64
	needed                                                  float64 // systems the team needs, before rounding up to count
	// The unit figures the costs are made of, which a plan shows so its
	// costs can be formulas over them.
	storage, unitPrice, unitPower float64
	jobTime                       bool // time is the estimate's job time, not the target
	// ends are the plan at the whole run's model error's P10 and P90
	// (wholeRunEnds); nil where the scenario takes no such default.
	ends *[2]planPoint
}

// sweep estimates the option at the plan's deadline and at every grid
// deadline, keeping for each count it reaches the shortest time per run.
// It returns the points, the point at the deadline, or why the option cannot
// be priced.
func (o *planOption) sweep(lim planLimits, plans *estimator.LayoutCache) ([]planPoint, planPoint, *estimator.Text) {
	o.s.SetTarget(lim.deadline) // the layout's own plan is then the deadline's
	c, err := plans.Prepare(o.s)
	if err != nil {
		return nil, planPoint{}, skipReason(err)
	}
	w, sys := o.s.Workloads[0].ID, o.s.Systems[0].ID
	toBuy, needed, jobTime := "team."+w+".systems_to_buy."+sys, "team."+w+".systems."+sys, "train."+w+".job_time."+sys
	o.sw = c.Sweep(toBuy, needed, "cost.capex", o.s.TotalID(), "cost.opex_per_year", "cost.storage", "cost.system_price",
		"cost.system_power", "energy.per_run", jobTime, "project."+w+".run_time."+sys, "cost.power_project", "cost.support_project",
		"co2.per_run", co2Horizon(o.s))
	o.sized, o.jobTime, o.calc = c.Has(toBuy) && c.Has(needed), c.Has(jobTime), c
	atDeadline, ok := o.point(lim.deadline, true)
	if !ok {
		return nil, planPoint{}, &estimator.Text{EN: "cannot be estimated at the deadline (a job too large for the GPU limit, or a model the GPU cannot hold)",
			JA: "期限に対して見積もれません（GPU 数の上限を超えるジョブ、または GPU に収まらないモデル）"}
	}
	byCount := map[float64]planPoint{}
	keep := func(p planPoint) {
		if q, seen := byCount[p.count]; !seen || p.time < q.time {
			byCount[p.count] = p
		}
	}
	if atDeadline.gpus <= lim.maxGPUs {
		keep(atDeadline)
	}
	// Longest deadline first: the count grows as the deadline shrinks, so
	// the first past the GPU limit ends the sweep before the costliest sizes.
	for k := len(planGrid) - 1; k >= 0; k-- {
		p, ok := o.point(planGrid[k], false)
		if !ok || p.gpus > lim.maxGPUs {
			break
		}
		keep(p)
	}
	pts := make([]planPoint, 0, len(byCount))
	for _, p := range byCount {
		pts = append(pts, p)
	}
	slices.SortFunc(pts, func(a, b planPoint) int { return cmp.Compare(a.count, b.count) })
	return pts, atDeadline, nil
}

// wholeRunEnds estimates the plan p again at the P10 and the P90 of the
// whole run's default model error, as Calculation.Estimate ranges a
// scenario's figures; nil where its option takes no such default or an end
// cannot be estimated. Only the plan chosen is ranged: walking the ladder
// to the fewest GPUs at the P90 of every option would double the plan's
// time.
func (p planPoint) wholeRunEnds() *[2]planPoint {
	o := p.o
	if o.sw == nil {
		return nil
	}
	var ends [2]planPoint
	all := true
	ranged := o.sw.WholeRunEnds(func(end int) {
		var ok bool
		ends[end], ok = o.point(p.deadline, true)
		all = all && ok
	})
	if !ranged || !all {
		return nil
	}
	return &ends
}

// point estimates the option at one deadline: the team sized for it, and
// what that costs. Renting costs the offer's price for the GPU time the
// estimate rents, over the depreciation period, plus the shared storage
// bought either way. exact is Sweep.At's.
func (o *planOption) point(deadline float64, exact bool) (planPoint, bool) {
	v, ok := o.sw.At(deadline, exact)
	if !ok || !o.sized {
		return planPoint{}, false
	}
	for _, i := range []int{vToBuy, vCapex, vTotal, vEnergyRun} {
		if math.IsNaN(v[i]) || math.IsInf(v[i], 0) {
			return planPoint{}, false
		}
	}
	s := o.s
	count := v[vToBuy]
	p := planPoint{o: o, deadline: deadline, count: count, gpus: count * s.Systems[0].GPUs, time: deadline, // linear scaling meets the target exactly
		power: count * v[vSysPower] * s.Money.PUE, energy: v[vEnergyRun], needed: v[vNeeded],
		storage: v[vStorage], unitPrice: v[vSysPrice], unitPower: v[vSysPower], co2Run: v[vCO2Run], co2: v[vCO2]}
	if o.jobTime {
		p.time, p.jobTime = v[vJobTime], true
	}
	// Bought or rented (money.rent: capex the storage, opex the rent), the
	// estimate's own figures.
	p.capex, p.total = v[vCapex], v[vTotal]
	if s.IsProject() {
		// A run's time with failures; bought, what the project pays for
		// holding and running the systems; rented, the instances' rent for
		// the project (cost.rent).
		p.time, p.jobTime = v[vRunTime], true
		if o.acquire == "buy" {
			p.perYear = v[vElectricity] + v[vSupport]
		} else {
			p.perYear = p.total - p.capex
		}
		return p, true
	}
	p.perYear = v[vOpex]
	return p, true
}

// describe makes a plan the answer shows: every number a quantity, and the
// constraint that binds.
func (lim planLimits) describe(p planPoint) Point {
	o, s := p.o, p.o.s
	sys, w := s.Systems[0], s.Workloads[0]
	at := " with team.target_days = " + strconv.FormatFloat(p.deadline/estimator.Day, 'g', 6, 64)
	id := func(name string) string {
		return "plan." + o.id + ".n" + strconv.FormatFloat(p.count, 'f', -1, 64) + "." + name
	}
	cur := estimator.Unit(s.Currency())
	out := Point{Option: o.id, Label: o.label, Acquire: o.acquire, System: o.catalog, GPU: o.gpu, Precision: o.prec}
	out.SizedFor = planQuantity(id("sized_for"), estimator.Text{EN: "Target the plan was sized for", JA: "プランを見積もった目標日数"}, estimator.Seconds, p.deadline, "team.target_days * DAY of the plan's estimate")
	out.Count = planQuantity(id("count"), estimator.Text{EN: "Systems or instances", JA: "台数"}, estimator.Count, p.count, "team."+w.ID+".systems_to_buy."+sys.ID+at)
	out.GPUsPerSystem = planQuantity(id("gpus_per_system"), estimator.Text{EN: "GPUs per system or instance", JA: "1 台あたりの GPU 数"}, estimator.Count, sys.GPUs, "systems[0].gpus")
	out.GPUs = planQuantity(id("gpus"), estimator.Text{EN: "GPUs", JA: "GPU 数"}, estimator.Count, p.gpus, "count * gpus_per_system")
	out.GPUs.SetExpr("{" + out.Count.ID + "} * {" + out.GPUsPerSystem.ID + "}")
	out.Storage = planQuantity(id("storage"), o.calc.Label("cost.storage"), cur, p.storage, "cost.storage"+at)
	// What the team keeps busy of what it buys or rents: the rest is the
	// rounding up to whole systems or instances.
	out.Utilisation = planQuantity(id("utilisation"), estimator.Text{EN: "Utilisation: the systems the team needs over those bought or rented", JA: "稼働率: チームが必要とする台数 ÷ 購入またはレンタルする台数"}, estimator.Share,
		p.needed/p.count, "team."+w.ID+".systems."+sys.ID+at+" / count")
	formula := "team.target_days * DAY: linear scaling meets the target exactly"
	if p.jobTime {
		formula = "train." + w.ID + ".job_time." + sys.ID + at
	}
	out.TimePerRun = planQuantity(id("time_per_run"), estimator.Text{EN: "Time per run", JA: "1 回の学習時間"}, estimator.Seconds, p.time, formula)
	out.Power = planQuantity(id("power"), estimator.Text{EN: "Maximum power, cooling included", JA: "最大消費電力（冷却込み）"}, estimator.Watts, p.power, "count * cost.system_power * money.pue")
	out.EnergyPerRun = planQuantity(id("energy_per_run"), estimator.Text{EN: "Energy of one run", JA: "学習 1 回の消費電力量"}, estimator.Joules, p.energy, "energy.per_run"+at)
	if g, ok := hardware.GridByID(s.Money.GridRegion); ok {
		out.Grid = g.ID
	}
	out.CO2PerRun = planQuantity(id("co2_per_run"), estimator.Text{EN: "CO2 of one run", JA: "学習 1 回の CO2 排出量"}, estimator.Kilograms, p.co2Run, "co2.per_run"+at)
	out.CO2 = planQuantity(id("co2"), o.calc.Label(co2Horizon(s)), estimator.Kilograms, p.co2, co2Horizon(s)+at)
	// The estimate's source names the grid and cites it.
	out.CO2PerRun.Source, out.CO2.Source = o.calc.Source("co2.per_run"), o.calc.Source(co2Horizon(s))
	if o.acquire == "buy" {
		price := planQuantity(id("system_price"), estimator.Text{EN: "Price of one system", JA: "1 台の価格"}, cur, p.unitPrice, "cost.system_price")
		power := planQuantity(id("system_power"), estimator.Text{EN: "Maximum power of one system", JA: "1 台の最大消費電力"}, estimator.Watts, p.unitPower, "cost.system_power")
		out.SystemPrice, out.SystemPower = &price, &power
		// cost.capex and cost.opex_per_year, their parts written out over
		// the plan's own count and unit figures.
		out.Capex = planQuantity(id("capex"), estimator.Text{EN: "Capital expense", JA: "設備投資額"}, cur, p.capex,
			"count * (system_price + money.network_per_system) + storage: cost.capex"+at)
		out.Capex.SetExpr("{" + out.Count.ID + "} * ({" + price.ID + "} + {money.network_per_system}) + {" + out.Storage.ID + "}")
		out.PerYear = planQuantity(id("per_year"), estimator.Text{EN: "Operating expense per year", JA: "年間運用費"}, cur, p.perYear,
			"count * system_power * money.load_factor * money.pue * 365 * DAY / 3600000 * money.price_per_kwh + capex * money.support_percent_per_year / 100: cost.opex_per_year"+at)
		out.PerYear.SetExpr("{" + out.Count.ID + "} * {" + power.ID + "} * {money.load_factor} * {money.pue} * 365 * DAY / 3600000 * {money.price_per_kwh} + {" +
			out.Capex.ID + "} * {money.support_percent_per_year} / 100")
		out.Total = planQuantity(id("total"), estimator.Text{EN: "Total over the depreciation period", JA: "償却期間の総額"}, cur, p.total, "cost.tco"+at)
	} else {
		out.Provider, out.Instance, out.Term = o.offer.Provider, o.offer.Instance, string(o.term)
		out.PriceSource, out.PriceAsOf = o.offer.Source, o.offer.AsOf
		out.Stale = stale(o.offer.AsOf, lim.asOf)
		rate := planQuantity(id("per_gpu_hour"), estimator.Text{EN: "Price per GPU-hour", JA: "GPU 時間単価"}, cur, s.Money.CloudPerGPUHour,
			"money.cloud_per_gpu_hour: the offer's "+string(o.term)+" USD price * money.per_usd")
		out.PerGPUHour = &rate
		out.Capex = planQuantity(id("capex"), estimator.Text{EN: "Capital expense (shared storage)", JA: "設備投資額（共有ストレージ）"}, cur, p.capex, "storage")
		out.Capex.SetExpr("{" + out.Storage.ID + "}")
		// cost.cloud_per_year over the plan's count and price: on demand
		// bills the hours used (money.utilisation), a commitment every hour.
		use, useExpr := " * money.utilisation", " * {money.utilisation}"
		if o.term != hardware.OnDemand {
			use, useExpr = "", ""
		}
		out.PerYear = planQuantity(id("per_year"), estimator.Text{EN: "Rent per year", JA: "年間賃料"}, cur, p.perYear,
			"count * gpus_per_system * 365 * DAY"+use+" / HOUR * per_gpu_hour: cost.cloud_per_year"+at+", money.cloud_per_gpu_hour = the offer's "+string(o.term)+" price")
		out.PerYear.SetExpr("{" + out.Count.ID + "} * {" + out.GPUsPerSystem.ID + "} * 365 * DAY" + useExpr + " / HOUR * {" + rate.ID + "}")
		out.Total = planQuantity(id("total"), estimator.Text{EN: "Total over the depreciation period", JA: "償却期間の総額"}, cur, p.total, "capex + per_year * money.depreciation_years")
		// The price's own source and date travel with the figures it makes,
		// so every output (the CSV too) shows a stale one.
		price := estimator.Text{EN: "; price: " + o.offer.Source + ", " + o.offer.AsOf, JA: "。価格: " + o.offer.Source + "、" + o.offer.AsOf}
		if out.Stale {
			price = price.With(", over 12 months before the plan's as-of date", "（計画の基準日より 12 か月以上前）")
		}
		for _, q := range []*estimator.Quantity{out.PerGPUHour, &out.PerYear, &out.Total} {
			q.Source.EN, q.Source.JA = q.Source.EN+price.EN, q.Source.JA+price.JA
		}
	}
	out.Total.SetExpr("{" + out.Capex.ID + "} + {" + out.PerYear.ID + "} * {money.depreciation_years}")
	if s.IsProject() {
		projectWords(&out, o, s)
	}
	if e := p.ends; e != nil {
		for _, r := range []struct {
			q      *estimator.Quantity
			lo, hi float64
		}{{&out.Count, e[0].count, e[1].count}, {&out.GPUs, e[0].gpus, e[1].gpus}, {&out.TimePerRun, e[0].time, e[1].time},
			{&out.Capex, e[0].capex, e[1].capex}, {&out.PerYear, e[0].perYear, e[1].perYear}, {&out.Total, e[0].total, e[1].total},
			{&out.Power, e[0].power, e[1].power}, {&out.EnergyPerRun, e[0].energy, e[1].energy},
			{&out.CO2PerRun, e[0].co2Run, e[1].co2Run}, {&out.CO2, e[0].co2, e[1].co2}} {
			if r.lo != r.hi {
				r.q.P10, r.q.P90 = min(r.lo, r.hi), max(r.lo, r.hi)
			}
		}
	}
	lim.judge(&out, p)
	return out
}

// projectWords relabels a project's plan: its costs are the project's, not
// a year's or a depreciation period's.
func projectWords(out *Point, o *planOption, s *estimator.Scenario) {
	runs := s.Project.RunsWords()
	total := estimator.Text{EN: "Cost of the project (" + runs.EN + ")", JA: "プロジェクトの費用（" + runs.JA + "）"}
	out.Total.Label.EN, out.Total.Label.JA, out.Total.Expr, out.Total.Inputs = total.EN, total.JA, "", nil
	out.PerYear.Expr, out.PerYear.Inputs = "", nil
	if o.acquire == "buy" {
		out.Total.Formula = "cost.own: depreciation for the project's duration (money.residual) + its electricity + its support"
		out.PerYear.Label.EN, out.PerYear.Label.JA = "Electricity and support for the project", "プロジェクトの電気代と保守費"
		out.PerYear.Formula = "cost.power_project + cost.support_project"
		return
	}
	out.PerYear.Label.EN, out.PerYear.Label.JA = "Rent for the project", "プロジェクトの賃料"
	out.PerYear.Formula = "project GPU-hours * per_gpu_hour (on demand), or count * gpus_per_system * max(project.duration, the term) / HOUR * per_gpu_hour (a commitment bills its whole term)"
	out.Total.Formula = "capex (shared storage) + the rent for the project"
}

// co2Horizon is the id of the CO2 over the running horizon: the year's for
// a team, the project's for a project.
func co2Horizon(s *estimator.Scenario) string {
	if s.IsProject() {
		return "co2.project"
	}
	return "co2.per_year"
}

func planQuantity(id string, label estimator.Text, unit estimator.Unit, v float64, formula string) estimator.Quantity {
	return estimator.Quantity{ID: id, Label: label, Value: numtext.NoNegativeZero(v), Unit: unit, Formula: formula,
		Source: srcPlanner}
}

var srcPlanner = estimator.Text{EN: "trainscale planner: the forward estimate of a one-system copy of the scenario, at the deadline shown",
	JA: "trainscale プランナー: シナリオを 1 システムに絞った複製の順方向の見積もり（示した期限で）"}

// stale reports a price published more than staleMonths before asOf.
func stale(published string, asOf civil.Date) bool {
	t, ok := civil.Parse(published)
	return !ok || t.AddMonths(staleMonths) < asOf
}

// breakEven sets, on each option sized for the deadline, how long it must be
// used before buying beats renting: capex / (rent per year - opex per year)
// of the buy option and the cheapest rent option of the same catalog system.
func breakEven(options []Point) {
	// Paired by catalog system and precision: the same hardware doing the
	// same work.
	key := func(p Point) string { return p.System + " " + p.Precision }
	buy := map[string]int{}
	rent := map[string]int{}
	for i, p := range options {
		k := key(p)
		switch {
		case p.Acquire == "buy":
			if _, ok := buy[k]; !ok {
				buy[k] = i
			}
		default:
			if j, ok := rent[k]; !ok || p.PerYear.Value < options[j].PerYear.Value {
				rent[k] = i
			}
		}
	}
	for i := range options {
		p := &options[i]
		bi, okB := buy[key(*p)]
		ri, okR := rent[key(*p)]
		if p.Acquire == "rent" {
			ri = i
		}
		if !okB || !okR {
			continue
		}
		b, r := options[bi], options[ri]
		gain := r.PerYear.Value - b.PerYear.Value
		if !(gain > 0) {
			continue
		}
		q := planQuantity("plan."+p.Option+".break_even", estimator.Text{EN: "Use after which buying beats renting", JA: "購入が賃借より安くなる利用期間"}, estimator.Seconds,
			b.Capex.Value/gain*estimator.Year, b.Capex.ID+" / ("+r.PerYear.ID+" - "+b.PerYear.ID+") * 365 * DAY")
		p.BreakEven = &q
	}
}

// A check is one constraint applied to one plan: value against limit, where
// more is worse.
type check struct {
	path         string
	value, limit float64
}

// checks lists the constraints: every limit set, the deadline and the GPU
// cap always, in the same order for every plan. A rented plan draws no site
// power (the provider's), so the power cap sees 0 for it.
func (lim planLimits) checks(p planPoint, deadline bool) []check {
	var out []check
	if deadline {
		out = append(out, check{"plan.deadline_days", p.time, lim.deadline})
	}
	if lim.capex > 0 {
		out = append(out, check{"plan.capex_budget", p.capex, lim.capex})
	}
	if lim.tco > 0 {
		out = append(out, check{"plan.tco_budget", p.total, lim.tco})
	}
	if lim.power > 0 {
		site := p.power
		if p.o != nil && p.o.acquire == "rent" {
			site = 0
		}
		out = append(out, check{"plan.power_kw", site, lim.power})
	}
	if lim.maxSystems > 0 {
		out = append(out, check{"plan.max_systems", p.count, lim.maxSystems})
	}
	return append(out, check{"plan.max_gpus", p.gpus, lim.maxGPUs})
}

// met allows for the rounding of a deadline that was met exactly.
func (c check) met() bool      { return c.value <= c.limit*(1+1e-9) }
func (c check) slack() float64 { return 1 - c.value/c.limit }

// meetsAll reports whether p keeps every constraint.
func (lim planLimits) meetsAll(p planPoint) bool {
	for _, c := range lim.checks(p, true) {
		if !c.met() {
			return false
		}
	}
	return true
}

// withinBudgets is every constraint but the deadline.
func (lim planLimits) withinBudgets(p planPoint) bool {
	for _, c := range lim.checks(p, false) {
		if !c.met() {
			return false
		}
	}
	return true
}

// judge marks whether p meets every constraint, and which binds: the one it
// breaks by most, or else the one with the least room left.
func (lim planLimits) judge(out *Point, p planPoint) {
	cs := lim.checks(p, true)
	out.MeetsAll = lim.meetsAll(p)
	bind := cs[0]
	for _, c := range cs {
		if c.slack() < bind.slack() {
			bind = c
		}
	}
	out.Binding, out.Slack = bind.path, bind.slack()
	label, _ := p.o.s.PlanField(bind.path)
	share := func(v float64, lang estimator.Lang) string {
		return present.Format(v, estimator.Share, p.o.s.Units, lang)
	}
	switch over := -out.Slack; {
	case 1+over >= present.MultipleFrom:
		// What the plan needs reads as a multiple of the limit: 701x, not 70000% over.
		out.Why = estimator.Text{EN: label.EN + " is broken: the plan needs " + share(1+over, estimator.English) + " it",
			JA: label.JA + "の " + share(1+over, estimator.Japanese) + "が必要です"}
	case over > 0:
		out.Why = estimator.Text{EN: label.EN + " is broken: " + share(over, estimator.English) + " over", JA: label.JA + "を " + share(over, estimator.Japanese) + " 超えています"}
	default:
		out.Why = estimator.Text{EN: label.EN + " binds: " + share(out.Slack, estimator.English) + " of it left", JA: label.JA + "が制約です（残り " + share(out.Slack, estimator.Japanese) + "）"}
	}
}

// constraints lists the limits set, deadline first.
func (lim planLimits) constraints(s *estimator.Scenario) []Constraint {
	var out []Constraint
	for _, c := range lim.checks(planPoint{}, true) {
		label, unit := s.PlanField(c.path)
		out = append(out, Constraint{Path: c.path, Limit: planQuantity("plan.limit."+strings.TrimPrefix(c.path, "plan."), label, unit, c.limit, "{"+c.path+"}")})
	}
	return out
}

// shortfalls names each constraint that alone leaves no plan, with the
// least the plans meeting every other one need; when none does alone, the
// constraints the closest plan breaks, and that plan's label.
func (lim planLimits) shortfalls(all []planPoint, s *estimator.Scenario) (out []Shortfall, closestLabel *estimator.Text) {
	limits := lim.constraints(s)
	for ci, con := range limits {
		var bestC *check
		var bestP planPoint
		for _, p := range all {
			cs := lim.checks(p, true)
			ok := true
			for j, c := range cs {
				if j != ci && !c.met() {
					ok = false
				}
			}
			if ok && (bestC == nil || cs[ci].value < bestC.value) {
				c := cs[ci]
				bestC, bestP = &c, p
			}
		}
		if bestC == nil {
			continue
		}
		out = append(out, shortfall(con, *bestC, bestP))
	}
	if len(out) > 0 || len(all) == 0 {
		slices.SortStableFunc(out, func(a, b Shortfall) int { return cmp.Compare(a.Over, b.Over) })
		return out, nil
	}
	// No constraint alone: the plan that breaks them least, by its worst.
	worst := func(p planPoint) float64 {
		w := math.Inf(-1)
		for _, c := range lim.checks(p, true) {
			w = max(w, -c.slack())
		}
		return w
	}
	closest := all[0]
	for _, p := range all[1:] {
		if worst(p) < worst(closest) {
			closest = p
		}
	}
	for ci, c := range lim.checks(closest, true) {
		if !c.met() {
			out = append(out, shortfall(limits[ci], c, closest))
		}
	}
	return out, &closest.o.label
}

// needWords says what each constraint would have to allow, around the value
// a plan needs: the advice an infeasible plan gives, in both languages.
var needWords = map[string]estimator.Text{
	"plan.deadline_days": {EN: "a deadline of %s or more", JA: "1 回の学習の期限を %s 以上"},
	"plan.capex_budget":  {EN: "a capital budget of at least %s", JA: "設備投資の予算を %s 以上"},
	"plan.tco_budget":    {EN: "a total budget of at least %s", JA: "総予算を %s 以上"},
	"plan.power_kw":      {EN: "a power cap of at least %s", JA: "電力の上限を %s 以上"},
	"plan.max_systems":   {EN: "room for at least %s systems or instances", JA: "台数の上限を %s 以上"},
	"plan.max_gpus":      {EN: "room for at least %s GPUs", JA: "GPU 数の上限を %s 以上"},
}

func shortfall(con Constraint, c check, p planPoint) Shortfall {
	best := con.Limit
	best.ID = "plan.shortfall." + strings.TrimPrefix(c.path, "plan.")
	best.Label.EN, best.Label.JA = "Least that meets the other constraints", "他の制約を満たすプランで最小の値"
	best.Value = c.value
	best.Formula = "the least " + c.path + " among the plans meeting every other constraint (" + p.o.id + ")"
	over := c.value/c.limit - 1
	label := con.Limit.Label
	show := func(v float64, lang estimator.Lang) string {
		return present.Choose(con.Limit.Unit, estimator.Decimal, v, present.Article, lang).Format(v, lang)
	}
	need := func(lang estimator.Lang) string {
		return minfmt.Sprintf(needWords[c.path].In(lang), show(c.value, lang))
	}
	return Shortfall{Path: c.path, Limit: con.Limit, Best: best, Over: over, Option: p.o.id,
		Need: estimator.Text{EN: need("en"), JA: need("ja")},
		Why: estimator.Text{EN: minfmt.Sprintf("%s: the plan closest to it that meets the other constraints, %s, needs %s, against %s",
			label.EN, p.o.label.EN, show(c.value, "en"), show(c.limit, "en")),
			JA: minfmt.Sprintf("%s: 他の制約を満たすプランで最も近い %s でも %s 必要で、上限は %s です",
				label.JA, p.o.label.JA, show(c.value, "ja"), show(c.limit, "ja"))}}
}

// why is the answer in one sentence: the plan chosen and why, or, when none
// meets every constraint, which bind and what would make a plan, said once.
func why(res *Result) estimator.Text {
	n := strconv.Itoa(res.Points)
	switch {
	case res.Cheapest != nil:
		c := res.Cheapest
		return estimator.Text{EN: minfmt.Sprintf("%s is the cheapest of %s plans compared that meets every constraint; %s.", c.Label.EN, n, c.Why.EN),
			JA: minfmt.Sprintf("%s が、比較した %s 通りのプランのうちすべての制約を満たす最も安いプランです。%s。", c.Label.JA, n, c.Why.JA)}
	case len(res.Shortfalls) > 0:
		var en, ja []string
		for _, sf := range res.Shortfalls {
			en, ja = append(en, sf.Need.EN), append(ja, sf.Need.JA)
		}
		if c := res.Closest; c != nil {
			return estimator.Text{EN: minfmt.Sprintf("No plan meets every constraint, nor would relaxing any one of them: the closest (%s) needs %s.", c.EN, strings.Join(en, " and ")),
				JA: minfmt.Sprintf("すべての制約を満たすプランはなく、制約を 1 つ緩めるだけでも足りません。最も近いプラン（%s）には、%sにする必要があります。", c.JA, strings.Join(ja, "、かつ "))}
		}
		return estimator.Text{EN: minfmt.Sprintf("No plan meets every constraint; a plan needs %s.", strings.Join(en, ", or ")),
			JA: minfmt.Sprintf("すべての制約を満たすプランはありません。%sにすればプランがあります。", strings.Join(ja, "、または "))}
	}
	return estimator.Text{EN: "No option could be estimated for this workload (see the skipped options).", JA: "このワークロードを見積もれる選択肢がありません（除外した選択肢を参照）。"}
}

// byCost orders plans by total cost, then time per run, then option and count.
func byCost(a, b planPoint) int {
	return cmp.Or(cmp.Compare(a.total, b.total), cmp.Compare(a.time, b.time), cmp.Compare(a.o.id, b.o.id), cmp.Compare(a.count, b.count))
}

// byTime orders plans by time per run, then cost.
func byTime(a, b planPoint) int {
	return cmp.Or(cmp.Compare(a.time, b.time), byCost(a, b))
}

// best is the first plan by order among those ok keeps.
func best(all []planPoint, ok func(planPoint) bool, order func(a, b planPoint) int) (planPoint, bool) {
	var out planPoint
	found := false
	for _, p := range all {
		if ok(p) && (!found || order(p, out) < 0) {
			out, found = p, true
		}
	}
	return out, found
}

// frontier is the Pareto frontier of total cost against y: walking the plans
// from the cheapest, each that improves on every cheaper one's y.
func frontier(all []planPoint, y func(planPoint) float64) []planPoint {
	sorted := slices.Clone(all)
	slices.SortFunc(sorted, func(a, b planPoint) int {
		return cmp.Or(cmp.Compare(a.total, b.total), cmp.Compare(y(a), y(b)), byCost(a, b))
	})
	var out []planPoint
	bestY := math.Inf(1)
	for _, p := range sorted {
		if y(p) < bestY {
			out = append(out, p)
			bestY = y(p)
		}
	}
	return out
}
