package hardware

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var precisions = []Precision{FP32, TF32, Mixed}

func mustModel(t testing.TB, id string) Model {
	m, ok := ModelByID(id)
	require.True(t, ok, id)
	return m
}

func mustGPU(t testing.TB, id string) GPU {
	g, ok := GPUByID(id)
	require.True(t, ok, id)
	return g
}

func mustSystem(t testing.TB, id string) System {
	s, ok := SystemByID(id)
	require.True(t, ok, id)
	return s
}

func TestCalibration(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-16s %-15s %-5s %5s %4s %-14s %12s %12s %8s %-5s\n",
		"model", "device", "prec", "batch", "gpus", "metric", "measured", "predicted", "error", "ok")
	for _, r := range Calibrate(DefaultFactors()) {
		note := ""
		if r.HeldOut {
			note = " (held out)"
		}
		if r.AtLeast {
			note += " (at least)"
		}
		fmt.Fprintf(&b, "%-16s %-15s %-5s %5d %4d %-14s %12.4g %12.4g %+8.3f %-5v%s\n",
			r.Model, r.Device, r.Precision, r.Batch, r.GPUs, r.Metric, r.Value, r.Predicted, r.Error, r.Within, note)
		if !r.HeldOut {
			assert.True(t, r.Within, "%s %s %s %s: measured %g, predicted %g (%s error %+.3f, tolerance %g)",
				r.Model, r.Device, r.Precision, r.Metric, r.Value, r.Predicted, r.ErrorKind, r.Error, r.Tolerance)
		}
	}
	t.Log(b.String())
}

func TestCatalogIntegrity(t *testing.T) {
	type entry struct{ id, source, asOf string }
	catalogs := map[string][]entry{}
	for _, g := range GPUs() {
		catalogs["gpu"] = append(catalogs["gpu"], entry{g.ID, g.Source, g.AsOf})
		_, ok := NetworkByID(g.Link)
		assert.True(t, ok, "gpu %s link %q", g.ID, g.Link)
		_, ok = NetworkByID(g.HostLink)
		assert.True(t, ok, "gpu %s host link %q", g.ID, g.HostLink)
		assert.GreaterOrEqual(t, g.Mixed, g.FP32, g.ID)
	}
	for _, c := range CPUs() {
		catalogs["cpu"] = append(catalogs["cpu"], entry{c.ID, c.Source, c.AsOf})
		assert.InEpsilon(t, float64(c.Cores)*c.ClockHz*c.FlopsPerCycle*float64(c.Sockets), c.FP32, 1e-12, c.ID)
	}
	for _, s := range Systems() {
		catalogs["system"] = append(catalogs["system"], entry{s.ID, s.Source, s.AsOf})
		for kind, ok := range map[string]bool{
			"gpu " + s.GPU:              has(GPUByID, s.GPU),
			"intra link " + s.IntraLink: has(NetworkByID, s.IntraLink),
			"network " + s.Network:      has(NetworkByID, s.Network),
			"cpu " + s.CPU:              s.CPU == "" || has(CPUByID, s.CPU),
		} {
			assert.True(t, ok, "system %s: %s", s.ID, kind)
		}
		assert.Positive(t, s.GPUs, s.ID)
		assert.Positive(t, s.NetworkPorts, s.ID)
	}
	for _, m := range Models() {
		catalogs["model"] = append(catalogs["model"], entry{m.ID, m.Source, m.AsOf})
		assert.True(t, has(DatasetByID, m.Dataset), "model %s dataset %q", m.ID, m.Dataset)
		for _, v := range []float64{m.Params, m.ForwardMACs, m.ActivationBytes, m.SampleBytes} {
			assert.Positive(t, v, m.ID)
		}
	}
	for _, n := range Networks() {
		catalogs["network"] = append(catalogs["network"], entry{n.ID, n.Source, n.AsOf})
		assert.Contains(t, []string{"pcie", "nvlink", "infinity-fabric", "infiniband", "ethernet"}, n.Kind, n.ID)
	}
	for _, d := range Datasets() {
		catalogs["dataset"] = append(catalogs["dataset"], entry{d.ID, d.Source, d.AsOf})
	}
	for kind, entries := range catalogs {
		seen := map[string]bool{}
		for _, e := range entries {
			assert.False(t, seen[e.id], "%s id %q twice", kind, e.id)
			seen[e.id] = true
			assert.NotEmpty(t, e.source, "%s %s source", kind, e.id)
			assert.Equal(t, "2026-11", e.asOf, "%s %s as-of", kind, e.id)
		}
	}
	for _, ids := range [][]string{GPUIDs(), CPUIDs(), SystemIDs(), ModelIDs(), NetworkIDs(), DatasetIDs()} {
		assert.True(t, slices.IsSorted(ids))
	}

	list := GPUs()
	list[0].FP32 = 0
	g, _ := GPUByID(list[0].ID)
	assert.Positive(t, g.FP32, "callers get copies")
}

