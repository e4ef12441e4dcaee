package estimator

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
	"github.com/trainscale/trainscale/internal/numtext"
)

// Limits bound the work one request may ask for, so that no scenario, flag or
// link can make any surface (the CLI, the page's wasm instance, a report) run
// for minutes or allocate gigabytes. Every surface checks against these
// constants; none restates them. docs/limits.md lists them.
const (
	// MaxSamples bounds a Monte Carlo run: 1e6 samples of the article take a
	// few seconds and hold one float64 per sample and headline quantity.
	MaxSamples = 1_000_000
	// MaxWorkers bounds the goroutines an uncertainty run starts.
	MaxWorkers = 256
	// MaxErrors is how many problems of one input are reported in full; the
	// rest are counted ("... and 120 more").
	MaxErrors = 50

	// MaxQuantities bounds an estimate's size, which every surface lists in
	// full: the worst scenario it allows (testdata/limits/worst.json) takes
	// 0.13 s and 59 MB natively; a large 2026 plan (20 workloads x 20 systems,
	// growth 10, 10 years) makes about 10,600.
	MaxQuantities = 30_000
	// MaxWorkloads bounds a scenario's workloads: a table or chart with more
	// rows or series is unreadable; a 2026 plan compares about 20.
	MaxWorkloads = 64
	// MaxSystems bounds a scenario's systems, for the same reason.
	MaxSystems = 64
	// MaxSensors bounds a car's sensor list: cars carry a few dozen, and the
	// derived workbook formula must stay under 8,192 characters (64 make 5,222).
	MaxSensors = 64
	// MaxLabelChars bounds a workload's or system's label, which every
	// quantity of that workload or system repeats.
	MaxLabelChars = 80
	// MaxSampleWork bounds a Monte Carlo run: samples times the work of one
	// sample (SampleWork), about 10 ns a unit on one core, so no run of any
	// scenario takes more than about 15 s of CPU.
	MaxSampleWork = 1_500_000_000

	// MaxNesting bounds how deeply any JSON input nests objects and lists: a
	// scenario, a --set value, a prices file, a page request (as text or as
	// a JavaScript object). minjson.MaxDepth, which every reader applies,
	// says why it is this low.
	MaxNesting = minjson.MaxDepth
)

// TooDeep is the error for JSON at path that nests objects and lists deeper
// than MaxNesting.
func TooDeep(path string) *FieldError {
	n := strconv.Itoa(MaxNesting)
	return NewFieldError(path, Text{"must nest objects and lists at most " + n + " levels deep", "オブジェクトとリストの入れ子は " + n + " 段までにしてください"}, nil)
}

// checkWork applies the limits on the work a scenario asks for. It runs on a
// scenario whose fields are each sound.
func checkWork(s *Scenario, errs *errorList) {
	if n := len(s.Workloads); n > MaxWorkloads {
		errs.add("workloads", Text{minfmt.Sprintf("must list at most %d workloads", MaxWorkloads), minfmt.Sprintf("ワークロードは %d 個までにしてください", MaxWorkloads)}, n)
	}
	if n := len(s.Systems); n > MaxSystems {
		errs.add("systems", Text{minfmt.Sprintf("must list at most %d systems", MaxSystems), minfmt.Sprintf("システムは %d 個までにしてください", MaxSystems)}, n)
	}
	if s.Fleet != nil && len(s.Fleet.Sensors) > MaxSensors {
		errs.add("fleet.sensors", Text{minfmt.Sprintf("must list at most %d sensors", MaxSensors), minfmt.Sprintf("センサーは %d 個までにしてください", MaxSensors)}, len(s.Fleet.Sensors))
	}
	for i, w := range s.Workloads {
		checkLabel(minfmt.Sprintf("workloads[%d].label", i), w.Label, errs)
	}
	for i, sys := range s.Systems {
		checkLabel(minfmt.Sprintf("systems[%d].label", i), sys.Label, errs)
	}
	if n := QuantityCount(s); n > MaxQuantities {
		fields := []string{"workloads", "systems", "growth.factor"}
		got, limit := numtext.Grouped(float64(n)), numtext.Grouped(MaxQuantities)
		errs.add(strings.Join(fields, ", "), Text{
			minfmt.Sprintf("the estimate would produce %s quantities, more than the limit of %s; use fewer workloads or systems, or a smaller growth.factor", got, limit),
			minfmt.Sprintf("見積もりの数量が %s 個になり、上限の %s 個を超えます。ワークロードかシステムを減らすか、growth.factor を小さくしてください", got, limit)}, nil)
	}
}

