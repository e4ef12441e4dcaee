package estimator

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// The hardware tools: one question each about one model on one piece of
// hardware (how fast, how well it scales, whether it fits, GPU or CPU, how
// far the models are from published figures). Each validates its request,
// naming the field at fault in a *FieldError, calls the models of package
// hardware and lays the answer out as quantities whose formulas reproduce
// their values from catalog facts (catalog.<table>.<id>.<field>), efficiency
// factors (factors.<name>, listed in the same result) and the result's other
// quantities.

// Units of the hardware tools' quantities, next to the base units of units.go.
const (
	PerSecond Unit = "1/s"    // events per second: images/s
	FLOPS     Unit = "FLOP/s" // floating-point operations per second
)

// Limits that keep every request's arithmetic finite and its output short.
const (
	toolMaxBatch = 1 << 20 // as hardware's largest reported batch
	toolMaxGPUs  = 1 << 17
	// toolMaxMeasurements bounds a measurements file: Fit evaluates every point
	// some 30,000 times.
	toolMaxMeasurements = 1000
	// toolDevicesBatch is seed 004's batch (assumed there too), the usual
	// default of CIFAR-10 training scripts.
	toolDevicesBatch = 32
	// toolCPUBatch is the batch a CPU run uses unless told: memory does not
	// limit it, and the weight traffic per sample barely changes above it.
	toolCPUBatch = 32
)

const (
	toolSrcRoofline = "roofline model (estimator/hardware EstimateThroughput), factors calibrated against published measurements"
	toolSrcScaling  = "data-parallel ring all-reduce model (estimator/hardware EstimateScale)"
	toolSrcMemory   = "training memory model (estimator/hardware EstimateMemory): ZeRO accounting, vDNN activations"
	toolSrcDevices  = "the roofline model on both devices (estimator/hardware CompareDevices), seed 004's experiment"
	toolSrcInput    = "given on the command line or in the request"
	toolSrcDefault  = "default"
	toolSrcFit      = "hardware.Fit: coordinate descent on squared log error"
)

// ToolFactors are the efficiency factors a tool runs with.
type ToolFactors struct {
	// Factors replaces hardware.DefaultFactors when set; it is checked like a
	// scenario's factors section.
	Factors *hardware.Factors
	// FactorsSource says where Factors came from, e.g. the file it was read
	// from; it becomes the source of the factors.* quantities.
	FactorsSource string
}

// ThroughputRequest asks how fast one device trains one model.
type ThroughputRequest struct {
	Model     string // catalog model id
	GPU       string // catalog GPU id; give GPU or CPU
	CPU       string // catalog CPU id
	Precision string // fp32 (default), tf32 or mixed
	// Batch is the samples per step; nil picks the largest power of two up to
	// 256 whose step fits the GPU's memory, and 32 on a CPU.
	Batch *int
	ToolFactors
}

// ScaleRequest asks how data-parallel training of a model scales over GPUs
// packed into systems of one kind.
type ScaleRequest struct {
	Model     string
	System    string // catalog system id; its GPU, links, ports and host CPU apply
	GPUs      int    // total GPUs, >= 1; more than one system's worth spans systems
	Precision string
	Batch     *int // per GPU; nil as in ThroughputRequest
	// Sweep adds the curve from 1 GPU to GPUs: every count up to one system,
	// then doubling numbers of full systems, then GPUs itself.
	Sweep bool
	ToolFactors
}

// MemoryRequest asks what one GPU holds during a training step.
type MemoryRequest struct {
	Model     string
	GPU       string
	Batch     *int   // per GPU; required
	Precision string // fp32 (default), tf32 or mixed
	Optimizer string // sgd (default: with momentum) or adam
	// Density is the fraction of weights kept by block sparsity, in (0, 1];
	// nil is 1 (dense).
	Density *float64
	// BlockSize is the side of a sparse block; nil is 32. Only read when
	// Density < 1.
	BlockSize *int
	ToolFactors
}

// DevicesRequest asks how long a training run takes on a GPU and on a CPU.
type DevicesRequest struct {
	Model     string
	GPU       string
	CPU       string
	Dataset   string // catalog dataset id; default: the model's own
	Epochs    int    // passes over the dataset, >= 1
	Precision string
	Batch     *int // the same on both devices; nil is 32 (seed 004)
	ToolFactors
}

// CalibrateRequest sets the models beside measurements. Without
// Measurements it uses the published figures (hardware.Measurements); with
// them it fits the throughput factors to them (hardware.Fit) and reports
// the error before and after.
type CalibrateRequest struct {
	Measurements []hardware.Measurement // single-device images_per_s points
	ToolFactors                         // the factors to start from
}

// ToolResult is a tool's answer: the quantities, a few notes that are not
// numbers (which resource bounds the step, which default was taken), and
// the tables a text surface prints, already formatted.
type ToolResult struct {
	Title      string     `json:"title"`
	Notes      []ToolNote `json:"notes,omitempty"`
	Quantities []Quantity `json:"quantities"`
	// Calibration lists the measurements beside the predictions.
	Calibration []CalibrationEntry `json:"calibration,omitempty"`
	// Factors are the fitted factors after a fit to measurements.
	Factors *hardware.Factors `json:"factors,omitempty"`
	// Sections are the text surfaces' tables; the first row of each is its header.
	Sections []Section `json:"-"`
}

// ToolNote is one non-numeric fact of a result, such as bound = "compute".
type ToolNote struct {
	Key  string `json:"key"`
	Text string `json:"text"`
}

// Get returns the quantity with the given id.
func (r *ToolResult) Get(id string) (Quantity, bool) {
	for _, q := range r.Quantities {
		if q.ID == id {
			return q, true
		}
	}
	return Quantity{}, false
}

// Note returns the text of the note with the given key, or "".
func (r *ToolResult) Note(key string) string {
	for _, n := range r.Notes {
		if n.Key == key {
			return n.Text
		}
	}
	return ""
}

// CalibrationEntry is one measurement beside the model's prediction.
type CalibrationEntry struct {
	ID        string  `json:"id"` // the quantities' id prefix, e.g. "calibration.4"
	Model     string  `json:"model"`
	Device    string  `json:"device"`
	Baseline  string  `json:"baseline,omitempty"` // the CPU a device speed-up is against
	System    string  `json:"system,omitempty"`
	GPUs      int     `json:"gpus"`
	Precision string  `json:"precision"`
	BaseGPUs  int     `json:"base_gpus,omitempty"` // an efficiency's reference GPU count
	Batch     int     `json:"batch"`
	Metric    string  `json:"metric"`
	Unit      Unit    `json:"unit"`
	Measured  float64 `json:"measured"`
	Predicted float64 `json:"predicted"`
	// Error is relative, (predicted - measured) / measured, or absolute for
	// speed-ups and efficiencies of several GPUs (ErrorKind).
	Error     float64 `json:"error"`
	ErrorKind string  `json:"error_kind"`
	Tolerance float64 `json:"tolerance"`
	AtLeast   bool    `json:"at_least,omitempty"`
	Within    bool    `json:"within"`
	HeldOut   bool    `json:"held_out,omitempty"`
	// After a fit: the prediction and error with the fitted factors.
	PredictedAfter *float64 `json:"predicted_after,omitempty"`
	ErrorAfter     *float64 `json:"error_after,omitempty"`
	Source         string   `json:"source"`
}

// ---------------------------------------------------------------------------
// Requests

// EstimateThroughput answers a ThroughputRequest: images/s and bytes/s of one
// GPU or CPU, where the time goes and whether compute or memory bounds it.
func EstimateThroughput(req ThroughputRequest) (*ToolResult, error) {
	var errs errorList
	m, _ := toolModel(&errs, "model", req.Model)
	var dev toolDevice
	switch {
	case req.GPU != "" && req.CPU != "":
		errs.add("cpu", "give gpu or cpu, not both", strconv.Quote(req.CPU))
	case req.CPU != "":
		dev, _ = toolCPU(&errs, "cpu", req.CPU)
	default:
		dev, _ = toolGPU(&errs, "gpu", req.GPU)
	}
	p := toolPrecision(&errs, req.Precision)
	f := toolCheckFactors(&errs, req.ToolFactors)
	batch, batchSrc := toolBatch(&errs, "batch", req.Batch)
	if len(errs) > 0 {
		return nil, errs.err()
	}
	if req.Batch == nil {
		batch, batchSrc = toolCPUBatch, toolSrcDefault+": 32 on a CPU"
		if !dev.isCPU {
			batch = hardware.DefaultBatch(m, dev.gpu, p, f)
			batchSrc = toolSrcDefault + ": the largest power of two up to 256 whose step fits the GPU's memory"
		}
	}
	b := newToolBuilder(req.ToolFactors, f)
	b.input("throughput.batch", "Samples per step", Count, float64(batch), batchSrc)
	t := b.throughput("throughput", "", m, dev, p, "throughput.batch", f)
	b.res.Title = fmt.Sprintf("%s training %s at %s, batch %d", dev.name, m.Name, p, batch)
	b.note("model", m.ID)
	b.note("device", dev.id)
	b.note("precision", string(p))
	b.note("path", dev.path(p).describe)
	b.note("bound", t.Bound)
	if t.OverheadTime > math.Max(t.ComputeTime, t.MemoryTime) {
		b.note("largest share", "the fixed per-step overhead (factors.step_overhead_s / batch): a larger batch helps")
	}
	return b.finish([]string{"throughput.images_per_s", "throughput.bytes_per_s", "throughput.compute_bound"})
}

