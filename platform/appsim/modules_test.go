package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// crashText is a run's crash lines, one a line.
func crashText(r appsim.RunResult) string {
	var out []string
	for _, l := range r.Crash {
		out = append(out, l.Msg)
	}
	return strings.Join(out, "\n")
}

// The modules an entry imports by relative path are followed as its
// runtime loads them: one the deploy lacks fails in the runtime's words,
// a package any of them imports needs the dependencies at run time, and
// one that cannot be read leaves the run unverified.
func TestRun_RelativeImportsFollowed(t *testing.T) {
	t.Parallel()
	listen := "require('node:http').createServer().listen(3000);\n"
	tests := []struct {
		name      string
		d         appsim.Setup
		files     map[string]string
		crash     []string // "": it starts
		unchecked string   // "": everything was read
	}{
		{"a required module present", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "const app = require('./app');\n" + listen, "app.js": "module.exports = 1;\n"}, nil, ""},
		{"a required module not deployed", appsim.Setup{Start: "node index.js", DeployFiles: []string{"index.js", "package.json"}},
			map[string]string{"index.js": "const app = require('./app');\n" + listen, "app.js": "", "package.json": "{}"},
			[]string{"Error: Cannot find module './app'", "Require stack:", "- /var/www/index.js"}, ""},
		{"a package imported two modules deep", appsim.Setup{Start: "node index.js", DeployFiles: []string{"index.js", "lib", "package.json"}},
			map[string]string{"index.js": "require('./lib/app');\n" + listen, "lib/app.js": "const db = require('./db');\n",
				"lib/db.js": "const pg = require('pg');\n", "package.json": `{"dependencies": {"pg": "8"}}`, "node_modules/pg/index.js": ""},
			[]string{"Error: Cannot find module 'pg'", "- /var/www/lib/db.js", "- /var/www/lib/app.js", "- /var/www/index.js"}, ""},
		{"a package two modules deep with node_modules deployed", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "require('./lib/app');\n" + listen, "lib/app.js": "const pg = require('pg');\n",
				"package.json": `{"dependencies": {"pg": "8"}}`, "node_modules/pg/index.js": ""}, nil, ""},
		{"modules that require each other", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "require('./a');\n" + listen, "a.js": "require('./b');\n", "b.js": "require('./a.js');\n"}, nil, ""},
		{"a directory's index", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "require('./routes');\n" + listen, "routes/index.js": ""}, nil, ""},
		{"an ES module importing a file not deployed", appsim.Setup{Start: "node index.js", DeployFiles: []string{"index.js", "package.json"}},
			map[string]string{"index.js": "import { app } from './app.js';\n" + listen, "app.js": "", "package.json": `{"type": "module"}`},
			[]string{"Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/var/www/app.js' imported from /var/www/index.js"}, ""},
		{"an ES module importing without the extension", appsim.Setup{Start: "node index.mjs"},
			map[string]string{"index.mjs": "import { app } from './app';\n" + listen, "app.js": ""},
			[]string{"Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/var/www/app' imported from /var/www/index.mjs", `Did you mean to import "./app.js"?`}, ""},
		{"a module the build made and the sandbox cannot read", appsim.Setup{Start: "node index.js", BuildCommands: []string{"node gen.js"}, DeployFiles: []string{"./"}},
			map[string]string{"index.js": "const g = require('./generated');\n" + listen, "gen.js": ""}, nil, "the modules `node index.js` imports"},
		{"a tsc build without node_modules: a package imported by an imported module", appsim.Setup{Start: "npm run start:prod",
			BuildCommands: []string{"npm i", "npm run build"}, DeployFiles: []string{"./dist", "./package.json"}},
			map[string]string{"package.json": `{"scripts": {"build": "tsc", "start:prod": "node ./dist/index.js"}, "dependencies": {"express": "4"}}`,
				"tsconfig.json": `{"compilerOptions": {"outDir": "./dist", "module": "commonjs"}}`,
				"src/index.ts":  "import app from './app';\nconst port = process.env.PORT || 3000;\napp.listen(port, () => {});\n",
				"src/app.ts":    "import express from 'express';\nconst app = express();\nexport default app;\n"},
			[]string{"Error: Cannot find module 'express'", "- /var/www/dist/app.js", "- /var/www/dist/index.js"}, ""},
		{"a tsc build with node_modules", appsim.Setup{Start: "npm run start:prod",
			BuildCommands: []string{"npm i", "npm run build"}, DeployFiles: []string{"./dist", "./node_modules", "./package.json"}},
			map[string]string{"package.json": `{"scripts": {"build": "tsc", "start:prod": "node ./dist/index.js"}, "dependencies": {"express": "4"}}`,
				"tsconfig.json": `{"compilerOptions": {"outDir": "./dist", "module": "commonjs"}}`,
				"src/index.ts":  "import app from './app';\nconst port = process.env.PORT || 3000;\napp.listen(port, () => {});\n",
				"src/app.ts":    "import express from 'express';\nconst app = express();\nexport default app;\n"},
			nil, "whether `tsc` compiles: type errors are not checked here"},
		{"deno: a relative import not deployed", appsim.Setup{Start: "deno run -A main.ts", RunBase: "deno@2", DeployFiles: []string{"main.ts"}},
			map[string]string{"main.ts": "import { handler } from \"./routes.ts\";\nDeno.serve({ port: 3000 }, handler);\n", "routes.ts": ""},
			[]string{`error: Module not found "file:///var/www/routes.ts".`, "    at file:///var/www/main.ts:1:"}, ""},
		{"deno: relative imports deployed", appsim.Setup{Start: "deno run -A main.ts", RunBase: "deno@2"},
			map[string]string{"main.ts": "import { handler } from \"./routes.ts\";\nDeno.serve({ port: 3000 }, handler);\n",
				"routes.ts": "export { x } from './lib/x.ts';\nimport { serveDir } from \"jsr:@std/http\";\n", "lib/x.ts": ""}, nil, ""},
		{"python: a local module not deployed", appsim.Setup{Start: "python3 app.py", RunBase: "python@3.12", DeployFiles: []string{"app.py"}},
			map[string]string{"app.py": "import os\nfrom helpers import greet\nfrom http.server import HTTPServer\nHTTPServer(('0.0.0.0', 3000), None).serve_forever()\n",
				"helpers.py": "def greet(): pass\n"},
			[]string{"Traceback (most recent call last):", `  File "/var/www/app.py", line 2, in <module>`, "ModuleNotFoundError: No module named 'helpers'"}, ""},
		{"python: a package's module two deep not deployed", appsim.Setup{Start: "python3 app.py", RunBase: "python@3.12",
			DeployFiles: []string{"app.py", "lib/__init__.py", "lib/views.py"}},
			map[string]string{"app.py": "import lib.views\nfrom http.server import HTTPServer\nHTTPServer(('0.0.0.0', 3000), None).serve_forever()\n",
				"lib/__init__.py": "", "lib/views.py": "from .models import Entry\n", "lib/models.py": ""},
			[]string{"ModuleNotFoundError: No module named 'lib.models'"}, ""},
		{"python: local modules deployed", appsim.Setup{Start: "python3 app.py", RunBase: "python@3.12"},
			map[string]string{"app.py": "import lib.views\nfrom lib import models\nfrom http.server import HTTPServer\nHTTPServer(('0.0.0.0', 3000), None).serve_forever()\n",
				"lib/__init__.py": "", "lib/views.py": "from .models import Entry\nfrom . import models\n", "lib/models.py": ""}, nil, ""},
		{"python: a relative import in the script itself", appsim.Setup{Start: "python3 app.py", RunBase: "python@3.12"},
			map[string]string{"app.py": "from .helpers import greet\nfrom http.server import HTTPServer\nHTTPServer(('0.0.0.0', 3000), None).serve_forever()\n",
				"helpers.py": ""},
			[]string{"ImportError: attempted relative import with no known parent package"}, ""},
		{"gunicorn: the app module's import not deployed", appsim.Setup{Start: "gunicorn -b 0.0.0.0:3000 web.wsgi", RunBase: "python@3.12",
			DeployFiles: []string{"web/__init__.py", "web/wsgi.py"}, Prep: appsim.Prep{RunPrepare: []string{"pip install gunicorn"}}},
			map[string]string{"web/__init__.py": "", "web/wsgi.py": "from web.app import application\n", "web/app.py": ""},
			[]string{"ModuleNotFoundError: No module named 'web.app'"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := run(tt.d, tt.files)
			crash := crashText(got)
			if (len(tt.crash) == 0) != (crash == "") {
				t.Fatalf("crash:\n%s\nwant %q", crash, tt.crash)
			}
			for _, c := range tt.crash {
				if !strings.Contains(crash, c) {
					t.Errorf("crash lacks %q:\n%s", c, crash)
				}
			}
			if u := strings.Join(got.Unchecked, "; "); (tt.unchecked == "") != (u == "") || !strings.Contains(u, tt.unchecked) {
				t.Errorf("Unchecked = %q, want %q", u, tt.unchecked)
			}
		})
	}
}
