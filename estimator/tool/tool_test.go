package tool_test

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/tool"
)

func ptr[T any](v T) *T { return &v }

// descriptive are the quantities whose formula is words, not arithmetic: a
// model evaluated again at another size, or for a published measurement.
var descriptive = regexp.MustCompile(`^(scale\.n\d+\.speedup|calibration\.\d+\.predicted|fit\.\d+\.predicted_(before|after)|accuracy\.\d+\.predicted|accuracy\.group\..+\.(median|p90)|fit\.group\..+\.(median|p90)_(before|after))$`)

// results runs every tool on a spread of requests that covers each
// branch of the formulas: GPU and CPU, each precision path, PCIe and NVLink,
// one and several systems, fitting and not, dense and sparse, SGD and Adam.
func results(t *testing.T) map[string]*tool.Result {
	t.Helper()
	out := map[string]*tool.Result{}
	add := func(name string, res *tool.Result, err error) {
		require.NoError(t, err, name)
		out[name] = res
	}
	for _, dev := range []struct{ gpu, cpu string }{{gpu: "v100-sxm2-16gb"}, {gpu: "a100-sxm4-80gb"}, {gpu: "gtx-1080"}, {cpu: "core-i7-12700"}} {
		for _, p := range []string{"fp32", "tf32", "mixed"} {
			for _, batch := range []*int{nil, ptr(1), ptr(512)} {
				req := tool.ThroughputRequest{Model: "resnet-50", GPU: dev.gpu, CPU: dev.cpu, Precision: p, Batch: batch}
				res, err := tool.Throughput(req)
				add(fmt.Sprintf("throughput %+v", req), res, err)
			}
		}
	}
	for _, sys := range []string{"pcie-server", "dgx-1-v100", "dgx-a100", "big-basin-p100"} {
		for _, gpus := range []int{1, 3, 8, 40} {
			for _, p := range []string{"fp32", "mixed"} {
				req := tool.ScaleRequest{Model: "alexnet", System: sys, GPUs: gpus, Precision: p, Batch: ptr(64), Sweep: true}
				res, err := tool.Scale(req)
				add(fmt.Sprintf("scale %+v", req), res, err)
			}
		}
	}
	res, err := tool.Scale(tool.ScaleRequest{Model: "resnet-50", System: "dgx-h100", GPUs: 1024})
	add("scale resnet-50 1024", res, err)
	// The loader's processes and the decoding site enter the input time's formula.
	for _, set := range []func(*hardware.Factors){
		func(f *hardware.Factors) { f.LoaderProcesses = 16 },
		func(f *hardware.Factors) { f.LoaderProcesses = 64 },
		func(f *hardware.Factors) { f.HostDecodeShare = 0 },
	} {
		f := hardware.DefaultFactors()
		set(&f)
		res, err = tool.Scale(tool.ScaleRequest{Model: "resnet-50", System: "dgx-a100-640gb", GPUs: 8, Precision: "mixed", Batch: ptr(256), Factors: tool.Factors{Values: &f}})
		add(fmt.Sprintf("scale resnet-50 dgx-a100 %+v", f), res, err)
	}
	// So do the request's own loader fields.
	for name, req := range map[string]tool.ScaleRequest{
		"every core": {LoaderProcesses: ptr(0)}, "8 processes": {LoaderProcesses: ptr(8)},
		"gpu": {Decode: "gpu"}, "host, 1024 processes": {Decode: "host", LoaderProcesses: ptr(1024)},
	} {
		req.Model, req.System, req.GPUs, req.Precision = "resnet-50", "dgx-a100", 8, "mixed"
		res, err = tool.Scale(req)
		add("scale resnet-50 dgx-a100 loader "+name, res, err)
	}
	res, err = tool.Scale(tool.ScaleRequest{Model: "resnet-50", System: "dgx-h100", GPUs: 64, Sweep: true, RunGPUTime: 3e7})
	add("scale resnet-50 64 run time", res, err)
	for _, m := range []tool.MemoryRequest{
		{Model: "vgg-16", GPU: "titan-x-maxwell", Batch: ptr(256)},
		{Model: "vgg-16", GPU: "titan-x-maxwell", Batch: ptr(16)},
		{Model: "vgg-16", GPU: "titan-x-maxwell", Batch: ptr(64), Precision: "mixed", Optimizer: "adam"},
		{Model: "vgg-16", GPU: "titan-x-maxwell", Batch: ptr(64), Density: ptr(0.1), BlockSize: ptr(8)},
		{Model: "vit-b-16", GPU: "b200", Batch: ptr(1 << 20), Precision: "tf32"},
		{Model: "cifar-small", GPU: "h200-sxm", Batch: ptr(1)},
	} {
		res, err := tool.Memory(m)
		add(fmt.Sprintf("memory %s %s %d", m.Model, m.GPU, *m.Batch), res, err)
	}
	for _, m := range []string{"cifar-small", "resnet-18-cifar", "resnet-50-cifar", "vgg-16"} {
		res, err := tool.Devices(tool.DevicesRequest{Model: m, GPU: "rtx-3050", CPU: "core-i7-12700", Epochs: 10})
		add("devices "+m, res, err)
	}
	res, err = tool.Calibrate(tool.CalibrateRequest{})
	add("calibrate", res, err)
	res, err = tool.Calibrate(tool.CalibrateRequest{Measurements: userPoints})
	add("calibrate fit", res, err)
	res, err = tool.Accuracy(tool.AccuracyRequest{})
	add("accuracy", res, err)
	return out
}

