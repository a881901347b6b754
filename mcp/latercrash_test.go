package mcp_test

import "testing"

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
	app := func(timer string) map[string]string {
		return map[string]string{"zerops.yml": yml, "index.js": server + timer}
	}
	runDeployCases(t, []deployCase{
		{name: "ThrowsEveryMinute", files: app("setInterval(() => { throw new Error('sync failed') }, 60000);\n"), verdict: "unverified",
			says: []string{"whether the app keeps running", "setInterval", "`throw`"}},
		{name: "ExitsAfterStart", files: app("setTimeout(() => process.exit(1), 5000);\n"), verdict: "unverified",
			says: []string{"whether the app keeps running", "setTimeout", "`process.exit(`"}},
		{name: "OnlyLogs", files: app("setInterval(() => console.log('tick'), 60000);\n"), verdict: "live"},
	})
}