// EstimateScaling answers a ScaleRequest with the step at req.GPUs, its
// speed-up and efficiency over one GPU of the same system, and optionally
// the curve up to it.
func EstimateScaling(req ScaleRequest) (*ToolResult, error) {
	var errs errorList
	m, _ := toolModel(&errs, "model", req.Model)
	sys, okS := toolSystem(&errs, "system", req.System)
	if req.GPUs < 1 || req.GPUs > toolMaxGPUs {
		errs.add("gpus", fmt.Sprintf("must be in [1, %d]", toolMaxGPUs), req.GPUs)
	}
	p := toolPrecision(&errs, req.Precision)
	f := toolCheckFactors(&errs, req.ToolFactors)
	batch, batchSrc := toolBatch(&errs, "batch", req.Batch)
	var gpu hardware.GPU
	if okS {
		var ok bool
		if gpu, ok = hardware.GPUByID(sys.GPU); !ok || sys.GPUs < 1 {
			errs.add("system", "names no catalog GPU or has no GPUs", strconv.Quote(sys.ID))
		}
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}
	if req.Batch == nil {
		batch = hardware.DefaultBatch(m, gpu, p, f)
		batchSrc = toolSrcDefault + ": the largest power of two up to 256 whose step fits the GPU's memory"
	}
	s := hardware.EstimateScale(m, sys, gpu, req.GPUs, p, batch, f)
	b := newToolBuilder(req.ToolFactors, f)
	b.res.Title = fmt.Sprintf("%s on %d GPUs of %s (%s), %s, batch %d per GPU", m.Name, req.GPUs, sys.Name, gpu.ID, p, batch)
	b.input("scale.gpus", "GPUs in the job", Count, float64(req.GPUs), toolSrcInput)
	b.input("scale.batch_per_gpu", "Samples per GPU per step", Count, float64(batch), batchSrc)
	one := b.throughput("scale.gpu", "One GPU: ", m, toolGPUDevice(gpu), p, "scale.batch_per_gpu", f)
	sp := "catalog.systems." + sys.ID + "."
	mp := "catalog.models." + m.ID + "."
	b.add("scale.gpus_per_system", "GPUs used in each system", Count, float64(min(req.GPUs, sys.GPUs)),
		"min({scale.gpus}, {"+sp+"gpus})", toolSrcScaling)
	b.add("scale.systems", "Systems", Count, float64(s.Systems), "ceil({scale.gpus} / {"+sp+"gpus})", toolSrcScaling)
	b.add("scale.gradient_bytes", "Gradient bytes all-reduced per step", Bytes, m.Params*toolGradientBytes(p),
		fmt.Sprintf("{%sparams} * %v", mp, toolGradientBytes(p)), toolSrcScaling+"; fp16 gradients under mixed precision, as ZeRO counts")
	b.ring("scale.comm_intra_time", "All-reduce inside a system", "scale.gpus_per_system", sys.IntraLink, 1, "1", f)
	b.ring("scale.comm_inter_time", "All-reduce between systems", "scale.systems", sys.Network,
		max(sys.NetworkPorts, 1), "max({"+sp+"network_ports}, 1)", f)
	b.add("scale.comm_time", "Gradient all-reduce per step, if nothing overlapped", Seconds, s.CommTime,
		"{scale.comm_intra_time} + {scale.comm_inter_time}", toolSrcScaling)
	b.add("scale.compute_time", "One GPU's own step", Seconds, s.ComputeTime,
		"{scale.batch_per_gpu} * {scale.gpu.time_per_sample}", toolSrcScaling)
	b.add("scale.backward_time", "Backward pass per step (2/3 of the busy time)", Seconds,
		2.0/3*float64(batch)*math.Max(one.ComputeTime, one.MemoryTime),
		"2 / 3 * {scale.batch_per_gpu} * max({scale.gpu.compute_time}, {scale.gpu.memory_time})", toolSrcScaling)
	b.add("scale.exposed_comm_time", "All-reduce the backward pass does not hide", Seconds, s.ExposedCommTime,
		"{scale.comm_time} - min({factors.overlap} * {scale.comm_time}, {scale.backward_time})", toolSrcScaling)
	cpu, hasCPU := hardware.CPUByID(sys.CPU)
	inputExpr := func(gpus string) string {
		if !hasCPU {
			return "0"
		}
		cp := "catalog.cpus." + cpu.ID + "."
		return fmt.Sprintf("%s * {scale.batch_per_gpu} * {%ssample_bytes} / ({%scores} * {%ssockets} * {factors.host_input_bytes_per_core_s})",
			gpus, mp, cp, cp)
	}
	b.add("scale.input_time", "Host CPUs decoding one system's samples per step", Seconds, s.InputTime,
		inputExpr("{scale.gpus_per_system}"), toolSrcScaling+"; host decoding caps a system (the article's warning)")
	single := hardware.EstimateScale(m, sys, gpu, 1, p, batch, f)
	b.add("scale.input_time_one_gpu", "Host CPUs decoding one GPU's samples per step", Seconds, single.InputTime,
		inputExpr("1"), toolSrcScaling)
	b.add("scale.single_gpu_step_time", "Step of one GPU alone in the system", Seconds, single.StepTime,
		"max({scale.compute_time}, {scale.input_time_one_gpu})", toolSrcScaling)
	b.add("scale.step_time", "Step time", Seconds, s.StepTime,
		"max({scale.compute_time} + {scale.exposed_comm_time}, {scale.input_time})", toolSrcScaling)
	b.add("scale.images_per_s", "Images per second, all GPUs", PerSecond, s.ImagesPerS,
		"{scale.gpus} * {scale.batch_per_gpu} / {scale.step_time}", toolSrcScaling)
	b.add("scale.speedup", "Speed-up over one GPU", Ratio, s.Speedup,
		"{scale.gpus} * {scale.single_gpu_step_time} / {scale.step_time}", toolSrcScaling)
	b.add("scale.efficiency", "Scaling efficiency (speed-up per GPU)", Ratio, s.Efficiency,
		"{scale.speedup} / {scale.gpus}", toolSrcScaling)

	b.note("model", m.ID)
	b.note("system", sys.ID)
	b.note("gpu", gpu.ID)
	b.note("precision", string(p))
	b.note("bottleneck", toolBottleneck(s))
	headline := []string{"scale.speedup", "scale.efficiency", "scale.images_per_s", "scale.step_time",
		"scale.comm_time", "scale.exposed_comm_time", "scale.input_time", "scale.systems"}
	if req.Sweep {
		rows := [][]string{{"GPUs", "systems", "speed-up", "efficiency", "images/s", "step"}}
		for _, n := range toolSweepCounts(sys.GPUs, req.GPUs) {
			pt := hardware.EstimateScale(m, sys, gpu, n, p, batch, f)
			k := fmt.Sprintf("scale.n%d.", n)
			b.addWords(k+"speedup", fmt.Sprintf("Speed-up at %d GPUs", n), Ratio, pt.Speedup,
				fmt.Sprintf("the model of scale.speedup with gpus = %d", n),
				[]string{"scale.batch_per_gpu", "scale.single_gpu_step_time", "scale.gradient_bytes"}, toolSrcScaling)
			b.add(k+"efficiency", fmt.Sprintf("Efficiency at %d GPUs", n), Ratio, pt.Efficiency,
				fmt.Sprintf("{%sspeedup} / %d", k, n), toolSrcScaling)
			b.add(k+"images_per_s", fmt.Sprintf("Images per second at %d GPUs", n), PerSecond, pt.ImagesPerS,
				fmt.Sprintf("{%sspeedup} * {scale.batch_per_gpu} / {scale.single_gpu_step_time}", k), toolSrcScaling)
			rows = append(rows, []string{strconv.Itoa(n), strconv.Itoa(pt.Systems), trim(pt.Speedup, 2) + "x",
				trim(100*pt.Efficiency, 1) + "%", formatToolValue(pt.ImagesPerS, PerSecond), formatToolValue(pt.StepTime, Seconds)})
		}
		b.res.Sections = append(b.res.Sections, Section{Title: "Sweep", Rows: rows})
	}
	return b.finish(headline)
}

