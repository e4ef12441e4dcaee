package tool

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
)

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
	// RunGPUTime, when > 0, is one training run's time on one GPU (seconds,
	// e.g. an estimate's train.<w>.gpu_time.<s>); the sweep then gives the
	// run's time at each count, ideal and modelled.
	RunGPUTime float64
	Factors    Factors // zero: the calibrated defaults
	// LoaderProcesses, when set, is the host decoding processes per GPU
	// (factors.host_loader_processes_per_gpu; 0: every host core decodes).
	LoaderProcesses *int
	// Decode, when set, is where the images are decoded: "host" (a CPU
	// loader, factors.host_decode_share 1) or "gpu" (NVIDIA DALI-style, 0).
	Decode string
}

// Decodes are the places ScaleRequest.Decode names, with the host's share
// of the decoding each means.
var Decodes = map[string]float64{"host": 1, "gpu": 0}

// Scale answers a ScaleRequest with the step at req.GPUs, its
// speed-up and efficiency over one GPU of the same system, and optionally
// the curve up to it.
func Scale(req ScaleRequest) (*Result, error) {
	var errs estimator.ErrorList
	m, _ := lookupModel(&errs, "model", req.Model)
	sys, okS := lookup(&errs, "system", req.System, hardware.SystemByID, hardware.SystemIDs)
	estimator.CheckBound(&errs, "gpus", "gpus", float64(req.GPUs))
	if !(req.RunGPUTime >= 0) || math.IsInf(req.RunGPUTime, 0) {
		errs.Add("run_gpu_time", text("must be a finite number >= 0", "0 以上の有限の数値にしてください"), req.RunGPUTime)
	}
	p := precisionOf(&errs, req.Precision)
	f := checkFactors(&errs, req.Factors)
	set := loaderOf(&errs, req, &f)
	batch, batchSrc := batchOf(&errs, "batch", req.Batch)
	var gpu hardware.GPU
	if okS {
		var ok bool
		if gpu, ok = hardware.GPUByID(sys.GPU); !ok || sys.GPUs < 1 {
			errs.Add("system", text("names no catalog GPU or has no GPUs", "カタログの GPU を指していないか、GPU がありません"), strconv.Quote(sys.ID))
		}
	}
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	if req.Batch == nil {
		batch, batchSrc = gpuBatch(m, gpu, p, f)
	}
	s := hardware.EstimateScale(m, sys, gpu, req.GPUs, p, batch, f)
	b := newBuilder(req.Factors, f)
	for _, name := range set {
		b.factorSources[name] = srcInput
	}
	b.title(text(fmt.Sprintf("%s on %d GPUs of %s (%s), %s, batch %d per GPU", m.Name, req.GPUs, sys.Name, gpu.ID, p, batch),
		fmt.Sprintf("%s を %s（%s）の GPU %d 基で、%s、GPU 1 基あたりバッチ %d", m.Name, sys.Name, gpu.ID, req.GPUs, p, batch)))
	b.input("scale.gpus", text("GPUs in the job", "ジョブの GPU 数"), estimator.Count, float64(req.GPUs), srcInput)
	b.input("scale.batch_per_gpu", text("Samples per GPU per step", "GPU 1 基・1 ステップあたりのサンプル数"), estimator.Count, float64(batch), batchSrc)
	one := b.throughput("scale.gpu", text("One GPU: ", "GPU 1 基: "), m, gpuDevice(gpu), p, "scale.batch_per_gpu", f)
	sp := "catalog.systems." + sys.ID + "."
	mp := "catalog.models." + m.ID + "."
	b.add("scale.gpus_per_system", text("GPUs used in each system", "各システムで使う GPU 数"), estimator.Count, float64(min(req.GPUs, sys.GPUs)),
		"min({scale.gpus}, {"+sp+"gpus})", srcScaling)
	b.add("scale.systems", text("Systems", "システム台数"), estimator.Count, float64(s.Systems), "ceil({scale.gpus} / {"+sp+"gpus})", srcScaling)
	b.add("scale.gradient_bytes", text("Gradient bytes all-reduced per step", "1 ステップで all-reduce する勾配のバイト数"), estimator.Bytes, m.Params*gradientBytes(p),
		fmt.Sprintf("{%sparams} * %v", mp, gradientBytes(p)), srcScaling.With("; fp16 gradients under mixed precision, as ZeRO counts", "。混合精度では ZeRO の勘定どおり fp16 の勾配"))
	b.ring("scale.comm_intra_time", text("All-reduce inside a system", "システム内の all-reduce 時間"), "scale.gpus_per_system", sys.IntraLink, 1, "1", f)
	b.ring("scale.comm_inter_time", text("All-reduce between systems", "システム間の all-reduce 時間"), "scale.systems", sys.Network,
		max(sys.NetworkPorts, 1), "max({"+sp+"network_ports}, 1)", f)
	b.add("scale.comm_time", text("Gradient all-reduce per step, if nothing overlapped", "1 ステップの勾配 all-reduce 時間（重なりなしの場合）"), estimator.Seconds, s.CommTime,
		"{scale.comm_intra_time} + {scale.comm_inter_time}", srcScaling)
	b.add("scale.compute_time", text("One GPU's own step", "GPU 1 基自身のステップ時間"), estimator.Seconds, s.ComputeTime,
		"{scale.batch_per_gpu} * {scale.gpu.time_per_sample}", srcScaling)
	b.add("scale.backward_time", text("Backward pass per step (2/3 of the busy time)", "1 ステップの逆伝播時間（計算時間の 2/3）"), estimator.Seconds,
		2.0/3*float64(batch)*math.Max(one.ComputeTime, one.MemoryTime),
		"2 / 3 * {scale.batch_per_gpu} * max({scale.gpu.compute_time}, {scale.gpu.memory_time})", srcScaling)
	b.add("scale.exposed_comm_time", text("All-reduce the backward pass does not hide", "逆伝播で隠れない all-reduce 時間"), estimator.Seconds, s.ExposedCommTime,
		"{scale.comm_time} - min({factors.overlap} * {scale.comm_time}, {scale.backward_time})", srcScaling)
	cpu, hasCPU := hardware.CPUByID(sys.CPU)
	inputExpr := func(gpus string) string {
		if !hasCPU {
			return "0"
		}
		cp := "catalog.cpus." + cpu.ID + "."
		decoders := fmt.Sprintf("{%scores} * {%ssockets}", cp, cp)
		if f.LoaderProcesses > 0 {
			decoders = fmt.Sprintf("min(%s, %v * {factors.host_loader_processes_per_gpu} * {%sgpus})", decoders, hardware.ProcessCores, sp)
		}
		return fmt.Sprintf("{factors.host_decode_share} * %s * {scale.batch_per_gpu} * {%ssample_bytes} / (%s * {factors.host_input_bytes_per_core_s})",
			gpus, mp, decoders)
	}
	b.add("scale.input_time", text("Host CPUs decoding one system's samples per step", "1 システム分のサンプルをホスト CPU がデコードする時間（1 ステップあたり）"), estimator.Seconds, s.InputTime,
		inputExpr("{scale.gpus_per_system}"), srcScaling.With("; host decoding caps a system (the article's warning)", "。ホストでのデコードがシステムの上限になる（記事の警告）"))
	single := hardware.EstimateScale(m, sys, gpu, 1, p, batch, f)
	b.input("scale.input_exposed", text("Share of the host's input work the step cannot hide", "ステップに隠れないホストの入力処理の割合"), estimator.Share, hardware.InputExposed,
		text("hardware.InputExposed, fitted to the DGX-1 V100 ResNet-50 speed-ups (NVIDIA DeepLearningExamples)", "hardware.InputExposed。DGX-1 V100 の ResNet-50 の速度向上（NVIDIA DeepLearningExamples）に合わせた値"))
	b.add("scale.input_time_one_gpu", text("Host CPUs decoding one GPU's samples per step", "GPU 1 基分のサンプルをホスト CPU がデコードする時間（1 ステップあたり）"), estimator.Seconds, single.InputTime,
		inputExpr("1"), srcScaling)
	b.add("scale.single_gpu_step_time", text("Step of one GPU alone in the system", "システム内で GPU 1 基だけのときのステップ時間"), estimator.Seconds, single.StepTime,
		"max({scale.compute_time} + {scale.input_exposed} * {scale.input_time_one_gpu}, {scale.input_time_one_gpu})", srcScaling)
	b.add("scale.step_time", text("Step time", "ステップ時間"), estimator.Seconds, s.StepTime,
		"max({scale.compute_time} + {scale.exposed_comm_time} + {scale.input_exposed} * {scale.input_time}, {scale.input_time})", srcScaling)
	b.add("scale.images_per_s", text("Images per second, all GPUs", "毎秒の画像数（全 GPU）"), estimator.PerSecond, s.ImagesPerS,
		"{scale.gpus} * {scale.batch_per_gpu} / {scale.step_time}", srcScaling)
	b.add("scale.speedup", text("Speed-up over one GPU", "GPU 1 基に対する速度向上"), estimator.Ratio, s.Speedup,
		"{scale.gpus} * {scale.single_gpu_step_time} / {scale.step_time}", srcScaling)
	b.add("scale.efficiency", text("Scaling efficiency (speed-up per GPU)", "スケーリング効率（GPU あたりの速度向上）"), estimator.Share, s.Efficiency,
		"{scale.speedup} / {scale.gpus}", srcScaling)

	b.note("model", cite(m.ID))
	b.note("system", cite(sys.ID))
	b.note("gpu", cite(gpu.ID))
	b.note("precision", cite(string(p)))
	b.note("loader", loaderNote(f))
	b.note("bottleneck", bottleneck(s))
	headline := []string{"scale.speedup", "scale.efficiency", "scale.images_per_s", "scale.step_time",
		"scale.comm_time", "scale.exposed_comm_time", "scale.input_time", "scale.systems"}
	if req.Sweep {
		if req.RunGPUTime > 0 {
			b.input("scale.run_gpu_time", text("One training run on one GPU", "GPU 1 基での学習 1 回の時間"), estimator.Seconds, req.RunGPUTime, srcInput)
		}
		rows := [][]string{{"GPUs", "systems", "speed-up", "efficiency", "images/s", "step"}}
		for _, n := range sweepCounts(sys.GPUs, req.GPUs) {
			pt := hardware.EstimateScale(m, sys, gpu, n, p, batch, f)
			k := fmt.Sprintf("scale.n%d.", n)
			b.addWords(k+"speedup", text(fmt.Sprintf("Speed-up at %d GPUs", n), fmt.Sprintf("GPU %d 基での速度向上", n)), estimator.Ratio, pt.Speedup,
				fmt.Sprintf("the model of scale.speedup with gpus = %d", n),
				[]string{"scale.batch_per_gpu", "scale.single_gpu_step_time", "scale.gradient_bytes"}, srcScaling)
			b.add(k+"efficiency", text(fmt.Sprintf("Efficiency at %d GPUs", n), fmt.Sprintf("GPU %d 基でのスケーリング効率", n)), estimator.Share, pt.Efficiency,
				fmt.Sprintf("{%sspeedup} / %d", k, n), srcScaling)
			b.add(k+"images_per_s", text(fmt.Sprintf("Images per second at %d GPUs", n), fmt.Sprintf("GPU %d 基での毎秒の画像数", n)), estimator.PerSecond, pt.ImagesPerS,
				fmt.Sprintf("{%sspeedup} * {scale.batch_per_gpu} / {scale.single_gpu_step_time}", k), srcScaling)
			if req.RunGPUTime > 0 {
				b.add(k+"run_time", text(fmt.Sprintf("One training run on %d GPUs", n), fmt.Sprintf("GPU %d 基での学習 1 回の時間", n)), estimator.Seconds, req.RunGPUTime/pt.Speedup,
					fmt.Sprintf("{scale.run_gpu_time} / {%sspeedup}", k), srcScaling)
				b.add(k+"ideal_run_time", text(fmt.Sprintf("One training run on %d GPUs, scaling linearly", n), fmt.Sprintf("GPU %d 基での学習 1 回の時間（線形スケーリング）", n)), estimator.Seconds, req.RunGPUTime/float64(n),
					fmt.Sprintf("{scale.run_gpu_time} / %d", n), srcScaling)
			}
			rows = append(rows, []string{strconv.Itoa(n), strconv.Itoa(pt.Systems), present.FormatToolValue(pt.Speedup, estimator.Ratio, estimator.English) + "x",
				present.FormatToolValue(100*pt.Efficiency, estimator.Ratio, estimator.English) + "%", present.FormatToolValue(pt.ImagesPerS, estimator.PerSecond, estimator.English), present.FormatToolValue(pt.StepTime, estimator.Seconds, estimator.English)})
		}
		b.res.Sections = append(b.res.Sections, present.Section{Title: "Sweep", Rows: rows})
	}
	return b.finish(headline)
}

