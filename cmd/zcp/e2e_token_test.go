package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// TestBinary_TokenNeverEchoed: the agent passes ZCP's own API token back as
// arguments (a hostname, in another case, inside another value, as a tool
// name, a resource URI and a request id) at ZCP_LOG_LEVEL=debug. Calls
// carrying it are refused naming the fix, and neither stdout, stderr, the
// audit log nor the status dump ever holds the token; other calls still work.
func TestBinary_TokenNeverEchoed(t *testing.T) {
	t.Parallel()
	const token = "e2eTok3nNeverEchoed0123456789abcdefXYZ"
	fake := fakeapi.StartTB(t, fakeapi.Options{Token: token, ProcessDuration: 20 * time.Millisecond})
	dir := t.TempDir()
	auditPath, statusPath := filepath.Join(dir, "audit.jsonl"), filepath.Join(dir, "status.txt")
	s := startRaw(t, []string{
		"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + token, "ZCP_LOG_LEVEL=debug",
		"ZCP_AUDIT_LOG=" + auditPath, "ZCP_STATUS_FILE=" + statusPath,
	})
	s.initialize()
	refused := []struct {
		tool string
		args map[string]any
	}{
		{"zerops_discover", map[string]any{"serviceHostname": token}},
		{"zerops_manage", map[string]any{"action": "restart", "serviceHostname": token}},
		{"zerops_logs", map[string]any{"serviceHostname": strings.ToUpper(token)}},
		{"zerops_subdomain", map[string]any{"serviceHostname": "x-" + token[:10] + "_" + token[10:], "action": "enable"}},
		{"zerops_delete", map[string]any{"serviceHostname": "appstage", "confirm": true, "note": "padding " + strings.Repeat("x", 190) + token}},
	}
	for i, c := range refused {
		id := 10 + i
		s.callTool(id, c.tool, c.args, "")
		r := s.result(id)
		if text := toolText(t, r); r["isError"] != true || !strings.Contains(text, "ZCP's own API token") {
			t.Errorf("%s with the token as an argument: %s, want the refusal", c.tool, text)
		}
	}
	s.callTool(20, token, map[string]any{}, "")
	s.send(`{"jsonrpc":"2.0","id":21,"method":"resources/read","params":{"uri":"zerops://docs/` + token + `"}}`)
	s.send(`{"jsonrpc":"2.0","id":"` + token + `","method":"ping"}`)
	pending := map[any]bool{float64(20): true, float64(21): true, "[redacted]": true}
	for len(pending) > 0 {
		s.await(func(m map[string]any) bool {
			if pending[m["id"]] {
				delete(pending, m["id"])
				return true
			}
			return false
		})
	}
	s.callTool(22, "zerops_discover", map[string]any{"serviceHostname": "appdev"}, "")
	if r := s.result(22); r["isError"] == true || !strings.Contains(toolText(t, r), "appdev") {
		t.Fatalf("an ordinary call after the refusals failed: %s", toolText(t, r))
	}
	s.callTool(23, "zerops_discover", map[string]any{"serviceHostname": "nosuchservice"}, "") // a debug line
	if r := s.result(23); r["isError"] != true {
		t.Fatalf("discover of a missing service: %s", toolText(t, r))
	}
	if err := s.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	awaitStderr(t, s, regexp.MustCompile(`=== end ===`))
	var status []byte
	deadline := time.Now().Add(30 * time.Second)
	for status == nil && time.Now().Before(deadline) {
		status, _ = os.ReadFile(statusPath)
		if status == nil {
			time.Sleep(10 * time.Millisecond) // the dump's file write follows its stderr write
		}
	}
	_ = s.stdin.Close()
	if code := s.wait(); code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, s.stderr.String())
	}
	s.assertAllJSONRPC()
	audit, err := os.ReadFile(auditPath)
	if err != nil || !strings.Contains(string(audit), "zerops_manage") {
		t.Fatalf("audit log: %v\n%s", err, audit)
	}
	if status == nil {
		t.Fatal("no status file after SIGUSR1")
	}
	if !strings.Contains(s.stderr.String(), "DEBUG") {
		t.Fatalf("no debug line on stderr: the test would prove nothing:\n%s", s.stderr.String())
	}
	lower := strings.ToLower(token)
	for name, out := range map[string]string{
		"stdout": s.stdoutText(), "stderr": s.stderr.String(), "audit log": string(audit), "status file": string(status),
	} {
		if strings.Contains(strings.ToLower(out), lower) {
			t.Errorf("%s holds the token:\n%s", name, out)
		}
		if strings.Contains(out, token[:24]) {
			t.Errorf("%s holds a prefix of the token:\n%s", name, out)
		}
	}
}
