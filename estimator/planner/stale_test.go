package planner

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/internal/civil"
)

func TestStale(t *testing.T) {
	asOf, _ := civil.Parse("2026-03-01")
	assert.False(t, stale("2025-03-01", asOf), "twelve months to the day")
	assert.True(t, stale("2025-02-28", asOf))
	assert.True(t, stale("2025-02-29x", asOf), "an unreadable date is stale")
	leap, _ := civil.Parse("2025-03-01")
	assert.False(t, stale("2024-02-29", leap), "Feb 29 + 12 months is Mar 1")
}
