package fakeapi_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/types"
)

// withStartCommands is y with its run.start replaced by run.startCommands
// running each of cmds (named p0, p1, …).
func withStartCommands(y string, cmds ...string) string {
	list := "      startCommands:\n"
	for i, c := range cmds {
		list += "        - command: " + c + "\n          name: p" + strconv.Itoa(i) + "\n"
	}
	start := y[strings.Index(y, "      start: "):]
	start = start[:strings.Index(start, "\n")+1]
	return strings.Replace(y, start, list, 1)
}

// appYml is a setup deploying ./ that starts start; a Python one installs
// the servers it may run into the run image, as a working setup must.
func appYml(setup, runBase, start string, port int, env string) string {
	prep := ""
	if strings.HasPrefix(runBase, "python") {
		prep = "      prepareCommands: [python3 -m pip install django fastapi flask gunicorn hypercorn uvicorn]\n"
	}
	y := "zerops:\n  - setup: " + setup + "\n    build:\n      base: " + runBase + "\n      deployFiles: ./\n    run:\n      base: " + runBase +
		"\n" + prep + "      start: " + start + "\n      ports: [{port: " + strconv.Itoa(port) + ", httpSupport: true}]\n"
	if env != "" {
		y += "      envVariables:\n" + env
	}
	return y
}

// runCase is a push of files to appstage: its runtime log holds want and
// none of not, and its port answers code at /.
type runCase struct {
	name  string
	files map[string]string
	port  int      // the declared port probed
	code  int      // what it answers
	want  []string // in the runtime's log
	not   []string // never in it
}

// runCases runs each case on its own fake, in parallel.
func runCases(t *testing.T, tests []runCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			stage := srv.ServiceID("appstage")
			if _, p := pushFiles(t, h, stage, "appstage", tt.files); p.Status != "FINISHED" {
				t.Fatalf("build ended %s", p.Status)
			}
			joined := runtimeLog(t, h, srv.ProjectID(), stage, tt.want)
			for _, n := range tt.not {
				if strings.Contains(joined, n) {
					t.Errorf("runtime log has %q:\n%s", n, joined)
				}
			}
			if code, b := probe(t, srv, "appstage", tt.port, "/"); code != tt.code {
				t.Errorf("GET appstage:%d = %d %q, want %d\n%s", tt.port, code, b, tt.code, joined)
			}
		})
	}
}

// nodeOK is a Node server that answers on 0.0.0.0:3000.
const nodeOK = "const http = require('node:http');\nhttp.createServer((q, s) => s.end('ok')).listen(3000);\n"

// nodeConnects is nodeOK connecting, as it loads, to the host the variable
// key holds (a URL, else the host itself): a missing service's reference
// there fails its start.
func nodeConnects(key string) string {
	host := "new URL(process.env." + key + ").hostname"
	if strings.HasSuffix(key, "_HOST") {
		host = "process.env." + key
	}
	return "const db = require('node:net').connect(5432, " + host + ");\n" + nodeOK
}

