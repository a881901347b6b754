package main

import (
	"strings"
	"testing"
)

// TestBinary_Demo runs `zcp demo` end to end with stdout not a terminal: it
// starts `zcp sandbox`, drives the scripted session over MCP, reads well
// (summaries in words, notes shown, no canned error lines, no carriage
// returns or escape codes) and exits 0.
func TestBinary_Demo(t *testing.T) {
	t.Parallel()
	out, errOut, code := runZcp(t, []string{"HOME=" + t.TempDir()}, t.TempDir(), "demo", "--process-duration", "500ms", "--build-step", "100ms")
	if code != 0 {
		t.Fatalf("zcp demo: exit %d\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{"zerops_workflow", "nodejs@99", "not valid", "fix: Use nodejs@24", "valid: 2 services",
		"created api and pg; 2 platform processes", "… Creating api", "set DATABASE_URL on appdev",
		"appdev restarted", "log lines of appdev", "zerops_events", "10 calls"} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	// stdout is a pipe here: plain lines only, results in words, no canned errors
	for _, bad := range []string{"✘", "\r", "\x1b", "notes: 1", "processes: 2", "valid=true", "Critical", "Error", "code 137"} {
		if strings.Contains(out, bad) {
			t.Errorf("transcript contains %q:\n%q", bad, out)
		}
	}
}
