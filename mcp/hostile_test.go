package mcp_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// hostile is a long agent-supplied string made only of letters, so that it
// also passes as an env key or a YAML key and reaches deep into the checks.
var hostile = strings.Repeat("Zq", 20_000)

// yamlKey is hostile cut to the longest plain key yaml.v3 accepts.
var yamlKey = hostile[:1000]

// echoed reports whether a run of hostile longer than any clip appears in s.
func echoed(s string) bool { return strings.Contains(s, strings.Repeat("Zq", 100)) }

func manyLines(n int, line string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = line
	}
	return out
}

// TestTools_HostileInputNotEchoed sends every string parameter of every tool
// a 40 kB value (and lists of thousands of items) and checks that answers
// echo none of it unbounded and that every failure has the full error shape.
func TestTools_HostileInputNotEchoed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	must(t, os.WriteFile(filepath.Join(h.workDir(t), "big.yml"), []byte("zerops:\n  - setup: a\n    "+hostile[:90_000/9]+": 1\n"), 0o644))
	svcYml := func(extra string) string {
		return "services:\n  - hostname: api\n    type: nodejs@22\n" + extra
	}
	manyKeys := func(prefix string, n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "%s%s%d: 1\n", prefix, hostile[:60], i)
		}
		return b.String()
	}
	tests := []struct {
		tool string
		args map[string]any
	}{
		{"zerops_discover", map[string]any{"serviceHostname": hostile}},
		{"zerops_manage", map[string]any{"action": hostile, "serviceHostname": "appdev"}},
		{"zerops_manage", map[string]any{"action": "restart", "serviceHostname": hostile}},
		{"zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "cpuMode": hostile}},
		{"zerops_env", map[string]any{"action": hostile, "serviceHostname": "appdev"}},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{hostile + "=a\nb"}}},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": manyLines(3000, "no equals sign here")}},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"1" + hostile + "=x"}}},
		{"zerops_env", map[string]any{"action": "delete", "serviceHostname": "appdev", "variables": []string{hostile}}},
		{"zerops_env", map[string]any{"action": "delete", "project": true, "variables": []string{hostile, "A" + hostile}}},
		{"zerops_env", map[string]any{"action": "delete", "serviceHostname": "appdev", "variables": manyLines(3000, "bad key")}},
		{"zerops_logs", map[string]any{"serviceHostname": hostile}},
		{"zerops_logs", map[string]any{"serviceHostname": "appdev", "severity": hostile}},
		{"zerops_logs", map[string]any{"serviceHostname": "appdev", "since": hostile}},
		{"zerops_logs", map[string]any{"serviceHostname": "appdev", "search": hostile}},
		{"zerops_logs", map[string]any{"serviceHostname": "appdev", "buildId": hostile}},
		{"zerops_deploy", map[string]any{"sourceService": hostile}},
		{"zerops_deploy", map[string]any{"sourceService": "appdev", "targetServiceId": hostile}},
		{"zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": hostile}},
		{"zerops_deploy", map[string]any{"sourceService": "appdev", "setup": hostile}},
		{"zerops_deploy", map[string]any{"sourceService": "appdev", "workingDir": hostile}},
		{"zerops_deploy", map[string]any{"workingDir": "/tmp", "serviceId": hostile}},
		{"zerops_import", map[string]any{"filePath": hostile}},
		{"zerops_import", map[string]any{"filePath": "../" + hostile}},
		{"zerops_import", map[string]any{"content": "services:\n  - hostname: " + hostile + "\n    type: nodejs@22\n", "dryRun": true}},
		{"zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: " + hostile + "@22\n", "dryRun": true}},
		{"zerops_import", map[string]any{"content": "services:\n  - hostname: db\n    type: postgresql:" + hostile + "@16\n", "dryRun": true}},
		{"zerops_import", map[string]any{"content": svcYml("    " + yamlKey + ": 1\n"), "dryRun": true}},
		{"zerops_import", map[string]any{"content": svcYml("    envSecrets:\n      " + yamlKey + ": [1]\n"), "dryRun": true}},
		{"zerops_import", map[string]any{"content": "services:\n" + strings.Repeat("  - hostname: Bad_Name\n    type: x@@1\n", 1500), "dryRun": true}},
		{"zerops_import", map[string]any{"content": svcYml(indent(manyKeys("", 1000), 4)), "dryRun": true}},
		{"zerops_validate", map[string]any{"content": "zerops:\n  - setup: a\n    " + yamlKey + ": 1\n"}},
		{"zerops_validate", map[string]any{"content": "zerops:\n  - setup: a\n    run:\n      start: x\n      envVariables:\n        " + yamlKey + ": [1]\n"}},
		{"zerops_validate", map[string]any{"content": "zerops:\n  - setup: a\n    run:\n      start: x\n" + indent(manyKeys("", 1000), 6)}},
		{"zerops_validate", map[string]any{"content": "zerops:\n  - setup: a\n", "kind": hostile}},
		{"zerops_validate", map[string]any{"content": hostile + ": [\n"}},
		{"zerops_validate", map[string]any{"filePath": "big.yml"}},
		{"zerops_knowledge", map[string]any{"query": hostile}},
		{"zerops_knowledge", map[string]any{"uri": hostile}},
		{"zerops_knowledge", map[string]any{"runtime": hostile}},
		{"zerops_knowledge", map[string]any{"runtime": "nodejs@22", "services": []string{hostile, "postgresql:" + hostile + "@16"}}},
		{"zerops_knowledge", map[string]any{"services": manyLines(2000, "nosuchservice@1")}},
		{"zerops_process", map[string]any{"processId": hostile}},
		{"zerops_process", map[string]any{"processId": "abc", "action": hostile}},
		{"zerops_delete", map[string]any{"serviceHostname": hostile, "confirm": true}},
		{"zerops_subdomain", map[string]any{"serviceHostname": hostile, "action": "enable"}},
		{"zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": hostile}},
		{"zerops_events", map[string]any{"serviceHostname": hostile}},
		{"zerops_workflow", map[string]any{"workflow": hostile}},
		{"zerops_context", map[string]any{hostile: 1}},
		{"zerops_discover", map[string]any{"includeEnvs": hostile}},
		{"zerops_events", map[string]any{"limit": hostile}},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprintf("%02d_%s", i, tt.tool), func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, tt.tool, tt.args)
			body := text(res)
			if testing.Verbose() {
				t.Logf("%.200s", body)
			}
			if echoed(body) {
				t.Errorf("answer echoes the hostile input unbounded (%d bytes): %.300s…", len(body), body)
			}
			if len(body) > 16<<10 {
				t.Errorf("answer is %d bytes: %.300s…", len(body), body)
			}
			if res.IsError {
				if m == nil || m["code"] == "" || m["error"] == "" || m["suggestion"] == nil || m["suggestion"] == "" {
					t.Errorf("error lacks {code, error, suggestion}: %.300s", body)
				}
				if m != nil && m["code"] == platform.ErrInternal {
					t.Errorf("hostile input reached an internal error: %.300s", body)
				}
			}
		})
	}
	if n := h.fake.CountRequests("PUT", "/service-stack/"); n != 0 {
		t.Errorf("hostile input changed services (%d PUT requests)", n)
	}
}