// EstimateGPUMemory answers a MemoryRequest: the bytes of a training step on
// one GPU, whether they fit, the largest batch that does, and what streaming
// the overflow to the host would cost.
func EstimateGPUMemory(req MemoryRequest) (*ToolResult, error) {
	var errs errorList
	m, _ := toolModel(&errs, "model", req.Model)
	dev, _ := toolGPU(&errs, "gpu", req.GPU)
	batch, _ := toolBatch(&errs, "batch", req.Batch)
	if req.Batch == nil {
		errs.add("batch", "is required", nil)
	}
	p := toolPrecision(&errs, req.Precision)
	o := hardware.SGD
	switch req.Optimizer {
	case "", string(hardware.SGD):
	case string(hardware.Adam):
		o = hardware.Adam
	default:
		errs.add("optimizer", "must be one of sgd, adam", strconv.Quote(req.Optimizer))
	}
	density := 1.0
	if req.Density != nil {
		density = *req.Density
		if !(density > 0 && density <= 1) {
			errs.add("density", "must be in (0, 1]", density)
		}
	}
	blockSize := 32
	if req.BlockSize != nil {
		blockSize = *req.BlockSize
		if blockSize < 1 || blockSize > 4096 {
			errs.add("block_size", "must be in [1, 4096]", blockSize)
		}
	}
	f := toolCheckFactors(&errs, req.ToolFactors)
	if len(errs) > 0 {
		return nil, errs.err()
	}
	g := dev.gpu
	mem := hardware.EstimateMemory(m, g, batch, p, o, density, blockSize, f)
	b := newToolBuilder(req.ToolFactors, f)
	b.res.Title = fmt.Sprintf("%s on %s, batch %d, %s, %s", m.Name, g.Name, batch, p, o)
	b.input("memory.batch", "Samples per GPU per step", Count, float64(batch), toolSrcInput)
	b.input("memory.density", "Fraction of weights kept (block sparsity)", Ratio, density, toolSrcInput)
	mp := "{catalog.models." + m.ID + ".params} * {memory.density}"
	width, grad, state := "", toolGradientBytes(p), 4.0
	if p == hardware.Mixed {
		width, state = " * 0.5", state+4
	}
	if o == hardware.Adam {
		state += 4
	}
	weights := mp + " * 4" + width
	if density < 1 {
		b.input("memory.block_size", "Side of a sparse block", Count, float64(blockSize), toolSrcInput)
		weights += " + 4 * (" + mp + ") / ({memory.block_size} * {memory.block_size})"
	}
	src := toolSrcMemory
	if density < 1 {
		src += "; block sparsity as OpenAI's block-sparse kernels store it (4-byte index per block)"
	}
	b.add("memory.weights", "Weights", Bytes, mem.Weights, weights, src)
	b.add("memory.gradients", "Gradients", Bytes, mem.Gradients, fmt.Sprintf("%s * %v", mp, grad), src)
	b.add("memory.optimizer", "Optimizer state ("+string(o)+")", Bytes, mem.Optimizer, fmt.Sprintf("%s * %v", mp, state), src)
	perSample := "{catalog.models." + m.ID + ".activation_bytes}"
	if p == hardware.Mixed {
		perSample += " * 0.5"
	}
	b.add("memory.activations", "Activations kept for the backward pass", Bytes, mem.Activations,
		perSample+" * {memory.batch}", toolSrcMemory)
	b.add("memory.workspace", "Workspace and allocator slack", Bytes, mem.Workspace,
		"{factors.workspace_fraction} * ({memory.weights} + {memory.gradients} + {memory.optimizer} + {memory.activations})", toolSrcMemory)
	b.add("memory.total", "Memory a training step needs", Bytes, mem.Total,
		"{memory.weights} + {memory.gradients} + {memory.optimizer} + {memory.activations} + {memory.workspace}", toolSrcMemory)
	b.add("memory.capacity", "GPU memory", Bytes, mem.Capacity, "{catalog.gpus."+g.ID+".memory}", g.Source)
	b.add("memory.fits", "Fits the GPU's memory", Flag, flag(mem.Fits), "if({memory.total} <= {memory.capacity}, 1, 0)", toolSrcMemory)
	b.add("memory.max_batch", "Largest batch that fits", Count, float64(mem.MaxBatch),
		fmt.Sprintf("max(min(-ceil(-(({memory.capacity} / (1 + {factors.workspace_fraction}) - ({memory.weights} + {memory.gradients} + {memory.optimizer})) / (%s))), %d), 0)", perSample, 1<<20),
		toolSrcMemory)
	b.last().Formula = "floor((capacity / (1 + workspace_fraction) - weights - gradients - optimizer) / activations per sample), in [0, 2^20]"
	b.add("memory.overflow", "Bytes that do not fit", Bytes, mem.OverflowBytes, "max({memory.total} - {memory.capacity}, 0)", toolSrcMemory)
	headline := []string{"memory.total", "memory.capacity", "memory.fits", "memory.max_batch"}
	if link, ok := hardware.NetworkByID(g.HostLink); ok && !mem.Fits {
		b.add("memory.stream_time_per_step", "Streaming the overflow to the host and back, per step", Seconds, mem.StreamTimePerStep,
			"2 * {memory.overflow} / {catalog.networks."+link.ID+".bandwidth}", "Rhu et al., vDNN, arXiv 1602.08124 (offload over "+link.Name+")")
		headline = append(headline, "memory.stream_time_per_step")
	}
	b.note("model", m.ID)
	b.note("gpu", g.ID)
	b.note("precision", string(p))
	b.note("optimizer", string(o))
	if mem.Fits {
		b.note("verdict", "fits")
	} else {
		b.note("verdict", fmt.Sprintf("does not fit: the largest batch that does is %d", mem.MaxBatch))
	}
	return b.finish(headline)
}

// CompareGPUAndCPU answers a DevicesRequest: the time of the whole run on
// each device and the GPU's speed-up over the CPU.
func CompareGPUAndCPU(req DevicesRequest) (*ToolResult, error) {
	var errs errorList
	m, okM := toolModel(&errs, "model", req.Model)
	gdev, _ := toolGPU(&errs, "gpu", req.GPU)
	cdev, _ := toolCPU(&errs, "cpu", req.CPU)
	dsID := req.Dataset
	if dsID == "" && okM {
		dsID = m.Dataset
	}
	ds, okDS := hardware.DatasetByID(dsID)
	if !okDS && (req.Dataset != "" || okM) {
		errs.add("dataset", "unknown id (known: "+strings.Join(hardware.DatasetIDs(), ", ")+")", strconv.Quote(req.Dataset))
	}
	if req.Epochs < 1 {
		errs.add("epochs", "must be > 0", req.Epochs)
	} else if req.Epochs > 1e6 {
		errs.add("epochs", "must be <= 1000000", req.Epochs)
	}
	p := toolPrecision(&errs, req.Precision)
	f := toolCheckFactors(&errs, req.ToolFactors)
	batch, batchSrc := toolBatch(&errs, "batch", req.Batch)
	if len(errs) > 0 {
		return nil, errs.err()
	}
	if req.Batch == nil {
		batch, batchSrc = toolDevicesBatch, toolSrcDefault+": 32, seed 004's batch"
	}
	cmp := hardware.CompareDevices(m, gdev.gpu, cdev.cpu, float64(ds.Samples), req.Epochs, p, batch, f)
	b := newToolBuilder(req.ToolFactors, f)
	b.res.Title = fmt.Sprintf("%s, %d epochs of %s: %s vs %s, %s, batch %d", m.Name, req.Epochs, ds.ID, gdev.id, cdev.id, p, batch)
	b.input("devices.batch", "Samples per step", Count, float64(batch), batchSrc)
	b.input("devices.epochs", "Epochs", Count, float64(req.Epochs), toolSrcInput)
	b.add("devices.samples", "Samples per epoch", Count, float64(ds.Samples), "{catalog.datasets."+ds.ID+".samples}", ds.Source)
	gpu := b.throughput("devices.gpu", "GPU: ", m, gdev, p, "devices.batch", f)
	cpu := b.throughput("devices.cpu", "CPU: ", m, cdev, p, "devices.batch", f)
	b.add("devices.gpu_time", "Training run on the GPU", Seconds, cmp.GPUTime,
		"{devices.samples} * {devices.epochs} / {devices.gpu.images_per_s}", toolSrcDevices)
	b.add("devices.cpu_time", "Training run on the CPU", Seconds, cmp.CPUTime,
		"{devices.samples} * {devices.epochs} / {devices.cpu.images_per_s}", toolSrcDevices)
	b.add("devices.speedup", "GPU speed-up over the CPU", Ratio, cmp.Speedup,
		"{devices.gpu.images_per_s} / {devices.cpu.images_per_s}", toolSrcDevices)
	b.note("model", m.ID)
	b.note("gpu", gdev.id+" ("+gpu.Bound+"-bound)")
	b.note("cpu", cdev.id+" ("+cpu.Bound+"-bound)")
	b.note("dataset", ds.ID)
	if m.Dataset != ds.ID {
		b.note("caution", fmt.Sprintf("%s is sized for %s inputs (%d px); the run counts %s's samples at that size",
			m.ID, m.Dataset, m.InputSize, ds.ID))
	}
	return b.finish([]string{"devices.gpu_time", "devices.cpu_time", "devices.speedup"})
}

