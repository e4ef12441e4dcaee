package xlsx_test

import (
	"archive/zip"
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every zip entry carries the same valid date, 1980-01-01 00:00 (excelize
// left it at the invalid 1980-00-00).
func TestZipEntriesDated(t *testing.T) {
	data := write(t, cliBundle(t, 500))
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	require.NotEmpty(t, z.File)
	for _, f := range z.File {
		assert.Equal(t, uint16(0x21), f.ModifiedDate, f.Name)
		assert.Equal(t, uint16(0), f.ModifiedTime, f.Name)
		assert.Equal(t, time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC), f.Modified.UTC(), f.Name)
	}
}
