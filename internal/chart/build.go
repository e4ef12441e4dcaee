package chart

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/estimator/tool"
)

// Chart IDs, in the order Build returns them. Surfaces key their layout and
// tests on these; they do not change with the language or the scenario.
const (
	ComputeGrowth       = "compute-growth"
	DataFunnel          = "data-funnel"
	Scaling             = "scaling"
	Memory              = "memory"
	SystemsByGeneration = "systems-by-generation"
	CostBreakdown       = "cost-breakdown"
	UncertaintyRanges   = "uncertainty"
	TornadoChart        = "tornado"
	CPUvsGPU            = "cpu-vs-gpu"
)

// IDs lists every chart id in Build's order.
func IDs() []string {
	return []string{ComputeGrowth, DataFunnel, Scaling, Memory, SystemsByGeneration, CostBreakdown, UncertaintyRanges, TornadoChart, CPUvsGPU}
}

// Carries reports whether a report of s carries the chart id: a chart that
// says something of every scenario always, the two that speak of the
// article's kind of question only where s asks it.
//   - compute-growth draws the scenario's own growth section, n-fold data
//     needing n^exponent the compute, for n up to growth.factor: with a
//     factor of 1 (a single pre-training run, llama-3-405b) it is one point
//     at today's compute and says nothing. Any scenario that projects
//     growth, transformer or CNN, carries it: its growth.* quantities are
//     the chart's points (av-world-model-2026's 4-fold data at n^2).
//   - memory stacks a transformer's memory per GPU, part by part: a CNN's
//     is one figure of the estimate, and a scenario without a transformer
//     has nothing to stack.
//   - cpu-vs-gpu is a fixed study of CNNs on CIFAR-10, an RTX 3050 against
//     a desktop CPU, whatever the scenario: context for a scenario that
//     trains a CNN, noise in an LLM's proposal.
func Carries(s *estimator.Scenario, id string) bool {
	switch id {
	case ComputeGrowth:
		return s.Growth != nil && s.Growth.Factor > 1
	case CostBreakdown:
		return !s.IsProject() // a year by year breakdown; a project's costs are its own table
	case CPUvsGPU:
		cnn, _ := Trains(s)
		return cnn
	case Memory:
		_, transformer := Trains(s)
		return transformer
	}
	return true
}

// Trains says which kinds of model s trains: CNNs (a workload without a
// transformer section) and transformers. What a report shows beside the
// estimate (this chart, the accuracy appendix's figures) follows it.
func Trains(s *estimator.Scenario) (cnn, transformer bool) {
	for _, w := range s.Workloads {
		if w.Transformer == nil {
			cnn = true
		} else {
			transformer = true
		}
	}
	return cnn, transformer
}

// The systems the scaling chart sets side by side: gaming cards on PCIe with
// Ethernet (the article's warning), NVLink 2 with EDR InfiniBand, NVLink 4
// with NDR.
var scalingSystems = []string{"pcie-server", "dgx-1-v100", "dgx-h100"}

// scalingGPUs is the largest job of the scaling chart's sweep.
const scalingGPUs = 512

// generationSeries are a chart's bars per workload, and the precisions they ran at.
type generationSeries struct {
	series     []Series
	precisions map[string]bool
}

// cnnGenerations estimates the scenario's catalog CNNs on every generation,
// with modelled throughput and scaling.
func (b *builder) cnnGenerations() (generationSeries, error) {
	out := generationSeries{precisions: map[string]bool{}}
	v := variant(b.s)
	v.Workloads = nil
	for _, w := range b.s.Workloads {
		if w.Transformer != nil {
			continue
		}
		model := w.Model
		if model == "" {
			if _, ok := hardware.ModelByID(w.ID); !ok {
				continue
			}
			model = w.ID
		}
		// Named as the scenario's workload reads, not as a model taken from its id.
		nw := estimator.Workload{ID: w.ID, Label: w.Name(), Model: model, Precision: w.Precision,
			Batch: w.Batch, Optimizer: w.Optimizer, SampleKB: w.SampleKB}
		if nw.Precision == "" {
			nw.Precision = "mixed"
		}
		out.precisions[nw.Precision] = true
		v.Workloads = append(v.Workloads, nw)
	}
	if len(v.Workloads) == 0 {
		return out, nil
	}
	e, err := runOnGenerations(v, func(string, hardware.GPU) bool { return true })
	if err != nil {
		return out, err
	}
	for _, w := range v.Workloads {
		out.series = append(out.series, generationBars(e, w))
	}
	return out, nil
}

