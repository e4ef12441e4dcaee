package tools

import (
	"encoding/json"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/echarts"
	"github.com/trainscale/trainscale/internal/page"
	"github.com/trainscale/trainscale/report"
)

// ChartsRequest asks for the reports' charts of a scenario. Samples > 0 adds
// the uncertainty chart (a Monte Carlo run of that many samples) and the
// tornado, when the scenario has ranges.
type ChartsRequest struct {
	api.ScenarioRequest
	Samples *api.Whole `json:"samples,omitempty"` // 0 or left out: no Monte Carlo
	Seed    *api.Whole `json:"seed,omitempty"`    // 0 or left out: 1
	Lang    string     `json:"lang,omitempty"`
}

// Chart is one of the reports' charts as the page draws it: the words around
// it and the echarts option the HTML report draws it with, so the page's
// script only hands the option to echarts.
type Chart struct {
	ID     string          `json:"id"`
	Title  string          `json:"title"`
	Note   string          `json:"note,omitempty"` // what to read from it, or why it is empty
	Empty  bool            `json:"empty"`
	Option json.RawMessage `json:"option,omitempty"` // left out when Empty
}

// ChartsAnswer is what the page's charts request brings: the charts, the
// answer section with its spread and, for a scenario with a plan section,
// the planner's choice it leads with.
type ChartsAnswer struct {
	Charts []Chart `json:"charts"`
	Answer string  `json:"answer"`         // the results' answer section, with the spread (page.Answer)
	Lead   string  `json:"lead,omitempty"` // the planner's choice (Lead)
}

// Charts builds the charts of the report of the same scenario, samples, seed
// and language (report.Build), each with its echarts option, the page's
// answer with the P10, P50 and P90 of the same Monte Carlo run (page.Answer)
// and the planner's choice it leads with (Lead).
func Charts(req ChartsRequest) (*ChartsAnswer, error) {
	samples, seed, lang, err := api.ReportOptions(req.Samples, req.Seed, 0, req.Lang)
	if err != nil {
		return nil, err
	}
	est, err := req.Run()
	if err != nil {
		return nil, err
	}
	b, err := report.Build(est, report.Options{Samples: samples, Seed: seed, Lang: lang, ChartsOnly: true})
	if err != nil {
		return nil, err
	}
	out := &ChartsAnswer{Charts: make([]Chart, len(b.Charts)), Answer: page.Answer(est, b.Uncertainty, lang)}
	for i, sp := range b.Charts {
		c := &out.Charts[i]
		*c = Chart{ID: sp.ID, Title: sp.Title, Note: sp.Note, Empty: sp.Empty()}
		if c.Empty {
			continue
		}
		if c.Option, err = echarts.Option(sp, lang); err != nil {
			return nil, err
		}
	}
	if out.Lead, err = Lead(est, lang); err != nil {
		return nil, err
	}
	return out, nil
}

// Lead is the planner's choice the page's answer leads with when the
// scenario has a plan section (page.Lead), "" otherwise.
func Lead(est *estimator.Estimate, lang estimator.Lang) (string, error) {
	if est.Scenario.Plan == nil || est.Scenario.Money == nil {
		return "", nil
	}
	b, err := report.Build(est, report.Options{Lang: lang, PlanOnly: true})
	if err != nil {
		return "", err
	}
	if b.Plan == nil {
		return page.Lead(nil, b.PlanNote, "", "", 0, lang)
	}
	chosen, err := b.Chosen()
	if err != nil {
		return "", err
	}
	why := b.Plan.Why.In(lang)
	if chosen == nil {
		return page.Lead(nil, why, "", "", 0, lang)
	}
	c := b.Plan.Cheapest
	return page.Lead(chosen, why, c.Option, c.Label.In(lang), c.SizedFor.Value/estimator.Day, lang)
}

func charts(data []byte) (any, error) {
	var req ChartsRequest
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	return Charts(req)
}