var userPoints = []hardware.Measurement{
	{Model: "resnet-50", Device: "a100-sxm4-80gb", Precision: "mixed", Batch: 256, GPUs: 1, Metric: hardware.MetricImagesPerS, Value: 2470},
	{Model: "resnet-50-cifar", Device: "rtx-3050", Precision: "fp32", Batch: 32, GPUs: 1, Metric: hardware.MetricImagesPerS, Value: 3731},
	{Model: "resnet-50-cifar", Device: "core-i7-12700", Precision: "fp32", Batch: 32, GPUs: 1, Metric: hardware.MetricImagesPerS, Value: 92.6},
	{Model: "resnet-18", Device: "rtx-3050", Precision: "fp32", Batch: 64, GPUs: 1, Metric: hardware.MetricImagesPerS, Value: 300},
}

// Every tool quantity's formula, evaluated from catalog facts, factors and the
// result's other quantities, gives its value; the few that are words say so.
func TestToolFormulasReproduceValues(t *testing.T) {
	facts := map[string]float64{}
	for _, f := range estimator.CatalogFacts() {
		facts[f.Path] = f.Value
	}
	for name, res := range results(t) {
		lookup := lookupIn(t, name, res, facts)
		for _, q := range res.Quantities {
			assert.NotEmpty(t, q.Label.EN, q.ID)
			assert.NotEmpty(t, q.Unit, q.ID)
			assert.NotEmpty(t, q.Source.EN, q.ID)
			assert.NotEmpty(t, q.Formula, q.ID)
			assert.False(t, math.IsNaN(q.Value) || math.IsInf(q.Value, 0), "%s: %s = %v", name, q.ID, q.Value)
			for _, in := range q.Inputs {
				_, ok := lookup(in)
				assert.True(t, ok, "%s: %s reads unknown %s", name, q.ID, in)
			}
			if descriptive.MatchString(q.ID) {
				assert.Empty(t, q.Expr, q.ID)
				continue
			}
			require.NotEmpty(t, q.Expr, "%s: %s has words only but is not listed as descriptive", name, q.ID)
			assertReproduces(t, name, q, lookup)
		}
	}
}

// lookupIn resolves a formula's names: the result's quantities by id (each
// id once), then extra.
func lookupIn(t *testing.T, name string, res *tool.Result, extra map[string]float64) func(string) (float64, bool) {
	ids := map[string]float64{}
	for _, q := range res.Quantities {
		_, dup := ids[q.ID]
		require.False(t, dup, "%s: %s twice", name, q.ID)
		ids[q.ID] = q.Value
	}
	return func(ref string) (float64, bool) {
		if v, ok := ids[ref]; ok {
			return v, true
		}
		v, ok := extra[ref]
		return v, ok
	}
}

// assertReproduces evaluates q's formula and checks it gives q's value.
func assertReproduces(t *testing.T, name string, q estimator.Quantity, lookup func(string) (float64, bool)) {
	t.Helper()
	e, err := estimator.ParseExpr(q.Expr)
	require.NoError(t, err, "%s: %s", name, q.ID)
	got, err := e.Eval(lookup)
	require.NoError(t, err, "%s: %s", name, q.ID)
	if q.Value == 0 {
		assert.InDelta(t, 0, got, 1e-300, "%s: %s = %s", name, q.ID, q.Formula)
	} else {
		assert.InEpsilon(t, q.Value, got, 1e-9, "%s: %s = %s", name, q.ID, q.Formula)
	}
}

