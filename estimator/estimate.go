package estimator

import (
	"math"
	"slices"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/numtext"
)

// Where each family's method comes from, in every language a reader may
// choose; the article's title stays as published.
var (
	srcArticle  = Text{"Grzywaczewski, Training AI for Self-Driving Vehicles: the Challenge of Scale, NVIDIA Developer Blog, 2017", "Grzywaczewski「Training AI for Self-Driving Vehicles: the Challenge of Scale」（NVIDIA Developer Blog、2017 年）"}
	srcStorage  = srcArticle.With(" (a DGX-1 class node can need > 3 GB/s of storage reads)", "（DGX-1 級のノードは毎秒 3 GB を超えるストレージ読み出しを要することがある）")
	srcHost     = srcArticle.With(" (host RAM 2-3x the GPUs' memory)", "（ホストメモリは GPU メモリの 2～3 倍）")
	srcGrowth   = srcArticle.With(", after Goodfellow et al. 2016 (n-fold data needs n^2 compute)", "、Goodfellow ら（2016 年）に基づく（データが n 倍なら計算量は n^2 倍）")
	srcLinear   = srcArticle.With(" (near-linear scaling inside a system)", "（システム内ではほぼ線形にスケールする）")
	srcSensors  = Text{"sensor data rates: cameras x megapixels x bits per pixel x fps; radar and lidar from their bit rates", "センサーのデータレート: カメラ数 × 画素数（メガピクセル）× 画素あたりのビット数 × fps。レーダーとライダーはそれぞれのビットレートから"}
	srcCatalog  = Text{"trainscale hardware catalog, unless the scenario sets it", "trainscale のハードウェアカタログ（シナリオが指定しない場合）"}
	srcRounding = Text{"procurement rounds up; the article prints the nearest integer", "調達では切り上げる。記事は最も近い整数を示す"}
	srcDataset  = Text{"the scenario's dataset", "シナリオのデータセット"}
	srcRoofline = Text{"trainscale roofline throughput model (estimator/hardware), calibrated against published measurements", "trainscale のルーフライン性能モデル（estimator/hardware）。公開された測定値で較正"}
	srcScaling  = Text{"trainscale data-parallel scaling model (estimator/hardware): ring all-reduce inside and between systems", "trainscale のデータ並列スケーリングモデル（estimator/hardware）: システム内とシステム間のリング all-reduce"}
	srcMemory   = Text{"trainscale training-memory model (estimator/hardware): weights, gradients, optimizer state, activations", "trainscale の学習メモリモデル（estimator/hardware）: 重み、勾配、オプティマイザの状態、活性化"}
)

