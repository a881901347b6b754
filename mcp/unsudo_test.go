package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// An install by the OS's own package manager without sudo is how official
// recipes that run on the platform install (ghost: `apk add` in
// build.buildCommands; wordpress: `apt-get install` in run.prepareCommands
// on Ubuntu), so the sandbox does not fail it: the verdict is unverified
// at most, naming the install and what to do if the real log shows the
// permission lines. Another OS's manager still fails (it is not there).
func TestDeploy_InstallWithoutSudoIsUnverified(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, old, new, verdict, reason string }{
		{"apk add in buildCommands", "buildCommands: [npm ci]", "buildCommands: ['apk update && apk add git', npm ci]",
			"unverified", "`apk add` (build.buildCommands)"},
		{"apk add in build.prepareCommands", "buildCommands: [npm ci]", "prepareCommands: [apk add --no-cache jq]\n      buildCommands: [npm ci]",
			"unverified", "`apk add` (build.prepareCommands)"},
		{"apt-get install in run.prepareCommands on Ubuntu", "start: node index.js",
			"start: node index.js\n      os: ubuntu\n      prepareCommands: ['apt-get update && apt-get install -y mariadb-client']",
			"unverified", "`apt-get install` (run.prepareCommands)"},
		{"apk add in run.initCommands", "start: node index.js", "start: node index.js\n      initCommands: [apk add curl]",
			"unverified", "`apk add` (run.initCommands)"},
		{"sudo apk add", "buildCommands: [npm ci]", "prepareCommands: [sudo apk add --no-cache jq]\n      buildCommands: [npm ci]", "live", ""},
		{"apt-get on Alpine", "buildCommands: [npm ci]", "buildCommands: ['apt-get install -y git', npm ci]", "build-failed", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, tt.old, tt.new, 1)})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "unsudo")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			check, _ := m["check"].(map[string]any)
			reason := str(check["reason"])
			if tt.reason == "" {
				if strings.Contains(answer, "without sudo: official recipes") {
					t.Errorf("the answer doubts an install it need not: %s", answer)
				}
				return
			}
			for _, want := range []string{tt.reason, "official recipes install without it", "Permission denied", "prefix sudo"} {
				if !strings.Contains(reason, want) {
					t.Errorf("the reason %q does not say %q", reason, want)
				}
			}
			if strings.Contains(answer, "Unable to lock database") || strings.Contains(answer, "Could not open lock file") {
				t.Errorf("the sandbox prints a permission failure it did not check: %s", answer)
			}
		})
	}
}
