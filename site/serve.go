package site

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// CSP is the Content-Security-Policy Handler sends: everything from the page's
// own origin, WebAssembly compilation allowed, no inline script or style, no
// eval, no plugins, no base or form redirection.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
	"font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"

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
		file := filepath.Join(dir, filepath.FromSlash(name))
		st, err := os.Stat(file)
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
		accept := r.Header.Get("Accept-Encoding")
		for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if !accepts(accept, enc.name) {
				continue
			}
			if cst, err := os.Stat(file + enc.ext); err == nil && cst.Mode().IsRegular() {
				f, err := os.Open(file + enc.ext)
				if err != nil {
					break
				}
				defer f.Close()
				h.Set("Content-Encoding", enc.name)
				http.ServeContent(w, r, name, cst.ModTime(), f)
				return
			}
		}
		f, err := os.Open(file)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		http.ServeContent(w, r, name, st.ModTime(), f)
	})
}

// accepts reports whether an Accept-Encoding header takes the coding (q=0 refuses it).
func accepts(header, coding string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		params = strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return params != "q=0" && params != "q=0.0" && params != "q=0.00" && params != "q=0.000"
	}
	return false
}
