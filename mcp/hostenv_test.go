package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// HOST: 127.0.0.1 in run.envVariables makes servers that bind to HOST
// (SvelteKit's adapter-node, whose built server the sandbox cannot read)
// listen inside the container only: validate warns of it with the address
// to set, and a deploy of an app that reads HOST, which the sandbox
// follows to the localhost bind, states that fix once (walk 13: the
// SvelteKit recipe with HOST: 127.0.0.1 was answered unverified, the
// variable never named).
func TestValidate_LoopbackHostVariable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	withHost := func(v string) string {
		return strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n      envVariables:\n        HOST: "+v+"\n", 1)
	}
	tests := []struct {
		value string
		warns bool
	}{
		{"127.0.0.1", true},
		{"localhost", true},
		{"0.0.0.0", false},
		{"${db_hostname}", false},
	}
	for _, tt := range tests {
		res, m := h.call(t, "zerops_validate", map[string]any{"content": withHost(tt.value)})
		got := strings.Contains(text(res), "run.envVariables.HOST")
		if got != tt.warns {
			t.Errorf("HOST: %s: warned %v, want %v: %s", tt.value, got, tt.warns, text(res))
		}
		if tt.warns && !strings.Contains(text(res), "Set HOST: 0.0.0.0") {
			t.Errorf("HOST: %s: the warning names no address to set: %v", tt.value, m["warnings"])
		}
	}

	writeApp(t, h.workDir(t), map[string]string{
		"zerops.yml": withHost("127.0.0.1"),
		"index.js": "const http = require('node:http');\n" +
			"http.createServer((req, res) => res.end('ok')).listen(3000, process.env.HOST, () => console.log('Listening on ' + process.env.HOST + ':3000'));\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "host")
	if m["verdict"] == "live" {
		t.Fatalf("an app bound to HOST=127.0.0.1 is live: %s", text(res))
	}
	if n := strings.Count(text(res), "HOST: 0.0.0.0"); n > 1 {
		t.Errorf("the fix HOST: 0.0.0.0 is stated %d times: %s", n, text(res))
	}
	wantStatedOnce(t, "zerops_deploy", m)
}
