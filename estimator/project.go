package estimator

import (
	"errors"
	"strconv"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/numtext"
)

// A project sizes a fixed number of runs, as reverse sizing does: a run's
// failures lengthen it rather than add systems, its job is the fewest GPUs
// on the ladder that meet the deadline with failures included (as
// hardware.WalkLadder walks it for trainscale size), and its cost is what
// those runs use of what is bought or rented.

var srcProject = Text{"the scenario's project: its runs one after another on one job's systems, each over its whole run (as trainscale size counts them)",
	"シナリオのプロジェクト: 1 ジョブのシステムで学習を順に実行し、各回を実行全体で数える（trainscale size と同じ数え方）"}

var (
	projectSystemsKind = kind{"team.<w>.systems.<s>", Text{"<w>: <s> systems of the project's job", "<w>: プロジェクトのジョブの <s> の台数"}, Count,
		"{team.<w>.gpus_per_job.<s>} / {systems[<si>].gpus}", &srcProject, arithmetic}
	projectRunTime = kind{"project.<w>.run_time.<s>", Text{"<w>: one run on the job's <s> GPUs", "<w>: ジョブの <s> GPU 群での学習 1 回の時間"}, Seconds,
		"{train.<w>.job_time.<s>}", &srcProject, arithmetic}
	projectRunTimeGoodput = kind{"project.<w>.run_time.<s>", Text{"<w>: one whole run on the job's <s> GPUs (failures, stalls and ramps included)", "<w>: ジョブの <s> GPU 群での学習 1 回の時間（実行全体: 障害・停止・立ち上がり込み）"}, Seconds,
		"{train.<w>.job_time.<s>} / {team.<w>.goodput.<s>}", &srcProject, arithmetic}
	projectRunTimeLinear = kind{"project.<w>.run_time.<s>", Text{"<w>: one run on the job's <s> GPUs", "<w>: ジョブの <s> GPU 群での学習 1 回の時間"}, Seconds,
		"{train.<w>.gpu_time.<s>} / {team.<w>.gpus_per_job.<s>}", &srcProject, arithmetic}
	projectRunTimeLinearGoodput = kind{"project.<w>.run_time.<s>", Text{"<w>: one whole run on the job's <s> GPUs (failures, stalls and ramps included)", "<w>: ジョブの <s> GPU 群での学習 1 回の時間（実行全体: 障害・停止・立ち上がり込み）"}, Seconds,
		"{train.<w>.gpu_time.<s>} / {team.<w>.gpus_per_job.<s>} / {team.<w>.goodput.<s>}", &srcProject, arithmetic}
	projectGPUHours = kind{"project.<w>.gpu_hours.<s>", Text{"<w>: GPU-hours of the project's runs on <s>", "<w>: <s> でのプロジェクトの学習の GPU 時間"}, Count,
		"{project.runs} * {team.<w>.gpus_per_job.<s>} * {project.<w>.run_time.<s>} / HOUR", &srcProject, arithmetic}
	projectMeetsDeadline = kind{"team.<w>.meets_target.<s>", Text{"<w>: a run on <s> meets the deadline", "<w>: <s> での学習 1 回が期限に間に合うか"}, Flag,
		"if({project.<w>.run_time.<s>} <= {project.deadline_days} * DAY * 1.000001, 1, 0)", &srcProject, arithmetic}
	teamGPUsPerJobProject = kind{"team.<w>.gpus_per_job.<s>", Text{"<w>: <s> GPUs of one job", "<w>: 1 ジョブの <s> GPU 数"}, Count,
		"the fewest GPUs (1, 2, 4, ... then whole <s> systems) whose run, at the rate modelled for that job and over its whole run, trains {train.<w>.tokens} within {project.deadline_days}", &srcProject, modelled}
)

