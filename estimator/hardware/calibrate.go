package hardware

import (
	"math"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// CalibrationRow sets one measurement beside the model's prediction.
type CalibrationRow struct {
	Measurement
	Predicted float64
	// Error is (Predicted-Value)/Value when ErrorKind is "relative", and
	// Predicted-Value when it is "absolute" (speedup, efficiency).
	Error     float64
	ErrorKind string
	Within    bool // |Error| <= Tolerance, or Error >= -Tolerance for AtLeast points
}

// Calibrate predicts every entry of Measurements with f.
func Calibrate(f Factors) []CalibrationRow {
	rows := make([]CalibrationRow, len(measurements))
	for i, m := range measurements {
		pred, err := predict(m, f)
		row := CalibrationRow{Measurement: m, Predicted: pred, ErrorKind: "relative"}
		if m.Metric == MetricSpeedup || m.Metric == MetricEfficiency {
			row.ErrorKind = "absolute"
			row.Error = pred - m.Value
		} else {
			row.Error = (pred - m.Value) / m.Value
		}
		row.Within = err == nil && (math.Abs(row.Error) <= m.Tolerance || m.AtLeast && row.Error >= -m.Tolerance)
		rows[i] = row
	}
	return rows
}

// predict is the model's value for what m measured.
func predict(m Measurement, f Factors) (float64, error) {
	model, ok := ModelByID(m.Model)
	if !ok {
		return 0, minfmt.Errorf("unknown model %q", m.Model)
	}
	dev, gpu, err := device(m.Device)
	if err != nil {
		return 0, err
	}
	if m.Batch < 1 {
		return 0, minfmt.Errorf("batch must be >= 1, got %d", m.Batch)
	}
	f.HostDecodeShare, f.LoaderProcesses = 1, float64(m.LoaderProcesses)
	if m.GPUDecode {
		f.HostDecodeShare = 0
	}
	switch m.Metric {
	case MetricImagesPerS, MetricBytesPerS, MetricTimeToTrain:
		var ips float64
		if m.GPUs > 1 {
			sys, err := system(m.System)
			if err != nil {
				return 0, err
			}
			ips = EstimateScale(model, sys, gpu, m.GPUs, m.Precision, m.Batch, f).ImagesPerS
		} else {
			ips = EstimateThroughput(model, dev, m.Precision, m.Batch, f).ImagesPerS
		}
		switch m.Metric {
		case MetricBytesPerS:
			return ips * model.SampleBytes, nil
		case MetricTimeToTrain:
			ds, ok := DatasetByID(model.Dataset)
			if !ok || m.Epochs < 1 || !(ips > 0) {
				return 0, minfmt.Errorf("time to train needs epochs >= 1 and the model's dataset, got %d epochs of %q", m.Epochs, model.Dataset)
			}
			return float64(m.Epochs) * float64(ds.Samples) / ips, nil
		}
		return ips, nil
	case MetricSpeedup, MetricEfficiency:
		sys, err := system(m.System)
		if err != nil {
			return 0, err
		}
		s := EstimateScale(model, sys, gpu, m.GPUs, m.Precision, m.Batch, f)
		if m.Metric == MetricSpeedup {
			return s.Speedup, nil
		}
		base := 1.0
		if m.BaseGPUs > 1 {
			base = EstimateScale(model, sys, gpu, m.BaseGPUs, m.Precision, m.Batch, f).Efficiency
		}
		return s.Efficiency / base, nil
	case MetricMemoryBytes:
		return EstimateMemory(model, gpu, m.Batch, m.Precision, SGD, 1, 0, f).Total, nil
	case MetricDeviceSpeedup:
		cpu, ok := CPUByID(m.Baseline)
		if !ok {
			return 0, minfmt.Errorf("unknown baseline cpu %q", m.Baseline)
		}
		return CompareDevices(model, gpu, cpu, 1, 1, m.Precision, m.Batch, f).Speedup, nil
	}
	return 0, minfmt.Errorf("unknown metric %q", m.Metric)
}

// device resolves a gpu or cpu id; gpu is the zero GPU for a cpu.
func device(id string) (Device, GPU, error) {
	if g, ok := GPUByID(id); ok {
		return g.Device(), g, nil
	}
	if c, ok := CPUByID(id); ok {
		return c.Device(), GPU{}, nil
	}
	return Device{}, GPU{}, minfmt.Errorf("unknown device %q", id)
}

func system(id string) (System, error) {
	s, ok := SystemByID(id)
	if !ok {
		return System{}, minfmt.Errorf("unknown system %q", id)
	}
	return s, nil
}
