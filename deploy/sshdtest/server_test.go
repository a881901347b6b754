package sshdtest_test

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy/sshdtest"
)

func sshRun(ctx context.Context, s *sshdtest.Server, host, script string) (string, int) {
	cmd := exec.CommandContext(ctx, "ssh", "-F", s.ConfigPath(), "--", host, script)
	out, _ := cmd.CombinedOutput()
	return string(out), cmd.ProcessState.ExitCode()
}

func TestStart_SessionFindsFakeZcli(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{UnreachableHosts: []string{"deadhost"}})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	tests := []struct {
		name     string
		host     string
		script   string
		wantCode int
		wantOut  string
	}{
		{"version", "appdev", "zcli version", 0, "zcli fake"},
		{"other alias", "appstage", "zcli push --service-id svc1 --setup dev", 0, "Deploying service svc1"},
		{"unknown flag", "appdev", "zcli push --nope", 2, "unknown flag"},
		{"closed port", "deadhost", "true", 255, "Connection refused"},
	}
	for _, tc := range tests {
		out, code := sshRun(ctx, s, tc.host, tc.script)
		if code != tc.wantCode || !strings.Contains(out, tc.wantOut) {
			t.Errorf("%s: exit %d output %q; want exit %d containing %q", tc.name, code, out, tc.wantCode, tc.wantOut)
		}
	}
	pushes := s.Pushes()
	if len(pushes) != 2 || strings.Join(pushes[0], " ") != "push --service-id svc1 --setup dev" {
		t.Errorf("pushes = %q", pushes)
	}
}

func TestZcli_Switches(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{})

	s.SetFailure("build broke")
	if out, code := sshRun(stepCtx(t), s, "appdev", "zcli push --service-id x"); code != 1 || !strings.Contains(out, "Error: build broke") {
		t.Errorf("failure switch: exit %d %q", code, out)
	}
	s.SetFailure("")

	s.SetExit255(true)
	if out, code := sshRun(stepCtx(t), s, "appdev", "zcli push --service-id x"); code != 255 || !strings.Contains(out, "Deploying service x") {
		t.Errorf("exit255 switch: exit %d %q", code, out)
	}
	s.SetExit255(false)

	s.SetHold(true)
	s.ClearPushPID()
	done := make(chan int, 1)
	held := stepCtx(t)
	go func() {
		_, code := sshRun(held, s, "appdev", "zcli push --service-id x")
		done <- code
	}()
	pid, err := s.WaitPushStarted(held)
	if err != nil {
		t.Fatal(err)
	}
	if !sshdtest.Alive(pid) {
		t.Errorf("held push %d not alive", pid)
	}
	if err := s.Release(stepCtx(t)); err != nil {
		t.Fatal(err)
	}
	if code := recv(t, done); code != 0 {
		t.Errorf("released push exit %d", code)
	}
}

// stepCtx is one step's own deadline: a step of a test that runs several
// ssh sessions does not inherit the time the ones before it took.
func stepCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestZcli_LoginStoresToken(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if out, code := sshRun(ctx, s, "appdev", "zcli login -- -tok-123"); code != 0 {
		t.Fatalf("login: %d %q", code, out)
	}
	if got := s.LoggedInToken(); got != "-tok-123" {
		t.Errorf("token = %q", got)
	}
	calls := s.Calls()
	if len(calls) != 1 || strings.Join(calls[0], " ") != "login -- ***" {
		t.Errorf("calls = %q", calls)
	}
}