// RunCalibration sets the models beside measurements: the published ones, or a
// user's own, to which it then fits the throughput factors.
func RunCalibration(req CalibrateRequest) (*ToolResult, error) {
	var errs errorList
	f := toolCheckFactors(&errs, req.ToolFactors)
	if req.Measurements != nil {
		if len(req.Measurements) == 0 {
			errs.add("measurements", "must hold at least one measurement", nil)
		}
		if len(req.Measurements) > toolMaxMeasurements {
			errs.add("measurements", fmt.Sprintf("must hold at most %d measurements", toolMaxMeasurements), len(req.Measurements))
		}
		for i, pt := range req.Measurements {
			toolCheckMeasurement(&errs, func(col string) string { return fmt.Sprintf("measurements[%d].%s", i, col) }, pt, nil)
		}
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}
	b := newToolBuilder(req.ToolFactors, f)
	if req.Measurements == nil {
		b.calibrationTable(hardware.Calibrate(f))
		return b.finish([]string{"calibration.within", "calibration.points"})
	}
	fitted, err := hardware.Fit(req.Measurements, f)
	if err != nil {
		return nil, err
	}
	b.fitTable(req.Measurements, f, fitted)
	// The factors.* quantities hold the fitted values: the ones --out writes.
	b.factors, b.factorsSource = fitted, toolSrcFit
	for _, fc := range toolFactorList(fitted) {
		b.refs["factors."+fc.name] = true
	}
	b.res.Factors = &fitted
	return b.finish([]string{"fit.mean_abs_error_before", "fit.mean_abs_error_after"})
}

// ---------------------------------------------------------------------------
// Measurements files

// toolCSVColumns is the header of a measurements file, in order.
var toolCSVColumns = []string{"model", "device", "precision", "batch", "images_per_s"}

// ParseMeasurementsCSV reads a user's own single-device throughputs, one per
// line under the header model,device,precision,batch,images_per_s (device:
// a catalog GPU or CPU id). Lines starting with # are comments. Every problem
// is reported, each as a *FieldError whose path is name:line: column.
func ParseMeasurementsCSV(r io.Reader, name string) ([]hardware.Measurement, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxScenarioBytes+1))
	if err != nil {
		return nil, &FieldError{Path: name, Rule: "unreadable: " + err.Error()}
	}
	if len(data) > MaxScenarioBytes {
		return nil, &FieldError{Path: name, Rule: fmt.Sprintf("must be at most %d bytes", MaxScenarioBytes)}
	}
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))) // a spreadsheet's byte-order mark
	cr.Comment = '#'
	cr.TrimLeadingSpace = true
	cr.FieldsPerRecord = -1
	var errs errorList
	header, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &FieldError{Path: name, Rule: "is empty: the first line must be the header " + strings.Join(toolCSVColumns, ",")}
		}
		return nil, toolCSVError(name, err)
	}
	line, _ := cr.FieldPos(0)
	if !toolEqualFold(header, toolCSVColumns) {
		return nil, &FieldError{Path: fmt.Sprintf("%s:%d", name, line), Rule: "the header must be " + strings.Join(toolCSVColumns, ","),
			Got: strconv.Quote(strings.Join(header, ","))}
	}
	var out []hardware.Measurement
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			errs = append(errs, toolCSVError(name, err))
			break
		}
		line, _ := cr.FieldPos(0)
		at := func(col string) string { return fmt.Sprintf("%s:%d: %s", name, line, col) }
		if len(rec) != len(toolCSVColumns) {
			errs.add(fmt.Sprintf("%s:%d", name, line), fmt.Sprintf("must have %d columns (%s)", len(toolCSVColumns), strings.Join(toolCSVColumns, ",")), len(rec))
			continue
		}
		if len(out) == toolMaxMeasurements {
			errs.add(fmt.Sprintf("%s:%d", name, line), fmt.Sprintf("too many measurements: at most %d", toolMaxMeasurements), nil)
			break
		}
		pt := hardware.Measurement{Model: strings.TrimSpace(rec[0]), Device: strings.TrimSpace(rec[1]),
			Precision: hardware.Precision(strings.TrimSpace(rec[2])), GPUs: 1, Metric: hardware.MetricImagesPerS,
			Tolerance: 0.15, Source: fmt.Sprintf("%s:%d", name, line)}
		unparsed := map[string]string{}
		if v, err := strconv.Atoi(strings.TrimSpace(rec[3])); err != nil {
			unparsed["batch"] = rec[3]
		} else {
			pt.Batch = v
		}
		if v, err := strconv.ParseFloat(strings.TrimSpace(rec[4]), 64); err != nil {
			unparsed["images_per_s"] = rec[4]
		} else {
			pt.Value = v
		}
		toolCheckMeasurement(&errs, at, pt, unparsed)
		out = append(out, pt)
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}
	if len(out) == 0 {
		return nil, &FieldError{Path: name, Rule: "must hold at least one measurement below the header"}
	}
	return out, nil
}

func toolCSVError(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &FieldError{Path: fmt.Sprintf("%s:%d", name, pe.Line), Rule: "invalid CSV: " + pe.Err.Error()}
	}
	return &FieldError{Path: name, Rule: "unreadable: " + err.Error()}
}

func toolEqualFold(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !strings.EqualFold(strings.TrimSpace(got[i]), want[i]) {
			return false
		}
	}
	return true
}

// toolCheckMeasurement applies a fit point's rules, column by column; at names a
// column's path, unparsed holds the text of columns that were not numbers.
func toolCheckMeasurement(errs *errorList, at func(col string) string, pt hardware.Measurement, unparsed map[string]string) {
	toolModel(errs, at("model"), pt.Model)
	if _, ok := hardware.GPUByID(pt.Device); !ok {
		if _, ok := hardware.CPUByID(pt.Device); !ok {
			errs.add(at("device"), "unknown id (known GPUs: "+strings.Join(hardware.GPUIDs(), ", ")+
				"; CPUs: "+strings.Join(hardware.CPUIDs(), ", ")+")", strconv.Quote(pt.Device))
		}
	}
	if !toolValidPrecision(string(pt.Precision)) {
		errs.add(at("precision"), "must be one of fp32, tf32, mixed", strconv.Quote(string(pt.Precision)))
	}
	if raw, ok := unparsed["batch"]; ok {
		errs.add(at("batch"), "must be a whole number", strconv.Quote(raw))
	} else {
		toolCheckBatch(errs, at("batch"), pt.Batch)
	}
	if raw, ok := unparsed["images_per_s"]; ok {
		errs.add(at("images_per_s"), "must be a number", strconv.Quote(raw))
	} else if !(pt.Value > 0) || math.IsInf(pt.Value, 0) {
		errs.add(at("images_per_s"), "must be > 0", pt.Value)
	}
	if pt.Metric != hardware.MetricImagesPerS || pt.GPUs > 1 {
		errs.add(at("metric"), "must be images_per_s on one device", pt.Metric)
	}
}

// ---------------------------------------------------------------------------
// Catalog listings

// CatalogTables are the tables ListCatalog knows, in the order it lists them.
var CatalogTables = []string{"gpus", "cpus", "systems", "models", "networks", "datasets"}

// CatalogListing is one catalog table: its entries for programs (JSON with
// snake_case keys) and the same laid out for people.
type CatalogListing struct {
	Table   string  `json:"table"`
	Entries any     `json:"entries"` // []GPUInfo, []CPUInfo, []SystemInfo, []ModelInfo, []NetworkInfo or []DatasetInfo
	Section Section `json:"-"`
}

// GPUInfo is a catalog GPU. Peaks are dense FLOP/s; memory is in bytes
// (binary multiples, as the vendor's "16 GB" means), bandwidth in bytes/s.
type GPUInfo struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	FP32         float64  `json:"fp32_flops"`
	TF32         float64  `json:"tf32_flops"` // 0: no TF32 path
	Mixed        float64  `json:"mixed_flops"`
	Memory       float64  `json:"memory_bytes"`
	MemBandwidth float64  `json:"mem_bandwidth_bytes_per_s"`
	Link         string   `json:"link"`
	HostLink     string   `json:"host_link"`
	TDP          float64  `json:"tdp_w"`
	PriceUSD     *float64 `json:"price_usd"` // null: not published
	Source       string   `json:"source"`
	AsOf         string   `json:"as_of"`
}

// CPUInfo is a catalog CPU; cores are per socket, FP32 covers all sockets.
type CPUInfo struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	Cores         int     `json:"cores_per_socket"`
	Sockets       int     `json:"sockets"`
	ClockHz       float64 `json:"clock_hz"`
	FlopsPerCycle float64 `json:"fp32_flops_per_cycle_per_core"`
	FP32          float64 `json:"fp32_flops"`
	MemBandwidth  float64 `json:"mem_bandwidth_bytes_per_s"`
	TDP           float64 `json:"tdp_w"`
	Source        string  `json:"source"`
	AsOf          string  `json:"as_of"`
}

// SystemInfo is a catalog system.
type SystemInfo struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	GPU          string   `json:"gpu"`
	GPUs         int      `json:"gpus"`
	IntraLink    string   `json:"intra_link"`
	NetworkPorts int      `json:"network_ports"`
	Network      string   `json:"network"`
	CPU          string   `json:"cpu,omitempty"`
	HostRAM      *float64 `json:"host_ram_bytes"` // null: not published
	LocalSSD     float64  `json:"local_ssd_bytes"`
	Power        *float64 `json:"power_w"`
	PriceUSD     *float64 `json:"price_usd"`
	Source       string   `json:"source"`
	AsOf         string   `json:"as_of"`
}

