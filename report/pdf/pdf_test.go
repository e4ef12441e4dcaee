package pdf_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/internal/jafont"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/pdf"
)

func bundle(t testing.TB, scenario string, lang estimator.Lang, rename string, overrides ...estimator.Override) *report.Bundle {
	t.Helper()
	data, ok := examples.Read(scenario)
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	require.NoError(t, err)
	if rename != "" {
		s.Name = rename
	}
	est, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := report.Build(est, report.Options{Samples: 2000, Seed: 1, Lang: lang, Date: "2026-11-30"})
	require.NoError(t, err)
	return b
}

// need skips a test when a tool is missing, unless CI is set.
func need(t testing.TB, tool string) {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed (poppler-utils)", tool)
		}
		t.Skipf("%s is not installed (poppler-utils)", tool)
	}
}

func write(t testing.TB, b *report.Bundle, opt pdf.Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, pdf.Write(&buf, b, opt))
	return buf.Bytes()
}

// text is the document's text as pdftotext reads it, one line per line.
func text(t *testing.T, doc []byte) string {
	t.Helper()
	need(t, "pdftotext")
	path := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(path, doc, 0o644))
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	require.NoError(t, err)
	return string(out)
}

func TestKeyFiguresInTheText(t *testing.T) {
	t.Parallel()
	doc := write(t, bundle(t, "article-2017", "en", ""), pdf.Options{})
	txt := text(t, doc)
	for _, want := range []string{
		"Budget proposal", "Buy 143 DGX-1 (Volta) systems to train Inception-v3.",
		"USD 23,127,000", "USD 2,903,462", "USD 31,837,386", "USD 21,465,924", // capex, opex, TCO, cloud
		"104 TB", "208,000 TB", "9.1 years", "356", // the article's figures
		"Executive summary", "Assumptions", "Results", "Risks and uncertainty", "Method and sources",
		"Figure 1: Compute when the data grows", "P10", "preprocessing.reduction",
		"2026-11-30", "Page 2 of",
	} {
		assert.Contains(t, txt, want)
	}
}

func TestEveryPageRendersNonBlank(t *testing.T) {
	t.Parallel()
	need(t, "pdftoppm")
	for _, paper := range []string{"a4", "letter"} {
		doc := write(t, bundle(t, "modern-2026", "en", ""), pdf.Options{Paper: paper})
		dir := t.TempDir()
		path := filepath.Join(dir, "doc.pdf")
		require.NoError(t, os.WriteFile(path, doc, 0o644))
		out, err := exec.Command("pdftoppm", "-r", "24", "-gray", path, filepath.Join(dir, "page")).CombinedOutput()
		require.NoError(t, err, string(out))
		pages, _ := filepath.Glob(filepath.Join(dir, "page-*.pgm"))
		require.GreaterOrEqual(t, len(pages), 8, paper)
		for _, p := range pages {
			img, err := os.ReadFile(p)
			require.NoError(t, err)
			assert.Greater(t, darkPixels(t, img), 200, "%s %s looks blank", paper, filepath.Base(p))
		}
	}
}

// darkPixels counts the pixels of a binary PGM (P5, 8 bit) darker than light grey.
func darkPixels(t *testing.T, pgm []byte) int {
	var w, h, maxv int
	n, err := fmt.Sscanf(string(pgm), "P5\n%d %d\n%d\n", &w, &h, &maxv)
	require.NoError(t, err)
	require.Equal(t, 3, n)
	data := pgm[len(pgm)-w*h:]
	dark := 0
	for _, v := range data {
		if v < 200 {
			dark++
		}
	}
	return dark
}

func TestByteIdentical(t *testing.T) {
	t.Parallel()
	for _, lang := range estimator.Langs() {
		var opt pdf.Options
		if lang == "ja" {
			opt.Font = jafont.TTF
		}
		a := write(t, bundle(t, "article-2017", lang, ""), opt)
		b := write(t, bundle(t, "article-2017", lang, ""), opt)
		assert.True(t, bytes.Equal(a, b), "%s: two runs differ", lang)
	}
}

