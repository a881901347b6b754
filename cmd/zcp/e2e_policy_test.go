//go:build unix

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

const e2ePolicy = `rules:
  - services: [db]
    actions: [delete, stop, scale]
    decision: deny
    reason: production data
  - services: [appstage]
    actions: [restart]
    decision: confirm
`

func writePolicy(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "team.yml")
	if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func toolCode(t *testing.T, r map[string]any) string {
	t.Helper()
	var m map[string]any
	_ = json.Unmarshal([]byte(toolText(t, r)), &m)
	code, _ := m["code"].(string)
	return code
}

// TestBinary_SandboxPolicyProtectsDB is Acceptance 1 and 2 from outside
// the binary: `zcp sandbox` with a policy protecting db refuses every
// spelling of deleting, stopping or scaling it, still restarts it, and a
// confirm rule asks the human over stdio (elicitation) before it runs.
func TestBinary_SandboxPolicyProtectsDB(t *testing.T) {
	t.Parallel()
	s := startRaw(t, []string{"ZCP_POLICY=" + writePolicy(t, e2ePolicy), "ZCP_POLICY_GRANTS=" + t.TempDir()}, "sandbox")
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"e2e","version":"1"}}}`)
	s.await(func(m map[string]any) bool { return m["id"] == float64(1) })
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"zerops_delete", map[string]any{"serviceHostname": "DB", "confirm": true}},
		{"zerops_manage", map[string]any{"action": "stop", "serviceHostname": " db "}},
		{"zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "maxRam": 0.5}},
	}
	for i, c := range calls {
		s.callTool(10+i, c.tool, c.args, "")
		r := s.result(10 + i)
		if code := toolCode(t, r); code != "POLICY_DENIED" || !strings.Contains(toolText(t, r), "production data") {
			t.Fatalf("%s %v: %s", c.tool, c.args, toolText(t, r))
		}
	}
	s.callTool(20, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "db"}, "")
	if r := s.result(20); r["isError"] == true {
		t.Fatalf("restart of db: %s", toolText(t, r))
	}
	// A confirm: the server asks over stdio; the human types the hostname.
	s.callTool(30, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "")
	ask := s.await(func(m map[string]any) bool { return m["method"] == "elicitation/create" })
	params, _ := ask["params"].(map[string]any)
	if msg, _ := params["message"].(string); !strings.Contains(msg, "restart appstage") {
		t.Fatalf("elicitation message: %v", params)
	}
	id, _ := json.Marshal(ask["id"])
	s.send(`{"jsonrpc":"2.0","id":` + string(id) + `,"result":{"action":"accept","content":{"hostname":"appstage"}}}`)
	if r := s.result(30); r["isError"] == true {
		t.Fatalf("confirmed restart failed: %s", toolText(t, r))
	}
	// The status dump shows the policy in force and the gate's counts.
	if err := s.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	line := awaitStderr(t, s, regexp.MustCompile(`  decisions: [^\n]*\n`))
	if !strings.Contains(line, "confirm-accepted 1") || !strings.Contains(line, "deny 3") {
		t.Errorf("status dump decisions: %s", line)
	}
	if !strings.Contains(s.stderr.String(), "policy: team.yml (2 rules)") {
		t.Errorf("status dump does not name the policy:\n%s", s.stderr.String())
	}
	s.callTool(40, "zerops_discover", map[string]any{}, "")
	if out := toolText(t, s.result(40)); !strings.Contains(out, `"db"`) {
		t.Fatalf("db is gone: %s", out)
	}
	_ = s.stdin.Close()
	if code := s.wait(); code != 0 {
		t.Fatalf("exit %d: %s", code, s.stderr.String())
	}
}

// TestBinary_PolicyCheck: `zcp policy check` prints the decision table of
// a valid file and names each problem of a bad one with its line; a bad
// ZCP_POLICY stops start-up the same way.
func TestBinary_PolicyCheck(t *testing.T) {
	t.Parallel()
	out, err := exec.Command(zcpBin, "policy", "check", "--sandbox", writePolicy(t, e2ePolicy)).CombinedOutput()
	if err != nil {
		t.Fatalf("check: %v\n%s", err, out)
	}
	for _, want := range []string{"valid", "the project's services", "db ", "deny[", "team.yml:2: deny services=db"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("check output lacks %q:\n%s", want, out)
		}
	}
	bad := writePolicy(t, "rules:\n  - services: [db]\n    tools: [zerops_delte]\n    decision: deny\n  - services: [\"[x\"]\n    decision: deny\n")
	out, err = exec.Command(zcpBin, "policy", "check", bad).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "team.yml:3: unknown tool \"zerops_delte\"") || !strings.Contains(string(out), "team.yml:5: bad glob") {
		t.Fatalf("bad file: %v\n%s", err, out)
	}
	cmd := exec.Command(zcpBin, "sandbox")
	cmd.Env = append(cleanEnv(), "ZCP_POLICY="+bad)
	out, err = cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "team.yml:3:") {
		t.Fatalf("start-up with a bad policy: %v\n%s", err, out)
	}
}

// TestBinary_PolicyAllowNeedsATerminal: without a terminal (an agent's
// shell) `zcp policy allow` writes no grant.
func TestBinary_PolicyAllowNeedsATerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cmd := exec.Command(zcpBin, "policy", "allow", "delete", "db")
	cmd.Env = append(cleanEnv(), "ZCP_POLICY_GRANTS="+dir)
	cmd.Stdin = strings.NewReader("db\n")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no controlling terminal
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "terminal") {
		t.Fatalf("allow without a terminal: %v\n%s", err, out)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("a grant was written: %v", entries)
	}
}
