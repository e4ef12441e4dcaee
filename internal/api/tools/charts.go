package tools

import (
	"encoding/json"

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

// Charts builds the charts of the report of the same scenario, samples, seed
// and language (report.Build), each with its echarts option, and the page's
// answer with the P10, P50 and P90 of the same Monte Carlo run (page.Answer).
func Charts(req ChartsRequest) ([]Chart, string, error) {
	samples, seed, lang, err := api.ReportOptions(req.Samples, req.Seed, 0, req.Lang)
	if err != nil {
		return nil, "", err
	}
	est, err := req.Run()
	if err != nil {
		return nil, "", err
	}
	b, err := report.Build(est, report.Options{Samples: samples, Seed: seed, Lang: lang, ChartsOnly: true})
	if err != nil {
		return nil, "", err
	}
	out := make([]Chart, len(b.Charts))
	for i, sp := range b.Charts {
		out[i] = Chart{ID: sp.ID, Title: sp.Title, Note: sp.Note, Empty: sp.Empty()}
		if out[i].Empty {
			continue
		}
		if out[i].Option, err = echarts.Option(sp, lang); err != nil {
			return nil, "", err
		}
	}
	return out, page.Answer(est, b.Uncertainty, lang), nil
}

func charts(data []byte) (any, error) {
	var req ChartsRequest
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	out, answer, err := Charts(req)
	if err != nil {
		return nil, err
	}
	return struct {
		Charts []Chart `json:"charts"`
		Answer string  `json:"answer"` // the results' answer section, with the spread (page.Answer)
	}{out, answer}, nil
}
