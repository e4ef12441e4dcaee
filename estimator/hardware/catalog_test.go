package hardware

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPeak(t *testing.T) {
	for _, c := range []struct {
		gpu  string
		p    Precision
		want float64
	}{
		{"h100-sxm", BF16, 989.4e12},
		{"h100-sxm", FP8, 1978.9e12},
		{"h100-sxm", FP4, 0}, // Hopper has no FP4 path
		{"h100-sxm", Mixed, 989.4e12},
		{"h100-sxm", TF32, 494.7e12},
		{"h100-sxm", FP32, 66.9e12},
		{"b200", FP4, 9e15},
		{"a100-sxm4-80gb", FP8, 0},
		{"v100-sxm2-16gb", BF16, 0},  // Volta's tensor cores are FP16 only
		{"gtx-1080", Mixed, 8.87e12}, // no faster half-precision path: the FP32 one
		{"p100-sxm2", TF32, 10.6e12},
		{"h100-sxm", "int8", 0},
	} {
		assert.Equal(t, c.want, mustGPU(t, c.gpu).Peak(c.p), "%s %s", c.gpu, c.p)
	}
}

func TestPrecisionPeaksInCatalog(t *testing.T) {
	for _, g := range GPUs() {
		// A faster format never runs slower than a wider one where the part has both.
		if g.FP8 > 0 {
			assert.GreaterOrEqual(t, g.FP8, g.BF16, g.ID)
		}
		if g.FP4 > 0 {
			assert.GreaterOrEqual(t, g.FP4, g.FP8, g.ID)
		}
	}
	doc, err := json.Marshal(mustGPU(t, "a100-sxm4-80gb"))
	require.NoError(t, err)
	assert.Contains(t, string(doc), `"bf16_flops":312000000000000`)
	assert.Contains(t, string(doc), `"fp8_flops":null`, "a path the part lacks is null, not 0")
}

func TestNVLinkGPUs(t *testing.T) {
	assert.Equal(t, 72, mustSystem(t, "gb200-nvl72").NVLinkGPUs())
	assert.Equal(t, 8, mustSystem(t, "dgx-h100").NVLinkGPUs(), "0 means the system's GPUs")
	assert.Equal(t, 8, mustSystem(t, "hgx-h800").NVLinkGPUs())
}
