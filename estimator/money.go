package estimator

import (
	"math"

	"github.com/trainscale/trainscale/estimator/hardware"
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
	costSystems = kind{"cost.systems", "Systems bought (<w> on <s>)", Count,
		"{team.<w>.systems_to_buy.<s>}", srcMoney, arithmetic}
	costSystemPrice = kind{"cost.system_price", "Price of one <s>", currencyUnit,
		"{systems[<si>].price}", srcMoney, arithmetic}
	costSystemPriceCatalog = kind{"cost.system_price", "Price of one <s>", currencyUnit,
		"{catalog.systems.<b>.price_usd} * {money.per_usd}", srcCatalog, arithmetic}
	costSystemPriceCatalogUSD = kind{"cost.system_price", "Price of one <s>", currencyUnit,
		"{catalog.systems.<b>.price_usd}", srcCatalog, arithmetic}
	costHardware = kind{"cost.hardware", "Systems", currencyUnit,
		"{cost.systems} * {cost.system_price}", srcMoney, arithmetic}
	costNetwork = kind{"cost.network", "Network", currencyUnit,
		"{cost.systems} * {money.network_per_system}", srcMoney, arithmetic}
	storageSharedCapacity = kind{"storage.shared_capacity", "Shared storage, raw capacity", Bytes,
		"{data.processed} * {money.storage_replication}", srcMoney, arithmetic}
	costStorage = kind{"cost.storage", "Shared storage", currencyUnit,
		"{storage.shared_capacity} / TB * {money.storage_per_tb}", srcMoney, arithmetic}
	costCapex = kind{"cost.capex", "Capital expense", currencyUnit,
		"{cost.hardware} + {cost.network} + {cost.storage}", srcMoney, arithmetic}
	costSystemPower = kind{"cost.system_power", "Maximum power of one <s>", Watts,
		"{systems[<si>].power_kw} * 1000", srcMoney, arithmetic}
	costSystemPowerCatalog = kind{"cost.system_power", "Maximum power of one <s>", Watts,
		"{catalog.systems.<b>.power}", srcCatalog, arithmetic}
	energyPower = kind{"energy.power", "Average power of the cluster, cooling included", Watts,
		"{cost.systems} * {cost.system_power} * {money.load_factor} * {money.pue}", srcEnergy, arithmetic}
	energyPerYear = kind{"energy.per_year", "Energy per year", Joules,
		"{energy.power} * 365 * DAY", srcEnergy, arithmetic}
	costPowerPerYear = kind{"cost.power_per_year", "Electricity per year", currencyUnit,
		"{energy.per_year} / 3600000 * {money.price_per_kwh}", srcMoney, arithmetic}
	costSupportPerYear = kind{"cost.support_per_year", "Support per year", currencyUnit,
		"{cost.capex} * {money.support_percent_per_year} / 100", srcMoney, arithmetic}
	costOpexPerYear = kind{"cost.opex_per_year", "Operating expense per year", currencyUnit,
		"{cost.power_per_year} + {cost.support_per_year}", srcMoney, arithmetic}
	costTCO = kind{"cost.tco", "Total cost of ownership over the depreciation period", currencyUnit,
		"{cost.capex} + {cost.opex_per_year} * {money.depreciation_years}", srcMoney, arithmetic}
	costPerMember = kind{"cost.per_member", "Total cost of ownership per team member", currencyUnit,
		"{cost.tco} / {team.members}", srcMoney, arithmetic}
	costOwnPerYear = kind{"cost.own_per_year", "Owning, per year (capex spread over depreciation, plus opex)", currencyUnit,
		"{cost.capex} / {money.depreciation_years} + {cost.opex_per_year}", srcMoney, arithmetic}
	costGPUTimePerYear = kind{"cost.gpu_time_per_year", "GPU time the cluster delivers per year", Seconds,
		"{cost.systems} * {systems[<si>].gpus} * 365 * DAY * {money.utilisation}", srcMoney, arithmetic}
	costCloudPerYear = kind{"cost.cloud_per_year", "Renting the same GPU time, per year", currencyUnit,
		"{cost.gpu_time_per_year} / HOUR * {money.cloud_per_gpu_hour}", srcCloud, arithmetic}
	costBreakEvenUtilisation = kind{"cost.break_even_utilisation", "Utilisation above which buying beats renting", Ratio,
		"{cost.own_per_year} / ({cost.systems} * {systems[<si>].gpus} * 365 * DAY / HOUR * {money.cloud_per_gpu_hour})", srcCloud, arithmetic}
	energyGPUTimePerRunLinear = kind{"energy.gpu_time_per_run", "GPU time of one <w> run on <s>", Seconds,
		"{train.<w>.gpu_time.<s>}", srcEnergy, arithmetic}
	energyGPUTimePerRunModelled = kind{"energy.gpu_time_per_run", "GPU time of one <w> run on <s>", Seconds,
		"{team.<w>.gpus_per_job.<s>} * {train.<w>.job_time.<s>}", srcEnergy, arithmetic}
	energyPerRun = kind{"energy.per_run", "Energy of one <w> training run", Joules,
		"{energy.gpu_time_per_run} * {cost.system_power} / {systems[<si>].gpus} * {money.load_factor} * {money.pue}", srcEnergy, arithmetic}
	co2PerRun = kind{"co2.per_run", "CO2 of one <w> training run", Kilograms,
		"{energy.per_run} / 3600000 * {money.grid_kg_co2_per_kwh}", srcEnergy, arithmetic}
	co2PerYear = kind{"co2.per_year", "CO2 per year", Kilograms,
		"{energy.per_year} / 3600000 * {money.grid_kg_co2_per_kwh}", srcEnergy, arithmetic}

	teamGoodput = kind{"team.<w>.goodput.<s>", "<w>: share of a job's time not lost to failures on <s>", Ratio,
		"max(0.05, 1 - {team.<w>.gpus_per_job.<s>} * {goodput.failures_per_gpu_year} / (365 * DAY) * ({goodput.restart_hours} + {goodput.checkpoint_interval_hours} / 2) * HOUR - {goodput.checkpoint_write_minutes} / ({goodput.checkpoint_interval_hours} * 60))", srcGoodput, arithmetic}

	growthYearDataFactor = kind{"growth.y<n>.data_factor", "Year <n>: data against year 1", Ratio,
		"{growth.per_year} ^ (<n> - 1)", srcPlan, arithmetic}
	growthYearSystems = kind{"growth.y<n>.systems", "Year <n>: <s> systems needed", Count,
		"ceil({team.<w>.systems.<s>} * {growth.y<n>.data_factor} ^ {growth.exponent})", srcPlan, arithmetic}
	growthYearCapexFirst = kind{"growth.y<n>.capex", "Year <n>: capital expense", currencyUnit,
		"{growth.y<n>.systems} * ({cost.system_price} + {money.network_per_system}) + {cost.storage}", srcPlan, arithmetic}
	growthYearCapex = kind{"growth.y<n>.capex", "Year <n>: capital expense", currencyUnit,
		"max(0, {growth.y<n>.systems} - {growth.y<p>.systems}) * ({cost.system_price} + {money.network_per_system}) + {cost.storage} * ({growth.y<n>.data_factor} - {growth.y<p>.data_factor})", srcPlan, arithmetic}
	growthYearOpex = kind{"growth.y<n>.opex", "Year <n>: operating expense", currencyUnit,
		"{cost.opex_per_year} * {growth.y<n>.systems} / {cost.systems}", srcPlan, arithmetic}
)

