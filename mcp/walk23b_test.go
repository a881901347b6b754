package mcp_test

import "testing"

// TestDeploy_PortParsedWithRadixFallsBackPastIt: a Next standalone
// server.js (umami's, deployed by its recipe) reads its port as
// `parseInt(process.env.PORT, 10) || 3000`. The sandbox took the radix 10
// for the fallback port: "It listens on 10, not on the declared port
// 3000" and a printed "Listening on 127.0.0.1:10", an invented port. The
// fallback is the one after ||: bound to 0.0.0.0 it is live, on loopback
// the answer names the bind and no port 10.
func TestDeploy_PortParsedWithRadixFallsBackPastIt(t *testing.T) {
	t.Parallel()
	server := func(host string) map[string]string {
		return map[string]string{"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "node server.js"}.String(),
			"server.js": "const http = require('http')\nconst port = parseInt(process.env.PORT, 10) || 3000\nconst hostname = '" + host + "'\n" +
				"http.createServer((req, res) => res.end('ok')).listen(port, hostname, () => console.log(`Listening on ${hostname}:${port}`))\n"}
	}
	runDeployCases(t, []deployCase{
		{name: "every interface", files: server("0.0.0.0"), verdict: "live", lacks: []string{":10"}},
		{name: "loopback", files: server("127.0.0.1"), verdict: "not-answering", signal: "listening-on-localhost",
			lacks: []string{"listens on 10", ":10\""}, then: []deployCase{{name: "loopback fixed", files: server("0.0.0.0"), verdict: "live"}}},
	})
}
