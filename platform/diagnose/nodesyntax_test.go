package diagnose

import "testing"

// Node failing to parse one of the app's files at start is a compile
// error whose fix names the file and line; a SyntaxError from running
// code (JSON.parse) or in a package is not.
func TestClassify_NodeSyntaxErrorAtStart(t *testing.T) {
	t.Parallel()
	cjs := []string{"/var/www/server.js:9", "});", " ^", "", "SyntaxError: Unexpected token ')'",
		"    at wrapSafe (node:internal/modules/cjs/loader:1713:18)", "    at Module._compile (node:internal/modules/cjs/loader:1755:20)", "", "Node.js v22.12.0"}
	esm := []string{"file:///var/www/src/app.mjs:14", "", "", "", "SyntaxError: Unexpected end of input",
		"    at compileSourceTextModule (node:internal/modules/esm/utils:346:16)", "", "Node.js v22.12.0"}
	tests := []familyCase{
		{"CommonJS", Runtime, cjs, "compile-error", "Correct `server.js` at line 9"},
		{"ESModuleEndOfInput", Runtime, esm, "compile-error", "Correct `src/app.mjs` at line 14 (a `{`, `(` or `[` opened and never closed"},
		{"JSONParseAtRuntime", Runtime, []string{"SyntaxError: Unexpected token } in JSON at position 10", "    at JSON.parse (<anonymous>)",
			"    at Object.<anonymous> (/var/www/server.js:3:18)", "", "Node.js v22.12.0"}, "app-crash", ""},
		{"InAPackage", Runtime, []string{"/var/www/node_modules/lib/index.js:4", "}", "^", "", "SyntaxError: Unexpected token '}'",
			"    at wrapSafe (node:internal/modules/cjs/loader:1713:18)", "", "Node.js v22.12.0"}, "app-crash", ""},
	}
	runFamilyCases(t, tests)
}
