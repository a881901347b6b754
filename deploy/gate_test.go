package deploy_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/deploy/sshdtest"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// A zerops.yml the validator rejects for the target's setup is refused
// before zcli runs, over SSH (read from the source container) and locally;
// the same file fixed is pushed.
func TestRun_InvalidZeropsYmlRefusedBeforePush(t *testing.T) {
	t.Parallel()
	typos := strings.Replace(strings.Replace(pythonYml, "buildCommands:", "buildCommand:", 1), "ports:", "port:", 1)
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) (d *deploy.Deployer, p deploy.Params, pushes func() int)
	}{
		{"ssh", func(t *testing.T, dir string) (*deploy.Deployer, deploy.Params, func() int) {
			s := sshdtest.Start(t, sshdtest.Options{})
			return newSSHDeployer(s, nil), deploy.Params{SourceService: "appdev", TargetService: "appstage", WorkingDir: dir},
				func() int { return len(s.Pushes()) }
		}},
		{"local", func(t *testing.T, dir string) (*deploy.Deployer, deploy.Params, func() int) {
			z, cfg := localSetup(t, goodCLIData)
			return deploy.New(cfg), deploy.Params{WorkingDir: ".", TargetService: "appstage"},
				func() int { return len(z.Calls()) }
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake, c := startFake(t, 10*time.Millisecond)
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "zerops.yml"), typos)
			d, p, pushes := tt.setup(t, dir)
			env := deploy.Env{Client: c, ProjectID: fake.ProjectID(), WorkDir: dir, Push: d.Deploy, ReadZeropsYml: d.ReadZeropsYml}

			_, err := deploy.Run(testContext(t), env, p)
			pe := wantCode(t, err, platform.ErrInvalidZeropsYml)
			var ie *ops.IssuesError
			if !errors.As(err, &ie) || len(ie.Problems) != 2 ||
				ie.Problems[0].Path != "zerops[0].build.buildCommand" || ie.Problems[1].Path != "zerops[0].run.port" {
				t.Fatalf("problems %+v, want the two typo'd keys", ie)
			}
			if !strings.Contains(pe.Message, "zerops.yml") || !strings.Contains(pe.Suggestion, "zerops_validate") {
				t.Errorf("refusal %q / %q names no file or next step", pe.Message, pe.Suggestion)
			}
			if n := pushes(); n != 0 {
				t.Fatalf("zcli pushed %d times despite the invalid zerops.yml", n)
			}

			writeFile(t, filepath.Join(dir, "zerops.yml"), pythonYml)
			if _, err := deploy.Run(testContext(t), env, p); err != nil {
				t.Fatalf("a valid zerops.yml: %v", err)
			}
			if n := pushes(); n != 1 {
				t.Errorf("zcli pushed %d times, want 1", n)
			}
		})
	}
}

// TestDeployer_ReadZeropsYmlFindsWhatZcliPushes: reading zerops.yml, over
// ssh or locally, finds zerops.yaml first, as zcli does; a directory without either, or a source container ssh cannot
// reach, answers nothing to check (the push reports it).
func TestDeployer_ReadZeropsYmlFindsWhatZcliPushes(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{UnreachableHosts: []string{"gone"}})
	d := newSSHDeployer(s, nil)
	empty, both := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(both, "zerops.yml"), "zerops: []\n")
	writeFile(t, filepath.Join(both, "zerops.yaml"), pythonYml)
	tests := []struct {
		name          string
		req           deploy.Request
		file, content string
	}{
		{"ssh without a file", deploy.Request{SourceService: "appdev", TargetServiceID: "x", WorkingDir: empty}, "", ""},
		{"local without a file", deploy.Request{WorkingDir: empty, ServiceID: "x"}, "", ""},
		{"ssh unreachable", deploy.Request{SourceService: "gone", TargetServiceID: "x", WorkingDir: both}, "", ""},
		{"ssh with both", deploy.Request{SourceService: "appdev", TargetServiceID: "x", WorkingDir: both}, filepath.Join(both, "zerops.yaml"), pythonYml},
		{"local with both", deploy.Request{WorkingDir: both, ServiceID: "x"}, filepath.Join(both, "zerops.yaml"), pythonYml},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, content, err := d.ReadZeropsYml(testContext(t), tt.req)
			if err != nil || f != tt.file || content != tt.content {
				t.Errorf("got %q, %d bytes, %v; want %q, %d bytes", f, len(content), err, tt.file, len(tt.content))
			}
		})
	}
}

