# ZCP build, test, lint and benchmark targets. CI (.ci/run) runs `make test` and the conformance suite; `make help` lists them.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
GOLANGCI_LINT_VERSION ?= v2.6.2
TOOLS := $(CURDIR)/bin/tools
PREFIX ?= /usr/local
# Every binary is static (no libc): it runs on glibc and musl (Alpine) alike.
GOBUILD := CGO_ENABLED=0 go build -trimpath -ldflags "$(LDFLAGS)"
PLATFORMS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64
SHA256 := $(shell command -v sha256sum >/dev/null 2>&1 && echo sha256sum || echo shasum -a 256)

.PHONY: help build test lint bench release install clean mutate cover

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z]+:.*## / {printf "  make %-8s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

build: ## bin/zcp for this machine, static, version stamped from git
	$(GOBUILD) -o bin/zcp ./cmd/zcp

test: ## go vet and go test -race over everything (.ci/run runs it, then the conformance suite)
	go vet ./...
	go test -race -count=1 -timeout 45m ./...

$(TOOLS)/golangci-lint:
	GOBIN=$(TOOLS) go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)

lint: $(TOOLS)/golangci-lint ## gofmt, go vet and golangci-lint
	gofmt -l . | (! grep .) || (echo "gofmt: files above need formatting" && exit 1)
	go vet ./...
	$(TOOLS)/golangci-lint run ./...

# bench keeps the previous run's output (bin/bench.prev.txt) and shows its
# figures beside the new ones. UPSTREAM_BIN=path (upstream zcp built stripped
# from its public repository) adds BenchmarkVersusUpstream: each figure beside
# upstream's, as ratios from one interleaved run (docs/benchmarks.md).
UPSTREAM_BIN ?=
bench: ## benchmarks, then a table of the figures (beside the previous run's; UPSTREAM_BIN=… adds upstream's)
	mkdir -p bin
	if [ -f bin/bench.txt ]; then mv bin/bench.txt bin/bench.prev.txt; fi
	UPSTREAM_BIN="$(if $(UPSTREAM_BIN),$(abspath $(UPSTREAM_BIN)))" go test -run '^$$' -bench . -benchmem -count=1 -timeout 60m ./... 2>&1 | tee bin/bench.txt
	go run ./cmd/benchtable -prev bin/bench.prev.txt < bin/bench.txt

release: ## static binaries for linux, darwin (amd64, arm64) and windows/amd64 into dist/, with SHA256SUMS
	rm -rf dist
	mkdir -p dist
	@set -e; for p in $(PLATFORMS); do \
		os=$${p%/*}; arch=$${p#*/}; ext=; [ $$os = windows ] && ext=.exe; \
		echo "dist/zcp-$$os-$$arch$$ext"; \
		GOOS=$$os GOARCH=$$arch $(GOBUILD) -o dist/zcp-$$os-$$arch$$ext ./cmd/zcp; \
	done
	cd dist && $(SHA256) zcp-* > SHA256SUMS
	@echo "dist/SHA256SUMS (version $(VERSION))"

install: build ## copy bin/zcp to PREFIX/bin (default /usr/local; DESTDIR honoured)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 bin/zcp $(DESTDIR)$(PREFIX)/bin/zcp

# Mutation check (not part of `make test`): applies each mutant listed in
# cmd/mutate/mutants.go to a temporary copy, runs the tests that guard it and
# prints the kill rate. Takes tens of minutes (docs/benchmarks.md).
mutate: ## the mutation check (tens of minutes; not part of CI)
	go run ./cmd/mutate

# cmd/zcp coverage counting its end-to-end runs of the built binary.
COVER := $(CURDIR)/bin/cover
cover: ## cmd/zcp coverage, counting the end-to-end runs of the binary
	rm -rf $(COVER) && mkdir -p $(COVER)/unit $(COVER)/e2e
	ZCP_E2E_COVERDIR=$(COVER)/e2e go test -count=1 -cover ./cmd/zcp -args -test.gocoverdir=$(COVER)/unit
	go tool covdata percent -i=$(COVER)/unit,$(COVER)/e2e -pkg=github.com/zeropsio/zcp/cmd/zcp

clean: ## remove bin/ and dist/
	rm -rf bin dist
