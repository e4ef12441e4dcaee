package hardware

import "math"

// Precision is the arithmetic a training run uses.
type Precision string

const (
	FP32  Precision = "fp32"
	TF32  Precision = "tf32"  // fp32 storage, TF32 tensor math where the GPU has it
	Mixed Precision = "mixed" // fp16/bf16 math and activations, fp32 master weights
)

// Factors are the few global efficiencies that turn peak ratings into what
// training reaches. DefaultFactors holds the calibrated values; Fit refits
// the throughput ones to a user's own measurements.
type Factors struct {
	// Fractions of a GPU's peak reached by training's arithmetic, per path.
	FP32Efficiency  float64 `json:"fp32_efficiency"`
	TF32Efficiency  float64 `json:"tf32_efficiency"`
	MixedEfficiency float64 `json:"mixed_efficiency"`
	// CPUEfficiency is the fraction of a CPU's FP32 peak reached in training.
	CPUEfficiency float64 `json:"cpu_efficiency"`
	// MemoryEfficiency is the fraction of memory bandwidth that activation
	// and weight traffic reaches (framework element-wise kernels, not STREAM).
	MemoryEfficiency float64 `json:"memory_efficiency"`
	// StepOverhead is the fixed host-side time per step: kernel launches,
	// input copies, synchronisation, optimizer launches. The host queues
	// kernels ahead of the GPU, so it costs time only where the GPU's own
	// work is shorter (a small model, small images, a small batch).
	StepOverhead float64 `json:"step_overhead_s"`
	// CommEfficiency is the fraction of link bandwidth an all-reduce reaches.
	CommEfficiency float64 `json:"comm_efficiency"`
	// Overlap is the fraction of gradient communication that can hide behind
	// the backward pass (never more than the backward pass itself).
	Overlap float64 `json:"overlap"`
	// HostInputRate is the bytes of stored samples one host CPU core decodes
	// and augments per second; it caps a system's images/s.
	HostInputRate float64 `json:"host_input_bytes_per_core_s"`
	// HostDecodeShare is the share of that decoding the host CPUs do: 1 for
	// a framework's CPU loader (PyTorch's DataLoader, TensorFlow's tf.data),
	// 0 where the GPUs decode (NVIDIA DALI with nvJPEG). The GPUs' own
	// decoding is not charged: no calibration point decodes on the GPUs.
	HostDecodeShare float64 `json:"host_decode_share"`
	// LoaderProcesses is the decoding processes per GPU a loader runs
	// (PyTorch's DataLoader workers); 0: the host's cores decode, however
	// many processes share them (a threaded loader such as tf.data).
	LoaderProcesses float64 `json:"host_loader_processes_per_gpu"`
	// WorkspaceFraction is scratch and allocator slack on top of the memory
	// a step needs.
	WorkspaceFraction float64 `json:"workspace_fraction"`
}

// DefaultLoaderProcesses is the loader DefaultFactors assumes: the common
// setup, PyTorch with torchvision's reference ImageNet script, one process
// per GPU whose DataLoader runs --workers (-j) processes decoding JPEGs with
// PIL on the host; pytorch/vision references/classification/train.py sets
// its default to 16 ("number of data loading workers (default: 16)").
// Calibration predicts each published point with the loader it ran.
const DefaultLoaderProcesses = 16

// DefaultFactors returns the factors calibrated against Measurements, with
// the common framework's loader (DefaultLoaderProcesses, host decoding).
func DefaultFactors() Factors {
	return Factors{
		FP32Efficiency:    0.573,
		TF32Efficiency:    0.1475,
		MixedEfficiency:   0.35,
		CPUEfficiency:     0.04,
		MemoryEfficiency:  0.78,
		StepOverhead:      0.009,
		CommEfficiency:    0.8,
		Overlap:           0.65,
		HostInputRate:     30e6,
		HostDecodeShare:   1,
		LoaderProcesses:   DefaultLoaderProcesses,
		WorkspaceFraction: 0.05,
	}
}

// Device is what the throughput model needs of a GPU or a CPU.
type Device struct {
	ID  string
	CPU bool // a CPU: no launch overhead, CPUEfficiency for all arithmetic
	// Peak FLOP/s per path; TF32 or Mixed at or below FP32 means no faster path.
	FP32, TF32, Mixed float64
	MemBandwidth      float64
}

