package site

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/echartsjs"
	"github.com/trainscale/trainscale/internal/jafont"
	"github.com/trainscale/trainscale/internal/page"
)

//go:embed index.html style.css *.js
var sources embed.FS

// Options says where Build finds what it does not embed and how hard it compresses.
type Options struct {
	Root string // the module's root: wasm/, examples/embed
	// Fast compresses brotli at a low quality (tests); sizes are then not
	// the ones a release ships.
	Fast bool
	// NoExport skips the export module (xlsx, HTML, PDF in the browser).
	NoExport bool
}

// Modules are the WebAssembly modules the page loads, by file name.
var Modules = map[string]string{
	"estimator.wasm": "./wasm/estimator", // loaded at once
	"tools.wasm":     "./wasm/tools",     // charts, tools, uncertainty: after the first result
	"export.wasm":    "./wasm/export",    // only when a download is asked for
}

// SmallModule says whether a module of Modules is built small (buildWasm):
// the one the page loads first, whose bytes every visit waits for.
func SmallModule(file string) bool { return file == "estimator.wasm" }

// Size is one built file's size, raw and precompressed (0 when not compressed).
type Size struct {
	Raw    int `json:"raw"`
	Gzip   int `json:"gzip"`
	Brotli int `json:"brotli"`
}

