package estimator_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
)

func TestModern2026(t *testing.T) {
	est := mustEstimate(t, "modern-2026")
	target := 7 * estimator.Day
	for _, w := range []string{"resnet-50", "inception-v3", "vit-b-16"} {
		prev := 0.0
		for _, s := range []string{"dgx-h100", "dgx-h200", "dgx-b200"} {
			k := w + " on " + s
			eff := value(t, est, "scale."+w+".efficiency."+s)
			assert.Greater(t, eff, 0.0, k)
			assert.LessOrEqual(t, eff, 1.0, k)
			assert.Equal(t, 1.0, value(t, est, "team."+w+".meets_target."+s), k)
			assert.LessOrEqual(t, value(t, est, "train."+w+".job_time."+s), target*1.000001, k)
			rate := value(t, est, "train."+w+".gpu_rate."+s)
			assert.GreaterOrEqual(t, rate, prev, "%s: newer GPUs are not slower", k)
			prev = rate
			assert.Equal(t, 1.0, value(t, est, "memory."+w+".fits."+s), k)
		}
	}
	// The same team and data need far fewer 2026 systems than the article's 97 DGX-1 (Volta).
	assert.Less(t, value(t, est, "team.resnet-50.systems.dgx-h100"), 97.0)
}

// The solver returns the fewest GPUs that meet the target: one fewer does not.
func TestJobSizeIsMinimal(t *testing.T) {
	est := mustEstimate(t, "modern-2026")
	model, _ := hardware.ModelByID("resnet-50")
	sys, _ := hardware.SystemByID("dgx-h100")
	gpu, _ := hardware.GPUByID(sys.GPU)
	f := est.Scenario.Factors.Resolve()
	batch := hardware.DefaultBatch(model, gpu, hardware.Mixed, f)
	need := value(t, est, "train.resnet-50.gpu_time.dgx-h100") / (7 * estimator.Day)
	n := int(value(t, est, "team.resnet-50.gpus_per_job.dgx-h100"))
	at := func(n int) float64 {
		return hardware.EstimateScale(model, sys, gpu, n, hardware.Mixed, batch, f).Speedup
	}
	assert.GreaterOrEqual(t, at(n), need)
	assert.Less(t, at(n-1), need)
}

// A target no job size can meet (74 epochs of ImageNet in 0.09 s) is reported,
// with the best size found, instead of failing.
func TestNoJobSizeMeetsTarget(t *testing.T) {
	est := mustEstimate(t, "vgg16-titan-x", set("team.target_days", 1e-6))
	assert.Equal(t, 0.0, value(t, est, "team.vgg-16-b64.meets_target.titan-x-server"))
	assert.Greater(t, value(t, est, "train.vgg-16-b64.job_time.titan-x-server"), 1e-6*estimator.Day)
	sum := present.Summarize(est, estimator.English)
	found := false
	for _, sec := range sum.Sections {
		for _, row := range sec.Rows {
			if len(row) == 1 && strings.HasPrefix(row[0], "note: VGG-16, batch 64 on titan-x-server: no job size meets") {
				found = true
			}
		}
	}
	assert.True(t, found, "the summary notes the missed target")
}

// The RTX 3050 vs CPU study ("GPU Acceleration in Deep Learning Training: A Comparative Study on Model Scale and Performance"): the GPU's lead over the CPU grows with model size.
func TestCPUVersusGPUGrowsWithModelSize(t *testing.T) {
	est := mustEstimate(t, "cifar10-cpu-vs-gpu")
	lead := func(w string) float64 {
		return value(t, est, "train."+w+".gpu_time.i7-desktop") / value(t, est, "train."+w+".gpu_time.rtx-3050-desktop")
	}
	small, mid, large := lead("cifar-small"), lead("resnet-18"), lead("resnet-50")
	assert.Less(t, small, mid)
	assert.Less(t, mid, large)
	assert.InDelta(t, 2, small, 0.8, "the study: about 2x")
	assert.InDelta(t, 40.6, large, 0.4*40.6, "the study: 40.6x")
}

// The GPU-memory article ("Problems of training large neural networks on GPUs" (an article in Japanese)): VGG-16 at batch 256 needs about 28 GB and does not fit a 12 GB Titan X.
func TestVGG16OnTitanX(t *testing.T) {
	est := mustEstimate(t, "vgg16-titan-x")
	assert.InDelta(t, 28e9, value(t, est, "memory.vgg-16-b256.per_gpu.titan-x-server"), 0.15*28e9)
	assert.Equal(t, 0.0, value(t, est, "memory.vgg-16-b256.fits.titan-x-server"))
	assert.Equal(t, 1.0, value(t, est, "memory.vgg-16-b64.fits.titan-x-server"))
}

func TestModelledBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, scenario string
		sets           []estimator.Override
		want           string
	}{
		{"modelled scaling needs a model", "article-2017", []estimator.Override{{Path: "training.scaling", Value: `"modelled"`}},
			"workloads[0].model: is required when training.scaling is modelled"},
		{"unknown model", "modern-2026", []estimator.Override{{Path: "workloads[0].model", Value: `"resnet-51"`}},
			`workloads[0].model: unknown catalog model (known: alexnet, cifar-small,`},
		{"precision with a model", "modern-2026", []estimator.Override{{Path: "workloads[1].precision", Value: `"fp8"`}},
			`workloads[1].precision: must be one of fp32, tf32, mixed with a model, got "fp8"`},
		{"speedup needed for measured throughput", "modern-2026", []estimator.Override{{Path: "workloads[0].mb_per_s", Value: "28"}},
			"systems[0].speedup: is required when a workload gives mb_per_s"},
		{"unknown GPU", "modern-2026", []estimator.Override{{Path: "systems[0].gpu", Value: `"h300"`}},
			`systems[0].gpu: unknown catalog GPU`},
		{"CPU and GPU", "cifar10-cpu-vs-gpu", []estimator.Override{{Path: "systems[1].gpu", Value: `"rtx-3050"`}},
			"systems[1].cpu: give gpu or cpu, not both"},
		{"fleet and dataset", "cifar10-cpu-vs-gpu", []estimator.Override{{Path: "fleet", Value: `{"cars": 1, "hours_per_day": 1, "days_per_year": 1, "tb_per_hour": 1}`}},
			"dataset: give fleet (with preprocessing) or dataset, not both"},
		{"factor out of range", "modern-2026", []estimator.Override{{Path: "factors.overlap", Value: "1.5"}},
			"factors.overlap: must be <= 1, got 1.5"},
		{"batch zero", "modern-2026", []estimator.Override{{Path: "workloads[0].batch", Value: "0"}},
			"workloads[0].batch: must be > 0, got 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, ok := examplesRead(tc.scenario)
			require.True(t, ok)
			_, err := decodeAndRun(data, tc.sets...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.True(t, estimator.IsInvalidInput(err))
		})
	}
}
