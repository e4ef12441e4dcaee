package hardware

import (
	"cmp"
	"errors"
	"slices"
)

// What a transformer job that does not fit its GPUs' memory is told: which
// part of the memory overflows and the one change that makes it fit at the
// fewest GPU-hours. Every candidate is judged by the model itself: the job
// is copied, one thing changed, and planned again.

// MemoryPart names one part of a GPU's training memory.
type MemoryPart string

const (
	PartWeights     MemoryPart = "weights"
	PartGradients   MemoryPart = "gradients"
	PartOptimizer   MemoryPart = "optimizer"
	PartActivations MemoryPart = "activations"
	PartWorkspace   MemoryPart = "workspace"
)

// MemoryParts lists the parts in the order a stack of them reads, bottom up.
func MemoryParts() []MemoryPart {
	return []MemoryPart{PartWeights, PartGradients, PartOptimizer, PartActivations, PartWorkspace}
}

// Part is the bytes of one part.
func (m TransformerMemory) Part(p MemoryPart) float64 {
	switch p {
	case PartWeights:
		return m.Weights
	case PartGradients:
		return m.Gradients
	case PartOptimizer:
		return m.Optimizer
	case PartActivations:
		return m.Activations
	}
	return m.Workspace
}

// Largest is the part that overflows, as advice names it: the largest.
// Every remedy shrinks a part by a factor (ZeRO the state, recomputation
// the activations, TP all of them), so the largest is where most of the
// overflow is and what a change must go after; "the part whose removal
// would fit" is empty when no part alone is the overflow and ambiguous when
// several are. Ties go to the first of MemoryParts.
func (m TransformerMemory) Largest() MemoryPart {
	best := PartWeights
	for _, p := range MemoryParts() {
		if m.Part(p) > m.Part(best) {
			best = p
		}
	}
	return best
}

// FitChange is the kind of change fit advice tries.
type FitChange string

const (
	ChangeTP        FitChange = "tp"        // the next tensor-parallel width within the NVLink domain
	ChangeZeRO      FitChange = "zero"      // a higher ZeRO stage
	ChangeRecompute FitChange = "recompute" // selective, then full recomputation
	ChangeGPUs      FitChange = "gpus"      // twice the GPUs, and again
	ChangeGPU       FitChange = "gpu"       // a catalog GPU with more memory
)

// FitAdvice is the advice for a job that does not fit.
type FitAdvice struct {
	// Memory is one GPU's memory at the layout that does not fit: the given
	// one, or the search's smallest.
	Memory TransformerMemory
	Layout Layout
	Part   MemoryPart // the part that overflows: Memory.Largest()
	// Change is the change that fits at the fewest GPU-hours, "" where
	// none does; Job is the job it makes and Plan its plan.
	Change FitChange
	Job    TransformerJob
	Plan   TransformerPlan
	// Tried is the changes the job allowed, in the order tried; MostGPUs
	// the most GPUs tried.
	Tried    []FitChange
	MostGPUs int
}

// AdviseFit advises job tj, which does not fit its GPUs at its layout (a
// given whole one) or at any layout the search tries. A layout given whole
// may change its TP, ZeRO stage or recomputation; a searched job already
// tries those, and may change a TP it fixes. Any job may take more GPUs
// (whole doublings, so whole systems stay whole) or the smallest catalog GPU
// with more memory and the precision that fits, in the same system. Of the
// changes that fit, the one with the fewest GPU-hours wins (GPU-seconds per
// token, where the job has no tokens); ties go to the first tried.
// PlanTransformer's other errors are returned.
func AdviseFit(tj TransformerJob, f Factors, maxGPUs int) (FitAdvice, error) {
	var a FitAdvice
	whole := tj.Layout != nil && tj.Layout.Recompute != ""
	p, err := PlanTransformer(tj, f)
	var fit *FitError
	switch {
	case errors.As(err, &fit):
		// The search's smallest layout, evaluated whole for its parts.
		at := tj
		at.Layout = &fit.Layout
		if p, err = PlanTransformer(at, f); err != nil {
			return a, err
		}
	case err != nil:
		return a, err
	}
	a.Memory, a.Layout, a.Part = p.Memory, p.Layout, p.Memory.Largest()
	var best float64 // GPU-seconds per token of a.Plan
	try := func(c FitChange, job TransformerJob) bool {
		p, err := PlanTransformer(job, f)
		if err != nil || !p.Fits {
			return false
		}
		if cost := float64(job.GPUs) / p.TokensPerSecond; a.Change == "" || cost < best {
			a.Change, a.Job, a.Plan, best = c, job, p, cost
		}
		return true
	}
	with := func(l Layout) TransformerJob {
		job := tj
		job.Layout = &l
		return job
	}
	if tj.Layout != nil && (whole || tj.Layout.TP > 0) {
		a.Tried = append(a.Tried, ChangeTP)
		l := *tj.Layout
		for tp := l.TP * 2; tp <= tj.System.NVLinkGPUs(); tp *= 2 {
			n := l
			n.TP = tp
			if whole {
				n.DP = tj.GPUs / (tp * max(n.PP, 1) * max(n.CP, 1))
			}
			if tj.Model.Heads%tp == 0 && tj.GPUs%(tp*max(n.PP, 1)*max(n.CP, 1)) == 0 && try(ChangeTP, with(n)) {
				break
			}
		}
	}
	if whole {
		a.Tried = append(a.Tried, ChangeZeRO, ChangeRecompute)
		for z := tj.Layout.ZeRO + 1; z <= 3; z++ {
			n := *tj.Layout
			n.ZeRO = z
			if try(ChangeZeRO, with(n)) {
				break
			}
		}
		levels := []Recompute{RecomputeNone, RecomputeSelective, RecomputeFull}
		for _, r := range levels[slices.Index(levels, tj.Layout.Recompute)+1:] {
			n := *tj.Layout
			n.Recompute = r
			if try(ChangeRecompute, with(n)) {
				break
			}
		}
	}
	if tj.GPUs*2 <= maxGPUs {
		a.Tried = append(a.Tried, ChangeGPUs)
	}
	for gpus := tj.GPUs * 2; gpus <= maxGPUs; gpus *= 2 {
		a.MostGPUs = gpus
		job := tj
		job.GPUs = gpus
		if whole {
			l := *tj.Layout
			l.DP *= gpus / tj.GPUs
			job.Layout = &l
		}
		if try(ChangeGPUs, job) {
			break
		}
	}
	a.Tried = append(a.Tried, ChangeGPU)
	larger := slices.DeleteFunc(GPUs(), func(g GPU) bool { return g.Memory <= tj.GPU.Memory || g.Peak(tj.Precision) <= 0 })
	slices.SortStableFunc(larger, func(x, y GPU) int { return cmp.Compare(x.Memory, y.Memory) })
	for _, g := range larger {
		job := tj
		job.GPU = g
		if try(ChangeGPU, job) {
			break
		}
	}
	return a, nil
}