func has[T any](byID func(string) (T, bool), id string) bool {
	_, ok := byID(id)
	return ok
}

// everyDevice is each catalog GPU and CPU as a throughput device.
func everyDevice() []Device {
	var out []Device
	for _, g := range GPUs() {
		out = append(out, g.Device())
	}
	for _, c := range CPUs() {
		out = append(out, c.Device())
	}
	return out
}

func TestThroughputNeverSlowerWithMoreHardware(t *testing.T) {
	f := DefaultFactors()
	for _, m := range Models() {
		for _, d := range everyDevice() {
			for _, p := range precisions {
				for _, batch := range []int{1, 32, 256} {
					base := EstimateThroughput(m, d, p, batch, f).ImagesPerS
					faster := d
					faster.MemBandwidth *= 2
					assert.GreaterOrEqual(t, EstimateThroughput(m, faster, p, batch, f).ImagesPerS, base, "%s %s %s bandwidth", m.ID, d.ID, p)
					faster = d
					faster.FP32, faster.TF32, faster.Mixed = 2*d.FP32, 2*d.TF32, 2*d.Mixed
					assert.GreaterOrEqual(t, EstimateThroughput(m, faster, p, batch, f).ImagesPerS, base, "%s %s %s peak", m.ID, d.ID, p)
					assert.GreaterOrEqual(t, EstimateThroughput(m, d, p, 2*batch, f).ImagesPerS, base, "%s %s %s batch", m.ID, d.ID, p)
				}
			}
		}
	}
}

func TestNoNaNOrInf(t *testing.T) {
	f := DefaultFactors()
	finite := func(v float64, what string) {
		t.Helper()
		assert.False(t, math.IsNaN(v) || math.IsInf(v, 0), what)
	}
	for _, m := range Models() {
		for _, g := range GPUs() {
			for _, p := range precisions {
				for _, batch := range []int{1, 32, 256} {
					name := fmt.Sprintf("%s %s %s %d", m.ID, g.ID, p, batch)
					tp := EstimateThroughput(m, g.Device(), p, batch, f)
					assert.Positive(t, tp.ImagesPerS, name)
					for _, v := range []float64{tp.ImagesPerS, tp.BytesPerS, tp.ComputeTime, tp.MemoryTime, tp.OverheadTime} {
						finite(v, name)
					}
					mem := EstimateMemory(m, g, batch, p, Adam, 0.25, 16, f)
					for _, v := range []float64{mem.Weights, mem.Gradients, mem.Optimizer, mem.Activations, mem.Workspace, mem.Total, mem.OverflowBytes, mem.StreamTimePerStep} {
						finite(v, name)
					}
					for _, c := range CPUs() {
						cmp := CompareDevices(m, g, c, 50000, 10, p, batch, f)
						for _, v := range []float64{cmp.GPUTime, cmp.CPUTime, cmp.Speedup} {
							finite(v, name+" vs "+c.ID)
						}
					}
				}
			}
		}
		for _, sys := range Systems() {
			for _, p := range precisions {
				for _, s := range Sweep(m, sys, mustGPU(t, sys.GPU), 1024, p, 32, f) {
					name := fmt.Sprintf("%s %s %s %d GPUs", m.ID, sys.ID, p, s.GPUs)
					for _, v := range []float64{s.StepTime, s.ComputeTime, s.CommTime, s.ExposedCommTime, s.InputTime, s.ImagesPerS, s.Speedup} {
						finite(v, name)
					}
					assert.Greater(t, s.Efficiency, 0.0, name)
					assert.LessOrEqual(t, s.Efficiency, 1+1e-12, name)
				}
			}
		}
	}
}

