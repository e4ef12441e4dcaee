package main

import (
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
	"time"
)

// link is the network every response of a run crosses when -latency or
// -kbps is set: a response waits latency before its first byte, and the
// bytes of all responses leave one chunk at a time at the link's rate, in
// the order they were written, as over one connection to the browser. The
// tool shapes its own servers' responses (a URL target is proxied) rather
// than asking DevTools to: DevTools' emulation does
// not reach a dedicated worker's fetches, so a module a worker fetched
// came at loopback speed while a peer's scripts, fetched by its page,
// were throttled.
type link struct {
	latency     time.Duration
	bytesPerSec float64 // 0: no limit on the rate
	now         func() time.Time
	sleep       func(time.Duration)

	mu   sync.Mutex
	free time.Time // when the bytes queued so far have left
}

func newLink(latency time.Duration, kbps float64) *link {
	return &link{latency: latency, bytesPerSec: kbps * 1000 / 8, now: time.Now, sleep: time.Sleep}
}

// chunk is the most a write sends at once: pacing finer than the browser's
// reads is not seen, coarser makes responses wait on one another.
const chunk = 16 << 10

// send waits until n bytes queued now have crossed the link.
func (l *link) send(n int) {
	if l.bytesPerSec == 0 {
		return
	}
	l.mu.Lock()
	now := l.now()
	if l.free.Before(now) {
		l.free = now
	}
	l.free = l.free.Add(time.Duration(float64(n) / l.bytesPerSec * float64(time.Second)))
	wait := l.free.Sub(now)
	l.mu.Unlock()
	l.sleep(wait)
}

// shaped serves h's responses across l.
func shaped(h http.Handler, l *link) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&shapedWriter{ResponseWriter: w, link: l}, r)
	})
}

type shapedWriter struct {
	http.ResponseWriter
	link    *link
	started bool
}

// start waits the round trip before the response's first byte.
func (s *shapedWriter) start() {
	if !s.started {
		s.started = true
		s.link.sleep(s.link.latency)
	}
}

func (s *shapedWriter) WriteHeader(code int) {
	s.start()
	s.ResponseWriter.WriteHeader(code)
}

func (s *shapedWriter) Write(b []byte) (int, error) {
	s.start()
	written := 0
	for len(b) > 0 {
		n := min(len(b), chunk)
		s.link.send(n)
		m, err := s.ResponseWriter.Write(b[:n])
		written += m
		if err != nil {
			return written, err
		}
		if f, ok := s.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		b = b[n:]
	}
	return written, nil
}

// proxy serves the site at u (its scheme and host; paths as asked).
func proxy(u *url.URL) http.Handler {
	return httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
}