// The tools add no model of their own: each value is the hardware
// function's, called directly.
func TestToolsMatchTheHardwareModels(t *testing.T) {
	f := hardware.DefaultFactors()
	model := func(id string) hardware.Model { m, _ := hardware.ModelByID(id); return m }
	gpu := func(id string) hardware.GPU { g, _ := hardware.GPUByID(id); return g }

	res, err := tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "v100-sxm2-16gb", Precision: "fp32", Batch: ptr(112)})
	require.NoError(t, err)
	want := hardware.EstimateThroughput(model("resnet-50"), gpu("v100-sxm2-16gb").Device(), hardware.FP32, 112, f)
	assert.Equal(t, want.ImagesPerS, valueOf(t, res, "throughput.images_per_s"))
	assert.Equal(t, want.BytesPerS, valueOf(t, res, "throughput.bytes_per_s"))
	assert.Equal(t, want.ComputeTime, valueOf(t, res, "throughput.compute_time"))
	assert.Equal(t, want.MemoryTime, valueOf(t, res, "throughput.memory_time"))
	assert.Equal(t, 1.0, valueOf(t, res, "throughput.compute_bound"))
	assert.Equal(t, "compute", res.Note("bound"))
	assert.InEpsilon(t, 367, want.ImagesPerS, 0.15, "NVIDIA's 367 img/s")

	res, err = tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "v100-sxm2-16gb", Precision: "mixed"})
	require.NoError(t, err)
	batch := hardware.DefaultBatch(model("resnet-50"), gpu("v100-sxm2-16gb"), hardware.Mixed, f)
	assert.Equal(t, float64(batch), valueOf(t, res, "throughput.batch"))
	assert.Equal(t, hardware.EstimateThroughput(model("resnet-50"), gpu("v100-sxm2-16gb").Device(), hardware.Mixed, batch, f).ImagesPerS,
		valueOf(t, res, "throughput.images_per_s"))

	cpu, _ := hardware.CPUByID("core-i7-12700")
	res, err = tool.Throughput(tool.ThroughputRequest{Model: "cifar-small", CPU: "core-i7-12700"})
	require.NoError(t, err)
	assert.Equal(t, hardware.EstimateThroughput(model("cifar-small"), cpu.Device(), hardware.FP32, 32, f).ImagesPerS,
		valueOf(t, res, "throughput.images_per_s"))
	assert.Equal(t, 0.0, valueOf(t, res, "throughput.overhead_time"), "a CPU has no launch overhead")

	sys, _ := hardware.SystemByID("dgx-1-v100")
	res, err = tool.Scale(tool.ScaleRequest{Model: "resnet-50", System: "dgx-1-v100", GPUs: 8, Precision: "fp32", Batch: ptr(112)})
	require.NoError(t, err)
	s := hardware.EstimateScale(model("resnet-50"), sys, gpu(sys.GPU), 8, hardware.FP32, 112, f)
	assert.Equal(t, s.Speedup, valueOf(t, res, "scale.speedup"))
	assert.Equal(t, s.Efficiency, valueOf(t, res, "scale.efficiency"))
	assert.Equal(t, s.StepTime, valueOf(t, res, "scale.step_time"))
	assert.Equal(t, s.CommTime, valueOf(t, res, "scale.comm_time"))
	assert.Equal(t, s.ExposedCommTime, valueOf(t, res, "scale.exposed_comm_time"))
	assert.Equal(t, s.ImagesPerS, valueOf(t, res, "scale.images_per_s"))
	assert.Equal(t, float64(s.Systems), valueOf(t, res, "scale.systems"))
	assert.InDelta(t, 7.76, s.Speedup, 0.4, "NVIDIA's 7.76x")

	titan := gpu("titan-x-maxwell")
	res, err = tool.Memory(tool.MemoryRequest{Model: "vgg-16", GPU: "titan-x-maxwell", Batch: ptr(256)})
	require.NoError(t, err)
	mem := hardware.EstimateMemory(model("vgg-16"), titan, 256, hardware.FP32, hardware.SGD, 1, 32, f)
	assert.Equal(t, mem.Total, valueOf(t, res, "memory.total"))
	assert.Equal(t, float64(mem.MaxBatch), valueOf(t, res, "memory.max_batch"))
	assert.Equal(t, mem.StreamTimePerStep, valueOf(t, res, "memory.stream_time_per_step"))

	res, err = tool.Devices(tool.DevicesRequest{Model: "resnet-50-cifar", GPU: "rtx-3050", CPU: "core-i7-12700", Dataset: "cifar10", Epochs: 10})
	require.NoError(t, err)
	cmp := hardware.CompareDevices(model("resnet-50-cifar"), gpu("rtx-3050"), cpu, 50000, 10, hardware.FP32, 32, f)
	assert.Equal(t, cmp.GPUTime, valueOf(t, res, "devices.gpu_time"))
	assert.Equal(t, cmp.CPUTime, valueOf(t, res, "devices.cpu_time"))
	assert.Equal(t, cmp.Speedup, valueOf(t, res, "devices.speedup"))

	res, err = tool.Calibrate(tool.CalibrateRequest{})
	require.NoError(t, err)
	rows := hardware.Calibrate(f)
	require.Len(t, res.Calibration, len(rows))
	for i, row := range rows {
		k := fmt.Sprintf("calibration.%d.", i+1)
		assert.Equal(t, row.Value, valueOf(t, res, k+"measured"))
		assert.Equal(t, row.Predicted, valueOf(t, res, k+"predicted"))
		assert.Equal(t, row.Error, valueOf(t, res, k+"error"))
		assert.Equal(t, row.HeldOut, res.Calibration[i].HeldOut)
	}
}