func TestSpeedupNonDecreasingInsideNVLinkSystem(t *testing.T) {
	f := DefaultFactors()
	for _, sys := range Systems() {
		if link, _ := NetworkByID(sys.IntraLink); link.Kind != "nvlink" {
			continue
		}
		for _, m := range Models() {
			for _, p := range precisions {
				prev := 0.0
				for n := 1; n <= sys.GPUs; n++ {
					s := EstimateScale(m, sys, mustGPU(t, sys.GPU), n, p, 64, f)
					assert.GreaterOrEqual(t, s.Speedup, prev-1e-12, "%s %s %s at %d GPUs", sys.ID, m.ID, p, n)
					prev = s.Speedup
				}
			}
		}
	}
}

// The article: gaming cards on a PCIe bus gain little beyond 2-3 GPUs for a
// network with many parameters per FLOP, while NVLink keeps scaling.
func TestPCIeStallsWhereNVLinkScales(t *testing.T) {
	f := DefaultFactors()
	alexnet := mustModel(t, "alexnet")
	pcie := mustSystem(t, "pcie-server")
	gtx := mustGPU(t, pcie.GPU)
	at := func(sys System, m Model, g GPU, n, batch int) float64 {
		return EstimateScale(m, sys, g, n, FP32, batch, f).Speedup
	}
	s3, s8 := at(pcie, alexnet, gtx, 3, 64), at(pcie, alexnet, gtx, 8, 64)
	assert.Less(t, s8, 3.5, "AlexNet on 8 PCIe GPUs")
	assert.Less(t, s8-s3, 0.5, "little gain from the 4th to the 8th PCIe GPU")

	// The same GPUs and model with NVLink instead of PCIe, and a host fast
	// enough not to matter: the link alone makes the difference.
	nvlink := pcie
	nvlink.IntraLink, nvlink.CPU = "nvlink2", ""
	assert.Greater(t, at(nvlink, alexnet, gtx, 8, 64), 6.5, "AlexNet on 8 NVLink GPUs")

	vgg := mustModel(t, "vgg-16")
	dgx := mustSystem(t, "dgx-1-v100")
	assert.Greater(t, at(dgx, vgg, mustGPU(t, dgx.GPU), 8, 64), 6.5, "VGG-16 on DGX-1 (Volta)")
	assert.Less(t, at(pcie, vgg, gtx, 8, 64), at(dgx, vgg, gtx, 8, 64), "VGG-16 gains less on PCIe than on NVLink")
}

func TestGPUOverCPUGrowsWithModelSize(t *testing.T) {
	f := DefaultFactors()
	g := mustGPU(t, "rtx-3050")
	c, ok := CPUByID("core-i7-12700")
	require.True(t, ok)
	prev := 0.0
	for _, id := range []string{"cifar-small", "resnet-18-cifar", "resnet-50-cifar"} {
		cmp := CompareDevices(mustModel(t, id), g, c, 50000, 10, FP32, 32, f)
		assert.Greater(t, cmp.Speedup, prev, id)
		assert.InEpsilon(t, cmp.CPUTime/cmp.GPUTime, cmp.Speedup, 1e-12, id)
		prev = cmp.Speedup
	}
}

