package mcp_test

import "testing"

// zscNoopApp is a Node app whose setup starts `start` with run.ports and
// runs initCommands (none when empty) before it.
func zscNoopApp(start string, initCommands ...string) map[string]string {
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
`
	if len(initCommands) > 0 {
		yml += "      initCommands:\n"
		for _, c := range initCommands {
			yml += "        - " + c + "\n"
		}
	}
	return map[string]string{
		"zerops.yml":   yml + "      start: " + start + "\n",
		"package.json": `{"name":"a","scripts":{"start":"node index.js"}}`,
		"index.js":     "require('http').createServer((q, s) => s.end('ok')).listen(process.env.PORT || 3000)\n",
	}
}

// A setup whose run.start is `zsc noop --silent` (the docs' start for a
// container that only stays up) with run.ports was answered "answers 200
// … could not check where `zsc noop --silent` listens" (walk 18): zsc noop
// starts no server, so on Zerops nothing answers until the app is started
// over SSH. When nothing else the setup runs starts one, the answer says
// so and how the app starts, not a bind fix for code that never ran; when
// run.initCommands start a service (the official elk recipe starts kibana
// with systemctl), the sandbox cannot tell what answers: unverified.
func TestDeploy_ZscNoopWithPorts(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{{
		name: "nothing else starts a server", files: zscNoopApp("zsc noop --silent"), verdict: "not-answering",
		next:  []string{"`zsc noop --silent`", "starts no server", "ssh appstage", "run.start"},
		lacks: []string{"answers 200", "could not check where", "check the address and port the code binds"},
		then:  []deployCase{{name: "run.start set", files: zscNoopApp("npm start"), verdict: "live"}},
	}, {
		name: "initCommands start a service", files: zscNoopApp("zsc noop --silent", "sudo systemctl start x"), verdict: "unverified",
		reason: []string{"`sudo systemctl start x` (run.initCommands)"},
		lacks:  []string{"nothing answers", "starts no server", "ssh appstage"},
	}})
}
