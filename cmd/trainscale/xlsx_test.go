package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/report/xlsx"
)

func TestXLSXWritesTheWorkbook(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "plan.xlsx")
	out, errOut, code := trainscale(t, "", "xlsx", "-o", path, "--date", "2026-11-30", "--samples", "300",
		"--set", "fleet.cars=37")
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, out)
	f, err := excelize.OpenFile(path, excelize.Options{RawCellValue: true})
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, xlsx.Sheets, f.GetSheetList())
	cars := ""
	for _, dn := range f.GetDefinedName() {
		if dn.Name == "fleet_cars" {
			sheet, cell, _ := strings.Cut(dn.RefersTo, "!")
			cars, err = f.GetCellValue(strings.Trim(sheet, "'"), strings.ReplaceAll(cell, "$", ""))
			require.NoError(t, err)
		}
	}
	assert.Equal(t, "37", cars, "the --set value is the input cell's")
	u, err := f.GetCellValue("Uncertainty", "A2")
	require.NoError(t, err)
	assert.Contains(t, u, "300 samples, seed 1")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left")

	// The same command line gives the same bytes.
	again := filepath.Join(dir, "again.xlsx")
	_, errOut, code = trainscale(t, "", "xlsx", "-o", again, "--date", "2026-11-30", "--samples", "300", "--set", "fleet.cars=37")
	require.Equal(t, 0, code, errOut)
	a, _ := os.ReadFile(path)
	b, _ := os.ReadFile(again)
	assert.True(t, string(a) == string(b), "two runs differ")
}

func TestXLSXFromStdin(t *testing.T) {
	data, _ := examples.Read("vgg16-titan-x")
	path := filepath.Join(t.TempDir(), "vgg.xlsx")
	_, errOut, code := trainscale(t, string(data), "xlsx", "-", "-o", path, "--samples", "0", "--compare", "cifar10-cpu-vs-gpu")
	require.Equal(t, 0, code, errOut)
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	defer f.Close()
	name, _ := f.GetCellValue("Cover", "B3")
	assert.Equal(t, "GPU memory wall: VGG-16 against a 12 GB Titan X", name)
	cols, _ := f.GetCellValue("Scenarios", "E5")
	assert.Equal(t, "cifar10-cpu-vs-gpu", cols)
}

func TestXLSXErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "plan.xlsx")
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"xlsx"}, 2, "-o is required"},
		{[]string{"xlsx", "-o", path, "--date", "30/11/2026"}, 2, "--date: must be YYYY-MM-DD"},
		{[]string{"xlsx", "-o", path, "--set", "fleet.cars=-3"}, 2, "fleet.cars: must be > 0"},
		{[]string{"xlsx", "-o", path, "--scenario", "no-such"}, 2, "no built-in scenario"},
		{[]string{"xlsx", "-o", path, "a.json", "b.json"}, 2, "too many arguments"},
		{[]string{"xlsx", "-o", filepath.Join(os.Args[0], "plan.xlsx"), "--samples", "0"}, 1, "not a directory"}, // a missing directory is made; a file cannot be
	} {
		_, errOut, code := trainscale(t, "", tc.args...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, errOut)
		assert.Contains(t, errOut, tc.says, tc.args)
		_, err := os.Stat(path)
		assert.True(t, os.IsNotExist(err), "%v wrote a file", tc.args)
	}
}

// A write that fails leaves the old file, and no temporary file, behind.
func TestXLSXIsAtomic(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "plan.xlsx")
	require.NoError(t, os.Mkdir(target, 0o755))
	_, errOut, code := trainscale(t, "", "xlsx", "-o", target, "--samples", "0", "--date", "2026-11-30")
	assert.Equal(t, 2, code, errOut)
	assert.Contains(t, errOut, "plan.xlsx is a directory")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "only the directory that was there")
	assert.True(t, entries[0].IsDir())

	old := filepath.Join(dir, "old.xlsx")
	require.NoError(t, os.WriteFile(old, []byte("the old plan"), 0o644))
	_, _, code = trainscale(t, "", "xlsx", "-o", old, "--set", "team.members=0")
	assert.Equal(t, 2, code)
	data, err := os.ReadFile(old)
	require.NoError(t, err)
	assert.Equal(t, "the old plan", string(data), "an invalid scenario leaves the old file as it was")
}
