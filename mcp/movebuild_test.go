package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A build command's mv takes the file away: a start naming where it was
// fails as Node does, where it went answers (walk 12: the sandbox kept
// the source in place after `mv`, and answered live).
func TestDeploy_BuildMoveTakesTheSourceAway(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [mkdir -p dist, mv server.js dist/]
      deployFiles: ./
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: %s
`
	tests := []struct{ start, verdict, says string }{
		{"node server.js", "not-answering", "Cannot find module '/var/www/server.js'"},
		{"node dist/server.js", "live", ""},
	}
	for _, tt := range tests {
		t.Run(tt.start, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{"zerops.yml": fmt.Sprintf(yml, tt.start),
				"server.js": "require('node:http').createServer((q, s) => s.end('ok')).listen(3000);\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "tok")
			if answer := text(res); m["verdict"] != tt.verdict || !strings.Contains(answer, tt.says) {
				t.Errorf("verdict %v, want %s saying %q: %s", m["verdict"], tt.verdict, tt.says, answer)
			}
		})
	}
}
