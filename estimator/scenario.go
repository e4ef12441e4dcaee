package estimator

import (
	"math"
	"reflect"
	"strconv"
	"sync"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minjson"
)

// SchemaV1 is the only scenario schema this version reads.
const SchemaV1 = "trainscale/v1"

// MaxScenarioBytes bounds what Decode reads, so a stray large file fails fast.
const MaxScenarioBytes = 1 << 20

// Scenario is one sizing question: how much data a fleet collects, how it is
// reduced, which networks train on it, on which systems, for which team. The
// sections follow the article's chain of assumptions.
//
// Field tags: `json` names the field in the file (and in --set paths); a field
// without omitempty is required. `check` lists the rules Validate applies:
// gt0 (> 0), ge=X, le=X, int (whole number), bound=NAME (the row of Bounds,
// expanded to its rules; its upper end is max=X), oneof=a|b, id (a lower-case
// letter or digit, then letters, digits, '-' or '_', at most MaxIDLength
// long: no '.', which joins the parts of quantity ids). A ranged field's
// endpoints keep its rules, and the rules relating fields.
type Scenario struct {
	Schema        string            `json:"schema" check:"oneof=trainscale/v1"`
	Name          string            `json:"name,omitempty"`
	Notes         string            `json:"notes,omitempty"`
	Units         UnitSystem        `json:"units" check:"oneof=binary|decimal"`
	Fleet         *Fleet            `json:"fleet,omitempty"`         // the data a fleet collects, or
	Preprocessing *Preprocessing    `json:"preprocessing,omitempty"` // (with fleet)
	Dataset       *Dataset          `json:"dataset,omitempty"`       // a fixed dataset instead
	Tokens        *Tokenizer        `json:"tokens,omitempty"`        // (with fleet) how a video transformer cuts the kept frames into tokens
	Training      *Training         `json:"training,omitempty"`      // required but for a project of transformers given their tokens
	Workloads     []Workload        `json:"workloads" check:"nonempty"`
	Systems       []System          `json:"systems" check:"nonempty"`
	Team          *Team             `json:"team,omitempty"`    // a standing team kept busy for years, or
	Project       *Project          `json:"project,omitempty"` // a fixed number of training runs
	Host          *Host             `json:"host,omitempty"`    // required with team
	Growth        *Growth           `json:"growth,omitempty"`  // required with team
	Money         *Money            `json:"money,omitempty"`   // the budget: buying, running, renting
	Goodput       *Goodput          `json:"goodput,omitempty"` // time lost to failures at scale
	Factors       *Factors          `json:"factors,omitempty"` // the hardware models' efficiency factors
	ModelError    *ModelError       `json:"model_error,omitempty"`
	Plan          *Plan             `json:"plan,omitempty"`    // constraints for trainscale plan: what to buy or rent
	Sources       map[string]string `json:"sources,omitempty"` // scenario path -> where its value comes from

	// Ranges holds the inputs given as ranges, by path; each field holds the
	// range's likely value or median. Encoding writes them back in place.
	Ranges map[string]Dist `json:"-"`
}

// Dataset is a fixed training set, for teams that size compute for data they
// already have rather than for a fleet's yearly collection.
type Dataset struct {
	Samples  float64 `json:"samples" check:"bound=samples"`
	SampleKB float64 `json:"sample_kb" check:"gt0"` // one stored sample, in the scenario's KB
	// Tokens is the dataset's size in tokens, for transformer workloads.
	Tokens *float64 `json:"tokens,omitempty" check:"bound=tokens"`
}

// Fleet is the data-collection fleet. Give tb_per_hour, or a sensor list to derive it from.
type Fleet struct {
	Cars        float64  `json:"cars" check:"bound=cars"`
	HoursPerDay float64  `json:"hours_per_day" check:"gt0,le=24"`
	DaysPerYear float64  `json:"days_per_year" check:"gt0,le=366"`
	TBPerHour   *float64 `json:"tb_per_hour,omitempty" check:"gt0"` // per car, in the scenario's TB
	Sensors     []Sensor `json:"sensors,omitempty"`
}

