package mcp_test

import "testing"

// nodeSyntaxFiles is a Node app on appstage whose server.js has body as
// its request handler's.
func nodeSyntaxFiles(body string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n" +
			"      ports: [{port: 3000, httpSupport: true}]\n      start: node server.js\n",
		"package.json": `{"name":"api","private":true,"scripts":{"start":"node server.js"}}`,
		"server.js": "const http = require('http');\n\nconst server = http.createServer((req, res) => {\n" + body +
			"});\n\nserver.listen(3000, '0.0.0.0');\n",
	}
}

// TestDeploy_NodeSyntaxErrorIsNotLive: a walk found a server.js missing a
// closing brace answered live ("answered 200", verify healthy) while Node
// fails it at load with a SyntaxError and restarts it in a loop. Deployed,
// it is not live and the step names the SyntaxError, the file and line;
// fixed, the redeploy is live.
func TestDeploy_NodeSyntaxErrorIsNotLive(t *testing.T) {
	t.Parallel()
	const svc = "services:\n  - hostname: api\n    type: nodejs@22\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{{
		name: "a brace missing", services: svc, target: "api", dir: "api",
		files:   nodeSyntaxFiles("  if (req.url === '/health') {\n    res.end('ok');\n  res.end('hello');\n"),
		verdict: "not-answering", signal: "compile-error",
		says:  []string{"SyntaxError: Unexpected token ')'"},
		next:  []string{"`server.js` at line 7"},
		lacks: []string{"answered 200"},
		then: []deployCase{{
			name: "fixed", files: nodeSyntaxFiles("  if (req.url === '/health') {\n    res.end('ok');\n    return;\n  }\n  res.end('hello');\n"),
			verdict: "live", verify: "healthy",
		}},
	}})
}