// Each rule of the simulated runtime, from what the user wrote: the
// runtime's log (its own words) and what the declared port answers. This
// test has the entry file run.start names; the TestRun_ tests below it the
// listening address, the environment and the shell.
func TestRun_FollowsWhatTheUserWrote(t *testing.T) {
	t.Parallel()
	runCases(t, []runCase{
		{"NodeHealthy", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""), "index.js": nodeOK},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Error"}},
		{"NodeMissingStartFile", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node server.js", 3000, ""), "index.js": nodeOK},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/server.js'", "code: 'MODULE_NOT_FOUND'", "exited with code 1 (start attempt 1)"}, []string{"Listening"}},
		{"NpmStartMissingScript", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "npm start", 3000, ""), "index.js": nodeOK,
			"package.json": `{"scripts":{"dev":"node index.js"}}`},
			3000, http.StatusBadGateway, []string{`npm error Missing script: "start"`}, nil},
		{"NpmStartFollowsScript", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "npm start", 3000, ""), "index.js": nodeOK,
			"package.json": `{"scripts":{"start":"node dist/main.js"}}`},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/dist/main.js'"}, nil},
		// `node DIR` runs the directory as a package: package.json "main", else index.js.
		{"NodeDotFollowsMain", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node .", 3000, ""),
			"package.json": `{"main":"src/app.js"}`, "src/app.js": "require('http').createServer(h).listen(3000, '0.0.0.0');\n"},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Cannot find module"}},
		{"NodeDotSlashIndex", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node ./", 3000, ""), "index.js": nodeOK},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Cannot find module"}},
		{"NodeDirMainWithoutExtension", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node api", 3000, ""),
			"api/package.json": `{"main":"server"}`, "api/server.js": nodeOK},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Cannot find module"}},
		{"NodeDotMainMissing", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node .", 3000, ""),
			"package.json": `{"main":"dist/app.js"}`, "src/app.ts": nodeOK},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/dist/app.js'"}, []string{"Listening"}},
		{"NodeDotMainBuilt", map[string]string{"zerops.yml": strings.Replace(appYml("appstage", "nodejs@22", "node .", 3000, ""),
			"deployFiles: ./", "buildCommands: [mkdir -p dist, cp src/app.js dist/app.js]\n      deployFiles: ./", 1),
			"package.json": `{"main":"dist/app.js"}`, "src/app.js": nodeOK, "index.js": "require('http').createServer(h).listen(8080);\n"},
			3000, http.StatusOK, nil, []string{"Cannot find module"}},
		{"NodeDotNoEntry", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node .", 3000, ""),
			"package.json": `{"name":"x"}`, "server.js": nodeOK},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www'"}, []string{"Listening"}},
		{"PythonMissingFile", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "python3 app.py", 8000, ""), "main.py": "print(1)\n"},
			8000, http.StatusBadGateway, []string{"python3: can't open file '/var/www/app.py': [Errno 2] No such file or directory", "exited with code 2"}, nil},
		// php@8.4 is a build base only: a PHP worker runs on an OS base that installs php.
		{"PhpMissingFile", map[string]string{"zerops.yml": strings.Replace(appYml("appstage", "alpine@3.22", "php worker.php", 8080, ""),
			"    run:\n", "    run:\n      prepareCommands: [sudo apk add php84]\n", 1)},
			8080, http.StatusBadGateway, []string{"Could not open input file: worker.php"}, nil},
		{"GoBinaryMissing", map[string]string{"zerops.yml": appYml("appstage", "go@1", "./app", 8080, ""), "main.go": "package main\n"},
			8080, http.StatusBadGateway, []string{"/bin/sh: ./app: not found", "exited with code 127"}, nil},
		{"UnknownEntryKeepsDeclared", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""),
			"index.js": "require('./server')\n", "server.js": "module.exports = {}\n"},
			3000, http.StatusOK, []string{"not checked: where the app listens", "run.ports declares (3000)"}, []string{"Listening on"}},
	})
}