// Sensor is one kind of sensor on every car. Cameras are sized from their
// resolution; radar, lidar and anything else from a bit rate.
type Sensor struct {
	Kind         string   `json:"kind" check:"oneof=camera|radar|lidar|other"`
	Count        float64  `json:"count" check:"bound=sensors"`
	Megapixels   *float64 `json:"megapixels,omitempty" check:"gt0"`
	BitsPerPixel *float64 `json:"bits_per_pixel,omitempty" check:"gt0"`
	FPS          *float64 `json:"fps,omitempty" check:"gt0"`
	MbitPerS     *float64 `json:"mbit_per_s,omitempty" check:"gt0"` // decimal megabits per second
}

// Preprocessing reduces raw video before training: resampling and compression.
type Preprocessing struct {
	SourceFPS        float64  `json:"source_fps" check:"gt0"`
	SampledFPS       float64  `json:"sampled_fps" check:"gt0"`
	CompressionRatio float64  `json:"compression_ratio" check:"ge=1"`
	Reduction        *float64 `json:"reduction,omitempty" check:"gt0,le=1"` // overrides sampled/source/compression
}

// Training is how many passes over the processed data one run makes, and how
// a job's speed grows with its GPUs.
type Training struct {
	Epochs float64 `json:"epochs" check:"gt0"`
	// Scaling is "linear" (the article: n GPUs are n times as fast) or
	// "modelled" (all-reduce over the system's links, estimator/hardware).
	Scaling string `json:"scaling" check:"oneof=linear|modelled"`
}

// Workload is one network the team trains: with its measured throughput on one
// reference GPU (the article's Pascal P100), or a catalog model whose throughput
// the roofline model computes for each system's GPU, or both (measured
// throughput, modelled scaling and memory).
type Workload struct {
	ID        string   `json:"id" check:"id"`
	Label     string   `json:"label,omitempty"`                     // default: the catalog model's name, else the id
	MBPerS    *float64 `json:"mb_per_s,omitempty" check:"gt0"`      // in the scenario's MB
	Model     string   `json:"model,omitempty"`                     // catalog model id
	Precision string   `json:"precision,omitempty"`                 // fp32, tf32 or mixed; with model
	Batch     *float64 `json:"batch,omitempty" check:"bound=batch"` // per GPU; default: the largest power of 2 up to 256 that fits
	Optimizer string   `json:"optimizer,omitempty"`                 // sgd (default) or adam, for memory
	SampleKB  *float64 `json:"sample_kb,omitempty" check:"gt0"`     // one stored sample; default: dataset.sample_kb, else the model's
	// Transformer makes the workload a transformer trained on tokens, instead
	// of a network measured in MB/s (mb_per_s, model and their fields).
	Transformer *Transformer `json:"transformer,omitempty"`
}

// System is one kind of server the team could buy. Facts the scenario leaves out
// (GPU memory, host RAM, local SSD) come from the hardware catalog when the id is
// a catalog system.
type System struct {
	ID          string   `json:"id" check:"id"`
	Label       string   `json:"label,omitempty"`
	Catalog     string   `json:"catalog,omitempty"` // catalog system whose facts apply; default: id, when it is one
	GPU         string   `json:"gpu,omitempty"`     // catalog GPU; default: the catalog system's
	CPU         string   `json:"cpu,omitempty"`     // catalog CPU, for a CPU-only system (gpus then counts CPU devices)
	GPUs        float64  `json:"gpus" check:"bound=system_gpus"`
	Speedup     *float64 `json:"speedup,omitempty" check:"gt0"` // per GPU, relative to the reference GPU; with mb_per_s
	GPUMemoryGB *float64 `json:"gpu_memory_gb,omitempty" check:"gt0"`
	HostRAMGB   *float64 `json:"host_ram_gb,omitempty" check:"gt0"`
	LocalSSDTB  *float64 `json:"local_ssd_tb,omitempty" check:"ge=0"`
	Price       *float64 `json:"price,omitempty" check:"ge=0"`   // per system, in money.currency; default: the catalog's list price
	PowerKW     *float64 `json:"power_kw,omitempty" check:"gt0"` // maximum draw; default: the catalog's
}

