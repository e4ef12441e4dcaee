// Package gen builds the repository's generated Go files. Each generated
// file has a small program beside it (gen_*.go, built only by go run) that
// go generate runs, and a test in the same package that builds the file
// again with the same function and fails when the committed file differs:
// the programs write code, the tests only compare.
package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
)

// Main is the body of a gen_*.go program: it builds file's source and
// writes it, only when it changed, so that go generate on a current tree
// leaves every file's time as it was (make site rebuilds on newer inputs).
func Main(file string, build func() ([]byte, error)) {
	if err := write(file, build); err != nil {
		fmt.Fprintf(os.Stderr, "generate %s: %v\n", file, err)
		os.Exit(1)
	}
}

func write(file string, build func() ([]byte, error)) error {
	src, err := build()
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(file); err == nil && bytes.Equal(old, src) {
		return nil
	}
	return os.WriteFile(file, src, 0o644)
}

// Current is the check of a generated file's test: nil when file holds
// what build makes now, else an error naming the first line that differs
// (the whole file in a test's failure would bury it).
func Current(file string, build func() ([]byte, error)) error {
	want, err := build()
	if err != nil {
		return err
	}
	got, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if bytes.Equal(got, want) {
		return nil
	}
	gotLines, wantLines := bytes.SplitAfter(got, []byte("\n")), bytes.SplitAfter(want, []byte("\n"))
	for i := range max(len(gotLines), len(wantLines)) {
		g, w := line(gotLines, i), line(wantLines, i)
		if g != w {
			return fmt.Errorf("%s is stale at line %d: it has %q where the generator writes %q", file, i+1, g, w)
		}
	}
	return fmt.Errorf("%s is stale", file)
}

// line is lines[i] without its newline, or "(end of file)" past the end.
func line(lines [][]byte, i int) string {
	if i >= len(lines) {
		return "(end of file)"
	}
	return string(bytes.TrimSuffix(lines[i], []byte("\n")))
}

// source gofmts a generated file's text; a failure is the generator's bug,
// reported with the text so it can be read.
func source(text string) ([]byte, error) {
	src, err := format.Source([]byte(text))
	if err != nil {
		return nil, fmt.Errorf("generated code does not parse: %w\n%s", err, text)
	}
	return src, nil
}