// The quantity families, in the order an estimate lists them.
var (
	dataPerCarHour = kind{"data.per_car_hour", Text{"Data per car per hour of driving", "車両 1 台・走行 1 時間あたりのデータ量"}, Bytes,
		"{fleet.tb_per_hour} * TB", &srcArticle, arithmetic}
	dataPerCarHourFromSensors = kind{"data.per_car_hour", Text{"Data per car per hour of driving", "車両 1 台・走行 1 時間あたりのデータ量"}, Bytes,
		"", &srcSensors, arithmetic} // the formula is built from the sensor list
	dataRaw = kind{"data.raw", Text{"Raw data collected per year", "年間に収集する生データ量"}, Bytes,
		"{fleet.cars} * {fleet.hours_per_day} * {fleet.days_per_year} * {data.per_car_hour}", &srcArticle, arithmetic}
	dataSampled = kind{"data.sampled", Text{"Raw data kept by resampling, before compression", "間引き後・圧縮前の生データ量"}, Bytes,
		"{data.raw} * {preprocessing.sampled_fps} / {preprocessing.source_fps}", &srcArticle, arithmetic}
	dataReductionGiven = kind{"data.reduction", Text{"Data reduction factor", "データ削減率"}, Ratio,
		"{preprocessing.reduction}", &srcArticle, arithmetic}
	dataReductionDerived = kind{"data.reduction", Text{"Data reduction factor", "データ削減率"}, Ratio,
		"{preprocessing.sampled_fps} / {preprocessing.source_fps} / {preprocessing.compression_ratio}", &srcArticle, arithmetic}
	dataProcessed = kind{"data.processed", Text{"Data after preprocessing", "前処理後のデータ量"}, Bytes,
		"{data.raw} * {data.reduction}", &srcArticle, arithmetic}

	dataProcessedFromDataset = kind{"data.processed", Text{"Training data", "学習データ量"}, Bytes,
		"{dataset.samples} * {dataset.sample_kb} * KB", &srcDataset, arithmetic}

	trainRate = kind{"train.<w>.rate", Text{"<w>: throughput of one reference GPU", "<w>: 基準 GPU 1 基のスループット"}, BytesPerSecond,
		"{workloads[<wi>].mb_per_s} * MB", &srcArticle, arithmetic}
	trainGPUTime = kind{"train.<w>.gpu_time", Text{"<w>: one training run on one reference GPU", "<w>: 基準 GPU 1 基での学習 1 回の時間"}, Seconds,
		"{training.epochs} * {data.processed} / {train.<w>.rate}", &srcArticle, arithmetic}
	trainGPURateMeasured = kind{"train.<w>.gpu_rate.<s>", Text{"<w>: throughput of one <s> GPU", "<w>: <s> の GPU 1 基のスループット"}, BytesPerSecond,
		"{train.<w>.rate} * {systems[<si>].speedup}", &srcArticle, arithmetic}
	trainGPURateModelled = kind{"train.<w>.gpu_rate.<s>", Text{"<w>: throughput of one <s> GPU", "<w>: <s> の GPU 1 基のスループット"}, BytesPerSecond,
		"roofline images/s of {workloads[<wi>].model} at {workloads[<wi>].precision} on one <g> x bytes per sample", &srcRoofline, modelled}
	trainGPUTimeOnSystem = kind{"train.<w>.gpu_time.<s>", Text{"<w>: one training run on one <s> GPU", "<w>: <s> の GPU 1 基での学習 1 回の時間"}, Seconds,
		"{training.epochs} * {data.processed} / {train.<w>.gpu_rate.<s>}", &srcArticle, arithmetic}
	trainSystemTimeLinear = kind{"train.<w>.system_time.<s>", Text{"<w>: one training run on one <s>", "<w>: <s> 1 台での学習 1 回の時間"}, Seconds,
		"{train.<w>.gpu_time.<s>} / {systems[<si>].gpus}", &srcLinear, arithmetic}
	scaleSystemSpeedup = kind{"scale.<w>.system_speedup.<s>", Text{"<w>: one <s> against one of its GPUs", "<w>: <s> 1 台の、GPU 1 基に対する速度向上"}, Ratio,
		"modelled speed-up of {systems[<si>].gpus} GPUs of <g> over one, for {workloads[<wi>].model}", &srcScaling, modelled}
	trainSystemTimeModelled = kind{"train.<w>.system_time.<s>", Text{"<w>: one training run on one <s>", "<w>: <s> 1 台での学習 1 回の時間"}, Seconds,
		"{train.<w>.gpu_time.<s>} / {scale.<w>.system_speedup.<s>}", &srcScaling, arithmetic}
	teamGPUsPerJobLinear = kind{"team.<w>.gpus_per_job.<s>", Text{"<w>: <s> GPUs one job needs to meet the target", "<w>: 目標期間に収めるため 1 ジョブに要る <s> GPU 数"}, Count,
		"{train.<w>.gpu_time.<s>} / ({team.target_days} * DAY)", &srcArticle, arithmetic}
	teamGPUsPerJobModelled = kind{"team.<w>.gpus_per_job.<s>", Text{"<w>: <s> GPUs one job needs to meet the target", "<w>: 目標期間に収めるため 1 ジョブに要る <s> GPU 数"}, Count,
		"fewest GPUs whose modelled speed-up reaches {train.<w>.gpu_time.<s>} / ({team.target_days} * DAY)", &srcScaling, modelled}
	scaleEfficiency = kind{"scale.<w>.efficiency.<s>", Text{"<w>: scaling efficiency of one job on <s>", "<w>: <s> での 1 ジョブのスケーリング効率"}, Share,
		"modelled speed-up at {team.<w>.gpus_per_job.<s>} GPUs / {team.<w>.gpus_per_job.<s>}", &srcScaling, modelled}
	trainJobTime = kind{"train.<w>.job_time.<s>", Text{"<w>: one training run on the job's <s> GPUs", "<w>: ジョブの <s> GPU 群での学習 1 回の時間"}, Seconds,
		"{train.<w>.gpu_time.<s>} / ({team.<w>.gpus_per_job.<s>} * {scale.<w>.efficiency.<s>})", &srcScaling, arithmetic}
	teamMeetsTarget = kind{"team.<w>.meets_target.<s>", Text{"<w>: some job size on <s> meets the target", "<w>: <s> で目標期間を満たすジョブ規模があるか"}, Flag,
		"if({train.<w>.job_time.<s>} <= {team.target_days} * DAY * 1.000001, 1, 0)", &srcScaling, arithmetic}
	teamSystemsLinear = kind{"team.<w>.systems.<s>", Text{"<w>: <s> systems for the team", "<w>: チームに必要な <s> の台数"}, Count,
		"{train.<w>.gpu_time.<s>} / {systems[<si>].gpus} / ({team.target_days} * DAY) * {team.concurrent_jobs}", &srcArticle, arithmetic}
	teamSystemsModelled = kind{"team.<w>.systems.<s>", Text{"<w>: <s> systems for the team", "<w>: チームに必要な <s> の台数"}, Count,
		"{team.<w>.gpus_per_job.<s>} * {team.concurrent_jobs} / {systems[<si>].gpus}", &srcScaling, arithmetic}
	teamSystemsLinearGoodput = kind{"team.<w>.systems.<s>", Text{"<w>: <s> systems for the team", "<w>: チームに必要な <s> の台数"}, Count,
		"{train.<w>.gpu_time.<s>} / {systems[<si>].gpus} / ({team.target_days} * DAY) * {team.concurrent_jobs} / {team.<w>.goodput.<s>}", &srcGoodput, arithmetic}
	teamSystemsModelledGoodput = kind{"team.<w>.systems.<s>", Text{"<w>: <s> systems for the team", "<w>: チームに必要な <s> の台数"}, Count,
		"{team.<w>.gpus_per_job.<s>} * {team.concurrent_jobs} / {systems[<si>].gpus} / {team.<w>.goodput.<s>}", &srcGoodput, arithmetic}
	teamSystemsToBuy = kind{"team.<w>.systems_to_buy.<s>", Text{"<w>: <s> systems to buy (rounded up)", "<w>: 購入する <s> の台数（切り上げ）"}, Count,
		"ceil({team.<w>.systems.<s>})", &srcRounding, arithmetic}
	teamSystemsPerMember = kind{"team.<w>.systems_per_member.<s>", Text{"<w>: <s> systems per team member", "<w>: メンバー 1 人あたりの <s> の台数"}, Count,
		"{team.<w>.systems.<s>} / {team.members}", &srcArticle, arithmetic}
	storageNodeReadLinear = kind{"storage.<w>.node_read_rate.<s>", Text{"<w>: storage reads of one <s>", "<w>: <s> 1 台のストレージ読み出し速度"}, BytesPerSecond,
		"{systems[<si>].gpus} * {train.<w>.gpu_rate.<s>}", &srcStorage, arithmetic}
	storageNodeReadModelled = kind{"storage.<w>.node_read_rate.<s>", Text{"<w>: storage reads of one <s>", "<w>: <s> 1 台のストレージ読み出し速度"}, BytesPerSecond,
		"{train.<w>.gpu_rate.<s>} * {scale.<w>.system_speedup.<s>}", &srcStorage, arithmetic}
	storageClusterRead = kind{"storage.<w>.cluster_read_rate.<s>", Text{"<w>: storage reads of the team's <s> cluster", "<w>: チームの <s> クラスタのストレージ読み出し速度"}, BytesPerSecond,
		"{storage.<w>.node_read_rate.<s>} * {team.<w>.systems.<s>}", &srcStorage, arithmetic}
	memoryPerGPU = kind{"memory.<w>.per_gpu.<s>", Text{"<w>: training memory per <s> GPU", "<w>: <s> の GPU 1 基あたりの学習メモリ"}, Bytes,
		"weights + gradients + optimizer state of {workloads[<wi>].model} + activations x batch at {workloads[<wi>].precision} + workspace", &srcMemory, modelled}
	memoryFits = kind{"memory.<w>.fits.<s>", Text{"<w>: training fits one <s> GPU's memory", "<w>: 学習が <s> の GPU 1 基のメモリに収まるか"}, Flag,
		"if({memory.<w>.per_gpu.<s>} <= {host.gpu_memory.<s>} / {systems[<si>].gpus}, 1, 0)", &srcMemory, arithmetic}

	storageLocalSSD = kind{"storage.local_ssd.<s>", Text{"<s>: local SSD cache", "<s>: ローカル SSD キャッシュ"}, Bytes,
		"{systems[<si>].local_ssd_tb} * TB", &srcArticle, arithmetic}
	storageLocalSSDCatalog = kind{"storage.local_ssd.<s>", Text{"<s>: local SSD cache", "<s>: ローカル SSD キャッシュ"}, Bytes,
		"{catalog.systems.<b>.local_ssd}", &srcCatalog, arithmetic}
	storageDatasetFitsLocal = kind{"storage.dataset_fits_local.<s>", Text{"<s>: processed dataset fits the local cache", "<s>: 前処理済みデータがローカルキャッシュに収まるか"}, Flag,
		"if({data.processed} <= {storage.local_ssd.<s>}, 1, 0)", &srcStorage, arithmetic}
	storageSharedReadPerRun = kind{"storage.shared_read_per_run.<s>", Text{"<s>: data read from shared storage per run", "<s>: 1 回の学習で共有ストレージから読むデータ量"}, Bytes,
		"{data.processed} * if({storage.dataset_fits_local.<s>} = 1, 1, {training.epochs})", &srcStorage, arithmetic}
	hostGPUMemory = kind{"host.gpu_memory.<s>", Text{"<s>: memory of its GPUs", "<s>: GPU メモリの合計"}, Bytes,
		"{systems[<si>].gpus} * {systems[<si>].gpu_memory_gb} * GB", &srcArticle, arithmetic}
	hostGPUMemoryNone = kind{"host.gpu_memory.<s>", Text{"<s>: memory of its GPUs", "<s>: GPU メモリの合計"}, Bytes,
		"0", &Text{"a CPU-only system", "CPU だけのシステム"}, arithmetic}
	hostGPUMemoryCatalog = kind{"host.gpu_memory.<s>", Text{"<s>: memory of its GPUs", "<s>: GPU メモリの合計"}, Bytes,
		"{systems[<si>].gpus} * {catalog.gpus.<g>.memory}", &srcCatalog, arithmetic}
	hostRAMLow = kind{"host.ram_low.<s>", Text{"<s>: host RAM wanted, low", "<s>: 必要なホストメモリ（下限）"}, Bytes,
		"{host.ram_factor_low} * {host.gpu_memory.<s>}", &srcHost, arithmetic}
	hostRAMHigh = kind{"host.ram_high.<s>", Text{"<s>: host RAM wanted, high", "<s>: 必要なホストメモリ（上限）"}, Bytes,
		"{host.ram_factor_high} * {host.gpu_memory.<s>}", &srcHost, arithmetic}
	hostRAMInstalled = kind{"host.ram_installed.<s>", Text{"<s>: host RAM installed", "<s>: 搭載ホストメモリ"}, Bytes,
		"{systems[<si>].host_ram_gb} * GB", &srcArticle, arithmetic}
	hostRAMInstalledCatalog = kind{"host.ram_installed.<s>", Text{"<s>: host RAM installed", "<s>: 搭載ホストメモリ"}, Bytes,
		"{catalog.systems.<b>.host_ram}", &srcCatalog, arithmetic}
	hostRAMOK = kind{"host.ram_ok.<s>", Text{"<s>: installed RAM covers the low end", "<s>: 搭載メモリが下限を満たすか"}, Flag,
		"if({host.ram_installed.<s>} >= {host.ram_low.<s>}, 1, 0)", &srcHost, arithmetic}

	growthComputeFactor = kind{"growth.compute_factor_n<n>", Text{"Compute when data grows <n>-fold", "データが <n> 倍になったときの計算量（倍率）"}, Ratio,
		"<n> ^ {growth.exponent}", &srcGrowth, arithmetic}
	growthSystems = kind{"growth.<w>.systems_n<n>.<s>", Text{"<w>: <s> systems when data grows <n>-fold", "<w>: データが <n> 倍になったときの <s> の台数"}, Count,
		"{team.<w>.systems.<s>} * {growth.compute_factor_n<n>}", &srcGrowth, arithmetic}
)

