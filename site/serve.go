package site

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// CSP is the Content-Security-Policy Handler sends: everything from the page's
// own origin, WebAssembly compilation allowed, no inline script but the boot
// script index.html inlines (by its hash), no inline style, no eval, no
// plugins, no base or form redirection.
var CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' '" + scriptHash(BootScript) + "'; style-src 'self'; img-src 'self' data: blob:; " +
	"font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"

// BootScript is boot.js as index.html inlines it in its head: its code,
// without the comment lines that explain it.
var BootScript = inlineScript(mustSource("boot.js"))

// scriptHash is a CSP source that allows an inline script by its text.
func scriptHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// inlineScript is a page script without its doc comments and the lines
// that are a comment alone.
func inlineScript(src []byte) string {
	var b strings.Builder
	for line := range bytes.Lines(stripDocComments(src)) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("//")) {
			b.Write(line)
		}
	}
	return strings.TrimSpace(b.String())
}

func mustSource(name string) []byte {
	data, err := sources.ReadFile(name)
	if err != nil {
		panic(err) // embedded at build time: only a build without it gets here
	}
	return data
}

// contentTypes fixes the types that matter for the page, whatever the system's
// MIME tables say: WebAssembly streaming compilation insists on application/wasm.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".json": "application/json",
	".svg":  "image/svg+xml",
	".txt":  "text/plain; charset=utf-8",
}

// ContentType is the type Handler sends for a file name.
func ContentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// Handler serves the built page in dir. For a file with a .br or .gz sibling
// it serves the sibling, with Content-Encoding, to a client that accepts it.
// Every response carries the CSP and nosniff; the files may be embedded from
// other origins (the custom element), so they are sent with CORS allowed.
// Reads are confined to dir (os.Root): a symbolic link that leads out of it
// is not followed. The directory is opened per request, so a rebuild that
// replaces it is served at once.
func Handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("Cross-Origin-Resource-Policy", "cross-origin")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") || name == "/" {
			name = path.Join(name, "index.html")
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer root.Close()
		rel := filepath.FromSlash(strings.TrimPrefix(name, "/"))
		st, err := root.Stat(rel)
		if err == nil && st.IsDir() {
			http.Redirect(w, r, name+"/", http.StatusMovedPermanently)
			return
		}
		if err != nil || !st.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		h.Set("Content-Type", ContentType(name))
		h.Set("Cache-Control", "no-cache") // revalidate: file names do not change between builds
		h.Add("Vary", "Accept-Encoding")
		for _, enc := range acceptable(r.Header.Get("Accept-Encoding")) {
			if serveFile(w, r, root, rel+enc.ext, name, enc.name) {
				return
			}
		}
		if !serveFile(w, r, root, rel, name, "") {
			http.NotFound(w, r)
		}
	})
}

// serveFile serves rel from root as name with the content coding (none when
// ""), and reports false when rel is not a regular file there.
func serveFile(w http.ResponseWriter, r *http.Request, root *os.Root, rel, name, coding string) bool {
	f, err := root.Open(rel)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	if coding != "" {
		w.Header().Set("Content-Encoding", coding)
	}
	http.ServeContent(w, r, name, st.ModTime(), f)
	return true
}

// A precompressed is a content coding Handler serves from a sibling file.
type precompressed struct{ name, ext string }

// codings are those Handler knows, in the order it prefers them at equal weight.
var codings = []precompressed{{"br", ".br"}, {"gzip", ".gz"}}

// acceptable lists the codings an Accept-Encoding header accepts, the most
// wanted first (RFC 9110, section 12.5.3): a coding named with q=0, or
// left to a "*" with q=0, is not acceptable; a malformed q-value counts as 0.
func acceptable(header string) []precompressed {
	var out []precompressed
	weights := map[string]float64{}
	for _, c := range codings {
		if q := weight(header, c.name); q > 0 {
			out = append(out, c)
			weights[c.name] = q
		}
	}
	slices.SortStableFunc(out, func(a, b precompressed) int { return cmp.Compare(weights[b.name], weights[a.name]) })
	return out
}

// weight is the q-value the header gives coding: its own entry's, else that
// of "*", else 0.
func weight(header, coding string) float64 {
	star := 0.0
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.TrimSpace(name)
		switch {
		case strings.EqualFold(name, coding):
			return qValue(params)
		case name == "*":
			star = qValue(params)
		}
	}
	return star
}

// qValue reads the q parameter of one Accept-Encoding entry: 1 when absent,
// 0 when it is not a number in [0, 1].
func qValue(params string) float64 {
	for p := range strings.SplitSeq(params, ";") {
		key, value, _ := strings.Cut(p, "=")
		if !strings.EqualFold(strings.TrimSpace(key), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || !(q >= 0 && q <= 1) {
			return 0
		}
		return q
	}
	return 1
}