// transformerGenerations estimates each transformer workload on each
// generation alone: one whose GPUs lack its precision (no BF16 before the
// A100, no FP8 before the H100) or cannot hold its job is left without a bar,
// rather than failing the chart.
func (b *builder) transformerGenerations() generationSeries {
	var out generationSeries
	for _, w := range b.s.Workloads {
		if w.Transformer == nil {
			continue
		}
		p := hardware.Precision(w.Transformer.Precision)
		// Each generation sizes its own job to the team's target: a job of
		// GPUs fixed for one generation says nothing of another's.
		tr := *w.Transformer
		tr.GPUs, tr.Layout = nil, nil
		w.Transformer = &tr
		se := Series{Name: w.Name(), Y: make([]float64, len(generations))}
		for i, g := range generations {
			v := variant(b.s)
			v.Workloads = []estimator.Workload{w}
			e, err := runOnGenerations(v, func(sys string, gpu hardware.GPU) bool { return sys == g.system && gpu.Peak(p) > 0 })
			if err != nil || len(v.Systems) == 0 {
				continue
			}
			q, _ := e.Get("team." + w.ID + ".systems." + g.system)
			se.Y[i] = q.Value
		}
		out.series = append(out.series, se)
	}
	return out
}

// runOnGenerations estimates v on the generations use picks, with modelled
// scaling and without money.
func runOnGenerations(v *estimator.Scenario, use func(system string, gpu hardware.GPU) bool) (*estimator.Estimate, error) {
	v.Systems = nil
	for _, g := range generations {
		hs, _ := hardware.SystemByID(g.system)
		if gpu, _ := hardware.GPUByID(hs.GPU); use(g.system, gpu) {
			v.Systems = append(v.Systems, estimator.System{ID: g.system, GPUs: float64(hs.GPUs)})
		}
	}
	v.Training.Scaling = "modelled"
	v.Money, v.Plan = nil, nil // a plan prices the money left out
	return estimator.Run(v)
}

// generationBars is w's systems for the team on each generation; 0 (not
// drawn on the log axis) where e did not estimate that generation.
func generationBars(e *estimator.Estimate, w estimator.Workload) Series {
	se := Series{Name: w.Name()}
	for _, g := range generations {
		q, _ := e.Get("team." + w.ID + ".systems." + g.system)
		se.Y = append(se.Y, q.Value)
	}
	return se
}

// generations are the DGX systems of the systems-by-generation chart, Pascal
// to Blackwell.
var generations = []struct{ system, label string }{
	{"dgx-1-p100", "P100 (DGX-1)"},
	{"dgx-1-v100", "V100 (DGX-1)"},
	{"dgx-a100", "A100 (DGX A100)"},
	{"dgx-h100", "H100 (DGX H100)"},
	{"dgx-b200", "B200 (DGX B200)"},
}

// cpuStudy are the networks of the CPU-vs-GPU chart, smallest first, and the
// devices the RTX 3050 vs CPU study compared.
var cpuStudy = struct {
	models   []string
	gpu, cpu string
	epochs   int
}{[]string{"cifar-small", "resnet-18-cifar", "resnet-50-cifar"}, "rtx-3050", "core-i7-12700", 10}

// Build makes the charts a report of the estimate's scenario carries
// (Carries), in the order of IDs: from the estimate, its uncertainty (nil:
// none) and its sensitivity (nil: none), with titles and axis labels in lang
// ("en" or "ja"). A chart it carries with nothing to show (no ranged inputs
// for the tornado) is still returned, without series, its Note saying why,
// so every surface lays out the same figures.
//
// Charts whose numbers are not quantities of the estimate itself (scaling,
// systems by generation, the resampled bar of the funnel, CPU vs GPU) come
// from the estimator run on variants of the scenario or from its hardware
// tools: nothing here computes a figure of its own, it only picks and
// arranges them.
func Build(est *estimator.Estimate, u *estimator.Uncertainty, sens *estimator.Sensitivity, lang estimator.Lang) ([]Spec, error) {
	b := &builder{est: est, s: est.Scenario, lang: lang}
	steps := []func() (Spec, error){
		b.computeGrowth, b.dataFunnel, b.scaling, b.memory, b.systemsByGeneration, b.costBreakdown,
		func() (Spec, error) { return b.uncertainty(u), nil },
		func() (Spec, error) { return b.tornado(sens), nil },
		b.cpuVsGPU,
	}
	out := make([]Spec, 0, len(steps))
	for i, step := range steps {
		if !Carries(b.s, IDs()[i]) {
			continue
		}
		sp, err := step()
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", IDs()[i], err)
		}
		out = append(out, sp)
	}
	return out, nil
}