func valueOf(t *testing.T, res *tool.Result, id string) float64 {
	t.Helper()
	q, ok := res.Get(id)
	require.True(t, ok, "no quantity %s", id)
	return q.Value
}

func TestToolsRejectBadInput(t *testing.T) {
	models := "unknown id (known: alexnet, cifar-small, inception-v3, resnet-18, resnet-18-cifar, resnet-50, resnet-50-cifar, vgg-16, vit-b-16)"
	bad := ptr(hardware.DefaultFactors())
	bad.FP32Efficiency, bad.Overlap = 1.5, math.NaN()
	for _, tc := range []struct {
		name string
		run  func() (*tool.Result, error)
		want []string
	}{
		{"unknown model", func() (*tool.Result, error) {
			return tool.Throughput(tool.ThroughputRequest{Model: "resnet-51", GPU: "h100-sxm"})
		}, []string{`model: ` + models + `, got "resnet-51"`}},
		{"unknown gpu", func() (*tool.Result, error) {
			return tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "h300"})
		}, []string{`gpu: unknown id (known: a100-sxm4-40gb, `, `got "h300"`}},
		{"no device", func() (*tool.Result, error) {
			return tool.Throughput(tool.ThroughputRequest{Model: "resnet-50"})
		}, []string{"gpu: is required (known: a100-sxm4-40gb"}},
		{"both devices", func() (*tool.Result, error) {
			return tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "h100-sxm", CPU: "core-i7-12700"})
		}, []string{`cpu: give gpu or cpu, not both, got "core-i7-12700"`}},
		{"batch 0", func() (*tool.Result, error) {
			return tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "h100-sxm", Batch: ptr(0)})
		}, []string{"batch: must be > 0, got 0"}},
		{"huge batch", func() (*tool.Result, error) {
			return tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "h100-sxm", Batch: ptr(1 << 30)})
		}, []string{"batch: must be <= 1,048,576, got 1073741824"}},
		{"precision", func() (*tool.Result, error) {
			return tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "h100-sxm", Precision: "fp8"})
		}, []string{`precision: must be one of fp32, tf32, mixed, got "fp8"`}},
		{"factors", func() (*tool.Result, error) {
			return tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "h100-sxm", Factors: tool.Factors{Values: bad}})
		}, []string{"factors.fp32_efficiency: must be in (0, 1], got 1.5", "factors.overlap: must be in [0, 1], got NaN"}},
		{"unknown system, gpus 0", func() (*tool.Result, error) {
			return tool.Scale(tool.ScaleRequest{Model: "alexnet", System: "dgx-9"})
		}, []string{`system: unknown id (known: big-basin-p100, dgx-1-p100,`, `got "dgx-9"`, "gpus: must be > 0, got 0"}},
		{"negative gpus", func() (*tool.Result, error) {
			return tool.Scale(tool.ScaleRequest{Model: "alexnet", System: "dgx-1-v100", GPUs: -3})
		}, []string{"gpus: must be > 0, got -3"}},
		{"loader", func() (*tool.Result, error) {
			return tool.Scale(tool.ScaleRequest{Model: "alexnet", System: "dgx-1-v100", GPUs: 8, LoaderProcesses: ptr(1025), Decode: "cpu"})
		}, []string{"loader_processes: must be in [0, 1024], got 1025", `decode: must be host or gpu, got "cpu"`}},
		{"density", func() (*tool.Result, error) {
			return tool.Memory(tool.MemoryRequest{Model: "vgg-16", GPU: "titan-x-maxwell", Batch: ptr(1), Density: ptr(1.5)})
		}, []string{"density: must be in (0, 1], got 1.5"}},
		{"density 0", func() (*tool.Result, error) {
			return tool.Memory(tool.MemoryRequest{Model: "vgg-16", GPU: "titan-x-maxwell", Batch: ptr(1), Density: ptr(0.0)})
		}, []string{"density: must be in (0, 1], got 0"}},
		{"memory needs batch, optimizer", func() (*tool.Result, error) {
			return tool.Memory(tool.MemoryRequest{Model: "vgg-16", GPU: "titan-x-maxwell", Optimizer: "lamb", BlockSize: ptr(0)})
		}, []string{"batch: is required", `optimizer: must be one of sgd, adam, got "lamb"`, "block_size: must be in [1, 4096], got 0"}},
		{"devices", func() (*tool.Result, error) {
			return tool.Devices(tool.DevicesRequest{Model: "alexnet", GPU: "rtx-3050", CPU: "i9", Dataset: "mnist"})
		}, []string{`cpu: unknown id (known: core-i7-12700,`, `got "i9"`, `dataset: unknown id (known: cifar10, imagenet), got "mnist"`, "epochs: must be > 0, got 0"}},
		{"calibrate nothing", func() (*tool.Result, error) {
			return tool.Calibrate(tool.CalibrateRequest{Measurements: []hardware.Measurement{}})
		}, []string{"measurements: must hold at least one measurement"}},
		{"calibrate bad point", func() (*tool.Result, error) {
			return tool.Calibrate(tool.CalibrateRequest{Measurements: []hardware.Measurement{{Model: "vgg-16", Device: "x", Precision: "fp32", Batch: 1, Value: 1, Metric: hardware.MetricSpeedup}}})
		}, []string{`measurements[0].device: unknown id (known GPUs: a100-sxm4-40gb`, "measurements[0].metric: must be images_per_s on one device"}},
	} {
		res, err := tc.run()
		require.Error(t, err, tc.name)
		assert.Nil(t, res, tc.name)
		assert.True(t, estimator.IsInvalidInput(err), tc.name)
		var fe *estimator.FieldError
		assert.True(t, errors.As(err, &fe), tc.name)
		for _, w := range tc.want {
			assert.Contains(t, err.Error(), w, tc.name)
		}
	}
}

