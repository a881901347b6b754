package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// A variable the app's code cannot start without: the forms Node and Python
// code (and its config libraries) require one in fail the start as the app
// does when the statement runs as its module loads and no variable sets it;
// elsewhere, or printing what the sandbox does not read, the start is
// unverified, naming the variable; a variable set anywhere the start sees
// it (the service, the start line, a .env file dotenv loads) passes.
func TestRun_RequiredEnvAtStart(t *testing.T) {
	t.Parallel()
	const (
		node = "require('node:http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
		py   = "from http.server import HTTPServer, BaseHTTPRequestHandler\nHTTPServer(('0.0.0.0', 3000), BaseHTTPRequestHandler).serve_forever()\n"
		nm   = "node_modules/envalid/package.json"
	)
	tests := []struct {
		name   string
		start  string // "": node index.js
		env    map[string]string
		files  map[string]string
		crash  string // a line of the crash, "" for none
		unsure string // in Unchecked, "" for nothing unchecked
	}{
		{name: "throw at load", files: map[string]string{"index.js": "if (!process.env.JWT_SECRET) throw new Error(\"JWT_SECRET is required\");\n" + node},
			crash: "Error: JWT_SECRET is required"},
		{name: "throw at load, set", env: map[string]string{"JWT_SECRET": "x"},
			files: map[string]string{"index.js": "if (!process.env.JWT_SECRET) throw new Error(\"JWT_SECRET is required\");\n" + node}},
		{name: "set by the start line", start: "JWT_SECRET=x node index.js",
			files: map[string]string{"index.js": "if (!process.env.JWT_SECRET) throw new Error(\"JWT_SECRET is required\");\n" + node}},
		{name: "a block of two, one unset", env: map[string]string{"DB_URL": "x"},
			files: map[string]string{"index.js": "if (!process.env.DB_URL || process.env['JWT_SECRET'] === undefined) {\n  throw new TypeError('config missing');\n}\n" + node},
			crash: "TypeError: config missing"},
		{name: "a constant holding it", files: map[string]string{"index.js": "const secret = process.env.JWT_SECRET;\nif (!secret) { throw new Error('JWT_SECRET is required'); }\n" + node},
			crash: "Error: JWT_SECRET is required"},
		{name: "a constant with a default", files: map[string]string{"index.js": "const secret = process.env.JWT_SECRET || 'dev';\nif (!secret) { throw new Error('JWT_SECRET is required'); }\n" + node}},
		{name: "exit after a message", files: map[string]string{"index.js": "if (!process.env.API_KEY) {\n  console.error('API_KEY must be set');\n  process.exit(1);\n}\n" + node},
			crash: "API_KEY must be set"},
		{name: "inside a function", files: map[string]string{"index.js": "function key() {\n  if (!process.env.API_KEY) throw new Error('no key');\n}\n" + node},
			unsure: "whether the app runs without API_KEY: index.js:2 fails when it is unset"},
		{name: "an error class of its own", files: map[string]string{"index.js": "if (!process.env.API_KEY) throw new ConfigError('no key');\n" + node},
			unsure: "without API_KEY: index.js:1"},
		{name: "assert", files: map[string]string{"index.js": "const assert = require('node:assert');\nassert(process.env.JWT_SECRET, 'JWT_SECRET missing');\n" + node},
			crash: "AssertionError [ERR_ASSERTION]: JWT_SECRET missing"},
		{name: "envalid", files: map[string]string{nm: "{}", "index.js": "const { cleanEnv, str, port } = require('envalid');\nconst env = cleanEnv(process.env, {\n  JWT_SECRET: str(),\n  LOG_LEVEL: str({ default: 'info' }),\n});\n" + node},
			crash: "    JWT_SECRET: undefined"},
		{name: "envalid, defaults", files: map[string]string{nm: "{}", "index.js": "const { cleanEnv, str } = require('envalid');\nconst env = cleanEnv(process.env, {\n  LOG_LEVEL: str({ default: 'info' }),\n});\n" + node}},
		{name: "env-var", files: map[string]string{"node_modules/env-var/package.json": "{}", "index.js": "const env = require('env-var');\nconst secret = env.get('JWT_SECRET').required().asString();\n" + node},
			crash: `EnvVarError: env-var: "JWT_SECRET" is a required variable, but it was not set`},
		{name: "a .env dotenv loads", files: map[string]string{"node_modules/dotenv/package.json": "{}", ".env": "JWT_SECRET=abc\n",
			"index.js": "require('dotenv').config();\nif (!process.env.JWT_SECRET) throw new Error('JWT_SECRET is required');\n" + node}},
		{name: "a module it requires", files: map[string]string{"config.js": "if (!process.env.JWT_SECRET) {\n  throw new Error('JWT_SECRET is required');\n}\nmodule.exports = {};\n",
			"index.js": "const cfg = require('./config');\n" + node},
			crash: "/var/www/config.js:2"},
		{name: "python KeyError", start: "python app.py", files: map[string]string{"app.py": "import os\nSECRET_KEY = os.environ[\"SECRET_KEY\"]\n" + py},
			crash: "KeyError: 'SECRET_KEY'"},
		{name: "python get", start: "python app.py", files: map[string]string{"app.py": "import os\nSECRET_KEY = os.environ.get('SECRET_KEY', 'dev')\n" + py}},
		{name: "python in a function", start: "python app.py", files: map[string]string{"app.py": "import os\ndef key():\n    return os.environ['SECRET_KEY']\n" + py},
			unsure: "without SECRET_KEY: app.py:3"},
		{name: "python raise", start: "python app.py", files: map[string]string{"app.py": "import os\nif not os.getenv('DATABASE_URL'):\n    raise RuntimeError('DATABASE_URL is not set')\n" + py},
			crash: "RuntimeError: DATABASE_URL is not set"},
		{name: "python sys.exit", start: "python app.py", files: map[string]string{"app.py": "import os, sys\nif 'TOKEN' not in os.environ:\n    sys.exit('TOKEN is required')\n" + py},
			crash: "TOKEN is required"},
		{name: "python read with no default", start: "python app.py", files: map[string]string{"app.py": "import os\nTOKEN = os.getenv('BOT_TOKEN')\n" + py},
			unsure: "without BOT_TOKEN: app.py:2 reads it as the module loads, with no default, and no variable sets it"},
		{name: "python read in a submodule from imports", start: "python app.py", files: map[string]string{"src/__init__.py": "",
			"src/config.py": "import os\nTOKEN = os.getenv('BOT_TOKEN')\n", "app.py": "from src import config\n" + py},
			unsure: "without BOT_TOKEN: src/config.py:2 reads it as the module loads"},
		{name: "python read with no default, set", start: "python app.py", env: map[string]string{"BOT_TOKEN": "t"},
			files: map[string]string{"app.py": "import os\nTOKEN = os.getenv('BOT_TOKEN')\n" + py}},
		{name: "python read with a fallback", start: "python app.py", files: map[string]string{"app.py": "import os\nTOKEN = os.getenv('BOT_TOKEN') or 'dev'\n" + py}},
		{name: "python read tested", start: "python app.py", files: map[string]string{"app.py": "import os\nif os.getenv('DEBUG'):\n    print('debug')\n" + py}},
		{name: "python read in a function", start: "python app.py", files: map[string]string{"app.py": "import os\ndef token():\n    return os.getenv('BOT_TOKEN')\n" + py}},
		{name: "python read of PORT", start: "python app.py", files: map[string]string{"app.py": "import os\nPORT = os.getenv('PORT')\n" + py}},
		{name: "node constant with no default", files: map[string]string{"index.js": "const token = process.env.BOT_TOKEN;\n" + node},
			unsure: "without BOT_TOKEN: index.js:1 reads it as the module loads, with no default"},
		{name: "node constant with a fallback", files: map[string]string{"index.js": "const token = process.env.BOT_TOKEN || 'dev';\n" + node}},
		{name: "python set", start: "python app.py", env: map[string]string{"SECRET_KEY": "s"},
			files: map[string]string{"app.py": "import os\nSECRET_KEY = os.environ[\"SECRET_KEY\"]\n" + py}},
		{name: "gleam case giving an Error", start: "gleam run", files: gleamApp("  case env.get_string(\"DATABASE_URL\") {\n    Ok(url) -> Ok(url)\n    Error(_) -> {\n      io.println(\"no url\")\n      Error(Nil)\n    }\n  }\n"),
			unsure: "without DATABASE_URL: src/app.gleam:6"},
		{name: "gleam let assert", start: "gleam run", files: gleamApp("  let assert Ok(url) = envoy.get(\"DATABASE_URL\")\n"),
			unsure: "without DATABASE_URL: src/app.gleam:6"},
		{name: "gleam use result.try", start: "gleam run", files: gleamApp("  use url <- result.try(env.get_string(\"DATABASE_URL\"))\n"),
			unsure: "without DATABASE_URL: src/app.gleam:6"},
		{name: "gleam case giving a value", start: "gleam run", files: gleamApp("  case env.get_int(\"PORT\") {\n    Ok(p) -> p\n    Error(_) -> 3000\n  }\n")},
		{name: "gleam unwrap", start: "gleam run", files: gleamApp("  let url = envoy.get(\"DATABASE_URL\") |> result.unwrap(\"\")\n")},
		{name: "gleam set", start: "gleam run", env: map[string]string{"DATABASE_URL": "x"}, files: gleamApp("  let assert Ok(url) = envoy.get(\"DATABASE_URL\")\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "nodejs@22", Start: tt.start, Ports: []appsim.Port{{Port: 3000, HTTP: true}}}
			if d.Start == "" {
				d.Start = "node index.js"
			}
			if strings.HasPrefix(d.Start, "python") {
				d.RunBase = "python@3.12"
			}
			if strings.HasPrefix(d.Start, "gleam") {
				d.RunBase = "gleam@1.5"
			}
			env := tt.env
			if env == nil {
				env = map[string]string{}
			}
			built := appsim.Build(&d, files(tt.files), fixedTime)
			got := appsim.Run(&d, files(tt.files), &built, d.RunBase, appsim.Env{Vars: env}, "seed")
			if crash := lines(got.Crash); (got.Crash != nil) != (tt.crash != "") || !strings.Contains(crash, tt.crash) {
				t.Errorf("crash:\n%s\nwant a line %q", crash, tt.crash)
			}
			unchecked := strings.Join(got.Unchecked, "\n")
			if (unchecked != "") != (tt.unsure != "") || !strings.Contains(unchecked, tt.unsure) {
				t.Errorf("unchecked %q, want %q", unchecked, tt.unsure)
			}
		})
	}
}

// gleamApp is a Gleam project whose main runs body, then starts a mist
// server on 0.0.0.0:3000.
func gleamApp(body string) map[string]string {
	return map[string]string{"gleam.toml": "name = \"app\"\n",
		"src/app.gleam": "import mist\nimport glenvy/env\n\npub fn main() {\n  // config\n" + body +
			"  mist.new(handler) |> mist.bind(\"0.0.0.0\") |> mist.port(3000) |> mist.start_http\n}\n"}
}