// Money is what the plan costs: the systems to buy for one workload, what runs
// them, and what renting the same GPU-hours would cost. Every amount is in
// Currency; catalog prices (USD) are converted with PerUSD.
type Money struct {
	Workload           string   `json:"workload" check:"id"`           // the workload that sizes the purchase
	System             string   `json:"system" check:"id"`             // the system bought
	Currency           string   `json:"currency,omitempty"`            // ISO 4217 code; default USD
	PerUSD             *float64 `json:"per_usd,omitempty" check:"gt0"` // currency units per US dollar; required unless USD
	NetworkPerSystem   float64  `json:"network_per_system" check:"ge=0"`
	StoragePerTB       float64  `json:"storage_per_tb" check:"ge=0"` // shared storage, per TB of usable capacity
	StorageReplication float64  `json:"storage_replication" check:"ge=1"`
	SupportPercent     float64  `json:"support_percent_per_year" check:"ge=0,le=100"`
	PricePerKWh        float64  `json:"price_per_kwh" check:"ge=0"`
	PUE                float64  `json:"pue" check:"ge=1,le=5"`
	LoadFactor         float64  `json:"load_factor" check:"gt0,le=1"` // average draw as a fraction of maximum
	Utilisation        float64  `json:"utilisation" check:"gt0,le=1"` // fraction of the year the GPUs are busy
	DepreciationYears  float64  `json:"depreciation_years" check:"gt0,le=20"`
	CloudGPU           string   `json:"cloud_gpu,omitempty"` // catalog GPU rented; taken as as fast as the system's
	CloudPerGPUHour    float64  `json:"cloud_per_gpu_hour" check:"ge=0"`
	// The grid's carbon intensity: a number, or the name of a country or
	// cloud region of the grid table (hardware.Grids), which wins when both
	// are given.
	GridKgCO2PerKWh *float64 `json:"grid_kg_co2_per_kwh,omitempty" check:"ge=0"`
	GridRegion      string   `json:"grid_region,omitempty"`
	// Ask is which figure the proposal asks for (see Answer); unset: the point estimate.
	Ask *Ask `json:"ask,omitempty" check:"oneof=point|p50|p90"`
	// Residual is what bought systems keep of their value after a project:
	// kept (the default: the project pays straight-line depreciation for
	// the time it holds them) or none (it pays the whole capital expense).
	Residual *Residual `json:"residual,omitempty" check:"oneof=kept|none"`
	// Rent, when given, rents the systems instead of buying them: instances
	// of one cloud offer billed at CloudPerGPUHour. A plan loaded from the
	// planner keeps its offer this way, so it reopens as the same answer.
	Rent *Rent `json:"rent,omitempty"`
}

// Rent is the cloud offer a scenario rents its systems from; the capital
// expense is then the shared storage alone, and the rent is the running cost.
type Rent struct {
	Provider string `json:"provider"`
	Instance string `json:"instance"`
	// Term is how the offer bills: on-demand the hours used
	// (money.utilisation of the year), a commitment every hour of its term.
	Term string `json:"term" check:"oneof=on-demand|1-year|3-year"`
}

// termSeconds is how long a commitment bills, 0 for one that bills the
// hours used.
func (r *Rent) termSeconds() float64 {
	switch hardware.Term(r.Term) {
	case hardware.OneYear:
		return Year
	case hardware.ThreeYear:
		return 3 * Year
	}
	return 0
}

// Describe names the offer: "lambda 8x B200 (on-demand)".
func (r *Rent) Describe() string { return r.Provider + " " + r.Instance + " (" + r.Term + ")" }

// Residual is the rule a project's bought systems are charged by.
type Residual string

const (
	ResidualKept Residual = "kept"
	ResidualNone Residual = "none"
)

// residual is money.residual, kept when unset.
func (m *Money) residual() Residual {
	if m.Residual == nil {
		return ResidualKept
	}
	return *m.Residual
}

