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
// QDRANT_URL, read only in a request handler) crashed the sandbox app at
// start: on Zerops the reference stays as written, and the app starts
// unless it reads the variable as it starts. Read at start, it crashes;
// read elsewhere or by no module read, the start is unverified, naming
// the reference; the warning with its fix stays either way.
func TestDeploy_MissingServiceInConnectionString(t *testing.T) {
	const dbURL = "postgresql://${pg_user}:${pg_password}@${pg_hostname}:5432/${pg_dbName}"
	node := func(server string) map[string]string {
		return map[string]string{"server.js": server, "package.json": `{"name":"a"}`,
			"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, env: map[string]string{"DATABASE_URL": dbURL}, start: "node server.js"}.String()}
	}
	py := func(main string) map[string]string {
		return map[string]string{"main.py": main,
			"zerops.yml": setupYml{base: "python@3.12", deploy: "./", port: 8000, env: map[string]string{"QDRANT_URL": "http://${qdrant_hostname}:6333"}, start: "python main.py"}.String()}
	}
	listen := "const http = require('node:http');\n\nhttp.createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
	pyServe := "import os\nfrom http.server import HTTPServer, BaseHTTPRequestHandler\n\n" +
		"class H(BaseHTTPRequestHandler):\n    def do_GET(self):\n        url = os.environ['QDRANT_URL'] + '/collections'\n        self.send_response(200)\n        self.end_headers()\n\n" +
		"HTTPServer(('0.0.0.0', 8000), H).serve_forever()\n"
	warned := "Reference the project's postgresql service, keeping the key: ${db_hostname} (db is postgresql@16)."
	runDeployCases(t, []deployCase{{
		name:    "read by no code",
		files:   node(listen),
		verdict: "unverified",
		reason:  []string{"whether the app reads DATABASE_URL", "no file the sandbox read of its start reads DATABASE_URL"},
		says:    []string{warned},
		lacks:   []string{"ENOTFOUND", `"diagnoses"`},
	}, {
		name:    "read in a request handler",
		files:   py(pyServe),
		verdict: "unverified",
		reason:  []string{"whether the app reads QDRANT_URL as it starts", "only in indented code, a function or block (main.py:6)"},
		says:    []string{`${qdrant_hostname}: the project has no service \"qdrant\"`},
		lacks:   []string{"Name or service not known", `"diagnoses"`},
	}, {
		name:    "read as the module loads",
		files:   node("const http = require('node:http');\nconst db = new URL(process.env.DATABASE_URL);\n\nhttp.createServer((q, s) => s.end(db.host)).listen(3000, '0.0.0.0');\n"),
		verdict: "not-answering",
		signal:  "host-not-found",
		next:    []string{"keep DATABASE_URL and reference ${db_user} (db is postgresql@16) instead of ${pg_user}"},
	}})
}
