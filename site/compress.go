package site

import (
	"bytes"
	"compress/gzip"

	"github.com/andybalholm/brotli"
)

// Gzip compresses data at the best level.
func Gzip(data []byte) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// Brotli compresses data at the best quality with the largest window, which
// matters for a multi-megabyte wasm module.
func Brotli(data []byte) []byte { return BrotliLevel(data, false) }

// BrotliLevel is Brotli, or a fast low-quality brotli when fast is set.
func BrotliLevel(data []byte, fast bool) []byte {
	q := brotli.BestCompression
	if fast {
		q = 4
	}
	var b bytes.Buffer
	w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: q, LGWin: 24})
	w.Write(data)
	w.Close()
	return b.Bytes()
}
