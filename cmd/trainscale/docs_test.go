package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docBlock is one fenced block of a document: where it starts, its info
// string (the words after the opening fence) and its lines.
type docBlock struct {
	line  int
	info  string
	lines []string
}

// fencedBlocks returns the fenced (```) blocks of a markdown text.
func fencedBlocks(text string) []docBlock {
	var blocks []docBlock
	var cur *docBlock
	for i, l := range strings.Split(text, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(l, "```"):
			cur = &docBlock{line: i + 1, info: strings.TrimSpace(strings.TrimPrefix(l, "```"))}
		case cur != nil && strings.HasPrefix(l, "```"):
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, l)
		}
	}
	return blocks
}

// shellWords splits a command line as a shell would for the commands the
// documents show: words apart at spaces, '...' and "..." quoting, and a " #"
// outside quotes starting a comment.
func shellWords(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\'' || c == '"':
			end := strings.IndexByte(line[i+1:], c)
			if end < 0 {
				return nil, &usageError{"unclosed quote in " + line}
			}
			word.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			i = len(line)
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

func TestShellWords(t *testing.T) {
	for line, want := range map[string][]string{
		"trainscale plan --as-of 2026-12-01   # the article":            {"trainscale", "plan", "--as-of", "2026-12-01"},
		`trainscale estimate --set 'fleet.cars={"low":80}' --set "a b"`: {"trainscale", "estimate", "--set", `fleet.cars={"low":80}`, "--set", "a b"},
		"trainscale estimate --set name=a#b":                            {"trainscale", "estimate", "--set", "name=a#b"},
	} {
		got, err := shellWords(line)
		require.NoError(t, err, line)
		assert.Equal(t, want, got, line)
	}
	_, err := shellWords("trainscale estimate --set 'x")
	assert.Error(t, err)
}

// TestDocsCommands runs every command the README and docs/*.md show, in
// process through run as the binary would, and compares what it prints with
// what the document says it prints, so that no figure quoted from the
// program's output goes stale.
//
// A shown command is a line "$ trainscale ..." inside a fenced block; the
// lines after it, up to the next "$ " line or the fence, are its standard
// output, and it must exit 0. The rule for comparing:
//   - a block with no line starting with "..." shows the whole output: the
//     output must be those lines exactly (trailing spaces aside);
//   - a block with such a line shows an excerpt: every other shown line must
//     be a line of the output, in the output's order, and the "..." lines
//     stand for what was left out (their text after "..." is a note).
//
// The commands run in a scratch directory where testdata/ and examples/ are
// the repository's, so the files they write land there; a fenced block whose
// info string names a file (```csv file=lab.csv) is written there first,
// so the input a document shows is the input its commands read. All of them
// (three plans among them) take about 2 s.
func TestDocsCommands(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	docs = append([]string{filepath.Join(root, "README.md")}, docs...)

	dir := t.TempDir()
	for _, d := range []string{"testdata", "examples"} {
		require.NoError(t, os.Symlink(filepath.Join(root, d), filepath.Join(dir, d)))
	}
	t.Chdir(dir)

	shown := 0
	for _, doc := range docs {
		text, err := os.ReadFile(doc)
		require.NoError(t, err)
		name, _ := filepath.Rel(root, doc)
		blocks := fencedBlocks(string(text))
		for _, b := range blocks {
			for _, w := range strings.Fields(b.info) {
				if file, ok := strings.CutPrefix(w, "file="); ok {
					require.NoError(t, os.WriteFile(filepath.Join(dir, file), []byte(strings.Join(b.lines, "\n")+"\n"), 0o644))
				}
			}
		}
		for _, b := range blocks {
			excerpt := false
			for _, l := range b.lines {
				excerpt = excerpt || strings.HasPrefix(l, "...")
			}
			for i := 0; i < len(b.lines); i++ {
				cmd, ok := strings.CutPrefix(b.lines[i], "$ trainscale ")
				if !ok {
					continue
				}
				where := name + ":" + strconv.Itoa(b.line+1+i) + ": trainscale " + cmd
				var want []string
				for i+1 < len(b.lines) && !strings.HasPrefix(b.lines[i+1], "$ ") {
					i++
					want = append(want, strings.TrimRight(b.lines[i], " "))
				}
				for len(want) > 0 && want[len(want)-1] == "" {
					want = want[:len(want)-1]
				}
				args, err := shellWords(cmd)
				require.NoError(t, err, where)
				out, errOut, code := trainscale(t, "", args...)
				shown++
				if !assert.Equal(t, 0, code, "%s\n%s", where, errOut) {
					continue
				}
				var got []string
				for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
					got = append(got, strings.TrimRight(l, " "))
				}
				if !excerpt {
					assert.Equal(t, strings.Join(want, "\n"), strings.Join(got, "\n"), "%s: the block shows the whole output", where)
					continue
				}
				at := 0
				for _, w := range want {
					if strings.HasPrefix(w, "...") {
						continue
					}
					for at < len(got) && got[at] != w {
						at++
					}
					if !assert.Less(t, at, len(got), "%s: shown line not in the output (in order):\n%s\noutput:\n%s", where, w, out) {
						break
					}
					at++
				}
			}
		}
	}
	assert.Greater(t, shown, 10, "the documents show commands")
}
