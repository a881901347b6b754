package mcp_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSandboxFailures_DeployNamesTheSignalAndTheFixWorks tries issue 21's
// Acceptance 1 as an agent would: each broken app, deployed with progress,
// ends in an answer naming the right signal; the fix applied, the next
// deploy's verdict is live.
func TestSandboxFailures_DeployNamesTheSignalAndTheFixWorks(t *testing.T) {
	t.Parallel()
	withPort := func(port string) string {
		return "const http = require('node:http');\n" +
			"http.createServer((req, res) => res.end('ok')).listen(" + port + ", '0.0.0.0', () => console.log('Listening on 0.0.0.0:" + port + "'));\n"
	}
	tests := []struct {
		name   string
		broken map[string]string
		remove string
		signal string
	}{
		{"BrokenBuild", noBuildScript, "", "npm-missing-script"},
		{"MissingStartFile", nil, "index.js", "start-file-missing"},
		{"WrongPort", map[string]string{"index.js": withPort("8080")}, "", "wrong-port"},
		{"MissingService", map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
			"start: node index.js\n      envVariables:\n        DB_HOST: ${database_hostname}")}, "", "host-not-found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			dir := h.workDir(t)
			app := maps.Clone(demoApp)
			maps.Copy(app, tt.broken)
			writeApp(t, dir, app)
			if tt.remove != "" {
				must(t, os.Remove(filepath.Join(dir, tt.remove)))
			}
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
			answer := text(res)
			_, first, _ := strings.Cut(answer, `"signal":"`)
			if !strings.HasPrefix(first, tt.signal+`"`) {
				t.Fatalf("broken deploy's answer does not name %s first: %s", tt.signal, answer)
			}
			if next, _ := m["next"].(string); m["verdict"] != "build-failed" && !strings.Contains(next, "Next: ") {
				t.Errorf("broken deploy's answer has no next step: %s", answer)
			}
			writeApp(t, dir, demoApp)
			res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed")
			if m["verdict"] != "live" {
				t.Fatalf("fixed deploy's verdict %v, want live: %s", m["verdict"], text(res))
			}
		})
	}
}