func TestJapaneseKeepsEveryCharacter(t *testing.T) {
	t.Parallel()
	doc := write(t, bundle(t, "article-2017", "ja", ""), pdf.Options{Font: jafont.TTF})
	// Without layout, so wrapped lines run on as they were written.
	need(t, "pdftotext")
	path := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(path, doc, 0o644))
	out, err := exec.Command("pdftotext", path, "-").Output()
	require.NoError(t, err)
	txt := strings.NewReplacer("\n", "", " ", "").Replace(string(out))
	for _, key := range []string{"proposal.title", "executive", "assumptions", "risks", "method", "risk.text", "growth.title", "cost.power"} {
		assert.Contains(t, txt, strings.ReplaceAll(chart.Text("ja", key), " ", ""), key)
	}
	// A long paragraph wrapped over several lines keeps every character.
	assert.Contains(t, txt, strings.ReplaceAll(chart.Text("ja", "method.text"), " ", ""), "method text")
}

func TestJapaneseNeedsAFont(t *testing.T) {
	err := pdf.Write(&bytes.Buffer{}, bundle(t, "article-2017", "ja", ""), pdf.Options{})
	assert.True(t, errors.Is(err, pdf.ErrNoFont))
}

func TestLoadFontRefusesCollections(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.ttc")
	require.NoError(t, os.WriteFile(path, []byte("ttcf\x00\x01\x00\x00"), 0o644))
	_, err := pdf.LoadFont(path)
	assert.ErrorContains(t, err, ".ttc")
}

func TestNoMoneyAsksInSystems(t *testing.T) {
	t.Parallel()
	doc := write(t, bundle(t, "cifar10-cpu-vs-gpu", "en", "<script>alert(1)</script>"), pdf.Options{})
	txt := text(t, doc)
	assert.Contains(t, txt, chart.Text("en", "no.money"))
	assert.Contains(t, txt, "<script>alert(1)</script>", "a PDF shows the name as the text it is")
}

func TestUndrawableCharactersPrintAsASubstitute(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang       estimator.Lang
		name, want string
	}{
		{"ja", "🚀 ロケット", "? ロケット"}, // IPAex Gothic has no U+FFFD: '?'
		{"ja", "名前\x1b[31m\x00\xff", `名前\x1b[31m\x00\xff`},
		{"en", "日本語 🚀 x\x1by é", `??? ? x\x1by é`},
		{"en", "שלום e\u0301", "???? e?"},
	} {
		var opt pdf.Options
		if tc.lang == "ja" {
			opt.Font = jafont.TTF
		}
		txt := text(t, write(t, bundle(t, "article-2017", tc.lang, tc.name), opt))
		assert.Contains(t, txt, tc.want, "%s %q", tc.lang, tc.name)
	}
}

func TestNoNegativeZero(t *testing.T) {
	t.Parallel()
	data, ok := examples.Read("article-2017")
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data),
		estimator.Override{Path: "money.price_per_kwh", Value: "-0"})
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := report.Build(est, report.Options{Samples: 500, Seed: 1, Lang: "en", Date: "2026-11-30"})
	require.NoError(t, err)
	txt := text(t, write(t, b, pdf.Options{}))
	assert.Regexp(t, `money\.price_per_kwh +0 `, txt)
	assert.NotRegexp(t, `(^|[\s\[(])-0([\s,\])]|$)`, txt)
}

func TestWriteRecoversFromFpdf(t *testing.T) {
	// A font that is not one fails before fpdf sees it.
	err := pdf.Write(&bytes.Buffer{}, bundle(t, "article-2017", "ja", ""), pdf.Options{Font: []byte("not a font")})
	assert.ErrorContains(t, err, "pdf: the font: not a TrueType font")
}

// FuzzWriteTextEnglish and FuzzWriteTextJapanese write proposals whose
// name, workload and system labels and notes are any strings, with the core
// fonts and with IPAex Gothic: Write must return a PDF, never an error or a
// panic (which its recover would turn into an error).
func FuzzWriteTextEnglish(f *testing.F) { fuzzWriteText(f, "en", nil) }

func FuzzWriteTextJapanese(f *testing.F) { fuzzWriteText(f, "ja", jafont.TTF) }

