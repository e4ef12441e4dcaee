# trainscale: `make run` sizes the built-in default scenario and writes its reports to out/,
# `make test` checks everything.
GO ?= go
BIN := bin/trainscale

.PHONY: run test test-short test-native test-js vet-minfmt build bench fuzz fmt generate echarts

NPM_CI := npm ci --omit-lockfile-registry-resolved --no-audit --no-fund

run: ## the main job on the built-in default scenario (the 2017 article): tables, then workbook, HTML report and PDF in out/
	$(GO) run ./cmd/trainscale estimate
	$(GO) run ./cmd/trainscale report -o out

# The packages whose tests take longest (LibreOffice recalculating 200+
# workbooks, the browser, the core's property tests): named first, go test
# starts them first and the quick packages fill the other core beside them.
SLOW_TESTS := ./report/xlsx ./site ./estimator

test: ## formatting, vet, the minfmt pass, the scripts' type check and every test (the fuzz seeds run as tests too); native and wasm tests side by side
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(MAKE) --no-print-directory vet-minfmt
	$(MAKE) --no-print-directory -j2 --output-sync=line test-js test-native test-wasm

# minfmt writes a named type (type Unit string) as %!v(unsupported) where
# fmt would print its underlying value, which vet's printf check cannot see;
# this go/analysis pass reports such operands and verbs minfmt does not write,
# and exits non-zero when it does. Test files are left out: minfmt's own tests
# pass what it refuses, to check it refuses it.
vet-minfmt: ## the minfmtcheck pass over the module: every minfmt call passes operands and verbs minfmt writes as fmt does
	$(GO) run ./internal/minfmt/minfmtcheck/cmd/minfmtcheck -test=false ./...

test-native: ## every native test, the slowest packages first
	$(GO) test -count=1 -timeout 30m $(SLOW_TESTS) ./...

# TypeScript comes from the lockfile (npm ci); without it the check is
# skipped, except under CI, where it fails.
TSC := node_modules/.bin/tsc

test-js: ## type-check the page's scripts (site/*.js, their JSDoc types) with TypeScript: checkJs, nothing emitted
	@if ! command -v node >/dev/null || [ ! -x $(TSC) ]; then \
		if [ -n "$$CI" ]; then echo "test-js: needs node and $(TSC): run $(NPM_CI)"; exit 1; fi; \
		echo "test-js: skipped: needs node and $(TSC) (run $(NPM_CI))"; exit 0; \
	fi; \
	$(TSC) -p site/tsconfig.json && echo "test-js: the page's scripts type-check"

test-short: ## the quick loop (cached results reused): every package with -short; the heavy cross-checks wait for make test
	$(GO) test -short ./...

build:
	$(GO) build -o $(BIN) ./cmd/trainscale

bench: ## the benchmarks docs/engineering.md quotes
	$(GO) test -run '^$$' -bench . -benchmem ./...

fuzz: ## a short fuzzing session over scenario decoding and estimation
	$(GO) test -run '^$$' -fuzz FuzzDecodeAndRun -fuzztime 60s ./estimator

fmt:
	gofmt -w $$(git ls-files '*.go')

# Generated Go files (examples/scenarios.go, internal/page/accuracy_words.go)
# are committed; each has a //go:generate line beside it and a test that
# fails while it is stale.
generate: ## rewrite the generated Go files after their sources change (the scenario files, estimator/tool's accuracy words)
	$(GO) generate ./...

# The echarts script the binary embeds and the page serves is committed, so
# only refreshing it needs npm: after a change to the lockfile's echarts or to
# the parts entry.js names. Its test checks the committed file is this output.
ECHARTS_JS := internal/echartsjs/echarts.min.js

echarts: ## rebuild $(ECHARTS_JS) from the lockfile's echarts and esbuild (needs node and npm)
	$(NPM_CI)
	node internal/echartsjs/build.mjs $(ECHARTS_JS)

.PHONY: site serve test-wasm speed

# What the page is built from: every file of the module but tests, docs and
# outputs (over-inclusive rather than stale). The build writes sizes.json last,
# after every other file, so it dates a complete build.
SITE_STAMP := site/dist/sizes.json
SITE_INPUTS := $(shell find . \( -path ./.git -o -path ./site/dist -o -path ./node_modules -o -path ./out -o -path ./bin -o -name testdata \) -prune \
	-o -type f ! -name '*_test.go' ! -name '*.md' -print)

site: $(SITE_STAMP) ## the static page in site/dist: wasm modules, prerendered figures, echarts, .br and .gz; rebuilt only when an input is newer

$(SITE_STAMP): $(SITE_INPUTS)
	$(GO) run ./site/build -o site/dist

serve: site ## serve site/dist on 127.0.0.1:8080 with the page's CSP
	$(GO) run ./cmd/trainscale serve --dir site/dist --addr 127.0.0.1:8080

# SPEED_FLAGS adds the tool's options: -runs, -cpu 1,4 (a CPU quota; needs root),
# -latency 40ms -kbps 10000, see go run ./site/speed -h. SPEED_PEERS lists the peer
# pages' URLs (or dirs), measured beside the page load by load (docs/engineering.md).
SPEED_FLAGS ?= -cpu 1,4
SPEED_PEERS ?=

speed: site ## page speed: medians of painted, live, first result after typing and the longest task, in headless Chromium, beside SPEED_PEERS
	$(GO) run ./site/speed -dir site/dist $(foreach p,$(SPEED_PEERS),-peer $(p)) $(SPEED_FLAGS)

test-wasm: ## vet and test the wasm API under Node (GOOS=js GOARCH=wasm)
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/... ./internal/api/...
	GOOS=js GOARCH=wasm $(GO) test -count=1 -timeout 30m -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./wasm/... ./internal/api/...
