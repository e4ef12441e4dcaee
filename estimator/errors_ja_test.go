package estimator_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
)

// The JSON reader's complaints read in Japanese, the character kept as quoted.
func TestSyntaxErrorInJapanese(t *testing.T) {
	for _, tc := range []struct{ text, ja string }{
		{`{"a": lots}`, `JSON として正しくありません（1 行 7 列）: 'l' は不正な文字です（値が始まるはずの位置）`},
		{`{"a": 1,}`, `JSON として正しくありません（1 行 9 列）: '}' は不正な文字です（オブジェクトのキー（文字列）が始まるはずの位置）`},
		{`{"a": [1 2]}`, `JSON として正しくありません（1 行 10 列）: '2' は不正な文字です（リストの要素の後）`},
		{`{"a": tru}`, `JSON として正しくありません（1 行 10 列）: '}' は不正な文字です（リテラル true の中、'e' が来るはずの位置）`},
		{`{"a": "\x"}`, `JSON として正しくありません（1 行 9 列）: 'x' は不正な文字です（文字列のエスケープの中）`},
		{`{"a": 1`, `JSON として正しくありません（1 行 8 列）: 入力が途中で終わっています`},
		{`{"a": 1.}`, `JSON として正しくありません（1 行 9 列）: '}' は不正な文字です（数値の小数点の後）`},
	} {
		_, err := estimator.Decode(strings.NewReader(tc.text))
		var se *estimator.SyntaxError
		if assert.ErrorAs(t, err, &se, tc.text) {
			assert.Equal(t, tc.ja, se.In("ja"), tc.text)
		}
	}
}
