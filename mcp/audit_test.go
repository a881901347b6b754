package mcp_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// TestAudit_UnvalidatedValuesNeverLogged: arguments a tool does not take
// (misspelt Variables, vars, Content, token) are logged by name only, and
// import content as its hash and size.
func TestAudit_UnvalidatedValuesNeverLogged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"Variables": []string{"A=leak-one"}, "vars": "leak-two", "token": "leak-three"})
	h.call(t, "zerops_import", map[string]any{"Content": "leak-four", "dryRun": true})
	content := "services:\n  - hostname: x\n    type: nodejs@22\n    envSecrets: {K: leak-five}\n"
	h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": true})
	h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"leak-six-no-equals"}})
	log := h.audit.String()
	for _, leak := range []string{"leak-one", "leak-two", "leak-three", "leak-four", "leak-five", "leak-six"} {
		if strings.Contains(log, leak) {
			t.Errorf("audit log holds %q:\n%s", leak, log)
		}
	}
	lines := outcomeLines(log)
	if len(lines) != 4 {
		t.Fatalf("audit has %d lines, want 4:\n%s", len(lines), log)
	}
	var env, imp struct {
		Arguments map[string]any `json:"arguments"`
		Unknown   []string       `json:"unknownArguments"`
		Outcome   string         `json:"outcome"`
	}
	must(t, json.Unmarshal([]byte(lines[0]), &env))
	if strings.Join(env.Unknown, ",") != "Variables,token,vars" || env.Arguments["action"] != "set" || env.Outcome != platform.ErrInvalidParameter {
		t.Errorf("env line: %s", lines[0])
	}
	must(t, json.Unmarshal([]byte(lines[2]), &imp))
	digest, _ := imp.Arguments["content"].(map[string]any)
	if sum, _ := digest["sha256"].(string); len(sum) != 64 || digest["bytes"] != float64(len(content)) {
		t.Errorf("import content logged as %v, want its sha256 and size", imp.Arguments["content"])
	}
}

// outcomeLines are the audit log's outcome records, one per call (the
// gate's decision records are left out).
func outcomeLines(log string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(log), "\n") {
		if strings.Contains(l, `"record":"outcome"`) {
			out = append(out, l)
		}
	}
	return out
}

// TestErrors_RawCauseOnlyInDebugLog: a connection the API resets gives the
// agent a plain sentence; Go's error text goes to the debug log.
func TestErrors_RawCauseOnlyInDebugLog(t *testing.T) {
	t.Parallel()
	logs := &syncBuffer{}
	debug := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Logger = debug }})
	h.fake.InjectFault(fakeapi.Fault{Method: http.MethodPost, PathPrefix: "/service-stack/search", ResetConn: true})
	res, m := h.call(t, "zerops_discover", nil)
	wantError(t, res, m, platform.ErrNetworkError)
	msg, _ := m["error"].(string)
	if !strings.Contains(msg, "closed the connection") || strings.Contains(msg, "EOF") || strings.Contains(msg, "127.0.0.1") {
		t.Errorf("message %q: want a plain sentence", msg)
	}
	var cause string
	for _, line := range strings.Split(logs.String(), "\n") {
		var e struct{ Msg, Cause string }
		if json.Unmarshal([]byte(line), &e) == nil && e.Msg == "tool call failed" {
			cause += e.Cause
		}
	}
	if !strings.Contains(cause, "EOF") && !strings.Contains(cause, "reset") {
		t.Errorf("debug log cause %q lacks the raw error", cause)
	}
}
