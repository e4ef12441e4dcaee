package xlsx_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/xlsx"
)

// testDate fixes the date every test workbook carries.
const testDate = "2026-11-30"

func decode(t testing.TB, name string, overrides ...estimator.Override) (*estimator.Scenario, error) {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok, name)
	return estimator.Decode(bytes.NewReader(data), overrides...)
}

func mustEstimate(t testing.TB, name string, overrides ...estimator.Override) *estimator.Estimate {
	t.Helper()
	s, err := decode(t, name, overrides...)
	require.NoError(t, err)
	e, err := estimator.Run(s)
	require.NoError(t, err)
	return e
}

// fullBundle is what the CLI writes: uncertainty, tornado, charts.
func fullBundle(t testing.TB, name string) *report.Bundle {
	t.Helper()
	b, err := report.Build(mustEstimate(t, name), report.Options{Samples: 500, Seed: 1, Date: testDate})
	require.NoError(t, err)
	return b
}

func write(t testing.TB, b *report.Bundle) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, xlsx.Write(&buf, b))
	return buf.Bytes()
}

func open(t testing.TB, data []byte) *excelize.File {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{RawCellValue: true})
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}

// cellOf resolves each defined name to its sheet and cell.
func cellOf(f *excelize.File) map[string][2]string {
	out := map[string][2]string{}
	for _, dn := range f.GetDefinedName() {
		if dn.Scope != "Workbook" {
			continue // a sheet's print area or titles, not a named cell
		}
		sheet, cell, ok := strings.Cut(dn.RefersTo, "!")
		if !ok {
			continue // not a cell: the count of names tells
		}
		sheet = strings.ReplaceAll(strings.Trim(sheet, "'"), "''", "'")
		out[dn.Name] = [2]string{sheet, strings.ReplaceAll(cell, "$", "")}
	}
	return out
}

// near says whether a spreadsheet's number matches the core's: relative
// 1e-9, absolute 1e-9 near zero.
func near(got, want float64) bool {
	d := math.Abs(got - want)
	return d <= 1e-9 || d <= 1e-9*math.Max(math.Abs(got), math.Abs(want))
}

// mismatch is one named cell that disagrees with the core.
type mismatch struct {
	name      string
	got, want string
}

// parseNumber reads a cell's raw value as LibreOffice's CSV writes it: a
// share, formatted as a percentage, keeps its percent sign ("34.6070504697797%").
func parseNumber(text string) (float64, error) {
	if pct, ok := strings.CutSuffix(text, "%"); ok {
		v, err := strconv.ParseFloat(pct, 64)
		return v / 100, err
	}
	return strconv.ParseFloat(text, 64)
}

// compareCells reads every quantity's named cell with read and compares it
// with the estimate; it returns the mismatches and the largest relative error.
func compareCells(e *estimator.Estimate, cells map[string][2]string, read func(sheet, cell string) (string, error)) (checked int, bad []mismatch, worst float64) {
	return compareNamed(e.Quantities(), xlsx.Names(e), cells, read)
}

// compareNamed is compareCells over any quantities, named by names.
func compareNamed(qs []estimator.Quantity, names map[string]string, cells map[string][2]string, read func(sheet, cell string) (string, error)) (checked int, bad []mismatch, worst float64) {
	for _, q := range qs {
		name := names[q.ID]
		at, ok := cells[name]
		if !ok {
			bad = append(bad, mismatch{name, "no such defined name", ""})
			continue
		}
		text, err := read(at[0], at[1])
		if err != nil {
			bad = append(bad, mismatch{name, err.Error(), fmt.Sprint(q.Value)})
			continue
		}
		got, err := parseNumber(text)
		checked++
		if err != nil || !near(got, q.Value) {
			bad = append(bad, mismatch{name, text, strconv.FormatFloat(q.Value, 'g', 17, 64)})
			continue
		}
		if d := math.Abs(got - q.Value); d > 1e-9 {
			worst = math.Max(worst, d/math.Max(math.Abs(got), math.Abs(q.Value)))
		}
	}
	return checked, bad, worst
}

