package estimator

import (
	"reflect"
	"strings"
)

// InputSpec describes one input a scenario sets, for surfaces that show it
// as an editable field (the workbook's Assumptions sheet): its value, the
// rules Validate applies to it alone, what its number counts and where it
// comes from. Rules that relate several fields (sampled_fps <= source_fps)
// are not here; Validate still applies them.
type InputSpec struct {
	Path   string   // as --set takes it: "workloads[1].mb_per_s"
	IsText bool     // a string field; Text holds it, else Number
	Number float64  // the value; a ranged input's likely value (or median)
	Text   string   // string fields
	Rules  []string // the field's check tags: gt0, ge=X, le=X, int, oneof=a|b, id
	Unit   string   // what the number counts, in words ("TB per hour per car"); "" for text
	Money  bool     // the number is an amount of the scenario's currency (Unit names it)
	Source string   // the scenario's sources entry for the path, if any
	Range  *Dist    // the range the scenario gives, if any
}

// InputSpecs lists every number and every non-empty string the scenario sets,
// in the order of the scenario format.
func InputSpecs(s *Scenario) []InputSpec {
	currency := "USD"
	if s.Money != nil {
		currency = s.Money.currency()
	}
	var out []InputSpec
	walk("", reflect.ValueOf(s).Elem(), nil, func(path string, checks []string, v reflect.Value) {
		spec := InputSpec{Path: path, Rules: checks, Source: s.Sources[path]}
		switch v.Kind() {
		case reflect.Float64:
			spec.Number = v.Float()
			unit := inputUnits[genericPath(path)]
			spec.Money = strings.Contains(unit, "<currency>")
			spec.Unit = strings.ReplaceAll(unit, "<currency>", currency)
		case reflect.String:
			if v.String() == "" {
				return
			}
			spec.IsText, spec.Text = true, v.String()
		default:
			return
		}
		if d, ok := s.Ranges[path]; ok {
			spec.Range = &d
		}
		out = append(out, spec)
	})
	return out
}

// DescribeRule says a check tag in words, as Validate reports a value that
// breaks it: "gt0" -> "must be > 0".
func DescribeRule(rule string) string {
	switch {
	case strings.HasPrefix(rule, "oneof="):
		return "must be one of " + strings.Join(strings.Split(strings.TrimPrefix(rule, "oneof="), "|"), ", ")
	case rule == "id":
		return idRule
	case rule == "nonempty":
		return "must list at least one item"
	}
	text, _ := numberRule(rule, 0)
	return text
}

// inputUnits says what each numeric field of the format counts; <currency>
// stands for the scenario's currency.
var inputUnits = map[string]string{
	"fleet.cars":                          "cars",
	"fleet.hours_per_day":                 "hours a day",
	"fleet.days_per_year":                 "days a year",
	"fleet.tb_per_hour":                   "TB per hour per car",
	"fleet.sensors[].count":               "sensors per car",
	"fleet.sensors[].megapixels":          "megapixels",
	"fleet.sensors[].bits_per_pixel":      "bits per pixel",
	"fleet.sensors[].fps":                 "frames per second",
	"fleet.sensors[].mbit_per_s":          "Mbit/s (10^6 bits)",
	"preprocessing.source_fps":            "frames per second",
	"preprocessing.sampled_fps":           "frames per second",
	"preprocessing.compression_ratio":     "x",
	"preprocessing.reduction":             "fraction kept",
	"dataset.samples":                     "samples",
	"dataset.sample_kb":                   "KB per sample",
	"training.epochs":                     "epochs",
	"workloads[].mb_per_s":                "MB/s on one reference GPU",
	"workloads[].batch":                   "samples per GPU",
	"workloads[].sample_kb":               "KB per sample",
	"systems[].gpus":                      "GPUs per system",
	"systems[].speedup":                   "x the reference GPU",
	"systems[].gpu_memory_gb":             "GB per GPU",
	"systems[].host_ram_gb":               "GB",
	"systems[].local_ssd_tb":              "TB",
	"systems[].price":                     "<currency> per system",
	"systems[].power_kw":                  "kW per system",
	"money.per_usd":                       "<currency> per USD",
	"money.network_per_system":            "<currency> per system",
	"money.storage_per_tb":                "<currency> per usable TB",
	"money.storage_replication":           "copies",
	"money.support_percent_per_year":      "% of capex a year",
	"money.price_per_kwh":                 "<currency> per kWh",
	"money.pue":                           "ratio",
	"money.load_factor":                   "fraction of maximum power",
	"money.utilisation":                   "fraction of the year",
	"money.depreciation_years":            "years",
	"money.cloud_per_gpu_hour":            "<currency> per GPU-hour",
	"money.grid_kg_co2_per_kwh":           "kg CO2 per kWh",
	"goodput.failures_per_gpu_year":       "failures per GPU-year",
	"goodput.checkpoint_interval_hours":   "hours",
	"goodput.restart_hours":               "hours",
	"goodput.checkpoint_write_minutes":    "minutes",
	"team.members":                        "people",
	"team.concurrent_jobs":                "jobs at once",
	"team.target_days":                    "days",
	"host.ram_factor_low":                 "x the GPUs' memory",
	"host.ram_factor_high":                "x the GPUs' memory",
	"growth.factor":                       "x data",
	"growth.exponent":                     "power of the data factor",
	"growth.per_year":                     "x a year",
	"growth.years":                        "years",
	"factors.fp32_efficiency":             "fraction of peak",
	"factors.tf32_efficiency":             "fraction of peak",
	"factors.mixed_efficiency":            "fraction of peak",
	"factors.cpu_efficiency":              "fraction of peak",
	"factors.memory_efficiency":           "fraction of peak bandwidth",
	"factors.step_overhead_s":             "s per step",
	"factors.comm_efficiency":             "fraction of link bandwidth",
	"factors.overlap":                     "fraction hidden",
	"factors.host_input_bytes_per_core_s": "B/s per core",
	"factors.workspace_fraction":          "fraction of activations",
}
