package page

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
)

// articleChain is the data chain the article prints step by step, which the
// results open with as the article does; the money that closes the section is
// the estimator's headline (estimator.Headline), not a list of the page's own.
var articleChain = []string{"data.per_car_hour", "data.raw", "data.reduction", "data.processed"}

// headlineMoney is the headline's money, energy and CO2 totals: the rest of
// the headline (data, run times, systems) the section's tables already show.
func headlineMoney(est *estimator.Estimate) []string {
	var ids []string
	for _, id := range estimator.Headline(est) {
		if g, _, _ := strings.Cut(id, "."); g == "cost" || g == "energy" || g == "co2" {
			ids = append(ids, id)
		}
	}
	return ids
}

// Layout fingerprints what the rendered results show besides the values:
// the quantities' ids and labels, in order, and the inputs the captions and
// row headings quote (epochs, team, names). While it stays the same, a page
// updates the values in place; when it changes, the page renders again, so no
// heading goes stale.
func Layout(est *estimator.Estimate) string {
	h := fnv.New64a()
	put := func(parts ...string) {
		for _, p := range parts {
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
	}
	for _, q := range est.Quantities() {
		put(q.ID, q.Label)
	}
	s := est.Scenario
	put(num(s.Training.Epochs), num(s.Team.ConcurrentJobs), num(s.Team.Members), num(s.Team.TargetDays))
	for _, w := range s.Workloads {
		put(nameOr(w.Label, w.ID))
	}
	for _, sys := range s.Systems {
		put(nameOr(sys.Label, sys.ID))
	}
	return strconv.FormatUint(h.Sum64(), 36)
}

// Results renders the estimate: the article's figures first, then every
// quantity by group. Each value is a button (it opens the explanation) that
// carries data-quantity="<id>" and data-value="<exact value>".
func Results(est *estimator.Estimate, lang string) string {
	t := Messages(lang)
	s := est.Scenario
	var b strings.Builder
	qs := est.Quantities()
	fmt.Fprintf(&b, `<div class="results" data-layout="%s">`, Layout(est))
	cell := func(id string) string {
		q, ok := est.Get(id)
		if !ok {
			return `<td>-</td>`
		}
		return `<td>` + valueButton(q, s.Units) + `</td>`
	}
	b.WriteString(`<section class="article" aria-labelledby="h-article"><h2 id="h-article">` + esc(t["results.article"]) + `</h2>`)
	b.WriteString(`<dl class="headline">`)
	for _, id := range articleChain {
		if q, ok := est.Get(id); ok {
			fmt.Fprintf(&b, `<div><dt>%s</dt><dd>%s</dd></div>`, esc(q.Label), valueButton(q, s.Units))
		}
	}
	b.WriteString(`</dl>`)

	// One training run per workload and system, then the systems the team needs.
	fmt.Fprintf(&b, `<table><caption>%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
		esc(fmt.Sprintf(t["results.time"], num(s.Training.Epochs))), esc(t["col.network"]), esc(t["col.system"]), esc(t["col.gpu"]), esc(t["col.onesystem"]))
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			fmt.Fprintf(&b, `<tr><th scope="row">%s</th><td>%s</td>%s%s</tr>`, esc(nameOr(w.Label, w.ID)), esc(nameOr(sys.Label, sys.ID)),
				cell("train."+w.ID+".gpu_time."+sys.ID), cell("train."+w.ID+".system_time."+sys.ID))
		}
	}
	b.WriteString(`</tbody></table>`)
	fmt.Fprintf(&b, `<table><caption>%s</caption><thead><tr><th scope="col">%s</th>`,
		esc(fmt.Sprintf(t["results.team"], num(s.Team.ConcurrentJobs), num(s.Team.Members), num(s.Team.TargetDays))), esc(t["col.network"]))
	for _, sys := range s.Systems {
		fmt.Fprintf(&b, `<th scope="col">%s</th>`, esc(nameOr(sys.Label, sys.ID)))
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, w := range s.Workloads {
		fmt.Fprintf(&b, `<tr><th scope="row">%s</th>`, esc(nameOr(w.Label, w.ID)))
		for _, sys := range s.Systems {
			b.WriteString(cell("team." + w.ID + ".systems." + sys.ID))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	var moneyQs []estimator.Quantity
	for _, id := range headlineMoney(est) {
		q, _ := est.Get(id)
		moneyQs = append(moneyQs, q)
	}
	if len(moneyQs) > 0 {
		b.WriteString(`<dl class="headline">`)
		for _, q := range moneyQs {
			fmt.Fprintf(&b, `<div><dt>%s</dt><dd>%s</dd></div>`, esc(q.Label), valueButton(q, s.Units))
		}
		b.WriteString(`</dl>`)
	}
	b.WriteString(`</section>`)

	// Every quantity, by the group its id starts with, in the estimate's order.
	fmt.Fprintf(&b, `<section class="all" aria-labelledby="h-all"><h2 id="h-all">%s</h2>`, esc(t["results.all"]))
	var order []string
	groups := map[string][]estimator.Quantity{}
	for _, q := range qs {
		g, _, _ := strings.Cut(q.ID, ".")
		if _, seen := groups[g]; !seen {
			order = append(order, g)
		}
		groups[g] = append(groups[g], q)
	}
	for _, g := range order {
		title := t["qgroup."+g]
		if title == "" {
			title = g
		}
		fmt.Fprintf(&b, `<details class="qgroup" data-group="%s"><summary>%s <span class="count">(%d)</span></summary><table><thead><tr><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
			esc(g), esc(title), len(groups[g]), esc(t["col.quantity"]), esc(t["col.value"]))
		for _, q := range groups[g] {
			fmt.Fprintf(&b, `<tr><th scope="row">%s <code>%s</code></th><td>%s</td></tr>`, esc(q.Label), esc(q.ID), valueButton(q, s.Units))
		}
		b.WriteString(`</tbody></table></details>`)
	}
	b.WriteString(`</section></div>`)
	return b.String()
}

func valueButton(q estimator.Quantity, us estimator.UnitSystem) string {
	return fmt.Sprintf(`<button type="button" class="q" data-quantity="%s" data-value="%s" data-unit="%s" aria-label="%s">%s</button>`,
		esc(q.ID), strconv.FormatFloat(q.Value, 'g', -1, 64), esc(string(q.Unit)), esc(q.Label+": "+estimator.Format(q.Value, q.Unit, us)), esc(estimator.Format(q.Value, q.Unit, us)))
}

func nameOr(label, id string) string {
	if label != "" {
		return label
	}
	return id
}
