// Package exports makes the reports the CLI writes (report/xlsx, report/html,
// report/pdf) from a page request, so the browser's export module
// (wasm/export) and native tests share it. It is heavy (excelize, fpdf,
// go-echarts): only the export module links it.
package exports

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/html"
	"github.com/trainscale/trainscale/report/pdf"
	"github.com/trainscale/trainscale/report/xlsx"
)

// Request is an export's request: the page's scenario and what the report holds,
// as the report commands' flags say it.
type Request struct {
	api.ScenarioRequest
	Lang    string     `json:"lang,omitempty"`    // en (default) or ja
	Date    string     `json:"date,omitempty"`    // YYYY-MM-DD printed on the report; default today
	Samples *api.Whole `json:"samples,omitempty"` // Monte Carlo samples; default report.DefaultSamples, as the CLI
	Seed    *api.Whole `json:"seed,omitempty"`
	Compare []string   `json:"compare,omitempty"` // built-in scenarios beside this one, as published; default report.DefaultCompare (an empty list: none)
	Paper   string     `json:"paper,omitempty"`   // PDF paper: a4 (default) or letter
}

// File is one export.
type File struct {
	Bytes    []byte
	Filename string
	Type     string
}

// Kinds are the exports Make knows.
var Kinds = []string{"xlsx", "pdf", "html"}

// Make builds one export. echarts is the echarts script the HTML report
// inlines (nil: the report says its charts are not drawn); font is a TrueType
// font for a Japanese PDF.
func Make(kind string, request []byte, echarts, font []byte) (*File, error) {
	if !slices.Contains(Kinds, kind) {
		return nil, &estimator.FieldError{Path: "kind", Rule: estimator.Text{EN: "must be xlsx, pdf or html", JA: "xlsx、pdf、html のいずれかにしてください"}, Got: strconv.Quote(kind)}
	}
	if len(bytes.TrimSpace(request)) == 0 {
		request = []byte("{}")
	}
	var req Request
	if err := api.DecodeRequest(request, &req); err != nil {
		return nil, err
	}
	b, err := bundle(req)
	if err != nil {
		return nil, err
	}
	name := "trainscale"
	if req.Preset != "" {
		name = req.Preset
	}
	var out bytes.Buffer
	f := &File{}
	switch kind {
	case "xlsx":
		err = xlsx.Write(&out, b)
		f.Filename, f.Type = name+".xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	case "pdf":
		err = pdf.Write(&out, b, pdf.Options{Paper: req.Paper, Font: font})
		f.Filename, f.Type = name+".pdf", "application/pdf"
	case "html":
		err = html.Write(&out, b, html.Options{EChartsJS: echarts})
		f.Filename, f.Type = name+".html", "text/html"
	}
	if err != nil {
		return nil, err
	}
	f.Bytes = out.Bytes()
	return f, nil
}

// bundle is the CLI's reportFlags.bundle for a page request: the scenario, its
// uncertainty and sensitivity, and the scenarios beside it (the article's
// Table 1 beside the article unless told otherwise), as published: the
// request's overrides edit its own scenario alone.
func bundle(req Request) (*report.Bundle, error) {
	samples, seed, lang, err := api.ReportOptions(req.Samples, req.Seed, report.DefaultSamples, req.Lang)
	if err != nil {
		return nil, err
	}
	if req.Date == "" {
		req.Date = time.Now().Format(time.DateOnly)
	} else if _, err := time.Parse(time.DateOnly, req.Date); err != nil {
		return nil, &estimator.FieldError{Path: "date", Rule: estimator.Text{EN: "must be YYYY-MM-DD", JA: "YYYY-MM-DD の形にしてください"}, Got: strconv.Quote(req.Date)}
	}
	est, err := req.Run()
	if err != nil {
		return nil, err
	}
	names := req.Compare
	if names == nil {
		names = report.DefaultCompare(est.Scenario)
	}
	opt := report.Options{Samples: samples, Seed: seed, Lang: lang, Date: req.Date}
	builtin := req.Scenario == nil
	for i, name := range names {
		if slices.Contains(names[:i], name) {
			// Each name is a whole estimate: a list repeating one would run it again and again.
			return nil, &estimator.FieldError{Path: "compare[" + strconv.Itoa(i) + "]", Rule: estimator.Text{EN: "is listed twice", JA: "2 回挙げられています"}, Got: strconv.Quote(name)}
		}
		if builtin && (name == req.Preset || req.Preset == "" && name == examples.Default) {
			continue // a scenario beside itself says nothing
		}
		oe, err := api.ScenarioRequest{Preset: name}.Run()
		if err != nil {
			return nil, prefixed("compare["+name+"]", err, lang)
		}
		opt.Compared = append(opt.Compared, name)
		opt.Compare = append(opt.Compare, oe)
	}
	return report.Build(est, opt)
}

func prefixed(prefix string, err error, lang estimator.Lang) error {
	errs := api.Errors(err, lang)
	out := make([]error, len(errs))
	for i, e := range errs {
		e.Path = prefix + "." + e.Path
		e.Message = prefix + ": " + e.Message
		out[i] = &e
	}
	if len(out) == 1 {
		return out[0]
	}
	return joined(out)
}

type joined []error

func (j joined) Error() string {
	b, _ := json.Marshal(api.Errors(j, estimator.English))
	return string(b)
}

func (j joined) Unwrap() []error { return j }
