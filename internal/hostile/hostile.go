// Package hostile reads the corpus of hostile inputs in testdata/hostile (its
// README gives the format), which the CLI's and the wasm API's tests both run,
// so that the two runners agree on what a case is and which cases are sound.
package hostile

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Case is one entry of a *.cases.json manifest.
type Case struct {
	Name     string          `json:"name"`
	Args     []string        `json:"args"`     // the CLI's arguments; none for an API-only case
	Stdin    string          `json:"stdin"`    // a file under files/ fed to standard input
	Exit     *int            `json:"exit"`     // the CLI's exit status: 0 or 2
	Contains []string        `json:"contains"` // words of the error (or of the output, on success)
	Method   string          `json:"method"`   // the wasm API method that must answer alike
	Request  json.RawMessage `json:"request"`
	Manifest string          `json:"-"` // the file the case comes from
}

// Load reads every manifest under dir and checks what both runners rely on:
// each case is named, uniquely over all manifests; it gives an exit status,
// never 3 (a panic); a failing case says what its error holds; it names CLI
// arguments or an API method, and a method expects 0 or 2.
func Load(dir string) ([]Case, error) {
	manifests, err := filepath.Glob(filepath.Join(dir, "*.cases.json"))
	if err != nil {
		return nil, err
	}
	if len(manifests) == 0 {
		return nil, fmt.Errorf("no *.cases.json under %s", dir)
	}
	var out []Case
	var problems []error
	seen := map[string]string{}
	for _, manifest := range manifests {
		data, err := os.ReadFile(manifest)
		if err != nil {
			return nil, err
		}
		var cases []Case
		if err := json.Unmarshal(data, &cases); err != nil {
			return nil, fmt.Errorf("%s: %w", manifest, err)
		}
		base := filepath.Base(manifest)
		for i, c := range cases {
			c.Manifest = base
			bad := func(format string, a ...any) {
				problems = append(problems, fmt.Errorf("%s case %d (%q): %s", base, i, c.Name, fmt.Sprintf(format, a...)))
			}
			switch other, dup := seen[c.Name]; {
			case c.Name == "":
				bad("has no name")
			case dup:
				bad("the name is taken by %s", other)
			}
			seen[c.Name] = base
			switch {
			case c.Exit == nil:
				bad("gives no exit status")
			case *c.Exit == 3:
				bad("exit 3 is a panic, never an expected outcome")
			case *c.Exit != 0 && len(c.Contains) == 0:
				bad("a failing case must say what its error holds")
			case c.Method != "" && *c.Exit != 0 && *c.Exit != 2:
				bad("a case that names a method expects exit 0 or 2, not %d", *c.Exit)
			}
			if len(c.Args) == 0 && c.Method == "" {
				bad("names neither args nor a method")
			}
			out = append(out, c)
		}
	}
	return out, errors.Join(problems...)
}
