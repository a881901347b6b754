package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// A variable holding a missing service's address (DATABASE_URL naming pg):
// the start fails as host not found only where a line that runs as it
// starts reads the variable and connects with it eagerly, in a form of its
// language's record; a plain read there, a lazy client's constructor, a
// read in a function or in an argument continued on the next line leave it
// unverified, naming the line.
func TestRun_MissingHostFailsOnlyAnEagerConnectAtStart(t *testing.T) {
	t.Parallel()
	const (
		node   = "require('node:http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
		py     = "from http.server import HTTPServer, BaseHTTPRequestHandler\nHTTPServer(('0.0.0.0', 3000), BaseHTTPRequestHandler).serve_forever()\n"
		atLoad = "and no call the sandbox knows to connect with it is on that line or below"
	)
	goMain := func(body string) map[string]string {
		return map[string]string{"go.mod": "module app\n\ngo 1.22\n",
			"main.go": "package main\n\nimport (\n\t\"net/http\"\n\t\"os\"\n)\n\nfunc main() {\n" + body + "\thttp.ListenAndServe(\"0.0.0.0:3000\", nil)\n}\n"}
	}
	tests := []struct {
		name   string
		start  string // "": node index.js
		files  map[string]string
		crash  string // a line of the crash, "" for none
		unsure string // in Unchecked, "" for nothing unchecked
	}{
		{name: "node connect on the read's line", files: map[string]string{"index.js": "const db = require('node:net').connect(5432, new URL(process.env.DATABASE_URL).hostname);\n" + node},
			crash: "Error: getaddrinfo ENOTFOUND pg"},
		{name: "node mongoose.connect", files: map[string]string{"index.js": "mongoose.connect(process.env.DATABASE_URL);\n" + node},
			crash: "ENOTFOUND pg"},
		{name: "node plain read at load", files: map[string]string{"index.js": "const url = process.env.DATABASE_URL;\n" + node},
			unsure: "reads it as the file loads (index.js:1), " + atLoad},
		{name: "node lazy pg Pool", files: map[string]string{"index.js": "const pool = new Pool({connectionString: process.env.DATABASE_URL});\n" + node},
			unsure: "(index.js:1), " + atLoad},
		{name: "node read in a top-level call's arguments", files: map[string]string{"index.js": "const pool = new Pool({\n  connectionString: process.env.DATABASE_URL,\n});\n" + node},
			unsure: "reads it only where the sandbox cannot tell it runs as the file loads (index.js:2"},
		{name: "node connect in a handler on the line", files: map[string]string{"index.js": "const h = () => mongoose.connect(process.env.DATABASE_URL);\n" + node},
			unsure: "only where the sandbox cannot tell it runs as the file loads (index.js:1"},
		// ioredis connects as the client is made (walk 75c: said not to).
		{name: "node new Redis", files: map[string]string{"index.js": "const redis = new Redis(process.env.DATABASE_URL);\n" + node},
			crash: "ENOTFOUND pg"},
		// Go's sql.Open connects at Ping, and main ends if it fails (walk 77).
		{name: "go ping below, fatal", start: "go run main.go", files: goMain("\tdsn := \"host=\" + os.Getenv(\"DATABASE_URL\")\n\tdb, _ := sql.Open(\"postgres\", dsn)\n\tif err := db.Ping(); err != nil {\n\t\tlog.Fatalf(\"db: %v\", err)\n\t}\n"),
			crash: "pg"},
		{name: "go ping below, logged only", start: "go run main.go", files: goMain("\tdsn := \"host=\" + os.Getenv(\"DATABASE_URL\")\n\tdb, _ := sql.Open(\"postgres\", dsn)\n\tif err := db.Ping(); err != nil {\n\t\tprintln(err.Error())\n\t}\n"),
			unsure: "(main.go:9), " + atLoad},
		// pg's Client connects when told, on a line below (walk 76).
		{name: "node pg Client, connect below", files: map[string]string{"index.js": "const c = new Client({ connectionString: process.env.DATABASE_URL });\nc.connect().catch(() => process.exit(1));\n" + node},
			crash: "ENOTFOUND pg"},
		// walk 81: a connect whose failure ends the process (a catch that
		// exits, a top-level await) fails the start in Node's words; a
		// catch that only logs goes on, unverified.
		{name: "node pool connect, catch exits", files: map[string]string{"index.js": "const pool = new pg.Pool({connectionString: process.env.DATABASE_URL}); pool.connect().then(() => app.listen(3000)).catch(e => { console.error(e); process.exit(1) });\n" + node},
			crash: "Error: getaddrinfo ENOTFOUND pg\n    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:120:26) {\n  errno: -3008,\n  code: 'ENOTFOUND',\n  syscall: 'getaddrinfo',\n  hostname: 'pg'\n}"},
		{name: "node top-level await connect", files: map[string]string{"index.mjs": "const c = new pg.Client({ connectionString: process.env.DATABASE_URL });\nawait c.connect();\n" + node}, start: "node index.mjs",
			crash: "ENOTFOUND pg"},
		{name: "node connect, catch logs", files: map[string]string{"index.js": "const pool = new pg.Pool({connectionString: process.env.DATABASE_URL});\npool.connect()\n  .then(() => console.log('db'))\n  .catch(e => console.error(e));\n" + node},
			unsure: "connects with it as it starts (index.js:2), and catches the failure without ending the process"},
		{name: "node connect, catch throws", files: map[string]string{"index.js": "const pool = new pg.Pool({connectionString: process.env.DATABASE_URL});\npool.connect()\n  .catch(e => { throw e; });\n" + node},
			crash: "ENOTFOUND pg"},
		{name: "node try connect on one line, catch logs", files: map[string]string{"index.js": "try { mongoose.connect(process.env.DATABASE_URL); } catch (e) { console.error(e); }\n" + node},
			unsure: "(index.js:1), and catches the failure without ending the process"},
		{name: "node pg Client, connect in a function", files: map[string]string{"index.js": "const c = new Client({ connectionString: process.env.DATABASE_URL });\nfunction go() {\n  c.connect();\n}\n" + node},
			unsure: "(index.js:1), " + atLoad},
		{name: "node new Redis, lazyConnect", files: map[string]string{"index.js": "const redis = new Redis(process.env.DATABASE_URL, { lazyConnect: true });\n" + node},
			unsure: "(index.js:1), " + atLoad},
		{name: "node read by no code", files: map[string]string{"index.js": node},
			unsure: "none of the code the sandbox read of the start (index.js) reads it"},
		{name: "python psycopg2.connect", start: "python app.py", files: map[string]string{"app.py": "import os\nconn = psycopg2.connect(os.environ['DATABASE_URL'])\n" + py},
			crash: `could not translate host name "pg"`},
		{name: "python plain read at load", start: "python app.py", files: map[string]string{"app.py": "import os\nDATABASE_URL = os.environ['DATABASE_URL']\n" + py},
			unsure: "(app.py:2), " + atLoad},
		// walk 75b: Django's settings read it through dj-database-url, and
		// the answer said the code does not read it.
		{name: "python dj_database_url with env=", start: "python app.py", files: map[string]string{"requirements.txt": "dj-database-url\n", "app.py": "import dj_database_url\nDATABASES = {'default': dj_database_url.config(env=\"DATABASE_URL\", conn_max_age=600)}\n" + py},
			unsure: "(app.py:2), " + atLoad},
		{name: "python django-environ env.db", start: "python app.py", files: map[string]string{"requirements.txt": "django-environ\n", "app.py": "import environ\nenv = environ.Env()\nDATABASES = {'default': env.db('DATABASE_URL')}\n" + py},
			unsure: "(app.py:3), " + atLoad},
		{name: "python lazy create_engine", start: "python app.py", files: map[string]string{"app.py": "import os\nengine = create_engine(os.environ['DATABASE_URL'])\n" + py},
			unsure: "(app.py:2), " + atLoad},
		{name: "go pgx.Connect in main", start: "go run main.go", files: goMain("\tconn, _ := pgx.Connect(ctx, os.Getenv(\"DATABASE_URL\"))\n\t_ = conn\n"),
			crash: "lookup pg: no such host"},
		{name: "go sql.Open in main", start: "go run main.go", files: goMain("\tdb, _ := sql.Open(\"pgx\", os.Getenv(\"DATABASE_URL\"))\n\t_ = db\n"),
			unsure: "reads it as main runs (main.go:9), " + atLoad},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "nodejs@22", Start: tt.start, Ports: []appsim.Port{{Port: 3000, HTTP: true}}}
			if _, ok := tt.files["requirements.txt"]; ok {
				d.BuildCommands = []string{"pip install --target . -r requirements.txt"}
			}
			if d.Start == "" {
				d.Start = "node index.js"
			}
			switch {
			case strings.HasPrefix(d.Start, "python"):
				d.RunBase = "python@3.12"
			case strings.HasPrefix(d.Start, "go "):
				d.RunBase = "go@1"
			}
			env := appsim.Env{Vars: map[string]string{"DATABASE_URL": "postgresql://u:p@${pg_hostname}:5432/app"}, MissingHost: "pg", MissingIn: "DATABASE_URL"}
			built := appsim.Build(&d, files(tt.files), fixedTime)
			got := appsim.Run(&d, files(tt.files), &built, d.RunBase, env, "seed")
			if crash := lines(got.Crash); (got.Crash != nil) != (tt.crash != "") || !strings.Contains(crash, tt.crash) {
				t.Errorf("crash:\n%s\nwant a line %q", crash, tt.crash)
			}
			unchecked := strings.Join(got.Unchecked, "\n")
			if (unchecked != "") != (tt.unsure != "") || !strings.Contains(unchecked, tt.unsure) {
				t.Errorf("unchecked %q, want %q", unchecked, tt.unsure)
			}
			if tt.unsure != "" && !strings.Contains(unchecked, "whether the app connects with DATABASE_URL as it starts (DATABASE_URL names pg, a service the project lacks, so a connection with it fails)") {
				t.Errorf("unchecked %q does not say what it could not tell", unchecked)
			}
		})
	}
}