func TestMemory(t *testing.T) {
	f := DefaultFactors()
	vgg, titan := mustModel(t, "vgg-16"), mustGPU(t, "titan-x-maxwell")

	at256 := EstimateMemory(vgg, titan, 256, FP32, SGD, 1, 0, f)
	assert.InEpsilon(t, 28e9, at256.Total, 0.15, "vDNN: ~28 GB at batch 256")
	assert.False(t, at256.Fits)
	assert.InDelta(t, at256.Total-at256.Capacity, at256.OverflowBytes, 1)
	assert.Positive(t, at256.StreamTimePerStep)
	assert.InEpsilon(t, 14e9, EstimateMemory(vgg, titan, 128, FP32, SGD, 1, 0, f).Total, 0.15, "the GPU-memory article: ~14 GB")

	limit := at256.MaxBatch
	require.Positive(t, limit)
	assert.True(t, EstimateMemory(vgg, titan, limit, FP32, SGD, 1, 0, f).Fits)
	assert.False(t, EstimateMemory(vgg, titan, limit+1, FP32, SGD, 1, 0, f).Fits)

	for _, m := range Models() {
		for _, p := range precisions {
			prev := 0.0
			for _, batch := range []int{1, 2, 16, 128, 1024} {
				total := EstimateMemory(m, titan, batch, p, Adam, 1, 0, f).Total
				assert.GreaterOrEqual(t, total, prev, "%s %s batch %d", m.ID, p, batch)
				prev = total
			}
		}
	}

	// ZeRO's accounting: 16 B per parameter for Adam, fp32 or mixed.
	for _, p := range []Precision{FP32, Mixed} {
		mem := EstimateMemory(vgg, titan, 1, p, Adam, 1, 0, f)
		assert.InEpsilon(t, 16*vgg.Params, mem.Weights+mem.Gradients+mem.Optimizer, 1e-12, p)
	}

	dense := EstimateMemory(vgg, titan, 1, FP32, SGD, 1, 0, f)
	sparse8 := EstimateMemory(vgg, titan, 1, FP32, SGD, 0.1, 8, f)
	sparse32 := EstimateMemory(vgg, titan, 1, FP32, SGD, 0.1, 32, f)
	assert.InEpsilon(t, dense.Optimizer*0.1, sparse8.Optimizer, 1e-12, "state scales with density")
	assert.Greater(t, sparse8.Weights, sparse32.Weights, "smaller blocks need more index entries")
	assert.Greater(t, sparse8.MaxBatch, dense.MaxBatch)
	assert.Equal(t, dense, EstimateMemory(vgg, titan, 1, FP32, SGD, 1, 8, f), "block size is moot when dense")

	assert.Equal(t, 64, DefaultBatch(vgg, titan, FP32, f))
	assert.Equal(t, 256, DefaultBatch(mustModel(t, "cifar-small"), titan, FP32, f))
}

func TestFitRecoversFactors(t *testing.T) {
	truth := DefaultFactors()
	truth.FP32Efficiency, truth.TF32Efficiency, truth.MixedEfficiency = 0.45, 0.2, 0.25
	truth.CPUEfficiency, truth.MemoryEfficiency, truth.StepOverhead = 0.05, 0.6, 0.03

	var points []Measurement
	add := func(model, device string, p Precision, batch int) {
		m := Measurement{Model: model, Device: device, Precision: p, Batch: batch, GPUs: 1, Metric: MetricImagesPerS}
		v, err := predict(m, truth)
		require.NoError(t, err)
		m.Value = v
		points = append(points, m)
	}
	add("vgg-16", "v100-sxm2-16gb", FP32, 64)         // compute-bound, FP32
	add("vgg-16", "a100-sxm4-80gb", TF32, 64)         // compute-bound, TF32
	add("vgg-16", "v100-sxm2-16gb", Mixed, 64)        // compute-bound, tensor cores
	add("resnet-50", "h100-sxm", Mixed, 256)          // memory-bound
	add("cifar-small", "v100-sxm2-16gb", FP32, 1)     // overhead-bound
	add("resnet-50-cifar", "core-i7-12700", FP32, 64) // CPU
	add("resnet-18", "a100-sxm4-40gb", Mixed, 32)
	add("inception-v3", "p100-sxm2", FP32, 16)

	got, err := Fit(points, DefaultFactors())
	require.NoError(t, err)
	for name, pair := range map[string][2]float64{
		"fp32":     {truth.FP32Efficiency, got.FP32Efficiency},
		"tf32":     {truth.TF32Efficiency, got.TF32Efficiency},
		"mixed":    {truth.MixedEfficiency, got.MixedEfficiency},
		"cpu":      {truth.CPUEfficiency, got.CPUEfficiency},
		"memory":   {truth.MemoryEfficiency, got.MemoryEfficiency},
		"overhead": {truth.StepOverhead, got.StepOverhead},
	} {
		assert.InEpsilon(t, pair[0], pair[1], 0.01, name)
	}
	assert.Equal(t, DefaultFactors().CommEfficiency, got.CommEfficiency, "factors no point constrains keep their start")

	again, err := Fit(points, DefaultFactors())
	require.NoError(t, err)
	assert.Equal(t, got, again, "deterministic")
}

