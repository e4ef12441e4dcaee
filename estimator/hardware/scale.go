package hardware

import (
	"math"
	"slices"
)

// Scale is data-parallel training on GPUs spread over systems. Times are
// per step.
type Scale struct {
	GPUs, Systems int
	StepTime      float64
	// ComputeTime is one GPU's own step: arithmetic, memory traffic, overhead.
	ComputeTime     float64
	CommTime        float64 // gradient all-reduce if nothing overlapped
	ExposedCommTime float64 // the part the backward pass could not hide
	InputTime       float64 // host CPUs decoding their share of one system's step
	ImagesPerS      float64 // all GPUs together
	Speedup         float64 // over one GPU in the same kind of system
	Efficiency      float64 // Speedup / GPUs, in (0, 1]
}

// EstimateScale models synchronous data-parallel training of m on gpus
// copies of gpu, packed into ceil(gpus / sys.GPUs) systems like sys:
//
//	step    = max(compute + exposed + 0.2 x input, input)
//	comm    = ring inside a system + ring between systems (hierarchical)
//	exposed = comm - min(Overlap x comm, backward), backward = 2/3 of compute
//	input   = HostDecodeShare x GPUs per system x batch x SampleBytes / (decoders x HostInputRate)
//	decoders = host cores, or min(host cores, ProcessCores x LoaderProcesses x sys.GPUs)
//
// A ring over n GPUs moves 2(n-1)/n of the gradients through each GPU's
// link; on a Shared link (PCIe through the host) all n rings' traffic
// crosses one path, 2(n-1) gradients in all, which is why PCIe servers stop
// gaining after a few GPUs. Between systems every port carries its share.
// Gradients are all-reduced at the precision the memory model stores them
// (fp32, or fp16 for Mixed). Where the GPUs decode (HostDecodeShare 0, as
// with DALI) the host has no input term and the GPUs scale on compute and
// communication alone.
//
// Preconditions: gpus >= 1, batchPerGPU >= 1, sys.GPUs >= 1, and sys's link,
// network and CPU ids in the catalog (an unknown link costs nothing, an
// unknown CPU caps nothing). Otherwise the result is zero.
func EstimateScale(m Model, sys System, gpu GPU, gpus int, p Precision, batchPerGPU int, f Factors) Scale {
	one := EstimateThroughput(m, gpu.Device(), p, batchPerGPU, f)
	if gpus < 1 || sys.GPUs < 1 || one.ImagesPerS == 0 {
		return Scale{}
	}
	perSystem := sys.GPUs
	s := Scale{
		GPUs:        gpus,
		Systems:     (gpus + perSystem - 1) / perSystem,
		ComputeTime: one.stepTime(batchPerGPU),
	}
	local := min(gpus, perSystem)
	grads := m.Params * gradientBytes(p)
	s.CommTime = ringTime(grads, local, sys.IntraLink, 1, f) +
		ringTime(grads, s.Systems, sys.Network, max(sys.NetworkPorts, 1), f)
	backward := 2.0 / 3 * float64(batchPerGPU) * math.Max(one.ComputeTime, one.MemoryTime)
	s.ExposedCommTime = s.CommTime - math.Min(f.Overlap*s.CommTime, backward)
	s.InputTime = inputTime(m, sys, local, batchPerGPU, f)
	s.StepTime = math.Max(s.ComputeTime+s.ExposedCommTime+InputExposed*s.InputTime, s.InputTime)

	input1 := inputTime(m, sys, 1, batchPerGPU, f)
	single := math.Max(s.ComputeTime+InputExposed*input1, input1)
	s.ImagesPerS = float64(gpus*batchPerGPU) / s.StepTime
	s.Speedup = float64(gpus) * single / s.StepTime
	s.Efficiency = s.Speedup / float64(gpus)
	return s
}

