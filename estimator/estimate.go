package estimator

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

const (
	srcArticle  = "Grzywaczewski, Training AI for Self-Driving Vehicles: the Challenge of Scale, NVIDIA Developer Blog, 2017"
	srcStorage  = srcArticle + " (a DGX-1 class node can need > 3 GB/s of storage reads)"
	srcHost     = srcArticle + " (host RAM 2-3x the GPUs' memory)"
	srcGrowth   = srcArticle + ", after Goodfellow et al. 2016 (n-fold data needs n^2 compute)"
	srcSensors  = "sensor data rates: cameras x megapixels x bits per pixel x fps; radar and lidar from their bit rates"
	srcCatalog  = "trainscale hardware catalog, unless the scenario sets it"
	srcRounding = "procurement rounds up; the article prints the nearest integer"
)

// The quantity families, in the order an estimate lists them.
var (
	kPerCarHour = kind{"data.per_car_hour", "Data per car per hour of driving", Bytes,
		"{fleet.tb_per_hour} * TB", srcArticle}
	kPerCarHourSensors = kind{"data.per_car_hour", "Data per car per hour of driving", Bytes,
		"", srcSensors} // the formula is built from the sensor list
	kRaw = kind{"data.raw", "Raw data collected per year", Bytes,
		"{fleet.cars} * {fleet.hours_per_day} * {fleet.days_per_year} * {data.per_car_hour}", srcArticle}
	kReductionExplicit = kind{"data.reduction", "Data reduction factor", Ratio,
		"{preprocessing.reduction}", srcArticle}
	kReductionDerived = kind{"data.reduction", "Data reduction factor", Ratio,
		"{preprocessing.sampled_fps} / {preprocessing.source_fps} / {preprocessing.compression_ratio}", srcArticle}
	kProcessed = kind{"data.processed", "Data after preprocessing", Bytes,
		"{data.raw} * {data.reduction}", srcArticle}

	kRate = kind{"train.<w>.rate", "<w>: throughput of one reference GPU", BytesPerSecond,
		"{workloads[<wi>].mb_per_s} * MB", srcArticle}
	kGPUTime = kind{"train.<w>.gpu_time", "<w>: one training run on one reference GPU", Seconds,
		"{training.epochs} * {data.processed} / {train.<w>.rate}", srcArticle}
	kSystemTime = kind{"train.<w>.system_time.<s>", "<w>: one training run on one <s>", Seconds,
		"{train.<w>.gpu_time} / ({systems[<si>].gpus} * {systems[<si>].speedup})", srcArticle + " (near-linear scaling inside a system)"}
	kTeamSystems = kind{"team.<w>.systems.<s>", "<w>: <s> systems for the team", Count,
		"{train.<w>.gpu_time} / {systems[<si>].speedup} / {systems[<si>].gpus} / ({team.target_days} * DAY) * {team.concurrent_jobs}", srcArticle}
	kTeamBuy = kind{"team.<w>.systems_to_buy.<s>", "<w>: <s> systems to buy (rounded up)", Count,
		"ceil({team.<w>.systems.<s>})", srcRounding}
	kPerMember = kind{"team.<w>.systems_per_member.<s>", "<w>: <s> systems per team member", Count,
		"{team.<w>.systems.<s>} / {team.members}", srcArticle}
	kNodeRead = kind{"storage.<w>.node_read_rate.<s>", "<w>: storage reads of one <s>", BytesPerSecond,
		"{systems[<si>].gpus} * {train.<w>.rate} * {systems[<si>].speedup}", srcStorage}
	kClusterRead = kind{"storage.<w>.cluster_read_rate.<s>", "<w>: storage reads of the team's <s> cluster", BytesPerSecond,
		"{storage.<w>.node_read_rate.<s>} * {team.<w>.systems.<s>}", srcStorage}

	kLocalSSD = kind{"storage.local_ssd.<s>", "<s>: local SSD cache", Bytes,
		"{systems[<si>].local_ssd_tb} * TB", srcArticle}
	kLocalSSDCatalog = kind{"storage.local_ssd.<s>", "<s>: local SSD cache", Bytes,
		"{catalog.systems.<s>.local_ssd}", srcCatalog}
	kFitsLocal = kind{"storage.dataset_fits_local.<s>", "<s>: processed dataset fits the local cache", Flag,
		"if({data.processed} <= {storage.local_ssd.<s>}, 1, 0)", srcStorage}
	kSharedRead = kind{"storage.shared_read_per_run.<s>", "<s>: data read from shared storage per run", Bytes,
		"{data.processed} * if({storage.dataset_fits_local.<s>} = 1, 1, {training.epochs})", srcStorage}
	kGPUMemory = kind{"host.gpu_memory.<s>", "<s>: memory of its GPUs", Bytes,
		"{systems[<si>].gpus} * {systems[<si>].gpu_memory_gb} * GB", srcArticle}
	kGPUMemoryCatalog = kind{"host.gpu_memory.<s>", "<s>: memory of its GPUs", Bytes,
		"{systems[<si>].gpus} * {catalog.gpus.<g>.memory}", srcCatalog}
	kRAMLow = kind{"host.ram_low.<s>", "<s>: host RAM wanted, low", Bytes,
		"{host.ram_factor_low} * {host.gpu_memory.<s>}", srcHost}
	kRAMHigh = kind{"host.ram_high.<s>", "<s>: host RAM wanted, high", Bytes,
		"{host.ram_factor_high} * {host.gpu_memory.<s>}", srcHost}
	kRAMInstalled = kind{"host.ram_installed.<s>", "<s>: host RAM installed", Bytes,
		"{systems[<si>].host_ram_gb} * GB", srcArticle}
	kRAMInstalledCatalog = kind{"host.ram_installed.<s>", "<s>: host RAM installed", Bytes,
		"{catalog.systems.<s>.host_ram}", srcCatalog}
	kRAMOK = kind{"host.ram_ok.<s>", "<s>: installed RAM covers the low end", Flag,
		"if({host.ram_installed.<s>} >= {host.ram_low.<s>}, 1, 0)", srcHost}

	kGrowthFactor = kind{"growth.compute_factor_n<n>", "Compute when data grows <n>-fold", Ratio,
		"<n> ^ {growth.exponent}", srcGrowth}
	kGrowthSystems = kind{"growth.<w>.systems_n<n>.<s>", "<w>: <s> systems when data grows <n>-fold", Count,
		"{team.<w>.systems.<s>} * {growth.compute_factor_n<n>}", srcGrowth}
)

