package hardware

import (
	"slices"
	"sort"

	"github.com/trainscale/trainscale/internal/minjson"
)

// asOf is the date every catalog entry was last checked against its source.
const asOf = "2026-11"

// Binary multiples for GPU memory and host DIMM RAM (an NVIDIA "16 GB" HBM
// part shows 16 GiB to nvidia-smi); decimal for SSDs, links and bandwidths,
// as their vendors count.
const (
	kib = 1 << 10
	gib = 1 << 30
	gb  = 1e9
	tb  = 1e12
)

// The catalog types' JSON keys, which `trainscale catalog --format json` and
// the page's catalog print, name the unit of every figure.

// uncomparable keeps the catalog's row types from being compared with ==,
// which nothing does: for a comparable struct the compiler writes an
// equality function, and one for every struct holding it (the planner's
// jobs and plans), 18 KB of code in the estimator module.
type uncomparable [0]func()

// GPU is an accelerator's published peak rates and memory. Peaks are dense
// (no structured sparsity) FLOP/s.
type GPU struct {
	_    uncomparable
	ID   string `json:"id"`
	Name string `json:"name"`
	// Generation is the architecture, lower case (pascal, volta, ampere,
	// hopper, blackwell, cdna3): what accuracy groups by and a plan may allow.
	Generation string `json:"generation"`
	// FP32 is the plain single-precision peak.
	FP32 float64 `json:"fp32_flops"`
	// TF32 is the TF32 tensor peak; 0 where the part has none (falls back to FP32).
	TF32 float64 `json:"tf32_flops"`
	// Mixed is the FP16/BF16 tensor peak (FP16 non-tensor on P100), or FP32
	// where the part has no faster half-precision path.
	Mixed float64 `json:"mixed_flops"`
	// BF16, FP8 and FP4 are the dense tensor peaks transformer training uses
	// (Peak); 0 where the part has no such path. Never the sparse figures.
	BF16         float64 `json:"bf16_flops"`
	FP8          float64 `json:"fp8_flops"`
	FP4          float64 `json:"fp4_flops"`
	Memory       float64 `json:"memory_bytes"`              // bytes
	MemBandwidth float64 `json:"mem_bandwidth_bytes_per_s"` // bytes/s
	Link         string  `json:"link"`                      // network id of the GPU-to-GPU link
	HostLink     string  `json:"host_link"`                 // network id of the link to the host (PCIe generation)
	TDP          float64 `json:"tdp_w"`                     // W
	PriceUSD     float64 `json:"price_usd"`                 // launch price; 0 = not published (null in JSON)
	Source       string  `json:"source"`
	AsOf         string  `json:"as_of"`
}

// CPU is a host processor. Cores is per socket.
type CPU struct {
	_       uncomparable
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Cores   int     `json:"cores_per_socket"`
	ClockHz float64 `json:"clock_hz"` // sustained all-core clock under vector load
	// FlopsPerCycle is per core, FP32: SIMD lanes x 2 (FMA) x FMA units.
	FlopsPerCycle float64 `json:"fp32_flops_per_cycle_per_core"`
	Sockets       int     `json:"sockets"`
	// FP32 = Cores x ClockHz x FlopsPerCycle x Sockets; a test keeps it so.
	// Mixed and TF32 run at this rate too (AMX and the like are ignored).
	FP32         float64 `json:"fp32_flops"`
	MemBandwidth float64 `json:"mem_bandwidth_bytes_per_s"` // bytes/s, all sockets
	TDP          float64 `json:"tdp_w"`                     // W, all sockets
	Source       string  `json:"source"`
	AsOf         string  `json:"as_of"`
}

