package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// An app whose code throws (or exits) from a timer after its start ends
// then on the platform, and is started again each time: the sandbox runs
// no code, so it does not call such an app live (walk 12: a Node app
// throwing from setInterval every minute answered live).
func TestDeploy_TimerThatEndsTheAppIsNotLive(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      deployFiles: ./
    run:
      base: nodejs@22
      ports:
        - port: 3000
          httpSupport: true
      start: node index.js
`
	server := "require('node:http').createServer((q, s) => s.end('ok')).listen(3000);\n"
	tests := []struct {
		name, timer, verdict string
		says                 []string
	}{
		{"ThrowsEveryMinute", "setInterval(() => { throw new Error('sync failed') }, 60000);\n", "unverified",
			[]string{"whether the app keeps running", "setInterval", "`throw`"}},
		{"ExitsAfterStart", "setTimeout(() => process.exit(1), 5000);\n", "unverified",
			[]string{"whether the app keeps running", "setTimeout", "`process.exit(`"}},
		{"OnlyLogs", "setInterval(() => console.log('tick'), 60000);\n", "live", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{"zerops.yml": yml, "index.js": server + tt.timer})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "tok")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			for _, w := range tt.says {
				if !strings.Contains(answer, w) {
					t.Errorf("the answer lacks %q: %s", w, answer)
				}
			}
		})
	}
}