// Plan holds the constraints of the inverse question (trainscale plan): the
// cheapest systems to buy, or instances to rent, that train plan.workload
// within the deadline, the budgets, the power and the count allowed. Lists
// (gpus, precisions) are comma-separated, so --set takes them as one value.
type Plan struct {
	Workload     string   `json:"workload,omitempty"`                            // default: money.workload
	DeadlineDays *float64 `json:"deadline_days,omitempty" check:"bound=days"`    // per run; default: team.target_days
	CapexBudget  *float64 `json:"capex_budget,omitempty" check:"bound=money"`    // in money.currency
	TCOBudget    *float64 `json:"tco_budget,omitempty" check:"bound=money"`      // over money.depreciation_years
	PowerKW      *float64 `json:"power_kw,omitempty" check:"gt0"`                // site power for bought systems, cooling included
	MaxSystems   *float64 `json:"max_systems,omitempty" check:"bound=systems"`   // systems bought or instances rented
	MaxGPUs      *float64 `json:"max_gpus,omitempty" check:"bound=gpus"`         // default: DefaultMaxGPUs
	GPUs         string   `json:"gpus,omitempty"`                                // allowed catalog GPU ids; default: all
	Generations  string   `json:"generations,omitempty"`                         // allowed GPU architectures; default: all
	Precisions   string   `json:"precisions,omitempty"`                          // allowed precisions; default: the workload's
	Acquire      *string  `json:"acquire,omitempty" check:"oneof=buy|rent|both"` // default: both
	AsOf         string   `json:"as_of,omitempty"`                               // YYYY-MM-DD prices are judged at; default: the caller's today
}

// Goodput prices failures: at thousands of GPUs some fail every day, and each
// failure costs a restart and the work since the last checkpoint.
type Goodput struct {
	FailuresPerGPUYear float64 `json:"failures_per_gpu_year" check:"ge=0"`
	CheckpointHours    float64 `json:"checkpoint_interval_hours" check:"gt0"`
	RestartHours       float64 `json:"restart_hours" check:"ge=0"`
	CheckpointMinutes  float64 `json:"checkpoint_write_minutes" check:"ge=0"` // time each checkpoint stalls training
	// A whole run's other parts, each a share of its steady time; default
	// hardware.DefaultOverheads.
	EvaluationShare *float64 `json:"evaluation_share,omitempty" check:"ge=0,le=1"`
	RampShare       *float64 `json:"ramp_share,omitempty" check:"ge=0,le=1"`
	StragglerShare  *float64 `json:"straggler_share,omitempty" check:"ge=0,le=1"`
	DataStallShare  *float64 `json:"data_stall_share,omitempty" check:"ge=0,le=1"`
	// ReservedShare is the spare GPUs held beside the job's, a share of
	// them: their hours are paid for and their systems bought; default none.
	ReservedShare *float64 `json:"reserved_share,omitempty" check:"ge=0,le=1"`
}

// overheadField is one of the goodput section's overhead shares: the value
// the scenario gives (nil: the default), the share of o it sets, its name.
type overheadField struct {
	given, into *float64
	name        string
}

// overheadFields are the goodput section's overhead shares over o, in
// hardware.Overheads' order.
func (g *Goodput) overheadFields(o *hardware.Overheads) [4]overheadField {
	return [4]overheadField{{g.EvaluationShare, &o.Evaluation, "evaluation_share"}, {g.RampShare, &o.Ramp, "ramp_share"},
		{g.StragglerShare, &o.Stragglers, "straggler_share"}, {g.DataStallShare, &o.DataStalls, "data_stall_share"}}
}

// overheads are the shares of a run's steady time the section gives, the
// defaults where it gives none, and its spare GPUs.
func (g *Goodput) overheads() hardware.Overheads {
	o := hardware.DefaultOverheads
	for _, f := range g.overheadFields(&o) {
		if f.given != nil {
			*f.into = *f.given
		}
	}
	if g.ReservedShare != nil {
		o.Reserved = *g.ReservedShare
	}
	return o
}

// held is the GPUs a run holds over those it trains on (1 + the spare
// GPUs' share): 1 without a goodput section or spares.
func (g *Goodput) held() float64 {
	if g == nil || g.ReservedShare == nil {
		return 1
	}
	return 1 + *g.ReservedShare
}

// reservedExpr is the spare GPUs' share as a formula names it: "" where
// the scenario holds none.
func (g *Goodput) reservedExpr() string {
	if g == nil || g.ReservedShare == nil {
		return ""
	}
	return "{goodput.reserved_share}"
}

// heldExpr multiplies a formula's GPU-hours or systems by the GPUs held:
// "" where the scenario holds no spares.
func (g *Goodput) heldExpr() string {
	if r := g.reservedExpr(); r != "" {
		return " * (1 + " + r + ")"
	}
	return ""
}