// projectSystems lays out one pair's project figures, r's job and times
// known: the job's systems, a run's time with failures, the project's
// GPU-hours and whether a run meets the deadline.
func projectSystems(s *Scenario, b *builder, c *subject, r *pairResult) float64 {
	sys := s.Systems[c.si]
	linear := s.Scaling() != "modelled"
	g := 1.0
	if s.Goodput != nil {
		g = addGoodput(s, b, c, r.gpusPerJob)
	}
	systems := b.add(&projectSystemsKind, c, r.gpusPerJob/sys.GPUs)
	var run float64
	switch {
	case linear && s.Workloads[c.wi].Transformer == nil:
		run = b.add(kindIf(s.Goodput != nil, &projectRunTimeLinearGoodput, &projectRunTimeLinear), c, r.gpuTime/r.gpusPerJob/g)
	default:
		run = b.add(kindIf(s.Goodput != nil, &projectRunTimeGoodput, &projectRunTime), c, r.jobTime/g)
	}
	r.runTime = run
	r.gpuHours = addHeldHours(s, b, &projectGPUHours, c, s.Project.Runs*r.gpusPerJob*run/Hour)
	if t := s.Target(); t > 0 {
		b.add(&projectMeetsDeadline, c, flag(run <= t*1.000001))
	}
	return systems
}

// kindIf is a when cond, else b.
func kindIf(cond bool, a, b *kind) *kind {
	if cond {
		return a
	}
	return b
}

// perMember lays out a team's systems per member; a project has none.
func perMember(s *Scenario, b *builder, c *subject, r *pairResult) {
	if s.Team != nil {
		b.add(&teamSystemsPerMember, c, r.teamSystems/s.Team.Members)
	}
}

// sizeProject finds a project's job when the scenario leaves its GPUs out:
// the fewest GPUs on trainscale size's ladder whose run, at the plan made
// for that count and with the scenario's failures, meets the deadline. A
// model that fits no count, or a deadline no count meets, is an error
// naming the deadline.
func (pc *planCache) sizeProject(key planKey, hw catalogView, si int, perSystem, tokens, deadline float64, goodput func(int) float64, exact bool) jobPlan {
	floorJob := hw.job(key, si)
	floorJob.Tokens = tokens
	if !exact {
		// The planner's sweep over dozens of deadlines: walking the ladder
		// to the fewest GPUs at every one would plan thousands of jobs. It
		// sizes by rate from the floor of one GPU's goodput (where it starts
		// moves the counts it reaches, so the sweep keeps that start).
		floor := hardware.MinGPUs(floorJob, deadline*goodput(1))
		per := int(perSystem)
		ladder := func(n float64) int { // the ladder's first count at or past n
			i := 0
			for float64(hardware.GPUStep(i, per)) < n && hardware.GPUStep(i, per) < maxJobGPUs {
				i++
			}
			return min(hardware.GPUStep(i, per), maxJobGPUs)
		}
		grow := func(n int) int { return ladder(float64(2 * n)) }
		return pc.rateSize(key, hw, si, ladder(max(floor, 1)), grow, ladder, tokens, deadline, goodput)
	}
	run, _, err := hardware.WalkLadder(int(perSystem), hardware.MinGPUsWithin(floorJob, deadline, goodput), maxJobGPUs, func(n int) (hardware.SizedRun, bool, error) {
		key.gpus = n
		j := pc.get(key, hw, si)
		var fit *hardware.FitError
		switch {
		case errors.As(j.err, &fit):
			return hardware.SizedRun{GPUs: n}, false, nil
		case j.err != nil:
			return hardware.SizedRun{}, false, j.err
		}
		wall := tokens / j.plan.TokensPerSecond / goodput(n)
		return hardware.SizedRun{GPUs: n, Plan: j.plan, WallTime: wall}, wall <= deadline*1.000001, nil
	})
	switch {
	case errors.Is(err, hardware.ErrNoGPUCount):
		return jobPlan{err: errDeadline}
	case err != nil:
		return jobPlan{err: err}
	}
	key.gpus = run.GPUs
	return pc.get(key, hw, si) // planned by the walk: a lookup
}

