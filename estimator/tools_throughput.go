package estimator

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

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
			batch, batchSrc = toolGPUBatch(m, dev.gpu, p, f)
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

func toolCPUDevice(c hardware.CPU) toolDevice {
	return toolDevice{table: "cpus", id: c.ID, name: c.Name, isCPU: true, dev: c.Device(), cpu: c}
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
	b.add(k("memory_time"), lab("memory time per sample"), Seconds, t.MemoryTime,
		fmt.Sprintf("(8 * {%sactivation_bytes}%s + 28 * {%sparams} / {%s}) / ({%smem_bandwidth} * {factors.memory_efficiency})",
			mp, toolMixedHalf(p), mp, batchID, dp), toolSrcRoofline+"; 8 passes over the activations, 28 B per parameter per step")
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