// randomScenarios perturbs the numeric inputs of every example within their
// own rules (a deterministic seed), keeps the draws the estimator accepts,
// and returns at least perExample of each.
func randomScenarios(t testing.TB, perExample int) []*estimator.Estimate {
	t.Helper()
	var out []*estimator.Estimate
	for ei, name := range examples.Names() {
		base, err := decode(t, name)
		require.NoError(t, err)
		specs := estimator.InputSpecs(base)
		rng := rand.New(rand.NewPCG(5, uint64(ei)))
		kept, tries := 0, 0
		for kept < perExample {
			tries++
			require.Less(t, tries, 20*perExample, "%s: too few valid random scenarios", name)
			var ov []estimator.Override
			for _, sp := range specs {
				switch {
				case sp.Path == "units" && rng.Float64() < 0.3:
					other := map[string]string{"binary": "decimal", "decimal": "binary"}[sp.Text]
					ov = append(ov, estimator.Override{Path: "units", Value: strconv.Quote(other)})
				case sp.IsText || rng.Float64() > 0.4 || structural(sp.Path):
				default:
					if v, ok := perturb(rng, sp); ok {
						ov = append(ov, estimator.Override{Path: sp.Path, Value: strconv.FormatFloat(v, 'g', -1, 64)})
					}
				}
			}
			s, err := decode(t, name, ov...)
			if err != nil {
				continue // a draw that breaks a rule relating fields
			}
			e, err := estimator.Run(s)
			if err != nil {
				continue
			}
			out = append(out, e)
			kept++
		}
	}
	return out
}

// structural inputs change how many quantities there are, not their values;
// they are left alone so a draw stays a small workbook.
func structural(path string) bool {
	return path == "growth.factor" || path == "growth.years"
}

// perturb moves a value by a factor between 1/2 and 2 and brings it back
// within its rules.
func perturb(rng *rand.Rand, sp estimator.InputSpec) (float64, bool) {
	v := sp.Number
	if v == 0 {
		v = rng.Float64()
	} else {
		v *= math.Exp((2*rng.Float64() - 1) * math.Ln2)
	}
	for _, r := range sp.Rules {
		name, arg, _ := strings.Cut(r, "=")
		limit, _ := strconv.ParseFloat(arg, 64)
		switch name {
		case "ge":
			v = math.Max(v, limit)
		case "le":
			v = math.Min(v, limit)
		}
	}
	for _, r := range sp.Rules {
		switch r {
		case "int":
			v = math.Round(v)
		case "gt0":
			if v <= 0 {
				return 0, false
			}
		}
	}
	return v, true
}

// soffice finds LibreOffice, or skips the test (fails it on CI).
func soffice(t testing.TB) string {
	t.Helper()
	path, err := exec.LookPath("soffice")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("soffice (Debian libreoffice-calc) is required on CI")
		}
		t.Skip("soffice not installed (apt-get install libreoffice-calc)")
	}
	return path
}

// LibreOffice's export filters: a recalculated workbook (defined names kept,
// each formula with its result cached), or every sheet as CSV with raw
// values (file-Sheet name.csv), which is three times as fast to write.
const (
	toXLSX = "xlsx:Calc MS Excel 2007 XML"
	toCSV  = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
)

// recalc has LibreOffice recalculate the workbooks in dir and export them
// with filter (one soffice run per batch, batches side by side); it returns
// the directory of the results.
func recalc(t testing.TB, dir string, files []string, filter string, batches int) string {
	t.Helper()
	bin := soffice(t)
	out := filepath.Join(dir, "recalculated")
	require.NoError(t, os.MkdirAll(out, 0o755))
	errs := make(chan error, batches)
	for b := range batches {
		var part []string
		for i := b; i < len(files); i += batches {
			part = append(part, files[i])
		}
		profile := "file://" + filepath.Join(dir, fmt.Sprintf("profile-%d", b))
		go func() {
			if len(part) == 0 {
				errs <- nil
				return
			}
			args := append([]string{"-env:UserInstallation=" + profile, "--headless", "--norestore",
				"--convert-to", filter, "--outdir", out}, part...)
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			msg, err := cmd.CombinedOutput()
			if err != nil {
				err = fmt.Errorf("soffice: %v: %s", err, msg)
			}
			errs <- err
		}()
	}
	for range batches {
		require.NoError(t, <-errs)
	}
	return out
}

// csvSheets reads the CSV LibreOffice wrote for each sheet of one workbook.
func csvSheets(dir, base string, sheets []string) (map[string][][]string, error) {
	out := map[string][][]string{}
	for _, sh := range sheets {
		f, err := os.Open(filepath.Join(dir, base+"-"+sh+".csv"))
		if err != nil {
			return nil, err
		}
		r := csv.NewReader(f)
		r.FieldsPerRecord = -1
		rows, err := r.ReadAll()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s-%s.csv: %w", base, sh, err)
		}
		out[sh] = rows
	}
	return out, nil
}

// csvCell reads one cell of a CSV sheet: A1 is rows[0][0].
func csvCell(sheets map[string][][]string, sheet, cell string) (string, error) {
	col, row, err := excelize.CellNameToCoordinates(cell)
	if err != nil {
		return "", err
	}
	rows := sheets[sheet]
	if row > len(rows) || col > len(rows[row-1]) {
		return "", fmt.Errorf("%s!%s is empty", sheet, cell)
	}
	return rows[row-1][col-1], nil
}