// Estimate is the result of one scenario: its quantities, in a stable order.
type Estimate struct {
	Scenario *Scenario
	calc     *Calculation
	values   []float64 // in layout order; kept apart so estimating allocates no pointers
	// low and high are every value at the whole run's model error's P10
	// and P90 (wholeRunBand); nil where the scenario takes no such default.
	low, high []float64
}

// Quantities lists every quantity with its value, in a stable order.
func (e *Estimate) Quantities() []Quantity {
	qs := slices.Clone(e.calc.layout)
	for i := range qs {
		e.fill(&qs[i], i)
	}
	return qs
}

// fill sets the i-th quantity's value, and its P10 and P90 where the whole
// run's model error moves it. A run's parts keep their modelled values:
// the model's miss is no part's.
func (e *Estimate) fill(q *Quantity, i int) {
	q.Value = e.values[i]
	if e.low == nil || e.low[i] == e.high[i] || strings.Contains(q.ID, ".run_hours.") {
		return
	}
	q.P10, q.P90 = min(e.low[i], e.high[i]), max(e.low[i], e.high[i])
}

// Get returns the quantity with the given id.
func (e *Estimate) Get(id string) (Quantity, bool) {
	i, ok := e.calc.index[id]
	if !ok {
		return Quantity{}, false
	}
	q := e.calc.layout[i]
	e.fill(&q, i)
	return q, true
}

