package present

import (
	"math"
	"slices"
	"strconv"

	"github.com/trainscale/trainscale/estimator"
)

// Position is where a point estimate falls among its own P10, P50 and P90.
type Position string

const (
	PointExact    Position = "exact"     // no ranged input moves it: P10 = P50 = P90 = the point
	PointBelowP10 Position = "below-p10" // the point is more hopeful than nine in ten samples
	PointP10ToP50 Position = "p10-p50"   // P10 <= point <= P50
	PointP50ToP90 Position = "p50-p90"   // P50 < point <= P90
	PointAboveP90 Position = "above-p90" // more cautious than nine in ten samples
	PointUnknown  Position = ""          // the scenario has ranges but no uncertainty was run
)

// Words says the position as the end of a sentence: "(The point estimate
// lies) below its P10".
func (p Position) Words() estimator.Text { return positionWords[p] }

// positionWords end a sentence: "The point estimate lies below its P10." /
// "点推定は P10 を下回ります。"
var positionWords = map[Position]estimator.Text{
	PointExact:    {EN: "at its P10, P50 and P90 alike (no ranged input moves it)", JA: "P10・P50・P90 と同じです（範囲のある入力の影響を受けません）"},
	PointBelowP10: {EN: "below its P10", JA: "P10 を下回ります"},
	PointP10ToP50: {EN: "between its P10 and P50", JA: "P10 と P50 の間にあります"},
	PointP50ToP90: {EN: "between its P50 and P90", JA: "P50 と P90 の間にあります"},
	PointAboveP90: {EN: "above its P90", JA: "P90 を上回ります"},
}

// FallsText says where the point estimate lies among its P10, P50 and P90,
// for the systems to buy and the total cost, in one sentence: the page's
// answer and the reports' say it alike. It reads the purchase's unrounded
// count (whole systems move in steps) and needs a purchase and a TCO.
func (a *Answer) FallsText() estimator.Text {
	sys, tco := a.Buy.Systems.Falls.Words(), a.TCO.Falls.Words()
	if a.Buy.Systems.Falls == a.TCO.Falls {
		return estimator.Text{
			EN: "The point estimate lies " + sys.EN + ", for the systems and the total cost alike.",
			JA: "点推定はシステム数・総費用とも " + sys.JA + "。",
		}
	}
	return estimator.Text{
		EN: "For the systems the point estimate lies " + sys.EN + "; for the total cost, " + tco.EN + ".",
		JA: "システム数の点推定は " + sys.JA + "。総費用の点推定は " + tco.JA + "。",
	}
}

// Figure is one number of the answer: the estimate's quantity (the point
// estimate, with its id, labels and unit), its spread over the scenario's
// ranges where known, and the value the ask takes.
type Figure struct {
	estimator.Quantity
	Spread *estimator.Spread `json:"spread,omitempty"` // nil: no uncertainty was run, or no input is ranged
	Falls  Position          `json:"falls"`            // where Value falls among the spread
	Asked  float64           `json:"asked"`            // Value, Spread.P50 or Spread.P90, as the ask says
	Ask    estimator.Ask     `json:"ask"`              // the answer's ask, so a figure alone says what Asked is
}

// Purchase is what one workload needs of one system.
type Purchase struct {
	Workload     string `json:"workload"`      // id
	System       string `json:"system"`        // id
	WorkloadName string `json:"workload_name"` // Workload.Name: the label, else the catalog model's name, else the id
	SystemName   string `json:"system_name"`
	// Systems is team.<w>.systems.<s>, unrounded: the article's figure (355.88).
	Systems Figure `json:"systems"`
	// ToBuy is team.<w>.systems_to_buy.<s>: Systems rounded up (356). Its
	// percentiles are Systems' rounded up, which are exactly the percentiles
	// of the rounded counts, since rounding up keeps the samples' order.
	ToBuy Figure `json:"to_buy"`
	// Time is one training run: train.<w>.job_time.<s> where the estimate
	// sizes a job (modelled scaling, transformers: one job on its GPUs),
	// else train.<w>.system_time.<s> (one run on one system, as the
	// article's table gives it).
	Time Figure `json:"time"`
}

// Answer is what a planner buys and why: the systems, the cost and the time
// per run, with where the point estimate falls among its P10, P50 and P90
// when an uncertainty is given. Every figure is a quantity of the estimate
// (or its spread in the uncertainty), named by id.
type Answer struct {
	// Ask is the figure asked for: money.ask, else the point estimate.
	Ask estimator.Ask `json:"ask"`
	// Ranged: the scenario has ranged inputs, so the figures have a spread
	// (known when an uncertainty was given).
	Ranged bool `json:"ranged"`
	// Buy is the purchase money.workload and money.system price; nil when
	// the scenario has no money section.
	Buy *Purchase `json:"buy,omitempty"`
	// Rent is the offer Buy's systems are rented from (money.rent): the
	// answer then rents them, nil when it buys.
	Rent *estimator.Rent `json:"rent,omitempty"`
	// Capex and TCO (cost.capex, cost.tco) price Buy; nil without money.
	Capex *Figure `json:"capex,omitempty"`
	TCO   *Figure `json:"tco,omitempty"`
	// Each is every workload on every system, in the scenario's order: what
	// each would need, for scenarios without money and for comparison.
	Each []Purchase `json:"each"`
}

