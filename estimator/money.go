package estimator

import (
	"math"
)

const (
	srcMoney     = "the scenario's money section; prices from the catalog unless set"
	srcEnergy    = "power = systems x maximum draw x load factor x PUE"
	srcCloud     = "the same GPU-hours rented at money.cloud_per_gpu_hour"
	srcGoodput   = "first-order goodput: failures x (restart + half a checkpoint interval) + checkpoint stalls; failure rates as in Meta's Llama 3 report (419 interruptions in 54 days on 16,384 H100 GPUs, 2024)"
	srcPlan      = "data grows growth.per_year-fold a year; compute grows with growth.exponent"
	joulesPerKWh = 3.6e6
)

var (
	kCostSystems = kind{"cost.systems", "Systems bought (<w> on <s>)", Count,
		"{team.<w>.systems_to_buy.<s>}", srcMoney, formula}
	kSystemPrice = kind{"cost.system_price", "Price of one <s>", currencyUnit,
		"{systems[<si>].price}", srcMoney, formula}
	kSystemPriceCatalog = kind{"cost.system_price", "Price of one <s>", currencyUnit,
		"{catalog.systems.<b>.price_usd} * {money.per_usd}", srcCatalog, formula}
	kSystemPriceCatalogUSD = kind{"cost.system_price", "Price of one <s>", currencyUnit,
		"{catalog.systems.<b>.price_usd}", srcCatalog, formula}
	kHardware = kind{"cost.hardware", "Systems", currencyUnit,
		"{cost.systems} * {cost.system_price}", srcMoney, formula}
	kNetworkCost = kind{"cost.network", "Network", currencyUnit,
		"{cost.systems} * {money.network_per_system}", srcMoney, formula}
	kSharedCapacity = kind{"storage.shared_capacity", "Shared storage, raw capacity", Bytes,
		"{data.processed} * {money.storage_replication}", srcMoney, formula}
	kStorageCost = kind{"cost.storage", "Shared storage", currencyUnit,
		"{storage.shared_capacity} / TB * {money.storage_per_tb}", srcMoney, formula}
	kCapex = kind{"cost.capex", "Capital expense", currencyUnit,
		"{cost.hardware} + {cost.network} + {cost.storage}", srcMoney, formula}
	kSystemPower = kind{"cost.system_power", "Maximum power of one <s>", Watts,
		"{systems[<si>].power_kw} * 1000", srcMoney, formula}
	kSystemPowerCatalog = kind{"cost.system_power", "Maximum power of one <s>", Watts,
		"{catalog.systems.<b>.power}", srcCatalog, formula}
	kPower = kind{"energy.power", "Average power of the cluster, cooling included", Watts,
		"{cost.systems} * {cost.system_power} * {money.load_factor} * {money.pue}", srcEnergy, formula}
	kEnergyYear = kind{"energy.per_year", "Energy per year", Joules,
		"{energy.power} * 365 * DAY", srcEnergy, formula}
	kPowerCost = kind{"cost.power_per_year", "Electricity per year", currencyUnit,
		"{energy.per_year} / 3600000 * {money.price_per_kwh}", srcMoney, formula}
	kSupport = kind{"cost.support_per_year", "Support per year", currencyUnit,
		"{cost.capex} * {money.support_percent_per_year} / 100", srcMoney, formula}
	kOpex = kind{"cost.opex_per_year", "Operating expense per year", currencyUnit,
		"{cost.power_per_year} + {cost.support_per_year}", srcMoney, formula}
	kTCO = kind{"cost.tco", "Total cost of ownership over the depreciation period", currencyUnit,
		"{cost.capex} + {cost.opex_per_year} * {money.depreciation_years}", srcMoney, formula}
	kCostPerMember = kind{"cost.per_member", "Total cost of ownership per team member", currencyUnit,
		"{cost.tco} / {team.members}", srcMoney, formula}
	kOwnPerYear = kind{"cost.own_per_year", "Owning, per year (capex spread over depreciation, plus opex)", currencyUnit,
		"{cost.capex} / {money.depreciation_years} + {cost.opex_per_year}", srcMoney, formula}
	kGPUTimeYear = kind{"cost.gpu_time_per_year", "GPU time the cluster delivers per year", Seconds,
		"{cost.systems} * {systems[<si>].gpus} * 365 * DAY * {money.utilisation}", srcMoney, formula}
	kCloud = kind{"cost.cloud_per_year", "Renting the same GPU time, per year", currencyUnit,
		"{cost.gpu_time_per_year} / HOUR * {money.cloud_per_gpu_hour}", srcCloud, formula}
	kBreakEven = kind{"cost.break_even_utilisation", "Utilisation above which buying beats renting", Ratio,
		"{cost.own_per_year} / ({cost.systems} * {systems[<si>].gpus} * 365 * DAY / HOUR * {money.cloud_per_gpu_hour})", srcCloud, formula}
	kGPUSecondsLinear = kind{"energy.gpu_time_per_run", "GPU time of one <w> run on <s>", Seconds,
		"{train.<w>.gpu_time.<s>}", srcEnergy, formula}
	kGPUSecondsModelled = kind{"energy.gpu_time_per_run", "GPU time of one <w> run on <s>", Seconds,
		"{team.<w>.gpus_per_job.<s>} * {train.<w>.job_time.<s>}", srcEnergy, formula}
	kEnergyRun = kind{"energy.per_run", "Energy of one <w> training run", Joules,
		"{energy.gpu_time_per_run} * {cost.system_power} / {systems[<si>].gpus} * {money.load_factor} * {money.pue}", srcEnergy, formula}
	kCO2Run = kind{"co2.per_run", "CO2 of one <w> training run", Kilograms,
		"{energy.per_run} / 3600000 * {money.grid_kg_co2_per_kwh}", srcEnergy, formula}
	kCO2Year = kind{"co2.per_year", "CO2 per year", Kilograms,
		"{energy.per_year} / 3600000 * {money.grid_kg_co2_per_kwh}", srcEnergy, formula}

	kGoodput = kind{"team.<w>.goodput.<s>", "<w>: share of a job's time not lost to failures on <s>", Ratio,
		"max(0.05, 1 - {team.<w>.gpus_per_job.<s>} * {goodput.failures_per_gpu_year} / (365 * DAY) * ({goodput.restart_hours} + {goodput.checkpoint_interval_hours} / 2) * HOUR - {goodput.checkpoint_write_minutes} / ({goodput.checkpoint_interval_hours} * 60))", srcGoodput, formula}

	kPlanData = kind{"growth.y<n>.data_factor", "Year <n>: data against year 1", Ratio,
		"{growth.per_year} ^ (<n> - 1)", srcPlan, formula}
	kPlanSystems = kind{"growth.y<n>.systems", "Year <n>: <s> systems needed", Count,
		"ceil({team.<w>.systems.<s>} * {growth.y<n>.data_factor} ^ {growth.exponent})", srcPlan, formula}
	kPlanCapexFirst = kind{"growth.y<n>.capex", "Year <n>: capital expense", currencyUnit,
		"{growth.y<n>.systems} * ({cost.system_price} + {money.network_per_system}) + {cost.storage}", srcPlan, formula}
	kPlanCapex = kind{"growth.y<n>.capex", "Year <n>: capital expense", currencyUnit,
		"max(0, {growth.y<n>.systems} - {growth.y<p>.systems}) * ({cost.system_price} + {money.network_per_system}) + {cost.storage} * ({growth.y<n>.data_factor} - {growth.y<p>.data_factor})", srcPlan, formula}
	kPlanOpex = kind{"growth.y<n>.opex", "Year <n>: operating expense", currencyUnit,
		"{cost.opex_per_year} * {growth.y<n>.systems} / {cost.systems}", srcPlan, formula}
)

