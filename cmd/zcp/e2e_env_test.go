package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// The environment switches users rely on, observed from outside the binary:
// the tools it lists, the audit file it writes and the requests the API sees.

// listTools asks for tools/list over a raw session and returns the tools.
func listTools(t *testing.T, s *rawSession, id int) []map[string]any {
	t.Helper()
	s.send(`{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/list"}`)
	m := s.await(func(m map[string]any) bool { return m["id"] == float64(id) })
	res, _ := m["result"].(map[string]any)
	raw, _ := res["tools"].([]any)
	if len(raw) == 0 {
		t.Fatalf("tools/list answered no tools: %v", m)
	}
	tools := make([]map[string]any, 0, len(raw))
	for _, r := range raw {
		tool, _ := r.(map[string]any)
		tools = append(tools, tool)
	}
	return tools
}

func readOnlyHint(tool map[string]any) bool {
	ann, _ := tool["annotations"].(map[string]any)
	return ann["readOnlyHint"] == true
}

func TestBinary_ReadOnlyListsOnlyReadTools(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	env := []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token()}

	full := startRaw(t, env)
	full.initialize()
	all := listTools(t, full, 2)

	ro := startRaw(t, append(env, "ZCP_READ_ONLY=1"))
	ro.initialize()
	listed := listTools(t, ro, 2)

	names := map[string]bool{}
	for _, tool := range listed {
		name, _ := tool["name"].(string)
		names[name] = true
		if !readOnlyHint(tool) {
			t.Errorf("ZCP_READ_ONLY=1 lists %s, which is not read-only", name)
		}
	}
	if names["zerops_delete"] || len(listed) >= len(all) {
		t.Fatalf("read-only lists %d of %d tools (zerops_delete: %v): the switch has no effect", len(listed), len(all), names["zerops_delete"])
	}
	// A call to a mutating tool changes nothing on the platform.
	ro.callTool(3, "zerops_delete", map[string]any{"serviceHostname": "appdev", "confirm": true}, "")
	if r := ro.await(func(m map[string]any) bool { return m["id"] == float64(3) }); r["result"] != nil {
		if res, _ := r["result"].(map[string]any); res["isError"] != true {
			t.Fatalf("read-only zcp ran zerops_delete: %v", r)
		}
	}
	if n := fake.CountRequests("DELETE", ""); n != 0 {
		t.Fatalf("read-only zcp sent %d DELETE requests", n)
	}
}

