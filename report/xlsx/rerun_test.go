package xlsx_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/xlsx"
)

// The rows that turn red after an edit are those of the inputs trainscale's
// models read: in the video world model's workbook, what plans a job (the
// model, its precision and sequence, the systems' GPUs), not the data, the
// tokens, the target or money, which the formulas and the Job sizes sheet
// follow. The article's workbook holds no model's value: it has no such
// rows and no re-run line.
func TestRerunRowsAreWhatTheModelsRead(t *testing.T) {
	marked := func(name string) []string {
		e := mustEstimate(t, name)
		f := open(t, write(t, &report.Bundle{Estimate: e, Date: testDate}))
		rows, err := f.GetRows("Assumptions")
		require.NoError(t, err)
		var out []string
		for i, r := range rows {
			cell, _ := excelize.CoordinatesToCellName(9, i+1)
			if formula, _ := f.GetCellFormula("Assumptions", cell); formula != "" && len(r) >= 8 {
				out = append(out, r[7]) // the row's scenario path
			}
		}
		_, line := xlsx.Names(e)["rerun"]
		assert.Equal(t, len(out) > 0, line, name)
		return out
	}
	assert.Equal(t, []string{"workloads[0].transformer.model", "workloads[0].transformer.seq", "workloads[0].transformer.precision",
		"systems[0].gpus", "systems[1].gpus"}, marked("av-world-model-2026"))
	assert.Empty(t, marked("article-2017"))
}
