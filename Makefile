# trainscale: `make run` sizes the built-in default scenario and writes its reports to out/,
# `make test` checks everything.
GO ?= go
BIN := bin/trainscale

.PHONY: run test build bench fuzz fmt

ECHARTS := node_modules/echarts/dist/echarts.min.js

run: ## the main job on the built-in default scenario (the 2017 article): tables, then workbook, HTML report and PDF in out/
	@test -f $(ECHARTS) || npm ci --omit-lockfile-registry-resolved --no-audit --no-fund || \
		echo "npm unavailable: the HTML report keeps its tables but draws no charts"
	$(GO) run ./cmd/trainscale estimate
	$(GO) run ./cmd/trainscale report -o out

test: ## formatting, vet and every test (the fuzz seeds run as tests too)
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -count=1 ./...
	$(MAKE) --no-print-directory test-wasm

build:
	$(GO) build -o $(BIN) ./cmd/trainscale

bench: ## the benchmarks the README quotes
	$(GO) test -run '^$$' -bench . -benchmem ./...

fuzz: ## a short fuzzing session over scenario decoding and estimation
	$(GO) test -run '^$$' -fuzz FuzzDecodeAndRun -fuzztime 60s ./estimator

fmt:
	gofmt -w $$(git ls-files '*.go')

.PHONY: site serve test-wasm

site: ## the static page in site/dist: wasm modules, prerendered figures, echarts, .br and .gz
	$(GO) run ./site/build -o site/dist

serve: site ## serve site/dist on 127.0.0.1:8080 with the page's CSP
	$(GO) run ./cmd/trainscale serve --dir site/dist --addr 127.0.0.1:8080

test-wasm: ## the wasm API under Node (GOOS=js GOARCH=wasm)
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./wasm/... ./internal/api/...