// The host's per-step overhead runs while the GPU works through its queue:
// it sets the pace only where it is longer than the GPU's own time.
func TestOverheadHidesBehindDeviceWork(t *testing.T) {
	f := DefaultFactors()
	g := mustGPU(t, "rtx-3050").Device()
	big := EstimateThroughput(mustModel(t, "resnet-50"), g, FP32, 256, f)
	assert.Greater(t, max(big.ComputeTime, big.MemoryTime), big.OverheadTime)
	assert.InEpsilon(t, 1/max(big.ComputeTime, big.MemoryTime), big.ImagesPerS, 1e-12, "overhead hidden")

	small := EstimateThroughput(mustModel(t, "cifar-small"), g, FP32, 32, f)
	assert.Greater(t, small.OverheadTime, max(small.ComputeTime, small.MemoryTime))
	assert.InEpsilon(t, 32/f.StepOverhead, small.ImagesPerS, 1e-12, "a step takes the host's time")
}

// A fifth of the host's input work lands on every step, so a system's
// speed-up falls below its GPU count even when the host keeps up, and falls
// further where the step is short (mixed precision).
func TestInputExposedShare(t *testing.T) {
	f := DefaultFactors()
	f.LoaderProcesses = 0 // every core decodes: 16 processes per GPU barely keep up
	m, sys := mustModel(t, "resnet-50"), mustSystem(t, "dgx-a100-640gb")
	g := mustGPU(t, sys.GPU)
	s := EstimateScale(m, sys, g, 8, Mixed, 256, f)
	require.Greater(t, s.ComputeTime+s.ExposedCommTime, s.InputTime, "the host keeps up")
	assert.InEpsilon(t, s.ComputeTime+s.ExposedCommTime+InputExposed*s.InputTime, s.StepTime, 1e-12)
	tf32 := EstimateScale(m, sys, g, 8, TF32, 256, f)
	assert.Less(t, s.Speedup, tf32.Speedup, "mixed precision's shorter step exposes more")
	assert.Less(t, tf32.Speedup, 8.0)
}

// A time to train is the epochs over the model's dataset at the modelled
// rate; without epochs it is an error, not zero.
func TestTimeToTrain(t *testing.T) {
	f := DefaultFactors()
	pt := Measurement{Model: "resnet-50", Device: "v100-sxm2-16gb", Precision: Mixed, Batch: 192, GPUs: 8, System: "dgx-1-v100",
		Epochs: 90, Metric: MetricTimeToTrain, Value: 3 * hour, Tolerance: 0.2}
	got, err := predict(pt, f)
	require.NoError(t, err)
	s := EstimateScale(mustModel(t, "resnet-50"), mustSystem(t, "dgx-1-v100"), mustGPU(t, "v100-sxm2-16gb"), 8, Mixed, 192, f)
	assert.InEpsilon(t, 90*1281167/s.ImagesPerS, got, 1e-12)

	pt.Epochs = 0
	_, err = predict(pt, f)
	assert.ErrorContains(t, err, "epochs")
}