// The address the app listens on: the port and host its code, its flags
// and its environment give, as the runtime reads them.
func TestRun_ListensWhereTheCodeSays(t *testing.T) {
	t.Parallel()
	runCases(t, []runCase{
		{"WrongPortLiteral", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""),
			"index.js": "require('http').createServer(h).listen(8080);\n"},
			3000, http.StatusBadGateway, []string{"Listening on 0.0.0.0:8080"}, []string{":3000"}},
		{"WrongPortFallback", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""),
			"index.js": "const port = process.env.PORT || 8080;\napp.listen(port, () => console.log('up'));\n"},
			3000, http.StatusBadGateway, []string{"Listening on 0.0.0.0:8080"}, nil},
		{"PortFromEnv", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, "        PORT: \"3000\"\n"),
			"index.js": "const port = process.env.PORT || 8080;\napp.listen(port);\n"},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, nil},
		{"PortUnsetNoFallback", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""),
			"index.js": "app.listen(process.env.PORT);\n"},
			3000, http.StatusBadGateway, []string{"Listening on 0.0.0.0:"}, []string{"0.0.0.0:3000"}},
		{"BoundToLocalhost", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""),
			"index.js": "server.listen(3000, '127.0.0.1');\n"},
			3000, http.StatusBadGateway, []string{"Listening on 127.0.0.1:3000"}, nil},
		{"BoundToLocalhostVar", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""),
			"index.js": "const HOST = 'localhost';\nserver.listen(3000, HOST);\n"},
			3000, http.StatusBadGateway, []string{"Listening on 127.0.0.1:3000"}, nil},
		{"HostFromEnvFallbackLocalhost", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""),
			"index.js": "const host = process.env.HOST || '127.0.0.1';\nserver.listen(3000, host);\n"},
			3000, http.StatusBadGateway, []string{"Listening on 127.0.0.1:3000"}, nil},
		{"HostFromEnvSet", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, "        HOST: 0.0.0.0\n"),
			"index.js": "const host = process.env.HOST || '127.0.0.1';\nserver.listen(3000, host);\n"},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, nil},
		{"FastifyDefaultLocalhost", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""),
			"index.js": "fastify.listen({ port: 3000 })\n"},
			3000, http.StatusBadGateway, []string{"Listening on 127.0.0.1:3000"}, nil},
		{"FastifyHostEnv", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, "        HOST: 0.0.0.0\n"),
			"index.js": "fastify.listen({ port: 3000, host: process.env.HOST })\n"},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, nil},
		{"GoColonPort", map[string]string{"zerops.yml": appYml("appstage", "go@1", "go run main.go", 3000, ""),
			"main.go": "package main\nfunc main() { http.ListenAndServe(\":8080\", nil) }\n"},
			3000, http.StatusBadGateway, []string{"Listening on 0.0.0.0:8080"}, nil},
		{"FlaskDefaultLocalhost", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "python app.py", 5000, ""),
			"app.py": "from flask import Flask\napp = Flask(__name__)\napp.run()\n"},
			5000, http.StatusBadGateway, []string{" * Running on http://127.0.0.1:5000"}, nil},
		{"FlaskPortKeyword", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "python app.py", 8000, ""),
			"app.py": "app.run(host='0.0.0.0', port=8080)\n"},
			8000, http.StatusBadGateway, []string{" * Running on http://0.0.0.0:8080"}, nil},
		{"GunicornBind", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "gunicorn app:app --bind 0.0.0.0:8000", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusOK, []string{"[INFO] Listening at: http://0.0.0.0:8000"}, nil},
		{"GunicornHostFlag", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "gunicorn --host 0.0.0.0 app:app", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusBadGateway, []string{"usage: gunicorn [OPTIONS] [APP_MODULE]", "gunicorn: error: unrecognized arguments: --host", "exited with code 2"}, []string{"Listening"}},
		{"GunicornPortFlag", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "gunicorn app:app --port=8000", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusBadGateway, []string{"gunicorn: error: unrecognized arguments: --port=8000"}, []string{"Listening"}},
		{"UvicornHostFlag", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "uvicorn app:app --host 0.0.0.0 --port 8000", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusOK, []string{"Uvicorn running on http://0.0.0.0:8000"}, []string{"unrecognized"}},
		{"GunicornDefaultLocalhost", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "gunicorn app:app", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusBadGateway, []string{"[INFO] Listening at: http://127.0.0.1:8000"}, nil},
		{"FlaskModuleDefaultLocalhost", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "python -m flask run", 5000, ""),
			"app.py": "app = object()\n"},
			5000, http.StatusBadGateway, []string{" * Running on http://127.0.0.1:5000"}, nil},
		{"FlaskCommandDefaultLocalhost", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "flask --app app run --port 5000", 5000, ""),
			"app.py": "app = object()\n"},
			5000, http.StatusBadGateway, []string{" * Running on http://127.0.0.1:5000"}, []string{"0.0.0.0"}},
		{"FlaskCommandHost", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "flask run --host=0.0.0.0 --port 5000", 5000, ""),
			"app.py": "app = object()\n"},
			5000, http.StatusOK, []string{" * Running on http://0.0.0.0:5000"}, nil},
		{"FlaskCommandDefaultPort", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "flask run -h 0.0.0.0", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusBadGateway, []string{" * Running on http://0.0.0.0:5000"}, nil},
		{"GunicornBindIPv6Any", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "gunicorn -b [::]:8000 app:app", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusOK, []string{"[INFO] Listening at: http://[::]:8000"}, []string{"127.0.0.1"}},
		{"UvicornHostIPv6Any", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", `"uvicorn app:app --host :: --port 8000"`, 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusOK, []string{"Uvicorn running on http://[::]:8000"}, []string{"127.0.0.1"}},
		{"GunicornBindEmptyHost", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "gunicorn -b :8000 app:app", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusOK, []string{"[INFO] Listening at: http://0.0.0.0:8000"}, []string{"127.0.0.1"}},
		{"HypercornBindIPv6Any", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "hypercorn app:app --bind [::]:8000", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusOK, []string{"Running on http://[::]:8000"}, []string{"127.0.0.1"}},
	})
}

