package echartsjs_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/echartsjs"
)

// root is the module's root, where package-lock.json and node_modules lie.
const root = "../.."

// The report inlines the script in a <script> element, which "</script" would
// end early; and the banner names the echarts the lockfile pins.
func TestTheScriptCanBeInlinedAndNamesThePinnedEcharts(t *testing.T) {
	assert.NotContains(t, string(bytes.ToLower(echartsjs.JS)), "</script")
	lock, err := os.ReadFile(filepath.Join(root, "package-lock.json"))
	require.NoError(t, err)
	var l struct {
		Packages map[string]struct{ Version string } `json:"packages"`
	}
	require.NoError(t, json.Unmarshal(lock, &l))
	pinned := l.Packages["node_modules/echarts"].Version
	require.NotEmpty(t, pinned, "package-lock.json pins echarts")
	banner := regexp.MustCompile(`^/\*! A custom build of Apache ECharts (\S+) `).FindSubmatch(echartsjs.JS)
	require.NotNil(t, banner, "the script starts with its banner")
	assert.Equal(t, pinned, string(banner[1]))
	assert.Contains(t, string(echartsjs.JS), "var echarts=", "the script defines the global echarts")
}

// The committed script is what `make echarts` makes from the lockfile's
// echarts and esbuild: build.mjs is run into a temporary file and compared
// byte for byte. It needs node and npm ci's node_modules, so it runs in the
// full suite (CI runs npm ci first) and not with -short.
func TestTheCommittedScriptIsTheBuildsOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bundler; not with -short")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node: the bundle cannot be rebuilt here")
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "esbuild", "package.json")); err != nil {
		t.Skip("no esbuild in node_modules (npm ci --omit-lockfile-registry-resolved)")
	}
	out := filepath.Join(t.TempDir(), echartsjs.Name)
	cmd := exec.Command(node, "build.mjs", out)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	built, err := os.ReadFile(out)
	require.NoError(t, err)
	// Not assert.Equal: its diff of two half-megabyte lines says nothing.
	assert.True(t, bytes.Equal(built, echartsjs.JS),
		"internal/echartsjs/%s (%d bytes) is not what the build makes (%d bytes): run make echarts and commit it", echartsjs.Name, len(echartsjs.JS), len(built))
}
