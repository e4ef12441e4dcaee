// Package examples holds the scenario files that ship inside trainscale, so the
// CLI, the page and the tests share them.
package examples

import (
	"slices"
	"strings"
)

// The scenarios are Go strings in scenarios.go, which TestScenariosCurrent
// writes from the JSON files beside it (go test ./examples -update) and
// otherwise checks equal to them, rather than //go:embed: importing the
// embed package links io/fs, time and GODEBUG's parser into the page's
// WebAssembly module (28 KB brotli) for files that never change at run time.

// Default is the scenario trainscale runs when given none: the 2017 article.
const Default = "article-2017"

// Names lists the embedded scenarios, sorted, without the .json suffix.
func Names() []string {
	var names []string
	for f := range files {
		names = append(names, strings.TrimSuffix(f, ".json"))
	}
	slices.Sort(names)
	return names
}

// Read returns the bytes of the named scenario.
func Read(name string) ([]byte, bool) {
	s, ok := files[name+".json"]
	return []byte(s), ok
}
