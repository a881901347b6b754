package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy/sshdtest"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// TestBinary_DeployOverSSH runs zerops_deploy through the built binary over
// stdio: zcp ssh-es (system ssh client, real sshd on loopback) into "appdev",
// where the fake zcli pushes to the fake API, and the build is followed with
// progress notifications through to ACTIVE.
func TestBinary_DeployOverSSH(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{Token: "deploy-e2e-token-0123456789", BuildStepDuration: 700 * time.Millisecond})
	sshd := sshdtest.Start(t, sshdtest.Options{APIURL: fake.URL()})

	s := startRaw(t, []string{
		"ZEROPS_API_HOST=" + fake.URL(),
		"ZEROPS_ZCP_API_KEY=" + fake.Token(),
		"ZCP_SSH_CONFIG=" + sshd.ConfigPath(),
	})
	// sshd runs on this machine, so the "remote" working directory is local.
	workDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(workDir, "zerops.yml"), []byte("zerops:\n  - setup: prod\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.initialize()
	s.callTool(2, "zerops_deploy", map[string]any{
		"sourceService": "appdev", "targetService": "appstage", "setup": "prod", "workingDir": workDir,
	}, "deploy-1")

	var progress []string
	var final map[string]any
	for final == nil {
		m := s.await(func(m map[string]any) bool {
			return m["method"] == "notifications/progress" || m["id"] == float64(2)
		})
		if m["method"] == "notifications/progress" {
			params, _ := m["params"].(map[string]any)
			msg, _ := params["message"].(string)
			progress = append(progress, msg)
			continue
		}
		final, _ = m["result"].(map[string]any)
		if final == nil {
			t.Fatalf("deploy answered with no result: %v", m)
		}
	}
	text := toolText(t, final)
	if final["isError"] == true {
		t.Fatalf("deploy failed: %s\nsshd log:\n%s\nzcp stderr:\n%s", text, sshd.Log(), s.stderr.String())
	}
	var out struct {
		Mode            string   `json:"mode"`
		TargetServiceID string   `json:"targetServiceId"`
		Output          []string `json:"output"`
		Build           struct {
			Status string `json:"status"`
		} `json:"build"`
	}
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		t.Fatalf("deploy result is not JSON: %v\n%s", err, text)
	}
	if out.Mode != "ssh" || out.TargetServiceID != fake.ServiceID("appstage") {
		t.Errorf("deploy went %q to %q, want ssh to appstage (%s)", out.Mode, out.TargetServiceID, fake.ServiceID("appstage"))
	}
	if out.Build.Status != "ACTIVE" {
		t.Errorf("build ended %q, want ACTIVE; progress: %q\nresult: %s", out.Build.Status, progress, text)
	}
	if len(progress) == 0 {
		t.Error("no progress notification while the build ran")
	}
	for _, p := range progress {
		if strings.Contains(p, "ACTIVE") {
			t.Errorf("progress reported the terminal state %q; the result must carry it alone", p)
		}
	}
	if strings.Contains(text, fake.Token()) || strings.Contains(s.stderr.String(), fake.Token()) {
		t.Error("the token leaked into the result or the logs")
	}
	_ = s.stdin.Close()
	if code := s.wait(); code != 0 {
		t.Errorf("exit = %d", code)
	}
	s.assertAllJSONRPC()
}
