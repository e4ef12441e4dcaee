package api

import (
	"strconv"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/page"
)

// EstimateRequest is estimate's request: a scenario, and what to send back
// besides the quantities.
type EstimateRequest struct {
	ScenarioRequest
	Full bool `json:"full,omitempty"` // every quantity's formula, inputs and source too
	// Compact sends only values and the cells' texts, in the order of the
	// last full answer with the same layout: what a page needs to update in
	// place.
	Compact bool `json:"compact,omitempty"`
	// ReturnScenario sends the scenario back, overrides applied, ranges in place
	// (what the page's JSON export saves).
	ReturnScenario bool     `json:"return_scenario,omitempty"`
	Render         []string `json:"render,omitempty"` // "form", "results", "ranges": HTML to put in the page
	Lang           string   `json:"lang,omitempty"`   // en (default) or ja: the labels, texts and Render's HTML
}

// EstimateResponse is estimate's answer.
type EstimateResponse struct {
	Name     string               `json:"name"`
	Units    estimator.UnitSystem `json:"units"`
	Scenario rawJSON              `json:"scenario,omitempty"` // with return_scenario: the overrides applied, ranges in place
	// Layout fingerprints the list of quantity ids: while it stays the same, a
	// page updates the values in place instead of rendering again.
	Layout     string     `json:"layout"`
	Quantities []Quantity `json:"quantities,omitempty"`
	Values     []float64  `json:"values,omitempty"` // compact: the quantities' values, in layout order
	Cells      []string   `json:"cells,omitempty"`  // compact: the text of each value the page's results show, in their order (page.Cells)
	Form       string     `json:"form,omitempty"`
	Results    string     `json:"results,omitempty"`
	Ranges     string     `json:"ranges,omitempty"` // the form's ranges group alone: what a point value moved (page.Ranges)
}

// Quantity is an estimator.Quantity with its value as the CLI prints it, its
// label and text in the request's lang (a page shows them as they come); the
// formula, inputs and source come only when asked for (full), or from explain.
type Quantity struct {
	ID      string         `json:"id"`
	Label   string         `json:"label"` // Quantity.LabelIn the request's lang
	Value   float64        `json:"value"`
	Unit    estimator.Unit `json:"unit"`
	Text    string         `json:"text"` // present.Format in the request's lang
	Formula string         `json:"formula,omitempty"`
	Expr    string         `json:"expr,omitempty"`
	Inputs  []string       `json:"inputs,omitempty"`
	Source  string         `json:"source,omitempty"`
}

// rawJSON is JSON text already written, such as a scenario (it changes in
// place after the answer is made: the fast path's kept calculation).
type rawJSON []byte

func (r rawJSON) MarshalJSON() ([]byte, error) { return r, nil }

func (r *rawJSON) UnmarshalJSON(data []byte) error {
	*r = append((*r)[:0], data...)
	return nil
}

// Estimate answers an estimate request, as the estimate method does for JSON.
func (a *API) Estimate(req EstimateRequest) (*EstimateResponse, error) {
	lang, err := Lang(req.Lang)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	est, ok := a.estimateFast(req.ScenarioRequest)
	if !ok {
		s, err := req.Load()
		if err != nil {
			return nil, err
		}
		if est, err = a.remember(req.ScenarioRequest, s); err != nil {
			return nil, err
		}
	}
	s := est.Scenario
	qs := est.Quantities()
	out := &EstimateResponse{Name: s.Name, Units: s.Units, Layout: Layout(est)}
	if req.Compact {
		out.Values = make([]float64, len(qs))
		for i, q := range qs {
			out.Values[i] = q.Value
		}
		out.Cells = page.Cells(est, lang)
	} else {
		out.Quantities = make([]Quantity, len(qs))
	}
	if req.ReturnScenario {
		scenario, err := s.MarshalJSON()
		if err != nil {
			return nil, err
		}
		out.Scenario = scenario
	}
	for i := range out.Quantities {
		q := qs[i]
		out.Quantities[i] = Quantity{ID: q.ID, Label: q.Label.In(lang), Value: q.Value, Unit: q.Unit, Text: present.Format(q.Value, q.Unit, s.Units, lang)}
		if req.Full {
			out.Quantities[i].Formula, out.Quantities[i].Expr, out.Quantities[i].Inputs, out.Quantities[i].Source = q.Formula, q.Expr, q.Inputs, q.Source.In(lang)
		}
	}
	for _, part := range req.Render {
		var field *string
		switch part {
		case "form":
			field = &out.Form
		case "results":
			field = &out.Results
		case "ranges":
			field = &out.Ranges
		default:
			return nil, &estimator.FieldError{Path: "render", Rule: estimator.Text{EN: `must list "form", "results" and/or "ranges"`, JA: `"form"、"results"、"ranges" から挙げてください`}, Got: strconv.Quote(part)}
		}
		if a.render == nil {
			return nil, &estimator.FieldError{Path: "render", Rule: estimator.Text{EN: "is the tools module's: ask the tools module", JA: "ツールモジュールの機能です。ツールモジュールに依頼してください"}, Got: strconv.Quote(part)}
		}
		if *field == "" { // once, however often it is listed
			*field = a.render(part, est, lang)
		}
	}
	return out, nil
}

// Layout fingerprints what the page's results show besides values (page.Layout).
func Layout(est *estimator.Estimate) string { return page.Layout(est) }

func (a *API) estimate(data []byte) (any, error) {
	var req EstimateRequest
	if err := DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	return a.Estimate(req)
}

func explain(data []byte) (any, error) {
	var req struct {
		ScenarioRequest
		ID   string `json:"id"`
		Lang string `json:"lang,omitempty"` // en (default) or ja: the text's words and the display
	}
	if err := DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	lang, err := Lang(req.Lang)
	if err != nil {
		return nil, err
	}
	est, err := req.Run()
	if err != nil {
		return nil, err
	}
	text, err := present.Explain(est, req.ID, lang)
	if err != nil {
		return nil, err
	}
	q, _ := est.Get(req.ID)
	return struct {
		Text     string             `json:"text"`
		Quantity estimator.Quantity `json:"quantity"`
		Display  string             `json:"display"`
	}{text, q, present.Format(q.Value, q.Unit, est.Scenario.Units, lang)}, nil
}

func presets(data []byte) (any, error) {
	if err := DecodeRequest(data, &struct{}{}); err != nil {
		return nil, err // it takes no fields, but a mistaken one is worth saying
	}
	// The catalog's tables are the tools module's catalog method's to list:
	// naming them here would link estimator/tool's tables into this module.
	return struct {
		Default string        `json:"default"`
		Presets []page.Preset `json:"presets"`
		Models  []string      `json:"models"`
		GPUs    []string      `json:"gpus"`
		Systems []string      `json:"systems"`
	}{examples.Default, page.Presets(), hardware.ModelIDs(), hardware.GPUIDs(), hardware.SystemIDs()}, nil
}