type builder struct {
	est  *estimator.Estimate
	s    *estimator.Scenario
	lang estimator.Lang
}

func (b *builder) t(key string) string { return Text(b.lang, key) }

func (b *builder) tf(key string, a ...any) string { return fmt.Sprintf(Text(b.lang, key), a...) }

func (b *builder) value(id string) (float64, bool) {
	q, ok := b.est.Get(id)
	return q.Value, ok
}

func (b *builder) format(id string) string {
	q, ok := b.est.Get(id)
	if !ok {
		return "-"
	}
	return present.Format(q.Value, q.Unit, b.s.Units, b.lang)
}

func (b *builder) computeGrowth() (Spec, error) {
	g := b.s.Growth
	se := Series{Name: b.tf("growth.s", g.Exponent)}
	for n := 1; n <= int(g.Factor); n++ {
		id := fmt.Sprintf("growth.compute_factor_n%d", n)
		if v, ok := b.value(id); ok {
			se.X, se.Y, se.IDs = append(se.X, float64(n)), append(se.Y, v), append(se.IDs, id)
		}
	}
	sp := Spec{ID: ComputeGrowth, Title: b.t("growth.title"), Kind: Line,
		X:      Axis{Label: b.t("growth.x"), Unit: estimator.Ratio},
		Y:      Axis{Label: b.t("growth.y"), Unit: estimator.Ratio, Log: true},
		Series: []Series{se}}
	if len(se.Y) > 0 {
		last := len(se.Y) - 1
		sp.Note = b.tf("growth.note", g.Exponent, se.X[last], b.format(se.IDs[last]))
	}
	b.scaleAxis(&sp.Y, sp.Series)
	return sp, nil
}

func (b *builder) dataFunnel() (Spec, error) {
	sp := Spec{ID: DataFunnel, Title: b.t("funnel.title"), Kind: Bar,
		X: Axis{Label: b.t("funnel.x")},
		Y: Axis{Label: b.t("funnel.y"), Unit: estimator.Bytes, Log: true}}
	processed, _ := b.value("data.processed")
	if b.s.Fleet == nil {
		sp.X.Categories = []string{b.t("funnel.dataset.c")}
		sp.Series = []Series{{Name: b.t("funnel.s"), Y: []float64{processed}, IDs: []string{"data.processed"}}}
		sp.Note = b.tf("funnel.dataset", b.format("data.processed"))
		b.scaleAxis(&sp.Y, sp.Series)
		return sp, nil
	}
	raw, _ := b.value("data.raw")
	sampled, _ := b.value("data.sampled")
	p := b.s.Preprocessing
	sp.X.Categories = []string{b.t("funnel.raw"), b.tf("funnel.sampled", p.SampledFPS, p.SourceFPS), b.t("funnel.processed")}
	sp.Series = []Series{{Name: b.t("funnel.s"), Y: []float64{raw, sampled, processed}, IDs: []string{"data.raw", "data.sampled", "data.processed"}}}
	sp.Note = b.tf("funnel.note", b.format("data.reduction"), b.format("data.processed"), b.format("data.raw"))
	b.scaleAxis(&sp.Y, sp.Series)
	return sp, nil
}

// variant is a copy of s to change: the ranges (whose likely values the
// fields already hold) and the sources (which name the original's paths) are
// left behind. Callers replace whole fields, never write through the shared
// pointers.
func variant(s *estimator.Scenario) *estimator.Scenario {
	v := *s
	v.Ranges, v.Sources, v.Name, v.Notes = nil, nil, "", ""
	// The variants set their own scaling, and no growth: copies of the
	// sections, not the scenario's own (a project may have none).
	t := estimator.Training{Epochs: 1}
	if s.Training != nil {
		t = *s.Training
	}
	v.Training = &t
	if s.Growth != nil {
		v.Growth = &estimator.Growth{Factor: 1, Exponent: s.Growth.Exponent}
	}
	return &v
}

// scalingWorkload is the workload the scaling chart trains: the scenario's
// first that the tools can model, a CNN with a catalog model or a transformer
// of the transformer catalog or of a config.json, in the scenario's order. A
// transformer given by its shape is passed over. Nil: none, and AlexNet
// stands in.
func (b *builder) scalingWorkload() *estimator.Workload {
	for i, w := range b.s.Workloads {
		if w.Model != "" || (w.Transformer != nil && (w.Transformer.Model != "" || w.Transformer.Config != nil)) {
			return &b.s.Workloads[i]
		}
	}
	return nil
}

