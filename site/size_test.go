package site

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEstimatorModuleSize holds the page's size budget: the module the page
// loads first is under 1.0 MB brotli, as make site ships it.
func TestEstimatorModuleSize(t *testing.T) {
	if testing.Short() {
		t.Skip("compresses a 5 MB module at brotli's best quality")
	}
	// Beside the browser tests, which mostly wait on Chromium.
	t.Parallel()
	data, err := buildWasm("..", Modules["estimator.wasm"], true)
	require.NoError(t, err)
	br, gz := Brotli(data), Gzip(data)
	t.Logf("estimator.wasm: %d B raw, %d B gzip, %d B brotli", len(data), len(gz), len(br))
	assert.Less(t, len(br), 1_000_000, "estimator.wasm, brotli")
}