func TestBinary_AuditLogWritesRedactedLines(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{Token: "e2e-audit-api-token-5150", ProcessDuration: 20 * time.Millisecond})
	auditPath := filepath.Join(t.TempDir(), "audit.jsonl")
	s := startRaw(t, []string{
		"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token(), "ZCP_AUDIT_LOG=" + auditPath,
	})
	const envSecret, argToken, nestedSecret = "hunter2-e2e-env-value", "tok-e2e-argument-77", "nested-e2e-password-88"
	s.initialize()
	s.callTool(2, "zerops_discover", map[string]any{}, "") // read-only: not audited
	s.result(2)
	s.callTool(3, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"E2E_KEY=" + envSecret}}, "")
	if r := s.result(3); r["isError"] == true {
		t.Fatalf("env set failed: %s", toolText(t, r))
	}
	// Arguments the tool does not know still reach the audit log: their
	// values must not, when their keys name a secret.
	s.callTool(4, "zerops_manage", map[string]any{
		"action": "restart", "serviceHostname": "appdev",
		"token": argToken, "extra": map[string]any{"password": nestedSecret},
	}, "")
	s.await(func(m map[string]any) bool { return m["id"] == float64(4) })
	_ = s.stdin.Close()
	if code := s.wait(); code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, s.stderr.String())
	}

	info, err := os.Stat(auditPath)
	if err != nil {
		t.Fatalf("ZCP_AUDIT_LOG=%s was not written: %v", auditPath, err)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		t.Errorf("audit file mode %v: readable by others", perm)
	}
	b, err := os.ReadFile(auditPath)
	if err != nil {
		t.Fatal(err)
	}
	var tools []string
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		var line struct {
			Tool      string         `json:"tool"`
			Record    string         `json:"record"`
			Arguments map[string]any `json:"arguments"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("audit line is not JSON: %q", sc.Text())
		}
		if line.Record != "outcome" { // the policy gate's decision before each call
			continue
		}
		tools = append(tools, line.Tool)
		if line.Tool == "zerops_env" && !strings.Contains(sc.Text(), "E2E_KEY") {
			t.Errorf("the env line does not name the key it set: %s", sc.Text())
		}
	}
	if strings.Join(tools, ",") != "zerops_env,zerops_manage" {
		t.Fatalf("audit lines for %v, want zerops_env and zerops_manage (discover is read-only); file:\n%s", tools, b)
	}
	for _, secret := range []string{envSecret, argToken, nestedSecret, fake.Token()} {
		if strings.Contains(string(b), secret) {
			t.Errorf("the audit log holds the secret %q:\n%s", secret, b)
		}
	}
}

// TestBinary_APIRateBudgetsEveryRequest runs zcp with a budget of one
// request per second and a burst of one, makes it busy (a restart followed by
// the watcher plus pipelined reads), and checks the API's own request log:
// no stretch of requests exceeds what the budget allows, and the gateway's
// count in the status dump equals the requests the API saw, watcher polls
// included, so no request went around the budget.
func TestBinary_APIRateBudgetsEveryRequest(t *testing.T) {
	t.Parallel()
	const rate, burst = 1.0, 1
	fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: 3 * time.Second})
	s := startRaw(t, []string{
		"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token(), "ZCP_API_RATE=1:1",
	})
	t.Cleanup(func() {
		if t.Failed() {
			for _, r := range fake.Requests() {
				t.Logf("%s %s %s", r.Time.Format("15:04:05.000"), r.Method, r.Path)
			}
		}
	})
	s.initialize()
	s.callTool(2, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"}, "rate-1")
	for i, host := range []string{"appdev", "appstage", "db", "cache"} {
		s.callTool(3+i, "zerops_env", map[string]any{"action": "get", "serviceHostname": host}, "")
	}
	// The answers come in any order; await drops what does not match.
	for pending := 5; pending > 0; pending-- {
		m := s.await(func(m map[string]any) bool { id, _ := m["id"].(float64); return id >= 2 && id <= 6 })
		if r, _ := m["result"].(map[string]any); r == nil || r["isError"] == true {
			t.Fatalf("call %v failed: %v", m["id"], m)
		}
	}
	polls := fake.CountRequests("GET", "/process/")
	if polls < 1 {
		t.Fatalf("the restart's progress was followed without a single poll of /process/")
	}

	reqs := fake.Requests()
	if len(reqs) < 8 {
		t.Fatalf("only %d API requests: the test makes too little traffic to judge the budget", len(reqs))
	}
	times := make([]time.Time, len(reqs))
	for i, r := range reqs {
		times[i] = r.Time
	}
	sort.Slice(times, func(i, j int) bool { return times[i].Before(times[j]) })
	// A token bucket admits at most burst + rate·(b−a) requests in any [a, b].
	// The API stamps a request a little after the gateway admits it; a slack
	// of two requests covers up to 2 s of that delay, so only a budget that is
	// not applied fails here, never a slow machine.
	const slack = 2
	for i := range times {
		for j := i + 1; j < len(times); j++ {
			n := j - i + 1
			allowed := float64(burst+slack) + rate*times[j].Sub(times[i]).Seconds()
			if float64(n) > allowed {
				t.Fatalf("%d API requests within %v, the budget 1/s burst 1 allows %.1f (ZCP_API_RATE not applied)",
					n, times[j].Sub(times[i]), allowed)
			}
		}
	}

	// The status dump shows the budget in force and how many requests the
	// gateway let through: every request the API saw.
	if err := s.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	line := awaitStderr(t, s, regexp.MustCompile(`api-gateway: [^\n]*\n`))
	if !strings.Contains(line, "rate 1/s burst 1") {
		t.Errorf("the gateway does not run the budget of ZCP_API_RATE=1:1: %s", line)
	}
	m := regexp.MustCompile(`calls (\d+)`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("no call count in the gateway's status: %s", line)
	}
	if got, want := m[1], strconv.Itoa(len(fake.Requests())); got != want {
		t.Fatalf("the gateway let %s calls through but the API saw %s requests (%d polls): some went around the budget",
			got, want, polls)
	}
}

// awaitStderr returns the first match of re in the binary's stderr, checking
// as it grows, until a deadline.
func awaitStderr(t *testing.T, s *rawSession, re *regexp.Regexp) string {
	t.Helper()
	deadline := time.After(30 * time.Second)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if m := re.FindString(s.stderr.String()); m != "" {
			return m
		}
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatalf("stderr never matched %s:\n%s", re, s.stderr.String())
		}
	}
}
