package estimator

import (
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// baseSystem is the catalog system whose facts a scenario system inherits: the
// one it names in catalog, else the one its id names.
func baseSystem(sys System) (hardware.System, bool) {
	id := sys.Catalog
	if id == "" {
		id = sys.ID
	}
	return hardware.SystemByID(id)
}

// device is the compute a scenario system brings to the models: its catalog
// system (links, host) with the scenario's GPU count, and its GPU or CPU.
type device struct {
	system hardware.System
	gpu    hardware.GPU
	cpu    hardware.CPU
	isCPU  bool
	id     string // the GPU's or CPU's catalog id, for references
}

func resolveDevice(sys System) device {
	base, _ := baseSystem(sys)
	base.GPUs = int(sys.GPUs)
	d := device{system: base}
	switch {
	case sys.CPU != "":
		d.cpu, _ = hardware.CPUByID(sys.CPU)
		d.isCPU, d.id = true, sys.CPU
		return d
	case sys.GPU != "":
		d.gpu, _ = hardware.GPUByID(sys.GPU)
	default:
		d.gpu, _ = hardware.GPUByID(base.GPU)
	}
	d.system.GPU, d.id = d.gpu.ID, d.gpu.ID
	return d
}

func (d device) model() hardware.Device {
	if d.isCPU {
		return d.cpu.Device()
	}
	return d.gpu.Device()
}

// fact is one hardware figure of a scenario system, in bytes, and whether it
// came from the catalog rather than the scenario.
type fact struct {
	value       float64
	fromCatalog bool
}

// systemFacts are what the storage and host figures need to know of a system.
type systemFacts struct {
	gpuMemory, hostRAM, localSSD fact // gpuMemory is per GPU
}

// resolveSystem takes each fact from the scenario where it is set, else from the
// catalog. Validate has made sure one of them has it.
func resolveSystem(sys System, d device, us UnitSystem) systemFacts {
	pick := func(set *float64, unit, catalog float64) fact {
		if set != nil {
			return fact{value: *set * unit}
		}
		return fact{value: catalog, fromCatalog: true}
	}
	return systemFacts{
		gpuMemory: pick(sys.GPUMemoryGB, us.GB(), d.gpu.Memory),
		hostRAM:   pick(sys.HostRAMGB, us.GB(), d.system.HostRAM),
		localSSD:  pick(sys.LocalSSDTB, us.TB(), d.system.LocalSSD),
	}
}

// checkSystemFacts requires the facts a system without a catalog base must
// state itself.
func checkSystemFacts(path string, sys System, errs *errorList) {
	_, hasBase := baseSystem(sys)
	for _, f := range []struct {
		name    string
		v       *float64
		missing bool
	}{
		{"gpu_memory_gb", sys.GPUMemoryGB, !hasBase && sys.GPU == "" && sys.CPU == ""},
		{"host_ram_gb", sys.HostRAMGB, !hasBase},
		{"local_ssd_tb", sys.LocalSSDTB, !hasBase},
	} {
		if f.v == nil && f.missing {
			errs.add(path+"."+f.name, Text{"is required when the system has no catalog base (catalog: " + strings.Join(hardware.SystemIDs(), ", ") + ")", "カタログに元になるシステムがないときは必須です（カタログ: " + strings.Join(hardware.SystemIDs(), ", ") + "）"}, nil)
		}
	}
}