func indent(s string, n int) string {
	pad := strings.Repeat(" ", n)
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = pad + lines[i]
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestTools_APIFailuresKeepErrorShape breaks the API in several ways and
// checks that every tool that needs it answers a bounded {code, error,
// suggestion} error, never an internal one.
func TestTools_APIFailuresKeepErrorShape(t *testing.T) {
	t.Parallel()
	faults := []struct {
		name  string
		fault fakeapi.Fault
	}{
		{"500", fakeapi.Fault{Status: 500}},
		{"401", fakeapi.Fault{Status: 401, APICode: "userNotAuthorized", Message: "token revoked"}},
		{"403", fakeapi.Fault{Status: 403, APICode: "forbidden", Message: "no access"}},
		// A cooldown longer than a read's 30 s bound fails at once; a short
		// one is waited out (the gateway's own tests), which against a fault
		// that never clears would cost each call its whole bound.
		{"429", fakeapi.Fault{Status: 429, RetryAfter: time.Minute}},
		{"huge message", fakeapi.Fault{Status: 400, APICode: "invalid", Message: hostile}},
		{"malformed", fakeapi.Fault{Malformed: true}},
		{"reset", fakeapi.Fault{ResetConn: true}},
	}
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"zerops_discover", nil},
		{"zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"}},
		{"zerops_env", map[string]any{"action": "get", "serviceHostname": "db"}},
		{"zerops_env", map[string]any{"action": "set", "project": true, "variables": []string{"A=1"}}},
		{"zerops_logs", map[string]any{"serviceHostname": "appdev"}},
		{"zerops_events", nil},
		{"zerops_process", map[string]any{"processId": "abcdefghijklmnopqrstuv"}},
		{"zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true}},
		{"zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "enable"}},
		{"zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n"}},
		{"zerops_deploy", map[string]any{"sourceService": "appdev"}},
	}
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) {
				d.ImportOptions.DeleteWait = time.Millisecond
			}})
			h.fake.InjectFault(f.fault)
			for _, c := range calls {
				res, m := h.call(t, c.tool, c.args)
				if !res.IsError {
					t.Errorf("%s succeeded against a broken API: %.200s", c.tool, text(res))
					continue
				}
				if m == nil || m["code"] == nil || m["error"] == "" || m["suggestion"] == "" || m["suggestion"] == nil {
					t.Errorf("%s: error lacks {code, error, suggestion}: %.300s", c.tool, text(res))
				}
				if m != nil && m["code"] == platform.ErrInternal {
					t.Errorf("%s: API failure reported as internal: %.300s", c.tool, text(res))
				}
				// The API's own message is clipped, not dropped: bounded, not absent.
				if len(text(res)) > 5<<10 {
					t.Errorf("%s: unbounded error (%d bytes): %.300s", c.tool, len(text(res)), text(res))
				}
			}
		})
	}
}

func TestArgs_RejectedValueClippedOnRuneBoundary(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_discover", map[string]any{"includeEnvs": "xy" + strings.Repeat("é", 100)})
	wantError(t, res, m, platform.ErrInvalidParameter)
	msg, _ := m["error"].(string)
	if strings.ContainsRune(msg, utf8.RuneError) {
		t.Errorf("value clipped inside a character: %q", msg)
	}
}