// Service references in run.envVariables and run.initCommands, as the
// container's start reads and runs them.
func TestRun_ReadsReferencesAndInitCommands(t *testing.T) {
	t.Parallel()
	runCases(t, []runCase{
		{"MissingServiceReference", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000,
			"        DATABASE_URL: ${database_connectionString}\n"), "index.js": nodeConnects("DATABASE_URL")},
			3000, http.StatusBadGateway, []string{"Error: getaddrinfo ENOTFOUND database"}, []string{"Listening"}},
		{"MissingServiceReferenceWithoutBraces", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000,
			"        DB_HOST: $database_hostname\n"), "index.js": nodeConnects("DB_HOST")},
			3000, http.StatusBadGateway, []string{"Error: getaddrinfo ENOTFOUND $database_hostname"}, []string{"Listening"}},
		{"ExistingServiceReferenceWithoutBraces", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000,
			"        DB_HOST: $db_hostname\n"), "index.js": nodeOK},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"ENOTFOUND"}},
		{"ExistingServiceReference", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000,
			"        DATABASE_URL: ${db_connectionString}\n"), "index.js": nodeOK},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"ENOTFOUND"}},
		{"PythonMissingServiceReference", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "python app.py", 8000,
			"        DB_HOST: ${postgres_hostname}\n"), "app.py": "import os\nconn = psycopg2.connect(host=os.environ['DB_HOST'])\napp.run(host='0.0.0.0', port=8000)\n"},
			8000, http.StatusBadGateway, []string{`could not translate host name "${postgres_hostname}" to address`}, nil},
		{"InitCommandPasses", map[string]string{"zerops.yml": strings.Replace(appYml("appstage", "nodejs@22", "node index.js", 3000, ""),
			"    run:\n", "    run:\n      initCommands: [node migrate.js, 'zsc execOnce x -- node migrate.js']\n", 1), "index.js": nodeOK, "migrate.js": "1\n"},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"initCommands"}},
	})
}