// goodputFactor is kGoodput's arithmetic.
func goodputFactor(g *Goodput, gpusPerJob float64) float64 {
	lost := gpusPerJob * g.FailuresPerGPUYear / Year * (g.RestartHours + g.CheckpointHours/2) * Hour
	stall := g.CheckpointMinutes / (g.CheckpointHours * 60)
	return math.Max(0.05, 1-lost-stall)
}

// money prices the plan: money.workload on money.system.
func computeMoney(s *Scenario, hw catalogView, results *chain, b *builder) {
	m := s.Money
	wi, si := s.workloadIndex(m.Workload), s.systemIndex(m.System)
	w, sys, d := s.Workloads[wi], s.Systems[si], hw.devices[si]
	c := ctx{w: w.ID, wName: w.name(), wi: wi, s: sys.ID, sName: sys.name(), si: si, g: d.id, base: d.system.ID, currency: m.currency()}
	r := results.pair(wi, si)

	systems := b.add(&kCostSystems, &c, math.Ceil(r.teamSystems))
	var price float64
	switch {
	case sys.Price != nil:
		price = b.add(&kSystemPrice, &c, *sys.Price)
	case m.PerUSD != nil:
		price = b.add(&kSystemPriceCatalog, &c, d.system.PriceUSD**m.PerUSD)
	default:
		price = b.add(&kSystemPriceCatalogUSD, &c, d.system.PriceUSD)
	}
	hardware := b.add(&kHardware, &c, systems*price)
	network := b.add(&kNetworkCost, &c, systems*m.NetworkPerSystem)
	capacity := b.add(&kSharedCapacity, &c, results.processed*m.StorageReplication)
	storage := b.add(&kStorageCost, &c, capacity/s.Units.TB()*m.StoragePerTB)
	capex := b.add(&kCapex, &c, hardware+network+storage)
	var sysPower float64
	if sys.PowerKW != nil {
		sysPower = b.add(&kSystemPower, &c, *sys.PowerKW*1000)
	} else {
		sysPower = b.add(&kSystemPowerCatalog, &c, d.system.Power)
	}
	power := b.add(&kPower, &c, systems*sysPower*m.LoadFactor*m.PUE)
	energyYear := b.add(&kEnergyYear, &c, power*Year)
	powerCost := b.add(&kPowerCost, &c, energyYear/joulesPerKWh*m.PricePerKWh)
	support := b.add(&kSupport, &c, capex*m.SupportPercent/100)
	opex := b.add(&kOpex, &c, powerCost+support)
	tco := b.add(&kTCO, &c, capex+opex*m.DepreciationYears)
	b.add(&kCostPerMember, &c, tco/s.Team.Members)
	own := b.add(&kOwnPerYear, &c, capex/m.DepreciationYears+opex)
	gpuTime := b.add(&kGPUTimeYear, &c, systems*sys.GPUs*Year*m.Utilisation)
	b.add(&kCloud, &c, gpuTime/Hour*m.CloudPerGPUHour)
	b.add(&kBreakEven, &c, own/(systems*sys.GPUs*Year/Hour*m.CloudPerGPUHour))
	var runGPUTime float64
	if s.Training.Scaling == "modelled" {
		runGPUTime = b.add(&kGPUSecondsModelled, &c, r.gpusPerJob*r.jobTime)
	} else {
		runGPUTime = b.add(&kGPUSecondsLinear, &c, r.gpuTime)
	}
	energyRun := b.add(&kEnergyRun, &c, runGPUTime*sysPower/sys.GPUs*m.LoadFactor*m.PUE)
	b.add(&kCO2Run, &c, energyRun/joulesPerKWh*m.GridKgCO2PerKWh)
	b.add(&kCO2Year, &c, energyYear/joulesPerKWh*m.GridKgCO2PerKWh)
	results.plan = planBasis{systems: systems, price: price, storage: storage, opex: opex}
}