func fuzzWriteText(f *testing.F, lang estimator.Lang, font []byte) {
	for _, s := range []string{
		"🚀", "\xed\xa0\x80 a lone surrogate \xed\xb0\x80", "nul\x00", "\x1b[2J\x1b]0;title\x07", "שלום عالم",
		"e\u0301\u0302\u0303", "\u202eevil\u202c", strings.Repeat("x", 10_000), strings.Repeat("長い名前", 2_500),
		"日本語の名前", "\uffff\ufffe\U0010ffff", "", "\n\n\n\r\t",
	} {
		f.Add(s, s, s)
	}
	data, ok := examples.Read("article-2017")
	require.True(f, ok)
	base, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, name, label, notes string) {
		s := *base
		s.Name, s.Notes = name, notes
		s.Workloads, s.Systems = slices.Clone(s.Workloads), slices.Clone(s.Systems)
		s.Workloads[0].Label, s.Systems[0].Label = label, label
		est, err := estimator.Run(&s)
		if err != nil {
			return // the scenario's own rules may refuse a text; that is not the PDF's to test
		}
		b, err := report.Build(est, report.Options{Samples: 100, Seed: 1, Lang: lang, Date: "2026-11-30"})
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, pdf.Write(&buf, b, pdf.Options{Font: font}))
		assert.True(t, bytes.HasPrefix(buf.Bytes(), []byte("%PDF-1.")), "a PDF")
	})
}

