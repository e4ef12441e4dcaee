package xlsx

import (
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
)

// The Job sizes sheet keeps a sized transformer job live: the model's plan
// at every job size the sizing can reach (estimator.JobLadder, values), and
// the walk that picks the job from them as trainscale does, as formulas
// over the run's tokens and the target. The job's GPUs, layout, memory and
// MFU are then lookups at the job's row, so an edit of the data, the tokens
// or the target re-sizes the job the way the CLI would.

// jobColumn is one named column of a ladder table: its place, its name in
// the defined name (jobs_<w>_<s>_<name>), the row's value, and the quantity
// of the pair that is the column's value at the job's row ("" for none).
type jobColumn struct {
	col      int
	name     string
	value    func(estimator.JobRow) float64
	quantity string // "<group>.<name>": train.tp is train.<w>.tp.<s>
}

// jobColumns are a ladder table's named columns, in order.
var jobColumns = []jobColumn{
	{jobColGPUs, "gpus", func(r estimator.JobRow) float64 { return r.GPUs }, ""},
	{jobColRate, "rate", func(r estimator.JobRow) float64 { return r.TokensPerSecond }, ""},
	{jobColTP, "tp", func(r estimator.JobRow) float64 { return r.TP }, "train.tp"},
	{jobColPP, "pp", func(r estimator.JobRow) float64 { return r.PP }, "train.pp"},
	{jobColDP, "dp", func(r estimator.JobRow) float64 { return r.DP }, "train.dp"},
	{jobColFits, "fits", func(r estimator.JobRow) float64 { return r.Fits }, "train.fits"},
	{jobColMFU, "mfu", func(r estimator.JobRow) float64 { return r.MFU }, "train.mfu"},
	{jobColMemory, "memory", func(r estimator.JobRow) float64 { return r.MemoryPerGPU }, "train.memory_per_gpu"},
	{jobColEP, "ep", func(r estimator.JobRow) float64 { return r.EP }, "train.ep"},
	{jobColCP, "cp", func(r estimator.JobRow) float64 { return r.CP }, "train.cp"},
	{jobColInterleave, "interleave", func(r estimator.JobRow) float64 { return r.Interleave }, "train.interleave"},
	{jobColMicroBatch, "micro_batch", func(r estimator.JobRow) float64 { return r.MicroBatch }, "train.micro_batch"},
	{jobColZeRO, "zero", func(r estimator.JobRow) float64 { return r.ZeRO }, "train.zero"},
	{jobColRecompute, "recompute", func(r estimator.JobRow) float64 { return r.Recompute }, "train.recompute"},
	{jobColWeights, "weights", func(r estimator.JobRow) float64 { return r.Weights }, "train.memory.weights"},
	{jobColGradients, "gradients", func(r estimator.JobRow) float64 { return r.Gradients }, "train.memory.gradients"},
	{jobColOptimizer, "optimizer", func(r estimator.JobRow) float64 { return r.Optimizer }, "train.memory.optimizer"},
	{jobColActivations, "activations", func(r estimator.JobRow) float64 { return r.Activations }, "train.memory.activations"},
	{jobColWorkspace, "workspace", func(r estimator.JobRow) float64 { return r.Workspace }, "train.memory.workspace"},
}

// Ladder table columns: what the walk reads (the job's mark in the
// column of the walk's GPUs, the rate and the run's days under the walk's),
// then the plan's layout, memory and MFU, then the bytes the memory
// quantity reads (in GB before it).
const (
	jobColGPUs = iota + 1
	jobColJob
	jobColRate
	jobColDays
	jobColMeets
	jobColSystems
	jobColTP
	jobColPP
	jobColDP
	jobColGB
	jobColFits
	jobColMFU
	jobColMemory
	jobColEP
	jobColCP
	jobColInterleave
	jobColMicroBatch
	jobColZeRO
	jobColRecompute
	jobColWeights // the memory's parts, bytes per GPU (estimator.MemoryParts' order)
	jobColGradients
	jobColOptimizer
	jobColActivations
	jobColWorkspace
)

// Walk table columns.
const (
	walkColStep = iota + 1
	walkColGPUs
	walkColRate
	walkColDays
	walkColNeed
)

// jobRef is what a ladder's named cell holds, for the namer: "jobs.<w>.<s>.<name>".
func jobRef(l estimator.JobLadder, name string) string {
	return "jobs." + l.Workload + "." + l.System + "." + name
}

// jobQuantity is the id of a ladder's pair's quantity "<group>.<name>".
func jobQuantity(l estimator.JobLadder, quantity string) string {
	group, name, _ := strings.Cut(quantity, ".")
	return group + "." + l.Workload + "." + name + "." + l.System
}

// jobSizedID is the quantity the walk gives: the job's GPUs.
func jobSizedID(l estimator.JobLadder) string { return jobQuantity(l, "team.gpus_per_job") }

// ladderedIDs are the modelled quantities a ladder's formulas give.
func ladderedIDs(ladders []estimator.JobLadder) map[string]bool {
	out := map[string]bool{}
	for _, l := range ladders {
		out[jobSizedID(l)] = true
		for _, c := range jobColumns {
			if c.quantity != "" {
				out[jobQuantity(l, c.quantity)] = true
			}
		}
	}
	return out
}

