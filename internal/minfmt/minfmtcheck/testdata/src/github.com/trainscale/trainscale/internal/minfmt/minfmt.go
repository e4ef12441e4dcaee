// Package minfmt has the signatures of the real minfmt: the pass reads a
// call's shape from them and recognises the package by its path.
package minfmt

import "io"

type Stringer interface{ String() string }

func Sprintf(format string, args ...any) string                    { return "" }
func Fprintf(w io.Writer, format string, args ...any) (int, error) { return 0, nil }
func Errorf(format string, args ...any) error                      { return nil }
func Sprint(args ...any) string                                    { return "" }
func Append(b []byte, format string, args ...any) []byte           { return b }
