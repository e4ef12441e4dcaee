# trainscale: `make run` sizes the built-in default scenario, `make test` checks everything.
GO ?= go
BIN := bin/trainscale

.PHONY: run test build bench fuzz fmt

run: ## the main job on the built-in default scenario (the 2017 article)
	$(GO) run ./cmd/trainscale estimate

test: ## formatting, vet and every test (the fuzz seeds run as tests too)
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -count=1 ./...

build:
	$(GO) build -o $(BIN) ./cmd/trainscale

bench: ## the benchmarks the README quotes
	$(GO) test -run '^$$' -bench . -benchmem ./...

fuzz: ## a short fuzzing session over scenario decoding and estimation
	$(GO) test -run '^$$' -fuzz FuzzDecodeAndRun -fuzztime 60s ./estimator

fmt:
	gofmt -w $$(git ls-files '*.go')
