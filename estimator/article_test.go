package estimator_test

import (
	"bytes"
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func mustEstimate(t testing.TB, name string, overrides ...estimator.Override) *estimator.Estimate {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok, name)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	return est
}

func value(t testing.TB, est *estimator.Estimate, id string) float64 {
	t.Helper()
	q, ok := est.Get(id)
	require.True(t, ok, "no quantity %s", id)
	return q.Value
}

// TestArticleFigures reproduces every figure the 2017 article prints, at the
// precision it prints.
func TestArticleFigures(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	const TB = 1 << 40
	years := func(id string) float64 { return value(t, est, id) / estimator.Year }
	for _, tc := range []struct {
		id   string
		got  func(string) float64
		want float64 // as printed in the article
		prec float64 // its printed precision
	}{
		{"data.raw", func(id string) float64 { return value(t, est, id) / TB }, 208000, 0.5},
		{"data.processed", func(id string) float64 { return value(t, est, id) / TB }, 104, 0.5},
		{"train.inception-v3.gpu_time", years, 9.1, 0.05},
		{"train.resnet-50.gpu_time", years, 6.2, 0.05},
		{"train.alexnet.gpu_time", years, 1.2, 0.05},
		{"train.inception-v3.system_time.dgx-1-p100", years, 1.13, 0.01},
		{"train.resnet-50.system_time.dgx-1-p100", years, 0.77, 0.005},
		{"train.alexnet.system_time.dgx-1-p100", years, 0.14, 0.005},
		{"team.inception-v3.systems.dgx-1-p100", nil, 356, 0.5},
		{"team.resnet-50.systems.dgx-1-p100", nil, 241, 0.5},
		{"team.alexnet.systems.dgx-1-p100", nil, 45, 0.5},
		{"team.inception-v3.systems.dgx-1-v100", nil, 142, 0.5},
		{"team.resnet-50.systems.dgx-1-v100", nil, 97, 0.5},
		{"team.alexnet.systems.dgx-1-v100", nil, 18, 0.5},
		// "about 10 / 8 / 2 systems per member" (Pascal), "4-5 / 3 / 1" (Volta).
		{"team.inception-v3.systems_per_member.dgx-1-p100", nil, 12, 2.5},
		{"team.resnet-50.systems_per_member.dgx-1-p100", nil, 8, 0.5},
		{"team.alexnet.systems_per_member.dgx-1-p100", nil, 1.5, 0.5},
		{"team.inception-v3.systems_per_member.dgx-1-v100", nil, 4.5, 0.5},
		{"team.resnet-50.systems_per_member.dgx-1-v100", nil, 3, 0.5},
		{"team.alexnet.systems_per_member.dgx-1-v100", nil, 1, 0.5},
	} {
		got := value(t, est, tc.id)
		if tc.got != nil {
			got = tc.got(tc.id)
		}
		assert.InDelta(t, tc.want, got, tc.prec, tc.id)
	}
}

// The exact values behind the rounded figures, from facts.md's arithmetic.
func TestArticleExactValues(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	// 50 x 104 x 2^40 B / (19 x 2^20 B/s) = 5,452,595,200 / 19 s exactly. (facts.md
	// prints 286,979,369 s, 2 ppm off; both are 9.100 years.)
	assert.InDelta(t, 5452595200.0/19, value(t, est, "train.inception-v3.gpu_time"), 1e-6)
	assert.InDelta(t, 355.88, value(t, est, "team.inception-v3.systems.dgx-1-p100"), 0.005)
	assert.InDelta(t, 241.49, value(t, est, "team.resnet-50.systems.dgx-1-p100"), 0.005)
	assert.InDelta(t, 45.08, value(t, est, "team.alexnet.systems.dgx-1-p100"), 0.005)
	assert.InDelta(t, 142.35, value(t, est, "team.inception-v3.systems.dgx-1-v100"), 0.005)
	assert.Equal(t, 356.0, value(t, est, "team.inception-v3.systems_to_buy.dgx-1-p100"))
	assert.Equal(t, 242.0, value(t, est, "team.resnet-50.systems_to_buy.dgx-1-p100"), "procurement rounds up")
}

// The article's text says 204.8 PB of raw data, but its own assumptions give
// 100 cars x 8 h x 260 days x 1 TB = 208,000 TB: no unit reading makes 204.8.
func TestArticleRawDataTextIsInconsistent(t *testing.T) {
	raw := value(t, mustEstimate(t, examples.Default), "data.raw")
	const printed = 204.8
	for name, unit := range map[string]float64{
		"PB (10^15 B)":      1e15,             // 228.7
		"PiB (2^50 B)":      1 << 50,          // 203.1
		"1000 TB of 2^40 B": 1000 * (1 << 40), // 208
	} {
		assert.Greater(t, math.Abs(raw/unit-printed), 1.0, "%s would make 204.8 consistent", name)
	}
	assert.Equal(t, 208000.0, raw/(1<<40), "the assumptions give 208,000 TB")
}

func TestStorageAndHost(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	const MB = 1 << 20
	// AlexNet on a Volta DGX-1: 8 x 150 MB/s x 2.5 = 3,000 MB/s, the article's "> 3 GB/s per node".
	assert.InDelta(t, 3000*MB, value(t, est, "storage.alexnet.node_read_rate.dgx-1-v100"), 1)
	assert.InDelta(t, 8*28*MB, value(t, est, "storage.resnet-50.node_read_rate.dgx-1-p100"), 1)
	// 104 TB does not fit a DGX-1's 7.68 TB of local SSD: every epoch reads shared storage.
	assert.Equal(t, 0.0, value(t, est, "storage.dataset_fits_local.dgx-1-p100"))
	assert.InDelta(t, 50*104.0*(1<<40), value(t, est, "storage.shared_read_per_run.dgx-1-p100"), 1<<30)
	// 8 x 16 GB of GPU memory wants 256-384 GB of host RAM; a DGX-1 has 512 GB.
	assert.Equal(t, 256.0*(1<<30), value(t, est, "host.ram_low.dgx-1-p100"))
	assert.Equal(t, 384.0*(1<<30), value(t, est, "host.ram_high.dgx-1-p100"))
	assert.Equal(t, 1.0, value(t, est, "host.ram_ok.dgx-1-v100"))
}

func TestGrowthIsQuadratic(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	base := value(t, est, "team.resnet-50.systems.dgx-1-v100")
	for n, want := range map[int]float64{1: 1, 2: 4, 3: 9, 10: 100} {
		assert.InDelta(t, want, value(t, est, "growth.compute_factor_n"+strconv.Itoa(n)), 1e-12)
		assert.InDelta(t, want*base, value(t, est, "growth.resnet-50.systems_n"+strconv.Itoa(n)+".dgx-1-v100"), 1e-9)
	}
}

func examplesRead(name string) ([]byte, bool) { return examples.Read(name) }

func decodeAndRun(data []byte, overrides ...estimator.Override) (*estimator.Estimate, error) {
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	if err != nil {
		return nil, err
	}
	return estimator.Run(s)
}