func (b *builder) scaling() (Spec, error) {
	w := b.scalingWorkload()
	if w != nil && w.Transformer != nil {
		return b.scalingTransformer(*w)
	}
	return b.scalingCNN(w)
}

// scalingCNN trains w's catalog model (at its batch), or with w nil AlexNet
// at fp32 and 64 per GPU, the article's case of a network with many
// parameters per FLOP that stalls on PCIe after two or three GPUs.
func (b *builder) scalingCNN(w *estimator.Workload) (Spec, error) {
	model, precision, perGPU := "alexnet", "fp32", 64.0
	batchOf := &perGPU
	if w != nil {
		model, precision, batchOf = w.Model, w.Precision, w.Batch
	}
	var batch *int // tool.Scale's: nil, its default, as the estimator's
	if batchOf != nil {
		n := int(*batchOf)
		batch = &n
	}
	m, _ := hardware.ModelByID(model)
	// One GPU's time for a run on the scenario's data, per system: the
	// estimator on a variant that trains the chart's network on each system.
	v := variant(b.s)
	net := estimator.Workload{ID: "net", Label: m.Name, Model: model, Precision: precision, Batch: batchOf}
	v.Workloads = []estimator.Workload{net}
	v.Systems = nil
	for _, sys := range scalingSystems {
		hs, _ := hardware.SystemByID(sys)
		v.Systems = append(v.Systems, estimator.System{ID: sys, GPUs: float64(hs.GPUs)})
	}
	v.Training.Scaling = "linear"
	v.Money, v.Goodput, v.Plan = nil, nil, nil
	one, err := estimator.Run(v)
	if err != nil {
		return Spec{}, err
	}
	factors := b.s.Factors.Resolve()
	sp := Spec{ID: Scaling, Title: b.tf("scaling.title", m.Name), Kind: Line,
		X: Axis{Label: b.t("scaling.x"), Unit: estimator.Count, Log: true},
		Y: Axis{Label: b.t("scaling.y"), Unit: estimator.Seconds, Log: true}}
	var links []string
	for _, sys := range scalingSystems {
		hs, _ := hardware.SystemByID(sys)
		intra, _ := hardware.NetworkByID(hs.IntraLink)
		inter, _ := hardware.NetworkByID(hs.Network)
		links = append(links, fmt.Sprintf("%s: %s, %s", sys, intra.Name, inter.Name))
		gpuTime, ok := one.Get("train.net.gpu_time." + sys)
		if !ok {
			return Spec{}, fmt.Errorf("no one-GPU time on %s", sys)
		}
		res, err := tool.Scale(tool.ScaleRequest{Model: model, System: sys, GPUs: scalingGPUs, Batch: batch,
			Precision: precision, Sweep: true, RunGPUTime: gpuTime.Value, Factors: tool.Factors{Values: &factors}})
		if err != nil {
			return Spec{}, err
		}
		ideal := Series{Name: b.tf("scaling.ideal", sys), Dashed: true}
		modelled := Series{Name: b.tf("scaling.model", sys)}
		for n := 1; n <= scalingGPUs; n++ {
			k := fmt.Sprintf("scale.n%d.", n)
			run, ok := res.Get(k + "run_time")
			if !ok {
				continue // the sweep's counts: every one up to a system, then doublings
			}
			idealRun, _ := res.Get(k + "ideal_run_time")
			ideal.X, ideal.Y = append(ideal.X, float64(n)), append(ideal.Y, idealRun.Value)
			modelled.X, modelled.Y = append(modelled.X, float64(n)), append(modelled.Y, run.Value)
		}
		sp.Series = append(sp.Series, ideal, modelled)
	}
	sp.Note = b.tf("scaling.note", m.Name, precision, strings.Join(links, "; "))
	if w == nil {
		sp.Note += " " + b.t("scaling.nomodel")
	}
	b.scaleAxis(&sp.Y, sp.Series)
	return sp, nil
}

// maxTransformerGPUs caps the transformer chart's sweep, twice the largest
// published run (Llama 3's 16,384 H100).
const maxTransformerGPUs = 1 << 15

