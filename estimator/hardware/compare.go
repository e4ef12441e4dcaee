package hardware

// DeviceComparison is the same training run on a GPU and on a CPU.
type DeviceComparison struct {
	GPUTime, CPUTime float64 // seconds for the whole run
	Speedup          float64 // CPUTime / GPUTime
}

// CompareDevices times epochs passes over samples on g and on c with the
// same throughput model. The speed-up grows with model size because a small
// network leaves the GPU waiting on its per-step overhead and memory, while
// the CPU is compute-bound at a small fraction of its peak throughout.
// Preconditions: samples > 0, epochs >= 1, batch >= 1.
func CompareDevices(m Model, g GPU, c CPU, samples float64, epochs int, p Precision, batch int, f Factors) DeviceComparison {
	gpu := EstimateThroughput(m, g.Device(), p, batch, f).ImagesPerS
	cpu := EstimateThroughput(m, c.Device(), p, batch, f).ImagesPerS
	if !(gpu > 0 && cpu > 0) {
		return DeviceComparison{}
	}
	work := samples * float64(epochs)
	return DeviceComparison{GPUTime: work / gpu, CPUTime: work / cpu, Speedup: gpu / cpu}
}
