package hardware

import (
	"testing"
)

func TestExplore(t *testing.T) {
	rows, err := CalibrateTransformers(DefaultFactors())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		t.Logf("%s %+v mfu %.4f (%.2f%%) hours %.4g (%.2f%%) ", r.Run.ID, r.Plan.Layout, r.MFU, 100*r.MFUError, r.GPUHours, 100*r.HrError)
	}
}