// scalingTransformer draws w's wall time for one run of its tokens on
// powers of two of GPUs, each point tool.Transformer's answer with the
// layout searched at that size, beside an ideal that keeps the smallest
// job's MFU: the gap is communication and the pipeline bubble.
func (b *builder) scalingTransformer(w estimator.Workload) (Spec, error) {
	tr := w.Transformer
	m, _ := hardware.TransformerModelByID(tr.Model)
	tokens, _ := b.value("train." + w.ID + ".tokens")
	factors := b.s.Factors.Resolve()
	req := tool.TransformerRequest{Model: tr.Model, Tokens: tokens, Precision: tr.Precision, Factors: tool.Factors{Values: &factors}}
	if tr.Config != nil {
		req.Config = tr.Config
		m, _ = estimator.ConfigModel(&estimator.ErrorList{}, "", tr.Config) // validated with the scenario
	}
	if tr.Seq != nil {
		req.Seq = int(*tr.Seq)
	}
	if tr.GlobalBatchTokens != nil {
		req.GlobalBatchTokens = *tr.GlobalBatchTokens
	}
	top := b.transformerTop(w.ID)
	sp := Spec{ID: Scaling, Title: b.tf("scaling.title", w.Name()), Kind: Line,
		X: Axis{Label: b.t("scaling.x"), Unit: estimator.Count, Log: true},
		Y: Axis{Label: b.t("scaling.y"), Unit: estimator.Seconds, Log: true}}
	var from []string   // the systems whose points start above 1 GPU, or are none
	var noPath []string // the systems left out for want of the precision
	for _, hs := range b.transformerSystems() {
		gpu, _ := hardware.GPUByID(hs.GPU)
		if gpu.Peak(hardware.Precision(tr.Precision)) <= 0 {
			noPath = append(noPath, b.tf("scaling.noprec", hs.ID, tr.Precision))
			continue
		}
		req.System, req.GPU = hs.ID, hs.GPU
		ideal := Series{Name: b.tf("scaling.ideal", hs.ID), Dashed: true}
		modelled := Series{Name: b.tf("scaling.model", hs.ID)}
		var held *float64 // the smallest job's MFU, which the ideal keeps
		for n := 1; n <= top; n *= 2 {
			req.GPUs, req.MFU = n, tr.MFU
			run, err := tool.Transformer(req)
			if fe := (*estimator.FieldError)(nil); errors.As(err, &fe) && fe.Path == "gpus" {
				continue // too few GPUs to hold the model at any layout
			}
			if err != nil {
				return Spec{}, fmt.Errorf("%s on %d GPUs of %s: %w", m.Name, n, hs.ID, err)
			}
			if held == nil {
				mfu, _ := run.Get("transformer.mfu")
				held = &mfu.Value
				if n > 1 {
					from = append(from, b.tf("scaling.from", hs.ID, present.Format(float64(n), estimator.Count, b.s.Units, b.lang)))
				}
			}
			req.MFU = held
			flat, err := tool.Transformer(req)
			if err != nil {
				return Spec{}, fmt.Errorf("%s on %d GPUs of %s at an MFU of %g: %w", m.Name, n, hs.ID, *held, err)
			}
			wall, _ := run.Get("transformer.wall_time")
			flatWall, _ := flat.Get("transformer.wall_time")
			ideal.X, ideal.Y = append(ideal.X, float64(n)), append(ideal.Y, flatWall.Value)
			modelled.X, modelled.Y = append(modelled.X, float64(n)), append(modelled.Y, wall.Value)
		}
		if held == nil {
			from = append(from, b.tf("scaling.none", hs.ID))
		}
		sp.Series = append(sp.Series, ideal, modelled)
	}
	// Trillions of tokens read as the tools print them ("15.6 T"), not as
	// the article's whole numbers.
	tok := present.Choose(estimator.Count, b.s.Units, tokens, present.Hardware, estimator.English).Format(tokens, b.lang)
	sp.Note = b.tf("scaling.tnote", m.Name, tr.Precision, tok, present.Format(float64(top), estimator.Count, b.s.Units, b.lang))
	if len(from) > 0 {
		sp.Note += " " + b.tf("scaling.left", strings.Join(from, "; "))
	}
	for _, np := range noPath {
		sp.Note += " " + np
	}
	b.scaleAxis(&sp.Y, sp.Series)
	return sp, nil
}

// transformerSystems are the catalog systems the scenario's systems are, by
// their catalog or else their id, each once, as the catalog has them (GPU
// included: tool.Transformer models catalog systems). The estimator trains a
// transformer only on catalog systems, whose links it needs, so there is
// always one.
func (b *builder) transformerSystems() []hardware.System {
	var out []hardware.System
	seen := map[string]bool{}
	for _, sys := range b.s.Systems {
		id := sys.Catalog
		if id == "" {
			id = sys.ID
		}
		if hs, ok := hardware.SystemByID(id); ok && !seen[id] {
			seen[id] = true
			out = append(out, hs)
		}
	}
	return out
}

