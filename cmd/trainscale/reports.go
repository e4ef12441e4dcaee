package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/echartsjs"
	"github.com/trainscale/trainscale/internal/jafont"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/html"
	"github.com/trainscale/trainscale/report/pdf"
	"github.com/trainscale/trainscale/report/xlsx"
)

// htmlFlags are the flags of the commands that write the HTML report.
type htmlFlags struct{ echarts string }

func (hf *htmlFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&hf.echarts, "echarts", "", "the echarts script to inline, a `PATH` to a .js file (default: the build this binary carries, with the parts trainscale draws)")
}

// script is the echarts script the report inlines: the --echarts file (which
// must exist), else the build embedded in the binary, so an installed
// trainscale draws its charts with no npm and no network.
func (hf *htmlFlags) script() ([]byte, error) {
	if hf.echarts == "" {
		return echartsjs.JS, nil
	}
	return os.ReadFile(hf.echarts)
}

// pdfFlags are the flags of the commands that write the PDF proposal.
type pdfFlags struct{ font, paper string }

func (pf *pdfFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&pf.font, "font", "", "a TrueType font `PATH` (.ttf) for the PDF (default: Helvetica; for --lang ja the built-in IPAex Gothic)")
	fs.StringVar(&pf.paper, "paper", "a4", "PDF paper `SIZE`: a4 or letter")
}

// runLicenses prints the IPA Font License Agreement, which must travel with
// the IPAex Gothic this binary carries (its Article 3.2).
func runLicenses(e *env, args []string) error {
	if _, err := parse(newFlags(e, "licenses"), args, 0); err != nil {
		return err
	}
	// The binary carries two works whose licences ask to travel with them:
	// the Japanese font and the echarts script.
	if _, err := e.stdout.Write(jafont.License); err != nil {
		return err
	}
	_, err := fmt.Fprintf(e.stdout, "\n\n%s\n", echartsjs.Notice())
	return err
}

// options loads the font the proposal needs: --font, or for Japanese the
// IPAex Gothic built in.
func (pf *pdfFlags) options(lang estimator.Lang) (pdf.Options, error) {
	if err := oneOf("--paper", pf.paper, "a4", "letter"); err != nil {
		return pdf.Options{}, err
	}
	opt := pdf.Options{Paper: pf.paper}
	switch {
	case pf.font != "":
		font, err := pdf.LoadFont(pf.font)
		if err != nil {
			return opt, err
		}
		opt.Font = font
	case lang == "ja":
		opt.Font = jafont.TTF
	}
	return opt, nil
}

// parseReport parses the flags of the report command name (the report flags,
// then each of more) and builds the report's content.
func parseReport(e *env, name, outHelp string, args []string, more ...interface{ register(*flag.FlagSet) }) (*reportFlags, *report.Bundle, error) {
	fs := newFlags(e, name)
	rf := &reportFlags{outDir: name == "report"}
	rf.register(fs, outHelp)
	for _, m := range more {
		m.register(fs)
	}
	pos, err := parse(fs, args, 1)
	if err != nil {
		return nil, nil, err
	}
	b, err := rf.bundle(e, first(pos))
	if err != nil {
		return nil, nil, err
	}
	return rf, b, nil
}

func runHTML(e *env, args []string) error {
	var hf htmlFlags
	rf, b, err := parseReport(e, "html", "output HTML `FILE` (required), e.g. report.html", args, &hf)
	if err != nil {
		return err
	}
	js, err := hf.script()
	if err != nil {
		return err
	}
	return writeOutput(e, rf.out, func(w io.Writer) error { return html.Write(w, b, html.Options{EChartsJS: js}) })
}

func runPDF(e *env, args []string) error {
	var pf pdfFlags
	rf, b, err := parseReport(e, "pdf", "output PDF `FILE` (required), e.g. proposal.pdf", args, &pf)
	if err != nil {
		return err
	}
	opt, err := pf.options(b.Lang)
	if err != nil {
		return err
	}
	return writeOutput(e, rf.out, func(w io.Writer) error { return pdf.Write(w, b, opt) })
}

// runReport writes the workbook, the HTML report and the PDF proposal into
// one directory, all or none: a failure (a missing font, a directory in the
// way of one file) leaves the directory as it was.
func runReport(e *env, args []string) error {
	var (
		hf htmlFlags
		pf pdfFlags
	)
	rf, b, err := parseReport(e, "report", "output `DIR` (required): plan.xlsx, report.html and proposal.pdf go there", args, &hf, &pf)
	if err != nil {
		return err
	}
	opt, err := pf.options(b.Lang)
	if err != nil {
		return err
	}
	js, err := hf.script()
	if err != nil {
		return err
	}
	if st, err := os.Stat(rf.out); err == nil && !st.IsDir() {
		return usagef("-o %s: not a directory", rf.out)
	}
	// Each output's error names its file: report writes three.
	named := func(name string, write func(io.Writer) error) output {
		return output{filepath.Join(rf.out, name), func(w io.Writer) error {
			if err := write(w); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			return nil
		}}
	}
	outs := []output{
		named("plan.xlsx", func(w io.Writer) error { return xlsx.Write(w, b) }),
		named("report.html", func(w io.Writer) error { return html.Write(w, b, html.Options{EChartsJS: js}) }),
		named("proposal.pdf", func(w io.Writer) error { return pdf.Write(w, b, opt) }),
	}
	sizes, err := writeOutputs(e, "report writes a file of that name there; move it, or name another -o DIR", outs...)
	if err != nil {
		return err
	}
	for i, o := range outs {
		fmt.Fprintf(e.stdout, "wrote %s (%d bytes)\n", estimator.Printable(o.path), sizes[i])
	}
	return nil
}
