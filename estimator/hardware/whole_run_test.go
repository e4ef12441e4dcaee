package hardware

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A whole run's parts add up to its steady hours over its run share, and
// each says what it is: Llama 3's failures on 16,384 GPUs (92.7% goodput)
// and the default overheads (4.5% of the steady time).
func TestRunParts(t *testing.T) {
	fl := LlamaFailures
	assert.InEpsilon(t, 1.045, fl.Overheads.Stretch(), 1e-12)
	assert.InEpsilon(t, fl.Goodput(16384)/1.045, fl.RunShare(16384), 1e-12)
	parts := fl.RunParts(100, 100/fl.RunShare(16384))
	var names []string
	var sum float64
	for _, p := range parts {
		names = append(names, p.Name)
		sum += p.Hours
	}
	assert.Equal(t, []string{"steady", "failures", "checkpoints", "evaluation", "ramp", "stragglers", "data_stalls", "reserved"}, names)
	assert.InEpsilon(t, 100/fl.RunShare(16384), sum, 1e-12)
	assert.Equal(t, 100.0, parts[0].Hours)
	assert.InEpsilon(t, 2.0, parts[4].Hours, 1e-12, "the ramp: 2% of the steady hours")
	assert.Zero(t, parts[2].Hours, "Llama 3 writes its checkpoints asynchronously")
	// Failures take what the goodput loses: 7.3% of the whole.
	assert.InEpsilon(t, sum*(1-fl.Goodput(16384)), parts[1].Hours, 1e-9)
}