func TestFitRejectsUnusablePoints(t *testing.T) {
	ok := Measurement{Model: "resnet-50", Device: "v100-sxm2-16gb", Precision: FP32, Batch: 64, GPUs: 1, Metric: MetricImagesPerS, Value: 300}
	for name, points := range map[string][]Measurement{
		"none":          nil,
		"speedup":       {{Model: "resnet-50", Device: "v100-sxm2-16gb", Batch: 64, GPUs: 8, System: "dgx-1-v100", Metric: MetricSpeedup, Value: 7}},
		"unknown model": {func() Measurement { m := ok; m.Model = "resnet-1000"; return m }()},
		"zero value":    {func() Measurement { m := ok; m.Value = 0; return m }()},
		"nan value":     {func() Measurement { m := ok; m.Value = math.NaN(); return m }()},
		"zero batch":    {func() Measurement { m := ok; m.Batch = 0; return m }()},
	} {
		_, err := Fit(points, DefaultFactors())
		assert.Error(t, err, name)
	}
}

func BenchmarkThroughput(b *testing.B) {
	m, d, f := mustModel(b, "resnet-50"), mustGPU(b, "v100-sxm2-16gb").Device(), DefaultFactors()
	for b.Loop() {
		EstimateThroughput(m, d, Mixed, 256, f)
	}
}

func BenchmarkScale(b *testing.B) {
	m, sys, f := mustModel(b, "resnet-50"), mustSystem(b, "dgx-1-v100"), DefaultFactors()
	g := mustGPU(b, sys.GPU)
	for b.Loop() {
		EstimateScale(m, sys, g, 256, Mixed, 256, f)
	}
}

func BenchmarkMemory(b *testing.B) {
	m, g, f := mustModel(b, "vgg-16"), mustGPU(b, "titan-x-maxwell"), DefaultFactors()
	for b.Loop() {
		EstimateMemory(m, g, 256, FP32, Adam, 0.5, 16, f)
	}
}

// Where the GPUs decode, the host has no input term: the step is compute and
// exposed communication. A measurement's own decoding condition sets the
// share, whatever the caller's factors say.
func TestGPUDecodeDropsTheHostTerm(t *testing.T) {
	m, sys := mustModel(t, "resnet-50"), mustSystem(t, "dgx-1-v100")
	g := mustGPU(t, sys.GPU)
	host := DefaultFactors()
	gpu := host
	gpu.HostDecodeShare = 0
	h, d := EstimateScale(m, sys, g, 8, Mixed, 256, host), EstimateScale(m, sys, g, 8, Mixed, 256, gpu)
	require.Greater(t, h.InputTime, 0.0)
	assert.Zero(t, d.InputTime)
	assert.InEpsilon(t, d.ComputeTime+d.ExposedCommTime, d.StepTime, 1e-12)
	assert.Greater(t, d.Speedup, h.Speedup)
	half := host
	half.HostDecodeShare = 0.5
	assert.InEpsilon(t, h.InputTime/2, EstimateScale(m, sys, g, 8, Mixed, 256, half).InputTime, 1e-12)

	pt := Measurement{Model: "resnet-50", Device: g.ID, Precision: Mixed, Batch: 256, GPUs: 8, System: sys.ID, Metric: MetricSpeedup, GPUDecode: true}
	got, err := predict(pt, host)
	require.NoError(t, err)
	assert.Equal(t, d.Speedup, got, "a DALI point runs with the GPUs decoding")
	pt.GPUDecode = false
	got, err = predict(pt, gpu)
	require.NoError(t, err)
	assert.Equal(t, h.Speedup, got, "a host-decoding point runs with the host decoding")
}

