package hardware

// A whole run costs more than its steady state: beyond failures and
// checkpoint stalls (Failures), the parts below stretch its time. Each is a
// share of the steady time, from what published runs report; none is fitted
// to the runs the accuracy table holds out.

// Overheads are the shares of a run's steady time its other parts add.
type Overheads struct {
	// Evaluation is the held-out evaluations run between training steps on
	// the training GPUs.
	Evaluation float64
	// Ramp is the batch-size ramp and learning-rate warm-up, whose smaller
	// steps run below the steady rate.
	Ramp float64
	// Stragglers is the slowest node's drag and the day's swings.
	Stragglers float64
	// DataStalls is the steps that wait on the data loader or storage.
	DataStalls float64
	// Reserved is the spare GPUs a fixed cluster holds beside the job's, a
	// share of them: paid for, training nothing, they stretch the GPU-hours
	// and not the time (BLOOM held 4 spare nodes beside its 48: 0.083).
	// Published GPU-hours count the training GPUs, so the default is none.
	Reserved float64
}

// DefaultOverheads are a large modern run's:
//   - evaluation 0.5%: OPT-175B and Meta's clusters evaluate on separate
//     GPUs; a small share is left on the job (Zhang et al. 2022, logbook);
//   - ramp 2%: Llama 3 405B trained its first 252M tokens at a 4M-token
//     batch and the next 2.6T at 8M before 16M (Dubey et al. 2024, section
//     3.4.1), steps a quarter and a half the size, which communicate as
//     much; 18% of its tokens at a lower rate;
//   - stragglers 1.5%: Llama 3's throughput swung 1-2% with the day's
//     temperature (section 3.3.4); MegaScale gained 0.7% MFU removing slow
//     nodes (Jiang et al. 2024, section 6);
//   - data stalls 0.5%: loaders prefetch; both reports name storage only
//     for checkpoints.
var DefaultOverheads = Overheads{Evaluation: 0.005, Ramp: 0.02, Stragglers: 0.015, DataStalls: 0.005}

// Stretch is a run's time over its steady time from the overheads alone.
func (o Overheads) Stretch() float64 { return 1 + o.Evaluation + o.Ramp + o.Stragglers + o.DataStalls }

// Held is the GPUs a run holds over those it trains on: 1 + Reserved.
func (o Overheads) Held() float64 { return 1 + o.Reserved }

// RunShare is the share of a whole run's time on gpus GPUs spent training at
// the steady rate: the goodput, less the overheads' stretch and the model
// error's.
func (fl Failures) RunShare(gpus float64) float64 {
	g := fl.Goodput(gpus) / fl.Overheads.Stretch()
	if fl.Stretch > 0 {
		g /= fl.Stretch
	}
	return g
}

// RunPart is one named part of a whole run's GPU-hours.
type RunPart struct {
	Name  string // one of RunPartNames
	Hours float64
}

// RunPartNames are a whole run's parts, in RunParts' order.
// An array, so RunParts returns its parts by value: the page estimates each
// run's parts three times an edit, and a slice would allocate every time.
var RunPartNames = [...]string{"steady", "failures", "checkpoints", "evaluation", "ramp", "stragglers", "data_stalls", "reserved"}

// RunParts splits a whole run of steady GPU-hours into its parts, which
// add up to whole (steady / RunShare x Held, unless a model error stretches
// it): the spare GPUs' hours are their share of the GPUs held, checkpoint
// stalls their share of the training GPUs' hours, the overheads their
// shares of the steady hours, failures (restarts and lost work) the rest.
func (fl Failures) RunParts(steady, whole float64) [len(RunPartNames)]RunPart {
	o := fl.Overheads
	training := whole / o.Held()
	hours := [len(RunPartNames)]float64{steady, 0, training * fl.CheckpointWriteS / fl.CheckpointIntervalS,
		steady * o.Evaluation, steady * o.Ramp, steady * o.Stragglers, steady * o.DataStalls, whole - training}
	var parts [len(RunPartNames)]RunPart
	rest := whole
	for i, h := range hours {
		parts[i] = RunPart{RunPartNames[i], h}
		rest -= h
	}
	parts[1].Hours = rest
	return parts
}
