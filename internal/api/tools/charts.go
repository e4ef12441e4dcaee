package tools

import (
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/chart"
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

// Charts builds the chart specs the reports draw, as report.Build makes them
// for a report of the same scenario, samples and seed.
func Charts(req ChartsRequest) ([]chart.Spec, error) {
	samples, seed, lang, err := api.ReportOptions(req.Samples, req.Seed, 0, req.Lang)
	if err != nil {
		return nil, err
	}
	est, err := req.Run()
	if err != nil {
		return nil, err
	}
	b, err := report.Build(est, report.Options{Samples: samples, Seed: seed, Lang: lang})
	if err != nil {
		return nil, err
	}
	return b.Charts, nil
}

// Chart is a chart.Spec as the page draws it: values already converted for
// display (Axis.Show) and axis titles with their units (Axis.Name), so the
// page's script only hands them to echarts.
type Chart struct {
	ID     string   `json:"id"`
	Title  string   `json:"title"`
	Kind   string   `json:"kind"`
	Note   string   `json:"note,omitempty"`
	Empty  bool     `json:"empty"`
	Base   float64  `json:"base"`
	X      Axis     `json:"x"`
	Y      Axis     `json:"y"`
	Series []Series `json:"series"`
}

// Axis is a chart axis for drawing.
type Axis struct {
	Name       string   `json:"name"`
	Log        bool     `json:"log,omitempty"`
	Categories []string `json:"categories,omitempty"`
}

// Series is one drawn series; nil slices are left out.
type Series struct {
	Name string    `json:"name"`
	X    []float64 `json:"x,omitempty"`
	Y    []float64 `json:"y,omitempty"`
	Low  []float64 `json:"low,omitempty"`
	High []float64 `json:"high,omitempty"`
	IDs  []string  `json:"ids,omitempty"`
}

// Drawn converts specs for drawing.
func Drawn(specs []chart.Spec) []Chart {
	out := make([]Chart, len(specs))
	for i, sp := range specs {
		// A tornado and a range chart draw their values on the Y axis' scale.
		show := func(a chart.Axis, vs []float64) []float64 {
			if vs == nil {
				return nil
			}
			o := make([]float64, len(vs))
			for j, v := range vs {
				o[j] = a.Show(v)
			}
			return o
		}
		c := Chart{ID: sp.ID, Title: sp.Title, Kind: string(sp.Kind), Note: sp.Note, Empty: sp.Empty(), Base: sp.Y.Show(sp.Base),
			X: Axis{Name: sp.X.Name(), Log: sp.X.Log, Categories: sp.X.Categories},
			Y: Axis{Name: sp.Y.Name(), Log: sp.Y.Log, Categories: sp.Y.Categories}}
		for _, se := range sp.Series {
			c.Series = append(c.Series, Series{Name: se.Name, X: show(sp.X, se.X), Y: show(sp.Y, se.Y), Low: show(sp.Y, se.Low), High: show(sp.Y, se.High), IDs: se.IDs})
		}
		out[i] = c
	}
	return out
}

func charts(data []byte) (any, error) {
	var req ChartsRequest
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	specs, err := Charts(req)
	if err != nil {
		return nil, err
	}
	return struct {
		Charts []Chart `json:"charts"`
	}{Drawn(specs)}, nil
}