// How sh runs run.start and run.startCommands from /var/www.
func TestRun_StartsThroughTheShell(t *testing.T) {
	t.Parallel()
	runCases(t, []runCase{
		// sh runs run.start from /var/www: a cd moves it, a wrapper runs the
		// same command, a trailing & ends the start at once.
		{"CdIntoDirectory", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "cd dist && node index.js", 3000, ""), "dist/index.js": nodeOK},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Cannot find module"}},
		{"CdThenSemicolon", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "cd dist; node index.js", 3000, ""), "dist/index.js": nodeOK},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Cannot find module"}},
		{"CdMissingEntry", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "cd dist && node missing.js", 3000, ""), "dist/index.js": nodeOK},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/dist/missing.js'"}, []string{"Listening"}},
		{"CdNoSuchDirectory", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "cd build && node index.js", 3000, ""), "dist/index.js": nodeOK},
			3000, http.StatusBadGateway, []string{"/bin/sh: cd: line 1: can't cd to build: No such file or directory", "exited with code 2"}, []string{"Listening"}},
		{"CdNpmStart", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "cd api && npm start", 3000, ""), "api/index.js": nodeOK,
			"api/package.json": `{"scripts":{"start":"node index.js"}}`},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"npm error"}},
		{"ShellWrapped", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "sh -c 'node missing.js'", 3000, ""), "index.js": nodeOK},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/missing.js'"}, []string{"Listening"}},
		{"ExecWrapped", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "exec node missing.js", 3000, ""), "index.js": nodeOK},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/missing.js'"}, []string{"Listening"}},
		{"EnvFileMissing", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node --env-file=.env index.js", 3000, ""), "index.js": nodeOK},
			3000, http.StatusBadGateway, []string{"node: .env: not found", "exited with code 9"}, []string{"Listening"}},
		{"EnvFileSetsPort", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node --env-file .env index.js", 3000, ""),
			".env": "PORT=3000\n", "index.js": "app.listen(process.env.PORT);\n"},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, nil},
		{"AssignmentSeenInsideWrapper", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "PORT=3000 sh -c 'node index.js'", 3000, ""),
			"index.js": "app.listen(process.env.PORT);\n"},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, nil},
		{"AssignmentSeenByNpmScript", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "PORT=3000 npm start", 3000, ""),
			"index.js": "app.listen(process.env.PORT);\n", "package.json": `{"scripts":{"start":"node index.js"}}`},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, nil},
		{"Backgrounded", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js &", 3000, ""), "index.js": nodeOK},
			3000, http.StatusBadGateway, []string{"exited with code 0 (start attempt 1)"}, []string{"Listening"}},
		// run.startCommands: each command judged as run.start is.
		{"StartCommandsMissingEntry", map[string]string{"zerops.yml": withStartCommands(appYml("appstage", "nodejs@22", "x", 3000, ""), "node missing.js"), "index.js": nodeOK},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/missing.js'", "exited with code 1"}, []string{"Listening"}},
		{"StartCommandsLocalhost", map[string]string{"zerops.yml": withStartCommands(appYml("appstage", "nodejs@22", "x", 3000, ""), "node index.js"),
			"index.js": "server.listen(3000, '127.0.0.1');\n"},
			3000, http.StatusBadGateway, []string{"Listening on 127.0.0.1:3000"}, []string{"0.0.0.0:3000"}},
		{"StartCommandsHealthy", map[string]string{"zerops.yml": withStartCommands(appYml("appstage", "nodejs@22", "x", 3000, ""), "node index.js", "node worker.js"),
			"index.js": nodeOK, "worker.js": "setInterval(() => {}, 1000);\n"},
			3000, http.StatusOK, []string{"Starting app version", "p0: node index.js; p1: node worker.js", "Listening on 0.0.0.0:3000"}, []string{"Error"}},
		// A worker that fails crash-loops; the web process answers.
		{"StartCommandsWorkerFails", map[string]string{"zerops.yml": withStartCommands(appYml("appstage", "nodejs@22", "x", 3000, ""), "node index.js", "node worker.js"),
			"index.js": nodeOK},
			3000, http.StatusOK, []string{"Error: Cannot find module '/var/www/worker.js'", "exited with code 1", "Listening on 0.0.0.0:3000"}, nil},
		// $PORT in run.start expands from the container's environment;
		// unset, to nothing: the server's own usage error, no listen line.
		{"UvicornPortUnset", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "uvicorn app:app --host 0.0.0.0 --port $PORT", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusBadGateway, []string{"Error: Option '--port' requires an argument.", "exited with code 2"}, []string{"Uvicorn running"}},
		{"UvicornPortUnsetBeforeHost", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "uvicorn app:app --port ${PORT} --host 0.0.0.0", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusBadGateway, []string{"Error: Invalid value for '--port': '--host' is not a valid integer."}, []string{"Uvicorn running"}},
		{"UvicornPortSet", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "uvicorn app:app --host 0.0.0.0 --port $PORT", 8000, "        PORT: \"8000\"\n"),
			"app.py": "app = object()\n"},
			8000, http.StatusOK, []string{"Uvicorn running on http://0.0.0.0:8000"}, nil},
		{"UvicornPortFallback", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "uvicorn app:app --host 0.0.0.0 --port ${PORT:-8000}", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusOK, []string{"Uvicorn running on http://0.0.0.0:8000"}, nil},
		{"GunicornBindPortUnset", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "gunicorn --bind 0.0.0.0:$PORT app:app", 8000, ""),
			"app.py": "app = object()\n"},
			8000, http.StatusBadGateway, []string{"Error: '' is not a valid port number.", "exited with code 1"}, []string{"Listening at"}},
	})
}

