package pdf

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWrapLineBreaksJapaneseAsTypesettersDo: the breaks the issue found
// ("ワークブッ / ク", "ダウン / ロード", "最初の 7 / 日間") and the rest of
// JIS X 4051's rules, at a width where each CJK character is 1 and each
// other 0.5. The comments give what the wrap before these rules made.
func TestWrapLineBreaksJapaneseAsTypesettersDo(t *testing.T) {
	width := func(r rune) float64 {
		if isCJK(r) {
			return 1
		}
		return 0.5
	}
	for _, tc := range []struct {
		name  string
		text  string
		width float64
		want  []string
	}{
		{"katakana word whole", "新しいワークブック (.xlsx)", 6,
			[]string{"新しい", "ワークブック", "(.xlsx)"}}, // was {"新しいワー", "クブック", "(.xlsx)"}
		{"katakana word with long vowel", "ファイルをダウンロードする", 8,
			[]string{"ファイルを", "ダウンロードする"}}, // was {"ファイルをダウ", "ンロードする"}
		{"number keeps its counter", "最初の 7 日間の学習", 4.5,
			[]string{"最初の", "7 日間の", "学習"}}, // was {"最初の 7", "日間の", "学習"}
		{"number keeps its counter without a space", "合計143台を購入", 4,
			[]string{"合計", "143台を", "購入"}}, // was {"合", "計143", "台を購入"}
		{"no full stop first", "データを取得しました。", 10,
			[]string{"データを取得しまし", "た。"}},
		{"no comma first", "費用は、", 3, []string{"費用", "は、"}},
		{"no closing bracket first", "（同時 7 ジョブ）", 7,
			[]string{"（同時", "7 ジョブ）"}}, // was {"（同時 7 ジョ", "ブ）"}
		{"no small kana first", "私はがっこうへ", 4, []string{"私はがっ", "こうへ"}}, // was {"私はが", "っこうへ"}
		{"currency keeps its amount", "総額は USD 490,630,407 です", 8,
			[]string{"総額は", "USD 490,630,407", "です"}}, // was {"総額は USD", "490,630,407 です"}
		{"no percent first", "比率は３４．６％", 4, []string{"比率は", "３４．６％"}},
		{"no opening bracket last", "合計「総額」", 3, []string{"合計", "「総", "額」"}},
		{"no last line of one character", "最大電力に対する割合", 9,
			[]string{"最大電力に対する", "割合"}},
		{"a last character kept where it may not start a line", "ワークブック", 5, []string{"ワークブッ", "ク"}},
		{"a last word of one letter stays", "abc d", 1.5, []string{"abc", "d"}},
		{"Latin then Japanese", "Total cost は高い", 6, []string{"Total cost", "は高い"}},
		{"English at spaces", "the quick brown fox", 5, []string{"the quick", "brown fox"}},
		{"English number keeps its unit", "after 7 days of work", 4,
			[]string{"after", "7 days", "of work"}},
		{"a word too long breaks where it must", "abcdefghij", 2, []string{"abcd", "efgh", "ij"}},
		{"a katakana word too long breaks where it must", "ワークブック", 4, []string{"ワークブ", "ック"}},
		{"spaces at a break are dropped", "ab  cd", 1, []string{"ab", "cd"}},
		{"empty", "", 5, []string{""}},
		{"a range breaks after its dash", "(USD 4,726,992–USD 8,644,361)", 9,
			[]string{"(USD 4,726,992–", "USD 8,644,361)"}},
		{"a range of years keeps each end with its unit", "0.21 years–0.38 years", 6,
			[]string{"0.21 years–", "0.38 years"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, wrapLine(tc.text, tc.width, width))
		})
	}
}

// FuzzWrapLine: whatever the text and width, wrapLine keeps every character
// but the spaces it breaks at, in order, and each line fits the width unless
// it is one character wider than the line.
func FuzzWrapLine(f *testing.F) {
	for _, s := range []string{"最初の 7 日間の学習", "新しいワークブック (.xlsx)", "USD 490,630,407 です", "  a  b  ", "「」、。ー", "7 7 7 7"} {
		f.Add(s, 3.0)
	}
	width := func(r rune) float64 {
		if isCJK(r) {
			return 1
		}
		return 0.5
	}
	f.Fuzz(func(t *testing.T, text string, w float64) {
		// Invalid UTF-8 reads as U+FFFD, which drawable prints as it
		// prints a bad byte.
		if !utf8.ValidString(text) || strings.Contains(text, "\n") || w != w || w < 0 || w > 1000 {
			return
		}
		lines := wrapLine(text, w, width)
		require.NotEmpty(t, lines)
		assert.Equal(t, strings.ReplaceAll(text, " ", ""), strings.ReplaceAll(strings.Join(lines, ""), " ", ""))
		for _, l := range lines {
			var lw float64
			for _, r := range l {
				lw += width(r)
			}
			assert.True(t, lw <= w || utf8.RuneCountInString(l) == 1, "%q is %v wide, more than %v", l, lw, w)
		}
	})
}
