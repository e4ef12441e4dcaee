package main

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/site"
)

func TestServeHandler(t *testing.T) {
	dir := t.TempDir()
	wasm := []byte("\x00asm\x01\x00\x00\x00")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><p>hi"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "estimator.wasm"), wasm, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "estimator.wasm.br"), site.Brotli(wasm), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "estimator.wasm.gz"), site.Gzip(wasm), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "app.js"), []byte("export {}"), 0o644))
	srv := httptest.NewServer(site.Handler(dir))
	defer srv.Close()

	get := func(path, enc string) *http.Response {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", enc) // set: the client then leaves the body encoded
		res, err := http.DefaultTransport.RoundTrip(req)
		require.NoError(t, err)
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
	for _, tc := range []struct{ path, enc, typ, coding string }{
		{"/", "", "text/html; charset=utf-8", ""},
		{"/app.js", "", "text/javascript; charset=utf-8", ""},
		{"/estimator.wasm", "", "application/wasm", ""},
		{"/estimator.wasm", "gzip, deflate, br, zstd", "application/wasm", "br"},
		{"/estimator.wasm", "gzip", "application/wasm", "gzip"},
		{"/estimator.wasm", "br;q=0, gzip", "application/wasm", "gzip"},
	} {
		res := get(tc.path, tc.enc)
		assert.Equal(t, http.StatusOK, res.StatusCode, tc.path)
		assert.Equal(t, tc.typ, res.Header.Get("Content-Type"), tc.path)
		assert.Equal(t, tc.coding, res.Header.Get("Content-Encoding"), "%s %s", tc.path, tc.enc)
		csp := res.Header.Get("Content-Security-Policy")
		assert.Contains(t, csp, "script-src 'self' 'wasm-unsafe-eval'")
		assert.NotContains(t, csp, "unsafe-inline")
		assert.NotContains(t, csp, " 'unsafe-eval'")
		assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))
		if tc.coding == "" && tc.path == "/estimator.wasm" {
			body, _ := io.ReadAll(res.Body)
			assert.Equal(t, wasm, body)
		}
	}
	assert.Equal(t, http.StatusNotFound, get("/nope.js", "").StatusCode)
	assert.Equal(t, http.StatusNotFound, get("/../go.mod", "").StatusCode)
}

func TestServeNeedsABuiltSite(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"serve", "--dir", t.TempDir()}, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut})
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut.String(), "make site")
}

func TestServerTimesOutIdleConnections(t *testing.T) {
	srv := newServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }),
		timeouts{header: time.Second, read: time.Second, write: time.Second, idle: 200 * time.Millisecond})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go srv.Serve(ln)
	defer srv.Close()

	conn, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	_, err = io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	require.NoError(t, err)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	require.Equal(t, "ok", string(body))
	// The connection stays open for keep-alive; the server must close it once idle.
	start := time.Now()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err = conn.Read(make([]byte, 1))
	assert.ErrorIs(t, err, io.EOF, "the server closed the idle connection")
	assert.Less(t, time.Since(start), 3*time.Second)

	for name, d := range map[string]time.Duration{"header": serveTimeouts.header, "read": serveTimeouts.read, "write": serveTimeouts.write, "idle": serveTimeouts.idle} {
		assert.Greater(t, d, time.Duration(0), name)
		assert.LessOrEqual(t, d, 30*time.Second, name)
	}
}
