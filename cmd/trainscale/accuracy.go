package main

import "github.com/trainscale/trainscale/estimator/tool"

// runAccuracy prints every published figure beside the models' prediction
// and the error of each group of them (tool.Accuracy).
func runAccuracy(e *env, args []string) error {
	fs := newFlags(e, "accuracy")
	var tf toolFlags
	tf.register(fs, "", true)
	// The shared flags offer table and json; this command writes CSV too.
	tf.format.choices = append(tf.format.choices, "csv")
	fs.Lookup("format").Usage = "output `FORMAT`: " + orList(tf.format.choices)
	if _, err := tf.parse(fs, args, 0); err != nil {
		return err
	}
	f, err := tf.loadFactors()
	if err != nil {
		return err
	}
	res, err := tool.Accuracy(tool.AccuracyRequest{Factors: f})
	if err != nil || tf.format.value != "csv" {
		return tf.write(e, res, err)
	}
	return writeRecords(e, tool.AccuracyRecords(res.Accuracy))
}

// writeRecords writes a table's records to standard output as CSV.
func writeRecords(e *env, recs [][]string) error {
	w := newCSV(e.stdout)
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}