// ModelInfo is a catalog network at its native input size.
type ModelInfo struct {
	ID              string  `json:"id"`
	Name            string  `json:"name"`
	Params          float64 `json:"params"`
	ForwardMACs     float64 `json:"forward_macs"`
	InputSize       int     `json:"input_px"`
	ActivationBytes float64 `json:"activation_bytes"` // per sample, fp32
	SampleBytes     float64 `json:"sample_bytes"`
	Dataset         string  `json:"dataset"`
	Source          string  `json:"source"`
	AsOf            string  `json:"as_of"`
}

// NetworkInfo is a catalog link.
type NetworkInfo struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Kind      string  `json:"kind"`
	Bandwidth float64 `json:"bandwidth_bytes_per_s"` // one direction
	Latency   float64 `json:"latency_s"`
	Shared    bool    `json:"shared"` // the GPUs of a system share it (PCIe)
	Source    string  `json:"source"`
	AsOf      string  `json:"as_of"`
}

// DatasetInfo is a catalog dataset.
type DatasetInfo struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Samples     int     `json:"samples"`
	SampleBytes float64 `json:"sample_bytes"`
	InputSize   int     `json:"input_px"`
	Source      string  `json:"source"`
	AsOf        string  `json:"as_of"`
}

// ListCatalog lists one catalog table, every entry with its source and date.
func ListCatalog(table string) (*CatalogListing, error) {
	l := &CatalogListing{Table: table, Section: Section{Title: table}}
	row := func(cells ...string) { l.Section.Rows = append(l.Section.Rows, cells) }
	switch table {
	case "gpus":
		row("id", "fp32", "tf32", "mixed", "memory", "bandwidth", "link", "TDP", "price", "as of", "source")
		var out []GPUInfo
		for _, g := range hardware.GPUs() {
			out = append(out, GPUInfo{g.ID, g.Name, g.FP32, g.TF32, g.Mixed, g.Memory, g.MemBandwidth, g.Link, g.HostLink,
				g.TDP, toolPublished(g.PriceUSD), g.Source, g.AsOf})
			row(g.ID, formatToolValue(g.FP32, FLOPS), toolOrDash(g.TF32, FLOPS), formatToolValue(g.Mixed, FLOPS),
				toolBinaryBytes(g.Memory), formatToolValue(g.MemBandwidth, BytesPerSecond), g.Link,
				trim(g.TDP, 0)+" W", toolUSD(g.PriceUSD), g.AsOf, g.Source)
		}
		l.Entries = out
	case "cpus":
		row("id", "cores", "clock", "FLOP/cycle", "fp32", "bandwidth", "TDP", "as of", "name", "source")
		var out []CPUInfo
		for _, c := range hardware.CPUs() {
			out = append(out, CPUInfo{c.ID, c.Name, c.Cores, c.Sockets, c.ClockHz, c.FlopsPerCycle, c.FP32, c.MemBandwidth,
				c.TDP, c.Source, c.AsOf})
			row(c.ID, fmt.Sprintf("%dx%d", c.Sockets, c.Cores), trim(c.ClockHz/1e9, 2)+" GHz", trim(c.FlopsPerCycle, 0),
				formatToolValue(c.FP32, FLOPS), formatToolValue(c.MemBandwidth, BytesPerSecond), trim(c.TDP, 0)+" W",
				c.AsOf, c.Name, c.Source)
		}
		l.Entries = out
	case "systems":
		row("id", "GPUs", "link", "network", "cpu", "host RAM", "local SSD", "power", "price", "as of", "source")
		var out []SystemInfo
		for _, s := range hardware.Systems() {
			out = append(out, SystemInfo{s.ID, s.Name, s.GPU, s.GPUs, s.IntraLink, s.NetworkPorts, s.Network, s.CPU,
				toolPublished(s.HostRAM), s.LocalSSD, toolPublished(s.Power), toolPublished(s.PriceUSD), s.Source, s.AsOf})
			ram := "-"
			if s.HostRAM > 0 {
				ram = toolBinaryBytes(s.HostRAM)
			}
			power := "-"
			if s.Power > 0 {
				power = trim(s.Power, 0) + " W"
			}
			row(s.ID, fmt.Sprintf("%dx %s", s.GPUs, s.GPU), s.IntraLink, fmt.Sprintf("%dx %s", s.NetworkPorts, s.Network), s.CPU,
				ram, toolSI(s.LocalSSD, "B"), power, toolUSD(s.PriceUSD), s.AsOf, s.Source)
		}
		l.Entries = out
	case "models":
		row("id", "params", "forward MACs", "input", "activations/sample", "sample", "dataset", "as of", "source")
		var out []ModelInfo
		for _, m := range hardware.Models() {
			out = append(out, ModelInfo{m.ID, m.Name, m.Params, m.ForwardMACs, m.InputSize, m.ActivationBytes, m.SampleBytes,
				m.Dataset, m.Source, m.AsOf})
			row(m.ID, toolSI(m.Params, ""), toolSI(m.ForwardMACs, ""), fmt.Sprintf("%d px", m.InputSize), toolSI(m.ActivationBytes, "B"),
				toolBinaryBytes(m.SampleBytes), m.Dataset, m.AsOf, m.Source)
		}
		l.Entries = out
	case "networks":
		row("id", "kind", "bandwidth", "latency", "shared", "name", "as of", "source")
		var out []NetworkInfo
		for _, n := range hardware.Networks() {
			out = append(out, NetworkInfo{n.ID, n.Name, n.Kind, n.Bandwidth, n.Latency, n.Shared, n.Source, n.AsOf})
			shared := "no"
			if n.Shared {
				shared = "yes"
			}
			row(n.ID, n.Kind, formatToolValue(n.Bandwidth, BytesPerSecond), formatToolValue(n.Latency, Seconds), shared, n.Name, n.AsOf, n.Source)
		}
		l.Entries = out
	case "datasets":
		row("id", "samples", "sample", "input", "as of", "name", "source")
		var out []DatasetInfo
		for _, d := range hardware.Datasets() {
			out = append(out, DatasetInfo{d.ID, d.Name, d.Samples, d.SampleBytes, d.InputSize, d.Source, d.AsOf})
			row(d.ID, strconv.Itoa(d.Samples), toolBinaryBytes(d.SampleBytes), fmt.Sprintf("%d px", d.InputSize), d.AsOf, d.Name, d.Source)
		}
		l.Entries = out
	default:
		return nil, &FieldError{Path: "table", Rule: "must be one of " + strings.Join(CatalogTables, ", "), Got: strconv.Quote(table)}
	}
	return l, nil
}

func toolPublished(v float64) *float64 {
	if v == 0 {
		return nil
	}
	return &v
}

func toolUSD(v float64) string {
	if v == 0 {
		return "-"
	}
	return "$" + strconv.FormatFloat(v, 'f', 0, 64)
}

func toolOrDash(v float64, u Unit) string {
	if v == 0 {
		return "-"
	}
	return formatToolValue(v, u)
}

// ---------------------------------------------------------------------------
// Validation

func toolModel(errs *errorList, path, id string) (hardware.Model, bool) {
	m, ok := hardware.ModelByID(id)
	if !ok {
		toolUnknownID(errs, path, id, hardware.ModelIDs())
	}
	return m, ok
}

func toolGPU(errs *errorList, path, id string) (toolDevice, bool) {
	g, ok := hardware.GPUByID(id)
	if !ok {
		toolUnknownID(errs, path, id, hardware.GPUIDs())
	}
	return toolGPUDevice(g), ok
}

func toolCPU(errs *errorList, path, id string) (toolDevice, bool) {
	c, ok := hardware.CPUByID(id)
	if !ok {
		toolUnknownID(errs, path, id, hardware.CPUIDs())
	}
	return toolDevice{table: "cpus", id: c.ID, name: c.Name, isCPU: true, dev: c.Device(), cpu: c}, ok
}

func toolSystem(errs *errorList, path, id string) (hardware.System, bool) {
	s, ok := hardware.SystemByID(id)
	if !ok {
		toolUnknownID(errs, path, id, hardware.SystemIDs())
	}
	return s, ok
}

func toolUnknownID(errs *errorList, path, id string, known []string) {
	list := "(known: " + strings.Join(known, ", ") + ")"
	if id == "" {
		errs.add(path, "is required "+list, nil)
		return
	}
	errs.add(path, "unknown id "+list, strconv.Quote(id))
}

func toolValidPrecision(p string) bool {
	return p == string(hardware.FP32) || p == string(hardware.TF32) || p == string(hardware.Mixed)
}

func toolPrecision(errs *errorList, p string) hardware.Precision {
	if p == "" {
		return hardware.FP32
	}
	if !toolValidPrecision(p) {
		errs.add("precision", "must be one of fp32, tf32, mixed", strconv.Quote(p))
	}
	return hardware.Precision(p)
}