// System is a server holding GPUs.
type System struct {
	_            uncomparable
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	GPU          string  `json:"gpu"` // gpu id
	GPUs         int     `json:"gpus"`
	IntraLink    string  `json:"intra_link"`      // network id joining the GPUs inside the system
	NetworkPorts int     `json:"network_ports"`   // ports to other systems
	Network      string  `json:"network"`         // network id of those ports
	HostRAM      float64 `json:"host_ram_bytes"`  // 0 = not published (null in JSON)
	LocalSSD     float64 `json:"local_ssd_bytes"` // bytes; 0 = not published (null in JSON)
	Power        float64 `json:"power_w"`         // W, maximum; 0 = not published (null in JSON)
	PriceUSD     float64 `json:"price_usd"`       // launch list price; 0 = not published (null in JSON)
	CPU          string  `json:"cpu,omitempty"`   // cpu id of the host; "" = unknown
	// NVLinkDomain is the GPUs one NVLink/NVSwitch fabric joins, which tensor
	// parallelism may span: 72 in a GB200 NVL72 rack; 0 means the system's GPUs.
	NVLinkDomain int    `json:"nvlink_domain"`
	Source       string `json:"source"`
	AsOf         string `json:"as_of"`
}

// NVLinkGPUs is the size of the system's NVLink domain: NVLinkDomain, or
// its GPUs where the catalog leaves it 0.
func (s System) NVLinkGPUs() int {
	if s.NVLinkDomain > 0 {
		return s.NVLinkDomain
	}
	return s.GPUs
}

// Peak is the GPU's dense peak FLOP/s at precision p, 0 where the part has no
// such path. FP32, TF32 and Mixed are the throughput model's paths (a tensor
// path no faster than FP32 is the FP32 path), which is its rate at
// efficiency 1; BF16, FP8 and FP4 are the tensor peaks.
func (g GPU) Peak(p Precision) float64 {
	switch p {
	case BF16:
		return g.BF16
	case FP8:
		return g.FP8
	case FP4:
		return g.FP4
	case FP32, TF32, Mixed:
		return g.Device().rate(p, Factors{FP32Efficiency: 1, TF32Efficiency: 1, MixedEfficiency: 1})
	}
	return 0
}

// Model is a network's size and per-sample cost at its native input size.
type Model struct {
	_           uncomparable
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Params      float64 `json:"params"`
	ForwardMACs float64 `json:"forward_macs"` // multiply-adds per sample, forward pass
	InputSize   int     `json:"input_px"`     // pixels per side
	// ActivationBytes is what training keeps per sample for the backward pass
	// at fp32: feature maps and their gradient maps, counted as vDNN does
	// (Rhu et al. 2016). See doc.go for how each figure was derived.
	ActivationBytes float64 `json:"activation_bytes"`
	SampleBytes     float64 `json:"sample_bytes"` // one stored training sample
	Dataset         string  `json:"dataset"`      // dataset id
	Source          string  `json:"source"`
	AsOf            string  `json:"as_of"`
}

// Network is a link: NVLink and PCIe per GPU, InfiniBand and Ethernet per port.
type Network struct {
	_         uncomparable
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Bandwidth float64 `json:"bandwidth_bytes_per_s"` // bytes/s, one direction
	Latency   float64 `json:"latency_s"`             // s per message hop as a collective library sees it
	Kind      string  `json:"kind"`                  // "pcie" | "nvlink" | "infinity-fabric" | "infiniband" | "ethernet"
	// Shared means the GPUs of one system share the link's bandwidth: PCIe
	// cards exchange gradients through the host bridge, so a collective's
	// traffic is serialised instead of flowing GPU to GPU in parallel.
	Shared bool   `json:"shared"`
	Source string `json:"source"`
	AsOf   string `json:"as_of"`
}

// Dataset is a training set's size.
type Dataset struct {
	_           uncomparable
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Samples     int     `json:"samples"`
	SampleBytes float64 `json:"sample_bytes"` // average stored sample
	InputSize   int     `json:"input_px"`     // pixels per side fed to the network
	Source      string  `json:"source"`
	AsOf        string  `json:"as_of"`
}

// A figure the vendor does not publish is 0 in the catalog, which no formula
// may mistake for a real 0: JSON shows it as null. The anonymous struct's
// fields of the same key hide the embedded ones.

