package hardware

import (
	"slices"
	"sort"
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

// GPU is an accelerator's published peak rates and memory. Peaks are dense
// (no structured sparsity) FLOP/s.
type GPU struct {
	ID, Name string
	// FP32 is the plain single-precision peak.
	FP32 float64
	// TF32 is the TF32 tensor peak; 0 where the part has none (falls back to FP32).
	TF32 float64
	// Mixed is the FP16/BF16 tensor peak (FP16 non-tensor on P100), or FP32
	// where the part has no faster half-precision path.
	Mixed        float64
	Memory       float64 // bytes
	MemBandwidth float64 // bytes/s
	Link         string  // network id of the GPU-to-GPU link
	HostLink     string  // network id of the link to the host (PCIe generation)
	TDP          float64 // W
	PriceUSD     float64 // launch price; 0 = not published
	Source, AsOf string
}

// CPU is a host processor. Cores is per socket.
type CPU struct {
	ID, Name string
	Cores    int
	ClockHz  float64 // sustained all-core clock under vector load
	// FlopsPerCycle is per core, FP32: SIMD lanes x 2 (FMA) x FMA units.
	FlopsPerCycle float64
	Sockets       int
	// FP32 = Cores x ClockHz x FlopsPerCycle x Sockets; a test keeps it so.
	// Mixed and TF32 run at this rate too (AMX and the like are ignored).
	FP32         float64
	MemBandwidth float64 // bytes/s, all sockets
	TDP          float64 // W, all sockets
	Source, AsOf string
}

// System is a server holding GPUs.
type System struct {
	ID, Name     string
	GPU          string // gpu id
	GPUs         int
	IntraLink    string // network id joining the GPUs inside the system
	NetworkPorts int    // ports to other systems
	Network      string // network id of those ports
	HostRAM      float64
	LocalSSD     float64
	Power        float64 // W, maximum
	PriceUSD     float64 // launch list price; 0 = not published
	CPU          string  // cpu id of the host; "" = unknown
	Source, AsOf string
}

// Model is a network's size and per-sample cost at its native input size.
type Model struct {
	ID, Name    string
	Params      float64
	ForwardMACs float64 // multiply-adds per sample, forward pass
	InputSize   int     // pixels per side
	// ActivationBytes is what training keeps per sample for the backward pass
	// at fp32: feature maps and their gradient maps, counted as vDNN does
	// (Rhu et al. 2016). See doc.go for how each figure was derived.
	ActivationBytes float64
	SampleBytes     float64 // one stored training sample
	Dataset         string  // dataset id
	Source, AsOf    string
}

// Network is a link: NVLink and PCIe per GPU, InfiniBand and Ethernet per port.
type Network struct {
	ID, Name  string
	Bandwidth float64 // bytes/s, one direction
	Latency   float64 // s per message hop as a collective library sees it
	Kind      string  // "pcie" | "nvlink" | "infiniband" | "ethernet"
	// Shared means the GPUs of one system share the link's bandwidth: PCIe
	// cards exchange gradients through the host bridge, so a collective's
	// traffic is serialised instead of flowing GPU to GPU in parallel.
	Shared       bool
	Source, AsOf string
}

// Dataset is a training set's size.
type Dataset struct {
	ID, Name     string
	Samples      int
	SampleBytes  float64 // average stored sample
	InputSize    int     // pixels per side fed to the network
	Source, AsOf string
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
	gpuIndex     = index(gpus)
	cpuIndex     = index(cpus)
	systemIndex  = index(systems)
	modelIndex   = index(models)
	networkIndex = index(networks)
	datasetIndex = index(datasets)
)

// The ...IDs functions list ids sorted, for error messages that say what is valid.

func GPUIDs() []string     { return ids(gpus) }
func CPUIDs() []string     { return ids(cpus) }
func SystemIDs() []string  { return ids(systems) }
func ModelIDs() []string   { return ids(models) }
func NetworkIDs() []string { return ids(networks) }
func DatasetIDs() []string { return ids(datasets) }

type keyed interface{ key() string }

func (g GPU) key() string     { return g.ID }
func (c CPU) key() string     { return c.ID }
func (s System) key() string  { return s.ID }
func (m Model) key() string   { return m.ID }
func (n Network) key() string { return n.ID }
func (d Dataset) key() string { return d.ID }

func index[T keyed](list []T) map[string]int {
	out := make(map[string]int, len(list))
	for i := range list {
		out[list[i].key()] = i
	}
	return out
}

func find[T keyed](list []T, at map[string]int, id string) (T, bool) {
	i, ok := at[id]
	if !ok {
		var zero T
		return zero, false
	}
	return list[i], true
}

func ids[T keyed](list []T) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = v.key()
	}
	sort.Strings(out)
	return out
}
