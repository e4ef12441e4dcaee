package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeText(text string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, text); return err }
}

// entries lists a directory's names, to see that no temporary file is left.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	list, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range list {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteOutputReplacesAFileAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o600))
	require.NoError(t, writeOutput(&env{}, path, writeText("new")))
	data, _ := os.ReadFile(path)
	assert.Equal(t, "new", string(data))
	st, _ := os.Stat(path)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "a replaced file keeps its permissions")

	err := writeOutput(&env{}, path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("renderer failed")
	})
	require.EqualError(t, err, "renderer failed")
	data, _ = os.ReadFile(path)
	assert.Equal(t, "new", string(data), "a failed write leaves the old file")
	assert.Equal(t, []string{"out.txt"}, entries(t, dir), "and no temporary file")
}

func TestWriteOutputFollowsASymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.html")
	link := filepath.Join(dir, "link.html")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	require.NoError(t, os.Symlink("real.html", link))
	require.NoError(t, writeOutput(&env{}, link, writeText("new")))
	st, err := os.Lstat(link)
	require.NoError(t, err)
	assert.True(t, st.Mode()&os.ModeSymlink != 0, "the link stays a link")
	data, _ := os.ReadFile(target)
	assert.Equal(t, "new", string(data), "its target was replaced")
	assert.ElementsMatch(t, []string{"link.html", "real.html"}, entries(t, dir))
}

func TestWriteOutputThroughADanglingSymlink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	require.NoError(t, os.Mkdir(sub, 0o755))
	link := filepath.Join(dir, "link.pdf")
	require.NoError(t, os.Symlink(filepath.Join("sub", "new.pdf"), link)) // nothing there yet
	require.NoError(t, writeOutput(&env{}, link, writeText("made")))
	st, err := os.Lstat(link)
	require.NoError(t, err)
	assert.True(t, st.Mode()&os.ModeSymlink != 0, "the link stays a link")
	data, err := os.ReadFile(filepath.Join(sub, "new.pdf"))
	require.NoError(t, err)
	assert.Equal(t, "made", string(data))

	loop := filepath.Join(dir, "loop")
	require.NoError(t, os.Symlink("loop", loop))
	assert.Error(t, writeOutput(&env{}, loop, writeText("x")))
}

func TestWriteOutputStreamsToAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		defer f.Close()
		data, _ := io.ReadAll(f)
		got <- string(data)
	}()
	require.NoError(t, writeOutput(&env{}, fifo, writeText("through the pipe")))
	assert.Equal(t, "through the pipe", <-got)
	st, err := os.Lstat(fifo)
	require.NoError(t, err)
	assert.True(t, st.Mode()&os.ModeNamedPipe != 0, "the FIFO is still a FIFO")
}

func TestWriteOutputStreamsToADevice(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("as root a regression would replace the system's " + os.DevNull + "; the FIFO test covers streaming")
	}
	require.NoError(t, writeOutput(&env{}, os.DevNull, writeText("discarded")))
	st, err := os.Stat(os.DevNull)
	require.NoError(t, err)
	assert.True(t, st.Mode()&os.ModeCharDevice != 0, os.DevNull+" is still a device")
}

func TestWriteOutputDashIsStandardOutput(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, writeOutput(&env{stdout: &out}, "-", writeText("to stdout")))
	assert.Equal(t, "to stdout", out.String())

	out.Reset()
	err := writeOutput(&env{stdout: &out}, "-", func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("renderer failed")
	})
	assert.Error(t, err)
	assert.Empty(t, out.String(), "a failed stream writes nothing")
}

func TestWriteOutputRefusesWhatItCannotWrite(t *testing.T) {
	dir := t.TempDir()
	err := writeOutput(&env{}, dir, writeText("x"))
	var ue *usageError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, err.Error(), "is a directory")

	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	assert.Error(t, writeOutput(&env{}, filepath.Join(file, "out.html"), writeText("x")), "a file is no directory")
	failing := func(io.Writer) error { return errors.New("no output") }
	assert.Error(t, writeOutput(&env{}, filepath.Join(dir, "missing", "deeper", "out.html"), failing), "the directories made for it go too")

	if os.Geteuid() != 0 { // root writes anywhere
		locked := filepath.Join(dir, "locked")
		require.NoError(t, os.Mkdir(locked, 0o555))
		assert.ErrorIs(t, writeOutput(&env{}, filepath.Join(locked, "out.html"), writeText("x")), os.ErrPermission)
	}
	assert.Equal(t, []string{"file"}, entries(t, dir))
}

// Every writer takes -o -; the report's -o is a directory, so - is an error there.
func TestOutputDashOnTheCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		prefix string
	}{
		{[]string{"xlsx"}, "PK\x03\x04"},
		{[]string{"pdf"}, "%PDF-"},
		{[]string{"html"}, "<!DOCTYPE html>"},
	} {
		args := append(tc.args, "-o", "-", "--samples", "0", "--date", "2026-11-30", "--compare", "article-2017")
		out, errOut, code := trainscale(t, "", args...)
		require.Equal(t, 0, code, errOut)
		assert.True(t, len(out) > 1000 && out[:len(tc.prefix)] == tc.prefix, "%s starts %q", tc.args[0], out[:min(len(out), 20)])
		_, err := os.Stat("-")
		assert.True(t, os.IsNotExist(err), "no file named -")
	}
	_, errOut, code := trainscale(t, "", "report", "-o", "-")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "-o: names a directory here")
}

