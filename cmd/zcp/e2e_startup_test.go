package main

import (
	"bufio"
	"context"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// runBinary runs zcp to its exit with a deadline and returns the exit code
// and what it wrote.
func runBinary(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, zcpBin, args...)
	cmd.Env = append(cleanEnv(), env...)
	var out, errb syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	_ = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("zcp %v did not exit within 60 s; stderr:\n%s", args, errb.String())
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// TestBinary_StartupRefusals: a bad setting stops zcp before it serves, with
// exit 1 or 2, a message naming the setting, and nothing on stdout.
func TestBinary_StartupRefusals(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	api := []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token()}
	tests := []struct {
		name     string
		env      []string
		args     []string
		wantCode int
		want     string
	}{
		{"log level", append([]string{"ZCP_LOG_LEVEL=loud"}, api...), nil, 1, "ZCP_LOG_LEVEL"},
		{"api rate", append([]string{"ZCP_API_RATE=fast"}, api...), nil, 1, "ZCP_API_RATE"},
		{"audit log", append([]string{"ZCP_AUDIT_LOG=" + filepath.Join(t.TempDir(), "missing", "audit.jsonl")}, api...), nil, 1, "ZCP_AUDIT_LOG"},
		{"serve argument", api, []string{"serve", "extra"}, 2, `unexpected argument "extra"`},
		{"sandbox flag", nil, []string{"sandbox", "--bogus"}, 2, "bogus"},
		{"sandbox duration", nil, []string{"sandbox", "--process-duration", "0s"}, 2, "durations must be positive"},
		{"sandbox api address", nil, []string{"sandbox", "--api", "256.0.0.1:1"}, 1, "zcp sandbox"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := runBinary(t, tt.env, tt.args...)
			if code != tt.wantCode || !strings.Contains(stderr, tt.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d naming %q", code, stderr, tt.wantCode, tt.want)
			}
			if stdout != "" {
				t.Errorf("stdout must stay empty, got %q", stdout)
			}
		})
	}
}

// TestBinary_SignalDuringStartup stops zcp while discovery waits on a slow
// API: a signal is a normal stop, exit 0.
func TestBinary_SignalDuringStartup(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	fake.InjectFault(fakeapi.Fault{PathPrefix: "/user/info", Latency: time.Hour})
	reached := fake.WaitRequest("GET", "/user/info")
	s := startRaw(t, []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token()})
	select {
	case <-reached:
	case <-time.After(60 * time.Second):
		t.Fatalf("zcp never asked the API; stderr:\n%s", s.stderr.String())
	}
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := s.wait(); code != 0 {
		t.Fatalf("exit %d after SIGTERM during start-up, want 0; stderr:\n%s", code, s.stderr.String())
	}
}

// TestBinary_SandboxAPIServesUntilSignal runs `zcp sandbox --api`: the
// simulated API answers with the token it printed, and SIGINT ends it.
func TestBinary_SandboxAPIServesUntilSignal(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, zcpBin, "sandbox", "--api", "127.0.0.1:0", "--token", "e2e-sandbox-token")
	cmd.Env = cleanEnv()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("no first line: %v; stderr:\n%s", err, stderr.String())
	}
	_, rest, _ := strings.Cut(line, "Simulated Zerops API at ")
	url, _, _ := strings.Cut(rest, " ")
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.Contains(line, "e2e-sandbox-token") {
		t.Fatalf("first line %q names no API address and token", line)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"/api/rest/public/user/info", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer e2e-sandbox-token")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("user/info with the printed token: %s", resp.Status)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil || ctx.Err() != nil {
		t.Fatalf("after SIGINT: %v (%v); stderr:\n%s", err, ctx.Err(), stderr.String())
	}
}
