package mcp_test

import (
	"maps"
	"strings"
	"testing"
)

// djangoFiles is a Django project as recipe-django lays it out (recipe/
// wsgi.py, its settings, manage.py, requirements.txt installed in the run
// image), its gunicorn config file at conf (gunicorn.conf.py in the
// recipe) binding bind, and zerops.yml starting start with run env.
func djangoFiles(conf, bind, start string, env map[string]string) map[string]string {
	var yml strings.Builder
	yml.WriteString("zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      addToRunPrepare: [requirements.txt]\n      deployFiles: ./\n" +
		"    run:\n      base: python@3.12\n      prepareCommands:\n        - pip install --no-cache-dir -r requirements.txt\n")
	yamlEnv(&yml, env)
	yml.WriteString("      ports:\n        - port: 8000\n          httpSupport: true\n      start: " + start + "\n")
	return map[string]string{
		"manage.py":          "import os\nimport sys\n\nif __name__ == '__main__':\n    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'recipe.settings')\n",
		"recipe/__init__.py": "",
		"recipe/settings.py": "INSTALLED_APPS = [\n    'django.contrib.admin',\n]\nROOT_URLCONF = 'recipe.urls'\n",
		"recipe/urls.py":     "urlpatterns = []\n",
		"recipe/wsgi.py": "import os\n\nfrom django.core.wsgi import get_wsgi_application\n\n" +
			"os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'recipe.settings')\n\napplication = get_wsgi_application()\n",
		conf:               "module = \"recipe.wsgi\"\nbind = \"" + bind + "\"\naccesslog = \"-\"\nerrorlog = \"-\"\n",
		"requirements.txt": "Django==5.0\ngunicorn==22.0.0\n",
		"zerops.yml":       yml.String(),
	}
}

// Walk 22's Django: gunicorn.conf.py binding 127.0.0.1:8000 and run.start
// `gunicorn recipe.wsgi` with no --bind. The answer said gunicorn binds
// 127.0.0.1:8000 "unless told otherwise" and proposed `--bind` with an
// app:app of no such app, never naming the file that holds the address.
// It names the file's line and both fixes once, offers no variable, and
// still names the line after HOST=0.0.0.0 was tried; either fix is live.
func TestDeploy_GunicornConfigBindsLoopback(t *testing.T) {
	const conf = "gunicorn.conf.py"
	loopback := djangoFiles(conf, "127.0.0.1:8000", "gunicorn recipe.wsgi", nil)
	withFile := func(files map[string]string, name, content string) map[string]string {
		files = maps.Clone(files)
		files[name] = content
		return files
	}
	noVariable := []string{"HOST=0.0.0.0", "HOST: 0.0.0.0", "zerops_env", "app:app", "unless told otherwise"}
	// (the answer is JSON, a quote in it escaped; its step is decoded)
	named := []string{`gunicorn.conf.py, line 2: ` + "`" + `bind = \"127.0.0.1:8000\"` + "`"}
	fix := []string{"Write `bind = \"0.0.0.0:8000\"` in gunicorn.conf.py, line 2", "`--bind 0.0.0.0:8000` in the gunicorn command in `run.start`"}
	runDeployCases(t, []deployCase{{
		name:    "the recipe's bind",
		files:   djangoFiles(conf, "0.0.0.0:8000", "gunicorn recipe.wsgi", nil),
		verdict: "live",
	}, {
		name:    "loopback in gunicorn.conf.py",
		files:   loopback,
		verdict: "not-answering",
		signal:  "listening-on-localhost",
		says:    named,
		next:    fix,
		once:    []string{`0.0.0.0:8000\"` + "` in gunicorn.conf.py", "--bind 0.0.0.0:8000"},
		lacks:   noVariable,
		verify:  "failing",
		then: []deployCase{{
			name:    "HOST=0.0.0.0 tried",
			files:   djangoFiles(conf, "127.0.0.1:8000", "gunicorn recipe.wsgi", map[string]string{"HOST": "0.0.0.0"}),
			verdict: "not-answering",
			says:    named,
			next:    fix,
			lacks:   noVariable,
		}, {
			name:    "--bind in run.start",
			files:   djangoFiles(conf, "127.0.0.1:8000", "gunicorn --bind 0.0.0.0:8000 recipe.wsgi", nil),
			verdict: "live",
		}, {
			name:    "the file's bind fixed",
			files:   withFile(loopback, conf, "module = \"recipe.wsgi\"\nbind = \"0.0.0.0:8000\"\n"),
			verdict: "live",
		}},
	}, {
		name:    "localhost in gunicorn.conf.py",
		files:   djangoFiles(conf, "localhost:8000", "gunicorn recipe.wsgi", nil),
		verdict: "not-answering",
		says:    []string{`gunicorn.conf.py, line 2: ` + "`" + `bind = \"localhost:8000\"` + "`"},
		next:    fix,
		lacks:   noVariable,
	}, {
		name:    "a config file named by -c",
		files:   djangoFiles("conf/gunicorn.py", "127.0.0.1:8000", "gunicorn -c conf/gunicorn.py recipe.wsgi", nil),
		verdict: "not-answering",
		says:    []string{`conf/gunicorn.py, line 2: ` + "`" + `bind = \"127.0.0.1:8000\"` + "`"},
		next:    []string{`bind = "0.0.0.0:8000"` + "` in conf/gunicorn.py, line 2"},
		lacks:   noVariable,
	}})
}

