package mcp_test

import "testing"

// A build that makes dist and copies into it deploys what was copied
// (walk 11: `mkdir dist && cp …` with `deployFiles: dist/~` was taken to
// hold any file): an empty dist, or one without the start's file, fails
// the start as the platform's deploy would; with the file it is live; a
// cp of a file the upload lacks fails the build as cp does.
func TestDeploy_CopiedDistHoldsWhatWasCopied(t *testing.T) {
	t.Parallel()
	app := func(cmd string) map[string]string {
		return map[string]string{
			"zerops.yml":   setupYml{base: "nodejs@22", build: []string{cmd}, deploy: "dist/~", port: 3000, start: "node server.js"}.String(),
			"package.json": `{"name": "app", "version": "1.0.0"}` + "\n",
			"server.js": "const http = require('node:http');\n" +
				"http.createServer((req, res) => res.end('ok')).listen(3000, '0.0.0.0', () => console.log('Listening on 0.0.0.0:3000'));\n",
		}
	}
	runDeployCases(t, []deployCase{
		{name: "empty dist", files: app("mkdir dist"), verdict: "not-answering", says: []string{"Cannot find module '/var/www/server.js'"}},
		{name: "dist without the start's file", files: app("mkdir dist && cp package.json dist/"), verdict: "not-answering",
			says: []string{"Cannot find module '/var/www/server.js'"}},
		{name: "dist with the start's file", files: app("mkdir dist && cp server.js package.json dist/"), verdict: "live"},
		{name: "a source the upload lacks", files: app("mkdir dist && cp app.js dist/"), verdict: "build-failed",
			says: []string{"cp: can't stat 'app.js': No such file or directory"}},
	})
}