// nameLadders gives each ladder's columns and its job cell their names,
// after every other cell's: a ladder never takes a name a quantity would.
func nameLadders(n *namer, ladders []estimator.JobLadder) {
	for _, l := range ladders {
		for _, c := range jobColumns {
			n.add(jobRef(l, c.name), definedName(jobRef(l, c.name)))
		}
		n.add(jobRef(l, "job"), definedName(jobRef(l, "job")))
	}
}

// ladderFormulas are the formulas of the quantities the ladders give, by id.
func (wb *workbook) ladderFormulas() map[string]string {
	out := map[string]string{}
	for _, l := range wb.ladders {
		job, _ := wb.name(jobSizedID(l))
		out[jobSizedID(l)] = wb.mustName(jobRef(l, "job"))
		gpus := wb.mustName(jobRef(l, "gpus"))
		for _, c := range jobColumns {
			if c.quantity == "" {
				continue
			}
			f := "INDEX(" + wb.mustName(jobRef(l, c.name)) + ",MATCH(" + job + "," + gpus + ",0))"
			if c.name == "mfu" && l.MFUError != 1 {
				f += "*" + num(l.MFUError)
			}
			out[jobQuantity(l, c.quantity)] = f
		}
	}
	return out
}

// mustName is the name of a cell the namer named.
func (wb *workbook) mustName(ref string) string {
	n, _ := wb.name(ref)
	return n
}

// jobSizes writes the Job sizes sheet: each ladder's walk, then its rows.
func (wb *workbook) jobSizes() {
	sh := wb.tab(sheetJobs)
	wb.widths(sh, 16, 12, 16, 12, 16, 12, 10, 10, 14, 12, 12, 12, 18, 6, 6, 8, 8, 7, 10)
	wb.text(sh, 1, 1, sh+": "+wb.scenarioName())
	wb.style(sh, 1, 1, stTitle)
	if len(wb.ladders) == 0 {
		wb.text(sh, 1, 2, wb.t("xlsx.jobs.none"))
		wb.style(sh, 1, 2, stNote)
		return
	}
	wb.wrappedAcross(sh, 1, jobColMemory, 2, wb.tf("xlsx.jobs.intro", wb.tab(sheetAssumptions)))
	wb.style(sh, 1, 2, stNoteWrap)
	wb.rerunLine(sh, 3)
	row := 5
	for i, l := range wb.ladders {
		if i > 0 {
			// Each job starts a page: its walk above its rows.
			wb.check(wb.f.InsertPageBreak(sh, cellName(1, row)))
		}
		row = wb.jobLadder(sh, row, l) + 3
	}
}

