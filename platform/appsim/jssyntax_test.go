package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// A Node module whose brackets do not balance fails the start as Node
// does, with its SyntaxError at the file and line; brackets in strings,
// comments, template literals and regular expressions, and files the
// scanner cannot read (JSX), fail nothing.
func TestRun_NodeSyntaxError(t *testing.T) {
	t.Parallel()
	const listen = "server.listen(3000, '0.0.0.0');\n"
	const head = "const http = require('http');\nconst server = http.createServer((req, res) => {\n"
	tests := []struct {
		name  string
		files map[string]string
		crash []string // lines of the crash in order, nil for none
	}{
		{name: "missing closing brace", files: map[string]string{"server.js": head + "  if (req.url === '/') {\n    res.end('ok');\n});\n" + listen},
			crash: []string{"/var/www/server.js:5", "});", " ^", "", "SyntaxError: Unexpected token ')'", "    at wrapSafe (node:internal/modules/cjs/loader:1713:18)", "", "Node.js v22.12.0"}},
		{name: "missing closing brace at the end", files: map[string]string{"server.js": head + "  res.end('ok');\n" + listen},
			crash: []string{"/var/www/server.js:5", "", "", "", "SyntaxError: Unexpected end of input", "    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:171:5)", "", "Node.js v22.12.0"}},
		{name: "extra closing brace", files: map[string]string{"server.js": head + "  res.end('ok');\n});\n}\n" + listen},
			crash: []string{"/var/www/server.js:5", "}", "^", "", "SyntaxError: Unexpected token '}'", "", "Node.js v22.12.0"}},
		{name: "wrong closer", files: map[string]string{"server.js": "const a = [1, 2);\n" + head + "  res.end('ok');\n});\n" + listen},
			crash: []string{"/var/www/server.js:1", "const a = [1, 2);", "               ^", "", "SyntaxError: Unexpected token ')'"}},
		{name: "ES module", files: map[string]string{"package.json": `{"type":"module"}`, "server.js": "import http from 'http';\nconst server = http.createServer((req, res) => {\n  res.end('ok');\n" + listen},
			crash: []string{"file:///var/www/server.js:5", "SyntaxError: Unexpected end of input", "    at compileSourceTextModule (node:internal/modules/esm/utils:346:16)", "", "Node.js v22.12.0"}},
		{name: "a module it requires", files: map[string]string{"lib.js": "module.exports = {\n  a: 1,\n]\n", "server.js": "const lib = require('./lib');\n" + head + "  res.end('ok');\n});\n" + listen},
			crash: []string{"/var/www/lib.js:3", "]", "^", "SyntaxError: Unexpected token ']'", "    at require (node:internal/modules/helpers:147:16)", "    at Object.<anonymous> (/var/www/server.js:1:13)"}},
		{name: "brackets in strings comments and templates", files: map[string]string{"server.js": head +
			"  // a } in a comment (\n  /* and { here [ */\n  const a = '}', b = \"{(\", c = `x ${ {k: '}'}.k } ${`nested ${a}`} {`;\n  res.end(a + b + c);\n});\n" + listen}},
		{name: "regex literal with a brace", files: map[string]string{"server.js": head +
			"  const re = /^\\/api\\/[a-z}]+\\{$/;\n  if (re.test(req.url)) res.end(req.url.replace(/}/g, ''));\n  res.end(String(4 / 2));\n});\n" + listen}},
		{name: "regex after a block", files: map[string]string{"server.js": head + "  res.end('ok');\n});\n{}\n/}/.test('x');\n" + listen}},
		{name: "jsx", files: map[string]string{"server.js": head + "  const el = <p>Don't {'}'} here</p>;\n  res.end('ok');\n});\n" + listen}},
		{name: "jsx with a paren as text", files: map[string]string{"server.js": head + "  const el = <b>:)</b>;\n  res.end('ok');\n});\n" + listen}},
		{name: "shebang", files: map[string]string{"server.js": "#!/usr/bin/env node\n" + head + "  res.end('ok');\n});\n" + listen}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "nodejs@22", Start: "node server.js", Ports: []appsim.Port{{Port: 3000, HTTP: true}}}
			built := appsim.Build(&d, files(tt.files), fixedTime)
			got := appsim.Run(&d, files(tt.files), &built, d.RunBase, appsim.Env{Vars: map[string]string{}}, "seed")
			crash := lines(got.Crash)
			if (got.Crash != nil) != (tt.crash != nil) {
				t.Fatalf("crash:\n%s\nwant %q", crash, tt.crash)
			}
			rest := strings.Split(crash, "\n")
			for _, want := range tt.crash {
				for len(rest) > 0 && rest[0] != want {
					rest = rest[1:]
				}
				if len(rest) == 0 {
					t.Fatalf("crash:\n%s\nwant the lines %q in order, missing %q", crash, tt.crash, want)
				}
				rest = rest[1:]
			}
		})
	}
}
