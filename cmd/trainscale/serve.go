package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/site"
)

// runServe serves the built page (make site) the way a strict static host
// would: right MIME types, precompressed files, the page's Content Security
// Policy. It stops on interrupt.
func runServe(e *env, args []string) error {
	fs := newFlags(e, "serve")
	dir := fs.String("dir", "site/dist", "`DIR` of the built page (make site)")
	addr := fs.String("addr", "127.0.0.1:8080", "`address` to listen on")
	if _, err := parse(fs, args, 0); err != nil {
		return err
	}
	if st, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil || !st.Mode().IsRegular() {
		return usagef("%s has no index.html: run make site first", *dir)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := newServer(site.Handler(*dir), serveTimeouts)
	fmt.Fprintf(e.stdout, "serving %s on http://%s/ (Ctrl-C stops)\n", estimator.Printable(*dir), ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// timeouts bound how long one connection may hold the server: a client that
// sends slowly, reads slowly or idles on a keep-alive connection is cut off.
type timeouts struct{ header, read, write, idle time.Duration }

// serveTimeouts are generous for a page of a few megabytes served to a
// browser, and short enough that idle or stalled connections do not pile up.
var serveTimeouts = timeouts{header: 5 * time.Second, read: 10 * time.Second, write: 20 * time.Second, idle: 10 * time.Second}

func newServer(h http.Handler, t timeouts) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: t.header, ReadTimeout: t.read, WriteTimeout: t.write, IdleTimeout: t.idle}
}
