package estimator

import "strings"

// InputSpec is one input of a particular scenario, for surfaces that show it
// as an editable field (the page's form, the workbook's Assumptions sheet):
// its value, its row of the fields table, the rules Validate applies to it
// alone and where it comes from. Rules that relate several fields
// (sampled_fps <= source_fps) are not here; Validate still applies them.
type InputSpec struct {
	Path   string   // as --set takes it: "workloads[1].mb_per_s"
	Field  Field    // the table's row: label, unit, help in every language
	Set    bool     // the scenario gives the value (else Number and Text are zero)
	Absent bool     // the field's section is not in the scenario (money, say)
	IsText bool     // a string field; Text holds it, else Number
	Number float64  // the value; a ranged input's likely value (or median)
	Text   string   // string fields; an object's JSON, indented, keys sorted
	Rules  []string // Field.Rules: gt0, ge=X, le=X, max=X (a limit of sanity, see Bound), int, oneof=a|b, id
	Unit   string   // Field's unit in English with the scenario's currency; "" for text
	Money  bool     // the number is an amount of the scenario's currency (Unit names it)
	Source string   // the scenario's sources entry for the path, else the catalog's note on a model it names
	Range  *Dist    // the range the scenario gives, if any
}

// InputSpecs lists every number and every non-empty string the scenario sets,
// in the order of the scenario format: the cells of a sheet, which an object
// (transformer.config) is not.
func InputSpecs(s *Scenario) []InputSpec {
	var out []InputSpec
	for _, in := range Inputs(s) {
		if in.Set && !in.Field.Object && (!in.IsText || in.Text != "") {
			out = append(out, in)
		}
	}
	return out
}

// DescribeRule says a check tag in words, as Validate reports a value that
// breaks it, in lang: "gt0" -> "must be > 0", "0 より大きい値にしてください".
func DescribeRule(rule string, lang Lang) string { return ruleWords(rule).In(lang) }

// ruleWords is a check tag in every language.
func ruleWords(rule string) Text {
	switch {
	case strings.HasPrefix(rule, "oneof="):
		return oneOf(strings.Split(strings.TrimPrefix(rule, "oneof="), "|"))
	case rule == "id":
		return idRule
	case rule == "nonempty":
		return nonEmpty
	}
	text, _ := numberRule(rule, 0)
	return text
}

// oneOf is the rule of a field that takes one of a few words.
func oneOf(opts []string) Text {
	list := strings.Join(opts, ", ")
	return Text{"must be one of " + list, "次のいずれかにしてください: " + list}
}

// nonEmpty is the rule of a list that needs an item.
var nonEmpty = Text{"must list at least one item", "1 つ以上の項目が必要です"}
