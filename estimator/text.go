package estimator

import "strings"

// Small matchers in place of regular expressions: the WebAssembly build ships
// this package, and the regexp package with its Unicode tables costs the page
// about 120 KB compressed.

// MaxIDLength bounds a workload's or system's id.
const MaxIDLength = 64

// idRule words the rule isID applies, as Validate reports it.
var idRule = Text{"must be a lower-case id: a letter or digit, then letters, digits, '-' or '_', at most 64 long (no '.', which separates the parts of quantity ids)",
	"小文字の ID にしてください: 英小文字か数字で始め、続けて英小文字・数字・'-'・'_'、64 文字以内（'.' は数量 ID の区切りなので使えません）"}

// isID reports whether s is a lower-case id: a letter or digit, then up to 63
// letters, digits, '_' or '-'. Quantity ids join workload and system ids with
// '.' (train.<w>.system_time.<s>), so an id holding one could make two
// quantities share an id: workloads x and x.gpu_time with a system rate both
// give train.x.gpu_time.rate.
func isID(s string) bool {
	if len(s) == 0 || len(s) > MaxIDLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || i > 0 && (c == '_' || c == '-')
		if !ok {
			return false
		}
	}
	return true
}

// genericPath drops list indexes: workloads[1].mb_per_s -> workloads[].mb_per_s.
func genericPath(path string) string {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		b.WriteByte(path[i])
		if path[i] != '[' {
			continue
		}
		j := i + 1
		for j < len(path) && path[j] >= '0' && path[j] <= '9' {
			j++
		}
		if j > i+1 && j < len(path) && path[j] == ']' {
			i = j - 1 // the digits go; the ']' is written next
		}
	}
	return b.String()
}

// replaceWord replaces each whole-word occurrence of word in s.
func replaceWord(s, word, repl string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, word)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(word)
		whole := (i == 0 || !isWordByte(s[i-1])) && (end == len(s) || !isWordByte(s[end]))
		b.WriteString(s[:i])
		if whole {
			b.WriteString(repl)
		} else {
			b.WriteString(word)
		}
		s = s[end:]
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