func checkLabel(path, label string, errs *errorList) {
	if n := utf8.RuneCountInString(label); n > MaxLabelChars {
		errs.add(path, Text{minfmt.Sprintf("must be at most %d characters", MaxLabelChars), minfmt.Sprintf("%d 文字以内にしてください", MaxLabelChars)}, n)
	}
}

// QuantityCount is the number of quantities Run(s) returns, exactly, computed
// from the scenario's shape alone: it mirrors compute's loops without their
// arithmetic (TestQuantityCountIsExact holds the two together).
func QuantityCount(s *Scenario) int {
	w, sys := len(s.Workloads), len(s.Systems)
	project, data := s.IsProject(), s.HasData()
	n := 0
	switch {
	case s.Dataset != nil:
		n = 1 // data.processed
	case s.Fleet != nil:
		n = 5 // data.per_car_hour, raw, sampled, reduction, processed
	}
	goodput := 0
	if s.Goodput != nil {
		goodput = 1 // team.<w>.goodput.<s>
	}
	modelled := s.Scaling() == "modelled"
	// gpu_rate, gpu_time, system_time, gpus_per_job, node_read, systems,
	// to_buy, cluster_read; a team's per_member, a project's run_time and
	// gpu_hours.
	perPair := 8 + goodput + 1
	if project {
		perPair++
	}
	if modelled {
		perPair += 3 // system_speedup, efficiency, job_time
	}
	// meets_target: a team's under modelled scaling (and every transformer's);
	// a project's wherever its deadline is given.
	meets := 0
	if !project || s.Project.DeadlineDays != nil {
		meets = 1
	}
	if !project && modelled || project {
		perPair += meets
	}
	transformerPair := transformerPerPair + memoryPerPair - 1 + meets // tp ... systems, to_buy, and per_member or run_time and gpu_hours less one
	if project {
		transformerPair++
	}
	dataTokens := 0
	switch {
	case s.Dataset != nil && s.Dataset.Tokens != nil:
		n++            // data.tokens
		dataTokens = 2 // storage.<w>.node_read_rate.<s>, cluster_read_rate, per transformer pair
	case s.Tokens != nil:
		n += 3 // data.frames, tokens_per_frame, tokens
		dataTokens = 2
	}
	withModel, gpuSystems := 0, 0
	for _, wl := range s.Workloads {
		if wl.Transformer != nil {
			n += transformerPerWorkload + sys*(transformerPair+goodput*(1+len(RunPartWords))+dataTokens)
			continue
		}
		n += sys * perPair
		if wl.MBPerS != nil {
			n += 2 // train.<w>.rate, gpu_time
		}
		if wl.Model != "" {
			withModel++
		}
	}
	for _, sy := range s.Systems {
		if sy.CPU == "" {
			gpuSystems++
		}
	}
	n += sys // host.gpu_memory
	if data {
		n += 3 * sys // storage.local_ssd, fits, shared_read
	}
	if s.Host != nil {
		n += 4 * sys // host.ram_low, ram_high, ram_installed, ram_ok
	}
	n += 2 * withModel * gpuSystems     // memory.<w>.per_gpu.<s>, fits
	n += s.GrowthFactor() * (1 + w*sys) // compute_factor_n<n>, then systems_n<n> per pair
	if s.Money != nil {
		storage := 0
		if data {
			storage = 2 // storage.shared_capacity, cost.storage
		}
		switch {
		case project:
			n += 18 + storage // the cost, energy and CO2 figures of computeMoney and projectMoney
		default:
			n += 21 + storage // those of computeMoney
			if g := s.Growth; g != nil && g.PerYear != nil && g.Years != nil {
				n += 4 * int(*g.Years) // data_factor, systems, capex, opex
			}
		}
	}
	return n
}

