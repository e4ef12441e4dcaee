package api

import (
	"encoding/json"
	"hash/fnv"
	"strconv"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/examples"
)

// EstimateRequest is estimate's request: a scenario, and what to send back
// besides the quantities.
type EstimateRequest struct {
	ScenarioRequest
	Full bool `json:"full,omitempty"` // every quantity's formula, inputs and source too
	// Compact sends only values and texts, in the order of the last full
	// answer with the same layout: what a page needs to update in place.
	Compact bool `json:"compact,omitempty"`
	// ReturnScenario sends the scenario back, overrides applied, ranges in place
	// (what the page's JSON export saves).
	ReturnScenario bool     `json:"return_scenario,omitempty"`
	Render         []string `json:"render,omitempty"` // "form", "results": HTML to put in the page
	Lang           string   `json:"lang,omitempty"`   // en (default) or ja, for Render
}

// EstimateResponse is estimate's answer.
type EstimateResponse struct {
	Name     string               `json:"name"`
	Units    estimator.UnitSystem `json:"units"`
	Scenario json.RawMessage      `json:"scenario,omitempty"` // with return_scenario: the overrides applied, ranges in place
	// Layout fingerprints the list of quantity ids: while it stays the same, a
	// page updates the values in place instead of rendering again.
	Layout     string     `json:"layout"`
	Quantities []Quantity `json:"quantities,omitempty"`
	Values     []float64  `json:"values,omitempty"` // compact: the quantities' values, in layout order
	Texts      []string   `json:"texts,omitempty"`  // compact: the values as the CLI prints them
	Form       string     `json:"form,omitempty"`
	Results    string     `json:"results,omitempty"`
}

// Quantity is an estimator.Quantity with its value as the CLI prints it; the
// formula, inputs and source come only when asked for (full), or from explain.
type Quantity struct {
	ID      string         `json:"id"`
	Label   string         `json:"label"`
	Value   float64        `json:"value"`
	Unit    estimator.Unit `json:"unit"`
	Text    string         `json:"text"` // estimator.Format of the value
	Formula string         `json:"formula,omitempty"`
	Expr    string         `json:"expr,omitempty"`
	Inputs  []string       `json:"inputs,omitempty"`
	Source  string         `json:"source,omitempty"`
}

// Estimate runs a request natively: the site's build prerenders with it.
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
	out := &EstimateResponse{Name: s.Name, Units: s.Units, Layout: Layout(qs)}
	if req.Compact {
		out.Values, out.Texts = make([]float64, len(qs)), make([]string, len(qs))
		for i, q := range qs {
			out.Values[i], out.Texts[i] = q.Value, estimator.Format(q.Value, q.Unit, s.Units)
		}
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
		out.Quantities[i] = Quantity{ID: q.ID, Label: q.Label, Value: q.Value, Unit: q.Unit, Text: estimator.Format(q.Value, q.Unit, s.Units)}
		if req.Full {
			out.Quantities[i].Formula, out.Quantities[i].Expr, out.Quantities[i].Inputs, out.Quantities[i].Source = q.Formula, q.Expr, q.Inputs, q.Source
		}
	}
	for _, part := range req.Render {
		switch {
		case part == "form" && out.Form == "": // once, however often it is listed
			out.Form = Form(s, lang)
		case part == "results" && out.Results == "":
			out.Results = Results(est, lang)
		case part != "form" && part != "results":
			return nil, &estimator.FieldError{Path: "render", Rule: `must list "form" and/or "results"`, Got: strconv.Quote(part)}
		}
	}
	return out, nil
}

// Layout fingerprints a list of quantities by their ids and labels, in order.
func Layout(qs []estimator.Quantity) string {
	h := fnv.New64a()
	for _, q := range qs {
		h.Write([]byte(q.ID))
		h.Write([]byte{0})
		h.Write([]byte(q.Label))
		h.Write([]byte{0})
	}
	return strconv.FormatUint(h.Sum64(), 36)
}

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
		ID string `json:"id"`
	}
	if err := DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	est, err := req.Run()
	if err != nil {
		return nil, err
	}
	text, err := est.Explain(req.ID)
	if err != nil {
		return nil, err
	}
	q, _ := est.Get(req.ID)
	return struct {
		Text     string             `json:"text"`
		Quantity estimator.Quantity `json:"quantity"`
		Display  string             `json:"display"`
	}{text, q, estimator.Format(q.Value, q.Unit, est.Scenario.Units)}, nil
}

// Preset is one built-in scenario.
type Preset struct {
	Name  string `json:"name"`  // for preset requests and the URL
	Title string `json:"title"` // the scenario's own name
}

// Presets lists the built-in scenarios, the default first.
func Presets() []Preset {
	var out []Preset
	for _, name := range examples.Names() {
		data, _ := examples.Read(name)
		var head struct {
			Name string `json:"name"`
		}
		json.Unmarshal(data, &head)
		p := Preset{Name: name, Title: head.Name}
		if name == examples.Default {
			out = append([]Preset{p}, out...)
		} else {
			out = append(out, p)
		}
	}
	return out
}

func presets(data []byte) (any, error) {
	if err := DecodeRequest(data, &struct{}{}); err != nil {
		return nil, err // it takes no fields, but a mistaken one is worth saying
	}
	return struct {
		Default string   `json:"default"`
		Presets []Preset `json:"presets"`
		Tables  []string `json:"catalog_tables"`
		Models  []string `json:"models"`
		GPUs    []string `json:"gpus"`
		Systems []string `json:"systems"`
	}{examples.Default, Presets(), estimator.CatalogTables, hardware.ModelIDs(), hardware.GPUIDs(), hardware.SystemIDs()}, nil
}
