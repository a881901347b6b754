package deploy_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/deploy/sshdtest"
	"github.com/zeropsio/zcp/platform"
)

const sshTestToken = "zcp-secret-Tok3n-for-ssh-tests"

func newSSHDeployer(s *sshdtest.Server, mod func(*deploy.Config)) *deploy.Deployer {
	cfg := deploy.Config{SSHConfigPath: s.ConfigPath(), Token: sshTestToken}
	if mod != nil {
		mod(&cfg)
	}
	return deploy.New(cfg)
}

func TestDeploySSH_Success(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{})
	dir := t.TempDir()
	d := newSSHDeployer(s, nil)

	res, err := d.Deploy(testContext(t), deploy.Request{SourceService: "appdev", TargetServiceID: "stageId-1", Setup: "prod", WorkingDir: dir})
	if err != nil {
		t.Fatalf("Deploy: %v (output %q)", err, res.Output)
	}
	if res.Mode != deploy.ModeSSH || res.SourceService != "appdev" || res.TargetServiceID != "stageId-1" || res.Setup != "prod" || res.WorkingDir != dir || res.ExitCode != 0 {
		t.Errorf("result = %+v", res)
	}
	if res.Started.IsZero() || !outputContains(res.Output, "Deploying service stageId-1") {
		t.Errorf("result = %+v", res)
	}
	if got := s.LoggedInToken(); got != sshTestToken {
		t.Errorf("zcli logged in with %q", got)
	}
	pushes := s.Pushes()
	if len(pushes) != 1 || strings.Join(pushes[0], " ") != "push --service-id stageId-1 --setup prod" {
		t.Errorf("pushes = %q", pushes)
	}
	if got := s.PushDir(); got != dir {
		t.Errorf("push ran in %q, want %q", got, dir)
	}
	assertNoToken(t, res, err)
}

func TestDeploySSH_NoSetup(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{})
	d := newSSHDeployer(s, nil)
	res, err := d.Deploy(testContext(t), deploy.Request{SourceService: "appstage", TargetServiceID: "-leadingDash", WorkingDir: t.TempDir()})
	if err != nil {
		t.Fatalf("Deploy: %v (%+v)", err, res)
	}
	if pushes := s.Pushes(); len(pushes) != 1 || strings.Join(pushes[0], "|") != "push|--service-id|-leadingDash" {
		t.Errorf("pushes = %q", pushes)
	}
}

func TestDeploySSH_Failures(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{UnreachableHosts: []string{"deadhost"}})
	tests := []struct {
		name     string
		req      deploy.Request
		setup    func()
		wantCode string
		wantMsg  string
		wantOut  string
	}{
		{"zcli push fails", deploy.Request{SourceService: "appdev", TargetServiceID: "svc"},
			func() { s.SetFailure("zerops.yml: setup prod not found") }, platform.ErrDeployFailed, "setup prod not found", "Error: zerops.yml: setup prod not found"},
		{"unknown host", deploy.Request{SourceService: "nosuchhostzz", TargetServiceID: "svc"},
			nil, platform.ErrSSHFailed, "Could not resolve hostname", "nosuchhostzz"},
		{"closed port", deploy.Request{SourceService: "deadhost", TargetServiceID: "svc"},
			nil, platform.ErrSSHFailed, "Connection refused", "Connection refused"},
		{"missing working dir", deploy.Request{SourceService: "appdev", TargetServiceID: "svc", WorkingDir: "/nonexistent/zcp/dir"},
			nil, platform.ErrDeployFailed, "working directory /nonexistent/zcp/dir not found", "No such file or directory"},
	}
	// One sshd serves all cases; they share the fake's switches, so they run
	// one after another.
	for _, tc := range tests {
		if tc.req.WorkingDir == "" {
			tc.req.WorkingDir = t.TempDir()
		}
		if tc.setup != nil {
			tc.setup()
		}
		res, err := newSSHDeployer(s, nil).Deploy(testContext(t), tc.req)
		s.SetFailure("")
		t.Run(tc.name, func(t *testing.T) {
			pe := wantCode(t, err, tc.wantCode)
			if !strings.Contains(pe.Message, tc.wantMsg) {
				t.Errorf("message %q lacks %q", pe.Message, tc.wantMsg)
			}
			if res == nil || !outputContains(res.Output, tc.wantOut) {
				t.Errorf("result %+v lacks %q in its output", res, tc.wantOut)
			}
			assertNoToken(t, res, err)
		})
	}
}

