package tool

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
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
	Batch   *int
	Factors Factors // zero: the calibrated defaults
}

// Throughput answers a ThroughputRequest: images/s and bytes/s of one
// GPU or CPU, where the time goes and whether compute or memory bounds it.
func Throughput(req ThroughputRequest) (*Result, error) {
	var errs estimator.ErrorList
	m, _ := lookupModel(&errs, "model", req.Model)
	var dev device
	switch {
	case req.GPU != "" && req.CPU != "":
		errs.Add("cpu", text("give gpu or cpu, not both", "gpu か cpu のどちらか一方を指定してください"), strconv.Quote(req.CPU))
	case req.CPU != "":
		dev, _ = lookupCPU(&errs, "cpu", req.CPU)
	default:
		dev, _ = lookupGPU(&errs, "gpu", req.GPU)
	}
	p := precisionOf(&errs, req.Precision)
	f := checkFactors(&errs, req.Factors)
	batch, batchSrc := batchOf(&errs, "batch", req.Batch)
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	if req.Batch == nil {
		batch, batchSrc = cpuBatch, srcDefault+": 32 on a CPU"
		if !dev.isCPU {
			batch, batchSrc = gpuBatch(m, dev.gpu, p, f)
		}
	}
	b := newBuilder(req.Factors, f)
	b.input("throughput.batch", text("Samples per step", "1 ステップのサンプル数"), estimator.Count, float64(batch), batchSrc)
	t := b.throughput("throughput", estimator.Text{}, m, dev, p, "throughput.batch", f)
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

// device is a GPU or CPU with what the formulas need to name it.
type device struct {
	table, id, name string
	isCPU           bool
	dev             hardware.Device
	gpu             hardware.GPU
	cpu             hardware.CPU
}

func gpuDevice(g hardware.GPU) device {
	return device{table: "gpus", id: g.ID, name: g.Name, dev: g.Device(), gpu: g}
}

func cpuDevice(c hardware.CPU) device {
	return device{table: "cpus", id: c.ID, name: c.Name, isCPU: true, dev: c.Device(), cpu: c}
}

// route is the arithmetic path a device takes at a precision: the peak it
// reads and the efficiency applied, as hardware's Device.rate chooses them.
type route struct {
	peak, factor, describe string
}

func (d device) path(p hardware.Precision) route {
	switch {
	case d.isCPU:
		return route{"fp32", "cpu_efficiency", "FP32 rate: a CPU runs every precision at its FP32 rate"}
	case p == hardware.TF32 && d.dev.TF32 > d.dev.FP32:
		return route{"tf32", "tf32_efficiency", "TF32 tensor peak"}
	case p == hardware.Mixed && d.dev.Mixed > d.dev.FP32:
		return route{"mixed", "mixed_efficiency", "FP16/BF16 peak"}
	case p != hardware.FP32:
		return route{"fp32", "fp32_efficiency", "FP32 peak: the part has no faster " + string(p) + " path"}
	}
	return route{"fp32", "fp32_efficiency", "FP32 peak"}
}

// throughput lays out the roofline model for one device under prefix.
func (b *builder) throughput(prefix string, label estimator.Text, m hardware.Model, d device, p hardware.Precision, batchID string, f hardware.Factors) hardware.Throughput {
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
	lab := func(en, ja string) estimator.Text {
		if label.EN == "" {
			return text(strings.ToUpper(en[:1])+en[1:], ja)
		}
		return text(label.EN+en, label.JA+ja)
	}
	r := func(name string) string { return "{" + k(name) + "}" }
	b.add(k("rate"), lab("sustained arithmetic rate", "持続演算性能"), estimator.FLOPS, peak*eff,
		fmt.Sprintf("{%s%s} * {factors.%s}", dp, path.peak, path.factor), srcRoofline+"; "+path.describe)
	b.add(k("compute_time"), lab("compute time per sample", "1 サンプルの計算時間"), estimator.Seconds, t.ComputeTime,
		fmt.Sprintf("6 * {%sforward_macs} / %s", mp, r("rate")), srcRoofline+"; training = 3 passes x 2 FLOPs per multiply-add")
	b.add(k("memory_time"), lab("memory time per sample", "1 サンプルのメモリ転送時間"), estimator.Seconds, t.MemoryTime,
		fmt.Sprintf("(8 * {%sactivation_bytes}%s + 28 * {%sparams} / {%s}) / ({%smem_bandwidth} * {factors.memory_efficiency})",
			mp, mixedHalf(p), mp, batchID, dp), srcRoofline+"; 8 passes over the activations, 28 B per parameter per step")
	overhead := "0"
	if !d.isCPU {
		overhead = "{factors.step_overhead_s} / {" + batchID + "}"
	}
	b.add(k("overhead_time"), lab("step overhead per sample", "1 サンプルあたりのステップのオーバーヘッド"), estimator.Seconds, t.OverheadTime, overhead, srcRoofline)
	b.add(k("time_per_sample"), lab("time per sample", "1 サンプルの処理時間"), estimator.Seconds, math.Max(t.ComputeTime, t.MemoryTime)+t.OverheadTime,
		fmt.Sprintf("max(%s, %s) + %s", r("compute_time"), r("memory_time"), r("overhead_time")), srcRoofline)
	b.add(k("images_per_s"), lab("images per second", "毎秒の画像数"), estimator.PerSecond, t.ImagesPerS, "1 / "+r("time_per_sample"), srcRoofline)
	b.add(k("bytes_per_s"), lab("stored-sample bytes per second", "毎秒の保存サンプルのバイト数"), estimator.BytesPerSecond, t.BytesPerS,
		fmt.Sprintf("%s * {%ssample_bytes}", r("images_per_s"), mp), srcRoofline)
	b.add(k("compute_bound"), lab("compute-bound (else memory-bound)", "計算律速か（否ならメモリ律速）"), estimator.Flag, flag(t.Bound == "compute"),
		fmt.Sprintf("if(%s >= %s, 1, 0)", r("compute_time"), r("memory_time")), srcRoofline)
	return t
}