// transformerTop is the sweep's largest job: the largest power of two up
// to four times the largest job the estimate gives workload w, at most
// maxTransformerGPUs (and that when it gives none) unless the job itself is
// larger, so the chart shows where the scenario's job stands.
func (b *builder) transformerTop(w string) int {
	var job float64
	for _, sys := range b.s.Systems {
		if v, ok := b.value("team." + w + ".gpus_per_job." + sys.ID); ok {
			job = max(job, v)
		}
	}
	limit := maxTransformerGPUs
	if job > 0 {
		limit = max(min(limit, int(4*job)), int(job))
	}
	top := 1
	for top*2 <= limit {
		top *= 2
	}
	return top
}

// memory stacks each transformer workload's memory per GPU on each system,
// weights to workspace, against a mark at the GPU's memory: where the memory
// goes and the room left. (A job that does not fit never reaches a report:
// its error names the part that overflows and the change that fits.)
func (b *builder) memory() (Spec, error) {
	sp := Spec{ID: Memory, Title: b.t("memory.title"), Kind: StackedBar,
		X: Axis{Label: b.t("memory.x")},
		Y: Axis{Label: b.t("memory.y"), Unit: estimator.Bytes}}
	var parts []Series
	limit := Series{Name: b.t("memory.limit"), Limit: true}
	// One workload names the chart, and its bars are its systems': a
	// category of both turns on a phone and runs off the plot.
	var transformers []estimator.Workload
	for _, w := range b.s.Workloads {
		if w.Transformer != nil {
			transformers = append(transformers, w)
		}
	}
	if len(transformers) == 1 {
		sp.Title = b.tf("memory.title1", transformers[0].Name())
		sp.X.Label = b.t("memory.x1")
	}
	category := func(w estimator.Workload, sys estimator.System) string {
		if len(transformers) == 1 {
			return sys.ID
		}
		return w.Name() + " / " + sys.ID
	}
	tightest, tight := "", -1.0 // the pair with the least room, which the note names
	for _, w := range transformers {
		for _, sys := range b.s.Systems {
			ids, capacity := estimator.MemoryParts(w.ID, sys.ID)
			held, ok := b.value(capacity)
			if !ok {
				continue
			}
			if parts == nil {
				for _, p := range ids {
					parts = append(parts, Series{Name: p.Name.In(b.lang)})
				}
			}
			sp.X.Categories = append(sp.X.Categories, category(w, sys))
			for i, p := range ids {
				v, _ := b.value(p.ID)
				parts[i].Y, parts[i].IDs = append(parts[i].Y, v), append(parts[i].IDs, p.ID)
			}
			limit.Y, limit.IDs = append(limit.Y, held), append(limit.IDs, capacity)
			if used, _ := b.value("train." + w.ID + ".memory_per_gpu." + sys.ID); used/held > tight {
				tightest, tight = w.Name()+" / "+sys.ID, used/held
				sp.Note = b.tf("memory.note", tightest, b.format("train."+w.ID+".memory_per_gpu."+sys.ID), b.format(capacity), b.largest(ids))
			}
		}
	}
	sp.Series = append(parts, limit)
	b.scaleAxis(&sp.Y, sp.Series)
	return sp, nil
}

// largest names the largest of a GPU's memory parts with its figure.
func (b *builder) largest(parts []estimator.MemoryPart) string {
	best, most := parts[0], -1.0
	for _, p := range parts {
		if v, _ := b.value(p.ID); v > most {
			best, most = p, v
		}
	}
	return b.tf("memory.part", best.Name.In(b.lang), b.format(best.ID))
}

func (b *builder) systemsByGeneration() (Spec, error) {
	sp := Spec{ID: SystemsByGeneration, Title: b.t("gen.title"), Kind: Bar,
		X: Axis{Label: b.t("gen.x")},
		Y: Axis{Label: b.t("gen.y"), Unit: estimator.Count, Log: true}}
	for _, g := range generations {
		sp.X.Categories = append(sp.X.Categories, g.label)
	}
	cnn, err := b.cnnGenerations()
	if err != nil {
		return Spec{}, err
	}
	transformers := b.transformerGenerations()
	sp.Series = append(cnn.series, transformers.series...)
	if len(sp.Series) == 0 {
		sp.Note = b.t("gen.none")
		return sp, nil
	}
	var notes []string
	if len(cnn.series) > 0 {
		var ps []string
		for _, p := range []string{"fp32", "tf32", "mixed"} {
			if cnn.precisions[p] {
				ps = append(ps, p)
			}
		}
		notes = append(notes, b.tf("gen.note", strings.Join(ps, ", ")))
	}
	if len(transformers.series) > 0 {
		notes = append(notes, b.t("gen.tnote"))
	}
	sp.Note = strings.Join(notes, " ")
	b.scaleAxis(&sp.Y, sp.Series)
	return sp, nil
}

