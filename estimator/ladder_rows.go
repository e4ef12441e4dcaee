package estimator

import "math"

// A JobLadder is the transformer model's plan of one workload's job on one
// system at each size the team's job sizing can reach, where the scenario
// leaves transformer.gpus out: a surface that lets its reader edit the
// run's tokens or the target picks the job again from these rows, as the
// estimate picked it, without the model.
//
// The estimate's walk starts at Start; then, Steps times, the whole systems
// the run needs at the rate per GPU of the size reached,
//
//	need = min(ceil(tokens / MFUError / rate / (target_days * DAY) / PerSystem) * PerSystem, Max)
//
// replace that size when they are more GPUs than it has; the size reached
// is the job (team.<w>.gpus_per_job.<s>), and its row gives the job's
// layout, memory and MFU (times MFUError). Rows holds Start and every whole
// number of systems above it up to ladderReach times the estimate's job:
// an edit that needs a larger job needs a new run.
type JobLadder struct {
	Workload, System string  // ids, as the quantities name them
	PerSystem        float64 // GPUs of one system: a job is whole systems
	Start            float64 // the fewest GPUs, doubling from one system, that hold the model
	Max              float64 // the largest job the sizing considers
	Steps            int     // the times the walk sizes the job again
	MFUError         float64 // the factor model_error.transformer puts on the modelled MFU (1 unless set)
	Rows             []JobRow
}

// A JobRow is the model's plan of a job of GPUs GPUs: its fastest layout
// that fits, before the model's error factor.
type JobRow struct {
	GPUs, TP, PP, DP float64
	// The rest of the layout, as its quantities give it: EP, CP and
	// Interleave at least 1, Recompute 0 none, 1 selective, 2 full.
	EP, CP, Interleave, MicroBatch, ZeRO, Recompute float64
	MemoryPerGPU                                    float64 // bytes
	// The memory's parts per GPU, bytes, as MemoryParts orders them.
	Weights, Gradients, Optimizer, Activations, Workspace float64
	Fits                                                  float64 // 1 when the layout fits one GPU's memory
	MFU                                                   float64
	TokensPerSecond                                       float64 // per GPU: the rate the walk divides the tokens by
}

// ladderReach is how far above the estimate's job a ladder's rows go: a
// reader's edit of the data, the tokens or the target by up to this factor
// finds its job among them.
const ladderReach = 4

// maxLadderRows bounds a ladder: a job of thousands of systems gets none,
// and a change to what sizes it needs a new run.
const maxLadderRows = 512

// walkSteps is rateSize's count of sizings at the rate of the size reached.
const walkSteps = 4

// JobLadders returns the ladder of every transformer job the estimate sized
// to meet the team's target, by workload then system; none for a project
// (sized with its failures) or a job whose GPUs the scenario gives.
func (e *Estimate) JobLadders() []JobLadder {
	s, hw := e.Scenario, e.calc.hw
	if s.IsProject() {
		return nil
	}
	var out []JobLadder
	for wi, w := range s.Workloads {
		tr := w.Transformer
		if tr == nil || tr.GPUs != nil {
			continue
		}
		mfuError := 1.0
		if tr.MFU == nil {
			mfuError = s.ModelError.factor(errTransformer)
		}
		model := hw.transformerModel(tr, wi)
		for si, sys := range s.Systems {
			job, ok := e.Get("team." + w.ID + ".gpus_per_job." + sys.ID)
			if !ok {
				continue
			}
			key := hw.jobKey(s, wi, si, model)
			// No tokens need no more than the walk's start.
			start := hw.plans.sizeJob(key, hw, si, sys.GPUs, 0, s.Target())
			top := math.Min(math.Ceil(ladderReach*job.Value/sys.GPUs)*sys.GPUs, maxJobGPUs)
			if start.err != nil || (top-float64(start.gpus))/sys.GPUs >= maxLadderRows {
				continue
			}
			l := JobLadder{Workload: w.ID, System: sys.ID, PerSystem: sys.GPUs, Start: float64(start.gpus),
				Max: maxJobGPUs, Steps: walkSteps, MFUError: mfuError, Rows: []JobRow{jobRow(start)}}
			for n := l.Start + sys.GPUs; n <= top; n += sys.GPUs {
				key.gpus = int(n)
				if j := hw.plans.get(key, hw, si); j.err == nil {
					l.Rows = append(l.Rows, jobRow(j))
				} // a size the model cannot plan fails the estimate that reaches it
			}
			out = append(out, l)
		}
	}
	return out
}

func jobRow(j jobPlan) JobRow {
	p := j.plan
	l := p.Layout
	return JobRow{GPUs: float64(j.gpus), TP: float64(l.TP), PP: float64(l.PP), DP: float64(l.DP),
		EP: float64(max(l.EP, 1)), CP: float64(max(l.CP, 1)), Interleave: float64(max(l.Interleave, 1)), MicroBatch: float64(l.MicroBatch),
		ZeRO: float64(l.ZeRO), Recompute: recomputeLevels[l.Recompute],
		MemoryPerGPU: p.Memory.Total, Weights: p.Memory.Weights, Gradients: p.Memory.Gradients, Optimizer: p.Memory.Optimizer,
		Activations: p.Memory.Activations, Workspace: p.Memory.Workspace, Fits: flag(p.Fits), MFU: p.MFU, TokensPerSecond: p.TokensPerSecond / float64(j.gpus)}
}
