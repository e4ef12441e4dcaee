package tool

import (
	"fmt"
	"strconv"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

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
	Factors   Factors // zero: the calibrated defaults
}

// Memory answers a MemoryRequest: the bytes of a training step on
// one GPU, whether they fit, the largest batch that does, and what streaming
// the overflow to the host would cost.
func Memory(req MemoryRequest) (*Result, error) {
	var errs estimator.ErrorList
	m, _ := lookupModel(&errs, "model", req.Model)
	dev, _ := lookupGPU(&errs, "gpu", req.GPU)
	batch, _ := batchOf(&errs, "batch", req.Batch)
	if req.Batch == nil {
		errs.Add("batch", text("is required", "必須です"), nil)
	}
	p := precisionOf(&errs, req.Precision)
	o := hardware.SGD
	switch req.Optimizer {
	case "", string(hardware.SGD):
	case string(hardware.Adam):
		o = hardware.Adam
	default:
		errs.Add("optimizer", text("must be one of sgd, adam", "sgd か adam のいずれかにしてください"), strconv.Quote(req.Optimizer))
	}
	density := 1.0
	if req.Density != nil {
		density = *req.Density
		if !(density > 0 && density <= 1) {
			errs.Add("density", text("must be in (0, 1]", "0 より大きく 1 以下にしてください"), density)
		}
	}
	blockSize := 32
	if req.BlockSize != nil {
		blockSize = *req.BlockSize
		if blockSize < 1 || blockSize > 4096 {
			errs.Add("block_size", text("must be in [1, 4096]", "1 以上 4096 以下にしてください"), blockSize)
		}
	}
	f := checkFactors(&errs, req.Factors)
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	g := dev.gpu
	mem := hardware.EstimateMemory(m, g, batch, p, o, density, blockSize, f)
	b := newBuilder(req.Factors, f)
	b.title(text(fmt.Sprintf("%s on %s, batch %d, %s, %s", m.Name, g.Name, batch, p, o),
		fmt.Sprintf("%s を %s で、バッチ %d、%s、%s", m.Name, g.Name, batch, p, o)))
	b.input("memory.batch", text("Samples per GPU per step", "GPU 1 基・1 ステップあたりのサンプル数"), estimator.Count, float64(batch), srcInput)
	b.input("memory.density", text("Fraction of weights kept (block sparsity)", "残す重みの割合（ブロック疎）"), estimator.Ratio, density, srcInput)
	mp := "{catalog.models." + m.ID + ".params} * {memory.density}"
	state := 4.0
	if p == hardware.Mixed {
		state += 4 // the fp32 master copy beside the fp16 weights
	}
	if o == hardware.Adam {
		state += 4
	}
	weights := mp + " * 4" + mixedHalf(p)
	src := srcMemory
	if density < 1 {
		b.input("memory.block_size", text("Side of a sparse block", "疎ブロックの一辺"), estimator.Count, float64(blockSize), srcInput)
		weights += " + 4 * (" + mp + ") / ({memory.block_size} * {memory.block_size})"
		src = src.With("; block sparsity as OpenAI's block-sparse kernels store it (4-byte index per block)", "。ブロック疎は OpenAI のブロック疎カーネルの格納形式（ブロックごとに 4 バイトの索引）")
	}
	b.add("memory.weights", text("Weights", "重み"), estimator.Bytes, mem.Weights, weights, src)
	b.add("memory.gradients", text("Gradients", "勾配"), estimator.Bytes, mem.Gradients, fmt.Sprintf("%s * %v", mp, gradientBytes(p)), src)
	b.add("memory.optimizer", text("Optimizer state ("+string(o)+")", "オプティマイザ状態（"+string(o)+"）"), estimator.Bytes, mem.Optimizer, fmt.Sprintf("%s * %v", mp, state), src)
	perSample := "{catalog.models." + m.ID + ".activation_bytes}" + mixedHalf(p)
	b.add("memory.activations", text("Activations kept for the backward pass", "逆伝播のために保持する活性化"), estimator.Bytes, mem.Activations,
		perSample+" * {memory.batch}", srcMemory)
	b.add("memory.workspace", text("Workspace and allocator slack", "ワークスペースとアロケータの余裕"), estimator.Bytes, mem.Workspace,
		"{factors.workspace_fraction} * ({memory.weights} + {memory.gradients} + {memory.optimizer} + {memory.activations})", srcMemory)
	b.add("memory.total", text("Memory a training step needs", "学習 1 ステップに必要なメモリ"), estimator.Bytes, mem.Total,
		"{memory.weights} + {memory.gradients} + {memory.optimizer} + {memory.activations} + {memory.workspace}", srcMemory)
	b.add("memory.capacity", text("GPU memory", "GPU メモリ"), estimator.Bytes, mem.Capacity, "{catalog.gpus."+g.ID+".memory}", cite(g.Source))
	b.add("memory.fits", text("Fits the GPU's memory", "GPU メモリに収まるか"), estimator.Flag, flag(mem.Fits), "if({memory.total} <= {memory.capacity}, 1, 0)", srcMemory)
	b.add("memory.max_batch", text("Largest batch that fits", "収まる最大のバッチサイズ"), estimator.Count, float64(mem.MaxBatch),
		fmt.Sprintf("max(min(-ceil(-(({memory.capacity} / (1 + {factors.workspace_fraction}) - ({memory.weights} + {memory.gradients} + {memory.optimizer})) / (%s))), %d), 0)", perSample, int(estimator.BoundOf("batch").Max)),
		srcMemory)
	b.last().Formula = "floor((capacity / (1 + workspace_fraction) - weights - gradients - optimizer) / activations per sample), in [0, 2^20]"
	b.add("memory.overflow", text("Bytes that do not fit", "収まらないバイト数"), estimator.Bytes, mem.OverflowBytes, "max({memory.total} - {memory.capacity}, 0)", srcMemory)
	headline := []string{"memory.total", "memory.capacity", "memory.fits", "memory.max_batch"}
	if link, ok := hardware.NetworkByID(g.HostLink); ok && !mem.Fits {
		b.add("memory.stream_time_per_step", text("Streaming the overflow to the host and back, per step", "あふれた分をホストと往復させる時間（1 ステップあたり）"), estimator.Seconds, mem.StreamTimePerStep,
			"2 * {memory.overflow} / {catalog.networks."+link.ID+".bandwidth}", text("Rhu et al., vDNN, arXiv 1602.08124 (offload over "+link.Name+")", "Rhu ら、vDNN、arXiv 1602.08124（"+link.Name+" 経由の退避）"))
		headline = append(headline, "memory.stream_time_per_step")
	}
	b.note("model", cite(m.ID))
	b.note("gpu", cite(g.ID))
	b.note("precision", cite(string(p)))
	b.note("optimizer", cite(string(o)))
	if mem.Fits {
		b.note("verdict", text("fits", "収まる"))
	} else {
		b.note("verdict", text(fmt.Sprintf("does not fit: the largest batch that does is %d", mem.MaxBatch), fmt.Sprintf("収まらない: 収まる最大のバッチは %d", mem.MaxBatch)))
	}
	return b.finish(headline)
}

// mixedHalf is the factor a formula applies to 4-byte values that mixed
// precision keeps in 2 bytes.
func mixedHalf(p hardware.Precision) string {
	if p == hardware.Mixed {
		return " * 0.5"
	}
	return ""
}

// gradientBytes is the bytes of one gradient: 2 under mixed precision, as
// ZeRO counts.
func gradientBytes(p hardware.Precision) float64 {
	if p == hardware.Mixed {
		return 2
	}
	return 4
}
