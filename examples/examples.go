// Package examples holds the scenario files that ship inside trainscale, so the
// CLI, the page and the tests share them.
package examples

// The scenarios are Go strings in scenarios.go, which go generate writes
// from the JSON files beside it and TestScenariosCurrent checks is current,
// rather than //go:embed: importing the embed package links io/fs, time and
// GODEBUG's parser into the page's WebAssembly module (28 KB brotli) for
// files that never change at run time.
//go:generate go run gen_scenarios.go

// Default is the scenario trainscale runs when given none: the 2017 article.
const Default = "article-2017"

// ArticleName is the name the article's scenario file gives itself. A
// scenario of that name is the article's, built in, edited or copied to a
// file: the page prints the article's figures for it and a report sets the
// article's Table 1 beside it. A constant, not read from the file at run
// time, so the page's module links no JSON reader for it; a test keeps the
// two equal.
const ArticleName = "NVIDIA 2017: 100 data cars to DGX-1 systems"

// IsArticle reports whether a scenario of this name is the article's.
func IsArticle(name string) bool { return name == ArticleName }

// file is one scenario file: its name without the .json suffix, its text.
// scenarios.go lists them sorted by name, as a slice rather than a map: a
// map literal is built by code at init, 2 KB of it in the estimator module.
type file struct{ name, text string }

// Names lists the embedded scenarios, sorted, without the .json suffix.
func Names() []string {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.name
	}
	return names
}

// Read returns the bytes of the named scenario.
func Read(name string) ([]byte, bool) {
	for _, f := range files {
		if f.name == name {
			return []byte(f.text), true
		}
	}
	return nil, false
}
