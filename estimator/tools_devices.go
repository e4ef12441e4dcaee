package estimator

import (
	"fmt"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// DevicesRequest asks how long a training run takes on a GPU and on a CPU.
type DevicesRequest struct {
	Model     string
	GPU       string
	CPU       string
	Dataset   string // catalog dataset id; default: the model's own
	Epochs    int    // passes over the dataset, >= 1
	Precision string
	Batch     *int // the same on both devices; nil is 32 (seed 004)
	ToolFactors
}

// CompareGPUAndCPU answers a DevicesRequest: the time of the whole run on
// each device and the GPU's speed-up over the CPU.
func CompareGPUAndCPU(req DevicesRequest) (*ToolResult, error) {
	var errs errorList
	m, okM := toolModel(&errs, "model", req.Model)
	gdev, _ := toolGPU(&errs, "gpu", req.GPU)
	cdev, _ := toolCPU(&errs, "cpu", req.CPU)
	var ds hardware.Dataset
	switch {
	case req.Dataset != "":
		ds, _ = toolLookup(&errs, "dataset", req.Dataset, hardware.DatasetByID, hardware.DatasetIDs)
	case okM: // a model is sized for its own dataset
		ds, _ = toolLookup(&errs, "dataset", m.Dataset, hardware.DatasetByID, hardware.DatasetIDs)
	}
	if req.Epochs < 1 {
		errs.add("epochs", "must be > 0", req.Epochs)
	} else if req.Epochs > 1e6 {
		errs.add("epochs", "must be <= 1000000", req.Epochs)
	}
	p := toolPrecision(&errs, req.Precision)
	f := toolCheckFactors(&errs, req.ToolFactors)
	batch, batchSrc := toolBatch(&errs, "batch", req.Batch)
	if len(errs) > 0 {
		return nil, errs.err()
	}
	if req.Batch == nil {
		batch, batchSrc = toolDevicesBatch, toolSrcDefault+": 32, seed 004's batch"
	}
	cmp := hardware.CompareDevices(m, gdev.gpu, cdev.cpu, float64(ds.Samples), req.Epochs, p, batch, f)
	b := newToolBuilder(req.ToolFactors, f)
	b.res.Title = fmt.Sprintf("%s, %d epochs of %s: %s vs %s, %s, batch %d", m.Name, req.Epochs, ds.ID, gdev.id, cdev.id, p, batch)
	b.input("devices.batch", "Samples per step", Count, float64(batch), batchSrc)
	b.input("devices.epochs", "Epochs", Count, float64(req.Epochs), toolSrcInput)
	b.add("devices.samples", "Samples per epoch", Count, float64(ds.Samples), "{catalog.datasets."+ds.ID+".samples}", ds.Source)
	gpu := b.throughput("devices.gpu", "GPU: ", m, gdev, p, "devices.batch", f)
	cpu := b.throughput("devices.cpu", "CPU: ", m, cdev, p, "devices.batch", f)
	b.add("devices.gpu_time", "Training run on the GPU", Seconds, cmp.GPUTime,
		"{devices.samples} * {devices.epochs} / {devices.gpu.images_per_s}", toolSrcDevices)
	b.add("devices.cpu_time", "Training run on the CPU", Seconds, cmp.CPUTime,
		"{devices.samples} * {devices.epochs} / {devices.cpu.images_per_s}", toolSrcDevices)
	b.add("devices.speedup", "GPU speed-up over the CPU", Ratio, cmp.Speedup,
		"{devices.gpu.images_per_s} / {devices.cpu.images_per_s}", toolSrcDevices)
	b.note("model", m.ID)
	b.note("gpu", gdev.id+" ("+gpu.Bound+"-bound)")
	b.note("cpu", cdev.id+" ("+cpu.Bound+"-bound)")
	b.note("dataset", ds.ID)
	if m.Dataset != ds.ID {
		b.note("caution", fmt.Sprintf("%s is sized for %s inputs (%d px); the run counts %s's samples at that size",
			m.ID, m.Dataset, m.InputSize, ds.ID))
	}
	return b.finish([]string{"devices.gpu_time", "devices.cpu_time", "devices.speedup"})
}
