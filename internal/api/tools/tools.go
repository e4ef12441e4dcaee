// Package tools holds the hardware tools, the Monte Carlo, sensitivity,
// comparison and chart methods of package api. They live apart so the
// estimator module the page needs first stays small; the tools module
// (wasm/tools) and native callers add them: api.New(tools.Methods(), page.Render).
package tools

import (
	"bytes"
	"errors"
	"maps"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/minjson"
	"github.com/trainscale/trainscale/report"
)

// Methods are this package's methods by name, and api.PageMethods (explain,
// presets, messages), which the estimator module leaves to this one: a new
// map each call (a caller may add to it).
func Methods() map[string]api.Method {
	m := map[string]api.Method{
		"catalog":       catalog,
		"throughput":    throughput,
		"scale":         scale,
		"memory":        memory,
		"transformer":   transformer,
		"uncertainty":   uncertainty,
		"sensitivity":   sensitivity,
		"compare":       compare,
		"charts":        charts,
		"plan":          plan,
		"plan_scenario": planScenario,
	}
	maps.Copy(m, api.PageMethods())
	return m
}

func catalog(data []byte) (any, error) {
	var req struct {
		Table string `json:"table"`
	}
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	if req.Table == "" {
		out := map[string]any{}
		for _, t := range tool.Tables {
			l, err := tool.Catalog(t)
			if err != nil {
				return nil, err
			}
			out[t] = l.Entries
		}
		return out, nil
	}
	return tool.Catalog(req.Table)
}

// factorsField is a tool request's "factors": a scenario's factors section,
// fields left out keeping their calibrated defaults.
type factorsField struct {
	Factors any `json:"factors,omitempty"` // as minjson.Read reads it
}

// decodeTool reads a tool request, one that embeds factorsField, and the
// factors it asks for.
func decodeTool(data []byte, req interface {
	toolFactors() (tool.Factors, error)
}) (tool.Factors, error) {
	if err := api.DecodeRequest(data, req); err != nil {
		return tool.Factors{}, err
	}
	return req.toolFactors()
}

func (f factorsField) toolFactors() (tool.Factors, error) {
	if f.Factors == nil {
		return tool.Factors{}, nil
	}
	text, err := minjson.Append([]byte(`{"factors":`), f.Factors)
	if err != nil {
		return tool.Factors{}, err
	}
	fs, err := estimator.DecodeFactors(bytes.NewReader(append(text, '}')))
	if err != nil {
		return tool.Factors{}, err
	}
	h := fs.Resolve()
	return tool.Factors{Values: &h, Source: "the request's factors"}, nil
}

func throughput(data []byte) (any, error) {
	var req struct {
		Model     string     `json:"model"`
		GPU       string     `json:"gpu,omitempty"`
		CPU       string     `json:"cpu,omitempty"`
		Precision string     `json:"precision,omitempty"`
		Batch     *api.Whole `json:"batch,omitempty"`
		factorsField
	}
	tf, err := decodeTool(data, &req)
	if err != nil {
		return nil, err
	}
	batch, err := optionalInt("batch", req.Batch)
	if err != nil {
		return nil, err
	}
	return tool.Throughput(tool.ThroughputRequest{Model: req.Model, GPU: req.GPU, CPU: req.CPU, Precision: req.Precision, Batch: batch, Factors: tf})
}

func scale(data []byte) (any, error) {
	var req struct {
		Model     string     `json:"model"`
		System    string     `json:"system"`
		GPUs      *api.Whole `json:"gpus"`
		Precision string     `json:"precision,omitempty"`
		Batch     *api.Whole `json:"batch,omitempty"`
		Sweep     bool       `json:"sweep,omitempty"` // its size follows gpus, which the estimator bounds
		// The loader, as the CLI's --loader-processes and --decode; the
		// estimator checks both.
		LoaderProcesses *api.Whole `json:"loader_processes,omitempty"`
		Decode          string     `json:"decode,omitempty"`
		factorsField
	}
	tf, err := decodeTool(data, &req)
	if err != nil {
		return nil, err
	}
	gpus, err := req.GPUs.Int("gpus", 0, -api.MaxWhole, api.MaxWhole)
	if err != nil {
		return nil, err
	}
	batch, err := optionalInt("batch", req.Batch)
	if err != nil {
		return nil, err
	}
	loaders, err := optionalInt("loader_processes", req.LoaderProcesses)
	if err != nil {
		return nil, err
	}
	return tool.Scale(tool.ScaleRequest{Model: req.Model, System: req.System, GPUs: gpus, Precision: req.Precision, Batch: batch, Sweep: req.Sweep, Factors: tf,
		LoaderProcesses: loaders, Decode: req.Decode})
}