// goodputFactor is teamGoodput's arithmetic: the failure model the
// transformer tool uses too, in the scenario's hours and minutes.
func goodputFactor(g *Goodput, gpusPerJob float64) float64 {
	return hardware.Failures{PerGPUYear: g.FailuresPerGPUYear, RestartS: g.RestartHours * Hour,
		CheckpointIntervalS: g.CheckpointHours * Hour, CheckpointWriteS: g.CheckpointMinutes * Minute}.Goodput(gpusPerJob)
}

// money prices the plan: money.workload on money.system.
func computeMoney(s *Scenario, hw catalogView, results *chain, b *builder) {
	m := s.Money
	wi, si := s.workloadIndex(m.Workload), s.systemIndex(m.System)
	w, sys, d := s.Workloads[wi], s.Systems[si], hw.devices[si]
	c := subject{w: w.ID, wName: w.name(), wi: wi, s: sys.ID, sName: sys.name(), si: si, g: d.id, base: d.system.ID, currency: m.currency()}
	r := results.pair(wi, si)

	systems := b.add(&costSystems, &c, math.Ceil(r.teamSystems))
	var price float64
	switch {
	case sys.Price != nil:
		price = b.add(&costSystemPrice, &c, *sys.Price)
	case m.PerUSD != nil:
		price = b.add(&costSystemPriceCatalog, &c, d.system.PriceUSD**m.PerUSD)
	default:
		price = b.add(&costSystemPriceCatalogUSD, &c, d.system.PriceUSD)
	}
	hardware := b.add(&costHardware, &c, systems*price)
	network := b.add(&costNetwork, &c, systems*m.NetworkPerSystem)
	capacity := b.add(&storageSharedCapacity, &c, results.processed*m.StorageReplication)
	storage := b.add(&costStorage, &c, capacity/s.Units.TB()*m.StoragePerTB)
	capex := b.add(&costCapex, &c, hardware+network+storage)
	var sysPower float64
	if sys.PowerKW != nil {
		sysPower = b.add(&costSystemPower, &c, *sys.PowerKW*1000)
	} else {
		sysPower = b.add(&costSystemPowerCatalog, &c, d.system.Power)
	}
	power := b.add(&energyPower, &c, systems*sysPower*m.LoadFactor*m.PUE)
	energyYear := b.add(&energyPerYear, &c, power*Year)
	powerCost := b.add(&costPowerPerYear, &c, energyYear/joulesPerKWh*m.PricePerKWh)
	support := b.add(&costSupportPerYear, &c, capex*m.SupportPercent/100)
	opex := b.add(&costOpexPerYear, &c, powerCost+support)
	tco := b.add(&costTCO, &c, capex+opex*m.DepreciationYears)
	b.add(&costPerMember, &c, tco/s.Team.Members)
	own := b.add(&costOwnPerYear, &c, capex/m.DepreciationYears+opex)
	gpuTime := b.add(&costGPUTimePerYear, &c, systems*sys.GPUs*Year*m.Utilisation)
	b.add(&costCloudPerYear, &c, gpuTime/Hour*m.CloudPerGPUHour)
	b.add(&costBreakEvenUtilisation, &c, own/(systems*sys.GPUs*Year/Hour*m.CloudPerGPUHour))
	var runGPUTime float64
	if s.Training.Scaling == "modelled" {
		runGPUTime = b.add(&energyGPUTimePerRunModelled, &c, r.gpusPerJob*r.jobTime)
	} else {
		runGPUTime = b.add(&energyGPUTimePerRunLinear, &c, r.gpuTime)
	}
	energyRun := b.add(&energyPerRun, &c, runGPUTime*sysPower/sys.GPUs*m.LoadFactor*m.PUE)
	b.add(&co2PerRun, &c, energyRun/joulesPerKWh*m.GridKgCO2PerKWh)
	b.add(&co2PerYear, &c, energyYear/joulesPerKWh*m.GridKgCO2PerKWh)
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
	c := subject{w: w.ID, wName: w.name(), wi: wi, s: sys.ID, sName: sys.name(), si: si, g: d.id, base: d.system.ID, currency: m.currency()}
	team := results.pair(wi, si).teamSystems
	systems, price, storage, opex := results.plan.systems, results.plan.price, results.plan.storage, results.plan.opex
	var prevSystems, prevData float64
	for y := 1; y <= int(*g.Years); y++ {
		c.n = y
		data := b.add(&growthYearDataFactor, &c, math.Pow(*g.PerYear, float64(y-1)))
		need := b.add(&growthYearSystems, &c, math.Ceil(team*math.Pow(data, g.Exponent)))
		if y == 1 {
			b.add(&growthYearCapexFirst, &c, need*(price+m.NetworkPerSystem)+storage)
		} else {
			b.add(&growthYearCapex, &c, math.Max(0, need-prevSystems)*(price+m.NetworkPerSystem)+storage*(data-prevData))
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
