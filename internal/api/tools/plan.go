package tools

import (
	"fmt"
	"strconv"
	"time"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/internal/echarts"
	"github.com/trainscale/trainscale/report"
)

// PlanRequest asks what to buy or rent for a scenario, as the reports plan
// it. AsOf dates the prices (YYYY-MM-DD); left out, the scenario's plan.as_of,
// else the newest price's date, so the answer stays reproducible.
type PlanRequest struct {
	api.ScenarioRequest
	Lang string `json:"lang,omitempty"`
	AsOf string `json:"as_of,omitempty"`
}

// Plan is the reports' plan section as the page shows it: the words and
// cells of report.Bundle (PlanText, PlanTable, PlanSkipped), the frontier's
// echarts option, and, for every point of that chart, the scenario it loads.
// A scenario without money has no plan (every field empty); one the planner
// refuses has Refused alone.
type Plan struct {
	Refused string     `json:"refused,omitempty"`
	Chosen  string     `json:"chosen,omitempty"` // "" when no plan meets every constraint
	Text    []string   `json:"text,omitempty"`   // why, the binding constraint, the fastest, the limits
	Options string     `json:"options,omitempty"`
	Table   [][]string `json:"table,omitempty"` // header first; columns 1 to 6 hold numbers
	Stale   string     `json:"stale,omitempty"`
	Skipped []string   `json:"skipped,omitempty"`
	Chart   *Chart     `json:"chart,omitempty"`
	// Points[i][j] is what the chart's series i, point j loads; Rows[i]
	// what the table's row i+1 (an option sized for the deadline) loads.
	Points [][]PlanLoad `json:"points,omitempty"`
	Rows   []PlanLoad   `json:"rows,omitempty"`
}

// PlanLoad is one plan as a scenario: keep only System, with
// team.target_days = SizedForDays and, for a rented plan, money.cloud_gpu =
// GPU, money.cloud_per_gpu_hour = PerGPUHour (the scenario's currency) and
// the system's price SystemPrice, 0: what renting costs is the offer's, as
// the planner prices it (a catalog system without a published price is
// otherwise refused).
type PlanLoad struct {
	Option       string   `json:"option"`
	Label        string   `json:"label"`
	Acquire      string   `json:"acquire"` // buy or rent
	System       string   `json:"system"`
	GPU          string   `json:"gpu"`
	SizedForDays float64  `json:"sized_for_days"`
	PerGPUHour   *float64 `json:"per_gpu_hour,omitempty"`
	SystemPrice  *float64 `json:"system_price,omitempty"`
}

// MakePlan plans the request's scenario as the reports do (report.Build with
// the date AsOf) and words it in the request's language.
func MakePlan(req PlanRequest) (*Plan, error) {
	lang, err := api.Lang(req.Lang)
	if err != nil {
		return nil, err
	}
	if req.AsOf != "" {
		if _, err := time.Parse(time.DateOnly, req.AsOf); err != nil {
			return nil, &estimator.FieldError{Path: "as_of", Rule: "must be a date YYYY-MM-DD", RuleJA: "YYYY-MM-DD の日付にしてください", Got: strconv.Quote(req.AsOf)}
		}
	}
	est, err := req.Run()
	if err != nil {
		return nil, err
	}
	b, err := report.Build(est, report.Options{Lang: lang, Date: req.AsOf, PlanOnly: true})
	if err != nil {
		return nil, err
	}
	if b.Plan == nil {
		return &Plan{Refused: b.PlanNote}, nil
	}
	out := &Plan{Text: b.PlanText(), Options: fmt.Sprintf(chart.Text(lang, "plan.options"), b.Plan.Points), Skipped: b.PlanSkipped()}
	if b.Plan.Cheapest != nil {
		out.Chosen, out.Text = out.Text[0], out.Text[1:]
	}
	out.Table, out.Stale = b.PlanTable()
	for _, p := range b.Plan.Options {
		out.Rows = append(out.Rows, planLoad(p, lang))
	}
	if f := b.Frontier; f != nil {
		out.Chart = &Chart{ID: f.ID, Title: f.Title, Note: f.Note, Empty: f.Empty()}
		if !out.Chart.Empty {
			if out.Chart.Option, err = echarts.Option(*f, lang); err != nil {
				return nil, err
			}
		}
		// The chart names each point by its total's quantity id: the plan it is.
		byID := map[string]estimator.PlanPoint{}
		for _, p := range b.Plan.Frontier {
			byID[p.Total.ID] = p
		}
		if c := b.Plan.Cheapest; c != nil {
			byID[c.Total.ID] = *c
		}
		for _, se := range f.Series {
			loads := make([]PlanLoad, len(se.IDs))
			for j, id := range se.IDs {
				loads[j] = planLoad(byID[id], lang)
			}
			out.Points = append(out.Points, loads)
		}
	}
	return out, nil
}

func planLoad(p estimator.PlanPoint, lang string) PlanLoad {
	l := PlanLoad{Option: p.Option, Label: p.Label.In(lang), Acquire: p.Acquire, System: p.System, GPU: p.GPU,
		SizedForDays: p.SizedFor.Value / estimator.Day}
	if p.PerGPUHour != nil {
		v, zero := p.PerGPUHour.Value, 0.0
		l.PerGPUHour, l.SystemPrice = &v, &zero
	}
	return l
}

func plan(data []byte) (any, error) {
	var req PlanRequest
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	return MakePlan(req)
}