// No combination of catalog entries makes a tool panic or report NaN or Inf.
func TestToolsFiniteEverywhere(t *testing.T) {
	for _, m := range hardware.ModelIDs() {
		for _, p := range []string{"fp32", "tf32", "mixed"} {
			for _, g := range hardware.GPUIDs() {
				_, err := tool.Throughput(tool.ThroughputRequest{Model: m, GPU: g, Precision: p})
				require.NoError(t, err, m, g)
				for _, b := range []int{1, 4096} {
					_, err = tool.Memory(tool.MemoryRequest{Model: m, GPU: g, Precision: p, Batch: ptr(b), Optimizer: "adam", Density: ptr(0.01), BlockSize: ptr(1)})
					require.NoError(t, err, m, g)
				}
			}
			for _, c := range hardware.CPUIDs() {
				_, err := tool.Devices(tool.DevicesRequest{Model: m, GPU: "b200", CPU: c, Precision: p, Epochs: 1, Batch: ptr(1 << 20)})
				require.NoError(t, err, m, c)
			}
			for _, s := range hardware.SystemIDs() {
				for _, n := range []int{1, 7, 131072} {
					_, err := tool.Scale(tool.ScaleRequest{Model: m, System: s, GPUs: n, Precision: p})
					require.NoError(t, err, m, s, n)
				}
			}
		}
	}
}