func TestDeploySSH_Exit255AfterSuccessIsSuccess(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{})
	s.SetExit255(true)
	res, err := newSSHDeployer(s, nil).Deploy(testContext(t), deploy.Request{SourceService: "appdev", TargetServiceID: "svc", WorkingDir: t.TempDir()})
	if err != nil {
		t.Fatalf("Deploy: %v", err)
	}
	if res.ExitCode != 255 || !outputContains(res.Output, "Deploying service svc") {
		t.Errorf("result = %+v", res)
	}
}

func TestDeploySSH_NoTokenIsAuthRequired(t *testing.T) {
	t.Parallel()
	d := deploy.New(deploy.Config{})
	_, err := d.Deploy(testContext(t), deploy.Request{SourceService: "appdev", TargetServiceID: "svc"})
	_ = wantCode(t, err, platform.ErrAuthRequired)
}

func TestDeploySSH_CancelKillsRemotePush(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		timeout  bool
		wantCode string
	}{
		{"client cancel", false, platform.ErrCanceled},
		{"deploy timeout", true, platform.ErrDeployTimeout},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := sshdtest.Start(t, sshdtest.Options{})
			s.SetHold(true)
			d := newSSHDeployer(s, func(c *deploy.Config) {
				if tc.timeout {
					c.Timeout = 1e9 // 1s: the held push never ends by itself
				}
			})
			ctx, cancel := context.WithCancel(testContext(t))
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := d.Deploy(ctx, deploy.Request{SourceService: "appdev", TargetServiceID: "svc", WorkingDir: t.TempDir()})
				done <- err
			}()
			pid, ended, err := awaitHeldPush(t, s.Zcli, done)
			if !ended {
				if !tc.timeout {
					cancel()
				}
				err = <-done
			}
			_ = wantCode(t, err, tc.wantCode)
			if pid == 0 {
				return // timed out before the remote push began: nothing to reap
			}
			if err := sshdtest.WaitGone(testContext(t), pid); err != nil {
				t.Errorf("remote zcli push survived: %v", err)
			}
		})
	}
}

// TestDeploySSH_TokenNotInProcessTable holds a push open and reads every
// process's argv and environment on this machine (ssh, sshd's session, the
// remote shell and zcli all run here).
func TestDeploySSH_TokenNotInProcessTable(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{})
	s.SetHold(true)
	d := newSSHDeployer(s, nil)
	done := make(chan error, 1)
	go func() {
		_, err := d.Deploy(testContext(t), deploy.Request{SourceService: "appdev", TargetServiceID: "svc", WorkingDir: t.TempDir()})
		done <- err
	}()
	pid, err := s.WaitPushStarted(testContext(t))
	if err != nil {
		t.Fatal(err)
	}
	leaks, scanned := scanProcs(t, sshTestToken)
	if len(leaks) > 0 {
		t.Errorf("token visible in: %s", strings.Join(leaks, "; "))
	}
	if !scanned[pid] {
		t.Errorf("scan did not see the held push %d", pid)
	}
	if err := s.Release(testContext(t)); err != nil {
		t.Fatal(err)
	}
	if err := recv(t, done); err != nil {
		t.Fatalf("Deploy: %v", err)
	}
}

// scanProcs returns the processes whose cmdline or environ contain secret,
// and the set of pids it could read.
func scanProcs(t *testing.T, secret string) ([]string, map[int]bool) {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	var leaks []string
	scanned := map[int]bool{}
	for _, e := range entries {
		var pid int
		if _, err := fmt.Sscanf(e.Name(), "%d", &pid); err != nil {
			continue
		}
		for _, f := range []string{"cmdline", "environ"} {
			b, err := os.ReadFile(filepath.Join("/proc", e.Name(), f))
			if err != nil {
				continue
			}
			scanned[pid] = true
			if strings.Contains(string(b), secret) {
				leaks = append(leaks, fmt.Sprintf("pid %d %s: %q", pid, f, strings.ReplaceAll(string(b), "\x00", " ")))
			}
		}
	}
	return leaks, scanned
}

func assertNoToken(t *testing.T, res *deploy.Result, err error) {
	t.Helper()
	if res != nil {
		if fmt.Sprintf("%+v", *res) != strings.ReplaceAll(fmt.Sprintf("%+v", *res), sshTestToken, "") {
			t.Errorf("token in result: %+v", *res)
		}
	}
	if err != nil && strings.Contains(err.Error(), sshTestToken) {
		t.Errorf("token in error: %v", err)
	}
	var pe *platform.PlatformError
	if errors.As(err, &pe) && strings.Contains(pe.Suggestion, sshTestToken) {
		t.Errorf("token in suggestion: %v", pe.Suggestion)
	}
}
