package page

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// Texts a scenario may carry that would be markup if they reached the page
// unescaped, or that a careless escaper mangles.
const (
	closeScript = `</script><script>alert(1)</script>`
	breakAttr   = `"><img src=x onerror=alert(1)>`
	ampersand   = `R&D &amp; <b>bold</b> 'quoted'`
	separator   = "line\u2028separator\u2029paragraph"
	japanese    = "自動運転 チーム「検証」"
)

// hostileScenario is the default scenario with hostile text in every place a
// user's words reach the page: names, labels, notes, sources, a range's why.
func hostileScenario(t *testing.T) *estimator.Scenario {
	t.Helper()
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	s.Name = closeScript + strings.Repeat(japanese, 400) // a very long name
	s.Notes = ampersand + separator
	// Labels stop at estimator.MaxLabelChars; these fill it.
	s.Workloads[0].Label = fit(closeScript + japanese)
	s.Workloads[1].Label = fit(breakAttr)
	s.Systems[0].Label = fit(ampersand + separator)
	s.Sources["fleet.cars"] = breakAttr + strings.Repeat("long source ", 500)
	s.Sources["team.members"] = closeScript
	s.Sources["units"] = separator
	d := s.Ranges["fleet.tb_per_hour"]
	d.Why = breakAttr + japanese
	s.Ranges["fleet.tb_per_hour"] = d
	require.NoError(t, estimator.Validate(s))
	return s
}

// fit cuts text to the longest label Validate allows.
func fit(text string) string {
	r := []rune(strings.Repeat(text, estimator.MaxLabelChars))
	return string(r[:estimator.MaxLabelChars])
}

func TestHostileTextStaysText(t *testing.T) {
	s := hostileScenario(t)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		for _, tc := range []struct {
			part  string
			html  string
			texts []string // must appear whole, as text or an attribute's value
		}{
			{"form", Form(s, lang), []string{s.Name, s.Notes, s.Workloads[0].Label, s.Workloads[1].Label, s.Systems[0].Label,
				s.Sources["fleet.cars"], s.Sources["team.members"], s.Sources["units"], s.Ranges["fleet.tb_per_hour"].Why}},
			{"results", Results(est, lang), []string{s.Workloads[0].Label, s.Workloads[1].Label, s.Systems[0].Label}},
		} {
			t.Run(string(lang)+"/"+tc.part, func(t *testing.T) {
				nodes, err := html.ParseFragment(strings.NewReader(tc.html), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
				require.NoError(t, err)
				var texts []string
				for _, n := range nodes {
					for d := range n.Descendants() {
						if d.Type == html.TextNode {
							texts = append(texts, d.Data)
							continue
						}
						assert.NotContains(t, []atom.Atom{atom.Script, atom.Img}, d.DataAtom, "markup from the scenario: <%s>", d.Data)
						for _, a := range d.Attr {
							assert.False(t, strings.HasPrefix(a.Key, "on"), "an event handler attribute %s", a.Key)
							texts = append(texts, a.Val)
						}
					}
				}
				all := strings.Join(texts, "\x00")
				for _, want := range tc.texts {
					assert.Contains(t, all, want, "%.40q must reach the page as text", want)
				}
				assert.NotContains(t, tc.html, "<script", "a script tag in the markup")
				assert.NotContains(t, tc.html, "<img", "an image tag in the markup")
				assert.Contains(t, tc.html, "&#34;&gt;&lt;img", "the quote that would end an attribute is escaped")
			})
		}
	}
}

func TestFormLabelsComeFromTheFieldsTable(t *testing.T) {
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	for _, tc := range []struct {
		lang estimator.Lang
		want string
	}{
		{"en", `<label for="f-fleet-tb_per_hour">Data per hour <span class="unit">(TB per hour per car)</span></label>`},
		{"ja", `<label for="f-fleet-tb_per_hour">1 時間あたりのデータ量 <span class="unit">(TB/時/台)</span></label>`},
		{"en", `<label for="f-money-price_per_kwh">Electricity price <span class="unit">(USD per kWh)</span></label>`},
		{"ja", `placeholder="カタログの値"`},
		{"en", `<select id="f-units" name="units" data-kind="string" required`},
	} {
		assert.Contains(t, Form(s, tc.lang), tc.want, tc.lang)
	}
}

func TestFormOffersAbsentSections(t *testing.T) {
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	s.Goodput = nil
	form := Form(s, "en")
	assert.Contains(t, form, `<details class="group absent" id="g-goodput">`)
	assert.Contains(t, form, `name="goodput.restart_hours" data-kind="number" required aria-describedby="e-goodput-restart_hours" inputmode="decimal" autocomplete="off" value="0"`)
	assert.Contains(t, form, `<fieldset class="item"><legend>Workload 1: `)
}

// A label from a shared link may hold a terminal's escape or a right-to-left
// override: the page writes them as every surface does (estimator.Printable),
// so they cannot reorder the figures beside them, while the form's field keeps
// the value as given, to go back to the core unchanged.
func TestControlAndBidiCharactersPrintEscaped(t *testing.T) {
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	label := "\x1b]0;x\a \u202eRLO \u2066iso\u2069"
	s.Workloads[0].Label = label
	est, err := estimator.Run(s)
	require.NoError(t, err)
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		results := Results(est, lang)
		assert.Contains(t, results, `\x1b]0;x\a \u202eRLO \u2066iso\u2069`, lang)
		assert.NotContains(t, results, "\u202e", lang)
		assert.NotContains(t, results, "\x1b", lang)
		form := Form(s, lang)
		assert.Contains(t, form, `value="`+label+`"`, "the field's value is the label as given")
		assert.Contains(t, form, `\u202eRLO`, "the item's legend shows it escaped")
	}
}
