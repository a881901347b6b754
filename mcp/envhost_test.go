package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// An app that binds to process.env.HOST, falling back to localhost, is not
// answering after its deploy; the fix names the HOST service variable, and
// following it as written (zerops_env set serviceHostname=appstage …
// restart=true, no deploy; without the service the call is refused) makes it healthy,
// as on the platform, where a secret is in the container's environment.
func TestEnv_HostVariableBringsLocalhostAppLive(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"index.js": "const http = require('node:http');\n" +
		"http.createServer((req, res) => res.end('ok')).listen(3000, process.env.HOST || 'localhost');\n"})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "local")
	check, _ := m["check"].(map[string]any)
	first := firstDiagnosis(check["diagnoses"])
	if m["verdict"] != string(platform.VerdictNotAnswering) || first["signal"] != "listening-on-localhost" ||
		!strings.Contains(first["fix"]+str(m["next"]), `zerops_env action=set serviceHostname=appstage variables=["HOST=0.0.0.0"] restart=true`) {
		t.Fatalf("verdict %v, first diagnosis %v; want not-answering, listening-on-localhost naming the HOST variable: %s",
			m["verdict"], first, text(res))
	}
	res, _ = h.callWith(t, context.Background(), "zerops_env",
		map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"HOST=0.0.0.0"}, "restart": true}, "env")
	if res.IsError {
		t.Fatalf("env set: %s", text(res))
	}
	h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
}

// An app whose code binds 127.0.0.1 itself is not fixed by HOST=0.0.0.0:
// once that variable is set and the app still binds localhost, verify's fix
// says the address is hard-coded, where (the line of the code ZCP pushed),
// and no longer offers the HOST variable, so an agent following the fix
// does not set it again and again.
func TestEnv_HostSetAppStillLocalhostNamesHardcodedBind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		project bool // HOST set as a project variable, not the service's
	}{
		{"service variable", false},
		{"project variable", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"index.js": "const http = require('node:http');\n" +
				"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1', () => console.log('Listening on 127.0.0.1:3000'));\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			if m["verdict"] != string(platform.VerdictNotAnswering) {
				t.Fatalf("deploy verdict %v, want not-answering: %s", m["verdict"], text(res))
			}
			set := map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"HOST=0.0.0.0"}, "restart": true}
			if tt.project {
				set = map[string]any{"action": "set", "project": true, "variables": []string{"HOST=0.0.0.0"}}
			}
			if res, _ := h.callWith(t, context.Background(), "zerops_env", set, "env"); res.IsError {
				t.Fatalf("env set: %s", text(res))
			}
			if tt.project {
				if res, _ := h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "restart"); res.IsError {
					t.Fatalf("restart: %s", text(res))
				}
			}
			res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
			svc := firstService(m)
			first := firstDiagnosis(svc["diagnoses"])
			if svc["verdict"] != "failing" || first["signal"] != "listening-on-localhost" {
				t.Fatalf("verify verdict %v, first diagnosis %v; want failing, listening-on-localhost: %s", svc["verdict"], first, text(res))
			}
			said := first["cause"] + " " + first["fix"] + " " + str(svc["next"])
			if !strings.Contains(said, "hard-coded") || !strings.Contains(said, "HOST is set to 0.0.0.0") {
				t.Errorf("diagnosis and next %q do not say the address is hard-coded although HOST is set", said)
			}
			// Where the address really is: the line of the pushed code.
			if !strings.Contains(said, "index.js, line 2") || !strings.Contains(said, "listen(3000, '0.0.0.0'") {
				t.Errorf("diagnosis and next %q do not name where the address is written (index.js, line 2) and its fix", said)
			}
			if strings.Contains(said, "zerops_env") || strings.Contains(said, "HOST=0.0.0.0") {
				t.Errorf("diagnosis and next %q offer the HOST variable again", said)
			}
		})
	}
}
