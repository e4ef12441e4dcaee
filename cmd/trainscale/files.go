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

// writeOutput writes a command's output to path. "-" is standard output. A
// regular file (or none yet, its missing directories created) is replaced
// atomically: write runs into a temporary file beside it, which is synced and
// renamed over it, so a reader sees the old file or the new one, never half
// of one, and a failed write leaves nothing behind, not even the directories
// made for it. A symbolic link is followed and its target replaced, so the
// link stays a link. A device, FIFO or socket (/dev/stdout, a named
// pipe) is written to in place, never renamed over; its output is made in
// memory first, so a failure writes none of it.
func writeOutput(e *env, path string, write func(io.Writer) error) error {
	if path == "-" {
		return writeStream(e.stdout, write)
	}
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		target, err := linkTarget(path)
		if err != nil {
			return err
		}
		made, err := makeDirs(filepath.Dir(target))
		if err == nil {
			err = replaceFile(target, 0o644, write)
		}
		if err != nil {
			removeDirs(made)
		}
		return err
	case err != nil:
		return err
	case st.IsDir():
		return usagef("%s is a directory: name a file, or - for standard output", path)
	case !st.Mode().IsRegular():
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		if err := writeStream(f, write); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	// A regular file, perhaps behind links: replace the file they lead to,
	// keeping its permissions.
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	return replaceFile(real, st.Mode().Perm(), write)
}

// writeStream makes the output in memory, then copies it to w.
func writeStream(w io.Writer, write func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	_, err := buf.WriteTo(w)
	return err
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

// replaceFile writes into a temporary file beside path and renames it over path.
func replaceFile(path string, perm fs.FileMode, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Chmod(perm); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// writeOutputBytes is writeOutput for bytes already in hand.
func writeOutputBytes(e *env, path string, data []byte) error {
	return writeOutput(e, path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
