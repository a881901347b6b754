package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// zcpBin is the binary the end-to-end tests run, built once by TestMain.
var zcpBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "zcp-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	zcpBin = filepath.Join(dir, "zcp")
	// Tests run the binary with the race detector; benchmarks measure the
	// binary users get (as `make build` makes it).
	flag.Parse()
	build := exec.Command("go", "build", "-race", "-ldflags", "-X main.version=e2e", "-o", zcpBin, ".")
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		build = shippedBuild("-s -w -X main.version=e2e", zcpBin)
	}
	// `make cover`: a coverage-instrumented binary whose runs (the tests pass
	// the environment on) write their counters to ZCP_E2E_COVERDIR.
	if cover := os.Getenv("ZCP_E2E_COVERDIR"); cover != "" {
		build = exec.Command("go", "build", "-cover", "-ldflags", "-X main.version=e2e", "-o", zcpBin, ".")
		if err := os.Setenv("GOCOVERDIR", cover); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building zcp:", err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}