func memory(data []byte) (any, error) {
	var req struct {
		Model     string     `json:"model"`
		GPU       string     `json:"gpu"`
		Batch     *api.Whole `json:"batch"`
		Precision string     `json:"precision,omitempty"`
		Optimizer string     `json:"optimizer,omitempty"`
		Density   *float64   `json:"density,omitempty"` // the estimator checks (0, 1]
		BlockSize *api.Whole `json:"block_size,omitempty"`
		factorsField
	}
	tf, err := decodeTool(data, &req)
	if err != nil {
		return nil, err
	}
	batch, err := optionalInt("batch", req.Batch)
	if err != nil {
		return nil, err
	}
	blockSize, err := optionalInt("block_size", req.BlockSize)
	if err != nil {
		return nil, err
	}
	return tool.Memory(tool.MemoryRequest{Model: req.Model, GPU: req.GPU, Batch: batch, Precision: req.Precision, Optimizer: req.Optimizer, Density: req.Density, BlockSize: blockSize, Factors: tf})
}

func transformer(data []byte) (any, error) {
	var req struct {
		Model             string     `json:"model"`
		Config            any        `json:"config,omitempty"` // a config.json as published: an object, or its text
		Shape             any        `json:"shape,omitempty"`  // a shape in the scenario's form, likewise
		GPU               string     `json:"gpu"`
		System            string     `json:"system,omitempty"`
		GPUs              *api.Whole `json:"gpus"`
		Tokens            float64    `json:"tokens"`
		Precision         string     `json:"precision,omitempty"`
		Seq               *api.Whole `json:"seq,omitempty"`
		GlobalBatchTokens float64    `json:"global_batch_tokens,omitempty"`
		MFU               *float64   `json:"mfu,omitempty"`
		TP                *api.Whole `json:"tp,omitempty"`
		PP                *api.Whole `json:"pp,omitempty"`
		MicroBatch        *api.Whole `json:"micro_batch,omitempty"`
		Mode              string     `json:"mode,omitempty"`
		LoRARank          *api.Whole `json:"lora_rank,omitempty"`
		LoRATargets       string     `json:"lora_targets,omitempty"`
		factorsField
	}
	tf, err := decodeTool(data, &req)
	if err != nil {
		return nil, err
	}
	ints := map[string]**api.Whole{"gpus": &req.GPUs, "seq": &req.Seq, "tp": &req.TP, "pp": &req.PP, "micro_batch": &req.MicroBatch, "lora_rank": &req.LoRARank}
	got := map[string]*int{}
	for _, name := range []string{"gpus", "seq", "tp", "pp", "micro_batch", "lora_rank"} {
		if got[name], err = optionalInt(name, *ints[name]); err != nil {
			return nil, err
		}
	}
	if req.Config, err = jsonField("config", req.Config); err != nil {
		return nil, err
	}
	if req.Shape, err = jsonField("shape", req.Shape); err != nil {
		return nil, err
	}
	r := tool.TransformerRequest{Model: req.Model, Config: req.Config, Shape: req.Shape, GPU: req.GPU, System: req.System, Tokens: req.Tokens, Precision: req.Precision,
		GlobalBatchTokens: req.GlobalBatchTokens, MFU: req.MFU, TP: got["tp"], PP: got["pp"], MicroBatch: got["micro_batch"],
		Tuning: tool.Tuning{Mode: req.Mode, LoRATargets: req.LoRATargets}, Factors: tf}
	if got["lora_rank"] != nil {
		r.LoRARank = *got["lora_rank"]
	}
	if got["gpus"] != nil {
		r.GPUs = *got["gpus"]
	}
	if got["seq"] != nil {
		r.Seq = *got["seq"]
	}
	return tool.Transformer(r)
}

