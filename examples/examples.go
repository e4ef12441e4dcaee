// Package examples holds the scenario files that ship inside trainscale, so the
// CLI, the page and the tests share them.
package examples

import (
	_ "embed"
	"slices"
	"strings"
)

// Each scenario is embedded as a string, not through an embed.FS: reading an
// embed.FS links its files' String method, and through it time's formatting
// and io/fs's (about 80 KB of code), into the page's WebAssembly module.
// TestEveryFileListed keeps this list and the directory the same.
var (
	//go:embed article-2017.json
	article2017 string
	//go:embed article-2017-decimal.json
	article2017Decimal string
	//go:embed av-world-model-2026.json
	avWorldModel2026 string
	//go:embed cifar10-cpu-vs-gpu.json
	cifar10CPUVsGPU string
	//go:embed llama-3-405b.json
	llama3405B string
	//go:embed modern-2026.json
	modern2026 string
	//go:embed realistic-2017.json
	realistic2017 string
	//go:embed vgg16-titan-x.json
	vgg16TitanX string
)

// files are the scenarios by file name.
var files = map[string]string{
	"article-2017.json":         article2017,
	"article-2017-decimal.json": article2017Decimal,
	"av-world-model-2026.json":  avWorldModel2026,
	"cifar10-cpu-vs-gpu.json":   cifar10CPUVsGPU,
	"llama-3-405b.json":         llama3405B,
	"modern-2026.json":          modern2026,
	"realistic-2017.json":       realistic2017,
	"vgg16-titan-x.json":        vgg16TitanX,
}

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
