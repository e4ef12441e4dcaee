package estimator

import (
	"math"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

const joulesPerKWh = 3.6e6

var (
	srcMoney   = Text{"the scenario's money section; prices from the catalog unless set", "シナリオの money の項。指定がなければ価格はカタログから"}
	srcEnergy  = Text{"power = systems x maximum draw x load factor x PUE", "電力 = システム台数 × 最大消費電力 × 負荷率 × PUE"}
	srcCloud   = Text{"the same GPU-hours rented at money.cloud_per_gpu_hour", "同じ GPU 時間を money.cloud_per_gpu_hour で借りた場合"}
	srcGoodput = Text{"first-order goodput: failures x (restart + half a checkpoint interval) + checkpoint stalls; failure rates as in Meta's Llama 3 report (419 interruptions in 54 days on 16,384 H100 GPUs, 2024)",
		"一次近似のグッドプット: 障害回数 ×（再起動 + チェックポイント間隔の半分）+ チェックポイント書き込みの停止。障害率は Meta の Llama 3 の報告による（H100 GPU 16,384 基で 54 日間に 419 回の中断、2024 年）"}
	srcPlan = Text{"data grows growth.per_year-fold a year; compute grows with growth.exponent", "データは毎年 growth.per_year 倍に増え、計算量はその growth.exponent 乗で増える"}
)

var (
	costSystems = kind{"cost.systems", Text{"Systems bought (<w> on <s>)", "購入システム台数（<w> を <s> で）"}, Count,
		"{team.<w>.systems_to_buy.<s>}", &srcMoney, arithmetic}
	costSystemPrice = kind{"cost.system_price", Text{"Price of one <s>", "<s> 1 台の価格"}, currencyUnit,
		"{systems[<si>].price}", &srcMoney, arithmetic}
	costSystemPriceCatalog = kind{"cost.system_price", Text{"Price of one <s>", "<s> 1 台の価格"}, currencyUnit,
		"{catalog.systems.<b>.price_usd} * {money.per_usd}", &srcCatalog, arithmetic}
	costSystemPriceCatalogUSD = kind{"cost.system_price", Text{"Price of one <s>", "<s> 1 台の価格"}, currencyUnit,
		"{catalog.systems.<b>.price_usd}", &srcCatalog, arithmetic}
	costHardware = kind{"cost.hardware", Text{"Systems", "システム購入費"}, currencyUnit,
		"{cost.systems} * {cost.system_price}", &srcMoney, arithmetic}
	costNetwork = kind{"cost.network", Text{"Network", "ネットワーク費用"}, currencyUnit,
		"{cost.systems} * {money.network_per_system}", &srcMoney, arithmetic}
	storageSharedCapacity = kind{"storage.shared_capacity", Text{"Shared storage, raw capacity", "共有ストレージの物理容量"}, Bytes,
		"{data.processed} * {money.storage_replication}", &srcMoney, arithmetic}
	costStorage = kind{"cost.storage", Text{"Shared storage", "共有ストレージ費用"}, currencyUnit,
		"{storage.shared_capacity} / TB * {money.storage_per_tb}", &srcMoney, arithmetic}
	costCapex = kind{"cost.capex", Text{"Capital expense", "設備投資額"}, currencyUnit,
		"{cost.hardware} + {cost.network} + {cost.storage}", &srcMoney, arithmetic}
	costCapexNoStorage = kind{"cost.capex", Text{"Capital expense", "設備投資額"}, currencyUnit,
		"{cost.hardware} + {cost.network}", &srcMoney, arithmetic}
	costSystemPower = kind{"cost.system_power", Text{"Maximum power of one <s>", "<s> 1 台の最大消費電力"}, Watts,
		"{systems[<si>].power_kw} * 1000", &srcMoney, arithmetic}
	costSystemPowerCatalog = kind{"cost.system_power", Text{"Maximum power of one <s>", "<s> 1 台の最大消費電力"}, Watts,
		"{catalog.systems.<b>.power}", &srcCatalog, arithmetic}
	energyPower = kind{"energy.power", Text{"Average power of the cluster, cooling included", "クラスタの平均消費電力（冷却込み）"}, Watts,
		"{cost.systems} * {cost.system_power} * {money.load_factor} * {money.pue}", &srcEnergy, arithmetic}
	energyPerYear = kind{"energy.per_year", Text{"Energy per year", "年間消費電力量"}, Joules,
		"{energy.power} * 365 * DAY", &srcEnergy, arithmetic}
	costPowerPerYear = kind{"cost.power_per_year", Text{"Electricity per year", "年間電気代"}, currencyUnit,
		"{energy.per_year} / 3600000 * {money.price_per_kwh}", &srcMoney, arithmetic}
	costSupportPerYear = kind{"cost.support_per_year", Text{"Support per year", "年間保守費"}, currencyUnit,
		"{cost.capex} * {money.support_percent_per_year} / 100", &srcMoney, arithmetic}
	costOpexPerYear = kind{"cost.opex_per_year", Text{"Operating expense per year", "年間運用費"}, currencyUnit,
		"{cost.power_per_year} + {cost.support_per_year}", &srcMoney, arithmetic}
	costTCO = kind{"cost.tco", Text{"Total cost of ownership over the depreciation period", "償却期間の総保有コスト（TCO）"}, currencyUnit,
		"{cost.capex} + {cost.opex_per_year} * {money.depreciation_years}", &srcMoney, arithmetic}
	costPerMember = kind{"cost.per_member", Text{"Total cost of ownership per team member", "メンバー 1 人あたりの総保有コスト"}, currencyUnit,
		"{cost.tco} / {team.members}", &srcMoney, arithmetic}
	costOwnPerYear = kind{"cost.own_per_year", Text{"Owning, per year (capex spread over depreciation, plus opex)", "年あたりの保有コスト（設備投資の償却分と運用費）"}, currencyUnit,
		"{cost.capex} / {money.depreciation_years} + {cost.opex_per_year}", &srcMoney, arithmetic}
	costGPUTimePerYear = kind{"cost.gpu_time_per_year", Text{"GPU time the cluster delivers per year", "クラスタが年間に提供する GPU 時間"}, Seconds,
		"{cost.systems} * {systems[<si>].gpus} * 365 * DAY * {money.utilisation}", &srcMoney, arithmetic}
	costCloudPerYear = kind{"cost.cloud_per_year", Text{"Renting the same GPU time, per year", "同じ GPU 時間をクラウドで借りる費用（年あたり）"}, currencyUnit,
		"{cost.gpu_time_per_year} / HOUR * {money.cloud_per_gpu_hour}", &srcCloud, arithmetic}
	costBreakEvenUtilisation = kind{"cost.break_even_utilisation", Text{"Utilisation above which buying beats renting", "購入がクラウドより安くなる稼働率（損益分岐点）"}, Share,
		"{cost.own_per_year} / ({cost.systems} * {systems[<si>].gpus} * 365 * DAY / HOUR * {money.cloud_per_gpu_hour})", &srcCloud, arithmetic}
	energyGPUTimePerRunLinear = kind{"energy.gpu_time_per_run", Text{"GPU time of one <w> run on <s>", "<s> での <w> の学習 1 回の GPU 時間"}, Seconds,
		"{train.<w>.gpu_time.<s>}", &srcEnergy, arithmetic}
	energyGPUTimePerRunModelled = kind{"energy.gpu_time_per_run", Text{"GPU time of one <w> run on <s>", "<s> での <w> の学習 1 回の GPU 時間"}, Seconds,
		"{team.<w>.gpus_per_job.<s>} * {train.<w>.job_time.<s>}", &srcEnergy, arithmetic}
	energyPerRun = kind{"energy.per_run", Text{"Energy of one <w> training run", "<w> の学習 1 回の消費電力量"}, Joules,
		"{energy.gpu_time_per_run} * {cost.system_power} / {systems[<si>].gpus} * {money.load_factor} * {money.pue}", &srcEnergy, arithmetic}
	co2PerRun = kind{"co2.per_run", Text{"CO2 of one <w> training run", "<w> の学習 1 回の CO2 排出量"}, Kilograms,
		"{energy.per_run} / 3600000 * {money.grid_kg_co2_per_kwh}", &srcEnergy, arithmetic}
	co2PerYear = kind{"co2.per_year", Text{"CO2 per year", "年間 CO2 排出量"}, Kilograms,
		"{energy.per_year} / 3600000 * {money.grid_kg_co2_per_kwh}", &srcEnergy, arithmetic}

	// Renting (money.rent): the systems are instances of one offer; what is
	// bought is the shared storage, and the rent is the running cost.
	costSystemsRented = kind{"cost.systems", Text{"Instances rented (<w> on <s>)", "賃借するインスタンス数（<w> を <s> で）"}, Count,
		"{team.<w>.systems_to_buy.<s>}", &srcMoney, arithmetic}
	costCapexRent = kind{"cost.capex", Text{"Capital expense: the shared storage (the instances are rented)", "設備投資額: 共有ストレージ（インスタンスは賃借）"}, currencyUnit,
		"{cost.storage}", &srcMoney, arithmetic}
	costCapexRentNone = kind{"cost.capex", Text{"Capital expense: none (the instances are rented)", "設備投資額: なし（インスタンスは賃借）"}, currencyUnit,
		"0", &srcMoney, arithmetic}
	costGPUTimeCommitted = kind{"cost.gpu_time_per_year", Text{"GPU time rented per year (a commitment bills every hour)", "年間に賃借する GPU 時間（期間契約は全時間を請求）"}, Seconds,
		"{cost.systems} * {systems[<si>].gpus} * 365 * DAY", &srcMoney, arithmetic}
	costRentPerYear = kind{"cost.cloud_per_year", Text{"Rent per year", "年間賃料"}, currencyUnit,
		"{cost.gpu_time_per_year} / HOUR * {money.cloud_per_gpu_hour}", &srcMoney, arithmetic}
	costOpexRent = kind{"cost.opex_per_year", Text{"Operating expense per year: the rent", "年間運用費: 賃料"}, currencyUnit,
		"{cost.cloud_per_year}", &srcMoney, arithmetic}
	costTCORent = kind{"cost.tco", Text{"Total cost of renting over the depreciation period", "償却期間の賃借の総費用"}, currencyUnit,
		"{cost.capex} + {cost.opex_per_year} * {money.depreciation_years}", &srcMoney, arithmetic}
	growthYearCapexFirstRent = kind{"growth.y<n>.capex", Text{"Year <n>: capital expense (shared storage)", "<n> 年目: 設備投資額（共有ストレージ）"}, currencyUnit,
		"{cost.storage}", &srcPlan, arithmetic}
	growthYearCapexRent = kind{"growth.y<n>.capex", Text{"Year <n>: capital expense (shared storage)", "<n> 年目: 設備投資額（共有ストレージ）"}, currencyUnit,
		"{cost.storage} * ({growth.y<n>.data_factor} - {growth.y<p>.data_factor})", &srcPlan, arithmetic}

	teamGoodput = kind{"team.<w>.goodput.<s>", Text{"<w>: share of a run's time training at the steady rate on <s> (failures, stalls and ramps aside)", "<w>: <s> で定常の速度で学習している時間の割合（障害・停止・立ち上がりを除く）"}, Share,
		"", &srcGoodput, arithmetic} // the formula names the overheads given or their defaults (goodputExpr)

	growthYearDataFactor = kind{"growth.y<n>.data_factor", Text{"Year <n>: data against year 1", "<n> 年目: 1 年目に対するデータ量の倍率"}, Ratio,
		"{growth.per_year} ^ (<n> - 1)", &srcPlan, arithmetic}
	growthYearSystems = kind{"growth.y<n>.systems", Text{"Year <n>: <s> systems needed", "<n> 年目: 必要な <s> の台数"}, Count,
		"ceil({team.<w>.systems.<s>} * {growth.y<n>.data_factor} ^ {growth.exponent})", &srcPlan, arithmetic}
	growthYearCapexFirst = kind{"growth.y<n>.capex", Text{"Year <n>: capital expense", "<n> 年目: 設備投資額"}, currencyUnit,
		"{growth.y<n>.systems} * ({cost.system_price} + {money.network_per_system}) + {cost.storage}", &srcPlan, arithmetic}
	growthYearCapex = kind{"growth.y<n>.capex", Text{"Year <n>: capital expense", "<n> 年目: 設備投資額"}, currencyUnit,
		"max(0, {growth.y<n>.systems} - {growth.y<p>.systems}) * ({cost.system_price} + {money.network_per_system}) + {cost.storage} * ({growth.y<n>.data_factor} - {growth.y<p>.data_factor})", &srcPlan, arithmetic}
	growthYearOpex = kind{"growth.y<n>.opex", Text{"Year <n>: operating expense", "<n> 年目: 運用費"}, currencyUnit,
		"{cost.opex_per_year} * {growth.y<n>.systems} / {cost.systems}", &srcPlan, arithmetic}
)

// failures is the goodput section as the model takes it, in seconds: the
// failure model and the run's overheads the transformer tool uses too.
func (g *Goodput) failures() hardware.Failures {
	return hardware.Failures{PerGPUYear: g.FailuresPerGPUYear, RestartS: g.RestartHours * Hour,
		CheckpointIntervalS: g.CheckpointHours * Hour, CheckpointWriteS: g.CheckpointMinutes * Minute, Overheads: g.overheads()}
}

// goodputFactor is teamGoodput's arithmetic: the share of a run's time
// spent at the steady rate, for workload wi on a job of gpusPerJob; a
// transformer's whole run divided by its model error (model_error.whole_run).
func goodputFactor(s *Scenario, wi int, gpusPerJob float64) float64 {
	fl := s.Goodput.failures()
	if s.Workloads[wi].Transformer != nil {
		fl.Stretch = s.ModelError.factor(errWholeRun)
	}
	return fl.RunShare(gpusPerJob)
}

// addGoodput lays out teamGoodput for a job of gpusPerJob, its formula
// naming the overheads the scenario gives and the defaults of the others.
func addGoodput(s *Scenario, b *builder, c *subject, gpusPerJob float64) float64 {
	var expr string
	if b.describe {
		shares := s.Goodput.overheadExprs()
		expr = "max(0.05, 1 - {team.<w>.gpus_per_job.<s>} * {goodput.failures_per_gpu_year} / (365 * DAY) * ({goodput.restart_hours} + {goodput.checkpoint_interval_hours} / 2) * HOUR - {goodput.checkpoint_write_minutes} / ({goodput.checkpoint_interval_hours} * 60)) / (1 + " +
			strings.Join(shares[:], " + ") + ")"
		if s.Workloads[c.wi].Transformer != nil {
			expr += s.ModelError.divisorRef(errWholeRun)
		}
	}
	return b.addExpr(&teamGoodput, c, expr, goodputFactor(s, c.wi, gpusPerJob))
}

// money prices the plan: money.workload on money.system.
func computeMoney(s *Scenario, hw catalogView, results *chain, b *builder) {
	m := s.Money
	wi, si := s.workloadIndex(m.Workload), s.systemIndex(m.System)
	w, sys, d := s.Workloads[wi], s.Systems[si], hw.devices[si]
	c := subject{w: w.ID, wName: w.Name(), wi: wi, s: sys.ID, sName: sys.Name(), si: si, g: d.id, base: d.system.ID, currency: m.currency()}
	r := results.pair(wi, si)

	rent := m.Rent != nil
	systems := b.add(kindIf(rent, &costSystemsRented, &costSystems), &c, math.Ceil(r.teamSystems*s.Goodput.held()))
	var price, hardware, network, storage float64
	if !rent {
		switch {
		case sys.Price != nil:
			price = b.add(&costSystemPrice, &c, *sys.Price)
		case m.PerUSD != nil:
			price = b.add(&costSystemPriceCatalog, &c, d.system.PriceUSD**m.PerUSD)
		default:
			price = b.add(&costSystemPriceCatalogUSD, &c, d.system.PriceUSD)
		}
		hardware = b.add(&costHardware, &c, systems*price)
		network = b.add(&costNetwork, &c, systems*m.NetworkPerSystem)
	}
	if s.HasData() {
		capacity := b.add(&storageSharedCapacity, &c, results.processed*m.StorageReplication)
		storage = b.add(&costStorage, &c, capacity/s.Units.TB()*m.StoragePerTB)
	}
	var capex float64
	if rent {
		capex = b.add(kindIf(s.HasData(), &costCapexRent, &costCapexRentNone), &c, storage)
	} else {
		capex = b.add(kindIf(s.HasData(), &costCapex, &costCapexNoStorage), &c, hardware+network+storage)
	}
	var sysPower float64
	if sys.PowerKW != nil {
		sysPower = b.add(&costSystemPower, &c, *sys.PowerKW*1000)
	} else {
		sysPower = b.add(&costSystemPowerCatalog, &c, d.system.Power)
	}
	power := b.add(&energyPower, &c, systems*sysPower*m.LoadFactor*m.PUE)
	if s.IsProject() {
		projectMoney(s, b, &c, r, systems, capex, storage, sysPower, power)
		return
	}
	energyYear := b.add(&energyPerYear, &c, power*Year)
	var opex float64
	if rent {
		// The rent pays for the instances' power and support: what runs
		// them is the rent alone.
		committed, busy := m.Rent.termSeconds() > 0, m.Utilisation
		if committed {
			busy = 1 // a commitment bills every hour, used or not
		}
		gpuTime := b.add(kindIf(committed, &costGPUTimeCommitted, &costGPUTimePerYear), &c, systems*sys.GPUs*Year*busy)
		cloud := b.add(&costRentPerYear, &c, gpuTime/Hour*m.CloudPerGPUHour)
		opex = b.add(&costOpexRent, &c, cloud)
		tco := b.add(&costTCORent, &c, capex+opex*m.DepreciationYears)
		b.add(&costPerMember, &c, tco/s.Team.Members)
	} else {
		powerCost := b.add(&costPowerPerYear, &c, energyYear/joulesPerKWh*m.PricePerKWh)
		support := b.add(&costSupportPerYear, &c, capex*m.SupportPercent/100)
		opex = b.add(&costOpexPerYear, &c, powerCost+support)
		tco := b.add(&costTCO, &c, capex+opex*m.DepreciationYears)
		b.add(&costPerMember, &c, tco/s.Team.Members)
		own := b.add(&costOwnPerYear, &c, capex/m.DepreciationYears+opex)
		gpuTime := b.add(&costGPUTimePerYear, &c, systems*sys.GPUs*Year*m.Utilisation)
		b.add(&costCloudPerYear, &c, gpuTime/Hour*m.CloudPerGPUHour)
		b.add(&costBreakEvenUtilisation, &c, own/(systems*sys.GPUs*Year/Hour*m.CloudPerGPUHour))
	}
	runEnergy(s, b, &c, r, sysPower)
	addCO2(b, &co2PerYear, &c, m, energyYear)
	results.plan = planBasis{systems: systems, price: price, storage: storage, opex: opex}
}

// runEnergy lays out one run's GPU time, energy and CO2 on the priced pair.
func runEnergy(s *Scenario, b *builder, c *subject, r *pairResult, sysPower float64) {
	m, sys := s.Money, s.Systems[c.si]
	var runGPUTime float64
	if s.Scaling() == "modelled" {
		runGPUTime = b.add(&energyGPUTimePerRunModelled, c, r.gpusPerJob*r.jobTime)
	} else {
		runGPUTime = b.add(&energyGPUTimePerRunLinear, c, r.gpuTime)
	}
	energyRun := b.add(&energyPerRun, c, runGPUTime*sysPower/sys.GPUs*m.LoadFactor*m.PUE)
	addCO2(b, &co2PerRun, c, m, energyRun)
}

// computePlan is the yearly plan: the systems the growing data needs each year
// and what buying and running them costs.
func computePlan(s *Scenario, hw catalogView, results *chain, b *builder) {
	m, g := s.Money, s.Growth
	if m == nil || g == nil || g.PerYear == nil || g.Years == nil {
		return
	}
	wi, si := s.workloadIndex(m.Workload), s.systemIndex(m.System)
	w, sys, d := s.Workloads[wi], s.Systems[si], hw.devices[si]
	c := subject{w: w.ID, wName: w.Name(), wi: wi, s: sys.ID, sName: sys.Name(), si: si, g: d.id, base: d.system.ID, currency: m.currency()}
	team := results.pair(wi, si).teamSystems
	systems, price, storage, opex := results.plan.systems, results.plan.price, results.plan.storage, results.plan.opex
	var prevSystems, prevData float64
	for y := 1; y <= int(*g.Years); y++ {
		c.n = y
		data := b.add(&growthYearDataFactor, &c, math.Pow(*g.PerYear, float64(y-1)))
		need := b.add(&growthYearSystems, &c, math.Ceil(team*math.Pow(data, g.Exponent)))
		perSystem := price + m.NetworkPerSystem
		if m.Rent != nil {
			perSystem = 0 // rented instances cost no capital
		}
		if y == 1 {
			b.add(kindIf(m.Rent != nil, &growthYearCapexFirstRent, &growthYearCapexFirst), &c, need*perSystem+storage)
		} else {
			b.add(kindIf(m.Rent != nil, &growthYearCapexRent, &growthYearCapex), &c, math.Max(0, need-prevSystems)*perSystem+storage*(data-prevData))
		}
		b.add(&growthYearOpex, &c, opex*need/systems)
		prevSystems, prevData = need, data
	}
}

func (s *Scenario) workloadIndex(id string) int {
	for i, w := range s.Workloads {
		if w.ID == id {
			return i
		}
	}
	return -1
}

func (s *Scenario) systemIndex(id string) int {
	for i, sys := range s.Systems {
		if sys.ID == id {
			return i
		}
	}
	return -1
}
