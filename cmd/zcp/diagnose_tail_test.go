package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// countingZeros is an endless stdin of NUL bytes without a line end that
// counts what was read of it.
type countingZeros struct{ n int }

func (z *countingZeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += len(p)
	return len(p), nil
}

// TestReadTail_Bounds: an endless line is read no further than diagnoseRead
// and kept as its first diagnoseLine bytes; of many lines, the last
// diagnoseKeep bytes are kept; each cut is said.
func TestReadTail_Bounds(t *testing.T) {
	t.Parallel()
	z := &countingZeros{}
	lines, cut, err := readTail(z)
	if err != nil || len(lines) != 1 || len(lines[0]) != diagnoseLine || z.n > diagnoseRead+128<<10 {
		t.Fatalf("endless stdin: %d lines (first %d bytes), %d bytes read, %v; want one line of %d, at most %d read", len(lines), len(lines[0]), z.n, err, diagnoseLine, diagnoseRead)
	}
	if !strings.Contains(cut, "no further than 256 MiB") || !strings.Contains(cut, "clipped") {
		t.Errorf("cut = %q, want it to say both", cut)
	}
	line := strings.Repeat("x", 1023) + "\n"
	input := strings.Repeat(line, 3*diagnoseKeep/len(line)) + "the last line\n"
	lines, cut, err = readTail(strings.NewReader(input))
	size := 0
	for _, l := range lines {
		size += len(l) + 1
	}
	if err != nil || size > diagnoseKeep || lines[len(lines)-1] != "the last line" || !strings.Contains(cut, "earlier ones left out") {
		t.Errorf("%d bytes kept, last %q, cut %q, %v; want at most %d ending in the last line", size, lines[len(lines)-1], cut, err, diagnoseKeep)
	}
	if _, cut, _ := readTail(strings.NewReader("a\nb\n")); cut != "" {
		t.Errorf("a short log says %q, want nothing cut", cut)
	}
}

// TestBinary_DiagnoseEndlessStdin: `zcp diagnose < /dev/zero` ends by itself,
// exit 0, saying on stdout and stderr that it cut.
func TestBinary_DiagnoseEndlessStdin(t *testing.T) {
	t.Parallel()
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer func() { _ = zero.Close() }()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, zcpBin, "diagnose")
	cmd.Stdin = zero
	var stderr syncBuffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		t.Fatal("zcp diagnose still reading /dev/zero after 60 s")
	}
	var answer struct {
		Diagnoses []json.RawMessage
		Cut       string
	}
	if err != nil || json.Unmarshal(out, &answer) != nil || !strings.Contains(answer.Cut, "256 MiB") || !strings.Contains(stderr.String(), "256 MiB") {
		t.Fatalf("exit %v, stdout %.300q, stderr %.300q; want exit 0 saying where it cut", err, out, stderr.String())
	}
}