// A service variable naming a service the project lacks is read when the
// container starts: after a restart an app reading it as it loads logs
// the host as not found and crash-loops; with the variable gone, the next
// restart answers again.
func TestRun_SecretReferenceReadAtStart(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	dev := srv.ServiceID("appdev")
	ctx := context.Background()
	if _, p := pushFiles(t, h, dev, "appdev", map[string]string{"zerops.yml": appYml("appdev", "nodejs@22", "node index.js", 3000, ""),
		"index.js": nodeConnects("DATABASE_URL")}); p.Status != "FINISHED" {
		t.Fatalf("build ended %s", p.Status)
	}
	restart := func() {
		t.Helper()
		r, err := h.PutServiceStackRestart(ctx, sid(dev))
		waitProcess(t, h, string(out(t, r.Output, err).Id))
	}
	setEnv := func(file string) {
		t.Helper()
		r, err := h.PutServiceStackUserDataEnvFile(ctx, sid(dev), body.UserDataPutEnvFile{EnvFile: types.Text(file)})
		waitProcess(t, h, string(out(t, r.Output, err).Id))
	}
	setEnv("DATABASE_URL=${database_connectionString}\n")
	if code, _ := probe(t, srv, "appdev", 3000, "/"); code != http.StatusOK {
		t.Fatalf("before a restart the running app answers %d, want 200", code)
	}
	restart()
	_, items := fetchLogs(t, h, srv.ProjectID(), url.Values{"serviceStackId": {dev}, "limit": {"1000"}, "minimumSeverity": {"3"}})
	if !slices.ContainsFunc(items, func(l logItem) bool { return strings.Contains(l.Message, "Error: getaddrinfo ENOTFOUND database") }) {
		t.Fatalf("after the restart the error lines are %+v", items)
	}
	if code, _ := probe(t, srv, "appdev", 3000, "/"); code != http.StatusBadGateway {
		t.Fatalf("a crash-looping app answers %d, want 502", code)
	}
	setEnv("DATABASE_URL=${db_connectionString}\n")
	restart()
	if code, _ := probe(t, srv, "appdev", 3000, "/"); code != http.StatusOK {
		t.Fatalf("with the reference fixed the app answers %d, want 200", code)
	}
}

