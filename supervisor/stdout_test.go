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

const guardChildEnv = "ZCP_TEST_GUARD_STDOUT_CHILD"

// TestGuardStdout_ChildProcess re-runs the test binary as a child that
// guards its stdout, prints junk the way the SDK does, and writes one JSON
// line to the protocol writer.
func TestGuardStdout_ChildProcess(t *testing.T) {
	if os.Getenv(guardChildEnv) == "1" {
		guardChild()
		return
	}
	t.Parallel()
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestGuardStdout_ChildProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), guardChildEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("child: %v\nstderr: %s", err, stderr.String())
	}
	if got, want := stdout.String(), `{"jsonrpc":"2.0","id":1,"result":{}}`+"\n"; got != want {
		t.Errorf("stdout = %q, want only the JSON line", got)
	}
	for _, junk := range []string{"sdk junk via fmt.Println", "junk via os.Stdout"} {
		if !strings.Contains(stderr.String(), junk) {
			t.Errorf("stderr lacks %q: %q", junk, stderr.String())
		}
	}
}

func guardChild() {
	protocol, err := GuardStdout()
	if err != nil {
		fmt.Fprintln(os.Stderr, "guard:", err)
		os.Exit(2)
	}
	fmt.Println("sdk junk via fmt.Println")
	fmt.Fprintln(os.Stdout, "junk via os.Stdout")
	if _, err := protocol.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}` + "\n")); err != nil {
		fmt.Fprintln(os.Stderr, "write:", err)
		os.Exit(2)
	}
	_ = protocol.Close()
	// Exit before the testing framework prints PASS to (the guarded) stdout.
	os.Exit(0)
}
