package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A page the build makes by moving a file out of a download
// (recipe-adminerevo: wget a zip, unzip it, mv adminer.php index.php) is
// one the sandbox never read: the web server's answer is unverified,
// naming the page and the command it does not follow, never live. A move
// of an uploaded file stays read, and live.
func TestDeploy_PageMovedOutOfADownloadIsUnverified(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, build, verdict string
	}{
		{"Download", "        - |\n          wget https://example.com/tool.zip\n          unzip tool.zip\n          mv tool.php index.php\n", "unverified"},
		{"Uploaded", "        - mv tool.php index.php\n", "live"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			for _, f := range []string{"zerops.yml", "index.js", "package.json"} {
				_ = os.Remove(filepath.Join(h.workDir(t), f)) // the demo app's
			}
			files := map[string]string{"zerops.yml": "zerops:\n  - setup: tool\n    build:\n      base: php@8.3\n      buildCommands:\n" + tc.build +
				"      deployFiles: index.php\n    run:\n      base: php-apache@8.3\n"}
			if tc.name == "Uploaded" {
				files["tool.php"] = "<?php echo 'ok';\n"
			}
			writeApp(t, h.workDir(t), files)
			if res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: tool\n    type: php-apache@8.3\n    enableSubdomainAccess: true\n"}); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"targetService": "tool", "setup": "tool", "workingDir": "."}, "deploy")
			if m["verdict"] != tc.verdict {
				t.Fatalf("verdict %v; want %s: %s", m["verdict"], tc.verdict, text(res))
			}
			check, _ := m["check"].(map[string]any)
			if reason := str(check["reason"]); tc.verdict == "unverified" && (!strings.Contains(reason, "/var/www/index.php") || !strings.Contains(reason, "wget")) {
				t.Errorf("check.reason %q names neither the page nor the command not followed", reason)
			}
		})
	}
}
