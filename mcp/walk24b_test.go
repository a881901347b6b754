package mcp_test

import (
	"testing"
)

// TestDeploy_PortFlagOfAnotherProgramIsNoListenPort: the prerender recipe
// starts `node server.js`, which hands headless Chrome its flags
// (`'--remote-debugging-port=9222'` in a list of strings) and starts the
// prerender package's server, which listens on PORT or 3000. The sandbox
// read the flag as the app's port: "The app listens on 9222, not on the
// declared port 3000" and a fix to change run.ports to 9222, for a recipe
// that runs on Zerops. A port flag inside a string is another program's:
// where the app listens is unread, so the deploy is unverified.
func TestDeploy_PortFlagOfAnotherProgramIsNoListenPort(t *testing.T) {
	t.Parallel()
	app := map[string]string{"zerops.yml": setupYml{base: "nodejs@20", build: []string{"npm i"}, deploy: "[node_modules, server.js]", port: 3000, start: "node server.js"}.String(),
		"package.json": `{"name":"render","dependencies":{"prerender":"5.21.1"}}`,
		"server.js": "'use strict';\n\nconst prerender = require('prerender');\n\nconst server = prerender({\n" +
			"    chromeFlags: ['--no-sandbox', '--headless', '--remote-debugging-port=9222'],\n    chromeLocation: '/usr/bin/chromium-browser'\n});\n\nserver.start();\n"}
	runDeployCases(t, []deployCase{
		{name: "chrome flag in the code", files: app, verdict: "unverified", lacks: []string{"9222"}},
	})
}
