package main

import (
	"io"

	"github.com/trainscale/trainscale/report/xlsx"
)

// runXLSX writes the estimate as an editable workbook: every input in a
// yellow cell, every derived figure a formula over them.
func runXLSX(e *env, args []string) error {
	rf, b, err := parseReport(e, "xlsx", "output workbook `FILE` (required), e.g. plan.xlsx", args)
	if err != nil {
		return err
	}
	return writeOutput(e, rf.out, func(w io.Writer) error { return xlsx.Write(w, b) })
}