// Run validates s and estimates it: Prepare, then Estimate.
func Run(s *Scenario) (*Estimate, error) {
	c, err := Prepare(s)
	if err != nil {
		return nil, err
	}
	return c.Estimate()
}

// Calculation is a validated scenario with its quantities laid out (ids, labels,
// formulas). Estimating it costs only the arithmetic, so a caller that changes
// the scenario's numbers in place and estimates again (sampling, sweeps) pays
// for the layout once. Changes must keep the scenario valid and its lists
// (workloads, systems, sensors) as they were.
type Calculation struct {
	s      *Scenario
	hw     catalogView
	layout []Quantity // every quantity but its value
	index  map[string]int
	fields map[string]numericField // for Set, found on first use
}

// catalogView is what the scenario's ids resolve to in the hardware catalog,
// looked up once per Calculation.
type catalogView struct {
	devices []device                    // per system
	models  []hardware.Model            // per workload; zero when it names none
	configs []hardware.TransformerModel // per workload: its transformer.config's model, mapped once
	plans   *planCache                  // the transformer workloads' plans
}

func viewOf(s *Scenario) catalogView {
	v := catalogView{devices: make([]device, len(s.Systems)), models: make([]hardware.Model, len(s.Workloads)),
		configs: make([]hardware.TransformerModel, len(s.Workloads)), plans: newPlanCache(calculationPlans)}
	for i, sys := range s.Systems {
		v.devices[i] = resolveDevice(sys)
	}
	for i, w := range s.Workloads {
		v.models[i], _ = hardware.ModelByID(w.Model)
		if w.Transformer != nil && w.Transformer.Config != nil {
			v.configs[i] = configModel(w.Transformer.Config, "", &errorList{}) // validated: no errors
		}
	}
	return v
}

