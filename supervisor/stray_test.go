//go:build unix

package supervisor

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

const strayChildEnv = "ZCP_TEST_STRAY_CHILD_LEVEL"

// TestRouteStrayStdout_FollowsLogLevel re-runs the test binary as a child
// that guards stdout, routes stray writes to its logger and prints the way
// the zerops-go SDK does: the line shows on stderr, as a log entry, only at
// debug level; after stop, a stray line goes nowhere.
func TestRouteStrayStdout_FollowsLogLevel(t *testing.T) {
	if level := os.Getenv(strayChildEnv); level != "" {
		strayChild(level)
		return
	}
	t.Parallel()
	tests := []struct {
		level string
		shown bool
	}{{"debug", true}, {"warn", false}}
	for _, tt := range tests {
		t.Run(tt.level, func(t *testing.T) {
			t.Parallel()
			cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestRouteStrayStdout_FollowsLogLevel$", "-test.count=1")
			cmd.Env = append(os.Environ(), strayChildEnv+"="+tt.level)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("child: %v\nstderr: %s", err, stderr.String())
			}
			if stdout.String() != "{}\n" {
				t.Errorf("stdout = %q, want only the protocol line", stdout.String())
			}
			logged := strings.Contains(stderr.String(), "stray output on stdout") && strings.Contains(stderr.String(), "Method Do error: dial tcp")
			if logged != tt.shown || (!tt.shown && strings.Contains(stderr.String(), "Method Do")) || strings.Contains(stderr.String(), "after stop") {
				t.Errorf("level %s: stderr = %q", tt.level, stderr.String())
			}
		})
	}
}

func strayChild(level string) {
	protocol, err := GuardStdout()
	if err != nil {
		os.Exit(2)
	}
	log, err := NewLogger(level, os.Stderr)
	if err != nil {
		os.Exit(2)
	}
	stop, err := RouteStrayStdout(log)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println("Method Do error: dial tcp 127.0.0.1:1: connect: connection refused")
	stop()
	fmt.Println("Method Do error: after stop") // an abandoned call failing at shutdown
	_, _ = protocol.Write([]byte("{}\n"))
	_ = protocol.Close()
	os.Exit(0)
}
