// Command minfmtcheck runs the minfmtcheck pass (internal/minfmt/minfmtcheck)
// over the packages named, as make test does:
//
//	go run ./internal/minfmt/minfmtcheck/cmd/minfmtcheck -test=false ./...
//
// It exits non-zero when it reports anything. -test=false leaves out test
// files: minfmt's own tests pass operands it refuses, to check it refuses them.
package main

import (
	"github.com/trainscale/trainscale/internal/minfmt/minfmtcheck"
	"golang.org/x/tools/go/analysis/singlechecker"
)

func main() { singlechecker.Main(minfmtcheck.Analyzer) }
