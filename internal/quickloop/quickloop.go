// Package quickloop chooses what the quick loop (go test -short) reads where
// make test reads everything: tests that walk every built-in scenario walk
// two of them there, so the loop a developer runs on every change stays
// quick while the full run keeps the whole coverage.
package quickloop

import (
	"slices"
	"testing"

	"github.com/trainscale/trainscale/examples"
)

// quick are the scenarios the quick loop keeps: the article's, a CNN's
// chain from a fleet, and the fleet-video world model, a transformer's; the
// two kinds every surface shows.
var quick = []string{"article-2017", "av-world-model-2026"}

// Pick is names, or in the quick loop those of them it keeps.
func Pick(names []string) []string {
	if !testing.Short() {
		return names
	}
	return slices.DeleteFunc(slices.Clone(names), func(n string) bool { return !slices.Contains(quick, n) })
}

// Examples is the built-in scenarios a test walks (Pick).
func Examples() []string { return Pick(examples.Names()) }