// computePlan is the yearly plan: the systems the growing data needs each year
// and what buying and running them costs.
func computePlan(s *Scenario, hw catalogView, results *chain, b *builder) {
	m, g := s.Money, s.Growth
	if m == nil || g.PerYear == nil || g.Years == nil {
		return
	}
	wi, si := s.workloadIndex(m.Workload), s.systemIndex(m.System)
	w, sys, d := s.Workloads[wi], s.Systems[si], hw.devices[si]
	c := ctx{w: w.ID, wName: w.name(), wi: wi, s: sys.ID, sName: sys.name(), si: si, g: d.id, base: d.system.ID, currency: m.currency()}
	team := results.pair(wi, si).teamSystems
	systems, price, storage, opex := results.plan.systems, results.plan.price, results.plan.storage, results.plan.opex
	var prevSystems, prevData float64
	for y := 1; y <= int(*g.Years); y++ {
		c.n = y
		data := b.add(&kPlanData, &c, math.Pow(*g.PerYear, float64(y-1)))
		need := b.add(&kPlanSystems, &c, math.Ceil(team*math.Pow(data, g.Exponent)))
		if y == 1 {
			b.add(&kPlanCapexFirst, &c, need*(price+m.NetworkPerSystem)+storage)
		} else {
			b.add(&kPlanCapex, &c, math.Max(0, need-prevSystems)*(price+m.NetworkPerSystem)+storage*(data-prevData))
		}
		b.add(&kPlanOpex, &c, opex*need/systems)
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
