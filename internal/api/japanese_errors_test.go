package api_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/hostile"
	"github.com/trainscale/trainscale/internal/residue"
)

// syntax is what a Japanese rule writes as JSON and a request would: a
// quoted text, a literal.
var syntax = regexp.MustCompile(`"[^"]*"|\b(true|false|null)\b`)

// Every error the hostile corpus draws from the core, asked in Japanese,
// reads in Japanese: the problem beside a field holds no English sentence
// once what it echoes (the value it got, ids, paths, catalog names) is set
// aside, by residue's rules.
func TestHostileErrorsReadInJapanese(t *testing.T) {
	t.Parallel()
	cases, err := hostile.Load(hostileDir)
	require.NoError(t, err)
	data, _ := examples.Read("article-2017")
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	allow := residue.For(est)
	a := newAPI()
	asked := 0
	for _, c := range cases {
		var req map[string]any
		if c.Method == "" || *c.Exit != 2 || json.Unmarshal(withFiles(t, c.Request), &req) != nil || req == nil {
			continue
		}
		req["lang"] = "ja"
		data, err := json.Marshal(req)
		require.NoError(t, err)
		for _, e := range callAPI(t, a, c.Method, string(data)).Errors {
			if e.Path == "lang" || e.Path == "request" || e.Problem == "" {
				continue // a method that takes no lang, or a request too deep to read one, says so in English
			}
			asked++
			// What it got echoes the request, and may be anything; the
			// names a rule lists are ids, and what it quotes or names as
			// JSON writes it is syntax.
			said, _, _ := strings.Cut(e.Problem, "（入力値 ")
			said, _, _ = strings.Cut(said, "（既知: ")
			said, _, _ = strings.Cut(said, "いずれかにしてください: ")
			said = syntax.ReplaceAllString(said, " ")
			assert.Empty(t, allow.English(said), "%s: %s", c.Name, e.Message)
		}
	}
	t.Log(asked, "errors read")
	assert.Greater(t, asked, 60)
}