// -o into a directory that does not exist yet creates it (and its parents),
// still writing atomically: no temporary file is left beside the output.
func TestWriteOutputCreatesMissingDirectories(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out-ja", "2026", "proposal.pdf")
	require.NoError(t, writeOutput(&env{}, path, writeText("x")))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "x", string(got))
	assert.Equal(t, []string{"proposal.pdf"}, entries(t, filepath.Dir(path)))

	pdf := filepath.Join(dir, "out-en", "proposal.pdf")
	_, errOut, code := trainscale(t, "", "pdf", "-o", pdf, "--samples", "0", "--date", "2026-11-30")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, []string{"proposal.pdf"}, entries(t, filepath.Dir(pdf)))
}

// oldFile is a file as a failed run must leave it: its bytes and its time.
type oldFile struct {
	data  string
	mtime time.Time
}

// writeOld makes the files a run finds in dir, dated an hour ago so that a
// rewrite with the same bytes would still show.
func writeOld(t *testing.T, dir string, names ...string) map[string]oldFile {
	t.Helper()
	old := map[string]oldFile{}
	when := time.Now().Add(-time.Hour).Truncate(time.Second)
	for _, name := range names {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte("old "+name), 0o644))
		require.NoError(t, os.Chtimes(path, when, when))
		old[name] = oldFile{"old " + name, when}
	}
	return old
}

func assertOld(t *testing.T, dir string, old map[string]oldFile) {
	t.Helper()
	for name, want := range old {
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		require.NoError(t, err, name)
		assert.Equal(t, want.data, string(data), "%s was rewritten", name)
		st, err := os.Stat(path)
		require.NoError(t, err)
		assert.True(t, st.ModTime().Equal(want.mtime), "%s was touched: %v", name, st.ModTime())
	}
}

// Three outputs replaced together: whatever stops the third (a directory in
// its way, a file where its directory should be, its renderer failing)
// leaves the first two as they were and no temporary file or new directory.
func TestWriteOutputsAllOrNone(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string) string // returns the third path
		fail  func(io.Writer) error                 // the third's renderer
		usage bool                                  // bad input (exit 2), not a failed write
		says  string
	}{
		{"a directory in the way", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "c.pdf")
			require.NoError(t, os.Mkdir(p, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(p, "y"), nil, 0o644))
			return p
		}, writeText("c"), true, "c.pdf is a directory: move it"},
		{"a file where its directory should be", func(t *testing.T, dir string) string {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "file"), nil, 0o644))
			return filepath.Join(dir, "file", "c.pdf")
		}, writeText("c"), false, "not a directory"},
		{"a missing directory under a file", func(t *testing.T, dir string) string {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "file"), nil, 0o644))
			return filepath.Join(dir, "file", "sub", "c.pdf")
		}, writeText("c"), false, "not a directory"},
		{"a FIFO, which cannot be taken back", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "c.pdf")
			require.NoError(t, syscall.Mkfifo(p, 0o600))
			return p
		}, writeText("c"), true, "c.pdf is not a regular file"},
		{"the same file twice", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "c.pdf")
			require.NoError(t, os.Symlink("a.xlsx", p))
			return p
		}, writeText("c"), true, "are the same file"},
		{"its renderer failing", func(t *testing.T, dir string) string {
			return filepath.Join(dir, "new", "deeper", "c.pdf")
		}, func(w io.Writer) error {
			io.WriteString(w, "half")
			return errors.New("no font")
		}, false, "no font"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			old := writeOld(t, dir, "a.xlsx", "b.html")
			third := tc.setup(t, dir)
			before := entries(t, dir)
			_, err := writeOutputs(&env{}, "move it, or name another -o DIR",
				output{filepath.Join(dir, "a.xlsx"), writeText("new a")},
				output{filepath.Join(dir, "b.html"), writeText("new b")},
				output{third, tc.fail})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.says)
			var ue *usageError
			assert.Equal(t, tc.usage, errors.As(err, &ue), "%v", err)
			assertOld(t, dir, old)
			assert.Equal(t, before, entries(t, dir), "no temporary file, no new directory")
		})
	}
	if os.Geteuid() != 0 { // root writes anywhere
		dir := t.TempDir()
		old := writeOld(t, dir, "a.xlsx")
		locked := filepath.Join(dir, "locked")
		require.NoError(t, os.Mkdir(locked, 0o555))
		_, err := writeOutputs(&env{}, "", output{filepath.Join(dir, "a.xlsx"), writeText("new")}, output{filepath.Join(locked, "b"), writeText("new")})
		assert.ErrorIs(t, err, os.ErrPermission)
		assertOld(t, dir, old)
		assert.Equal(t, []string{"a.xlsx", "locked"}, entries(t, dir))
	}
}

// The third output's directory is checked, by opening its temporary file,
// before the first is made: a run that cannot finish spends no time rendering.
func TestWriteOutputsChecksEveryPathFirst(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "file"), nil, 0o644))
	rendered := false
	_, err := writeOutputs(&env{}, "",
		output{filepath.Join(dir, "a"), func(w io.Writer) error { rendered = true; return nil }},
		output{filepath.Join(dir, "file", "b"), writeText("b")})
	assert.Error(t, err)
	assert.False(t, rendered, "the first output was made before the second's path was checked")
}

func TestWriteOutputsReturnsSizesAndReplacesAll(t *testing.T) {
	dir := t.TempDir()
	writeOld(t, dir, "a")
	sizes, err := writeOutputs(&env{}, "", output{filepath.Join(dir, "a"), writeText("new a")}, output{filepath.Join(dir, "sub", "b"), writeText("bb")})
	require.NoError(t, err)
	assert.Equal(t, []int64{5, 2}, sizes)
	a, _ := os.ReadFile(filepath.Join(dir, "a"))
	b, _ := os.ReadFile(filepath.Join(dir, "sub", "b"))
	assert.Equal(t, "new a", string(a))
	assert.Equal(t, "bb", string(b))
	assert.Equal(t, []string{"a", "sub"}, entries(t, dir))
}