var (
	projectDuration = kind{"project.duration", Text{"The project: <w>'s runs one after another on <s>", "プロジェクトの期間: <s> で <w> を順に学習"}, Seconds,
		"{project.runs} * {project.<w>.run_time.<s>}", &srcProject, arithmetic}
	energyProject = kind{"energy.project", Text{"Energy of the project, cooling included", "プロジェクトの消費電力量（冷却込み）"}, Joules,
		"{energy.power} * {project.duration}", &srcEnergy, arithmetic}
	costPowerProject = kind{"cost.power_project", Text{"Electricity of the project", "プロジェクトの電気代"}, currencyUnit,
		"{energy.project} / 3600000 * {money.price_per_kwh}", &srcMoney, arithmetic}
	costSupportProject = kind{"cost.support_project", Text{"Support for the project's duration", "プロジェクト期間の保守費"}, currencyUnit,
		"{cost.capex} * {money.support_percent_per_year} / 100 * {project.duration} / (365 * DAY)", &srcMoney, arithmetic}
	costDepreciationKept = kind{"cost.depreciation", Text{"Depreciation for the project's duration", "プロジェクト期間の減価償却費"}, currencyUnit,
		"{cost.capex} * min(1, {project.duration} / ({money.depreciation_years} * 365 * DAY))", &srcResidualKept, arithmetic}
	costDepreciationNone = kind{"cost.depreciation", Text{"Capital expense charged to the project (no residual value)", "プロジェクトに課す設備投資額（残存価値なし）"}, currencyUnit,
		"{cost.capex}", &srcResidualNone, arithmetic}
	costOwnProject = kind{"cost.own", Text{"Buying, for the project: depreciation, electricity and support", "購入する場合のプロジェクト費用: 減価償却・電気代・保守費"}, currencyUnit,
		"{cost.depreciation} + {cost.power_project} + {cost.support_project}", &srcMoney, arithmetic}
	costRentProject = kind{"cost.rent", Text{"Renting the project's GPU-hours", "プロジェクトの GPU 時間を借りる費用"}, currencyUnit,
		"{project.<w>.gpu_hours.<s>} * {money.cloud_per_gpu_hour} + {cost.storage}", &srcCloud, arithmetic}
	costRentProjectNoStorage = kind{"cost.rent", Text{"Renting the project's GPU-hours", "プロジェクトの GPU 時間を借りる費用"}, currencyUnit,
		"{project.<w>.gpu_hours.<s>} * {money.cloud_per_gpu_hour}", &srcCloud, arithmetic}
	costRentTerm1 = kind{"cost.rent_term", Text{"Term the commitment bills", "期間契約の請求期間"}, Seconds,
		"365 * DAY", &srcMoney, arithmetic}
	costRentTerm3 = kind{"cost.rent_term", Text{"Term the commitment bills", "期間契約の請求期間"}, Seconds,
		"3 * 365 * DAY", &srcMoney, arithmetic}
	costRentCommitted = kind{"cost.rent", Text{"Renting the instances for the project (a commitment bills its whole term)", "プロジェクトのインスタンス賃料（期間契約は全期間を請求）"}, currencyUnit,
		"{cost.systems} * {systems[<si>].gpus} * max({project.duration}, {cost.rent_term}) / HOUR * {money.cloud_per_gpu_hour} + {cost.storage}", &srcMoney, arithmetic}
	costRentCommittedNoStorage = kind{"cost.rent", Text{"Renting the instances for the project (a commitment bills its whole term)", "プロジェクトのインスタンス賃料（期間契約は全期間を請求）"}, currencyUnit,
		"{cost.systems} * {systems[<si>].gpus} * max({project.duration}, {cost.rent_term}) / HOUR * {money.cloud_per_gpu_hour}", &srcMoney, arithmetic}
	co2Project = kind{"co2.project", Text{"CO2 of the project", "プロジェクトの CO2 排出量"}, Kilograms,
		"{energy.project} / 3600000 * {money.grid_kg_co2_per_kwh}", &srcEnergy, arithmetic}
)

var (
	srcResidualKept = Text{"straight-line depreciation over money.depreciation_years: the project pays for the time it holds the systems, which keep the rest of their value (resold, or kept for other work; money.residual kept)",
		"money.depreciation_years での定額償却: プロジェクトはシステムを使う期間の分を負担し、残りの価値はシステムに残る（売却、または他の用途に使う。money.residual が kept）"}
	srcResidualNone = Text{"money.residual none: the project pays the whole capital expense, the systems keeping no value for later",
		"money.residual が none: プロジェクトが設備投資額をすべて負担し、システムに後の価値は残らない"}
)