// toolBatch checks a given batch; nil is left to the caller's default.
func toolBatch(errs *errorList, path string, batch *int) (int, string) {
	if batch == nil {
		return 0, ""
	}
	toolCheckBatch(errs, path, *batch)
	return *batch, toolSrcInput
}

func toolCheckBatch(errs *errorList, path string, batch int) {
	switch {
	case batch <= 0:
		errs.add(path, "must be > 0", batch)
	case batch > toolMaxBatch:
		errs.add(path, fmt.Sprintf("must be <= %d", toolMaxBatch), batch)
	}
}

// toolCheckFactors applies the rules of a scenario's factors section
// (Factors' check tags) to factors given in code.
func toolCheckFactors(errs *errorList, tf ToolFactors) hardware.Factors {
	if tf.Factors == nil {
		return hardware.DefaultFactors()
	}
	for _, fc := range toolFactorList(*tf.Factors) {
		if v := fc.value; !(v >= fc.lo && v <= fc.hi) || v == 0 && !fc.zeroOK {
			rule := fmt.Sprintf("must be in (%v, %v]", fc.lo, fc.hi)
			if fc.zeroOK {
				rule = fmt.Sprintf("must be in [%v, %v]", fc.lo, fc.hi)
			}
			errs.add("factors."+fc.name, rule, v)
		}
	}
	return *tf.Factors
}

type toolFactor struct {
	name, label string
	unit        Unit
	value       float64
	lo, hi      float64
	zeroOK      bool
}

// toolFactorList names each factor as its JSON field does, with the range a
// scenario's factors section allows.
func toolFactorList(f hardware.Factors) []toolFactor {
	return []toolFactor{
		{"fp32_efficiency", "Fraction of the FP32 peak reached", Ratio, f.FP32Efficiency, 0, 1, false},
		{"tf32_efficiency", "Fraction of the TF32 tensor peak reached", Ratio, f.TF32Efficiency, 0, 1, false},
		{"mixed_efficiency", "Fraction of the FP16/BF16 peak reached", Ratio, f.MixedEfficiency, 0, 1, false},
		{"cpu_efficiency", "Fraction of a CPU's FP32 peak reached", Ratio, f.CPUEfficiency, 0, 1, false},
		{"memory_efficiency", "Fraction of memory bandwidth reached", Ratio, f.MemoryEfficiency, 0, 1, false},
		{"step_overhead_s", "Fixed host-side time per GPU step", Seconds, f.StepOverhead, 0, 10, true},
		{"comm_efficiency", "Fraction of link bandwidth an all-reduce reaches", Ratio, f.CommEfficiency, 0, 1, false},
		{"overlap", "Fraction of communication that can hide behind the backward pass", Ratio, f.Overlap, 0, 1, true},
		{"host_input_bytes_per_core_s", "Stored-sample bytes one host core decodes per second", BytesPerSecond, f.HostInputRate, 0, math.MaxFloat64, false},
		{"workspace_fraction", "Workspace and allocator slack, as a fraction", Ratio, f.WorkspaceFraction, 0, 10, true},
	}
}

// ---------------------------------------------------------------------------
// Laying out quantities

// toolDevice is a GPU or CPU with what the formulas need to name it.
type toolDevice struct {
	table, id, name string
	isCPU           bool
	dev             hardware.Device
	gpu             hardware.GPU
	cpu             hardware.CPU
}

func toolGPUDevice(g hardware.GPU) toolDevice {
	return toolDevice{table: "gpus", id: g.ID, name: g.Name, dev: g.Device(), gpu: g}
}

// toolPath is the arithmetic path a device takes at a precision: the peak it
// reads and the efficiency applied, as hardware's Device.rate chooses them.
type toolPath struct {
	peak, factor, describe string
}

func (d toolDevice) path(p hardware.Precision) toolPath {
	switch {
	case d.isCPU:
		return toolPath{"fp32", "cpu_efficiency", "FP32 rate: a CPU runs every precision at its FP32 rate"}
	case p == hardware.TF32 && d.dev.TF32 > d.dev.FP32:
		return toolPath{"tf32", "tf32_efficiency", "TF32 tensor peak"}
	case p == hardware.Mixed && d.dev.Mixed > d.dev.FP32:
		return toolPath{"mixed", "mixed_efficiency", "FP16/BF16 peak"}
	case p != hardware.FP32:
		return toolPath{"fp32", "fp32_efficiency", "FP32 peak: the part has no faster " + string(p) + " path"}
	}
	return toolPath{"fp32", "fp32_efficiency", "FP32 peak"}
}

type toolBuilder struct {
	res           *ToolResult
	factors       hardware.Factors
	factorsSource string
	refs          map[string]bool
}

func newToolBuilder(tf ToolFactors, f hardware.Factors) *toolBuilder {
	src := tf.FactorsSource
	if src == "" {
		src = "calibrated defaults (hardware.DefaultFactors)"
		if tf.Factors != nil {
			src = "given factors"
		}
	}
	return &toolBuilder{res: &ToolResult{}, factors: f, factorsSource: src, refs: map[string]bool{}}
}

// add appends a quantity whose expr, in the formula grammar, reproduces v.
func (b *toolBuilder) add(id, label string, unit Unit, v float64, expr, source string) float64 {
	in := refs(expr)
	for _, r := range in {
		b.refs[r] = true
	}
	b.res.Quantities = append(b.res.Quantities, Quantity{ID: id, Label: label, Value: v, Unit: unit,
		Formula: strings.NewReplacer("{", "", "}", "").Replace(expr), Expr: expr, Inputs: in, Source: source})
	return v
}

// addWords appends a quantity the grammar cannot express (a model evaluated
// again elsewhere): its formula and Expr are words, without braces.
func (b *toolBuilder) addWords(id, label string, unit Unit, v float64, words string, inputs []string, source string) {
	b.res.Quantities = append(b.res.Quantities, Quantity{ID: id, Label: label, Value: v, Unit: unit,
		Formula: words, Expr: words, Inputs: inputs, Source: source})
}

// input appends a given value; its formula is the number.
func (b *toolBuilder) input(id, label string, unit Unit, v float64, source string) {
	b.add(id, label, unit, v, strconv.FormatFloat(v, 'g', -1, 64), source)
}

func (b *toolBuilder) last() *Quantity { return &b.res.Quantities[len(b.res.Quantities)-1] }

func (b *toolBuilder) note(key, text string) {
	b.res.Notes = append(b.res.Notes, ToolNote{key, text})
}

// throughput lays out the roofline model for one device under prefix.
func (b *toolBuilder) throughput(prefix, label string, m hardware.Model, d toolDevice, p hardware.Precision, batchID string, f hardware.Factors) hardware.Throughput {
	batch := int(b.valueOf(batchID))
	t := hardware.EstimateThroughput(m, d.dev, p, batch, f)
	path := d.path(p)
	dp := "catalog." + d.table + "." + d.id + "."
	mp := "catalog.models." + m.ID + "."
	peak := map[string]float64{"fp32": d.dev.FP32, "tf32": d.dev.TF32, "mixed": d.dev.Mixed}[path.peak]
	eff := map[string]float64{"fp32_efficiency": f.FP32Efficiency, "tf32_efficiency": f.TF32Efficiency,
		"mixed_efficiency": f.MixedEfficiency, "cpu_efficiency": f.CPUEfficiency}[path.factor]
	k := func(name string) string { return prefix + "." + name }
	// Labels read "Images per second" alone, "GPU: images per second" after a prefix.
	lab := func(text string) string {
		if label == "" {
			return strings.ToUpper(text[:1]) + text[1:]
		}
		return label + text
	}
	r := func(name string) string { return "{" + k(name) + "}" }
	b.add(k("rate"), lab("sustained arithmetic rate"), FLOPS, peak*eff,
		fmt.Sprintf("{%s%s} * {factors.%s}", dp, path.peak, path.factor), toolSrcRoofline+"; "+path.describe)
	b.add(k("compute_time"), lab("compute time per sample"), Seconds, t.ComputeTime,
		fmt.Sprintf("6 * {%sforward_macs} / %s", mp, r("rate")), toolSrcRoofline+"; training = 3 passes x 2 FLOPs per multiply-add")
	width := ""
	if p == hardware.Mixed {
		width = " * 0.5"
	}
	b.add(k("memory_time"), lab("memory time per sample"), Seconds, t.MemoryTime,
		fmt.Sprintf("(8 * {%sactivation_bytes}%s + 28 * {%sparams} / {%s}) / ({%smem_bandwidth} * {factors.memory_efficiency})",
			mp, width, mp, batchID, dp), toolSrcRoofline+"; 8 passes over the activations, 28 B per parameter per step")
	overhead := "0"
	if !d.isCPU {
		overhead = "{factors.step_overhead_s} / {" + batchID + "}"
	}
	b.add(k("overhead_time"), lab("step overhead per sample"), Seconds, t.OverheadTime, overhead, toolSrcRoofline)
	b.add(k("time_per_sample"), lab("time per sample"), Seconds, math.Max(t.ComputeTime, t.MemoryTime)+t.OverheadTime,
		fmt.Sprintf("max(%s, %s) + %s", r("compute_time"), r("memory_time"), r("overhead_time")), toolSrcRoofline)
	b.add(k("images_per_s"), lab("images per second"), PerSecond, t.ImagesPerS, "1 / "+r("time_per_sample"), toolSrcRoofline)
	b.add(k("bytes_per_s"), lab("stored-sample bytes per second"), BytesPerSecond, t.BytesPerS,
		fmt.Sprintf("%s * {%ssample_bytes}", r("images_per_s"), mp), toolSrcRoofline)
	b.add(k("compute_bound"), lab("compute-bound (else memory-bound)"), Flag, flag(t.Bound == "compute"),
		fmt.Sprintf("if(%s >= %s, 1, 0)", r("compute_time"), r("memory_time")), toolSrcRoofline)
	return t
}

