// Package examples holds the scenario files that ship inside trainscale, so the
// CLI, the page and the tests share them.
package examples

import (
	"embed"
	"sort"
	"strings"
)

//go:embed *.json
var files embed.FS

// Default is the scenario trainscale runs when given none: the 2017 article.
const Default = "article-2017"

// Names lists the embedded scenarios, sorted, without the .json suffix.
func Names() []string {
	// embed.FS's own ReadDir: fs.ReadDir would link time's formatting into
	// the page's wasm module (5 KB brotli) for file dates nothing reads.
	entries, _ := files.ReadDir(".")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".json"))
	}
	sort.Strings(names)
	return names
}

// Read returns the bytes of the named scenario.
func Read(name string) ([]byte, bool) {
	b, err := files.ReadFile(name + ".json")
	return b, err == nil
}
