package main

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/report"
)

// reportFlags are the flags of every command that writes a report: the
// scenario, what else the report holds, and where it goes.
type reportFlags struct {
	scenario scenarioFlags
	out      string
	samples  *intFlag[int]
	seed     *intFlag[uint64]
	compare  multiFlag
	lang     string // --lang, checked in bundle
	date     string
	outDir   bool // -o names a directory, not a file
	// factors replaces the scenarios' factors section; measurements are
	// the points they were fitted to, shown before and after the fit.
	factors, measurements string
}

func (rf *reportFlags) register(fs *flag.FlagSet, outHelp string) {
	rf.scenario.register(fs)
	fs.StringVar(&rf.out, "o", "", outHelp)
	rf.samples = addInt(fs, "samples", report.DefaultSamples, 0, estimator.MaxSamples, "`N` Monte Carlo samples for the uncertainty section (0 leaves it out)")
	rf.seed = seedFlag(fs, "random seed `N` of the uncertainty section")
	fs.Var(&rf.compare, "compare", "a built-in scenario `NAME` or FILE to set beside this one, as it is (--set edits this one alone); repeatable (default: the article's Table 1 scenarios beside the article, none beside any other)")
	fs.StringVar(&rf.lang, "lang", "en", "report language `LANG`: en or ja")
	fs.StringVar(&rf.date, "date", "", "date printed on the report, `YYYY-MM-DD` (default: today)")
	fs.StringVar(&rf.factors, "factors", "", "efficiency factors from a JSON `file` as calibrate --out writes it; replaces the factors section of this scenario and the compared ones")
	fs.StringVar(&rf.measurements, "measurements", "", "the CSV `file` the factors were fitted to (calibrate --measurements): the report shows each point before and after the fit")
}

// fitFiles reads --factors and --measurements.
func (rf *reportFlags) fitFiles() (*estimator.Factors, []hardware.Measurement, error) {
	var tf toolFlags
	tf.factors = rf.factors
	f, err := tf.loadFactorsSection()
	if err != nil || rf.measurements == "" {
		return f, nil, err
	}
	file, err := os.Open(rf.measurements)
	if err != nil {
		return nil, nil, err
	}
	defer file.Close()
	pts, err := tool.ParseMeasurementsCSV(file, filepath.Base(rf.measurements))
	return f, pts, err
}

// bundle loads the scenario, estimates it and builds the report's content.
func (rf *reportFlags) bundle(e *env, file string) (*report.Bundle, error) {
	if rf.out == "" {
		return nil, usagef("-o is required")
	}
	if rf.out == "-" && rf.outDir {
		return nil, usagef("-o: names a directory here; standard output (-) takes one file")
	}
	if err := checkAll(rf.samples, rf.seed); err != nil {
		return nil, err
	}
	if err := oneOf("--lang", rf.lang, "en", "ja"); err != nil {
		return nil, err
	}
	if rf.date == "" {
		rf.date = time.Now().Format(time.DateOnly)
	} else if _, err := time.Parse(time.DateOnly, rf.date); err != nil {
		return nil, usagef("--date: must be YYYY-MM-DD, got %v", estimator.Shown(strconv.Quote(rf.date), "en"))
	}
	factors, measurements, err := rf.fitFiles()
	if err != nil {
		return nil, err
	}
	s, err := rf.scenario.load(e, file)
	if err != nil {
		return nil, err
	}
	if factors != nil {
		s.Factors = factors
	}
	if measurements != nil && s.Factors == nil {
		return nil, usagef("--measurements: the scenario has no factors section to set them beside; give --factors FILE (calibrate --out writes it)")
	}
	est, err := estimator.Run(s)
	if err != nil {
		return nil, rf.scenario.wrap(err)
	}
	names := rf.compare
	if len(names) == 0 {
		names = report.DefaultCompare(s)
	}
	opt := report.Options{Samples: rf.samples.value, Seed: rf.seed.value, Lang: estimator.Lang(rf.lang), Date: rf.date, Measurements: measurements}
	for _, name := range names {
		if name == rf.scenario.name || name == examples.Default && file == "" && rf.scenario.name == "" {
			continue // a scenario beside itself says nothing
		}
		// --set edits the user's scenario alone: the compared ones are as
		// published, or a set meant for one model would break another
		// (article-2017 has no transformer to set).
		var other scenarioFlags
		var otherFile string
		if _, builtin := examples.Read(name); builtin {
			other.name = name
		} else {
			otherFile = name
		}
		o, err := other.load(e, otherFile)
		if err != nil {
			return nil, err
		}
		if factors != nil {
			o.Factors = factors
		}
		oe, err := estimator.Run(o)
		if err != nil {
			return nil, other.wrap(err)
		}
		opt.Compared = append(opt.Compared, name)
		opt.Compare = append(opt.Compare, oe)
	}
	b, err := report.Build(est, opt)
	return b, rf.scenario.wrap(err)
}
