package xlsx_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/xlsx"
)

// randomWorkbooks is how many random valid scenarios the cross-check draws,
// shared evenly among the examples: LibreOffice's recalculation of each is
// what the full test run waits for, so a new example takes its share rather
// than adding to it.
const randomWorkbooks = 200

// crossCase is one workbook of the cross-check.
type crossCase struct {
	name string
	est  *estimator.Estimate
	data []byte
	// plan is the Plan sheet's named cells (the bundle's plan), by names.
	plan  []estimator.Quantity
	names map[string]string
}

// compare checks the estimate's named cells and the Plan sheet's.
func (c crossCase) compare(cells map[string][2]string, read func(sheet, cell string) (string, error)) (checked int, bad []mismatch, worst float64) {
	checked, bad, worst = compareCells(c.est, cells, read)
	n, b, w := compareNamed(c.plan, c.names, cells, read)
	return checked + n, append(bad, b...), max(worst, w)
}

// crossCases are every example, written as the CLI writes it, and the
// random scenarios, written with the estimate alone.
func crossCases(t *testing.T) []crossCase {
	var cases []crossCase
	for _, name := range examples.Names() {
		b := fullBundle(t, name)
		c := crossCase{name: name, est: b.Estimate, data: write(t, b), names: xlsx.PlanNames(b)}
		if b.Plan != nil {
			c.plan = planQuantities(b)
		}
		cases = append(cases, c)
	}
	n := len(examples.Names())
	random := randomScenarios(t, (randomWorkbooks+n-1)/n)
	require.GreaterOrEqual(t, len(random), randomWorkbooks)
	out := make([]crossCase, len(random))
	require.NoError(t, parallel(len(random), func(i int) error {
		var buf bytes.Buffer
		err := xlsx.Write(&buf, &report.Bundle{Estimate: random[i], Date: testDate})
		out[i] = crossCase{name: fmt.Sprintf("random-%03d", i), est: random[i], data: buf.Bytes()}
		return err
	}))
	return append(cases, out...)
}

// parallel runs do(0) ... do(n-1) on every CPU and returns the first error.
// do must not call t.FailNow (require): it runs outside the test's goroutine.
func parallel(n int, do func(i int) error) error {
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first error
	)
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := do(i); err != nil {
					once.Do(func() { first = err })
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return first
}

// TestCrossCheck evaluates every named result cell of every example and of
// 200+ random valid scenarios with excelize and with LibreOffice, and
// compares each with the estimator.
func TestCrossCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and recalculates 200+ workbooks")
	}
	t.Parallel()
	cases := crossCases(t)

	// Two independent engines over the same workbooks: excelize's work fills
	// the CPU while LibreOffice starts up and writes files.
	t.Run("excelize", func(t *testing.T) {
		t.Parallel()
		var mu sync.Mutex
		total, worst := 0, 0.0
		require.NoError(t, parallel(len(cases), func(i int) error {
			c := cases[i]
			f, err := excelize.OpenReader(bytes.NewReader(c.data), excelize.Options{RawCellValue: true})
			if err != nil {
				return err
			}
			defer f.Close()
			checked, bad, w := c.compare(cellOf(f), func(sheet, cell string) (string, error) {
				return f.CalcCellValue(sheet, cell, excelize.Options{RawCellValue: true})
			})
			mu.Lock()
			defer mu.Unlock()
			total += checked
			worst = max(worst, w)
			assert.Empty(t, bad, c.name)
			return nil
		}))
		t.Logf("excelize: %d workbooks, %d named cells, largest relative error %.3g", len(cases), total, worst)
	})

	t.Run("libreoffice", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		var files []string
		for _, c := range cases {
			file := c.name + ".xlsx"
			require.NoError(t, os.WriteFile(filepath.Join(dir, file), c.data, 0o644))
			files = append(files, file)
		}
		out := recalc(t, dir, files, toCSV, runtime.GOMAXPROCS(0))
		var mu sync.Mutex
		total, worst := 0, 0.0
		require.NoError(t, parallel(len(cases), func(i int) error {
			c := cases[i]
			f, err := excelize.OpenReader(bytes.NewReader(c.data)) // the defined names, as written
			if err != nil {
				return err
			}
			defer f.Close()
			sheets, err := csvSheets(out, c.name, f.GetSheetList())
			if err != nil {
				return err
			}
			checked, bad, w := c.compare(cellOf(f), func(sheet, cell string) (string, error) {
				return csvCell(sheets, sheet, cell) // LibreOffice's result, not a new calculation
			})
			errs := errorCells(sheets)
			mu.Lock()
			defer mu.Unlock()
			total += checked
			worst = max(worst, w)
			assert.Empty(t, bad, c.name)
			assert.Empty(t, errs, "%s: cells showing an error", c.name)
			return nil
		}))
		t.Logf("LibreOffice: %d workbooks, %d named cells, largest relative error %.3g", len(cases), total, worst)
	})
}

// errorCells lists every cell of a recalculated workbook that shows an error.
func errorCells(sheets map[string][][]string) []string {
	var out []string
	for sh, rows := range sheets {
		for i, r := range rows {
			for j, v := range r {
				if strings.HasPrefix(v, "#") || strings.HasPrefix(v, "Err:") {
					c, _ := excelize.CoordinatesToCellName(j+1, i+1)
					out = append(out, sh+"!"+c+" = "+v)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}