// ring lays out one ring all-reduce as hardware's ringTime computes it.
func (b *toolBuilder) ring(id, label, membersID, linkID string, ports int, portsExpr string, f hardware.Factors) float64 {
	net, ok := hardware.NetworkByID(linkID)
	members := b.valueOf(membersID)
	bw := net.Bandwidth * float64(ports) * f.CommEfficiency
	if !ok || !(bw > 0) {
		return b.add(id, label, Seconds, 0, "0", toolSrcScaling+"; no such link")
	}
	n := "{" + membersID + "}"
	np := "{catalog.networks." + net.ID + "."
	volume := fmt.Sprintf("2 * (%s - 1) / %s * {scale.gradient_bytes}", n, n)
	src := toolSrcScaling + "; ring over " + net.Name
	if net.Shared {
		volume = fmt.Sprintf("2 * (%s - 1) * {scale.gradient_bytes}", n)
		src += ", shared by the system's GPUs (traffic crosses the host)"
	}
	v := 0.0
	if members >= 2 {
		hops := 2 * (members - 1)
		vol := hops / members * b.valueOf("scale.gradient_bytes")
		if net.Shared {
			vol = hops * b.valueOf("scale.gradient_bytes")
		}
		v = vol/bw + hops*net.Latency
	}
	return b.add(id, label, Seconds, v,
		fmt.Sprintf("%s / (%sbandwidth} * %s * {factors.comm_efficiency}) + 2 * (%s - 1) * %slatency}", volume, np, portsExpr, n, np), src)
}

func (b *toolBuilder) valueOf(id string) float64 {
	for _, q := range b.res.Quantities {
		if q.ID == id {
			return q.Value
		}
	}
	return 0
}

func toolGradientBytes(p hardware.Precision) float64 {
	if p == hardware.Mixed {
		return 2
	}
	return 4
}

func toolBottleneck(s hardware.Scale) string {
	switch {
	case s.InputTime >= s.ComputeTime+s.ExposedCommTime && s.InputTime > 0:
		return "host input: the system's CPUs cannot decode samples as fast as its GPUs train"
	case s.ExposedCommTime > 0:
		return fmt.Sprintf("computation, with %s%% of the step waiting on gradient exchange", trim(100*s.ExposedCommTime/s.StepTime, 1))
	}
	return "computation"
}

// toolSweepCounts are the GPU counts of a sweep: every count up to one system,
// then doubling numbers of full systems, then max.
func toolSweepCounts(perSystem, max int) []int {
	var out []int
	for n := 1; n <= perSystem && n <= max; n++ {
		out = append(out, n)
	}
	for n := 2 * perSystem; n < max; n *= 2 {
		out = append(out, n)
	}
	if out[len(out)-1] != max {
		out = append(out, max)
	}
	return out
}

// calibrationTable lays out the published measurements beside the model.
func (b *toolBuilder) calibrationTable(rows []hardware.CalibrationRow) {
	b.res.Title = "Calibration: the models against published measurements"
	table := [][]string{{"#", "model", "device", "precision", "batch", "metric", "measured", "predicted", "error", "tolerance", "ok", "set"}}
	within := ""
	worst := 0.0
	for i, row := range rows {
		k := fmt.Sprintf("calibration.%d", i+1)
		unit := toolMetricUnit(row.Metric)
		e := CalibrationEntry{ID: k, Model: row.Model, Device: row.Device, Baseline: row.Baseline, System: row.System,
			GPUs: max(row.GPUs, 1), BaseGPUs: row.BaseGPUs, Precision: string(row.Precision), Batch: row.Batch, Metric: row.Metric, Unit: unit,
			Measured: row.Value, Predicted: row.Predicted, Error: row.Error, ErrorKind: row.ErrorKind,
			Tolerance: row.Tolerance, AtLeast: row.AtLeast, Within: row.Within, HeldOut: row.HeldOut, Source: row.Source}
		b.res.Calibration = append(b.res.Calibration, e)
		what := toolCalibrationLabel(e)
		b.input(k+".measured", what+": measured", unit, row.Value, row.Source)
		b.addWords(k+".predicted", what+": predicted", unit, row.Predicted,
			"the "+row.Metric+" model for this measurement with the factors below", nil, toolSrcRoofline)
		errExpr := fmt.Sprintf("({%s.predicted} - {%s.measured}) / {%s.measured}", k, k, k)
		if row.ErrorKind == "absolute" {
			errExpr = fmt.Sprintf("{%s.predicted} - {%s.measured}", k, k)
		}
		b.add(k+".error", what+": error ("+row.ErrorKind+")", Ratio, row.Error, errExpr, "calibration")
		tol := strconv.FormatFloat(row.Tolerance, 'g', -1, 64)
		withinExpr := fmt.Sprintf("if(max({%s.error}, -{%s.error}) <= %s, 1, 0)", k, k, tol)
		if row.AtLeast {
			withinExpr = fmt.Sprintf("if({%s.error} >= -%s, 1, 0)", k, tol)
		}
		b.add(k+".within", what+": within tolerance", Flag, flag(row.Within), withinExpr, "issue 3's tolerances")
		if within != "" {
			within += " + "
		}
		within += "{" + k + ".within}"
		if row.ErrorKind == "relative" {
			worst = math.Max(worst, math.Abs(row.Error))
		}
		set := "calibration"
		if row.HeldOut {
			set = "held out"
		}
		ok := "yes"
		if !row.Within {
			ok = "NO"
		}
		table = append(table, []string{strconv.Itoa(i + 1), row.Model, toolDeviceText(e), e.Precision, strconv.Itoa(row.Batch), toolMetricText(e),
			formatToolValue(row.Value, unit), formatToolValue(row.Predicted, unit), toolFormatError(row.Error, row.ErrorKind),
			toolFormatTolerance(row), ok, set})
	}
	b.input("calibration.points", "Published measurements", Count, float64(len(rows)), "hardware.Measurements")
	if within != "" {
		b.add("calibration.within", "Measurements the model meets within tolerance", Count, b.sumWithin(), within, "calibration")
	}
	b.res.Sections = append(b.res.Sections, Section{Title: "Published measurements", Rows: table})
}

func (b *toolBuilder) sumWithin() float64 {
	n := 0.0
	for _, e := range b.res.Calibration {
		n += flag(e.Within)
	}
	return n
}