// A port the system picks (PORT unset, no fallback) differs at each start:
// declaring the one a start logged cannot make the next one answer.
func TestRun_EphemeralPortChangesAtEachStart(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	stage := srv.ServiceID("appstage")
	files := map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, ""), "index.js": "app.listen(process.env.PORT);\n"}
	if _, p := pushFiles(t, h, stage, "appstage", files); p.Status != "FINISHED" {
		t.Fatalf("build ended %s", p.Status)
	}
	ports := func() []string {
		t.Helper()
		_, items := fetchLogs(t, h, srv.ProjectID(), url.Values{"serviceStackId": {stage}, "limit": {"1000"}})
		var out []string
		for _, it := range items {
			if p, ok := strings.CutPrefix(it.Message, "Listening on 0.0.0.0:"); ok {
				out = append(out, p)
			}
		}
		return out
	}
	runtimeLog(t, h, srv.ProjectID(), stage, []string{"Listening on 0.0.0.0:"})
	r, err := h.PutServiceStackRestart(context.Background(), sid(stage))
	waitProcess(t, h, string(out(t, r.Output, err).Id))
	got := ports()
	if len(got) < 2 || got[len(got)-1] == got[len(got)-2] {
		t.Fatalf("the ports of two starts are %v, want two that differ", got)
	}
}

// `deno task X` and `bun run X`/`bun X` run the project's task or script X
// (deno.json(c) "tasks", package.json "scripts"); `deno serve` listens on
// --host (0.0.0.0) and --port (8000); a node option's value is no entry.
func TestRun_TasksScriptsAndOptionValues(t *testing.T) {
	t.Parallel()
	const denoOK = "Deno.serve({ port: 8000 }, () => new Response('ok'))\n"
	const bunOK = "Bun.serve({ port: 3000, fetch(req) { return new Response('ok') } })\n"
	const denoExport = "export default { fetch() { return new Response('ok') } }\n"
	deno := func(start string, port int, files ...string) map[string]string {
		f := map[string]string{"zerops.yml": strings.ReplaceAll(appYml("appstage", "deno@2", start, port, ""),
			"base: deno@2", "base: deno@2\n      os: ubuntu")}
		for i := 0; i+1 < len(files); i += 2 {
			f[files[i]] = files[i+1]
		}
		return f
	}
	bun := func(start string) map[string]string {
		return map[string]string{"zerops.yml": appYml("appstage", "bun@1.2", start, 3000, ""),
			"package.json": `{"scripts":{"start":"bun src/index.ts"}}`, "src/index.ts": bunOK}
	}
	tests := []runCase{
		{"DenoTaskFollowsDenoJSON", deno("deno task start", 8000, "deno.json", `{"tasks":{"start":"deno run -A main.ts"}}`, "main.ts", denoOK),
			8000, http.StatusOK, []string{"Listening on 0.0.0.0:8000"}, []string{"Module not found"}},
		{"DenoTaskFollowsJSONCObject", deno("deno task start", 8000, "deno.jsonc",
			"{\n  // the server\n  \"tasks\": {\"start\": {\"command\": \"deno run -A main.ts\"}}\n}\n", "main.ts", denoOK),
			8000, http.StatusOK, []string{"Listening on 0.0.0.0:8000"}, []string{"Module not found"}},
		{"DenoTaskMissingFile", deno("deno task start", 8000, "deno.json", `{"tasks":{"start":"deno run -A dist/bundle.js"}}`, "main.ts", denoOK),
			8000, http.StatusBadGateway, []string{`Module not found "file:///var/www/dist/bundle.js"`}, []string{"/var/www/task"}},
		{"DenoServePortFlag", deno("deno serve --allow-net --port 3000 --host 0.0.0.0 main.ts", 3000, "main.ts", denoExport),
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Module not found"}},
		{"DenoServeDefaults", deno("deno serve --allow-net main.ts", 8000, "main.ts", denoExport),
			8000, http.StatusOK, []string{"Listening on 0.0.0.0:8000"}, []string{"Module not found"}},
		{"BunRunScript", bun("bun run start"), 3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Module not found"}},
		{"BunScript", bun("bun start"), 3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Module not found"}},
		{"NodeTitleValue", map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node --title myapp server.js", 3000, ""),
			"server.js": "const http = require('node:http');\nhttp.createServer((q, s) => s.end('ok')).listen(3000);\n"},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Cannot find module"}},
	}
	runCases(t, tests)
}