// Build writes the page into dir and returns its files' sizes, which it also
// writes to dir/sizes.json.
func Build(dir string, opt Options) (map[string]Size, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	var mu sync.Mutex
	put := func(name string, data []byte) {
		mu.Lock()
		files[name] = data
		mu.Unlock()
	}

	// The wasm modules, built in parallel.
	var wg sync.WaitGroup
	var errs []error
	for file, pkg := range Modules {
		if file == "export.wasm" && opt.NoExport {
			continue
		}
		wg.Go(func() {
			data, err := buildWasm(opt.Root, pkg, SmallModule(file))
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", file, err))
				return
			}
			files[file] = data
		})
	}

	// wasm_exec.js from the toolchain that builds the modules.
	goroot, err := goEnv(opt.Root, "GOROOT")
	if err != nil {
		return nil, err
	}
	wasmExec, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	put("wasm_exec.js", wasmExec)
	// The echarts build the HTML report inlines, so the page's charts and
	// its HTML export draw with the same parts.
	put(echartsjs.Name, echartsjs.JS)
	// The Japanese PDF's font, fetched by exports.js only when it is asked
	// for, and the licence that must travel with it.
	put("fonts/"+jafont.Name, jafont.TTF)
	put("fonts/"+jafont.LicenseName, jafont.License)
	// The page's words in Japanese, fetched on the first switch to Japanese
	// (ui.js): inlined beside the English ones they would add 3.2 KB gzip to
	// every visit before the page is live; apart they cost English readers
	// nothing.
	ja, err := messages("ja")
	if err != nil {
		return nil, err
	}
	put(messagesFile("ja"), ja)
	entries, _ := sources.ReadDir(".")
	for _, e := range entries {
		data, _ := sources.ReadFile(e.Name())
		switch {
		case e.Name() == "index.html":
			if data, err = Prerender(data); err != nil {
				return nil, err
			}
		case e.Name() == "boot.js":
			continue // inlined in index.html's head
		case strings.HasSuffix(e.Name(), ".js"):
			data = stripDocComments(data)
		}
		put(e.Name(), data)
	}
	embeds, _ := filepath.Glob(filepath.Join(opt.Root, "examples", "embed", "*.html"))
	for _, f := range embeds {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		put("embed/"+filepath.Base(f), data)
	}
	wg.Wait()
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}

	// Write every file, and precompressed siblings of the larger ones.
	sizes := map[string]Size{}
	for name, data := range files {
		wg.Go(func() {
			sz, ok := kept(dir, name, data, opt.Fast)
			if !ok && compressible(name, data) {
				gz := Gzip(data)
				br := BrotliLevel(data, opt.Fast)
				sz.Gzip, sz.Brotli = len(gz), len(br)
				if err := write(dir, name+".gz", gz); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
				if err := write(dir, name+".br", br); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
			err := write(dir, name, data)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
			}
			sizes[name] = sz
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	manifest, _ := json.MarshalIndent(sizes, "", "  ")
	return sizes, write(dir, "sizes.json", append(manifest, '\n'))
}

// kept returns the sizes of name's precompressed siblings, and true, when dir
// already holds name with exactly data: Build writes the siblings before the
// file, so they are of this data. Brotli at its best quality takes minutes
// over the 6 MB font and the export module; an unchanged file keeps what an
// earlier build made. A fast build reuses nothing (and should write to a
// directory of its own, as the tests do). Otherwise it returns name's raw
// size and false.
func kept(dir, name string, data []byte, fast bool) (Size, bool) {
	sz := Size{Raw: len(data)}
	if fast || !compressible(name, data) {
		return sz, false
	}
	p := filepath.Join(dir, filepath.FromSlash(name))
	old, err := os.ReadFile(p)
	if err != nil || !bytes.Equal(old, data) {
		return sz, false
	}
	gz, err := os.Stat(p + ".gz")
	if err != nil {
		return sz, false
	}
	br, err := os.Stat(p + ".br")
	if err != nil {
		return sz, false
	}
	sz.Gzip, sz.Brotli = int(gz.Size()), int(br.Size())
	return sz, true
}

func compressible(name string, data []byte) bool {
	if len(data) < 1024 {
		return false
	}
	switch filepath.Ext(name) {
	case ".wasm", ".js", ".css", ".html", ".json", ".svg", ".ttf", ".txt":
		return true
	}
	return false
}

func write(dir, name string, data []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

func goCmd() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

func goEnv(root, key string) (string, error) {
	cmd := exec.Command(goCmd(), "env", key)
	cmd.Dir = root
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// buildWasm compiles one main package for js/wasm, without symbol tables
// (buildWasmNamed keeps the functions' names, a custom section that costs
// nothing at run time). small turns inlining off everywhere: the estimator
// module compresses 10% smaller than with it (brotli 0.91 MB instead of 1.01 MB, gzip 1.26 MB
// instead of 1.37 MB), and a keystroke's recompute under Node is as fast
// (5-6 ms) as when the estimator, reflect, strconv and encoding/json inline,
// which cost 58 KB gzip, 50 KB brotli.
func buildWasm(root, pkg string, small bool) ([]byte, error) {
	return buildWasmNamed(root, pkg, small, false)
}

func buildWasmNamed(root, pkg string, small, names bool) ([]byte, error) {
	tmp, err := os.CreateTemp("", "trainscale-*.wasm")
	if err != nil {
		return nil, err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	args := []string{"build", "-trimpath"}
	if !names {
		args = append(args, "-ldflags=-s -w")
	}
	if small {
		args = append(args, "-gcflags=all=-l")
	}
	cmd := exec.Command(goCmd(), append(args, "-o", tmp.Name(), pkg)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build %s: %v\n%s", pkg, err, stderr.String())
	}
	return os.ReadFile(tmp.Name())
}

// accuracySection is the page's accuracy section: tool.Accuracy's groups and
// every published figure, run here at build time so that internal/page,
// which the page's module links, need not import estimator/tool.
func accuracySection() (string, error) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	if err != nil {
		return "", err
	}
	r := res.Accuracy
	table := tool.AccuracyTable(r, "en")[1:]
	rows := make([]page.AccuracyRow, len(r.Groups))
	for i, g := range r.Groups {
		rows[i] = page.AccuracyRow{ID: g.ID, Kind: g.Kind.EN, Cells: table[i][2:]}
	}
	en := tool.AccuracyPointTable(r, "en")
	var numbers []int // the columns that hold numbers, for the page's script to align
	for i := range en[0] {
		if tool.AccuracyPointNumber(i) {
			numbers = append(numbers, i)
		}
	}
	points, err := json.Marshal(map[string]any{"numbers": numbers, "en": en, "ja": tool.AccuracyPointTable(r, "ja")})
	if err != nil {
		return "", err
	}
	return page.Accuracy(rows, points), nil
}

// Prerender fills the page template's holes with the default scenario, in
// English: its form, its figures, the preset list, the catalog's ids and
// the startup data.
func Prerender(tmpl []byte) ([]byte, error) {
	est, err := defaultEstimate()
	if err != nil {
		return nil, fmt.Errorf("prerendering the default scenario: %w", err)
	}
	start, err := startup()
	if err != nil {
		return nil, err
	}
	var opts strings.Builder
	for _, p := range page.Presets() {
		sel := ""
		if p.Name == examples.Default {
			sel = " selected"
		}
		fmt.Fprintf(&opts, `<option value="%s"%s>%s</option>`, p.Name, sel, htmlText(p.Name+": "+p.Title))
	}
	accuracy, err := accuracySection()
	if err != nil {
		return nil, fmt.Errorf("prerendering the accuracy section: %w", err)
	}
	answer, results := page.ResultsApart(est, "en")
	out := string(tmpl)
	for hole, text := range map[string]string{
		"{{form}}": page.Form(est.Scenario, "en"), "{{answer}}": answer, "{{results}}": results, "{{presets}}": opts.String(),
		"{{datalists}}": page.Datalists(), "{{startup}}": string(start), "{{accuracy}}": accuracy, "{{boot}}": BootScript,
	} {
		if !strings.Contains(out, hole) {
			return nil, fmt.Errorf("index.html has no %s", hole)
		}
		out = strings.ReplaceAll(out, hole, text)
	}
	return []byte(out), nil
}

// startup is what the page would otherwise ask the core for before it can go
// live, as the core answers it: the presets, the English messages (the
// tools module's presets and messages: the estimator module answers
// estimate alone), and the prerendered results' layout with their
// quantities' ids and labels (what a compact answer is read against). The
// page, and an embedded estimator, read it from a JSON block, which the CSP
// leaves alone since it never runs. JSON escapes <, > and &, so the block
// cannot end early.
func startup() ([]byte, error) {
	a := api.New(api.PageMethods(), nil)
	var est struct {
		Layout     string `json:"layout"`
		Quantities []struct {
			ID    string `json:"id"`
			Label string `json:"label"`
		} `json:"quantities"`
		Error *api.Error `json:"error"`
	}
	req, _ := json.Marshal(map[string]string{"preset": examples.Default})
	if err := json.Unmarshal(a.Call("estimate", req), &est); err != nil || est.Error != nil {
		return nil, fmt.Errorf("the default scenario's startup data: %v %v", err, est.Error)
	}
	en, err := messages("en")
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{
		"presets":  json.RawMessage(a.Call("presets", nil)),
		"messages": json.RawMessage(en),
		"estimate": map[string]any{"layout": est.Layout, "quantities": est.Quantities},
	})
}

// messagesFile is the file beside the page holding its words in lang.
func messagesFile(lang estimator.Lang) string { return "messages-" + string(lang) + ".json" }

// messages is the page's words in lang, as the messages method answers them.
func messages(lang estimator.Lang) ([]byte, error) {
	req, _ := json.Marshal(map[string]estimator.Lang{"lang": lang})
	out := api.New(api.PageMethods(), nil).Call("messages", req)
	var res struct{ Error *api.Error }
	if err := json.Unmarshal(out, &res); err != nil || res.Error != nil {
		return nil, fmt.Errorf("the page's words in %s: %v %v", lang, err, res.Error)
	}
	return out, nil
}

func defaultEstimate() (*estimator.Estimate, error) {
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return estimator.Run(s)
}

func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(s)
}

// SortedNames lists a size map's files, for printing.
func SortedNames(sizes map[string]Size) []string {
	names := make([]string, 0, len(sizes))
	for n := range sizes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// stripDocComments drops the JSDoc blocks of a page script: the lines from
// one that starts with "/**" to the one that ends its comment, where nothing
// else stands on them. They type the scripts for make test-js and would add
// a fifth to the scripts every visitor downloads; a comment beside code (a
// cast such as /** @type {T} */ (x)) stays, as does every other comment.
func stripDocComments(src []byte) []byte {
	var out, block []byte // block: the doc comment's lines so far
	for line := range bytes.Lines(src) {
		t := bytes.TrimSpace(line)
		if block == nil && !bytes.HasPrefix(t, []byte("/**")) {
			out = append(out, line...)
			continue
		}
		block = append(block, line...)
		from := 0
		if len(block) == len(line) {
			from = 3 // the opening line: its own "/**" does not end it
		}
		end := bytes.Index(t[min(from, len(t)):], []byte("*/"))
		if end < 0 {
			continue
		}
		if from+end+2 != len(t) { // code after the comment: keep it whole
			out = append(out, block...)
		}
		block = nil
	}
	return append(out, block...) // an unended comment stays as written
}
