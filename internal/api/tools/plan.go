package tools

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/planner"
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
	Table   [][]string `json:"table,omitempty"` // header first; columns 1 to Figures hold numbers
	// Figures and Total are the table's last column of figures and the
	// column of the total its rows are ranked by (report.PlanFigures,
	// report.PlanTotal).
	Figures int `json:"figures,omitempty"`
	Total   int `json:"total,omitempty"`
	// ChosenRow is the table's row (1 on) of the chosen plan, which the page
	// marks; 0 when the chosen plan is none of the rows.
	ChosenRow int      `json:"chosen_row,omitempty"`
	Stale     string   `json:"stale,omitempty"`
	Skipped   []string `json:"skipped,omitempty"`
	Chart     *Chart   `json:"chart,omitempty"`
	// Points[i][j] is what the chart's series i, point j loads; Rows[i]
	// what the table's row i+1 (an option sized for the deadline) loads.
	Points [][]PlanLoad `json:"points,omitempty"`
	Rows   []PlanLoad   `json:"rows,omitempty"`
}

// PlanLoad names one plan: the method plan_scenario turns it into the
// scenario it is (planner.ScenarioFor), which the page then shows.
type PlanLoad struct {
	Option       string  `json:"option"`
	Label        string  `json:"label"`
	Acquire      string  `json:"acquire"` // buy or rent
	System       string  `json:"system"`
	GPU          string  `json:"gpu"`
	SizedForDays float64 `json:"sized_for_days"`
}

// checkDate refuses an as_of that is not a date.
func checkDate(asOf string) error {
	if asOf == "" {
		return nil
	}
	if _, err := time.Parse(time.DateOnly, asOf); err != nil {
		return &estimator.FieldError{Path: "as_of", Rule: estimator.Text{EN: "must be a date YYYY-MM-DD", JA: "YYYY-MM-DD の日付にしてください"}, Got: strconv.Quote(asOf)}
	}
	return nil
}

// MakePlan plans the request's scenario as the reports do (report.Build with
// the date AsOf) and words it in the request's language.
func MakePlan(req PlanRequest) (*Plan, error) {
	lang, err := api.Lang(req.Lang)
	if err != nil {
		return nil, err
	}
	if err := checkDate(req.AsOf); err != nil {
		return nil, err
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
	out.Figures, out.Total = report.PlanFigures, report.PlanTotal
	c := b.Plan.Cheapest
	for i, p := range b.Plan.Options {
		out.Rows = append(out.Rows, planLoad(p, lang))
		if c != nil && out.ChosenRow == 0 && p.Option == c.Option && p.Count.Value == c.Count.Value && p.SizedFor.Value == c.SizedFor.Value {
			out.ChosenRow = i + 1
		}
	}
	if f := b.Frontier; f != nil {
		out.Chart = &Chart{ID: f.ID, Title: f.Title, Note: f.Note, Empty: f.Empty()}
		if !out.Chart.Empty {
			if out.Chart.Option, err = echarts.Option(*f, lang); err != nil {
				return nil, err
			}
		}
		// The chart names each point by its total's quantity id: the plan it is.
		byID := map[string]planner.Point{}
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

func planLoad(p planner.Point, lang estimator.Lang) PlanLoad {
	return PlanLoad{Option: p.Option, Label: p.Label.In(lang), Acquire: p.Acquire, System: p.System, GPU: p.GPU,
		SizedForDays: p.SizedFor.Value / estimator.Day}
}

func plan(data []byte) (any, error) {
	var req PlanRequest
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	return MakePlan(req)
}

// PlanScenarioRequest names one of a scenario's plans (a PlanLoad's option
// and target) with the request the plan was made for, as_of included.
type PlanScenarioRequest struct {
	PlanRequest
	Option       string  `json:"option"`
	SizedForDays float64 `json:"sized_for_days"`
}

// PlanScenarioAnswer is the plan as a scenario, for the page to show and
// its link to carry: what it buys, or the offer it rents, and its target.
type PlanScenarioAnswer struct {
	Scenario json.RawMessage `json:"scenario"`
}

// PlanScenario is the scenario a plan is (planner.ScenarioFor).
func PlanScenario(req PlanScenarioRequest) (*PlanScenarioAnswer, error) {
	if err := checkDate(req.AsOf); err != nil {
		return nil, err
	}
	s, err := req.Load()
	if err != nil {
		return nil, err
	}
	if s.Money == nil {
		return nil, &estimator.FieldError{Path: "money", Rule: estimator.Text{EN: "is required: a plan prices the scenario's money section", JA: "必須です: プランはシナリオの money の項で費用を見積もります"}}
	}
	ls, err := planner.ScenarioFor(s, req.Option, req.SizedForDays*estimator.Day, planner.Options{AsOf: req.AsOf})
	if err != nil {
		return nil, err
	}
	data, err := ls.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return &PlanScenarioAnswer{Scenario: data}, nil
}

func planScenario(data []byte) (any, error) {
	var req PlanScenarioRequest
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	return PlanScenario(req)
}
