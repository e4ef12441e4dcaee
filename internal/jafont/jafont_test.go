package jafont_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/internal/jafont"
)

// The licence allows redistributing the font only unmodified, with the
// agreement attached: the file is the one the IPA released, byte for byte.
func TestTheFontIsUnmodifiedAndLicensed(t *testing.T) {
	sum := sha256.Sum256(jafont.TTF)
	assert.Equal(t, "3b9955a5e437ffb24c41548e79296fa724822da21ee75dc1b94f6ccdb8f400dd", hex.EncodeToString(sum[:]))
	assert.Contains(t, string(jafont.License), "IPA Font License Agreement v1.0")
	assert.Contains(t, string(jafont.License), "IPAフォントライセンスv1.0")
}
