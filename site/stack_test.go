package site_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

// TestDeepRequestsAtTheBrowsersStack sends both modules, as the site ships
// them, requests nested to estimator.MaxNesting and past it (testdata/
// deep-requests.mjs), as JSON text and as JavaScript objects, in the request
// itself, in a scenario string and in an override. Go's calls in a module
// are frames on the JavaScript stack, which V8 gives 984 KB in a browser's
// page or worker, and 8 MB under go_js_wasm_exec, where the wasm tests run:
// there a request 5,000 deep once passed, and in a browser it overflowed the
// stack and Go's runtime died with it. Node runs here with half a browser's
// stack, so that the limit keeps a margin: every request past it is refused
// with the rule, every one at it answered, and a plain estimate answers
// after each.
func TestDeepRequestsAtTheBrowsersStack(t *testing.T) {
	dir := built(t)
	node, err := exec.LookPath("node")
	if err != nil {
		needs(t, "/usr/bin/node") // skips, or fails in CI
	}
	deep := estimator.TooDeep("")
	for file, global := range map[string]string{"estimator.wasm": "trainscale", "tools.wasm": "trainscaleTools"} {
		cmd := exec.Command(node, "--stack-size=492", "testdata/deep-requests.mjs", dir, file, global, strconv.Itoa(estimator.MaxNesting))
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		require.NoError(t, err, "%s: %s", file, out)
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		require.Len(t, lines, 24, file)
		for _, line := range lines {
			var res struct {
				Levels                        int
				Kind, Path, Rule, Threw, Next string
			}
			require.NoError(t, json.Unmarshal([]byte(line), &res), line)
			name := fmt.Sprintf("%s: %s %d deep", file, res.Kind, res.Levels)
			assert.Empty(t, res.Threw, "%s: threw", name)
			assert.Equal(t, "answered", res.Next, "%s: the next request", name)
			if res.Levels == estimator.MaxNesting {
				assert.NotEqual(t, deep.Rule.EN, res.Rule, "%s: at the limit", name)
				continue
			}
			want := "request"
			switch res.Kind {
			case "scenario text":
				want = "scenario"
			case "override":
				want = "fleet.cars"
			}
			assert.Equal(t, want, res.Path, name)
			assert.Equal(t, deep.Rule.EN, res.Rule, name)
		}
	}
}