func BenchmarkWrite(b *testing.B) {
	bd := bundle(b, "article-2017", "en", "")
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := pdf.Write(&buf, bd, pdf.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

func BenchmarkWriteJapanese(b *testing.B) {
	bd := bundle(b, "article-2017", "ja", "")
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := pdf.Write(&buf, bd, pdf.Options{Font: jafont.TTF}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

// The cover sets the point estimate beside its P10, P50 and P90, says where
// it falls and what is asked, and the risks page says the same.
func TestCoverAgreesWithItsRanges(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ask, buy, asked string
	}{
		{"point", "Buy 143 DGX-1 (Volta) systems to train Inception-v3.", "point estimate (asked)"},
		{"p90", "Buy 2,175 DGX-1 (Volta) systems to train Inception-v3.", "P90 (asked)"},
	} {
		t.Run(tc.ask, func(t *testing.T) {
			b := bundle(t, "article-2017", "en", "", estimator.Override{Path: "money.ask", Value: `"` + tc.ask + `"`})
			doc := write(t, b, pdf.Options{})
			cover := pageText(t, doc, 1)
			a, err := b.Answer()
			require.NoError(t, err)
			tco := a.TCO
			for _, want := range []string{tc.buy, "Asked at", "P10", "P50", tc.asked,
				"USD 31,837,386", "USD 76,937,784", "USD 210,151,159", "USD 484,037,835", // TCO: point, P10, P50, P90 of 2,000 samples
				"The point estimate lies below its P10, for the systems and the total cost alike.",
			} {
				assert.Contains(t, cover, want)
			}
			assert.Equal(t, present.PointBelowP10, tco.Falls)
			all := strings.Join(strings.Fields(text(t, doc)), " ")
			for _, line := range b.AnswerText(a) {
				assert.Equal(t, 2, strings.Count(all, line), "on the cover and the risks page: %s", line)
			}
		})
	}
}

// pageText is one page's text, its lines joined with single spaces.
func pageText(t *testing.T, doc []byte, page int) string {
	t.Helper()
	need(t, "pdftotext")
	path := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(path, doc, 0o644))
	n := strconv.Itoa(page)
	out, err := exec.Command("pdftotext", "-f", n, "-l", n, path, "-").Output()
	require.NoError(t, err)
	return strings.Join(strings.Fields(string(out)), " ")
}

// issue 25: the proposal shows a scenario's control and bidirectional
// characters escaped, as every surface does (estimator.Printable), in the
// page and in the outline; none reaches the text a reader copies out.
func TestControlAndBidiCharactersPrintEscaped(t *testing.T) {
	t.Parallel()
	f, err := os.Open("../../testdata/hostile/files/r2-control-labels.json")
	require.NoError(t, err)
	defer f.Close()
	s, err := estimator.Decode(f)
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	for _, tc := range []struct {
		lang estimator.Lang
		font []byte
	}{{"en", nil}, {"ja", jafont.TTF}} {
		b, err := report.Build(est, report.Options{Samples: 200, Seed: 1, Lang: tc.lang, Date: "2026-11-30"})
		require.NoError(t, err)
		doc := write(t, b, pdf.Options{Font: tc.font})
		txt := text(t, doc)
		assert.False(t, strings.ContainsFunc(txt, func(r rune) bool { return r != '\n' && r != '\f' && estimator.Unprintable(r) }),
			"%s: a control or bidi character reached the text", tc.lang)
		// Pieces without a space, which a wrapped cell keeps on one line.
		for _, want := range []string{`\x1b]0;x\a`, `\u202eRLO\u202c`, `\u2066LRI\u2067RLI\u2068FSI\u2069PDI`, `c1\u0085\u009b`, `nul\x00`, `del\x7f`} {
			assert.Contains(t, txt, want, tc.lang)
		}
		path := filepath.Join(t.TempDir(), "doc.pdf")
		require.NoError(t, os.WriteFile(path, doc, 0o644))
		info, err := exec.Command("pdfinfo", path).Output()
		require.NoError(t, err)
		assert.Contains(t, string(info), `r2 \x1b]0;x\a \u202eRLO`, "%s: the title", tc.lang)
	}
}

// issue 26: a proposal carries what its scenario is about. An LLM's has
// neither the CPU-vs-GPU study of CIFAR-10 CNNs nor a growth chart of one
// point, and its appendix weighs the transformer model alone; the world
// model, whose data grows 4-fold, keeps its growth chart; the article
// keeps all eight.
func TestAProposalCarriesWhatItsScenarioIsAbout(t *testing.T) {
	t.Parallel()
	const growth, study, memory = "Compute when the data grows", "GPU speed-up over the CPU by model size", "Memory per GPU"
	for _, tc := range []struct {
		scenario      string
		figures       int
		growth, study bool
		families      []string // in the appendix
		not           []string // not in it
	}{
		{"llama-3-405b", 7, false, false, []string{"Llama", "GPT-style dense transformers"}, []string{"CIFAR-10 CNNs", "AlexNet (ImageNet)"}},
		{"av-world-model-2026", 9, true, false, []string{"Llama", "Nemotron"}, []string{"CIFAR-10 CNNs", "ResNet (ImageNet)"}},
		{"article-2017", 9, true, true, []string{"AlexNet (ImageNet)", "CIFAR-10 CNNs"}, []string{"GPT-style dense transformers", "Nemotron"}},
	} {
		b := bundle(t, tc.scenario, "en", "")
		out := text(t, write(t, b, pdf.Options{}))
		// The charts and, with a plan, its frontier: numbered in turn.
		assert.Regexp(t, fmt.Sprintf(`Figure %d: `, tc.figures), out, tc.scenario)
		assert.NotRegexp(t, fmt.Sprintf(`Figure %d: `, tc.figures+1), out, tc.scenario)
		assert.Equal(t, tc.growth, regexp.MustCompile(`Figure \d+: `+growth).MatchString(out), "%s: %s", tc.scenario, growth)
		assert.Equal(t, tc.study, regexp.MustCompile(`Figure \d+: `+study).MatchString(out), "%s: %s", tc.scenario, study)
		assert.Equal(t, !tc.study, regexp.MustCompile(`Figure \d+: `+memory).MatchString(out), "%s: %s", tc.scenario, memory)
		appendix := out[strings.Index(out, "How accurate is this?"):]
		for _, f := range tc.families {
			assert.Regexp(t, `model family\s+`+regexp.QuoteMeta(f), appendix, tc.scenario)
		}
		for _, f := range tc.not {
			assert.NotContains(t, appendix, f, tc.scenario)
		}
	}
}

// The costs page a finance committee reads gives a whole run's range beside
// each amount that has one, and the sentence on how published runs came in.
func TestCostsPageCarriesTheWholeRunRange(t *testing.T) {
	b := bundle(t, "llama-3-405b", "en", "")
	doc := write(t, b, pdf.Options{})
	q, _ := b.Estimate.Get("cost.own")
	band := b.Band(q)
	require.Equal(t, "USD 70,212,637–USD 126,987,287", band)
	all := strings.Join(strings.Fields(text(t, doc)), " ")
	costs := all[strings.Index(all, "Costs item amount whole-run range (P10–P90) formula"):]
	// The range wraps after its dash in its column, so its ends are read apart.
	assert.Contains(t, costs, "USD 70,532,848 USD 70,212,637– cost.depreciation")
	assert.Contains(t, costs, "electricity and support USD 126,987,287")
	// The sentence may wrap after one of its ranges' dashes too.
	assert.Contains(t, strings.ReplaceAll(costs, "– ", "–"), estimator.WholeRunNote().EN)
}
