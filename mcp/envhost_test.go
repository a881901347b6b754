package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/deploy"
)

// An app that binds to process.env.HOST, falling back to localhost, is not
// answering after its deploy; the fix names the HOST service variable, and
// following it (zerops_env set … restart=true, no deploy) makes it healthy,
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
	if m["verdict"] != deploy.VerdictNotAnswering || first["signal"] != "listening-on-localhost" ||
		!strings.Contains(first["fix"], `zerops_env action=set variables=["HOST=0.0.0.0"] restart=true`) {
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
