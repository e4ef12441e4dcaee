package page

import (
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/minjson"
)

// Preset is one built-in scenario.
type Preset struct {
	Name  string `json:"name"`  // for preset requests and the URL
	Title string `json:"title"` // the scenario's own name
}

// Presets lists the built-in scenarios, the default first.
func Presets() []Preset {
	var out []Preset
	for _, name := range examples.Names() {
		p := Preset{Name: name, Title: title(name)}
		if name == examples.Default {
			out = append([]Preset{p}, out...)
		} else {
			out = append(out, p)
		}
	}
	return out
}

// title is the built-in scenario name's own name ("" for none).
func title(name string) string {
	data, _ := examples.Read(name)
	tree, _, _, _ := minjson.Read(data, "")
	head, _ := tree.(map[string]any)
	t, _ := head["name"].(string)
	return t
}
