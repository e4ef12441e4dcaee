package estimator_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
)

// An error echoes at most MaxShown bytes of the value it names, and says how
// long the value was; a short value reads as it is.
func TestShownCutsLongValues(t *testing.T) {
	long := strings.Repeat("x", 10_000_000)
	for _, tc := range []struct {
		name string
		got  any
		lang estimator.Lang
		want any
	}{
		{"a short value", -5, "en", -5},
		{"a value of exactly MaxShown bytes", strings.Repeat("y", estimator.MaxShown), "en", strings.Repeat("y", estimator.MaxShown)},
		{"a quoted string keeps its quote", strconv.Quote(long), "en", `"` + strings.Repeat("x", estimator.MaxShown-1) + `…" (10000002 bytes)`},
		{"a bare string", long, "en", strings.Repeat("x", estimator.MaxShown) + "… (10000000 bytes)"},
		{"in Japanese", long, "ja", strings.Repeat("x", estimator.MaxShown) + "…（10000000 バイト）"},
		{"a rune cut in two is left out", strings.Repeat("あ", 30), "en", strings.Repeat("あ", 21) + "… (90 bytes)"},
		{"nothing", nil, "en", nil},
	} {
		assert.Equal(t, tc.want, estimator.Shown(tc.got, tc.lang), tc.name)
	}
	assert.Equal(t, "fleet.cars", estimator.ShownPath("fleet.cars", "en"))
	assert.Equal(t, strings.Repeat("k", estimator.MaxShownPath)+"… (10000000 bytes)", estimator.ShownPath(strings.Repeat("k", 10_000_000), "en"))

	// Every message of a FieldError echoes through Shown, in both languages.
	fe := &estimator.FieldError{Path: strings.Repeat("k", 10_000), Rule: estimator.Text{EN: "must be en or ja", JA: "en か ja にしてください"}, Got: strconv.Quote(long)}
	assert.Less(t, len(fe.Error()), 500, "%.100s", fe.Error())
	assert.Less(t, len(fe.In("ja")), 500, "%.100s", fe.In("ja"))
	assert.Contains(t, fe.Error(), "… (10000 bytes): must be en or ja, got \"xxx")
	assert.True(t, strings.HasSuffix(fe.In("ja"), "…\"（10000002 バイト））"), fe.In("ja"))
}