// Prepare validates s and lays out its quantities.
func Prepare(s *Scenario) (*Calculation, error) { return prepare(s, nil) }

// prepare is Prepare with the transformer plans kept in plans, when given,
// so callers preparing many scenarios of one hardware (the planner) search
// each layout once.
func prepare(s *Scenario, plans *planCache) (*Calculation, error) {
	if err := Validate(s); err != nil {
		return nil, err
	}
	hw := viewOf(s)
	if plans != nil {
		hw.plans = plans
	}
	b := &builder{describe: true}
	compute(s, hw, b)
	if b.err != nil {
		return nil, b.err
	}
	c := &Calculation{s: s, hw: hw, layout: b.qs, index: make(map[string]int, len(b.qs))}
	for i, q := range b.qs {
		c.index[q.ID] = i
	}
	return c, nil
}

// Estimate computes every quantity from the scenario's current numbers. The
// error names each quantity that would not be a finite number, with its inputs.
func (c *Calculation) Estimate() (*Estimate, error) {
	b := &builder{values: make([]float64, len(c.layout))}
	compute(c.s, c.hw, b)
	if b.err != nil {
		return nil, b.err
	}
	var errs errorList
	for i, v := range b.values {
		b.values[i] = numtext.NoNegativeZero(v) // no surface may print -0
		if math.IsNaN(v) || math.IsInf(v, 0) {
			q := c.layout[i]
			errs.add(q.ID, Text{"result is not a finite number; check the size of its inputs: " + strings.Join(q.Inputs, ", "), "結果が有限の数値になりません。入力の大きさを確かめてください: " + strings.Join(q.Inputs, ", ")}, v)
		}
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}
	e := &Estimate{Scenario: c.s, calc: c, values: b.values}
	e.low, e.high = c.wholeRunBand()
	return e, nil
}

// wholeRunBand estimates every value again at the P10 and at the P90 of the
// whole run's default model error, where the scenario takes that default:
// one factor, so each value moving with it has its P10 and P90 there. A
// band the scenario cannot meet (a deadline no job meets at the P90) is
// left out.
func (c *Calculation) wholeRunBand() (low, high []float64) {
	d, ok := wholeRunDefault(c.s)
	if !ok {
		return nil, nil
	}
	at := func(f float64) (values []float64) {
		atWholeRun(c.s, f, func() {
			b := &builder{values: make([]float64, len(c.layout))}
			compute(c.s, c.hw, b)
			if b.err == nil && b.next == len(c.layout) {
				values = b.values
			}
		})
		return values
	}
	low, high = at(d.Quantile(0.1)), at(d.Quantile(0.9))
	if low == nil || high == nil {
		return nil, nil
	}
	return low, high
}

// builder receives quantities as compute produces them: with describe set it
// lays out each one from its kind; otherwise it only records values, in the
// same order, allocating nothing.
type builder struct {
	describe     bool
	headlineOnly bool  // sampling stops after the plan's cost: no storage, host or growth tables
	results      chain // reused from one estimate to the next
	qs           []Quantity
	values       []float64
	next         int
	err          error // the first plan the transformer model could not make
	// sweep marks the planner's estimates at its grid of deadlines, whose
	// projects are sized by their rate (sizeProject), not walked to the
	// fewest GPUs: only the plan at the deadline is the exact answer.
	sweep bool
	// target is the scenario path of the time a run may take, which the
	// formulas name as {team.target_days}: project.deadline_days in a
	// project.
	target string
}

func (b *builder) add(k *kind, c *subject, v float64) float64 {
	if !b.describe {
		b.values[b.next] = v
		b.next++
		return v
	}
	return b.addExpr(k, c, k.expr, v)
}