// AnswerFor answers e's scenario; u, when not nil, is the uncertainty of the
// same scenario (RunUncertainty). An ask of p50 or p90 needs u when the
// scenario has ranged inputs: asking for a percentile nobody computed is an
// error, not a quiet fall back to the point.
func AnswerFor(e *estimator.Estimate, u *estimator.Uncertainty) (*Answer, error) {
	s := e.Scenario
	a := &Answer{Ask: estimator.AskPoint, Ranged: len(estimator.RangesOf(s)) > 0}
	if s.Money != nil {
		a.Ask = s.Money.Asked()
	}
	if a.Ranged && a.Ask != estimator.AskPoint && u == nil {
		return nil, estimator.NewFieldError("money.ask", estimator.Text{EN: "asks for a percentile, which needs the uncertainty over the scenario's ranges (samples > 0)",
			JA: "パーセンタイルを求めるには、シナリオの範囲に対する不確かさの計算（サンプル数 > 0）が必要です"}, strconv.Quote(string(a.Ask)))
	}
	spreads := map[string]estimator.Spread{}
	if u != nil {
		for _, sp := range u.Quantities {
			spreads[sp.ID] = sp
		}
	}
	var missing error
	// figure is quantity id with its spread; a count rounded up from an
	// unrounded quantity (from) takes that quantity's spread rounded up, as
	// the uncertainty samples headline quantities only.
	figure := func(id, from string) Figure {
		q, _ := e.Get(id)
		f := Figure{Quantity: q, Asked: q.Value, Ask: a.Ask}
		round := from != ""
		if !round {
			from = id
		}
		sp, ok := spreads[from]
		switch {
		case !a.Ranged:
			f.Falls = PointExact
			return f
		case !ok:
			if a.Ask != estimator.AskPoint && missing == nil {
				missing = estimator.NewFieldError("money.ask", estimator.Text{EN: "asks for a percentile the uncertainty does not hold: " + id,
					JA: "不確かさの計算にないパーセンタイルを求めています: " + id}, strconv.Quote(string(a.Ask)))
			}
			return f
		}
		if round {
			sp = estimator.Spread{ID: id, Label: estimator.Text{EN: q.Label.EN, JA: q.Label.JA}, Unit: q.Unit, P10: math.Ceil(sp.P10), P50: math.Ceil(sp.P50), P90: math.Ceil(sp.P90)}
		}
		f.Spread, f.Falls = &sp, position(q.Value, sp)
		switch a.Ask {
		case estimator.AskP50:
			f.Asked = sp.P50
		case estimator.AskP90:
			f.Asked = sp.P90
		}
		return f
	}
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			pair := func(group, name string) string { return group + "." + w.ID + "." + name + "." + sys.ID }
			a.Each = append(a.Each, Purchase{
				Workload: w.ID, System: sys.ID, WorkloadName: w.Name(), SystemName: sys.Name(),
				Systems: figure(pair("team", "systems"), ""),
				ToBuy:   figure(pair("team", "systems_to_buy"), pair("team", "systems")),
				Time:    figure(runTime(e, pair("project", "run_time"), pair("train", "job_time"), pair("train", "system_time")), ""),
			})
		}
	}
	if m := s.Money; m != nil {
		wi := slices.IndexFunc(s.Workloads, func(w estimator.Workload) bool { return w.ID == m.Workload })
		si := slices.IndexFunc(s.Systems, func(sys estimator.System) bool { return sys.ID == m.System })
		i := wi*len(s.Systems) + si
		buy := a.Each[i]
		capex, tco := figure("cost.capex", ""), figure(s.TotalID(), "")
		a.Buy, a.Capex, a.TCO, a.Rent = &buy, &capex, &tco, m.Rent
	}
	if missing != nil {
		return nil, missing
	}
	return a, nil
}

// runTime is a project's run with its failures where the estimate has
// one, else the job's time, else one system's.
func runTime(e *estimator.Estimate, project, job, system string) string {
	for _, id := range []string{project, job} {
		if _, ok := e.Get(id); ok {
			return id
		}
	}
	return system
}

// TotalCaption names the answer's total cost with what it covers, as every
// surface heads it: "Total cost of ownership over 4 years" for a team, "Total cost, for
// one run" for a project.
func (a *Answer) TotalCaption(s *estimator.Scenario) estimator.Text {
	if s.IsProject() {
		h := s.Horizon()
		return estimator.Text{EN: "Total cost, " + h.EN, JA: "総費用（" + h.JA + "）"}
	}
	y := strconv.FormatFloat(s.Money.DepreciationYears, 'f', -1, 64)
	if s.Money.Rent != nil {
		return estimator.Text{EN: "Total cost of renting over " + y + " years", JA: y + " 年間の賃借の総費用"}
	}
	return estimator.Text{EN: "Total cost of ownership over " + y + " years", JA: y + " 年間の総保有コスト"}
}

// position places v among sp's percentiles. A spread of one value (no
// sampled input moves the quantity) is exact whatever float noise v carries.
func position(v float64, sp estimator.Spread) Position {
	switch {
	case sp.P10 == sp.P90 && math.Abs(v-sp.P50) <= 1e-9*math.Abs(sp.P50):
		return PointExact
	case v < sp.P10:
		return PointBelowP10
	case v <= sp.P50:
		return PointP10ToP50
	case v <= sp.P90:
		return PointP50ToP90
	}
	return PointAboveP90
}
