// Package calls calls minfmt with what it writes and what it does not.
package calls

import (
	"errors"
	"io"

	"github.com/trainscale/trainscale/internal/minfmt"
)

type (
	Unit    string
	Names   []string
	Seconds = float64 // an alias is its target
	Pair    struct{ A, B int }
)

type Kind int

func (k Kind) String() string { return "kind" }

type PtrKind int

func (k *PtrKind) String() string { return "ptr" }

func Accepted(w io.Writer, u Unit, s Seconds, k Kind, pk *PtrKind, v any, format string, args []any) {
	err := errors.New("x")
	_ = minfmt.Sprintf("%v %s %d %q %.3g %f %.2e %%", "s", 1, true, 2.5, nil, int8(1), uint64(2))
	_ = minfmt.Sprintf("%[2]s %[1]s", string(u), s)
	_ = minfmt.Sprintf("%v %v %v", []string{"a"}, []int{1}, []float64{1})
	_ = minfmt.Sprintf("%s %v %v", k, pk, v) // Stringers and an interface
	_ = minfmt.Errorf("read: %w", err)
	_, _ = minfmt.Fprintf(w, "%d\n", 'x')
	_ = minfmt.Append(nil, "%.1f", float32(1))
	_ = minfmt.Sprint("a", 1, err)
	_ = minfmt.Sprintf(format, 1)     // a format only known at run time
	_ = minfmt.Sprintf("%v", args...) // operands checked where they were made
}

func Rejected(w io.Writer, u Unit, n Names, pk PtrKind) {
	_ = minfmt.Sprintf("%s", u)                    // want `minfmt.Sprintf: minfmt cannot print a Unit`
	_ = minfmt.Errorf("%v", n)                     // want `cannot print a Names`
	_ = minfmt.Sprint(Pair{}, []byte("x"))         // want `cannot print a Pair` `cannot print a \[\]byte`
	_ = minfmt.Append(nil, "%v", map[string]int{}) // want `cannot print a map\[string\]int`
	_, _ = minfmt.Fprintf(w, "%v %v", pk, 1i)      // want `cannot print a PtrKind` `cannot print a complex128`
	_ = minfmt.Sprintf("%v", uintptr(0))           // want `cannot print a uintptr`
	_ = minfmt.Sprintf("%5d", 1)                   // want `minfmt.Sprintf: a verb or flag minfmt does not write`
	_ = minfmt.Sprintf("%-s|%+v", "a", 1)          // want `a verb or flag`
	_ = minfmt.Errorf("%x", 1)                     // want `a verb or flag`
}