// addExpr is add with a formula built for this scenario rather than the kind's.
func (b *builder) addExpr(k *kind, c *subject, expr string, v float64) float64 {
	if b.describe {
		if b.target != "" {
			expr = strings.ReplaceAll(expr, "{team.target_days}", "{"+b.target+"}")
		}
		b.qs = append(b.qs, k.instantiate(*c, expr, v))
		return v
	}
	b.values[b.next] = v
	b.next++
	return v
}

// compute is the article's chain, extended with the modelled throughput,
// scaling and memory, and with the storage, host and growth figures its prose
// discusses.
func compute(s *Scenario, hw catalogView, b *builder) {
	us := s.Units
	if s.IsProject() {
		b.target = "project.deadline_days"
	}
	processed := dataChain(s, b)
	tokens := tokenChain(s, b)
	target := s.Target()
	factors := s.Factors.Resolve()
	me := s.ModelError

	results := b.chain(processed, len(s.Workloads), len(s.Systems))
	for wi, w := range s.Workloads {
		if w.Transformer != nil {
			computeTransformer(s, hw, b, wi, tokens, results)
			continue
		}
		c := subject{w: w.ID, wName: w.Name(), wi: wi}
		var rate float64
		if w.MBPerS != nil {
			rate = b.add(&trainRate, &c, *w.MBPerS*us.MB())
			b.add(&trainGPUTime, &c, s.Epochs()*processed/rate)
		}
		model := hw.models[wi]
		for si, sys := range s.Systems {
			d := hw.devices[si]
			c.s, c.sName, c.si, c.g = sys.ID, sys.Name(), si, d.id
			batch := w.batch(model, d, factors)
			var gpuRate float64
			if w.MBPerS != nil {
				gpuRate = b.add(&trainGPURateMeasured, &c, rate**sys.Speedup)
			} else {
				t := hardware.EstimateThroughput(model, d.model(), hardware.Precision(w.Precision), batch, factors)
				gpuRate = b.modelled(&trainGPURateModelled, &c, me, errThroughput, t.ImagesPerS*w.sampleBytes(s, model)*me.factor(errThroughput))
			}
			gpuTime := b.add(&trainGPUTimeOnSystem, &c, s.Epochs()*processed/gpuRate)

			r := results.pair(wi, si)
			r.gpuTime = gpuTime
			var nodeRead float64
			if s.Scaling() == "modelled" {
				p := hardware.Precision(w.Precision)
				speedupAt := func(n int) float64 {
					return scaledSpeedup(hardware.EstimateScale(model, d.system, d.gpu, n, p, batch, factors).Speedup, n, me.factor(errScaling))
				}
				sysSpeedup := b.modelled(&scaleSystemSpeedup, &c, me, errScaling, speedupAt(int(sys.GPUs)))
				b.add(&trainSystemTimeModelled, &c, gpuTime/sysSpeedup)
				gpus, speedup := jobSize(gpuTime/target, speedupAt)
				r.gpusPerJob = b.add(&teamGPUsPerJobModelled, &c, float64(gpus))
				eff := b.add(&scaleEfficiency, &c, speedup/r.gpusPerJob)
				r.jobTime = b.add(&trainJobTime, &c, gpuTime/(r.gpusPerJob*eff))
				if !s.IsProject() { // a project's run meets its deadline with failures (projectSystems)
					b.add(&teamMeetsTarget, &c, flag(r.jobTime <= target*1.000001))
				}
				nodeRead = b.add(&storageNodeReadModelled, &c, gpuRate*sysSpeedup)
			} else {
				b.add(&trainSystemTimeLinear, &c, gpuTime/sys.GPUs)
				r.gpusPerJob = b.add(&teamGPUsPerJobLinear, &c, gpuTime/target)
				nodeRead = b.add(&storageNodeReadLinear, &c, sys.GPUs*gpuRate)
			}
			r.teamSystems = teamSystems(s, b, &c, r, s.Scaling() == "modelled")
			n := r.teamSystems
			addSystemsToBuy(s, b, &c, n)
			perMember(s, b, &c, r)
			b.add(&storageClusterRead, &c, nodeRead*n)
		}
	}

	if s.Money != nil {
		computeMoney(s, hw, results, b)
	}
	if b.headlineOnly {
		return
	}
	for si, sys := range s.Systems {
		d := hw.devices[si]
		c, f := subject{s: sys.ID, sName: sys.Name(), si: si, g: d.id, base: d.system.ID}, resolveSystem(sys, d, us)
		if s.HasData() {
			ssd := b.add(either(f.localSSD, &storageLocalSSD, &storageLocalSSDCatalog), &c, f.localSSD.value)
			fits := b.add(&storageDatasetFitsLocal, &c, flag(processed <= ssd))
			passes := s.Epochs()
			if fits == 1 {
				passes = 1
			}
			b.add(&storageSharedReadPerRun, &c, processed*passes)
		}
		var gpuMem float64
		if d.isCPU {
			gpuMem = b.add(&hostGPUMemoryNone, &c, 0)
		} else {
			gpuMem = b.add(either(f.gpuMemory, &hostGPUMemory, &hostGPUMemoryCatalog), &c, sys.GPUs*f.gpuMemory.value)
		}
		if s.Host != nil {
			low := b.add(&hostRAMLow, &c, s.Host.RAMFactorLow*gpuMem)
			b.add(&hostRAMHigh, &c, s.Host.RAMFactorHigh*gpuMem)
			installed := b.add(either(f.hostRAM, &hostRAMInstalled, &hostRAMInstalledCatalog), &c, f.hostRAM.value)
			b.add(&hostRAMOK, &c, flag(installed >= low))
		}
		if d.isCPU {
			continue
		}
		for wi, w := range s.Workloads {
			model := hw.models[wi]
			if w.Model == "" {
				continue
			}
			cw := c
			cw.w, cw.wName, cw.wi = w.ID, w.Name(), wi
			batch := w.batch(model, d, factors)
			m := hardware.EstimateMemory(model, d.gpu, batch, hardware.Precision(w.Precision), w.optimizer(), 1, 0, factors)
			perGPU := b.modelled(&memoryPerGPU, &cw, s.ModelError, errMemory, m.Total*s.ModelError.factor(errMemory))
			b.add(&memoryFits, &cw, flag(perGPU <= gpuMem/sys.GPUs))
		}
	}

	computePlan(s, hw, results, b)
	for n := 1; n <= s.GrowthFactor(); n++ {
		factor := b.add(&growthComputeFactor, &subject{n: n}, math.Pow(float64(n), s.Growth.Exponent))
		for wi, w := range s.Workloads {
			for si, sys := range s.Systems {
				b.add(&growthSystems, &subject{w: w.ID, wName: w.Name(), wi: wi, s: sys.ID, sName: sys.Name(), si: si, n: n}, results.pair(wi, si).teamSystems*factor)
			}
		}
	}
}