// Estimate is the result of one scenario: its quantities, in a stable order.
type Estimate struct {
	Scenario *Scenario
	calc     *Calculation
	values   []float64 // in layout order; kept apart so estimating allocates no pointers
}

// Quantities lists every quantity with its value, in a stable order.
func (e *Estimate) Quantities() []Quantity {
	qs := slices.Clone(e.calc.layout)
	for i := range qs {
		qs[i].Value = e.values[i]
	}
	return qs
}

// Get returns the quantity with the given id.
func (e *Estimate) Get(id string) (Quantity, bool) {
	i, ok := e.calc.index[id]
	if !ok {
		return Quantity{}, false
	}
	q := e.calc.layout[i]
	q.Value = e.values[i]
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
	layout []Quantity // every quantity but its value
	index  map[string]int
}

// Prepare validates s and lays out its quantities.
func Prepare(s *Scenario) (*Calculation, error) {
	if err := Validate(s); err != nil {
		return nil, err
	}
	b := &builder{describe: true}
	compute(s, b)
	c := &Calculation{s: s, layout: b.qs, index: make(map[string]int, len(b.qs))}
	for i, q := range b.qs {
		c.index[q.ID] = i
	}
	return c, nil
}

// Estimate computes every quantity from the scenario's current numbers. The
// error names each quantity that would not be a finite number, with its inputs.
func (c *Calculation) Estimate() (*Estimate, error) {
	b := &builder{values: make([]float64, len(c.layout))}
	compute(c.s, b)
	var errs errorList
	for i, v := range b.values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			q := c.layout[i]
			errs.add(q.ID, "result is not a finite number; check the size of its inputs: "+strings.Join(q.Inputs, ", "), v)
		}
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}
	return &Estimate{Scenario: c.s, calc: c, values: b.values}, nil
}

// builder receives quantities as compute produces them: with describe set it
// lays out each one from its kind; otherwise it only records values, in the
// same order, allocating nothing.
type builder struct {
	describe bool
	qs       []Quantity
	values   []float64
	next     int
}

func (b *builder) add(k *kind, c ctx, v float64) float64 {
	return b.addExpr(k, c, k.expr, v)
}

// addExpr is add with a formula built for this scenario rather than the kind's.
func (b *builder) addExpr(k *kind, c ctx, expr string, v float64) float64 {
	if b.describe {
		b.qs = append(b.qs, k.instantiate(c, expr, v))
		return v
	}
	b.values[b.next] = v
	b.next++
	return v
}