// jobLadder writes one ladder from row on and returns its last row.
func (wb *workbook) jobLadder(sh string, row int, l estimator.JobLadder) int {
	w, s := wb.workload(l.Workload), wb.system(l.System)
	wb.text(sh, 1, row, wb.tf("xlsx.on", w.Name(), s.Name()))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.wrappedAcross(sh, 1, jobColMemory, row, wb.tf("xlsx.jobs.walk", num(l.Start), num(l.PerSystem)))
	wb.style(sh, 1, row, stNoteWrap)
	row++

	tokens, _ := wb.name("train." + l.Workload + ".tokens")
	if l.MFUError != 1 {
		// The walk sizes the job for the tokens the model's error asks.
		tokens = "(" + tokens + "/" + num(l.MFUError) + ")"
	}
	target, _ := wb.name("team.target_days")
	day, _ := wb.name("DAY")
	gpus, rate := wb.mustName(jobRef(l, "gpus")), wb.mustName(jobRef(l, "rate"))
	ps := num(l.PerSystem)

	wb.header(sh, row, wb.ts("xlsx.jobs.step", "xlsx.jobs.gpus", "xlsx.tt.rate", "xlsx.jobs.days", "xlsx.jobs.need")...)
	for k := 0; k <= l.Steps; k++ {
		row++
		at := func(col int) string { return cellName(col, row) }
		before := func(col int) string { return cellName(col, row-1) }
		switch k {
		case 0:
			wb.text(sh, walkColStep, row, wb.t("xlsx.jobs.start"))
			wb.count(sh, walkColGPUs, row, l.Start, stModelled)
		case l.Steps:
			wb.text(sh, walkColStep, row, wb.tf("xlsx.jobs.last", k))
		default:
			wb.text(sh, walkColStep, row, wb.tf("xlsx.jobs.stepn", k))
		}
		if k > 0 {
			// The size the step before needs, where it is more.
			wb.formula(sh, walkColGPUs, row, "IF("+before(walkColNeed)+"<="+before(walkColGPUs)+","+before(walkColGPUs)+","+before(walkColNeed)+")")
			wb.style(sh, walkColGPUs, row, stValue+"#"+countFormat)
		}
		wb.formula(sh, walkColRate, row, "INDEX("+rate+",MATCH("+at(walkColGPUs)+","+gpus+",0))")
		wb.style(sh, walkColRate, row, stValue+"#"+countFormat)
		wb.formula(sh, walkColDays, row, tokens+"/("+at(walkColRate)+"*"+at(walkColGPUs)+")/"+day)
		wb.style(sh, walkColDays, row, stValue+"#0.00")
		if k < l.Steps {
			wb.formula(sh, walkColNeed, row, "MIN(CEILING("+tokens+"/"+at(walkColRate)+"/("+target+"*"+day+")/"+ps+",1)*"+ps+","+num(l.Max)+")")
			wb.style(sh, walkColNeed, row, stValue+"#"+countFormat)
		}
		for _, col := range []int{walkColGPUs, walkColRate, walkColDays, walkColNeed} {
			wb.needs(sh, col, row, needShort)
		}
	}
	job := wb.mustName(jobRef(l, "job"))
	wb.define(job, sh, walkColGPUs, row)

	row += 2
	cols := wb.ts("xlsx.jobs.gpus", "xlsx.jobs.job", "xlsx.tt.rate", "xlsx.jobs.days", "xlsx.jobs.meets", "xlsx.jobs.systems",
		"xlsx.tt.tp", "xlsx.tt.pp", "xlsx.tt.dp", "xlsx.jobs.gb", "xlsx.fits", "xlsx.tt.mfu", "xlsx.jobs.bytes",
		"xlsx.tt.ep", "xlsx.tt.cp", "xlsx.tt.interleave", "xlsx.tt.mb", "xlsx.tt.zero", "xlsx.tt.recompute")
	parts, _ := estimator.MemoryParts(l.Workload, l.System)
	for _, p := range parts { // bytes per GPU, as the memory column
		cols = append(cols, p.Name.In(wb.b.Lang))
	}
	wb.header(sh, row, cols...)
	first := row + 1
	gb, _ := wb.name("GB")
	for _, r := range l.Rows {
		row++
		at := func(col int) string { return cellName(col, row) }
		for _, c := range jobColumns {
			switch c.name {
			case "fits":
				wb.number(sh, c.col, row, c.value(r))
				wb.style(sh, c.col, row, "modelled-flag")
				wb.needs(sh, c.col, row, needShort)
			case "mfu":
				wb.number(sh, c.col, row, c.value(r))
				wb.style(sh, c.col, row, stModelled+"#0.0%")
				wb.needs(sh, c.col, row, needShort)
			default:
				wb.count(sh, c.col, row, c.value(r), stModelled)
			}
		}
		wb.formula(sh, jobColSystems, row, at(jobColGPUs)+"/"+ps)
		wb.style(sh, jobColSystems, row, stValue+"#"+countFormat)
		wb.formula(sh, jobColGB, row, at(jobColMemory)+"/"+gb)
		wb.style(sh, jobColGB, row, stShown+":1")
		wb.formula(sh, jobColDays, row, tokens+"/("+at(jobColRate)+"*"+at(jobColGPUs)+")/"+day)
		wb.style(sh, jobColDays, row, stValue+"#0.00")
		wb.formula(sh, jobColMeets, row, "IF("+at(jobColDays)+"<="+target+",1,0)")
		wb.style(sh, jobColMeets, row, stFlag)
		// 1 at the job's row, which reads as an arrow; nothing elsewhere.
		wb.formula(sh, jobColJob, row, "IF("+at(jobColGPUs)+"="+job+",1,0)")
		wb.style(sh, jobColJob, row, stValue+`#[=1]"`+strings.ReplaceAll(wb.t("xlsx.jobs.chosen"), `"`, "")+`";[=0]"";General`)
		for _, col := range []int{jobColSystems, jobColGB, jobColDays, jobColMeets} {
			wb.needs(sh, col, row, needShort)
		}
		wb.needsText(sh, jobColJob, row, wb.t("xlsx.jobs.chosen"))
	}
	for _, c := range jobColumns {
		wb.check(wb.f.SetDefinedName(&excelize.DefinedName{Name: wb.mustName(jobRef(l, c.name)), RefersTo: absoluteRange(sh, c.col, first, row)}))
	}
	return row
}

// needShort is the width a short formula result asks: a count of systems,
// GB or days to a decimal or two, a flag.
const needShort = 10

// countFormat shows a count or a rate whole, grouped.
const countFormat = "#,##0"

// count writes a count or a rate of the model, shown whole and grouped, in
// a column as wide as that.
func (wb *workbook) count(sh string, col, row int, v float64, base string) {
	wb.number(sh, col, row, v)
	wb.style(sh, col, row, base+"#"+countFormat)
	wb.needs(sh, col, row, groupedWidth(v, 0))
}

// quoted is text as a formula's string literal.
func quoted(s string) string { return `"` + strings.ReplaceAll(clean(s), `"`, `""`) + `"` }

func (wb *workbook) workload(id string) estimator.Workload {
	for _, w := range wb.s.Workloads {
		if w.ID == id {
			return w
		}
	}
	return estimator.Workload{ID: id}
}

func (wb *workbook) system(id string) estimator.System {
	for _, s := range wb.s.Systems {
		if s.ID == id {
			return s
		}
	}
	return estimator.System{ID: id}
}