// chain keeps the figures later sections build on, per workload and system.
type chain struct {
	processed float64
	systems   int // per workload, in pairs
	pairs     []pairResult
	plan      planBasis
}

// planBasis is what the yearly plan builds on from the budget.
type planBasis struct {
	systems, price, storage, opex float64
}

type pairResult struct {
	gpuTime, gpusPerJob, jobTime, teamSystems float64
	runTime                                   float64 // a project's whole run
	gpuHours                                  float64 // a project's runs' GPU-hours, spares held included
}

func (c *chain) pair(wi, si int) *pairResult { return &c.pairs[wi*c.systems+si] }

// chain resets the builder's chain for a scenario's workloads and systems.
func (b *builder) chain(processed float64, workloads, systems int) *chain {
	n := workloads * systems
	if cap(b.results.pairs) < n {
		b.results.pairs = make([]pairResult, n)
	}
	b.results = chain{processed: processed, systems: systems, pairs: b.results.pairs[:n]}
	return &b.results
}

// addHeldHours lays out GPU-hours of kind k that the training GPUs spend,
// v, with the spare GPUs' hours beside them (goodput.reserved_share).
func addHeldHours(s *Scenario, b *builder, k *kind, c *subject, v float64) float64 {
	var expr string
	if b.describe {
		expr = k.expr + s.Goodput.heldExpr()
	}
	return b.addExpr(k, c, expr, v*s.Goodput.held())
}

// addSystemsToBuy lays out the whole systems to buy for n needed, the
// spare GPUs' systems with them.
func addSystemsToBuy(s *Scenario, b *builder, c *subject, n float64) {
	var expr string
	if b.describe {
		expr = "ceil({team.<w>.systems.<s>}" + s.Goodput.heldExpr() + ")"
	}
	b.addExpr(&teamSystemsToBuy, c, expr, math.Ceil(n*s.Goodput.held()))
}

// teamSystems is the systems the team needs for one workload on one system,
// with the time failures cost when the scenario prices them; byJob counts
// them from the job's GPUs (a sized job) rather than from GPU time.
func teamSystems(s *Scenario, b *builder, c *subject, r *pairResult, byJob bool) float64 {
	sys := s.Systems[c.si]
	if s.IsProject() {
		return projectSystems(s, b, c, r)
	}
	if s.Goodput == nil {
		if byJob {
			return b.add(&teamSystemsModelled, c, r.gpusPerJob*s.Team.ConcurrentJobs/sys.GPUs)
		}
		return b.add(&teamSystemsLinear, c, r.gpuTime/sys.GPUs/(s.Team.TargetDays*Day)*s.Team.ConcurrentJobs)
	}
	g := addGoodput(s, b, c, r.gpusPerJob)
	if byJob {
		return b.add(&teamSystemsModelledGoodput, c, r.gpusPerJob*s.Team.ConcurrentJobs/sys.GPUs/g)
	}
	return b.add(&teamSystemsLinearGoodput, c, r.gpuTime/sys.GPUs/(s.Team.TargetDays*Day)*s.Team.ConcurrentJobs/g)
}