// jsonField is a request field that holds JSON as an object, or as the text
// of a file, as a page reads it from a paste or an upload.
func jsonField(path string, v any) (any, error) {
	text, ok := v.(string)
	if !ok {
		return v, nil
	}
	tree, err := estimator.ReadTree(strings.NewReader(text), path)
	if se := (*estimator.SyntaxError)(nil); errors.As(err, &se) {
		at, atJA := "line "+strconv.Itoa(se.Line)+", column "+strconv.Itoa(se.Column), strconv.Itoa(se.Line)+" 行 "+strconv.Itoa(se.Column)+" 列"
		return nil, &estimator.FieldError{Path: path, Rule: estimator.Text{EN: "must be valid JSON (" + at + "): " + se.Msg, JA: "正しい JSON にしてください（" + atJA + "）: " + se.Msg}}
	}
	return tree, err
}

// optionalInt is a tool's optional whole-number field, nil when left out. The
// estimator checks its range (batch, block_size) and words the error.
func optionalInt(path string, w *api.Whole) (*int, error) {
	if w == nil {
		return nil, nil
	}
	n, err := w.Int(path, 0, -api.MaxWhole, api.MaxWhole)
	return &n, err
}

func uncertainty(data []byte) (any, error) {
	var req struct {
		api.ScenarioRequest
		Samples *api.Whole `json:"samples,omitempty"`
		Seed    *api.Whole `json:"seed,omitempty"`
	}
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	samples, err := req.Samples.Int("samples", report.DefaultSamples, 1, estimator.MaxSamples)
	if err != nil {
		return nil, err
	}
	seed, err := req.Seed.Int("seed", 1, 0, api.MaxWhole)
	if err != nil {
		return nil, err
	}
	s, err := req.Load()
	if err != nil {
		return nil, err
	}
	return estimator.RunUncertainty(s, samples, uint64(seed), 1) // one worker: a wasm instance has one thread
}

func sensitivity(data []byte) (any, error) {
	var req struct {
		api.ScenarioRequest
		Target string `json:"target,omitempty"`
	}
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	s, err := req.Load()
	if err != nil {
		return nil, err
	}
	return estimator.RunSensitivity(s, req.Target)
}

// CompareRequest puts scenarios side by side; Set applies to every one of them,
// as compare's --set does.
type CompareRequest struct {
	Scenarios []struct {
		Name string `json:"name,omitempty"`
		api.ScenarioRequest
	} `json:"scenarios"`
	Set []api.Set `json:"set,omitempty"`
}

func compare(data []byte) (any, error) {
	var req CompareRequest
	if err := api.DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	if len(req.Scenarios) == 0 {
		return nil, &estimator.FieldError{Path: "scenarios", Rule: estimator.Text{EN: "must list at least one scenario", JA: "シナリオを 1 つ以上挙げてください"}, Got: nil}
	}
	names := make([]string, len(req.Scenarios))
	ests := make([]*estimator.Estimate, len(req.Scenarios))
	var errs []error
	for i, sc := range req.Scenarios {
		sr := sc.ScenarioRequest
		sr.Set = append(append([]api.Set(nil), sc.Set...), req.Set...)
		names[i] = sc.Name
		if names[i] == "" {
			names[i] = sc.Preset
		}
		if names[i] == "" {
			names[i] = "scenario " + strconv.Itoa(i+1)
		}
		var err error
		if ests[i], err = sr.Run(); err != nil {
			for _, e := range api.Errors(err, estimator.English) {
				e.Path = "scenarios[" + strconv.Itoa(i) + "]." + e.Path
				errs = append(errs, &e)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	// The one shape present.Comparison defines, as the CLI writes it.
	return present.Compare(names, ests), nil
}