// Device returns the GPU as a throughput-model device.
func (g GPU) Device() Device {
	return Device{ID: g.ID, FP32: g.FP32, TF32: g.TF32, Mixed: g.Mixed, MemBandwidth: g.MemBandwidth}
}

// Device returns the CPU as a throughput-model device; it computes every
// precision at its FP32 rate.
func (c CPU) Device() Device {
	return Device{ID: c.ID, CPU: true, FP32: c.FP32, MemBandwidth: c.MemBandwidth}
}

// rate is the FLOP/s a device sustains in training at precision p. A path
// no faster than FP32 is the FP32 path and gets FP32's efficiency.
func (d Device) rate(p Precision, f Factors) float64 {
	if d.CPU {
		return d.FP32 * f.CPUEfficiency
	}
	switch {
	case p == TF32 && d.TF32 > d.FP32:
		return d.TF32 * f.TF32Efficiency
	case p == Mixed && d.Mixed > d.FP32:
		return d.Mixed * f.MixedEfficiency
	}
	return d.FP32 * f.FP32Efficiency
}

// activationWidth is the bytes per activation element at p, relative to fp32.
func activationWidth(p Precision) float64 {
	if p == Mixed {
		return 0.5
	}
	return 1
}

const (
	// Training is the forward pass and a backward pass of twice its cost,
	// and a multiply-add is two FLOPs.
	trainFLOPsPerMAC = 3 * 2
	// Each stored activation byte (features and gradient maps, as vDNN counts
	// them) crosses memory about eight times a step: written once and read by
	// the next layer and normalisation forward, then read and written again
	// by the backward pass of each layer that touches it.
	activationPasses = 8
	// Per parameter and step, SGD with momentum moves about 7 fp32 words:
	// weights read forward and backward, gradient written and read, momentum
	// read and written, weights written.
	weightTrafficPerParam = 7 * 4
)

// Throughput is the single-device training rate and where its time goes.
// Times are per sample.
type Throughput struct {
	ImagesPerS   float64
	BytesPerS    float64 // ImagesPerS x Model.SampleBytes
	ComputeTime  float64
	MemoryTime   float64
	OverheadTime float64
	Bound        string // "compute" or "memory": the larger of the two times
}

// EstimateThroughput is the roofline model of one device training m:
//
//	per sample = max(compute, memory, StepOverhead/batch (GPUs only))
//	compute    = 6 x ForwardMACs / (peak(p) x efficiency(p))
//	memory     = (8 x ActivationBytes x width(p) + 28 B x Params / batch)
//	             / (MemBandwidth x MemoryEfficiency)
//
// It never reads the published measurements. Preconditions: batch >= 1 and
// a device with positive peak and bandwidth; otherwise the result is zero.
func EstimateThroughput(m Model, d Device, p Precision, batch int, f Factors) Throughput {
	rate, bw := d.rate(p, f), d.MemBandwidth*f.MemoryEfficiency
	if batch < 1 || !(rate > 0) || !(bw > 0) {
		return Throughput{}
	}
	t := Throughput{
		ComputeTime: trainFLOPsPerMAC * m.ForwardMACs / rate,
		MemoryTime: (activationPasses*m.ActivationBytes*activationWidth(p) +
			weightTrafficPerParam*m.Params/float64(batch)) / bw,
		Bound: "compute",
	}
	if !d.CPU {
		t.OverheadTime = math.Max(f.StepOverhead, 0) / float64(batch)
	}
	if t.MemoryTime > t.ComputeTime {
		t.Bound = "memory"
	}
	perSample := t.TimePerSample()
	if perSample > 0 {
		t.ImagesPerS = 1 / perSample
		t.BytesPerS = t.ImagesPerS * m.SampleBytes
	}
	return t
}

// TimePerSample is the seconds a sample takes: the device's work, or the
// host's per-step overhead where the device finishes first. The framework
// launches kernels asynchronously, so the two overlap; a GPU waits on the
// host only when the host cannot queue a step's kernels as fast as the GPU
// runs them, which is what makes a small batch of small images slower than
// its arithmetic and memory traffic say.
func (t Throughput) TimePerSample() float64 {
	return max(t.ComputeTime, t.MemoryTime, t.OverheadTime)
}

// stepTime is the seconds one device needs for one step of batch samples.
func (t Throughput) stepTime(batch int) float64 {
	return float64(batch) * t.TimePerSample()
}