// TestDeployer_ReadRemoteZeropsYmlTakesOnlyTheMarkedFile: what the source
// container prints before the marker (a login shell's rc files) is
// skipped; a marker naming another file, no marker, or a failing session
// answers nothing to check; a file too large reaches the check too large.
func TestDeployer_ReadRemoteZeropsYmlTakesOnlyTheMarkedFile(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("#", 2*platform.MaxFileSize)
	tests := []struct {
		name, out     string
		exit          int
		file, content string
	}{
		{"rc noise first", "Welcome!\nlast login: today\nzcp-zerops-yml:zerops.yml\n" + pythonYml, 0, "/var/www/zerops.yml", pythonYml},
		{"another file named", "zcp-zerops-yml:../../etc/passwd\nroot:x:0:0\n", 0, "", ""},
		{"no marker", "zerops:\n", 0, "", ""},
		{"session failed", "zcp-zerops-yml:zerops.yml\n" + pythonYml, 255, "", ""},
		{"too large", "zcp-zerops-yml:zerops.yaml\n" + huge, 0, "/var/www/zerops.yaml", huge[:platform.MaxFileSize+1024-len("zcp-zerops-yml:zerops.yaml\n")]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "out"), tt.out)
			ssh := filepath.Join(dir, "ssh")
			writeExecutable(t, ssh, fmt.Sprintf("#!/bin/sh\ncat '%s/out'\nexit %d\n", dir, tt.exit))
			d := deploy.New(deploy.Config{SSHPath: ssh})
			f, content, err := d.ReadZeropsYml(testContext(t), deploy.Request{SourceService: "appdev", TargetServiceID: "x"})
			if err != nil || f != tt.file || content != tt.content {
				t.Errorf("got %q, %d bytes, %v; want %q, %d bytes", f, len(content), err, tt.file, len(tt.content))
			}
		})
	}
}

// writeExecutable writes a script to run while holding syscall.ForkLock,
// so that no process forked meanwhile inherits its write descriptor and
// makes running it fail with ETXTBSY (see sshdtest's writeExecutable).
func writeExecutable(t *testing.T, path, script string) {
	t.Helper()
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestRun_DeletingTargetRefusedBeforePush: a target whose deletion is under
// way is refused before anything is pushed, by its status read by id (the
// project's service list may still show it ACTIVE), with or without a
// zerops.yml to check; the refusal names the status and the way on.
func TestRun_DeletingTargetRefusedBeforePush(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		params   deploy.Params
		readable bool // the pre-push check can read zerops.yml
	}{
		{"ssh by hostname", deploy.Params{SourceService: "appdev", TargetService: "appstage"}, true},
		{"ssh, zerops.yml not read", deploy.Params{SourceService: "appdev", TargetService: "appstage"}, false},
		{"local by hostname", deploy.Params{WorkingDir: ".", TargetService: "appstage"}, true},
		{"local by id", deploy.Params{WorkingDir: "."}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// The deletion lasts a minute: appstage stays DELETING throughout.
			fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: time.Minute, BuildStepDuration: 10 * time.Millisecond})
			c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
			if err != nil {
				t.Fatal(err)
			}
			stage := fake.ServiceID("appstage")
			root := t.TempDir()
			writeFile(t, filepath.Join(root, "zerops.yml"), pythonYml)
			pusher := deploy.NewAPIPusher(c, root, ops.ReadFileInDir)
			pushes := 0
			env := deploy.Env{Client: c, ProjectID: fake.ProjectID(), WorkDir: root,
				Push: func(ctx context.Context, req deploy.Request) (*deploy.Result, error) {
					pushes++
					return pusher.Deploy(ctx, req)
				}}
			if tt.readable {
				env.ReadZeropsYml = pusher.ReadZeropsYml
			}
			p := tt.params
			if p.TargetService == "" {
				p.ServiceID = stage
			}
			if _, err := c.DeleteService(testContext(t), stage); err != nil {
				t.Fatal(err)
			}

			_, err = deploy.Run(testContext(t), env, p)
			pe := wantCode(t, err, platform.ErrInvalidParameter)
			if !strings.Contains(pe.Message, "appstage") || !strings.Contains(pe.Message, string(platform.ServiceDeleting)) ||
				!strings.Contains(pe.Suggestion, "zerops_discover") || !strings.Contains(pe.Suggestion, "zerops_import") {
				t.Errorf("refusal %q / %q names not the target, its status or the way on", pe.Message, pe.Suggestion)
			}
			if pushes != 0 {
				t.Errorf("pushed %d times to a service being deleted", pushes)
			}
		})
	}
}
