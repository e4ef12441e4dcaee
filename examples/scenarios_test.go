package examples_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/internal/gen"
)

// scenarios.go is what go generate writes from the scenario files now: every
// file of the directory, with its own bytes, and nothing else.
func TestScenariosCurrent(t *testing.T) {
	err := gen.Current("scenarios.go", func() ([]byte, error) { return gen.Scenarios(".") })
	assert.NoError(t, err, "run go generate ./examples")
}
