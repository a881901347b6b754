package diagnose

import "testing"

// TestClassify_NodeModuleOrStartFile tells Node's two "Cannot find
// module" failures apart as Node prints them: the start file (an absolute
// path, an empty require stack) and a module the app imports (require's
// relative specifier with its require stack, an ES import's absolute path
// "imported from" the importing file).
func TestClassify_NodeModuleOrStartFile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, want string
		lines      []string
	}{
		{"start file", "start-file-missing", []string{
			"node:internal/modules/cjs/loader:1228", "  throw err;", "  ^", "",
			"Error: Cannot find module '/var/www/indx.js'",
			"    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)",
			"    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:170:5)",
			"  code: 'MODULE_NOT_FOUND',", "  requireStack: []", "}", "", "Node.js v22.12.0"}},
		{"relative require", "module-not-found-at-runtime", []string{
			"node:internal/modules/cjs/loader:1228", "  throw err;", "  ^", "",
			"Error: Cannot find module './missing'", "Require stack:", "- /var/www/server.js",
			"    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)",
			"    at Module._load (node:internal/modules/cjs/loader:1051:27)",
			"  code: 'MODULE_NOT_FOUND',", "  requireStack: [ '/var/www/server.js' ]", "}", "", "Node.js v22.12.0"}},
		{"parent require", "module-not-found-at-runtime", []string{
			"Error: Cannot find module '../lib/db'", "Require stack:", "- /var/www/src/app.js", "- /var/www/server.js"}},
		{"relative import", "module-not-found-at-runtime", []string{
			"node:internal/modules/esm/resolve:275", "    throw new ERR_MODULE_NOT_FOUND(", "          ^", "",
			"Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/var/www/missing' imported from /var/www/server.js",
			"Did you mean to import \"./missing.js\"?",
			"  code: 'ERR_MODULE_NOT_FOUND',", "  url: 'file:///var/www/missing'", "}"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Classify(tc.lines, Runtime)
			if len(got) == 0 || got[0].Signal != tc.want {
				t.Fatalf("Classify = %v, want %s first", signalIDs(got), tc.want)
			}
		})
	}
}
