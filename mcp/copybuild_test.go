package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A build that makes dist and copies into it deploys what was copied
// (walk 11: `mkdir dist && cp …` with `deployFiles: dist/~` was taken to
// hold any file): an empty dist, or one without the start's file, fails
// the start as the platform's deploy would; with the file it is live; a
// cp of a file the upload lacks fails the build as cp does.
func TestDeploy_CopiedDistHoldsWhatWasCopied(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands:
        - %s
      deployFiles: dist/~
    run:
      base: nodejs@22
      ports:
        - port: 3000
          httpSupport: true
      start: node server.js
`
	server := "const http = require('node:http');\n" +
		"http.createServer((req, res) => res.end('ok')).listen(3000, '0.0.0.0', () => console.log('Listening on 0.0.0.0:3000'));\n"
	tests := []struct {
		name, cmd string
		verdict   string
		want      string // in the answer
	}{
		{"empty dist", "mkdir dist", "not-answering", "Cannot find module '/var/www/server.js'"},
		{"dist without the start's file", "mkdir dist && cp package.json dist/", "not-answering", "Cannot find module '/var/www/server.js'"},
		{"dist with the start's file", "mkdir dist && cp server.js package.json dist/", "live", ""},
		{"a source the upload lacks", "mkdir dist && cp app.js dist/", "build-failed", "cp: can't stat 'app.js': No such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":   strings.Replace(yml, "%s", tt.cmd, 1),
				"package.json": `{"name": "app", "version": "1.0.0"}` + "\n",
				"server.js":    server,
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			if answer := text(res); m["verdict"] != tt.verdict || !strings.Contains(answer, tt.want) {
				t.Errorf("verdict %v, want %s with %q: %s", m["verdict"], tt.verdict, tt.want, answer)
			}
		})
	}
}
