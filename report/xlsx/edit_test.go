package xlsx_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/xlsx"
)

// edits change inputs that only formulas read (not trainscale's hardware
// models, whose values the workbook holds as written), as a person would
// in the yellow cells.
var edits = []struct {
	scenario string
	sets     []string
}{
	{"article-2017", []string{"units=decimal", "fleet.cars=37", "fleet.tb_per_hour=2", "fleet.hours_per_day=10",
		"training.epochs=70", "workloads[1].mb_per_s=33", "systems[1].speedup=3", "team.target_days=10",
		"team.concurrent_jobs=8", "host.ram_factor_high=4", "money.pue=1.3", "money.price_per_kwh=0.2",
		"growth.exponent=1.5", "growth.per_year=2"}},
	{"realistic-2017", []string{"fleet.sensors[0].fps=20", "fleet.sensors[1].mbit_per_s=1000",
		"preprocessing.compression_ratio=20", "team.members=40"}},
	{"modern-2026", []string{"money.pue=1.2", "money.price_per_kwh=0.2", "money.storage_per_tb=100",
		"systems[0].price=350000", "team.members=50", "host.ram_factor_low=1.5"}},
	{"cifar10-cpu-vs-gpu", []string{"dataset.samples=60000", "training.epochs=20", "team.target_days=0.5"}},
}

// TestEditedWorkbookRecomputes changes named input cells of written
// workbooks, has excelize and then LibreOffice recalculate them, and checks
// every result cell against the estimator run with the same --set overrides.
func TestEditedWorkbookRecomputes(t *testing.T) {
	t.Parallel() // LibreOffice's start-up overlaps the cross-check's work
	dir := t.TempDir()
	var files []string
	want := map[string]*estimator.Estimate{}
	for _, ed := range edits {
		before := mustEstimate(t, ed.scenario)
		var ov []estimator.Override
		for _, s := range ed.sets {
			o, err := estimator.ParseOverride(s)
			require.NoError(t, err)
			ov = append(ov, o)
		}
		after := mustEstimate(t, ed.scenario, ov...)
		require.Equal(t, ids(before), ids(after), "%s: the edits must keep the layout", ed.scenario)
		changed := 0
		for _, q := range after.Quantities() {
			if old, _ := before.Get(q.ID); !near(old.Value, q.Value) {
				changed++
			}
		}
		require.Greater(t, changed, 3, "%s: the edits change little", ed.scenario)

		f := open(t, write(t, &report.Bundle{Estimate: before, Date: testDate}))
		cells, names := cellOf(f), xlsx.Names(before)
		for _, o := range ov {
			at := cells[names[o.Path]]
			require.NotEmpty(t, at[0], o.Path)
			if v, err := strconv.ParseFloat(o.Value, 64); err == nil {
				require.NoError(t, f.SetCellFloat(at[0], at[1], v, -1, 64))
			} else {
				require.NoError(t, f.SetCellStr(at[0], at[1], o.Value))
			}
		}
		require.NoError(t, f.UpdateLinkedValue()) // no stale results: the file holds none, but an edited one might

		checked, bad, _ := compareCells(after, cells, func(sheet, cell string) (string, error) {
			return f.CalcCellValue(sheet, cell, excelize.Options{RawCellValue: true})
		})
		assert.Empty(t, bad, "%s, excelize", ed.scenario)
		assert.Equal(t, len(after.Quantities()), checked)

		var buf bytes.Buffer
		require.NoError(t, f.Write(&buf))
		file := ed.scenario + ".xlsx"
		require.NoError(t, os.WriteFile(filepath.Join(dir, file), buf.Bytes(), 0o644))
		files = append(files, file)
		want[ed.scenario] = after
	}
	t.Run("libreoffice", func(t *testing.T) {
		if testing.Short() {
			t.Skip("LibreOffice takes seconds to start; excelize has recalculated the same edits above")
		}
		out := recalc(t, dir, files, toXLSX, 1)
		for _, ed := range edits {
			data, err := os.ReadFile(filepath.Join(out, ed.scenario+".xlsx"))
			require.NoError(t, err)
			f := open(t, data) // LibreOffice's file: its defined names and cached results
			checked, bad, _ := compareCells(want[ed.scenario], cellOf(f), func(sheet, cell string) (string, error) {
				return f.GetCellValue(sheet, cell)
			})
			assert.Empty(t, bad, "%s, LibreOffice", ed.scenario)
			assert.Equal(t, len(want[ed.scenario].Quantities()), checked, ed.scenario)
		}
	})
}

func ids(e *estimator.Estimate) []string {
	var out []string
	for _, q := range e.Quantities() {
		out = append(out, q.ID)
	}
	return out
}
