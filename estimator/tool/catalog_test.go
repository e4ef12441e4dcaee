package tool_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/tool"
)

func TestCatalog(t *testing.T) {
	counts := map[string]int{"gpus": len(hardware.GPUs()), "cpus": len(hardware.CPUs()), "systems": len(hardware.Systems()),
		"models": len(hardware.Models()), "transformers": len(hardware.TransformerModels()), "networks": len(hardware.Networks()), "datasets": len(hardware.Datasets())}
	for _, table := range tool.Tables {
		l, err := tool.Catalog(table)
		require.NoError(t, err, table)
		assert.Len(t, l.Section.Rows, counts[table]+1, table)
		header := l.Section.Rows[0]
		assert.Contains(t, header, "source", table)
		assert.Contains(t, header, "as of", table)
		for _, row := range l.Section.Rows[1:] {
			assert.Len(t, row, len(header), table)
			for i, cell := range row {
				assert.NotEmpty(t, cell, "%s %s %s", table, row[0], header[i])
			}
		}
	}
	_, err := tool.Catalog("tpus")
	assert.EqualError(t, err, `table: must be one of gpus, cpus, systems, models, transformers, networks, datasets, got "tpus"`)
}