// A loader's processes cap the host's decoding where they are fewer than the
// calibration host's 1.6 per core: the DGX-1's 8 per GPU leave it as its
// cores had it, the DGX A100's 16 per GPU do 80 cores' work, not 128, and its
// held-out PyTorch mixed-precision speed-up comes out at 6.80 (6.72
// published), where counting cores gave 7.20. The default loader is the
// common setup's 16 per GPU (torchvision's reference script).
func TestLoaderProcessesCapDecoding(t *testing.T) {
	m := mustModel(t, "resnet-50")
	f := DefaultFactors()
	assert.Equal(t, 16.0, f.LoaderProcesses)
	withProcs := func(n float64) Factors { g := f; g.LoaderProcesses = n; return g }
	dgx1 := mustSystem(t, "dgx-1-v100")
	assert.Equal(t, EstimateScale(m, dgx1, mustGPU(t, dgx1.GPU), 8, Mixed, 256, withProcs(0)),
		EstimateScale(m, dgx1, mustGPU(t, dgx1.GPU), 8, Mixed, 256, withProcs(8)), "the calibration host: as its cores")
	assert.Equal(t, EstimateScale(m, dgx1, mustGPU(t, dgx1.GPU), 8, Mixed, 256, withProcs(0)),
		EstimateScale(m, dgx1, mustGPU(t, dgx1.GPU), 8, Mixed, 256, f), "the default loader leaves the DGX-1 as its cores")
	a100 := mustSystem(t, "dgx-a100-640gb")
	g := mustGPU(t, a100.GPU)
	cores, procs := EstimateScale(m, a100, g, 8, Mixed, 256, withProcs(0)), EstimateScale(m, a100, g, 8, Mixed, 256, f)
	assert.InEpsilon(t, 128.0/80, procs.InputTime/cores.InputTime, 1e-12)
	assert.InDelta(t, 7.197, cores.Speedup, 0.001)
	assert.InDelta(t, 6.803, procs.Speedup, 0.001)
	assert.Equal(t, cores, EstimateScale(m, a100, g, 8, Mixed, 256, withProcs(64)), "more processes than 1.6 per core add nothing")

	for _, r := range Calibrate(f) {
		if r.System == "dgx-a100" && r.Precision == Mixed && r.Metric == MetricSpeedup && r.Source == dleRN50+" (DGX A100 80GB)" {
			assert.True(t, r.Within, "row 17")
			assert.InDelta(t, 6.803, r.Predicted, 0.001)
			return
		}
	}
	t.Fatal("no DGX A100 PyTorch mixed speed-up")
}

// Every published point runs with the loader it published (or every core,
// where it names none), so the default loader moves no row of the table.
func TestDefaultLoaderMovesNoPoint(t *testing.T) {
	f := DefaultFactors()
	f.LoaderProcesses, f.HostDecodeShare = 0, 0.5
	assert.Equal(t, Calibrate(f), Calibrate(DefaultFactors()))
}

// The known held-out misses stay where docs/accuracy.md says they are: a
// change that moves one must say so there. The MLPerf runs decode on the GPUs with
// DALI; what is left of their error is the single GPU's rate, not the host.
func TestKnownMisses(t *testing.T) {
	rows := Calibrate(DefaultFactors())
	find := func(m Measurement) CalibrationRow {
		for _, r := range rows {
			if r.Model == m.Model && r.Device == m.Device && r.Precision == m.Precision && r.Batch == m.Batch &&
				r.GPUs == m.GPUs && r.System == m.System && r.Metric == m.Metric && r.Epochs == m.Epochs && r.Source == m.Source {
				return r
			}
		}
		t.Fatalf("no measurement %+v", m)
		return CalibrationRow{}
	}
	for _, c := range []struct {
		name      string
		m         Measurement
		predicted float64
	}{
		{"MLPerf v2.0 DGX A100", Measurement{Model: "resnet-50", Device: "a100-sxm4-80gb", Precision: Mixed, Batch: 408, GPUs: 8,
			System: "dgx-a100-640gb", Epochs: 35, Metric: MetricTimeToTrain, Source: mlperfV20A100}, 34.29 * 60},
		{"MLPerf v3.0 DGX H100", Measurement{Model: "resnet-50", Device: "h100-sxm", Precision: Mixed, Batch: 400, GPUs: 8,
			System: "dgx-h100", Epochs: 35, Metric: MetricTimeToTrain, Source: mlperfV30H100x8}, 20.88 * 60},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := find(c.m)
			assert.True(t, r.HeldOut)
			assert.False(t, r.Within)
			assert.InEpsilon(t, c.predicted, r.Predicted, 0.002)
		})
	}
}