// overheadExprs are the overheads as a formula writes them: the field where
// the scenario gives it, else the default as a number.
func (g *Goodput) overheadExprs() [4]string {
	o := hardware.DefaultOverheads
	var exprs [4]string
	for i, f := range g.overheadFields(&o) {
		exprs[i] = strconv.FormatFloat(*f.into, 'g', -1, 64)
		if f.given != nil {
			exprs[i] = "{goodput." + f.name + "}"
		}
	}
	return exprs
}

// Team is who submits training jobs and how fast they must get results.
type Team struct {
	Members        float64 `json:"members" check:"bound=people"`
	ConcurrentJobs float64 `json:"concurrent_jobs" check:"bound=people"`
	TargetDays     float64 `json:"target_days" check:"bound=days"`
}

// Project is what a scenario sizes when it is not a standing team: a fixed
// number of training runs (a pre-training run, a world model's training
// campaign), each by a deadline or on a given job, costed for those runs
// alone. Its frame is the one reverse sizing (trainscale size) answers in.
type Project struct {
	Runs float64 `json:"runs" check:"bound=runs"` // run one after another on the job's systems
	// DeadlineDays is the time one run may take, failures included: the job
	// is the fewest GPUs that meet it. Required unless every workload gives
	// its job's GPUs (transformer.gpus).
	DeadlineDays *float64 `json:"deadline_days,omitempty" check:"bound=days"`
}

// Host sizes the CPU side of a system: RAM as a multiple of the GPUs' memory.
type Host struct {
	RAMFactorLow  float64 `json:"ram_factor_low" check:"gt0"`
	RAMFactorHigh float64 `json:"ram_factor_high" check:"gt0"`
}

// Factors overrides the hardware models' efficiency factors; a field left out
// keeps its calibrated default (hardware.DefaultFactors). `trainscale calibrate
// --measurements` writes this section from your own measurements. The fields
// spell the JSON format; their rules, labels and the matching field of
// hardware.Factors come from hardware.FactorSpecs, by JSON name.
type Factors struct {
	FP32Efficiency    *float64 `json:"fp32_efficiency,omitempty"`
	TF32Efficiency    *float64 `json:"tf32_efficiency,omitempty"`
	MixedEfficiency   *float64 `json:"mixed_efficiency,omitempty"`
	CPUEfficiency     *float64 `json:"cpu_efficiency,omitempty"`
	MemoryEfficiency  *float64 `json:"memory_efficiency,omitempty"`
	StepOverhead      *float64 `json:"step_overhead_s,omitempty"`
	CommEfficiency    *float64 `json:"comm_efficiency,omitempty"`
	Overlap           *float64 `json:"overlap,omitempty"`
	HostInputRate     *float64 `json:"host_input_bytes_per_core_s,omitempty"`
	HostDecodeShare   *float64 `json:"host_decode_share,omitempty"`
	LoaderProcesses   *float64 `json:"host_loader_processes_per_gpu,omitempty"`
	WorkspaceFraction *float64 `json:"workspace_fraction,omitempty"`
}

// factorFields maps hardware.FactorSpecs, in order, to the index of the field
// of Factors with the same JSON name; a test keeps the two in step. Built on
// first use, as factorChecks is, with a sync.Once (not sync.OnceValue, whose
// instantiations the page's module would link for these alone): the page's
// module starts without them.
func factorFields() []int {
	factorFieldsOnce.Do(func() {
		at := map[string]int{}
		for _, f := range fieldsOf(factorsType) {
			at[f.name] = f.index
		}
		factorFieldList = make([]int, len(hardware.FactorSpecs))
		for i, s := range hardware.FactorSpecs {
			factorFieldList[i] = at[s.Name]
		}
	})
	return factorFieldList
}

// factorChecks are the check tags of each factor (see numberRule), from its
// spec; fieldsOf applies them to Factors, whose fields carry none.
func factorChecks() map[string][]string {
	factorChecksOnce.Do(func() {
		factorCheckTags = map[string][]string{}
		for _, s := range hardware.FactorSpecs {
			c := []string{"gt0"} // every factor's Low is 0
			if s.LowIncluded {
				c = []string{"ge=" + strconv.FormatFloat(s.Low, 'g', -1, 64)}
			}
			if s.High < math.MaxFloat64 {
				c = append(c, "le="+strconv.FormatFloat(s.High, 'g', -1, 64))
			}
			factorCheckTags[s.Name] = c
		}
	})
	return factorCheckTags
}

