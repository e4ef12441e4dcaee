//go:build ignore

// gen_accuracy_words writes accuracy_words.go from estimator/tool's words;
// go generate ./internal/page runs it and TestAccuracyWordsCurrent checks
// its output.
package main

import "github.com/trainscale/trainscale/internal/gen"

func main() { gen.Main("accuracy_words.go", gen.AccuracyWords) }
