package estimator

// SchemaV1 is the only scenario schema this version reads.
const SchemaV1 = "trainscale/v1"

// MaxScenarioBytes bounds what Decode reads, so a stray large file fails fast.
const MaxScenarioBytes = 1 << 20

// Scenario is one sizing question: how much data a fleet collects, how it is
// reduced, which networks train on it, on which systems, for which team. The
// sections follow the article's chain of assumptions.
//
// Field tags: `json` names the field in the file (and in --set paths); a field
// without omitempty is required. `check` lists the rules Validate applies:
// gt0 (> 0), ge=X, le=X, int (whole number), oneof=a|b, id (lower-case slug).
type Scenario struct {
	Schema        string            `json:"schema" check:"oneof=trainscale/v1"`
	Name          string            `json:"name,omitempty"`
	Notes         string            `json:"notes,omitempty"`
	Units         UnitSystem        `json:"units" check:"oneof=binary|decimal"`
	Fleet         Fleet             `json:"fleet"`
	Preprocessing Preprocessing     `json:"preprocessing"`
	Training      Training          `json:"training"`
	Workloads     []Workload        `json:"workloads" check:"nonempty"`
	Systems       []System          `json:"systems" check:"nonempty"`
	Team          Team              `json:"team"`
	Host          Host              `json:"host"`
	Growth        Growth            `json:"growth"`
	Sources       map[string]string `json:"sources,omitempty"` // scenario path -> where its value comes from
}

// Fleet is the data-collection fleet. Give tb_per_hour, or a sensor list to derive it from.
type Fleet struct {
	Cars        float64  `json:"cars" check:"int,gt0"`
	HoursPerDay float64  `json:"hours_per_day" check:"gt0,le=24"`
	DaysPerYear float64  `json:"days_per_year" check:"gt0,le=366"`
	TBPerHour   *float64 `json:"tb_per_hour,omitempty" check:"gt0"` // per car, in the scenario's TB
	Sensors     []Sensor `json:"sensors,omitempty"`
}

// Sensor is one kind of sensor on every car. Cameras are sized from their
// resolution; radar, lidar and anything else from a bit rate.
type Sensor struct {
	Kind         string   `json:"kind" check:"oneof=camera|radar|lidar|other"`
	Count        float64  `json:"count" check:"int,gt0"`
	Megapixels   *float64 `json:"megapixels,omitempty" check:"gt0"`
	BitsPerPixel *float64 `json:"bits_per_pixel,omitempty" check:"gt0"`
	FPS          *float64 `json:"fps,omitempty" check:"gt0"`
	MbitPerS     *float64 `json:"mbit_per_s,omitempty" check:"gt0"` // decimal megabits per second
}

// Preprocessing reduces raw video before training: resampling and compression.
type Preprocessing struct {
	SourceFPS        float64  `json:"source_fps" check:"gt0"`
	SampledFPS       float64  `json:"sampled_fps" check:"gt0"`
	CompressionRatio float64  `json:"compression_ratio" check:"ge=1"`
	Reduction        *float64 `json:"reduction,omitempty" check:"gt0,le=1"` // overrides sampled/source/compression
}

// Training is how many passes over the processed data one run makes.
type Training struct {
	Epochs float64 `json:"epochs" check:"gt0"`
}

// Workload is one network the team trains, with its measured throughput on one
// reference GPU (the article's Pascal P100).
type Workload struct {
	ID     string  `json:"id" check:"id"`
	Label  string  `json:"label,omitempty"`
	MBPerS float64 `json:"mb_per_s" check:"gt0"` // in the scenario's MB
}

// System is one kind of server the team could buy. Facts the scenario leaves out
// (GPU memory, host RAM, local SSD) come from the hardware catalog when the id is
// a catalog system.
type System struct {
	ID          string   `json:"id" check:"id"`
	Label       string   `json:"label,omitempty"`
	GPUs        float64  `json:"gpus" check:"int,gt0"`
	Speedup     float64  `json:"speedup" check:"gt0"` // per GPU, relative to the reference GPU
	GPUMemoryGB *float64 `json:"gpu_memory_gb,omitempty" check:"gt0"`
	HostRAMGB   *float64 `json:"host_ram_gb,omitempty" check:"gt0"`
	LocalSSDTB  *float64 `json:"local_ssd_tb,omitempty" check:"ge=0"`
}

// Team is who submits training jobs and how fast they must get results.
type Team struct {
	Members        float64 `json:"members" check:"int,gt0"`
	ConcurrentJobs float64 `json:"concurrent_jobs" check:"int,gt0"`
	TargetDays     float64 `json:"target_days" check:"gt0"`
}

// Host sizes the CPU side of a system: RAM as a multiple of the GPUs' memory.
type Host struct {
	RAMFactorLow  float64 `json:"ram_factor_low" check:"gt0"`
	RAMFactorHigh float64 `json:"ram_factor_high" check:"gt0"`
}

// Growth projects compute when the dataset grows: n-fold data needs n^exponent
// compute (the article, after Goodfellow et al. 2016, uses 2), for n = 1..factor.
type Growth struct {
	Factor   float64 `json:"factor" check:"int,ge=1,le=1000"`
	Exponent float64 `json:"exponent" check:"ge=0,le=4"`
}
