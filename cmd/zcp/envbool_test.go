package main

import (
	"os/exec"
	"strings"
	"testing"
)

func TestEnvBool_AcceptedAndRefused(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{
		"": false, "1": true, "0": false, "true": true, "FALSE": false, " Yes ": true, "no": false, "On": true, "off": false,
	} {
		got, err := envBool(func(string) string { return in }, "ZCP_READ_ONLY")
		if err != nil || got != want {
			t.Errorf("envBool(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"ture", "2", "y", "enable", "-1", "truee", strings.Repeat("x", 100)} {
		_, err := envBool(func(string) string { return in }, "ZCP_READ_ONLY")
		if err == nil || !strings.Contains(err.Error(), "ZCP_READ_ONLY") || !strings.Contains(err.Error(), "yes/no") {
			t.Errorf("envBool(%q) = %v, want an error naming the variable and the accepted values", in, err)
		}
	}
}

// TestBinary_BadBooleanStopsStartup: a misspelt boolean stops zcp before it
// serves, naming the variable and the accepted values, stdout untouched.
func TestBinary_BadBooleanStopsStartup(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(zcpBin)
	cmd.Env = append(cleanEnv(), "ZEROPS_API_HOST=http://127.0.0.1:1", "ZEROPS_ZCP_API_KEY=tok-123456", "ZCP_READ_ONLY=ture")
	var stdout, stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	_ = cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Fatalf("exit %d, want 1; stderr: %s", code, stderr.String())
	}
	if stdout.String() != "" || !strings.Contains(stderr.String(), "ZCP_READ_ONLY") || !strings.Contains(stderr.String(), "1/0, true/false, yes/no or on/off") {
		t.Errorf("stdout %q, stderr %q: want the variable and the accepted values on stderr", stdout.String(), stderr.String())
	}
}
