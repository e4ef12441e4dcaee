package hardware

import "math"

// Optimizer is the update rule, which sets how much state each parameter keeps.
type Optimizer string

const (
	SGD  Optimizer = "sgd"  // with momentum: one extra copy
	Adam Optimizer = "adam" // two extra copies
)

// Memory is what one GPU holds during a training step, in bytes.
type Memory struct {
	Weights, Gradients, Optimizer, Activations, Workspace, Total float64
	Capacity                                                     float64
	Fits                                                         bool
	MaxBatch                                                     int // largest batch that fits; 0 if none
	OverflowBytes                                                float64
	// StreamTimePerStep is the seconds per step to move the overflow out to
	// host memory and back over the GPU's host link (vDNN-style offload).
	StreamTimePerStep float64
}

// maxBatchLimit keeps MaxBatch finite for models whose activations are tiny
// next to the GPU's memory.
const maxBatchLimit = 1 << 20

// EstimateMemory models one GPU's memory in a training step:
//
//	weights     = Params x D x (4 B, or 2 B under Mixed) + block index
//	gradients   = Params x D x (4 B, or 2 B under Mixed)
//	optimizer   = Params x D x (4 B SGD momentum | 8 B Adam) (+4 B fp32 master copy under Mixed)
//	activations = ActivationBytes x batch (x 1/2 under Mixed)
//	workspace   = WorkspaceFraction x the sum above
//
// so fp32 and Mixed both cost 16 B per parameter with Adam, as in the ZeRO
// paper (Rajbhandari et al. 2020). Block sparsity at density D keeps only
// the non-zero blockSize x blockSize blocks (OpenAI block-sparse kernels) and
// adds one 4-byte index per kept block. Activations stay dense.
//
// Preconditions: batch >= 1, 0 < density <= 1 (outside it, density 1),
// blockSize >= 1 when density < 1; any optimizer but Adam counts as SGD.
func EstimateMemory(m Model, g GPU, batch int, p Precision, o Optimizer, density float64, blockSize int, f Factors) Memory {
	if !(density > 0 && density <= 1) {
		density = 1
	}
	width := activationWidth(p)
	kept := m.Params * density
	state := 4.0
	if o == Adam {
		state = 8
	}
	if p == Mixed {
		state += 4
	}
	mem := Memory{
		Weights:   kept * 4 * width,
		Gradients: kept * gradientBytes(p),
		Optimizer: kept * state,
		Capacity:  g.Memory,
	}
	if density < 1 {
		side := float64(max(blockSize, 1))
		mem.Weights += 4 * kept / (side * side)
	}
	fixed := mem.Weights + mem.Gradients + mem.Optimizer
	perSample := m.ActivationBytes * width
	mem.Activations = perSample * float64(max(batch, 0))
	slack := 1 + math.Max(f.WorkspaceFraction, 0)
	mem.Workspace = (slack - 1) * (fixed + mem.Activations)
	mem.Total = fixed + mem.Activations + mem.Workspace
	mem.Fits = mem.Total <= mem.Capacity
	if room := mem.Capacity/slack - fixed; perSample > 0 && room >= perSample {
		mem.MaxBatch = int(math.Min(math.Floor(room/perSample), maxBatchLimit))
	} else if perSample <= 0 && room >= 0 {
		mem.MaxBatch = maxBatchLimit
	}
	if !mem.Fits {
		mem.OverflowBytes = mem.Total - mem.Capacity
		if link, ok := NetworkByID(g.HostLink); ok && link.Bandwidth > 0 {
			mem.StreamTimePerStep = 2 * mem.OverflowBytes / link.Bandwidth
		}
	}
	return mem
}

// DefaultBatch is the largest power of two up to 256 whose training step
// (SGD) fits the GPU's memory, and 1 when even that does not fit.
func DefaultBatch(m Model, g GPU, p Precision, f Factors) int {
	limit := min(EstimateMemory(m, g, 1, p, SGD, 1, 0, f).MaxBatch, 256)
	b := 1
	for b*2 <= limit {
		b *= 2
	}
	return b
}
