package api

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// sameFold answers as strings.EqualFold for request field names.
func TestSameFoldIsEqualFold(t *testing.T) {
	for _, tc := range []struct{ name, key string }{
		{"lang", "lang"}, {"lang", "LANG"}, {"lang", "Lang"}, {"lang", "lan"}, {"lang", "langs"},
		{"set", "ſet"}, {"set", "SEſ"}, {"seed", "ſeed"}, {"return_scenario", "Return_Scenario"},
		{"kind", "Kind"}, {"kind", "\u212Aind"}, {"kind", "\u212AIND"}, {"kind", "kind"}, {"kind", "kınd"}, {"full", "full\xff"}, {"full", ""},
		{"a_b", "A_B"}, {"a_b", "a-b"}, {"x1", "X1"}, {"compact", "compacτ"},
	} {
		assert.Equal(t, strings.EqualFold(tc.name, tc.key), sameFold(tc.name, tc.key), "%q %q", tc.name, tc.key)
	}
}
