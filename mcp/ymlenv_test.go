package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestYmlEnv_BindVariableInZeropsYml: the deployed zerops.yml's
// run.envVariables set the variable the app binds by (HOST: localhost, or a
// PORT other than the declared one). They win over a service variable, so
// the fix is to change them there and deploy: the deploy's diagnosis says so
// (no zerops_env call), a zerops_env set of that key warns that zerops.yml
// wins and leads to the redeploy, and verify after it still names
// run.envVariables, never a hard-coded address.
func TestYmlEnv_BindVariableInZeropsYml(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key, value, signal string
		listen                   string // the index.js listen call
	}{
		{"HOST localhost", "HOST", "localhost", "listening-on-localhost",
			"listen(3000, process.env.HOST || '127.0.0.1', () => console.log('Listening on ' + (process.env.HOST || '127.0.0.1') + ':3000'))"},
		{"PORT other", "PORT", "8080", "wrong-port",
			"listen(process.env.PORT || 3000, '0.0.0.0', () => console.log('Listening on 0.0.0.0:' + (process.env.PORT || 3000)))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			yml := strings.ReplaceAll(demoZeropsYml, "      start: node index.js\n",
				fmt.Sprintf("      start: node index.js\n      envVariables:\n        %s: %q\n", tt.key, tt.value))
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml,
				"index.js": "const http = require('node:http');\nhttp.createServer((req, res) => res.end('ok'))." + tt.listen + ";\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "deploy")
			check, _ := m["check"].(map[string]any)
			first := firstDiagnosis(check["diagnoses"])
			if m["verdict"] != string(platform.VerdictNotAnswering) || first["signal"] != tt.signal {
				t.Fatalf("deploy verdict %v, first diagnosis %v; want not-answering, %s: %s", m["verdict"], first, tt.signal, text(res))
			}
			said := first["cause"] + " " + first["fix"] + " " + str(m["next"])
			for _, w := range []string{"run.envVariables", tt.key, "zerops_deploy"} {
				if !strings.Contains(said, w) {
					t.Errorf("deploy's diagnosis and next lack %q: %s", w, said)
				}
			}
			if strings.Contains(said, "zerops_env") {
				t.Errorf("deploy's diagnosis offers a service variable, which run.envVariables override: %s", said)
			}

			set := map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{tt.key + "=0.0.0.0"}, "restart": true}
			if tt.key == "PORT" {
				set["variables"] = []string{"PORT=3000"}
			}
			res, m = h.callWith(t, context.Background(), "zerops_env", set, "env")
			wantOK(t, res)
			if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, tt.key) || !strings.Contains(w, "run.envVariables") {
				t.Errorf("env set of %s warns %s; want run.envVariables named", tt.key, w)
			}
			if next := str(m["next"]); !strings.Contains(next, "zerops_deploy") || strings.Contains(next, "zerops_verify") {
				t.Errorf("env set next = %q; want the zerops.yml change and zerops_deploy", next)
			}

			_, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
			svc := firstService(m)
			first = firstDiagnosis(svc["diagnoses"])
			said = first["cause"] + " " + first["fix"] + " " + str(svc["next"])
			if first["signal"] != tt.signal || !strings.Contains(said, "run.envVariables") || strings.Contains(said, "hard") {
				t.Errorf("verify after the service variable: diagnosis %v, next %s; want run.envVariables named, no hard-coded bind", first, str(svc["next"]))
			}
		})
	}
}
