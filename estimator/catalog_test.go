package estimator_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

// Catalog facts are unique, and the ones the scenario estimate has read since
// the first release keep their place at the head of the list.
func TestCatalogFacts(t *testing.T) {
	facts := estimator.CatalogFacts()
	seen := map[string]bool{}
	for _, f := range facts {
		assert.False(t, seen[f.Path], f.Path)
		seen[f.Path] = true
		assert.Regexp(t, `^catalog\.(gpus|cpus|systems|models|networks|datasets|transformers|grid)\.[a-z0-9.-]+\.[a-z0-9_]+$`, f.Path)
		assert.NotEmpty(t, f.Source, f.Path)
		assert.NotEmpty(t, f.AsOf, f.Path)
	}
	g := hardware.GPUs()[0]
	assert.Equal(t, "catalog.gpus."+g.ID+".memory", facts[0].Path)
	assert.Equal(t, "catalog.systems."+hardware.Systems()[0].ID+".gpus", facts[3*len(hardware.GPUs())].Path)
	for _, p := range []string{"catalog.gpus.h100-sxm.mixed", "catalog.cpus.core-i7-12700.fp32", "catalog.models.resnet-50.forward_macs",
		"catalog.networks.nvlink4.bandwidth", "catalog.datasets.imagenet.samples", "catalog.systems.dgx-h100.network_ports",
		"catalog.gpus.h100-sxm.bf16", "catalog.transformers.llama-3.1-405b.matrix_params", "catalog.grid.aws-us-east-1.kg_co2_per_kwh"} {
		assert.True(t, seen[p], p)
	}
}
