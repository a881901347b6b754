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

// A Python thread that ends the process, and a start run under coreutils
// timeout, end the app after its start (walk 75: `os._exit(1)` after a
// sleep in a thread and `timeout 5 python server.py` both answered live
// or blamed where the app listens): unverified, saying what ends it. A
// thread that only works, and sys.exit in the main code, stay live.
func TestDeploy_PythonThreadOrTimeoutThatEndsTheAppIsNotLive(t *testing.T) {
	t.Parallel()
	yml := func(start string) string {
		return "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      deployFiles: ./\n    run:\n      base: python@3.12\n      ports:\n        - port: 8000\n          httpSupport: true\n      start: " + start + "\n"
	}
	server := "from http.server import HTTPServer, BaseHTTPRequestHandler\n\nclass H(BaseHTTPRequestHandler):\n    def do_GET(self):\n        self.send_response(200)\n        self.end_headers()\n\n"
	serve := "HTTPServer(('0.0.0.0', 8000), H).serve_forever()\n"
	app := func(start, code string) map[string]string {
		return map[string]string{"zerops.yml": yml(start), "server.py": server + code + serve}
	}
	die := "import os, threading, time\n\ndef die():\n    time.sleep(5)\n    os._exit(1)\n\nthreading.Thread(target=die, daemon=True).start()\n"
	work := "import threading, time\n\ndef tick():\n    while True:\n        time.sleep(60)\n\nthreading.Thread(target=tick, daemon=True).start()\n"
	runDeployCases(t, []deployCase{
		{name: "ThreadExits", files: app("python server.py", die), verdict: "unverified",
			says: []string{"whether the app keeps running", "starts a thread", "`os._exit`"}},
		{name: "UnderTimeout", files: app("timeout 5 python server.py", ""), verdict: "unverified",
			says: []string{"whether the app keeps running", "`timeout 5`"}, lacks: []string{"where `timeout"}},
		{name: "ThreadWorks", files: app("python server.py", work), verdict: "live"},
	})
}
