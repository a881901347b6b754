package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBinary_KeepsDeadMethodElimination links the release binary once with
// the linker's dependency dump and fails when any reachable function carries
// the linker's ReflectMethod mark (a call such as reflect.Value.Method or
// MethodByName with a name known only at run time). One such function makes
// the linker keep every exported method of every reachable type: that is what
// an old google.golang.org/protobuf (pulled in by bleve) did, 23.8 MB instead
// of 18.3 MB stripped.
func TestBinary_KeepsDeadMethodElimination(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "zcp")
	cmd := shippedBuild("-s -w -dumpdep", out)
	dump, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = cmd.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	var marked, tail []string
	edges := 0
	sc := bufio.NewScanner(dump)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		if strings.Contains(line, " -> ") {
			edges++
		} else {
			tail = append(tail[max(0, len(tail)-20):], line)
		}
		if strings.Contains(line, "<ReflectMethod>") && len(marked) < 10 {
			marked = append(marked, line)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("go build -ldflags=-dumpdep: %v\n%s", err, strings.Join(tail, "\n"))
	}
	if edges == 0 { // the dump is what this test reads: without it, it checks nothing
		t.Fatalf("the linker printed no dependency edges; output:\n%s", strings.Join(tail, "\n"))
	}
	if len(marked) > 0 {
		t.Fatalf("the binary reaches a reflect method call by run-time name, so the linker keeps every exported method "+
			"(about 5 MB more); find the caller with `go build -ldflags=-dumpdep ./cmd/zcp 2>&1 | grep ReflectMethod`. "+
			"First marked edges:\n%s", strings.Join(marked, "\n"))
	}
}

// shippedBuild is `go build` of this package to out as the Makefile's GOBUILD
// builds releases: static (CGO_ENABLED=0), -trimpath, with ldflags (only the
// version stamp differs).
func shippedBuild(ldflags, out string) *exec.Cmd {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", ldflags, "-o", out, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	return cmd
}
