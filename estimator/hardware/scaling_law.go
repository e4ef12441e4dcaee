package hardware

import (
	"errors"
	"math"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// Reverse sizing: from GPUs and time to the compute-optimal transformer
// (Hoffmann et al. 2022), the largest transformer the GPUs' memory holds,
// and from a model and a deadline to the fewest GPUs. Every answer is a
// model planned forward by PlanTransformer, so it is what `trainscale
// transformer` would report for the same run.

// ChinchillaTokensPerParam is the compute-optimal training tokens per
// parameter: Hoffmann et al. 2022 (Training Compute-Optimal Large Language
// Models, arXiv 2203.15556), approaches 1 and 2, whose Table 3 gives about
// 20 tokens per parameter at every budget, the rule Chinchilla itself (70B
// parameters on 1.4T tokens) follows. Their approach 3, the parametric loss
// fit E + A/N^alpha + B/D^beta (eq. 10: E 1.69, A 406.4, B 410.7, alpha 0.34,
// beta 0.28), is not used: at Gopher's 5.76e23 FLOPs it puts the optimum at
// about 32B parameters (N = G (C/6)^(beta/(alpha+beta)), G = (alpha A / (beta
// B))^(1/(alpha+beta))), half the model the paper trained, and Besiroglu et
// al. 2024 (Chinchilla Scaling: A replication attempt, arXiv 2404.10102)
// found that fit inconsistent with the paper's own data, their refit
// agreeing with the ~20 tokens per parameter of approaches 1 and 2.
const ChinchillaTokensPerParam = 20

// chinchillaFLOPsPerParamToken is the C = 6ND of Hoffmann et al. 2022
// (section 3, after Kaplan et al. 2020): the budget the rule is stated in.
const chinchillaFLOPsPerParamToken = 6

// ComputeOptimal is the compute-optimal parameters and tokens for a budget
// of flops (counted as 6ND): D = 20N, so N = sqrt(C / (6 x 20)).
func ComputeOptimal(flops float64) (params, tokens float64) {
	params = math.Sqrt(flops / (chinchillaFLOPsPerParamToken * ChinchillaTokensPerParam))
	return params, ChinchillaTokensPerParam * params
}

// ScaleFamily is the catalog model whose proportions a model size outside
// the catalog takes: Llama 3.1 8B. Llama 3.1 is the catalog's newest dense
// language family (8B, 70B, 405B, the shape most dense runs now copy:
// grouped-query attention with 8 key/value heads, a gated feed-forward
// block 3.5x wide, heads of 128), and Llama 3's 405B runs are among those
// the transformer model is fitted to (its 8B's and 70B's GPU-hours, held
// out, it misses most: see docs/transformers.md's calibration table).
// The 8B's depth (hidden/layers = 128) sits between the 70B's (102) and the
// 405B's (130).
const ScaleFamily = "llama-3.1-8b"

// headStep is the head counts ScaleModel takes: multiples of 8, as every
// catalog language model's, so that tensor parallelism can span a system's
// 8 GPUs and the grouped key/value heads divide the query heads.
const headStep = 8

// ScaleModel is a dense language model of about params parameters with
// base's proportions: its head width, feed-forward width per hidden unit,
// hidden units per layer, vocabulary, sequence and embeddings; key/value
// heads as many as the query heads where base has no grouping, else base's
// count (Llama 3 keeps 8 at every size). The heads are a multiple of
// headStep; of those widths, the one
// whose layer count for params keeps base's hidden per layer closest is
// taken, and the layers rounded, so the parameters land within half a layer
// of params.
func ScaleModel(base TransformerModel, params float64) (TransformerModel, error) {
	if base.MoE() || base.Vocab == 0 || base.Layers < 1 || base.Hidden < 1 || base.Heads < 1 {
		return TransformerModel{}, minfmt.Errorf("transformer %q: only a dense language model can lend its proportions", base.ID)
	}
	if !(params <= maxParams) {
		return TransformerModel{}, minfmt.Errorf("transformer %q: %.4g parameters is more than the %g a shape is derived for", base.ID, params, maxParams)
	}
	hd := base.headDim()
	aspect := float64(base.Hidden) / float64(base.Layers)
	ffn := float64(base.FFN) / float64(base.Hidden)
	shape := func(heads, layers int) TransformerModel {
		m := base
		m.Hidden, m.Heads, m.Layers = heads*hd, heads, layers
		m.FFN = int(math.Round(ffn * float64(m.Hidden)))
		m.KVHeads = heads
		if base.KVHeads != base.Heads && heads%base.KVHeads == 0 {
			m.KVHeads = base.KVHeads
		}
		return m
	}
	best, bestMiss := 0, math.Inf(1)
	var bestLayers float64
	for heads := headStep; ; heads += headStep {
		embed, _ := shape(heads, 0).Params()
		one, _ := shape(heads, 1).Params()
		layers := (params - embed) / (one - embed)
		if layers < 1 {
			break // wider only leaves fewer layers
		}
		if miss := math.Abs(math.Log(float64(heads*hd) / layers / aspect)); miss < bestMiss {
			best, bestMiss, bestLayers = heads, miss, layers
		}
	}
	if best == 0 {
		return TransformerModel{}, minfmt.Errorf("transformer %q: no shape of its proportions has as few as %.4g parameters", base.ID, params)
	}
	m := shape(best, max(int(math.Round(bestLayers)), 1))
	total, _ := m.Params()
	m.ID = minfmt.Sprintf("%s-as-%.3gb", base.ID, total/1e9)
	m.Name = minfmt.Sprintf("%.3gB parameters in %s's proportions", total/1e9, base.Name)
	m.PublishedParams, m.PublishedActive = 0, 0 // not published: derived
	m.Source = minfmt.Sprintf("derived (hardware.ScaleModel) from the proportions of %s: %s", base.ID, base.Source)
	return m, nil
}

// Sizing is what the reverse questions hold fixed: the hardware and how it
// trains. The model, its tokens and (for FewestGPUs) the GPU count are the
// answer's.
type Sizing struct {
	// Job gives the GPU, system, links, GPU count, precision, sequence (0:
	// the model's) and global batch; its Model, Tokens, MFU and Layout are
	// not read.
	Job TransformerJob
	// Family lends its proportions to model sizes outside the catalog
	// (ScaleModel); normally ScaleFamily.
	Family   TransformerModel
	Failures Failures // normally LlamaFailures
	Factors  Factors
}

// SizedRun is one model planned forward on some GPUs.
type SizedRun struct {
	Model    TransformerModel `json:"model"`
	Tokens   float64          `json:"tokens"`
	GPUs     int              `json:"gpus"`
	Plan     TransformerPlan  `json:"plan"`
	Goodput  float64          `json:"goodput"`
	WallTime float64          `json:"wall_time_s"` // failures included
}

// Run plans model m on tokens on gpus GPUs of the sizing, at the fastest
// layout that fits; PlanTransformer's errors (a *FitError among them) pass
// through.
func (s Sizing) Run(m TransformerModel, tokens float64, gpus int) (SizedRun, error) {
	j := s.Job
	j.Model, j.Tokens, j.GPUs, j.MFU, j.Layout = m, tokens, gpus, nil, nil
	p, err := PlanTransformer(j, s.Factors)
	if err != nil {
		return SizedRun{}, err
	}
	g := s.Failures.RunShare(float64(gpus))
	return SizedRun{Model: m, Tokens: tokens, GPUs: gpus, Plan: p, Goodput: g, WallTime: p.WallTime / g}, nil
}

// OptimalRun is the compute-optimal model for the sizing's GPUs and a time.
type OptimalRun struct {
	SizedRun
	Seconds float64 `json:"seconds"` // the time the run may take, failures included
	// Utilisation is the share of the GPUs' dense peak spent on 6N FLOPs
	// per token (Chinchilla's count): the largest at which the forward plan
	// of the model it gives runs at least that rate, MFU x 6N / model FLOPs
	// per token.
	Utilisation float64 `json:"utilisation"`
	Compute     float64 `json:"compute_flops"`  // 6ND: GPUs x peak x Utilisation x Seconds x goodput
	Params      float64 `json:"optimal_params"` // N of ComputeOptimal(Compute); Model has about as many
	// MemoryBound says that the GPUs' memory, not the time, bounds the
	// answer: the model a larger budget would buy fits no layout, so the
	// run finishes early.
	MemoryBound bool `json:"memory_bound"`
}

// ErrTooSmall says that a sizing's time does not train a model of
// minParams.
var ErrTooSmall = errors.New("the time does not train a model of a billion parameters")

// ErrBeyondSizes says that an answer would have more parameters than the
// largest size derived (maxParams, 1e14): Optimal takes such a budget as too
// much, LargestFitting returns the largest size with it.
var ErrBeyondSizes = errors.New("more parameters than the 1e14 a shape is derived for")

// minUtilisation is the least rate Optimal considers: below 0.1% of the
// peak a run is not training.
const minUtilisation = 1e-3

// Optimal is the compute-optimal model for training on the sizing's GPUs for
// seconds (failures included). The budget C = GPUs x peak x u x seconds x
// goodput depends, through the model it buys, on the utilisation u the
// model then reaches; Optimal bisects u (in its logarithm, to 1 part in
// 10^5) for the largest at which the forward plan runs at least as fast as
// assumed, so the run meets the time and the budget is the plan's own. It
// returns a *FitError when the compute-optimal model does not fit the GPUs
// at any layout, ErrTooSmall when the time trains no model of minParams.
func (s Sizing) Optimal(seconds float64) (OptimalRun, error) {
	gpus := s.Job.GPUs
	peak := s.Job.GPU.Peak(s.Job.Precision)
	g := s.Failures.RunShare(float64(gpus))
	try := func(u float64) (OptimalRun, float64, error) {
		c := float64(gpus) * peak * u * seconds * g
		n, d := ComputeOptimal(c)
		if n > maxParams {
			return OptimalRun{}, 0, ErrBeyondSizes
		}
		m, err := ScaleModel(s.Family, n)
		if err != nil {
			return OptimalRun{}, 0, err
		}
		r, err := s.Run(m, d, gpus)
		if err != nil {
			return OptimalRun{}, 0, err
		}
		reached := r.Plan.MFU * chinchillaFLOPsPerParamToken * n / r.Plan.ModelFLOPsPerToken
		return OptimalRun{SizedRun: r, Seconds: seconds, Utilisation: u, Compute: c, Params: n}, reached, nil
	}
	// The least budget bisected buys minParams parameters, or more where
	// that is below the least utilisation.
	minCompute := chinchillaFLOPsPerParamToken * ChinchillaTokensPerParam * minParams * minParams
	lo, hi := max(minUtilisation, minCompute/(float64(gpus)*peak*seconds*g)), 2.0 // no run spends twice its peak
	if lo >= hi {
		return OptimalRun{}, ErrTooSmall
	}
	best, reached, err := try(lo)
	if err != nil {
		return OptimalRun{}, err
	}
	if reached < lo {
		return OptimalRun{}, ErrTooSmall
	}
	memoryBound := false // whether hi is a budget whose model fits no layout
	for hi/lo > 1+1e-5 {
		mid := math.Sqrt(lo * hi)
		r, reached, err := try(mid)
		var fit *FitError
		switch {
		case errors.As(err, &fit):
			// The model this budget buys does not fit: the answer is the
			// largest that does, and memory, not time, bounds it.
			hi, memoryBound = mid, true
		case errors.Is(err, ErrBeyondSizes):
			hi, memoryBound = mid, false
		case err != nil:
			return OptimalRun{}, err
		case reached >= mid:
			lo, best = mid, r
		default:
			hi, memoryBound = mid, false
		}
	}
	best.MemoryBound = memoryBound
	return best, nil
}

// LargestFitting is the largest model of the family's proportions whose
// training state and activations fit the sizing's GPUs at some layout (to 1
// part in 10^4 of its parameters), planned on tokens tokens; a *FitError
// when not even minParams fits, the run at maxParams and ErrBeyondSizes
// when that fits.
func (s Sizing) LargestFitting(tokens float64) (SizedRun, error) {
	// try is the run at about n parameters; fitErr its *FitError, if any.
	try := func(n float64) (r SizedRun, fitErr, err error) {
		m, err := ScaleModel(s.Family, n)
		if err != nil {
			return SizedRun{}, nil, err
		}
		r, err = s.Run(m, tokens, s.Job.GPUs)
		var fit *FitError
		if errors.As(err, &fit) {
			return SizedRun{}, err, nil
		}
		return r, nil, err
	}
	lo, hi := minParams, maxParams
	best, fitErr, err := try(lo)
	if fitErr != nil || err != nil {
		return SizedRun{}, errors.Join(fitErr, err)
	}
	if r, fitErr, err := try(hi); err == nil && fitErr == nil {
		return r, ErrBeyondSizes
	}
	for hi/lo > 1+1e-4 {
		mid := math.Sqrt(lo * hi)
		r, fitErr, err := try(mid)
		switch {
		case err != nil:
			return SizedRun{}, err
		case fitErr == nil:
			lo, best = mid, r
		default:
			hi = mid
		}
	}
	return best, nil
}

// The model sizes Optimal and LargestFitting answer with: from a model
// smaller than any worth planning a cluster for to 100 times the largest
// published.
const (
	minParams = 1e9
	maxParams = 1e14
)

// GPUStep is the GPU count the i-th step of FewestGPUs's ladder has: powers
// of two up to one system, then whole systems, as GPUs are bought and
// rented.
func GPUStep(i, perSystem int) int {
	for n := 1; n < perSystem; n *= 2 {
		if i == 0 {
			return n
		}
		i--
	}
	return (i + 1) * perSystem
}

// ErrNoGPUCount says that no GPU count up to the limit meets a deadline.
var ErrNoGPUCount = errors.New("no GPU count up to the limit meets the deadline")

// FewestGPUs is the fewest GPUs of the sizing's kind, on GPUStep's ladder
// up to maxGPUs, that train m on tokens within seconds (failures included),
// and the run on one step fewer (zero when the answer is the first step);
// see WalkLadder.
func (s Sizing) FewestGPUs(m TransformerModel, tokens, seconds float64, maxGPUs int) (run, below SizedRun, err error) {
	j := s.Job
	j.Model, j.Tokens, j.MFU = m, tokens, nil
	floor := MinGPUsWithin(j, seconds, func(n int) float64 { return s.Failures.RunShare(float64(n)) })
	return WalkLadder(max(s.Job.System.GPUs, 1), floor, maxGPUs, func(n int) (SizedRun, bool, error) {
		r, err := s.Run(m, tokens, n)
		var fit *FitError
		if errors.As(err, &fit) {
			return SizedRun{Model: m, Tokens: tokens, GPUs: n}, false, nil // Plan.Fits false
		}
		return r, err == nil && r.WallTime <= seconds, err
	})
}

// MinGPUs is a count below which no layout trains job's tokens within
// seconds: no layout runs the model's FLOPs faster than the matrix
// multiplies' efficiency of the peak (or the job's given MFU), nor holds
// the training state on fewer GPUs than fully partitioned (ZeRO-3), before
// any activation. A model of 1e14 parameters needs 20,000 H100 for the
// latter alone, which a walk need not visit one by one.
func MinGPUs(job TransformerJob, seconds float64) float64 {
	m := job.Model
	seq := job.Seq
	if seq == 0 {
		seq = m.Seq
	}
	rate := matmulEfficiency
	if job.MFU != nil {
		rate = math.Max(rate, *job.MFU)
	}
	floor := job.Tokens * m.TrainingFLOPsPerToken(seq, job.Tuning) / (rate * job.GPU.Peak(job.Precision) * seconds)
	return math.Max(floor, m.StateBytes(job.Tuning)/job.GPU.Memory)
}

// MinGPUsWithin is MinGPUs for a run that trains at the steady rate for
// share(n) of seconds on n GPUs, a share that only falls as GPUs are added
// (failures grow with them). No run trains for more of the time than one
// GPU's share, and no count past a floor keeps more than the floor's own:
// the floor rises to where its own share holds it, which spares a walk
// thousands of counts on a large job. A few rounds come within a GPU of
// that fixed point; past 2^30 GPUs, or at NaN, they stop.
func MinGPUsWithin(job TransformerJob, seconds float64, share func(n int) float64) float64 {
	floor := MinGPUs(job, seconds*share(1))
	for i := 0; i < 8 && floor <= 1<<30; i++ {
		next := MinGPUs(job, seconds*share(int(floor)))
		if next <= floor {
			break
		}
		floor = next
	}
	return floor
}

// WalkLadder is the first count on GPUStep's ladder (per GPUs to a system),
// from floor up to maxGPUs, at which try says the job meets its time, and
// the run at the step below it (zero when the answer is the first step).
// A run's time is not monotone in its GPUs: a count that factors badly
// into TP x PP x DP runs slower than a smaller one (405B on 16,376 H100
// takes 111 days, on 16,368 86), so the ladder is walked upward from the
// last count below the floor, and no count below the answer meets the
// time. Past maxGPUs it returns ErrNoGPUCount; the walk takes at most
// maxGPUs / per steps, whatever the floor.
func WalkLadder(per int, floor float64, maxGPUs int, try func(n int) (SizedRun, bool, error)) (run, below SizedRun, err error) {
	if !(floor <= float64(maxGPUs)) { // NaN too
		return SizedRun{}, SizedRun{}, minfmt.Errorf("%w (%d GPUs)", ErrNoGPUCount, maxGPUs)
	}
	i := 0
	for float64(GPUStep(i+1, per)) < floor {
		i++
	}
	if float64(GPUStep(i, per)) < floor {
		if below, _, err = try(GPUStep(i, per)); err != nil {
			return SizedRun{}, SizedRun{}, err
		}
		i++
	}
	for ; GPUStep(i, per) <= maxGPUs; i++ {
		r, ok, err := try(GPUStep(i, per))
		switch {
		case err != nil:
			return SizedRun{}, SizedRun{}, err
		case ok:
			return r, below, nil
		}
		below = r
	}
	return SizedRun{}, SizedRun{}, minfmt.Errorf("%w (%d GPUs)", ErrNoGPUCount, maxGPUs)
}