// compute is the article's chain, extended with the storage, host and growth
// figures its prose discusses.
func compute(s *Scenario, b *builder) {
	us := s.Units
	var perCarHour float64
	if s.Fleet.TBPerHour != nil {
		perCarHour = b.add(&kPerCarHour, ctx{}, *s.Fleet.TBPerHour*us.TB())
	} else {
		perCarHour = b.addExpr(&kPerCarHourSensors, ctx{}, sensorsExpr(s.Fleet.Sensors, b.describe), sensorBytesPerSecond(s.Fleet.Sensors)*Hour)
	}
	raw := b.add(&kRaw, ctx{}, s.Fleet.Cars*s.Fleet.HoursPerDay*s.Fleet.DaysPerYear*perCarHour)
	var reduction float64
	if p := s.Preprocessing; p.Reduction != nil {
		// The article's totals use its rounded factor 0.0005, not 1/(30 x 70);
		// keeping it explicit is what makes 104 TB reproduce.
		reduction = b.add(&kReductionExplicit, ctx{}, *p.Reduction)
	} else {
		reduction = b.add(&kReductionDerived, ctx{}, p.SampledFPS/p.SourceFPS/p.CompressionRatio)
	}
	processed := b.add(&kProcessed, ctx{}, raw*reduction)
	target := s.Team.TargetDays * Day

	teamSystems := make([][]float64, len(s.Workloads))
	for wi, w := range s.Workloads {
		c := ctx{w: w.ID, wName: w.name(), wi: wi}
		rate := b.add(&kRate, c, w.MBPerS*us.MB())
		gpuTime := b.add(&kGPUTime, c, s.Training.Epochs*processed/rate)
		teamSystems[wi] = make([]float64, len(s.Systems))
		for si, sys := range s.Systems {
			c.s, c.sName, c.si = sys.ID, sys.name(), si
			b.add(&kSystemTime, c, gpuTime/(sys.GPUs*sys.Speedup))
			n := b.add(&kTeamSystems, c, gpuTime/sys.Speedup/sys.GPUs/target*s.Team.ConcurrentJobs)
			teamSystems[wi][si] = n
			b.add(&kTeamBuy, c, math.Ceil(n))
			b.add(&kPerMember, c, n/s.Team.Members)
			node := b.add(&kNodeRead, c, sys.GPUs*rate*sys.Speedup)
			b.add(&kClusterRead, c, node*n)
		}
	}

	for si, sys := range s.Systems {
		c, f := ctx{s: sys.ID, sName: sys.name(), si: si, g: catalogGPU(sys.ID)}, resolveSystem(sys, us)
		ssd := b.add(either(f.localSSD, &kLocalSSD, &kLocalSSDCatalog), c, f.localSSD.value)
		fits := b.add(&kFitsLocal, c, flag(processed <= ssd))
		passes := s.Training.Epochs
		if fits == 1 {
			passes = 1
		}
		b.add(&kSharedRead, c, processed*passes)
		gpuMem := b.add(either(f.gpuMemory, &kGPUMemory, &kGPUMemoryCatalog), c, sys.GPUs*f.gpuMemory.value)
		low := b.add(&kRAMLow, c, s.Host.RAMFactorLow*gpuMem)
		b.add(&kRAMHigh, c, s.Host.RAMFactorHigh*gpuMem)
		installed := b.add(either(f.hostRAM, &kRAMInstalled, &kRAMInstalledCatalog), c, f.hostRAM.value)
		b.add(&kRAMOK, c, flag(installed >= low))
	}

	for n := 1; n <= int(s.Growth.Factor); n++ {
		factor := b.add(&kGrowthFactor, ctx{n: n}, math.Pow(float64(n), s.Growth.Exponent))
		for wi, w := range s.Workloads {
			for si, sys := range s.Systems {
				b.add(&kGrowthSystems, ctx{w: w.ID, wName: w.name(), wi: wi, s: sys.ID, sName: sys.name(), si: si, n: n}, teamSystems[wi][si]*factor)
			}
		}
	}
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
		p := fmt.Sprintf("{fleet.sensors[%d].", i)
		if sn.Kind == "camera" {
			terms = append(terms, p+"count} * "+p+"megapixels} * 1000000 * "+p+"bits_per_pixel} / 8 * "+p+"fps}")
		} else {
			terms = append(terms, p+"count} * "+p+"mbit_per_s} * 1000000 / 8")
		}
	}
	return "(" + strings.Join(terms, " + ") + ") * " + constHour
}

func flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// String renders a quantity for logs and tests.
func (q Quantity) String() string {
	return fmt.Sprintf("%s = %g %s", q.ID, q.Value, q.Unit)
}
