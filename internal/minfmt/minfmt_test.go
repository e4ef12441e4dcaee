package minfmt

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

type word string

func (w word) String() string { return "<" + string(w) + ">" }

// Every verb and operand type the package takes, written as fmt writes it.
func TestMatchesFmt(t *testing.T) {
	err := errors.New("bad input")
	for _, tc := range []struct {
		format string
		args   []any
	}{
		{"plain text", nil},
		{"100%% sure", nil},
		{"%s: %s, got %v", []any{"fleet.cars", "must be > 0", -19.5}},
		{"%v %v %v %v %v", []any{nil, true, "x", err, word("w")}},
		{"%d cars, %d, %d, %d", []any{3, int64(-4), uint8(5), uint64(1 << 63)}},
		{"%q and %q", []any{"tab\there", `quote"d`}},
		{"%q", []any{[]string{"a", "b c"}}},
		{"%v | %v | %v", []any{[]string{"a", "b"}, []int{1, 2}, []float64{0.5, 1e21}}},
		{"%v %v %v %v %v %v", []any{1e6, 123456.0, 1e-5, 0.0001, math.Inf(1), math.NaN()}},
		{"%v %v %v", []any{math.Inf(-1), math.Copysign(0, -1), float32(0.1)}},
		{"%g %.3g %.6g %.10g %.4g", []any{2.5e-7, 1234.5678, 1.0 / 3, 86400.0 * 365, 0.000012345}},
		{"%.1f%% and %.3f, %.0f, %f", []any{12.345, 1.0005, 2.5, math.Pi}},
		{"%e %.2e", []any{123456.0, 0.000123}},
		{"%[3]s のために %[2]s を %[1]s 台購入します。", []any{"4", "DGX", "ResNet"}},
		{"%[2]s of %[1]s, then %s", []any{"a", "b", "c"}},
		{"%s and %s", []any{"only one"}},
		{"%s", []any{word("stringer")}},
		{"%.3f", []any{float32(1.5)}},
	} {
		assert.Equal(t, fmt.Sprintf(tc.format, tc.args...), Sprintf(tc.format, tc.args...), tc.format)
	}
}

func TestSprintMatchesFmt(t *testing.T) {
	for _, args := range [][]any{
		{[]string{"median", "p90", "low", "high"}},
		{1.5},
		{"a", 1, 2, "b", "c", 3.5, err1},
		{nil},
		{int64(7), true},
	} {
		assert.Equal(t, fmt.Sprint(args...), Sprint(args...))
	}
}

var err1 = errors.New("one")

func TestErrorfWraps(t *testing.T) {
	one := Errorf("reading %s: %w", "plan.json", fs.ErrNotExist)
	assert.Equal(t, "reading plan.json: file does not exist", one.Error())
	assert.ErrorIs(t, one, fs.ErrNotExist)
	assert.Equal(t, fs.ErrNotExist, errors.Unwrap(one))

	var pe *fs.PathError
	two := Errorf("%w; %w", err1, &fs.PathError{Op: "open", Path: "x", Err: fs.ErrPermission})
	assert.Equal(t, fmt.Errorf("%w; %w", err1, &fs.PathError{Op: "open", Path: "x", Err: fs.ErrPermission}).Error(), two.Error())
	assert.ErrorIs(t, two, err1)
	assert.ErrorAs(t, two, &pe)
	assert.ErrorIs(t, two, fs.ErrPermission)

	plain := Errorf("no %s here", "wrap")
	assert.Equal(t, "no wrap here", plain.Error())
	assert.Nil(t, errors.Unwrap(plain))
}

func TestFprintf(t *testing.T) {
	var b strings.Builder
	n, err := Fprintf(&b, `<td data-i="%d">%s</td>`, 3, "x")
	assert.NoError(t, err)
	assert.Equal(t, `<td data-i="3">x</td>`, b.String())
	assert.Equal(t, b.Len(), n)
}

// An operand type the package does not know is marked, not guessed at.
func TestUnsupported(t *testing.T) {
	assert.Equal(t, "x %!v(unsupported)", Sprintf("x %v", struct{}{}))
}
