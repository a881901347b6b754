# ZCP build, test, lint and benchmark targets. `make test` is what CI runs.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
GOLANGCI_LINT_VERSION ?= v2.6.2
TOOLS := $(CURDIR)/bin/tools

.PHONY: build test lint bench clean mutate cover

build:
	go build -trimpath -ldflags "$(LDFLAGS)" -o bin/zcp ./cmd/zcp

test:
	go vet ./...
	go test -race -count=1 ./...

$(TOOLS)/golangci-lint:
	GOBIN=$(TOOLS) go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)

lint: $(TOOLS)/golangci-lint
	gofmt -l . | (! grep .) || (echo "gofmt: files above need formatting" && exit 1)
	go vet ./...
	$(TOOLS)/golangci-lint run ./...

# bench keeps the previous run's output (bin/bench.prev.txt) and shows its
# figures beside the new ones.
bench:
	mkdir -p bin
	if [ -f bin/bench.txt ]; then mv bin/bench.txt bin/bench.prev.txt; fi
	go test -run '^$$' -bench . -benchmem -count=1 ./... 2>&1 | tee bin/bench.txt
	go run ./cmd/benchtable -prev bin/bench.prev.txt < bin/bench.txt

# Mutation check (not part of `make test`): applies each mutant listed in
# cmd/mutate/mutants.go to a temporary copy, runs the tests that guard it and
# prints the kill rate. Takes about half an hour on 2 cores.
mutate:
	go run ./cmd/mutate

# cmd/zcp coverage counting its end-to-end runs of the built binary.
COVER := $(CURDIR)/bin/cover
cover:
	rm -rf $(COVER) && mkdir -p $(COVER)/unit $(COVER)/e2e
	ZCP_E2E_COVERDIR=$(COVER)/e2e go test -count=1 -cover ./cmd/zcp -args -test.gocoverdir=$(COVER)/unit
	go tool covdata percent -i=$(COVER)/unit,$(COVER)/e2e -pkg=github.com/zeropsio/zcp/cmd/zcp

clean:
	rm -rf bin