// A reference to a missing service in a connection-string variable
// (walk 22's Astro DATABASE_URL, read by no code; rag-starter's
// QDRANT_URL, read only in a request handler; the Deno recipe's DB_PASS
// beside DB_HOST: postgres, read only in its handler) crashed the sandbox
// app at start, the Deno one with a fetch of http://postgres/ it never
// makes: on Zerops the reference stays as written, and the app starts
// unless it connects with the variable as it starts. Read and connected
// with on a line that runs at start, the start crashes with host not found
// and the fix; only read there (reading looks no host up), read
// elsewhere, by no code read, or in code whose reads the sandbox does not
// follow, the start is unverified, the note saying only what the sandbox
// could not tell, and the warning states the fix once.
func TestDeploy_MissingServiceInConnectionString(t *testing.T) {
	const dbURL = "postgresql://${pg_user}:${pg_password}@${pg_hostname}:5432/${pg_dbName}"
	node := func(server string) map[string]string {
		return map[string]string{"server.js": server, "package.json": `{"name":"a"}`,
			"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, env: map[string]string{"DATABASE_URL": dbURL}, start: "node server.js"}.String()}
	}
	py := func(env map[string]string, main string) map[string]string {
		return map[string]string{"main.py": main,
			"zerops.yml": setupYml{base: "python@3.12", deploy: "./", port: 8000, env: env, start: "python main.py"}.String()}
	}
	qdrant := map[string]string{"QDRANT_URL": "http://${qdrant_hostname}:6333"}
	literal := map[string]string{"DB_HOST": "postgres", "DB_PASS": "${postgres_password}"}
	deno := func(main string) map[string]string {
		return map[string]string{"main.ts": main,
			"zerops.yml": setupYml{base: "deno@2", deploy: "main.ts", port: 8000, env: literal, start: "deno run --allow-net --allow-env main.ts"}.String()}
	}
	listen := "const http = require('node:http');\n\nhttp.createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
	pyServe := "import os\nfrom http.server import HTTPServer, BaseHTTPRequestHandler\n\n" +
		"class H(BaseHTTPRequestHandler):\n    def do_GET(self):\n        url = os.environ['QDRANT_URL'] + '/collections'\n        self.send_response(200)\n        self.end_headers()\n\n" +
		"HTTPServer(('0.0.0.0', 8000), H).serve_forever()\n"
	denoHandler := "Deno.serve({ port: 8000, hostname: \"0.0.0.0\" }, async () => {\n  const pass = Deno.env.get(\"DB_PASS\");\n  const host = Deno.env.get(\"DB_HOST\");\n  return new Response(host ? \"ok\" : pass);\n});\n"
	warned := "Reference the project's postgresql service, keeping the key: ${db_hostname} (db is postgresql@16)."
	invented := []string{"error sending request for url", "http://postgres/", `"diagnoses"`}
	goApp := func(main string) map[string]string {
		imports := "\t\"net/http\"\n\t\"os\"\n"
		for _, p := range []string{"context", "fmt"} {
			if strings.Contains(main, p+".") {
				imports = "\t\"" + p + "\"\n" + imports
			}
		}
		if strings.Contains(main, "pgx.") {
			imports += "\n\t\"github.com/jackc/pgx/v5\"\n"
		}
		return map[string]string{"go.mod": "module app\n\ngo 1.22\n\nrequire github.com/jackc/pgx/v5 v5.7.1\n", "go.sum": "github.com/jackc/pgx/v5 v5.7.1 h1:x=\n",
			"main.go":    "package main\n\nimport (\n" + imports + ")\n\nfunc main() {\n" + main + "\thttp.ListenAndServe(\"0.0.0.0:8080\", nil)\n}\n",
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o app ."}, deploy: "app", env: map[string]string{"DATABASE_URL": dbURL}, start: "./app"}.String()}
	}
	runDeployCases(t, []deployCase{{
		name:    "read by no code",
		files:   node(listen),
		verdict: "unverified",
		reason:  []string{"whether the app connects with DATABASE_URL as it starts (DATABASE_URL names pg, a service the project lacks", "none of the code the sandbox read of the start (server.js) reads it"},
		once:    []string{warned},
		lacks:   []string{"ENOTFOUND", `"diagnoses"`},
	}, {
		name:    "read in a request handler",
		files:   py(qdrant, pyServe),
		verdict: "unverified",
		reason:  []string{"whether the app connects with QDRANT_URL as it starts", "the code reads it only where the sandbox cannot tell it runs as the file loads (main.py:6"},
		says:    []string{`${qdrant_hostname}: the project has no service \"qdrant\"`},
		lacks:   []string{"Name or service not known", `"diagnoses"`},
	}, {
		name: "read in a function defined on one line",
		files: py(qdrant, "import os\nfrom http.server import HTTPServer, BaseHTTPRequestHandler\n\ndef qdrant_url(): return os.environ['QDRANT_URL']\n\n"+
			"class H(BaseHTTPRequestHandler):\n    def do_GET(self):\n        self.send_response(200 if qdrant_url() else 500)\n        self.end_headers()\n\n"+
			"HTTPServer(('0.0.0.0', 8000), H).serve_forever()\n"),
		verdict: "unverified",
		reason:  []string{"whether the app connects with QDRANT_URL as it starts", "only where the sandbox cannot tell it runs as the file loads (main.py:4"},
		lacks:   []string{"Name or service not known", `"diagnoses"`},
	}, {
		name:    "connected with as the module loads",
		files:   node("const http = require('node:http');\nconst db = require('node:net').connect(5432, new URL(process.env.DATABASE_URL).hostname);\n\nhttp.createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"),
		verdict: "not-answering",
		signal:  "host-not-found",
		next:    []string{"keep DATABASE_URL and reference ${db_user} (db is postgresql@16) instead of ${pg_user}"},
	}, {
		name:    "read as the module loads, no connect on its line",
		files:   node("const http = require('node:http');\nconst db = new URL(process.env.DATABASE_URL);\n\nhttp.createServer((q, s) => s.end(db.host)).listen(3000, '0.0.0.0');\n"),
		verdict: "unverified",
		reason:  []string{"whether the app connects with DATABASE_URL as it starts", "the code reads it as the file loads (server.js:2), and no call the sandbox knows to connect with it is on that line or below"},
		once:    []string{warned},
		lacks:   []string{"ENOTFOUND", `"diagnoses"`},
	}, {
		name:    "literal host read in a Deno handler",
		files:   deno(denoHandler),
		verdict: "unverified",
		reason:  []string{"whether the app connects with DB_HOST as it starts (DB_HOST names postgres", "main.ts:3"},
		lacks:   invented,
	}, {
		name:    "read in a handler written on one line",
		files:   deno("Deno.serve({ port: 8000, hostname: \"0.0.0.0\" }, () => new Response(Deno.env.get(\"DB_HOST\")));\n"),
		verdict: "unverified",
		reason:  []string{"whether the app connects with DB_HOST as it starts", "only where the sandbox cannot tell it runs as the file loads (main.ts:1"},
		lacks:   invented,
	}, {
		name:    "literal host connected to as a Deno module loads",
		files:   deno("const conn = await Deno.connect({ hostname: Deno.env.get(\"DB_HOST\"), port: 5432 });\nDeno.serve({ port: 8000, hostname: \"0.0.0.0\" }, () => new Response(\"ok\"));\n"),
		verdict: "not-answering",
		signal:  "host-not-found",
		says:    []string{"error: Uncaught (in promise) Error: failed to lookup address information: Name or service not known"},
		lacks:   invented[:2],
	}, {
		name:    "literal host connected to as the module loads",
		files:   py(literal, "import os\nfrom http.server import HTTPServer, BaseHTTPRequestHandler\n\nconn = psycopg2.connect(host=os.environ['DB_HOST'], password=os.environ['DB_PASS'])\nHTTPServer(('0.0.0.0', 8000), BaseHTTPRequestHandler).serve_forever()\n"),
		verdict: "not-answering",
		signal:  "host-not-found",
		says:    []string{`could not translate host name \"postgres\"`},
	}, {
		name:    "read in a handler main registers",
		files:   goApp("\thttp.HandleFunc(\"/\", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(os.Getenv(\"DATABASE_URL\"))) })\n"),
		verdict: "unverified",
		reason:  []string{"whether the app connects with DATABASE_URL as it starts", "only where the sandbox cannot tell it runs as main runs (main.go:9"},
		once:    []string{warned},
		lacks:   []string{"no such host", `"diagnoses"`},
	}, {
		name:    "connected with as main runs",
		files:   goApp("\tconn, err := pgx.Connect(context.Background(), os.Getenv(\"DATABASE_URL\"))\n\thttp.HandleFunc(\"/\", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(fmt.Sprint(conn, err))) })\n"),
		verdict: "not-answering",
		signal:  "host-not-found",
		says:    []string{"dial tcp: lookup pg: no such host"},
	}, {
		name: "code whose reads the sandbox does not follow",
		files: map[string]string{"Cargo.toml": "[package]\nname = \"rapi\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nactix-web = \"4\"\n",
			"src/main.rs": "use actix_web::{App, HttpServer};\n\n#[actix_web::main]\nasync fn main() -> std::io::Result<()> {\n    let db = std::env::var(\"DATABASE_URL\").unwrap();\n    HttpServer::new(|| App::new())\n        .bind((\"0.0.0.0\", 8080))?\n        .run()\n        .await\n}\n",
			"zerops.yml":  setupYml{base: "rust@1.86", build: []string{"cargo build --release"}, deploy: "target/release/rapi", env: map[string]string{"DATABASE_URL": dbURL}, start: "./target/release/rapi"}.String()},
		verdict: "unverified",
		reason:  []string{"whether the app connects with DATABASE_URL as it starts", "the sandbox does not follow where rust code reads a variable"},
		once:    []string{warned},
		lacks:   []string{"Name or service not known", `"diagnoses"`},
	}})
}