// SampleWork is the work of one Monte Carlo sample of s, in units of about
// 10 ns: every quantity once, and a job-size search (tens of scaling-model
// evaluations) for each workload x system pair under modelled scaling.
func SampleWork(s *Scenario) int {
	work := QuantityCount(s)
	if s.Scaling() == "modelled" {
		work += 1000 * len(s.Workloads) * len(s.Systems)
	}
	for _, w := range s.Workloads {
		if w.Transformer != nil && w.Transformer.GPUs == nil {
			// A job sized to the tokens can change with a sample, and a new
			// job is a layout search (about a millisecond); plans are cached
			// by job, and job sizes move in whole systems, so most samples
			// look one up.
			work += 2000 * len(s.Systems)
		}
	}
	return work
}

// MaxSamplesFor is the most Monte Carlo samples s may be run with.
func MaxSamplesFor(s *Scenario) int {
	return max(1, min(MaxSamples, MaxSampleWork/SampleWork(s)))
}

// A Bound is the range one kind of number may take, whichever surface it
// arrives through: a scenario field (whose check tag names the bound:
// `check:"bound=gpus"`), a flag or a request of the page's API (package tool
// checks those with CheckBound). A value is valid or not in one place, so
// --gpus 200000 and transformer.gpus 200000 are refused alike, with the same
// words. The bounds keep every loop of the models and the planner short and
// every integer product of user values far from overflowing; each is a
// hundred or more times what any published run used.
type Bound struct {
	Name string
	Int  bool    // a whole number
	Min  float64 // the least value allowed; with Positive, values must be > Min (= 0)
	Max  float64 // the greatest value allowed
	// Positive makes the least value exclusive: any number > 0 is allowed.
	Positive bool
}

// Shared maxima of the rows below.
const (
	maxLayers  = 1024    // Llama 3.1 405B has 126, PaLM 118
	maxExperts = 1 << 14 // DeepSeek-V3 routes among 256
	maxWidth   = 1 << 20 // widths and batches: Llama 3.1 405B's FFN is 53,248
	maxDays    = 3650    // ten years: past that no plan holds
	maxMoney   = 1e15    // a thousand times the largest clusters announced
)

