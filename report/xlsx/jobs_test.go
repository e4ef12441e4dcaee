package xlsx_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/internal/quickloop"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/xlsx"
)

// rerunExamples size their CNN jobs with the scaling model, whose speed-up
// at each job size the workbook holds no table of: an edit of the data,
// the epochs or the target needs a new run, and their workbooks say so.
var rerunExamples = []string{"modern-2026", "vgg16-titan-x"}

// jobEdit is one input edited in one example's workbook.
type jobEdit struct {
	scenario string
	set      estimator.Override
	rerun    bool // the workbook says a new run is needed, rather than following the edit
	before   *estimator.Estimate
	after    *estimator.Estimate // the CLI's estimate with --set
	file     string
}

// jobEdits edit the data (the fleet's cars, else the dataset's tokens or
// samples, a fifth more), the tokens a run reads (the epochs, half as many
// more) and the target (a quarter shorter) of every example, one edit a
// workbook; and ten times the cars of the video world model, a job past
// its ladder.
func jobEdits(t *testing.T) []jobEdit {
	var out []jobEdit
	for _, name := range quickloop.Examples() {
		base := mustEstimate(t, name)
		specs := map[string]estimator.InputSpec{}
		for _, in := range estimator.InputSpecs(base.Scenario) {
			specs[in.Path] = in
		}
		scaled := func(path string, by float64) (estimator.Override, bool) {
			in, ok := specs[path]
			if !ok {
				return estimator.Override{}, false
			}
			v := in.Number * by
			if slices.Contains(in.Rules, "int") {
				v = math.Ceil(v)
			}
			return estimator.Override{Path: path, Value: strconv.FormatFloat(v, 'g', -1, 64)}, true
		}
		var sets []estimator.Override
		for _, path := range []string{"fleet.cars", "dataset.tokens", "dataset.samples"} {
			if o, ok := scaled(path, 1.2); ok {
				sets = append(sets, o)
				break
			}
		}
		o, ok := scaled("training.epochs", 1.5)
		require.True(t, ok, "%s: training.epochs", name)
		sets = append(sets, o)
		// The target: a team's, or a project's deadline; a project whose job
		// is given has none.
		if o, ok := scaled("team.target_days", 0.75); ok {
			sets = append(sets, o)
		} else if o, ok := scaled("project.deadline_days", 0.75); ok {
			sets = append(sets, o)
		} else {
			require.NotNil(t, base.Scenario.Project, name)
		}
		require.GreaterOrEqual(t, len(sets), 2, name)
		for _, o := range sets {
			out = append(out, jobEdit{scenario: name, set: o, rerun: slices.Contains(rerunExamples, name), before: base})
		}
	}
	return append(out, jobEdit{scenario: "av-world-model-2026", set: estimator.Override{Path: "fleet.cars", Value: "1000"},
		rerun: true, before: mustEstimate(t, "av-world-model-2026")})
}