// dataChain computes the training data: a fleet's year of driving, resampled
// and compressed, or a fixed dataset.
func dataChain(s *Scenario, b *builder) float64 {
	us := s.Units
	if !s.HasData() {
		return 0 // a project of transformers given their tokens
	}
	if d := s.Dataset; d != nil {
		return b.add(&dataProcessedFromDataset, &subject{}, d.Samples*d.SampleKB*us.KB())
	}
	var perCarHour float64
	if s.Fleet.TBPerHour != nil {
		perCarHour = b.add(&dataPerCarHour, &subject{}, *s.Fleet.TBPerHour*us.TB())
	} else {
		perCarHour = b.addExpr(&dataPerCarHourFromSensors, &subject{}, sensorsExpr(s.Fleet.Sensors, b.describe), sensorBytesPerSecond(s.Fleet.Sensors)*Hour)
	}
	raw := b.add(&dataRaw, &subject{}, s.Fleet.Cars*s.Fleet.HoursPerDay*s.Fleet.DaysPerYear*perCarHour)
	b.add(&dataSampled, &subject{}, raw*s.Preprocessing.SampledFPS/s.Preprocessing.SourceFPS)
	var reduction float64
	if p := s.Preprocessing; p.Reduction != nil {
		// The article's totals use its rounded factor 0.0005, not 1/(30 x 70);
		// keeping it explicit is what makes 104 TB reproduce.
		reduction = b.add(&dataReductionGiven, &subject{}, *p.Reduction)
	} else {
		reduction = b.add(&dataReductionDerived, &subject{}, p.SampledFPS/p.SourceFPS/p.CompressionRatio)
	}
	return b.add(&dataProcessed, &subject{}, raw*reduction)
}

// maxJobGPUs bounds the job-size search: beyond it no scenario is realistic.
const maxJobGPUs = 1 << 17

// jobSize finds the fewest GPUs whose modelled speed-up reaches need: the first
// power of two that does, then bisection below it. Every power of two is tried,
// since the speed-up can stall inside one system (its host, its PCIe) and grow
// again across systems. When no size reaches need it returns the size with the
// best speed-up.
func jobSize(need float64, speedupAt func(int) float64) (int, float64) {
	if need <= 1 {
		return 1, speedupAt(1)
	}
	bestN, best := 1, speedupAt(1)
	lo, hi := 1, 0
	for n := 2; n <= maxJobGPUs; n *= 2 {
		sp := speedupAt(n)
		if sp >= need {
			hi = n
			break
		}
		if sp > best {
			bestN, best = n, sp
		}
		lo = n
	}
	if hi == 0 {
		return bestN, best
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if speedupAt(mid) >= need {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi, speedupAt(hi)
}

// sensorBytesPerSecond is one car's raw data rate from its sensor list.
func sensorBytesPerSecond(sensors []Sensor) float64 {
	var total float64
	for _, sn := range sensors {
		var each float64
		if sn.Kind == "camera" {
			each = *sn.Megapixels * 1e6 * *sn.BitsPerPixel / 8 * *sn.FPS
		} else {
			each = *sn.MbitPerS * 1e6 / 8
		}
		total += sn.Count * each
	}
	return total
}

// either picks the kind that explains where a system fact came from.
func either(f fact, scenario, catalog *kind) *kind {
	if f.fromCatalog {
		return catalog
	}
	return scenario
}

// sensorsExpr is the formula of sensorBytesPerSecond x HOUR for this sensor list;
// it is only built when the quantities are laid out.
func sensorsExpr(sensors []Sensor, describe bool) string {
	if !describe {
		return ""
	}
	var terms []string
	for i, sn := range sensors {
		p := minfmt.Sprintf("{fleet.sensors[%d].", i)
		if sn.Kind == "camera" {
			terms = append(terms, p+"count} * "+p+"megapixels} * 1000000 * "+p+"bits_per_pixel} / 8 * "+p+"fps}")
		} else {
			terms = append(terms, p+"count} * "+p+"mbit_per_s} * 1000000 / 8")
		}
	}
	return "(" + strings.Join(terms, " + ") + ") * " + ConstHour
}

func flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// String renders a quantity for logs and tests.
func (q Quantity) String() string {
	return minfmt.Sprintf("%s = %g %s", q.ID, q.Value, string(q.Unit))
}
