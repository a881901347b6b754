package main

import (
	"strings"
	"testing"
)

// TestBinary_Demo runs `zcp demo` end to end: it starts `zcp sandbox`,
// drives the scripted session over MCP and exits 0.
func TestBinary_Demo(t *testing.T) {
	t.Parallel()
	out, errOut, code := runZcp(t, []string{"HOME=" + t.TempDir()}, t.TempDir(), "demo", "--process-duration", "500ms", "--build-step", "100ms")
	if code != 0 {
		t.Fatalf("zcp demo: exit %d\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{"zerops_workflow", "nodejs@99", "not valid", "valid: 2 services", "processes: 2", "done", "zerops_events", "10 calls"} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "✘") {
		t.Errorf("a call failed:\n%s", out)
	}
}
