package tool

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// Every architecture the catalog's GPUs name has its words in the accuracy
// table, so no GPU falls into "other".
func TestEveryGenerationIsNamed(t *testing.T) {
	for _, g := range hardware.GPUs() {
		assert.NotEqual(t, otherGeneration, generationOf(g.ID), g.ID)
	}
}