var (
	factorFieldsOnce, factorChecksOnce sync.Once
	factorFieldList                    []int
	factorCheckTags                    map[string][]string
)

// Resolve applies the overrides to the calibrated defaults.
func (f *Factors) Resolve() hardware.Factors {
	if f == nil {
		// Before out exists: the accessors below make it escape, and most
		// scenarios, estimated thousands of times when sampled, set no factor.
		return hardware.DefaultFactors()
	}
	out := hardware.DefaultFactors()
	v, at := reflect.ValueOf(f).Elem(), factorFields()
	for i, s := range hardware.FactorSpecs {
		if set := v.Field(at[i]).Interface().(*float64); set != nil {
			*s.Field(&out) = *set
		}
	}
	return out
}

// FactorsOf is the inverse of Resolve: every factor set explicitly.
func FactorsOf(h hardware.Factors) *Factors {
	out := &Factors{}
	v, at := reflect.ValueOf(out).Elem(), factorFields()
	for i, s := range hardware.FactorSpecs {
		x := *s.Field(&h)
		v.Field(at[i]).Set(reflect.ValueOf(&x))
	}
	return out
}

// Growth projects compute when the dataset grows: n-fold data needs n^exponent
// compute (the article, after Goodfellow et al. 2016, uses 2), for n = 1..factor.
type Growth struct {
	Factor   float64 `json:"factor" check:"int,ge=1,le=1000"`
	Exponent float64 `json:"exponent" check:"ge=0,le=4"`
	// PerYear and Years make a multi-year plan: the data grows PerYear-fold
	// each year, for Years years (with money, each year's systems and cost).
	PerYear *float64 `json:"per_year,omitempty" check:"ge=1,le=100"`
	Years   *float64 `json:"years,omitempty" check:"int,ge=1,le=30"`
}

// currency is the money section's currency code.
func (m *Money) currency() string {
	if m.Currency == "" {
		return "USD"
	}
	return m.Currency
}

// Ask is which figure a proposal asks for: the point estimate, or a
// percentile over the scenario's ranges (money.ask).
type Ask string

const (
	AskPoint Ask = "point" // every input at its likely value or median
	AskP50   Ask = "p50"   // the median over the sampled scenarios
	AskP90   Ask = "p90"   // what nine in ten sampled scenarios stay below
)

// Words names the ask for a reader: "the point estimate", "P90".
func (a Ask) Words() Text { return askWords[a] }

var askWords = map[Ask]Text{
	AskPoint: {"the point estimate", "点推定"},
	AskP50:   {"P50 (the median)", "P50（中央値）"},
	AskP90:   {"P90", "P90"},
}

// Asked is the figure the proposal asks for: money.ask, else the point estimate.
func (m *Money) Asked() Ask {
	if m.Ask == nil {
		return AskPoint
	}
	return *m.Ask
}

// USDRate converts catalog dollars to the scenario's currency.
func (m *Money) USDRate() float64 {
	if m.PerUSD == nil {
		return 1
	}
	return *m.PerUSD
}

// batch is the per-GPU batch: the scenario's, else the largest power of two up
// to 256 that fits the GPU (32 on a CPU, as the RTX 3050 vs CPU study trained).
func (w Workload) batch(m hardware.Model, d device, f hardware.Factors) int {
	switch {
	case w.Batch != nil:
		return int(*w.Batch)
	case d.isCPU:
		return 32
	case w.Model == "":
		return 1
	}
	return hardware.DefaultBatch(m, d.gpu, hardware.Precision(w.Precision), f)
}

// sampleBytes is the size of one stored training sample: the workload's, the
// dataset's, or the catalog model's (an ImageNet JPEG for ImageNet networks).
func (w Workload) sampleBytes(s *Scenario, m hardware.Model) float64 {
	switch {
	case w.SampleKB != nil:
		return *w.SampleKB * s.Units.KB()
	case s.Dataset != nil:
		return s.Dataset.SampleKB * s.Units.KB()
	}
	return m.SampleBytes
}

func (w Workload) optimizer() hardware.Optimizer {
	if w.Optimizer == "adam" {
		return hardware.Adam
	}
	return hardware.SGD
}