func (b *builder) costBreakdown() (Spec, error) {
	m := b.s.Money
	sp := Spec{ID: CostBreakdown, Kind: StackedBar, X: Axis{Label: b.t("cost.x")}}
	if m == nil {
		sp.Title = b.tf("cost.title", "-")
		sp.Y = Axis{Label: b.t("cost.y"), Unit: estimator.USD}
		sp.Note = b.t("cost.none")
		return sp, nil
	}
	capex, _ := b.est.Get("cost.capex")
	sp.Title = b.tf("cost.title", m.DepreciationYears)
	sp.Y = Axis{Label: b.t("cost.y"), Unit: capex.Unit}
	years := int(math.Ceil(m.DepreciationYears))
	sp.X.Categories = []string{b.t("cost.purchase")}
	for y := 1; y <= years; y++ {
		sp.X.Categories = append(sp.X.Categories, b.tf("cost.year", y))
	}
	type part struct {
		key, id string
		yearly  bool
	}
	parts := []part{
		{"cost.hardware", "cost.hardware", false},
		{"cost.network", "cost.network", false},
		{"cost.storage", "cost.storage", false},
		{"cost.power", "cost.power_per_year", true},
		{"cost.support", "cost.support_per_year", true},
	}
	if m.Rent != nil { // the storage is bought; the rent pays the rest
		parts = []part{{"cost.storage", "cost.storage", false}, {"cost.rent", "cost.cloud_per_year", true}}
	}
	for _, part := range parts {
		v, _ := b.value(part.id)
		se := Series{Name: b.t(part.key)}
		for i := range sp.X.Categories {
			if (i == 0) != part.yearly {
				se.Y, se.IDs = append(se.Y, v), append(se.IDs, part.id)
			} else {
				se.Y, se.IDs = append(se.Y, 0), append(se.IDs, "")
			}
		}
		sp.Series = append(sp.Series, se)
	}
	sp.Note = b.tf("cost.note", b.format("cost.capex"), b.format("cost.opex_per_year"), b.format("cost.tco"))
	if float64(years) != m.DepreciationYears {
		sp.Note += b.t("cost.frac")
	}
	b.scaleAxis(&sp.Y, sp.Series)
	return sp, nil
}

func (b *builder) uncertainty(u *estimator.Uncertainty) Spec {
	sp := Spec{ID: UncertaintyRanges, Title: b.t("unc.title"), Kind: Range,
		X: Axis{Label: b.t("unc.x")},
		Y: Axis{Label: b.t("unc.y"), Unit: estimator.Count, Log: true}}
	if u == nil || len(u.Ranged) == 0 {
		sp.Note = b.t("unc.none")
		return sp
	}
	spreads := map[string]estimator.Spread{}
	for _, q := range u.Quantities {
		spreads[q.ID] = q
	}
	se := Series{Name: b.t("unc.s")}
	for _, w := range b.s.Workloads {
		for _, sys := range b.s.Systems {
			id := "team." + w.ID + ".systems." + sys.ID
			q, ok := spreads[id]
			if !ok {
				continue
			}
			sp.X.Categories = append(sp.X.Categories, w.Name()+" / "+sys.ID)
			se.Low, se.Y, se.High, se.IDs = append(se.Low, q.P10), append(se.Y, q.P50), append(se.High, q.P90), append(se.IDs, id)
		}
	}
	sp.Series = []Series{se}
	sp.Note = b.tf("unc.note", u.Samples, strings.Join(u.Ranged, ", "))
	b.scaleAxis(&sp.Y, sp.Series)
	return sp
}