// Bounds is the table of every bound, by name; docs/limits.md lists it
// (TestDocsListTheBounds holds the two together).
var Bounds = []Bound{
	{Name: "gpus", Int: true, Min: 1, Max: 1 << 17},           // GPUs of one job: 8x Llama 3's 16,384
	{Name: "systems", Int: true, Min: 1, Max: 1 << 17},        // systems bought or rented
	{Name: "system_gpus", Int: true, Min: 1, Max: 1024},       // GPUs in one system (an NVL72 rack has 72)
	{Name: "batch", Int: true, Min: 1, Max: maxWidth},         // samples or sequences per GPU and micro-batch
	{Name: "seq", Int: true, Min: 1, Max: 1 << 24},            // tokens per sequence: 16M, 128x Llama 3.1's context
	{Name: "tokens", Min: 0, Positive: true, Max: 1e18},       // a run's tokens: 25,000x Llama 3's 15.6T
	{Name: "batch_tokens", Min: 0, Positive: true, Max: 1e12}, // tokens per optimizer step: 60,000x Llama 3's 16M
	{Name: "days", Min: 0, Positive: true, Max: maxDays},
	{Name: "money", Min: 0, Positive: true, Max: maxMoney},
	{Name: "gpu_hour_price", Min: 0, Positive: true, Max: 1e6}, // per GPU-hour: 100,000x today's
	{Name: "people", Int: true, Min: 1, Max: 1e6},              // team members and concurrent jobs
	{Name: "runs", Int: true, Min: 1, Max: 1e4},                // a project's training runs, one after another
	{Name: "cars", Int: true, Min: 1, Max: 1e8},
	{Name: "sensors", Int: true, Min: 1, Max: 1000}, // sensors of one kind, or cameras, per car
	{Name: "samples", Int: true, Min: 1, Max: 1e15},
	{Name: "layers", Int: true, Min: 1, Max: maxLayers},
	{Name: "dense_layers", Int: true, Min: 0, Max: maxLayers},
	{Name: "hidden", Int: true, Min: 1, Max: 1 << 18},
	{Name: "heads", Int: true, Min: 1, Max: 1 << 12},
	{Name: "ffn", Int: true, Min: 1, Max: maxWidth},
	{Name: "vocab", Int: true, Min: 0, Max: 1 << 24},
	{Name: "experts", Int: true, Min: 1, Max: maxExperts},
	{Name: "shared_experts", Int: true, Min: 0, Max: maxExperts},
	{Name: "tp", Int: true, Min: 1, Max: 1024},
	{Name: "pp", Int: true, Min: 1, Max: maxLayers},
	{Name: "ep", Int: true, Min: 1, Max: maxExperts},
	{Name: "pixels", Int: true, Min: 1, Max: 1 << 16}, // a frame's width or height
	{Name: "patch", Int: true, Min: 1, Max: 4096},
	{Name: "tubelet", Int: true, Min: 1, Max: 1024},
	{Name: "lora_rank", Int: true, Min: 1, Max: 1 << 16}, // LoRA's rank: QLoRA used 64
}

// BoundOf is the bound with the given name; it panics on a name the table
// lacks, which is a programming error the tests catch.
func BoundOf(name string) Bound {
	for _, b := range Bounds {
		if b.Name == name {
			return b
		}
	}
	panic("estimator: no bound " + name)
}

// Rules are the bound as check tags (int, gt0 or ge=, max=), the form every
// surface that reads rules already knows: the workbook's data validation,
// the page's form, the fields table. max= reads as le= but marks a limit of
// sanity rather than of meaning (a share's le=1): a lognormal range may
// reach toward it, and its samples stop at it.
func (b Bound) Rules() []string {
	var out []string
	if b.Int {
		out = append(out, "int")
	}
	if b.Positive || b.Int && b.Min == 1 { // for whole numbers the same rule, in the words the format has always used
		out = append(out, "gt0")
	} else {
		out = append(out, "ge="+limitText(b.Min))
	}
	return append(out, "max="+limitText(b.Max))
}

// Check returns the rule x breaks, in the words Validate uses for a scenario
// field with this bound, if any; NaN and infinities break the first.
func (b Bound) Check(x float64) (Text, bool) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return notFinite, true
	}
	for _, r := range b.Rules() {
		if rule, bad := numberRule(r, x); bad {
			return rule, true
		}
	}
	return Text{}, false
}

// Allows reports whether x lies within the bound.
func (b Bound) Allows(x float64) bool {
	_, bad := b.Check(x)
	return !bad
}

// CheckBound adds to errs the rule x breaks under the named bound, if any,
// at path (a request's field or a flag's name).
func CheckBound(errs *ErrorList, path, bound string, x float64) {
	if rule, bad := BoundOf(bound).Check(x); bad {
		errs.Add(path, rule, x)
	}
}

// limitText writes a limit as a rule's argument people read: whole numbers
// below a billion in full, larger ones as 1e12.
func limitText(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e9 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strings.Replace(strconv.FormatFloat(x, 'g', -1, 64), "e+", "e", 1)
}
