package estimator

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTextMatchers(t *testing.T) {
	for s, want := range map[string]bool{"resnet-50": true, "dgx-1-v100": true, "a": true, "9x": true, "v1_2-b": true,
		strings.Repeat("a", 64): true, strings.Repeat("a", 65): false, "v1.2": false, "x.gpu_time": false,
		"": false, "-a": false, "_a": false, ".a": false, "ResNet": false, "a b": false, "é": false, string(make([]byte, 65)): false} {
		assert.Equal(t, want, isID(s), "%q", s)
	}
	for in, want := range map[string]string{"workloads[1].mb_per_s": "workloads[].mb_per_s", "a[12][3].b": "a[][].b",
		"fleet.cars": "fleet.cars", "x[]": "x[]", "x[1": "x[1", "x[a]": "x[a]"} {
		assert.Equal(t, want, genericPath(in), in)
	}
	assert.Equal(t, "(7 * 86400) + DAYS + x_DAY", replaceWord("(7 * DAY) + DAYS + x_DAY", "DAY", "86400"))
	assert.Equal(t, "1 TB", replaceWord("1 TB", "T", "x"))
	assert.Equal(t, "2^40", replaceWord("TB", "TB", "2^40"))
}