// ring lays out one ring all-reduce as hardware's ringTime computes it.
func (b *builder) ring(id string, label estimator.Text, membersID, linkID string, ports int, portsExpr string, f hardware.Factors) float64 {
	net, ok := hardware.NetworkByID(linkID)
	members := b.valueOf(membersID)
	bw := net.Bandwidth * float64(ports) * f.CommEfficiency
	if !ok || !(bw > 0) {
		return b.add(id, label, estimator.Seconds, 0, "0", srcScaling.With("; no such link", "。該当する接続なし"))
	}
	n := "{" + membersID + "}"
	np := "{catalog.networks." + net.ID + "."
	volume := fmt.Sprintf("2 * (%s - 1) / %s * {scale.gradient_bytes}", n, n)
	src := srcScaling.With("; ring over "+net.Name, "。"+net.Name+" 上のリング")
	if net.Shared {
		volume = fmt.Sprintf("2 * (%s - 1) * {scale.gradient_bytes}", n)
		src = src.With(", shared by the system's GPUs (traffic crosses the host)", "。システムの GPU で共有（通信はホストを経由）")
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
	return b.add(id, label, estimator.Seconds, v,
		fmt.Sprintf("%s / (%sbandwidth} * %s * {factors.comm_efficiency}) + 2 * (%s - 1) * %slatency}", volume, np, portsExpr, n, np), src)
}

// loaderOf checks the request's loader fields, each by the rule of the
// factor it sets, writes them into f, and returns the names of the factors
// they set.
func loaderOf(errs *estimator.ErrorList, req ScaleRequest, f *hardware.Factors) []string {
	var set []string
	if n := req.LoaderProcesses; n != nil {
		const name = "host_loader_processes_per_gpu"
		spec := hardware.FactorSpecs[slices.IndexFunc(hardware.FactorSpecs, func(s hardware.FactorSpec) bool { return s.Name == name })]
		checkFactor(errs, "loader_processes", spec, float64(*n))
		f.LoaderProcesses = float64(*n)
		set = append(set, name)
	}
	if req.Decode != "" {
		share, ok := Decodes[req.Decode]
		if !ok {
			errs.Add("decode", text("must be host or gpu", "host か gpu にしてください"), strconv.Quote(req.Decode))
		}
		f.HostDecodeShare = share
		set = append(set, "host_decode_share")
	}
	return set
}

// loaderNote says which loader the figures assume and how to change it.
func loaderNote(f hardware.Factors) estimator.Text {
	const change, changeJA = "; --loader-processes N, --decode gpu to change", "。変えるには --loader-processes N、--decode gpu"
	if f.HostDecodeShare == 0 {
		return text("the GPUs decode (NVIDIA DALI-style), so the host caps nothing; --decode host to change",
			"GPU がデコード（NVIDIA DALI など）するため、ホストは上限になりません。変えるには --decode host")
	}
	share, shareJA := "", ""
	if f.HostDecodeShare < 1 {
		pct := present.FormatToolValue(100*f.HostDecodeShare, estimator.Ratio, estimator.English)
		share, shareJA = ", the host doing "+pct+"% of the decoding", "。デコードの "+pct+"% をホストが担当"
	}
	if f.LoaderProcesses == 0 {
		return text("every host core decodes (a threaded loader, as tf.data)"+share+change, "ホストの全コアがデコード（tf.data のようなスレッドのローダー）"+shareJA+changeJA)
	}
	n := present.FormatToolValue(f.LoaderProcesses, estimator.Count, estimator.English)
	en, ja := n+" host decoding processes per GPU", "GPU あたり "+n+" 個のホストのデコードプロセス"
	if f.LoaderProcesses == hardware.DefaultLoaderProcesses {
		en, ja = en+" (torchvision's reference script default)", ja+"（torchvision の参照スクリプトの既定値）"
	}
	return text(en+share+change, ja+shareJA+changeJA)
}

func bottleneck(s hardware.Scale) estimator.Text {
	if s.InputTime >= s.StepTime && s.InputTime > 0 {
		return text("host input: the system's CPUs cannot decode samples as fast as its GPUs train", "ホストの入力: システムの CPU が、GPU の学習に追いつく速さでサンプルをデコードできない")
	}
	var en, ja []string
	if s.ExposedCommTime > 0 {
		pct := present.FormatToolValue(100*s.ExposedCommTime/s.StepTime, estimator.Ratio, estimator.English)
		en = append(en, pct+"% of the step waiting on gradient exchange")
		ja = append(ja, "ステップの "+pct+"% は勾配の交換待ち")
	}
	if s.InputTime > 0 {
		pct := present.FormatToolValue(100*hardware.InputExposed*s.InputTime/s.StepTime, estimator.Ratio, estimator.English)
		en = append(en, pct+"% on the host's input work")
		ja = append(ja, pct+"% はホストの入力処理待ち")
	}
	if len(en) == 0 {
		return text("computation", "計算")
	}
	return text("computation, with "+strings.Join(en, " and "), "計算。"+strings.Join(ja, "、"))
}

// sweepCounts are the GPU counts of a sweep: every count up to one system,
// then doubling numbers of full systems, then max.
func sweepCounts(perSystem, max int) []int {
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
