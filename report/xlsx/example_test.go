package xlsx_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/xlsx"
)

// The article's workbook: each result cell is a formula over named cells.
func ExampleWrite() {
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	est, err := estimator.Run(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	if err := xlsx.Write(&buf, &report.Bundle{Estimate: est, Date: "2026-11-30"}); err != nil {
		fmt.Println(err)
		return
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	where := map[string]string{}
	for _, dn := range f.GetDefinedName() {
		where[dn.Name] = dn.RefersTo
	}
	names := xlsx.Names(est)
	for _, id := range []string{"data.processed", "team.inception-v3.systems.dgx-1-p100"} {
		sheet, cell, _ := strings.Cut(where[names[id]], "!")
		formula, _ := f.GetCellFormula(strings.Trim(sheet, "'"), strings.ReplaceAll(cell, "$", ""))
		fmt.Printf("%s on %s: =%s\n", names[id], strings.Trim(sheet, "'"), formula)
	}
	// Output:
	// data_processed on Data volume: =data_raw*data_reduction
	// team_inception_v3_systems_dgx_1_p100 on Team and cluster: =train_inception_v3_gpu_time_dgx_1_p100/systems_0__gpus/(team_target_days*u_DAY)*team_concurrent_jobs
}
