package page

import (
	"encoding/json"

	"github.com/trainscale/trainscale/examples"
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
