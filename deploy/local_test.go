package deploy_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/deploy/sshdtest"
	"github.com/zeropsio/zcp/platform"
)

// localSetup installs a fake zcli and a cli.data with the given content
// ("" writes none).
func localSetup(t *testing.T, cliData string) (*sshdtest.Zcli, deploy.Config) {
	t.Helper()
	z := sshdtest.NewZcli(t, sshdtest.ZcliOptions{Token: "local-token"})
	home := t.TempDir()
	if cliData != "" {
		p := filepath.Join(home, ".config", "zerops", "cli.data")
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(cliData), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	noEnv := func(string) string { return "" } // no XDG_CONFIG_HOME: only home's cli.data counts
	return z, deploy.Config{SearchPath: "/nonexistent-dir:" + z.BinDir(), HomeDir: home, Getenv: noEnv}
}

const goodCLIData = `{"Token":"local-token","RegionData":{"name":"prg1","isDefault":true,"address":"api.app-prg1.zerops.io","guiAddress":null},"ScopeProjectId":null}`

func TestDeployLocal_Success(t *testing.T) {
	t.Parallel()
	z, cfg := localSetup(t, goodCLIData)
	dir := t.TempDir()
	res, err := deploy.New(cfg).Deploy(testContext(t), deploy.Request{WorkingDir: dir, ServiceID: "svc-9", Setup: "dev"})
	if err != nil {
		t.Fatalf("Deploy: %v", err)
	}
	if res.Mode != deploy.ModeLocal || res.TargetServiceID != "svc-9" || res.WorkingDir != dir || !outputContains(res.Output, "Deploying service svc-9") {
		t.Errorf("result = %+v", res)
	}
	if calls := z.Calls(); len(calls) != 1 || strings.Join(calls[0], " ") != "push --service-id svc-9 --setup dev" {
		t.Errorf("calls = %q", calls)
	}
	if got := z.PushDir(); got != dir {
		t.Errorf("push ran in %q, want %q", got, dir)
	}
}

// TestDeployLocal_LoginUnderXDGConfigHome: zcli's login kept under
// $XDG_CONFIG_HOME counts, as it does for ZCP's own authentication.
func TestDeployLocal_LoginUnderXDGConfigHome(t *testing.T) {
	t.Parallel()
	_, cfg := localSetup(t, "") // nothing under home
	xdg := t.TempDir()
	p := filepath.Join(xdg, "zerops", "cli.data")
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(goodCLIData), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg.Getenv = func(k string) string {
		if k == "XDG_CONFIG_HOME" {
			return xdg
		}
		return ""
	}
	if _, err := deploy.New(cfg).Deploy(testContext(t), deploy.Request{WorkingDir: t.TempDir(), ServiceID: "svc"}); err != nil {
		t.Fatalf("Deploy with the login under XDG_CONFIG_HOME: %v", err)
	}
}

func TestDeployLocal_Errors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		cliData  string
		mod      func(*testing.T, *sshdtest.Zcli, *deploy.Config, *deploy.Request)
		wantCode string
		wantMsg  string
	}{
		{"zcli missing", goodCLIData, func(t *testing.T, _ *sshdtest.Zcli, c *deploy.Config, _ *deploy.Request) {
			c.SearchPath = t.TempDir()
		}, platform.ErrZcliNotFound, "zcli was not found"},
		{"relative PATH entry ignored", goodCLIData, func(t *testing.T, z *sshdtest.Zcli, c *deploy.Config, _ *deploy.Request) {
			rel, err := filepath.Rel("/", z.BinDir())
			if err != nil {
				t.Fatal(err)
			}
			c.SearchPath = rel
		}, platform.ErrZcliNotFound, "zcli was not found"},
		{"no cli.data", "", nil, platform.ErrAuthRequired, "not logged in"},
		{"empty token", `{"Token":""}`, nil, platform.ErrAuthRequired, "has no token"},
		{"null token", `{"Token":null}`, nil, platform.ErrAuthRequired, "has no token"},
		{"malformed cli.data", `{"Token":`, nil, platform.ErrAuthRequired, "unreadable"},
		{"explicit cli.data path", "", func(t *testing.T, _ *sshdtest.Zcli, c *deploy.Config, _ *deploy.Request) {
			p := filepath.Join(t.TempDir(), "cli.data")
			if err := os.WriteFile(p, []byte(`{"Token":"  "}`), 0o600); err != nil {
				t.Fatal(err)
			}
			c.CLIDataPath = p
		}, platform.ErrAuthRequired, "has no token"},
		{"working dir missing", goodCLIData, func(t *testing.T, _ *sshdtest.Zcli, _ *deploy.Config, r *deploy.Request) {
			r.WorkingDir = filepath.Join(t.TempDir(), "gone")
		}, platform.ErrFileNotFound, "not a directory"},
		{"push fails", goodCLIData, func(t *testing.T, z *sshdtest.Zcli, _ *deploy.Config, _ *deploy.Request) {
			z.SetFailure("invalid zerops.yml")
		}, platform.ErrDeployFailed, "Error: invalid zerops.yml"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			z, cfg := localSetup(t, tc.cliData)
			req := deploy.Request{WorkingDir: t.TempDir(), ServiceID: "svc"}
			if tc.mod != nil {
				tc.mod(t, z, &cfg, &req)
			}
			_, err := deploy.New(cfg).Deploy(testContext(t), req)
			pe := wantCode(t, err, tc.wantCode)
			if !strings.Contains(pe.Message, tc.wantMsg) {
				t.Errorf("message %q lacks %q", pe.Message, tc.wantMsg)
			}
			if strings.Contains(err.Error(), "local-token") {
				t.Errorf("token in error %v", err)
			}
		})
	}
}

// TestDeployLocal_CancelKillsProcessGroup holds the push in a child process
// of zcli: killing zcli alone would leave that child running, so its end
// proves the whole process group was killed.
func TestDeployLocal_CancelKillsProcessGroup(t *testing.T) {
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
			z, cfg := localSetup(t, goodCLIData)
			z.SetHold(true)
			z.SetHoldInChild(true)
			if tc.timeout {
				cfg.Timeout = 1e9 // 1s: the held push never ends by itself
			}
			ctx, cancel := context.WithCancel(testContext(t))
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := deploy.New(cfg).Deploy(ctx, deploy.Request{WorkingDir: t.TempDir(), ServiceID: "svc"})
				done <- err
			}()
			child, ended, err := awaitHeld(t, z.WaitHoldChild, done)
			if !ended {
				if !tc.timeout {
					cancel()
				}
				err = <-done
			}
			_ = wantCode(t, err, tc.wantCode)
			procs := map[string]int{"zcli": recordedPID(z.WaitPushStarted), "zcli's child": child}
			for name, pid := range procs {
				if pid == 0 {
					continue // killed before it began: nothing to reap
				}
				if err := sshdtest.WaitGone(testContext(t), pid); err != nil {
					t.Errorf("%s survived: %v", name, err)
					_ = syscall.Kill(pid, syscall.SIGKILL) // leave no stray process behind
				}
			}
		})
	}
}

func TestDeploy_CanceledBeforeStart(t *testing.T) {
	t.Parallel()
	_, cfg := localSetup(t, goodCLIData)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := deploy.New(cfg).Deploy(ctx, deploy.Request{WorkingDir: t.TempDir(), ServiceID: "svc"})
	_ = wantCode(t, err, platform.ErrCanceled)
}