// TestEditsFollowTheCLI edits the data, the tokens and the target in every
// example's workbook, has excelize and then LibreOffice recalculate it, and
// compares every named result with the estimate of the same --set (to a
// relative 1e-9): a transformer job sized for the target follows through
// the Job sizes sheet. Where the workbook holds a model's value the edit
// moves, it says instead, on every result sheet, that a new run is needed.
func TestEditsFollowTheCLI(t *testing.T) {
	t.Parallel() // LibreOffice's start-up overlaps the other tests' work
	dir := t.TempDir()
	edits := jobEdits(t)
	var files []string
	for i := range edits {
		ed := &edits[i]
		ed.after = mustEstimate(t, ed.scenario, ed.set)
		require.Equal(t, ids(ed.before), ids(ed.after), "%s %s: the edit keeps the layout", ed.scenario, ed.set)
		f := open(t, write(t, &report.Bundle{Estimate: ed.before, Date: testDate}))
		cells, names := cellOf(f), xlsx.Names(ed.before)
		at := cells[names[ed.set.Path]]
		v, err := strconv.ParseFloat(ed.set.Value, 64)
		require.NoError(t, err)
		require.NoError(t, f.SetCellFloat(at[0], at[1], v, -1, 64))
		require.NoError(t, f.UpdateLinkedValue())
		checkEdit(t, *ed, "excelize", cells, func(sheet, cell string) (string, error) {
			return f.CalcCellValue(sheet, cell, excelize.Options{RawCellValue: true})
		})
		var buf bytes.Buffer
		require.NoError(t, f.Write(&buf))
		ed.file = strconv.Itoa(i) + "-" + ed.scenario + ".xlsx"
		require.NoError(t, os.WriteFile(filepath.Join(dir, ed.file), buf.Bytes(), 0o644))
		files = append(files, ed.file)
	}
	t.Run("libreoffice", func(t *testing.T) {
		if testing.Short() {
			t.Skip("LibreOffice takes seconds to start; excelize has recalculated the same edits above")
		}
		out := recalc(t, dir, files, toCSV, 2)
		for _, ed := range edits {
			f := open(t, write(t, &report.Bundle{Estimate: ed.before, Date: testDate})) // the defined names, as written
			sheets, err := csvSheets(out, ed.file[:len(ed.file)-len(".xlsx")], f.GetSheetList())
			require.NoError(t, err)
			checkEdit(t, ed, "LibreOffice", cellOf(f), func(sheet, cell string) (string, error) {
				return csvCell(sheets, sheet, cell)
			})
			if !ed.rerun {
				assert.Empty(t, errorCells(sheets), "%s %s=%s: cells showing an error", ed.scenario, ed.set.Path, ed.set.Value)
			}
		}
	})
}

// checkEdit reads an edited workbook with read: every named result equals
// the CLI's and the re-run line is empty, or the line and the edited
// input's row say a new run is needed.
func checkEdit(t *testing.T, ed jobEdit, engine string, cells map[string][2]string, read func(sheet, cell string) (string, error)) {
	t.Helper()
	msg := ed.scenario + " " + ed.set.Path + "=" + ed.set.Value + ", " + engine
	names := xlsx.Names(ed.before)
	line := ""
	if at, ok := cells[names["rerun"]]; ok {
		var err error
		line, err = read(at[0], at[1])
		require.NoError(t, err, msg)
	}
	if ed.rerun {
		assert.Equal(t, fmt.Sprintf(chart.Text("en", "xlsx.rerun"), "Assumptions", "Catalog", "Job sizes"), line, msg)
		if slices.Contains(rerunExamples, ed.scenario) {
			// The edited input's row says so too, in the column after its path.
			at := cells[names[ed.set.Path]]
			_, row, err := excelize.CellNameToCoordinates(at[1])
			require.NoError(t, err)
			cell, _ := excelize.CoordinatesToCellName(9, row)
			said, err := read(at[0], cell)
			require.NoError(t, err, msg)
			assert.Equal(t, chart.Text("en", "xlsx.rerun.changed"), said, msg)
		}
		return
	}
	assert.Empty(t, line, msg)
	checked, bad, _ := compareCells(ed.after, cells, read)
	assert.Empty(t, bad, msg)
	assert.Equal(t, len(ed.after.Quantities()), checked, msg)
	if ed.scenario == "av-world-model-2026" && ed.set.Path == "fleet.cars" && ed.set.Value == "120" {
		// docs/reports.md's figures: the job re-sized, 128 -> 152 GPUs, 122 systems.
		for name, want := range map[string]string{"team.world-model.gpus_per_job.dgx-b200": "152", "team.world-model.systems_to_buy.dgx-b200": "122"} {
			at := cells[names[name]]
			got, err := read(at[0], at[1])
			require.NoError(t, err, msg)
			assert.Equal(t, want, got, "%s: %s", msg, name)
		}
		assert.Equal(t, 145, checked, msg) // 117, six memory quantities and eight parts of the run on each of the two systems
	}
}
