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
		"models": len(hardware.Models()), "transformers": len(hardware.TransformerModels()), "networks": len(hardware.Networks()), "datasets": len(hardware.Datasets()), "grid": len(hardware.Grids())}
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
	assert.EqualError(t, err, `table: must be one of gpus, cpus, systems, models, transformers, networks, datasets, grid, got "tpus"`)
}

// The grid table lists each id as money.grid_region takes it, the figure as
// the table holds it and the provider's PUE where one is published.
func TestCatalogGrid(t *testing.T) {
	l, err := tool.Catalog("grid")
	require.NoError(t, err)
	rows := map[string][]string{}
	for _, row := range l.Section.Rows[1:] {
		rows[row[0]] = row
	}
	assert.Equal(t, []string{"id", "name", "country", "kg CO2e per kWh", "PUE", "as of", "source", "PUE source"}, l.Section.Rows[0])
	assert.Equal(t, []string{"jp", "Japan", "jp", "0.485392", "-"}, rows["jp"][:5])
	assert.Equal(t, []string{"aws-us-east-1", "US East (N. Virginia)", "us", "0.3678", "1.15"}, rows["aws-us-east-1"][:5])
	assert.Equal(t, "-", rows["jp"][7], "a country has no PUE source")
	assert.Equal(t, "au", l.Section.Rows[1][0], "countries first, by id")
	assert.Equal(t, "azure-westus2", l.Section.Rows[len(l.Section.Rows)-1][0], "then the cloud regions, by id")
}
