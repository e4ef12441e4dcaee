package tool

import (
	"fmt"

	"github.com/trainscale/trainscale/estimator"
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
	Batch     *int    // the same on both devices; nil is 32 (as in the RTX 3050 vs CPU study)
	Factors   Factors // zero: the calibrated defaults
}

// Devices answers a DevicesRequest: the time of the whole run on
// each device and the GPU's speed-up over the CPU.
func Devices(req DevicesRequest) (*Result, error) {
	var errs estimator.ErrorList
	m, okM := lookupModel(&errs, "model", req.Model)
	gdev, _ := lookupGPU(&errs, "gpu", req.GPU)
	cdev, _ := lookupCPU(&errs, "cpu", req.CPU)
	var ds hardware.Dataset
	switch {
	case req.Dataset != "":
		ds, _ = lookup(&errs, "dataset", req.Dataset, hardware.DatasetByID, hardware.DatasetIDs)
	case okM: // a model is sized for its own dataset
		ds, _ = lookup(&errs, "dataset", m.Dataset, hardware.DatasetByID, hardware.DatasetIDs)
	}
	if req.Epochs < 1 {
		errs.Add("epochs", text("must be > 0", "0 より大きい値にしてください"), req.Epochs)
	} else if req.Epochs > 1e6 {
		errs.Add("epochs", text("must be <= 1000000", "1000000 以下にしてください"), req.Epochs)
	}
	p := precisionOf(&errs, req.Precision)
	f := checkFactors(&errs, req.Factors)
	batch, batchSrc := batchOf(&errs, "batch", req.Batch)
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	if req.Batch == nil {
		batch, batchSrc = devicesBatch, srcDefault+": 32, the RTX 3050 vs CPU study's batch"
	}
	cmp := hardware.CompareDevices(m, gdev.gpu, cdev.cpu, float64(ds.Samples), req.Epochs, p, batch, f)
	b := newBuilder(req.Factors, f)
	b.res.Title = fmt.Sprintf("%s, %d epochs of %s: %s vs %s, %s, batch %d", m.Name, req.Epochs, ds.ID, gdev.id, cdev.id, p, batch)
	b.input("devices.batch", text("Samples per step", "1 ステップのサンプル数"), estimator.Count, float64(batch), batchSrc)
	b.input("devices.epochs", text("Epochs", "エポック数"), estimator.Count, float64(req.Epochs), srcInput)
	b.add("devices.samples", text("Samples per epoch", "1 エポックのサンプル数"), estimator.Count, float64(ds.Samples), "{catalog.datasets."+ds.ID+".samples}", ds.Source)
	gpu := b.throughput("devices.gpu", text("GPU: ", "GPU: "), m, gdev, p, "devices.batch", f)
	cpu := b.throughput("devices.cpu", text("CPU: ", "CPU: "), m, cdev, p, "devices.batch", f)
	b.add("devices.gpu_time", text("Training run on the GPU", "GPU での学習 1 回の時間"), estimator.Seconds, cmp.GPUTime,
		"{devices.samples} * {devices.epochs} / {devices.gpu.images_per_s}", srcDevices)
	b.add("devices.cpu_time", text("Training run on the CPU", "CPU での学習 1 回の時間"), estimator.Seconds, cmp.CPUTime,
		"{devices.samples} * {devices.epochs} / {devices.cpu.images_per_s}", srcDevices)
	b.add("devices.speedup", text("GPU speed-up over the CPU", "CPU に対する GPU の速度向上"), estimator.Ratio, cmp.Speedup,
		"{devices.gpu.images_per_s} / {devices.cpu.images_per_s}", srcDevices)
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