// fitTable lays out a user's measurements before and after the fit.
func (b *toolBuilder) fitTable(points []hardware.Measurement, start, fitted hardware.Factors) {
	b.res.Title = fmt.Sprintf("Fit of the throughput factors to %d measurements", len(points))
	table := [][]string{{"#", "model", "device", "precision", "batch", "measured", "before", "error", "after", "error", "where"}}
	var sumBefore, sumAfter []string
	var before, after float64
	for i, pt := range points {
		k := fmt.Sprintf("fit.%d", i+1)
		predBefore, predAfter := toolPredictImages(pt, start), toolPredictImages(pt, fitted)
		eb, ea := (predBefore-pt.Value)/pt.Value, (predAfter-pt.Value)/pt.Value
		before += math.Abs(eb)
		after += math.Abs(ea)
		e := CalibrationEntry{ID: k, Model: pt.Model, Device: pt.Device, GPUs: 1, Precision: string(pt.Precision), Batch: pt.Batch,
			Metric: pt.Metric, Unit: PerSecond, Measured: pt.Value, Predicted: predBefore, Error: eb, ErrorKind: "relative",
			Tolerance: pt.Tolerance, Within: math.Abs(eb) <= pt.Tolerance, PredictedAfter: &predAfter, ErrorAfter: &ea, Source: pt.Source}
		if e.Source == "" {
			e.Source = fmt.Sprintf("measurements[%d]", i)
		}
		b.res.Calibration = append(b.res.Calibration, e)
		what := toolCalibrationLabel(e)
		b.input(k+".measured", what+": measured", PerSecond, pt.Value, e.Source)
		b.addWords(k+".predicted_before", what+": predicted with the starting factors", PerSecond, predBefore,
			"the throughput model for this measurement with the starting factors", nil, toolSrcRoofline)
		b.add(k+".error_before", what+": error before the fit", Ratio, eb,
			fmt.Sprintf("({%s.predicted_before} - {%s.measured}) / {%s.measured}", k, k, k), "calibration")
		b.addWords(k+".predicted_after", what+": predicted with the fitted factors", PerSecond, predAfter,
			"the throughput model for this measurement with the fitted factors (factors.*)", nil, toolSrcRoofline)
		b.add(k+".error_after", what+": error after the fit", Ratio, ea,
			fmt.Sprintf("({%s.predicted_after} - {%s.measured}) / {%s.measured}", k, k, k), "calibration")
		sumBefore = append(sumBefore, fmt.Sprintf("max({%s.error_before}, -{%s.error_before})", k, k))
		sumAfter = append(sumAfter, fmt.Sprintf("max({%s.error_after}, -{%s.error_after})", k, k))
		table = append(table, []string{strconv.Itoa(i + 1), pt.Model, pt.Device, string(pt.Precision), strconv.Itoa(pt.Batch),
			formatToolValue(pt.Value, PerSecond), formatToolValue(predBefore, PerSecond), toolFormatError(eb, "relative"),
			formatToolValue(predAfter, PerSecond), toolFormatError(ea, "relative"), pt.Source})
	}
	n := float64(len(points))
	b.add("fit.mean_abs_error_before", "Mean absolute error before the fit", Ratio, before/n,
		"("+strings.Join(sumBefore, " + ")+") / "+strconv.Itoa(len(points)), "calibration")
	b.add("fit.mean_abs_error_after", "Mean absolute error after the fit", Ratio, after/n,
		"("+strings.Join(sumAfter, " + ")+") / "+strconv.Itoa(len(points)), "calibration")
	b.res.Sections = append(b.res.Sections, Section{Title: "Measurements", Rows: table})
	factors := [][]string{{"factor", "before", "after"}}
	sf, ff := toolFactorList(start), toolFactorList(fitted)
	for i := range sf {
		factors = append(factors, []string{sf[i].name, formatToolValue(sf[i].value, sf[i].unit), formatToolValue(ff[i].value, ff[i].unit)})
	}
	b.res.Sections = append(b.res.Sections, Section{Title: "Factors", Rows: factors})
}

// toolPredictImages is the model's images/s for a validated single-device point.
func toolPredictImages(pt hardware.Measurement, f hardware.Factors) float64 {
	m, _ := hardware.ModelByID(pt.Model)
	var d hardware.Device
	if g, ok := hardware.GPUByID(pt.Device); ok {
		d = g.Device()
	} else {
		c, _ := hardware.CPUByID(pt.Device)
		d = c.Device()
	}
	return hardware.EstimateThroughput(m, d, pt.Precision, pt.Batch, f).ImagesPerS
}

func toolCalibrationLabel(e CalibrationEntry) string {
	return fmt.Sprintf("%s on %s, %s, batch %d, %s", e.Model, toolDeviceText(e), e.Precision, e.Batch, toolMetricText(e))
}

// toolDeviceText names a measurement's hardware: "8x v100-sxm2-16gb in dgx-1-v100",
// "rtx-3050 vs core-i7-12700".
func toolDeviceText(e CalibrationEntry) string {
	switch {
	case e.GPUs > 1:
		return fmt.Sprintf("%dx %s in %s", e.GPUs, e.Device, e.System)
	case e.Baseline != "":
		return e.Device + " vs " + e.Baseline
	}
	return e.Device
}

func toolMetricText(e CalibrationEntry) string {
	if e.BaseGPUs > 1 {
		return fmt.Sprintf("%s vs %d GPUs", e.Metric, e.BaseGPUs)
	}
	return e.Metric
}

func toolMetricUnit(metric string) Unit {
	switch metric {
	case hardware.MetricImagesPerS:
		return PerSecond
	case hardware.MetricBytesPerS:
		return BytesPerSecond
	case hardware.MetricMemoryBytes:
		return Bytes
	}
	return Ratio
}

func toolFormatError(e float64, kind string) string {
	if kind == "absolute" {
		return fmt.Sprintf("%+.2f", e)
	}
	return fmt.Sprintf("%+.1f%%", 100*e)
}

func toolFormatTolerance(row hardware.CalibrationRow) string {
	s := "±" + trim(row.Tolerance, 2)
	if row.ErrorKind == "relative" {
		s = "±" + trim(100*row.Tolerance, 0) + "%"
	}
	if row.AtLeast {
		s = ">= -" + strings.TrimPrefix(s, "±")
	}
	return s
}

// finish appends the factors the formulas read, checks that every value is
// finite, and lays out the quantities table with the headline ids first.
func (b *toolBuilder) finish(headline []string) (*ToolResult, error) {
	for _, fc := range toolFactorList(b.factors) {
		if b.refs["factors."+fc.name] {
			b.input("factors."+fc.name, fc.label, fc.unit, fc.value, "efficiency factor: "+b.factorsSource)
		}
	}
	for _, q := range b.res.Quantities {
		if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
			return nil, fmt.Errorf("internal error: %s is %v", q.ID, q.Value)
		}
	}
	// Result: the headline ids; Details: the rest, but for the rows the
	// sweep and calibration tables show.
	shown := map[string]bool{}
	result := [][]string{{"id", "value", "quantity"}}
	for _, id := range headline {
		if q, ok := b.res.Get(id); ok {
			result = append(result, []string{q.ID, formatToolValue(q.Value, q.Unit), q.Label})
			shown[id] = true
		}
	}
	details := [][]string{{"id", "value", "quantity"}}
	for _, q := range b.res.Quantities {
		if !shown[q.ID] && !toolTabulated(q.ID) {
			details = append(details, []string{q.ID, formatToolValue(q.Value, q.Unit), q.Label})
		}
	}
	var head []Section
	if len(result) > 1 {
		head = append(head, Section{Title: "Result", Rows: result})
	}
	if len(details) > 1 {
		head = append(head, Section{Title: "Details", Rows: details})
	}
	b.res.Sections = append(head, b.res.Sections...)
	return b.res, nil
}

// toolTabulated reports whether a quantity is a row of a sweep or calibration table.
func toolTabulated(id string) bool {
	if strings.HasPrefix(id, "scale.n") {
		return true
	}
	for _, p := range []string{"calibration.", "fit."} {
		if rest, ok := strings.CutPrefix(id, p); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// Formatting

// FormatToolValue renders a hardware tool's value for people: bytes in binary
// multiples with the decimal figure beside large ones, bandwidths in decimal
// ones, short times in ms or µs, rates per second.
func FormatToolValue(v float64, u Unit) string { return formatToolValue(v, u) }

func formatToolValue(v float64, u Unit) string {
	switch u {
	case Bytes:
		if math.Abs(v) >= 1e6 {
			return toolBinaryBytes(v) + " (" + toolSI(v, "B") + ")"
		}
		return toolBinaryBytes(v)
	case BytesPerSecond:
		return toolSI(v, "B/s")
	case Seconds:
		switch a := math.Abs(v); {
		case a == 0:
			return "0 s"
		case a < 1e-3:
			return toolSig(v*1e6, 3) + " µs"
		case a < 1:
			return toolSig(v*1e3, 3) + " ms"
		}
		return toolDuration(v)
	case PerSecond:
		return toolSig(v, 4) + "/s"
	case FLOPS:
		return toolSI(v, "FLOP/s")
	case Ratio:
		if a := math.Abs(v); a != 0 && a < 1e-3 {
			return strconv.FormatFloat(v, 'g', 3, 64)
		}
		return toolSig(v, 3)
	case Flag:
		if v != 0 {
			return "yes"
		}
		return "no"
	}
	return toolSig(v, 6)
}

// toolDuration prints seconds from 1 s up in s, minutes, hours, days or
// 365-day years, to 3 significant digits.
func toolDuration(v float64) string {
	for _, u := range []struct {
		limit, unit float64
		name        string
	}{{Year, Year, "years"}, {Day, Day, "days"}, {Hour, Hour, "hours"}, {Minute, Minute, "min"}} {
		if math.Abs(v) >= u.limit {
			return toolSig(v/u.unit, 3) + " " + u.name
		}
	}
	return toolSig(v, 3) + " s"
}

// toolBinaryBytes prints bytes in KiB, MiB, GiB or TiB.
func toolBinaryBytes(v float64) string {
	suffix := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	i := 0
	for math.Abs(v) >= 1024 && i < len(suffix)-1 {
		v /= 1024
		i++
	}
	return trim(v, 2) + " " + suffix[i]
}

// toolSI prints v with a decimal prefix (k, M, G, T, P) and 4 significant digits.
func toolSI(v float64, unit string) string {
	prefixes := []string{"", "k", "M", "G", "T", "P", "E"}
	i := 0
	for math.Abs(v) >= 1000 && i < len(prefixes)-1 {
		v /= 1000
		i++
	}
	s := toolSig(v, 4)
	if prefixes[i] != "" || unit != "" {
		s += " " + prefixes[i] + unit
	}
	return s
}

// toolSig rounds to n significant digits and prints without an exponent.
func toolSig(v float64, n int) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', n, 64), 64)
	return strconv.FormatFloat(r, 'f', -1, 64)
}
