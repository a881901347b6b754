package mcp

import (
	"encoding/json"
	"strings"
	"testing"
)

// auditFuzzKnown is the argument set the fuzz target redacts for: zerops_env's
// and zerops_import's arguments together.
var auditFuzzKnown = map[string]bool{"action": true, "serviceHostname": true, "project": true,
	"variables": true, "content": true, "filePath": true, "dryRun": true}

// auditFuzzWords are the words an audit line of the planted arguments holds
// whatever the secret.
const auditFuzzWords = `{"time":"0001-01-01T00:00:00Z","callId":"","tool":"","arguments":{"content":{"bytes":,"sha256":""},"variables":["KEY=***","***","***"]},"unknownArguments":["Content","Variables","token","vars","x"],"outcome":"","durationMs":0}`

// FuzzRedactArguments: whatever the arguments, the audit redaction never
// panics, its output marshals, and a secret planted where nothing validates
// it (misspelt or unknown keys at any depth, env values, import content,
// token keys, invalid env lines) never appears in the output.
func FuzzRedactArguments(f *testing.F) {
	f.Add([]byte(`{"action":"set","serviceHostname":"api","variables":["A=1"]}`), "hunter2-secret")
	f.Add([]byte(`{"content":"services: []","dryRun":true}`), "sk_live_0123456789")
	f.Add([]byte(`{"Variables":{"nested":["x"]},"vars":[1,2,{"a":null}]}`), "ghp_abcdefghijklmnop")
	f.Add([]byte(`[1,2,3]`), "tok")
	f.Add([]byte(`{"action":"delete","variables":"KEY"}`), "=value")
	f.Add([]byte(`not json`), "")
	f.Fuzz(func(t *testing.T, raw []byte, secret string) {
		// The redaction alone, on anything.
		if args, unknown := redactArguments(raw, auditFuzzKnown); args != nil || unknown != nil {
			if _, err := json.Marshal(auditLine{Arguments: args, Unknown: unknown}); err != nil {
				t.Fatalf("audit line does not marshal: %v", err)
			}
		}
		// The secret planted in every place whose value is not validated.
		if len(secret) < 6 || strings.Contains(string(raw), secret) || strings.ContainsAny(secret, "=\\\"") {
			return
		}
		var args map[string]any
		if json.Unmarshal(raw, &args) != nil || args == nil {
			args = map[string]any{}
		}
		if a, ok := args["action"].(string); ok && strings.Contains(strings.ToLower(a), "delete") {
			delete(args, "action") // delete keys are logged; the secret goes in as a value here
		}
		enc, _ := json.Marshal(secret)
		needle := strings.Trim(string(enc), `"`)
		// Skip a secret the output holds anyway: the words of the line itself,
		// or a value of raw's own known arguments (raw may escape it).
		before, _ := json.Marshal(args)
		baseOut, baseUnknown := redactArguments(before, auditFuzzKnown)
		base, _ := json.Marshal(auditLine{Arguments: baseOut, Unknown: baseUnknown})
		if strings.Contains(auditFuzzWords, secret) || strings.Contains(string(base), needle) {
			return
		}
		args["Variables"] = []any{"A=" + secret}
		args["vars"] = secret
		args["Content"] = secret
		args["token"] = secret
		args["x"+secret[:3]] = map[string]any{"deep": []any{secret}}
		args["variables"] = []any{"KEY=" + secret, secret, map[string]any{"k": secret}}
		args["content"] = "services: " + secret
		planted, err := json.Marshal(args)
		if err != nil {
			t.Skip()
		}
		out, unknown := redactArguments(planted, auditFuzzKnown)
		line, err := json.Marshal(auditLine{Arguments: out, Unknown: unknown})
		if err != nil {
			t.Fatalf("audit line does not marshal: %v", err)
		}
		if strings.Contains(string(line), needle) {
			t.Fatalf("secret %q in the audit line %s", secret, line)
		}
	})
}
