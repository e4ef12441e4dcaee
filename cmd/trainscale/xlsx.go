package main

import (
	"io"

	"github.com/trainscale/trainscale/report/xlsx"
)

// runXLSX writes the estimate as an editable workbook: every input in a
// yellow cell, every derived figure a formula over them.
func runXLSX(e *env, args []string) error {
	fs := newFlags(e, "xlsx")
	var rf reportFlags
	rf.register(fs, "output workbook `FILE` (required), e.g. plan.xlsx")
	pos, err := parse(fs, args, 1)
	if err != nil {
		return err
	}
	var file string
	if len(pos) > 0 {
		file = pos[0]
	}
	b, err := rf.bundle(e, file)
	if err != nil {
		return err
	}
	return writeAtomic(rf.out, func(w io.Writer) error { return xlsx.Write(w, b) })
}