// projectMoney lays out what the project costs bought and rented, and its
// energy: the runs one after another on the job's systems, bought for the
// project's duration (with the residual rule the scenario states) or their
// GPU-hours rented.
func projectMoney(s *Scenario, b *builder, c *subject, r *pairResult, systems, capex, storage, sysPower, power float64) {
	m := s.Money
	duration := b.add(&projectDuration, c, s.Project.Runs*r.runTime)
	energy := b.add(&energyProject, c, power*duration)
	switch {
	case m.Rent == nil:
		electricity := b.add(&costPowerProject, c, energy/joulesPerKWh*m.PricePerKWh)
		support := b.add(&costSupportProject, c, capex*m.SupportPercent/100*duration/Year)
		var depreciation float64
		if m.residual() == ResidualKept {
			depreciation = b.add(&costDepreciationKept, c, capex*min(1, duration/(m.DepreciationYears*Year)))
		} else {
			depreciation = b.add(&costDepreciationNone, c, capex)
		}
		b.add(&costOwnProject, c, depreciation+electricity+support)
		fallthrough // what renting the same GPU-hours would cost, beside
	case m.Rent.termSeconds() == 0:
		b.add(kindIf(s.HasData(), &costRentProject, &costRentProjectNoStorage), c, r.gpuHours*m.CloudPerGPUHour+storage)
	default:
		// A commitment bills its whole term for the instances it holds,
		// however short the project.
		term := b.add(kindIf(m.Rent.termSeconds() == Year, &costRentTerm1, &costRentTerm3), c, m.Rent.termSeconds())
		hours := systems * s.Systems[c.si].GPUs * max(duration, term) / Hour
		b.add(kindIf(s.HasData(), &costRentCommitted, &costRentCommittedNoStorage), c, hours*m.CloudPerGPUHour+storage)
	}
	runEnergy(s, b, c, r, sysPower)
	addCO2(b, &co2Project, c, m, energy)
}

// errDeadline is a project's deadline that no job meets: the fault is the
// deadline's, and the error names it.
var errDeadline = minfmt.Errorf("no job of up to %d GPUs runs it within the deadline, its whole run counted", maxJobGPUs)

// RunsWords says the project's runs as a count a reader says: "one run",
// "3 runs".
func (p *Project) RunsWords() Text { return countWords(p.Runs, runWords) }

// EpochsWords says the run's passes over its data as a count a reader says:
// "one epoch", "90 epochs".
func (t *Training) EpochsWords() Text { return countWords(t.Epochs, epochWords) }

// JobsWords is the team's concurrent jobs in words: "one job at once",
// "6 jobs at once".
func (t *Team) JobsWords() Text { return countWords(t.ConcurrentJobs, jobWords) }

// Words for counts, singular and plural.
var (
	runWords   = [2]Text{{"one run", "学習 1 回"}, {"%s runs", "学習 %s 回"}}
	epochWords = [2]Text{{"one epoch", "1 エポック"}, {"%s epochs", "%s エポック"}}
	jobWords   = [2]Text{{"one job at once", "同時 1 ジョブ"}, {"%s jobs at once", "同時 %s ジョブ"}}
)

// countWords is n with its noun: words[0] for one, words[1] (with %s for
// the number) otherwise.
func countWords(n float64, words [2]Text) Text {
	if n == 1 {
		return words[0]
	}
	num := numtext.Decimal(n, 6)
	return Text{minfmt.Sprintf(words[1].EN, num), minfmt.Sprintf(words[1].JA, num)}
}

// Describe says what the project is in a few words: "one run, within 90
// days", "3 runs".
func (p *Project) Describe() Text {
	r := p.RunsWords()
	if p.DeadlineDays == nil {
		return r
	}
	d := strconv.FormatFloat(*p.DeadlineDays, 'f', -1, 64)
	return Text{r.EN + ", each within " + d + " days", r.JA + "（各 " + d + " 日以内）"}
}