func TestScaleSweep(t *testing.T) {
	speedups := func(system string, gpus int) map[int]float64 {
		res, err := tool.Scale(tool.ScaleRequest{Model: "alexnet", System: system, GPUs: gpus, Batch: ptr(64), Sweep: true})
		require.NoError(t, err)
		out := map[int]float64{}
		for _, q := range res.Quantities {
			var n int
			if _, err := fmt.Sscanf(q.ID, "scale.n%d.speedup", &n); err == nil && strings.HasSuffix(q.ID, ".speedup") {
				out[n] = q.Value
			}
		}
		last, _ := res.Get("scale.speedup")
		assert.Equal(t, last.Value, out[gpus], "the sweep ends at --gpus")
		return out
	}
	pcie, nvlink := speedups("pcie-server", 8), speedups("dgx-1-p100", 8)
	assert.Len(t, pcie, 8, "every count up to one system")
	// The article's PCIe stall: little gain beyond 2-3 GPUs, while NVLink
	// keeps going.
	assert.Less(t, pcie[8]-pcie[3], 0.5)
	assert.Less(t, pcie[8], 2.5)
	assert.Greater(t, nvlink[8], 6.4)
	for n := 2; n <= 8; n++ {
		assert.Greater(t, nvlink[n], pcie[n], "NVLink ahead at %d GPUs", n)
	}
	var counts []int
	for n := range speedups("dgx-1-v100", 40) {
		counts = append(counts, n)
	}
	assert.ElementsMatch(t, []int{1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 40}, counts)
}

func TestMemoryOfVGG16OnTitanX(t *testing.T) {
	at := func(batch int) *tool.Result {
		res, err := tool.Memory(tool.MemoryRequest{Model: "vgg-16", GPU: "titan-x-maxwell", Batch: ptr(batch)})
		require.NoError(t, err)
		return res
	}
	big := at(256)
	assert.InEpsilon(t, 28e9, valueOf(t, big, "memory.total"), 0.05, "vDNN: ~28 GB")
	assert.Equal(t, 0.0, valueOf(t, big, "memory.fits"))
	assert.Positive(t, valueOf(t, big, "memory.stream_time_per_step"))
	half := at(128)
	assert.InDelta(t, 14.5e9, valueOf(t, half, "memory.total"), 0.5e9, "the GPU-memory article: about 14 GB")
	limit := int(valueOf(t, big, "memory.max_batch"))
	assert.Equal(t, 1.0, valueOf(t, at(limit), "memory.fits"))
	assert.Equal(t, 0.0, valueOf(t, at(limit+1), "memory.fits"))
	_, streams := at(limit).Get("memory.stream_time_per_step")
	assert.False(t, streams, "nothing to stream when it fits")
}

func TestDevicesSpeedupGrowsWithModelSize(t *testing.T) {
	prev := 0.0
	for _, m := range []string{"cifar-small", "resnet-18-cifar", "resnet-50-cifar"} {
		res, err := tool.Devices(tool.DevicesRequest{Model: m, GPU: "rtx-3050", CPU: "core-i7-12700", Dataset: "cifar10", Epochs: 10})
		require.NoError(t, err)
		s := valueOf(t, res, "devices.speedup")
		assert.Greater(t, s, prev, m)
		prev = s
	}
	res, err := tool.Devices(tool.DevicesRequest{Model: "resnet-50", GPU: "rtx-3050", CPU: "core-i7-12700", Dataset: "cifar10", Epochs: 1})
	require.NoError(t, err)
	assert.Contains(t, res.Note("caution"), "resnet-50 is sized for imagenet inputs")
}

func BenchmarkThroughput(b *testing.B) {
	req := tool.ThroughputRequest{Model: "resnet-50", GPU: "h100-sxm", Precision: "mixed"}
	for b.Loop() {
		if _, err := tool.Throughput(req); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScaleSweep(b *testing.B) {
	req := tool.ScaleRequest{Model: "resnet-50", System: "dgx-h100", GPUs: 1024, Precision: "mixed", Sweep: true}
	for b.Loop() {
		if _, err := tool.Scale(req); err != nil {
			b.Fatal(err)
		}
	}
}
