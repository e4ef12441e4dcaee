package site

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAcceptableReadsQValues(t *testing.T) {
	names := func(header string) []string {
		var out []string
		for _, c := range acceptable(header) {
			out = append(out, c.name)
		}
		return out
	}
	for _, tc := range []struct {
		header string
		want   []string
	}{
		{"", nil},
		{"identity", nil},
		{"gzip, deflate, br, zstd", []string{"br", "gzip"}},
		{"br;q=0", nil},
		{"br; q=0, gzip", []string{"gzip"}},
		{"br;q=0.000, gzip;q=0.0", nil},
		{"BR;Q=0.5, GZIP", []string{"gzip", "br"}},
		{"br;q=0.1, gzip;q=0.9", []string{"gzip", "br"}},
		{"gzip;q=0.5, br;q=0.5", []string{"br", "gzip"}},
		{"*", []string{"br", "gzip"}},
		{"*;q=0", nil},
		{"*, br;q=0", []string{"gzip"}},
		{"gzip;q=0, *;q=0.3", []string{"br"}},
		{"br;q=abc, gzip;q=2, *;q=NaN", nil},
		{"br;level=3;q=0", nil},
	} {
		assert.Equal(t, tc.want, names(tc.header), "%q", tc.header)
	}
}

func TestHandlerStaysInsideItsDirectory(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "passwd")
	require.NoError(t, os.WriteFile(secret, []byte("root:x:0:0"), 0o644))
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>hi"), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "js"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "js", "app.js"), []byte("export {}"), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "etclink")))
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "passwd.js")))
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "index.html.br")))
	require.NoError(t, os.Symlink(filepath.Join("js", "app.js"), filepath.Join(dir, "inside.js")))
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	get := func(path, enc string) (int, string, string) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", enc)
		res, err := http.DefaultTransport.RoundTrip(req)
		require.NoError(t, err)
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header.Get("Content-Encoding"), string(body)
	}
	for _, path := range []string{"/etclink/passwd", "/passwd.js", "/etclink/"} {
		code, _, body := get(path, "")
		assert.Equal(t, http.StatusNotFound, code, path)
		assert.NotContains(t, body, "root:x", path)
	}
	code, enc, body := get("/", "br")
	assert.Equal(t, http.StatusOK, code)
	assert.Empty(t, enc, "a sibling that leads outside is not served")
	assert.Equal(t, "<p>hi", body)
	code, _, body = get("/inside.js", "")
	assert.Equal(t, http.StatusOK, code, "a link that stays inside is followed")
	assert.Equal(t, "export {}", body)
}

// The CSP names the inline boot script by the hash a browser computes over
// its text: sha256 of the bytes between <script> and </script>, base64.
func TestScriptHashIsTheCSPSource(t *testing.T) {
	assert.Equal(t, "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", scriptHash(""))
	assert.Contains(t, CSP, "'"+scriptHash(BootScript)+"'")
}

func TestInlineScriptDropsCommentLines(t *testing.T) {
	src := "// why it is here\n/**\n * @param {string} x\n */\nconst a = 1; // beside code stays\n  // indented comment\nfetch('http://x/y');\n"
	assert.Equal(t, "const a = 1; // beside code stays\nfetch('http://x/y');", inlineScript([]byte(src)))
	assert.NotContains(t, BootScript, "boot.js starts")
	assert.Contains(t, BootScript, "new Worker(")
}