// MarshalJSON writes the scenario as a file would hold it, ranges in place.
func (s *Scenario) MarshalJSON() ([]byte, error) {
	type plain Scenario // without this method
	data, err := minjson.Append(nil, (*plain)(s))
	if err != nil || len(s.Ranges) == 0 {
		return data, err
	}
	tree, _, _, err := minjson.Read(data, "")
	if err != nil {
		return nil, err
	}
	for _, path := range sortedPaths(s.Ranges) {
		d, err := s.Ranges[path].MarshalJSON()
		if err != nil {
			return nil, err
		}
		if err := (Override{Path: path, Value: string(d)}).apply(&tree); err != nil {
			return nil, err
		}
	}
	return minjson.Append(nil, tree)
}

// IsProject reports whether the scenario sizes a project of fixed runs
// rather than a standing team.
func (s *Scenario) IsProject() bool { return s.Project != nil }

// Target is the time one run may take, in seconds: team.target_days or
// project.deadline_days; 0 for a project whose jobs are given.
func (s *Scenario) Target() float64 {
	switch {
	case s.Team != nil:
		return s.Team.TargetDays * Day
	case s.Project != nil && s.Project.DeadlineDays != nil:
		return *s.Project.DeadlineDays * Day
	}
	return 0
}

// SetTarget sets the time a run may take, in seconds, where the scenario
// states it: team.target_days, or project.deadline_days.
func (s *Scenario) SetTarget(seconds float64) {
	if s.Team != nil {
		s.Team.TargetDays = seconds / Day
		return
	}
	days := seconds / Day
	s.Project.DeadlineDays = &days
}

// Epochs is training.epochs; a project of transformers given their tokens
// reads no data and has none.
func (s *Scenario) Epochs() float64 {
	if s.Training != nil {
		return s.Training.Epochs
	}
	return 1
}

// Scaling is training.scaling; a project without a training section trains
// transformers only, whose scaling is always modelled.
func (s *Scenario) Scaling() string {
	if s.Training != nil {
		return s.Training.Scaling
	}
	return "modelled"
}

// GrowthFactor is growth.factor, 0 without a growth section (no table of
// growing data).
func (s *Scenario) GrowthFactor() int {
	if s.Growth == nil {
		return 0
	}
	return int(s.Growth.Factor)
}

// HasData reports whether the scenario gives training data (a fleet or a
// dataset); a project of transformers given their tokens needs none.
func (s *Scenario) HasData() bool { return s.Fleet != nil || s.Dataset != nil }

// Horizon is what the scenario's costs cover, in words for a column's head
// or a sentence's end: a team's depreciation period ("over 4 years
// (depreciation)"), a project's runs ("one run", "3 runs").
func (s *Scenario) Horizon() Text {
	if s.Project != nil {
		r := s.Project.RunsWords()
		return Text{"for " + r.EN, r.JA + "分"}
	}
	if s.Money == nil {
		return Text{}
	}
	y := strconv.FormatFloat(s.Money.DepreciationYears, 'f', -1, 64)
	return Text{"over " + y + " years (depreciation)", "償却期間 " + y + " 年"}
}

// TotalID is the id of the total cost the scenario's answer gives, over its
// horizon: a team's total cost of ownership over the depreciation period
// (cost.tco), or what a project costs bought for its runs (cost.own).
func (s *Scenario) TotalID() string {
	if s.IsProject() {
		if s.Money != nil && s.Money.Rent != nil {
			return "cost.rent"
		}
		return "cost.own"
	}
	return "cost.tco"
}

// Name is how people read the workload: its label, else the name of the
// catalog model it trains, else its id. A label names what the scenario's
// author meant; without one the name follows the model, so a workload whose
// model is edited does not go on reading as the model it was.
func (w Workload) Name() string {
	if w.Label != "" {
		return w.Label
	}
	id := w.Model
	if w.Transformer != nil {
		id = w.Transformer.Model
	}
	if name, _, ok := modelIn(w.Transformer != nil, id); ok {
		return name
	}
	return w.ID
}

// Name is how people read the system: its label, else its id.
func (s System) Name() string {
	if s.Label != "" {
		return s.Label
	}
	return s.ID
}
