package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// An output is one file a command writes: the path as given ("-" for
// standard output) and what goes into it.
type output struct {
	path  string
	write func(io.Writer) error
}

// fileOrDash is what -o takes besides a file, for the commands whose -o
// names one file (html, pdf, xlsx).
const fileOrDash = "name a file, or - for standard output"

// writeOutput writes one output, as writeOutputs does, for an -o that takes
// a file or -.
func writeOutput(e *env, path string, write func(io.Writer) error) error {
	_, err := writeOutputs(e, fileOrDash, output{path, write})
	return err
}

// writeOutputs writes a command's outputs all or none, and returns their
// sizes. A regular file (or none yet, its missing directories created) is
// replaced atomically: its output goes into a temporary file beside it,
// which is synced and renamed over it, so a reader sees the old file or the
// new one, never half of one. A symbolic link is followed and its target
// replaced, so the link stays a link. Standard output, a device or a FIFO
// (/dev/stdout, a named pipe) is written to in place, never renamed over;
// its output is made in memory first.
//
// It goes in three steps, so that a failure in any leaves every output as
// it was and nothing behind (no temporary file, no directory made for one):
// it checks every path (none is a directory, no two are the same file);
// it opens every temporary file, which shows that each directory can be
// written, and only then makes the outputs; and only when all are made does
// it rename them into place. hint ends the error for a path that is a
// directory, saying what the command takes instead.
//
// Several outputs are replaced together, so each must be a file: a device or
// a pipe cannot be taken back.
func writeOutputs(e *env, hint string, outs ...output) ([]int64, error) {
	ds := make([]*dest, len(outs))
	for i, o := range outs {
		d, err := resolve(e, o, hint, len(outs) > 1)
		if err != nil {
			return nil, err
		}
		for _, other := range ds[:i] {
			if d.target != "" && filepath.Clean(d.target) == filepath.Clean(other.target) {
				return nil, usagef("%s and %s are the same file", other.path, d.path)
			}
		}
		ds[i] = d
	}
	err := prepare(ds)
	if err != nil {
		discard(ds)
		return nil, err
	}
	sizes := make([]int64, len(ds))
	for i, d := range ds {
		if sizes[i], err = d.render(); err != nil {
			discard(ds)
			return nil, err
		}
	}
	// A rename into the directory that just took its temporary file fails
	// only if another process changes that directory meanwhile; the outputs
	// renamed before it then stay, and the rest are taken away.
	for _, d := range ds {
		if err := d.commit(); err != nil {
			discard(ds)
			return nil, err
		}
	}
	return sizes, nil
}

// A dest is where one output goes, found before anything is written.
type dest struct {
	output
	stream  io.Writer   // standard output, else nil
	special bool        // path is a device or FIFO, written in place
	target  string      // the regular file to make or replace (links followed)
	perm    fs.FileMode // the permissions it keeps or gets
	made    []string    // the directories made for it, deepest first
	tmp     *os.File    // its temporary file beside target, until renamed
	buf     bytes.Buffer
}

// resolve checks one path and says where its output goes; it writes nothing.
// many: the path is one of several outputs replaced together.
func resolve(e *env, o output, hint string, many bool) (*dest, error) {
	d := &dest{output: o, perm: 0o644}
	if o.path == "-" {
		d.stream = e.stdout
		return d, nil
	}
	st, err := os.Stat(o.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		d.target, err = linkTarget(o.path)
		return d, err
	case err != nil:
		return nil, err
	case st.IsDir():
		return nil, usagef("%s is a directory: %s", o.path, hint)
	case !st.Mode().IsRegular() && many:
		return nil, usagef("%s is not a regular file: the outputs are replaced together, and a device or pipe cannot be", o.path)
	case !st.Mode().IsRegular():
		d.special = true
		return d, nil
	}
	// A regular file, perhaps behind links: replace the file they lead to,
	// keeping its permissions.
	d.target, err = filepath.EvalSymlinks(o.path)
	d.perm = st.Mode().Perm()
	return d, err
}

// prepare makes each file output's missing directories and opens its
// temporary file, before any output is made.
func prepare(ds []*dest) error {
	for _, d := range ds {
		if d.target == "" {
			continue
		}
		var err error
		if d.made, err = makeDirs(filepath.Dir(d.target)); err != nil {
			return err
		}
		if d.tmp, err = os.CreateTemp(filepath.Dir(d.target), "."+filepath.Base(d.target)+".*.tmp"); err != nil {
			return err
		}
	}
	return nil
}

// render writes the output into its temporary file, synced and closed, or for
// a stream into memory; it returns the output's size.
func (d *dest) render() (int64, error) {
	if d.tmp == nil {
		err := d.write(&d.buf)
		return int64(d.buf.Len()), err
	}
	if err := d.write(d.tmp); err != nil {
		return 0, err
	}
	size, err := d.tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, err
	}
	if err := d.tmp.Sync(); err != nil {
		return 0, err
	}
	if err := d.tmp.Chmod(d.perm); err != nil {
		return 0, err
	}
	return size, d.tmp.Close()
}

// commit puts the made output in place: renames the temporary file over
// the target, or writes the stream.
func (d *dest) commit() error {
	switch {
	case d.tmp != nil:
		if err := os.Rename(d.tmp.Name(), d.target); err != nil {
			return err
		}
		d.tmp, d.made = nil, nil
		return nil
	case d.special:
		f, err := os.OpenFile(d.path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		if _, err := d.buf.WriteTo(f); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	_, err := d.buf.WriteTo(d.stream)
	return err
}

// discard removes what a failed write left: the temporary files not yet
// renamed and the directories made for them, the last made first.
func discard(ds []*dest) {
	for i := len(ds) - 1; i >= 0; i-- {
		d := ds[i]
		if d.tmp != nil {
			d.tmp.Close()
			os.Remove(d.tmp.Name())
		}
		removeDirs(d.made)
	}
}

// maxLinks bounds a chain of symbolic links, as the kernel does (ELOOP).
const maxLinks = 40

// linkTarget is where a file that does not exist yet will be made: path
// itself, or, when path is a dangling symbolic link (a chain of them), the
// path its last link names, so that the new file appears behind the link.
func linkTarget(path string) (string, error) {
	for range maxLinks {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			// Relative to the link's own directory, with that directory's links resolved.
			dir, err := filepath.EvalSymlinks(filepath.Dir(path))
			if err != nil {
				return "", err
			}
			target = filepath.Join(dir, target)
		}
		path = target
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// makeDirs creates dir and its missing parents (-o out-ja/proposal.pdf into a
// fresh checkout), returning those it made, deepest first, so a failed write
// can take them away again.
func makeDirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		_, err := os.Lstat(d)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if len(missing) == 0 {
		return nil, nil
	}
	err := os.MkdirAll(dir, 0o755)
	return missing, err
}

// removeDirs removes the directories makeDirs made, deepest first; one that
// is no longer empty (another writer's) stays.
func removeDirs(dirs []string) {
	for _, d := range dirs {
		os.Remove(d)
	}
}