func (b *builder) tornado(sens *estimator.Sensitivity) Spec {
	sp := Spec{ID: TornadoChart, Kind: Tornado, Y: Axis{Label: b.t("tornado.y")}}
	if sens == nil || len(sens.Swings) == 0 {
		sp.Title = b.tf("tornado.title", "-")
		sp.Note = b.t("tornado.none")
		return sp
	}
	label := sens.Label.In(b.lang)
	sp.Title = b.tf("tornado.title", label)
	sp.X = Axis{Label: b.tf("tornado.x", label), Unit: sens.Unit}
	sp.Base = sens.Base
	se := Series{Name: label}
	for _, sw := range sens.Swings {
		sp.Y.Categories = append(sp.Y.Categories, b.inputName(sw.Path)+" ("+estimator.InputNumber(sw.InputLow)+" - "+estimator.InputNumber(sw.InputHigh)+")")
		se.Low, se.High, se.IDs = append(se.Low, sw.Low), append(se.High, sw.High), append(se.IDs, sens.Target)
	}
	sp.Series = []Series{se}
	sp.Note = b.tf("tornado.note", present.Format(sens.Base, sens.Unit, b.s.Units, b.lang))
	b.scaleAxis(&sp.X, sp.Series)
	return sp
}

// inputName names a scenario input as its field's label reads, after the
// workload or system it belongs to: "Inception-v3: Throughput", not
// "workloads[2].mb_per_s". A path the fields table lacks stays a path.
func (b *builder) inputName(path string) string {
	f, ok := estimator.FieldOf(path)
	if !ok {
		return path
	}
	label := f.Label.In(b.lang)
	list, rest, _ := strings.Cut(path, "[")
	index, _, _ := strings.Cut(rest, "]")
	i, err := strconv.Atoi(index)
	switch {
	case err != nil:
		return label
	case list == "workloads" && i < len(b.s.Workloads):
		w := b.s.Workloads[i]
		return w.Name() + ": " + label
	case list == "systems" && i < len(b.s.Systems):
		sys := b.s.Systems[i]
		return sys.Name() + ": " + label
	}
	return label
}

func (b *builder) cpuVsGPU() (Spec, error) {
	gpu, _ := hardware.GPUByID(cpuStudy.gpu)
	cpu, _ := hardware.CPUByID(cpuStudy.cpu)
	sp := Spec{ID: CPUvsGPU, Title: b.t("cpu.title"), Kind: Bar,
		X:    Axis{Label: b.t("cpu.x")},
		Y:    Axis{Label: b.t("cpu.y"), Unit: estimator.Ratio, Log: true, Suffix: b.t("u.ratio")},
		Note: b.t("cpu.note")}
	modelled := Series{Name: b.tf("cpu.s", cpuStudy.gpu, cpuStudy.cpu)}
	measured := Series{Name: b.t("cpu.measured")}
	published := map[string]float64{}
	for _, pt := range hardware.Measurements() {
		if pt.Metric == hardware.MetricDeviceSpeedup && pt.Device == cpuStudy.gpu && pt.Baseline == cpuStudy.cpu {
			published[pt.Model] = pt.Value
		}
	}
	for _, id := range cpuStudy.models {
		m, _ := hardware.ModelByID(id)
		res, err := tool.Devices(tool.DevicesRequest{Model: id, GPU: gpu.ID, CPU: cpu.ID, Epochs: cpuStudy.epochs, Precision: "fp32"})
		if err != nil {
			return Spec{}, err
		}
		q, _ := res.Get("devices.speedup")
		sp.X.Categories = append(sp.X.Categories, fmt.Sprintf("%s (%s M)", id, present.Format(m.Params/1e6, estimator.Count, "", estimator.English)))
		modelled.Y = append(modelled.Y, q.Value)
		measured.Y = append(measured.Y, published[id])
	}
	sp.Series = []Series{modelled, measured}
	b.scaleAxis(&sp.Y, sp.Series)
	return sp, nil
}

// scaleAxis picks the axis' display unit from the largest value it shows,
// by the core's display policy in the chart's language, so every adapter
// draws the same ticks and a Japanese axis counts in 万 and 億 as its text
// does. Per and Suffix come from one Display: the divisor matches the words.
func (b *builder) scaleAxis(a *Axis, series []Series) {
	var top float64
	for _, se := range series {
		for _, vs := range [][]float64{se.Y, se.Low, se.High} {
			for _, v := range vs {
				top = math.Max(top, math.Abs(v))
			}
		}
	}
	b.scaleAxisTo(a, top)
}

// scaleAxisTo picks the axis' display unit for values up to top.
func (b *builder) scaleAxisTo(a *Axis, top float64) {
	d := present.Choose(a.Unit, b.s.Units, top, present.Axis, b.lang)
	a.Per, a.Digits = d.Per, d.Digits
	if a.Suffix == "" {
		a.Suffix = d.Suffix(b.lang)
	}
}
