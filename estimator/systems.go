package estimator

import (
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

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
// catalog system of the same id. Validate has made sure one of them has it.
func resolveSystem(sys System, us UnitSystem) systemFacts {
	cat, _ := hardware.SystemByID(sys.ID)
	gpu, _ := hardware.GPUByID(cat.GPU)
	pick := func(set *float64, unit, catalog float64) fact {
		if set != nil {
			return fact{value: *set * unit}
		}
		return fact{value: catalog, fromCatalog: true}
	}
	return systemFacts{
		gpuMemory: pick(sys.GPUMemoryGB, us.GB(), gpu.Memory),
		hostRAM:   pick(sys.HostRAMGB, us.GB(), cat.HostRAM),
		localSSD:  pick(sys.LocalSSDTB, us.TB(), cat.LocalSSD),
	}
}

// catalogGPU is the GPU id of a catalog system, or "" for the scenario's own systems.
func catalogGPU(systemID string) string {
	cat, _ := hardware.SystemByID(systemID)
	return cat.GPU
}

// checkSystemFacts requires the facts a non-catalog system must state itself.
func checkSystemFacts(path string, sys System, errs *errorList) {
	if _, ok := hardware.SystemByID(sys.ID); ok {
		return
	}
	for _, f := range []struct {
		name string
		v    *float64
	}{{"gpu_memory_gb", sys.GPUMemoryGB}, {"host_ram_gb", sys.HostRAMGB}, {"local_ssd_tb", sys.LocalSSDTB}} {
		if f.v == nil {
			errs.add(path+"."+f.name, "is required when the id is not a catalog system (catalog: "+strings.Join(hardware.SystemIDs(), ", ")+")", nil)
		}
	}
}
