package mcp_test

import (
	"fmt"
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
	app := func(start string) map[string]string {
		return map[string]string{"zerops.yml": fmt.Sprintf(yml, start),
			"server.js": "require('node:http').createServer((q, s) => s.end('ok')).listen(3000);\n"}
	}
	runDeployCases(t, []deployCase{
		{name: "node server.js", files: app("node server.js"), verdict: "not-answering", says: []string{"Cannot find module '/var/www/server.js'"}},
		{name: "node dist/server.js", files: app("node dist/server.js"), verdict: "live"},
	})
}
