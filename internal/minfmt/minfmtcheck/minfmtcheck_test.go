package minfmtcheck_test

import (
	"testing"

	"github.com/trainscale/trainscale/internal/minfmt/minfmtcheck"
	"golang.org/x/tools/go/analysis/analysistest"
)

// The calls in testdata/src/.../calls each carry the diagnostics they must
// get as // want comments; a call without one must get none.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), minfmtcheck.Analyzer, "github.com/trainscale/trainscale/calls")
}