// InputExposed is the share of the host's input work per step that does
// not hide behind the GPUs' step even when the host keeps up: the loader
// workers contend with the training processes for the host's cores, memory
// and PCIe (the batch's copy to each GPU, the kernel launches that wait for
// a core). It grows with the GPUs a host feeds and costs most where the step
// is short, which is why a system's speed-up is lower in mixed precision
// than in FP32 on the same host. Fitted to the DGX-1 V100 speed-ups
// (calibration points, FP32 and mixed), not to the held-out DGX A100 ones:
// with the DGX A100's 128 loader processes doing 80 cores' work it gives
// that system 16.9 ms of the 19.6 ms a step its published mixed-precision
// speed-up loses, 6.80x against 6.72x (counted by cores, 10.6 ms and 7.20x).
const InputExposed = 0.2

// gradientBytes is the bytes per parameter of a gradient: the memory model's
// choice, fp16 under Mixed as in the ZeRO paper's accounting. PyTorch's AMP
// keeps fp32 weights and so all-reduces 4 B; counted so, the held-out DGX A100
// mixed speed-up moves only from 6.80x to 6.79x (the ring is 0.8 ms of a
// 113 ms step), so the two models keep one count.
func gradientBytes(p Precision) float64 {
	if p == Mixed {
		return 2
	}
	return 4
}

// ringTime is a ring all-reduce of bytes over n members joined by the
// network id link, each member holding ports of it.
func ringTime(bytes float64, n int, link string, ports int, f Factors) float64 {
	net, ok := NetworkByID(link)
	bw := net.Bandwidth * float64(ports) * f.CommEfficiency
	if n < 2 || !ok || !(bw > 0) {
		return 0
	}
	hops := 2 * float64(n-1)
	volume := hops / float64(n) * bytes
	if net.Shared {
		volume = hops * bytes
	}
	return volume/bw + hops*net.Latency
}

// ProcessCores is the host cores' work one loader process does. The
// calibration points are PyTorch runs on a DGX-1, whose loader ran 8 worker
// processes per GPU, 64 in all, on the host's 40 cores: HostInputRate per
// core is 40/64 of a core's rate per process. A loader with fewer processes
// than that per core decodes less than the host's cores could: the DGX A100's
// PyTorch configuration runs 16 per GPU, 128 processes on 128 cores, so
// they do the work of 80 cores, not 128. That a process decodes as fast on
// either host is the assumption; the published rates bear it out (about 130
// images/s per process at 8 GPUs in mixed precision on both).
const ProcessCores = 40.0 / 64

// inputTime is how long the host of sys takes to decode and augment its
// share of one step's samples for gpus of its GPUs: its cores, or as many
// cores as the system's loader processes do the work of where fewer, each
// at HostInputRate. 0 when its CPU is unknown or the GPUs decode. Like the
// cores, the processes of the whole system serve even one GPU's step.
func inputTime(m Model, sys System, gpus, batch int, f Factors) float64 {
	cpu, ok := CPUByID(sys.CPU)
	decoders := float64(cpu.Cores * cpu.Sockets)
	if f.LoaderProcesses > 0 {
		decoders = math.Min(decoders, ProcessCores*f.LoaderProcesses*float64(sys.GPUs))
	}
	rate := decoders * f.HostInputRate
	if !ok || !(rate > 0) {
		return 0
	}
	return f.HostDecodeShare * float64(gpus*batch) * m.SampleBytes / rate
}

// Sweep evaluates EstimateScale at the GPU counts a plan is read at: powers
// of two up to one system, the full system, then doubling numbers of full
// systems, and maxGPUs itself; ascending, never above maxGPUs.
// Preconditions as EstimateScale, and maxGPUs >= 1.
func Sweep(m Model, sys System, gpu GPU, maxGPUs int, p Precision, batchPerGPU int, f Factors) []Scale {
	per := max(sys.GPUs, 1)
	var counts []int
	for n := 1; n < per && n < maxGPUs; n *= 2 {
		counts = append(counts, n)
	}
	for n := per; n < maxGPUs; n *= 2 {
		counts = append(counts, n)
	}
	if maxGPUs >= 1 {
		counts = append(counts, maxGPUs)
	}
	counts = slices.Compact(counts)
	out := make([]Scale, len(counts))
	for i, n := range counts {
		out[i] = EstimateScale(m, sys, gpu, n, p, batchPerGPU, f)
	}
	return out
}