// MarshalJSON writes g with an unpublished price, and a precision path the
// part lacks, as null.
func (g GPU) MarshalJSON() ([]byte, error) {
	type plain GPU
	return minjson.Append(nil, struct {
		plain
		BF16     *float64 `json:"bf16_flops"`
		FP8      *float64 `json:"fp8_flops"`
		FP4      *float64 `json:"fp4_flops"`
		PriceUSD *float64 `json:"price_usd"`
	}{plain(g), published(g.BF16), published(g.FP8), published(g.FP4), published(g.PriceUSD)})
}

// MarshalJSON writes s with its unpublished figures as null.
func (s System) MarshalJSON() ([]byte, error) {
	type plain System
	return minjson.Append(nil, struct {
		plain
		HostRAM  *float64 `json:"host_ram_bytes"`
		LocalSSD *float64 `json:"local_ssd_bytes"`
		Power    *float64 `json:"power_w"`
		PriceUSD *float64 `json:"price_usd"`
	}{plain(s), published(s.HostRAM), published(s.LocalSSD), published(s.Power), published(s.PriceUSD)})
}

// published is a catalog figure for JSON: nil where the catalog writes 0.
func published(v float64) *float64 {
	if v == 0 {
		return nil
	}
	return &v
}

// Catalog readers return copies in the catalog's order (oldest first), so
// callers can neither change the package's tables nor depend on map order.

func GPUs() []GPU         { return slices.Clone(gpus) }
func CPUs() []CPU         { return slices.Clone(cpus) }
func Systems() []System   { return slices.Clone(systems) }
func Models() []Model     { return slices.Clone(models) }
func Networks() []Network { return slices.Clone(networks) }
func Datasets() []Dataset { return slices.Clone(datasets) }

func GPUByID(id string) (GPU, bool)         { return find(gpus, gpuIndex, id) }
func CPUByID(id string) (CPU, bool)         { return find(cpus, cpuIndex, id) }
func SystemByID(id string) (System, bool)   { return find(systems, systemIndex, id) }
func ModelByID(id string) (Model, bool)     { return find(models, modelIndex, id) }
func NetworkByID(id string) (Network, bool) { return find(networks, networkIndex, id) }
func DatasetByID(id string) (Dataset, bool) { return find(datasets, datasetIndex, id) }

// The indexes are built once: the scenario chain looks links and CPUs up in
// every Monte Carlo sample, and scanning the tables by value was more than
// half of an uncertainty run's time.
var (
	gpuIndex     = index(len(gpus), func(i int) string { return gpus[i].ID })
	cpuIndex     = index(len(cpus), func(i int) string { return cpus[i].ID })
	systemIndex  = index(len(systems), func(i int) string { return systems[i].ID })
	modelIndex   = index(len(models), func(i int) string { return models[i].ID })
	networkIndex = index(len(networks), func(i int) string { return networks[i].ID })
	datasetIndex = index(len(datasets), func(i int) string { return datasets[i].ID })
)

// The ...IDs functions list ids sorted, for error messages that say what is valid.

func GPUIDs() []string { return ids(gpuIndex) }

// Generations lists the GPUs' architectures, each once, in catalog order.
func Generations() []string {
	var out []string
	for _, g := range gpus {
		if !slices.Contains(out, g.Generation) {
			out = append(out, g.Generation)
		}
	}
	return out
}
func CPUIDs() []string     { return ids(cpuIndex) }
func SystemIDs() []string  { return ids(systemIndex) }
func ModelIDs() []string   { return ids(modelIndex) }
func NetworkIDs() []string { return ids(networkIndex) }
func DatasetIDs() []string { return ids(datasetIndex) }

// index maps each id of a table of n entries to its position. It and ids
// take the table's ids rather than the table: generic over the seven row
// types, they were compiled seven times into the estimator module.
func index(n int, id func(i int) string) map[string]int {
	out := make(map[string]int, n)
	for i := range n {
		out[id(i)] = i
	}
	return out
}

func find[T any](list []T, at map[string]int, id string) (T, bool) {
	i, ok := at[id]
	if !ok {
		var zero T
		return zero, false
	}
	return list[i], true
}

// ids lists a table's ids, sorted, from its index (every id is a key there).
func ids(at map[string]int) []string {
	out := make([]string, 0, len(at))
	for id := range at {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}
