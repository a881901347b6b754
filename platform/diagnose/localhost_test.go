package diagnose

import (
	"slices"
	"strings"
	"testing"
)

// TestClassifyWith_LocalhostFixNamesTheServersOwnBind checks that a
// listening-on-localhost diagnosis whose line is a known server's own gives
// that server's bind with the port to use (the declared one when known, else
// the one in the line), and that a line naming no server keeps the general fix.
func TestClassifyWith_LocalhostFixNamesTheServersOwnBind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		line  string
		ports []int
		want  []string
		not   string
	}{
		{"gunicorn", "[2025-01-01 10:00:00 +0000] [1] [INFO] Listening at: http://127.0.0.1:8000 (1)", nil,
			[]string{"gunicorn --bind 0.0.0.0:8000 app:app", "reads no HOST"}, "Node"},
		{"gunicorn declared port", "[2025-01-01 10:00:00 +0000] [1] [INFO] Listening at: http://127.0.0.1:8000 (1)", []int{5000},
			[]string{"--bind 0.0.0.0:5000"}, "0.0.0.0:8000"},
		{"uvicorn", "INFO:     Uvicorn running on http://127.0.0.1:8080 (Press CTRL+C to quit)", nil,
			[]string{"--host 0.0.0.0 --port 8080", "uvicorn"}, "gunicorn"},
		{"flask", " * Running on http://127.0.0.1:5000", nil,
			[]string{`app.run(host="0.0.0.0")`, "flask run --host 0.0.0.0 --port 5000", "reads no HOST"}, "Node"},
		{"aspnet", "      Now listening on: http://localhost:5000", []int{8080},
			[]string{"ASPNETCORE_URLS=http://0.0.0.0:8080", "zerops_env action=set", "no deploy"}, "Flask"},
		{"vite", "  ➜  Network: use --host to expose", []int{4173},
			[]string{"--host 0.0.0.0 --port 4173"}, "Flask"},
		{"puma", "* Listening on http://127.0.0.1:3000", nil,
			[]string{"-b tcp://0.0.0.0:3000", "rails server -b 0.0.0.0 -p 3000"}, "Flask"},
		{"artisan", "   INFO  Server running on [http://127.0.0.1:8000].", nil,
			[]string{"--host=0.0.0.0 --port=8000"}, "Flask"},
		{"rackup", "* Listening on http://127.0.0.1:9292", []int{9292},
			[]string{"rackup -o 0.0.0.0 -p 9292"}, "Flask"},
		{"fastapi dev", "INFO:     Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)", nil,
			[]string{"fastapi dev", "`fastapi run` binds 0.0.0.0", `uvicorn.run(app, host="0.0.0.0", port=8000)`}, "gunicorn"},
		{"django runserver", "Starting development server at http://127.0.0.1:8000/", []int{8000},
			[]string{"python manage.py runserver 0.0.0.0:8000", "a bare port too", "gunicorn --bind 0.0.0.0:8000"}, "Flask"},
		{"php built-in server", "PHP Development Server (http://localhost:8000) started", []int{8000},
			[]string{"php -S 0.0.0.0:8000"}, "Flask"},
		{"next -H localhost", "ready - started server on 127.0.0.1:3000, url: http://localhost:3000", nil,
			[]string{"drop `-H`", "-H 0.0.0.0"}, "Flask"},
		{"rocket", "Rocket has launched from http://127.0.0.1:8000", []int{8000},
			[]string{"ROCKET_ADDRESS=0.0.0.0", "zerops_env action=set", "Rocket.toml"}, "Flask"},
		{"sanic", "[2026-01-04 10:00:00 +0000] [1] [INFO] Goin' Fast @ http://127.0.0.1:8000", []int{8000},
			[]string{"--host 0.0.0.0 --port 8000", "`sanic`"}, "Flask"},
		{"astro", "12:00:01 [@astrojs/node] Server listening on http://localhost:4321", []int{3000},
			[]string{"HOST=0.0.0.0", "zerops_env action=set", "server: { host: true }"}, "Flask"},
		{"no server named", "Listening on 127.0.0.1:3000", nil,
			[]string{"Bind to 0.0.0.0", "Only if the code reads a HOST variable", `listen(3000, '0.0.0.0')`, `Bun.serve/Deno.serve ` + "`" + `hostname: '0.0.0.0'`}, "Puma"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{tt.line}, Runtime, Options{Ports: tt.ports})
			if len(ds) == 0 || ds[0].Signal != "listening-on-localhost" {
				t.Fatalf("diagnoses %v, want listening-on-localhost", signalIDs(ds))
			}
			for _, w := range tt.want {
				if !strings.Contains(ds[0].Fix, w) {
					t.Errorf("fix %q lacks %q", ds[0].Fix, w)
				}
			}
			if then := ds[0].FixThenDeploy(); strings.Contains(then, ",;") || strings.Contains(then, ",.") || strings.Contains(then, "..") {
				t.Errorf("fix then deploy %q has stray punctuation", then)
			}
			if strings.Contains(ds[0].Fix, tt.not) || strings.Contains(ds[0].Fix, "deploy again") {
				t.Errorf("fix %q has %q or a deploy of its own (the next step adds it)", ds[0].Fix, tt.not)
			}
			if envOnly := tt.name == "aspnet" || tt.name == "rocket" || tt.name == "astro"; ds[0].NeedsDeploy() == envOnly {
				t.Errorf("NeedsDeploy = %v, want %v", ds[0].NeedsDeploy(), !envOnly)
			}
		})
	}
}

// TestClassifyWith_WrongPortNamesTheServersOwnPort checks that a server
// listening on its own default port (its line shows which) gets that
// server's way to another port, not a PORT variable it never reads.
func TestClassifyWith_WrongPortNamesTheServersOwnPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		lines   []string
		port    int
		want    []string
		not     string
		envOnly bool
	}{
		{"next start", []string{"ready - started server on 0.0.0.0:3000, url: http://localhost:3000"}, 8080,
			[]string{"listens on 3000", "next start -p 8080", `PORT: "8080"`}, "change `run.ports`", false},
		{"vite preview", []string{"  ➜  Local:   http://localhost:4173/", "  ➜  Network: http://0.0.0.0:4173/"}, 3000,
			[]string{"listens on 4173", "--port 3000", "reads no PORT"}, "PORT: ", false},
		{"spring boot", []string{"Tomcat started on port 8080 (http) with context path '/'"}, 3000,
			[]string{"listens on 8080", "SERVER_PORT=3000", "server.port=3000", "not PORT"}, "PORT: ", true},
		{"kestrel", []string{"info: Microsoft.Hosting.Lifetime[14]", "      Now listening on: http://0.0.0.0:5000"}, 8080,
			[]string{"ASPNETCORE_URLS=http://0.0.0.0:8080"}, "PORT: ", true},
		{"kestrel, ASPNETCORE_URLS in zerops.yml", []string{"      Now listening on: http://0.0.0.0:5000"}, 8080,
			[]string{"`run.envVariables` of the deployed zerops.yml set ASPNETCORE_URLS", "ASPNETCORE_URLS: http://0.0.0.0:8080", "zerops_deploy"}, "restart=true", false},
		{"django runserver", []string{"Starting development server at http://0.0.0.0:8000/"}, 3000,
			[]string{"listens on 8000", "runserver 0.0.0.0:3000"}, "PORT: ", false},
		{"uvicorn", []string{"INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)"}, 3000,
			[]string{"--host 0.0.0.0 --port 3000"}, "PORT: ", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			opt := Options{Ports: []int{tt.port}}
			if strings.Contains(tt.name, "zerops.yml") {
				opt.YmlEnv = map[string]string{"ASPNETCORE_URLS": "http://0.0.0.0:5000"}
			}
			ds := ClassifyWith(tt.lines, Runtime, opt)
			if len(ds) == 0 || ds[0].Signal != "wrong-port" {
				t.Fatalf("diagnoses %v, want wrong-port", signalIDs(ds))
			}
			said := ds[0].Cause + " " + ds[0].Fix
			for _, w := range tt.want {
				if !strings.Contains(said, w) {
					t.Errorf("%q lacks %q", said, w)
				}
			}
			if strings.Contains(said, tt.not) {
				t.Errorf("%q has %q", said, tt.not)
			}
			if ds[0].NeedsDeploy() == tt.envOnly {
				t.Errorf("NeedsDeploy = %v, want %v", ds[0].NeedsDeploy(), !tt.envOnly)
			}
		})
	}
}

// TestClassify_DenoPermissionNamesTheFlag checks that Deno's refusal of a
// permission is the command's (start-command-invalid, the build command's
// or an init command's) and leads to the flag in it, before the script.
func TestClassify_DenoPermissionNamesTheFlag(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		stage Stage
		want  []string
	}{
		{"serve lacks net", []string{`error: Uncaught (in promise) NotCapable: Requires net access to "0.0.0.0:8000", run again with the --allow-net flag`}, Runtime,
			[]string{"start-command-invalid", "Grant it in `run.start`: `deno run --allow-net` followed by the script", "before the script", "net access"}},
		{"env read in a task", []string{"Task start deno run --allow-net main.ts", `error: Uncaught (in promise) NotCapable: Requires env access to "DATABASE_URL", run again with the --allow-env flag`}, Runtime,
			[]string{"start-command-invalid", "`run.start`: `deno run --allow-env`", "deno.json"}},
		{"Deno 1 read in the build", []string{`error: Uncaught PermissionDenied: Requires read access to "./content", run again with the --allow-read flag`}, Build,
			[]string{"build-command-failed", "`build.buildCommands`: `deno run --allow-read`"}},
		{"init command", []string{`error: Uncaught (in promise) NotCapable: Requires env access to "DATABASE_URL", run again with the --allow-env flag`, `ERROR: initCommands: "deno run migrate.ts" exited with code 1; the app is not started`}, Runtime,
			[]string{"init-command-failed", "Add --allow-env before the script in `deno run migrate.ts`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if len(ds) == 0 || ds[0].Signal != tt.want[0] {
				t.Fatalf("diagnoses %v, want %s first", signalIDs(ds), tt.want[0])
			}
			said := ds[0].Cause + " " + ds[0].Fix
			for _, w := range tt.want[1:] {
				if !strings.Contains(said, w) {
					t.Errorf("%q lacks %q", said, w)
				}
			}
			for _, not := range []string{"chmod", "port above 1024", "usage"} {
				if strings.Contains(said, not) {
					t.Errorf("%q has %q: the file system's or a usage error's fix", said, not)
				}
			}
		})
	}
}

// A localhost bind written in the start command is fixed there first: no
// HOST variable is offered, and with HOST already 0.0.0.0 the answer says
// the address is in the command (issue 34).
func TestClassifyWith_StartCommandBindIsFixedInRunStart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		env   map[string]string
		want  []string
	}{
		{"gunicorn --bind", []string{"Starting app version v1 on python@3.12: gunicorn --bind 127.0.0.1:8000 app:app", "[2025-01-01 10:00:00 +0000] [1] [INFO] Listening at: http://127.0.0.1:8000 (1)"},
			nil, []string{"`--bind 0.0.0.0:8000` instead of `--bind 127.0.0.1:8000`", "`run.start`"}},
		{"uvicorn --host, HOST already set", []string{"$ uvicorn main:app --host 127.0.0.1 --port 8000", "INFO:     Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)"},
			map[string]string{"HOST": "0.0.0.0"}, []string{"although HOST is 0.0.0.0", "written in the start command (`--host 127.0.0.1`)", "`--host 0.0.0.0`"}},
		{"flask --host=", []string{"$ flask run --host=127.0.0.1 --port 8000", " * Running on http://127.0.0.1:8000"},
			nil, []string{"`--host=0.0.0.0`"}},
		{"http-server -a", []string{"Starting app version v1 on nodejs@22: npx http-server -a 127.0.0.1 -p 8000", "Available on:", "  http://127.0.0.1:8000"},
			nil, []string{"`-a 0.0.0.0` instead of `-a 127.0.0.1`"}},
		{"php -S", []string{"$ php -S localhost:8000 -t public", "[Sun Nov 29 10:00:00 2026] PHP 8.3.0 Development Server (http://localhost:8000) started"},
			nil, []string{"`-S 0.0.0.0:8000` instead of `-S localhost:8000`"}},
		{"spring --server.address", []string{"Starting app version v1 on java@21: java -jar app.jar --server.address=127.0.0.1", "Tomcat started on port 8000 (http) with context path '/'", "Listening on 127.0.0.1:8000"},
			nil, []string{"`--server.address=0.0.0.0`"}},
		{"hypercorn --bind, HOST set", []string{"> hypercorn --bind localhost:8000 app:app", "[INFO] Running on http://127.0.0.1:8000 (CTRL + C to quit)"},
			map[string]string{"HOST": "0.0.0.0"}, []string{"although HOST is 0.0.0.0", "`--bind 0.0.0.0:8000`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			wantStartBindFix(t, ClassifyWith(tt.lines, Runtime, Options{Ports: []int{8000}, Env: tt.env}), tt.want, "HOST=0.0.0.0")
		})
	}
}

// An option naming another server's host (a database's) is no bind: the
// general fix stays.
func TestClassifyWith_OtherHostOptionIsNoBind(t *testing.T) {
	t.Parallel()
	ds := ClassifyWith([]string{"$ node server.js --db-host localhost --redis-host=127.0.0.1", "Listening on 127.0.0.1:3000"}, Runtime, Options{})
	if len(ds) == 0 || ds[0].Signal != "listening-on-localhost" || strings.Contains(ds[0].Fix, "instead of") {
		t.Errorf("diagnoses %+v, want listening-on-localhost with the general fix", ds)
	}
}

// A start command (or the script it runs) that sets HOST to a local address
// itself is fixed there: a HOST service variable would not override it.
func TestClassifyWith_StartScriptHostIsFixedInTheScript(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		env   map[string]string
		want  []string
	}{
		{"npm script", []string{"> portal@1.4.0 start", "> HOST=127.0.0.1 PORT=3000 node build", "Listening on http://127.0.0.1:3000"},
			nil, []string{"start command says so (`HOST=127.0.0.1`)", "`HOST=0.0.0.0` instead of `HOST=127.0.0.1`", "or the script it runs"}},
		{"start line, localhost", []string{"$ HOST=localhost node dist/server.js", "Server listening at http://127.0.0.1:3000"},
			nil, []string{"`HOST=0.0.0.0` instead of `HOST=localhost`"}},
		{"IPv6 loopback, HOST set", []string{"starting: HOST=[::1] NODE_ENV=production node server.js", "listening on [::1]:3000"},
			map[string]string{"HOST": "0.0.0.0"}, []string{"although HOST is 0.0.0.0", "`HOST=0.0.0.0` instead of `HOST=[::1]`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			wantStartBindFix(t, ClassifyWith(tt.lines, Runtime, Options{Ports: []int{3000}, Env: tt.env}), tt.want, "zerops_env")
		})
	}
}

// HOST in a line that runs nothing (an environment's echo) is no start
// command's: the general fix stays.
func TestClassifyWith_HostEchoIsNoStartBind(t *testing.T) {
	t.Parallel()
	ds := ClassifyWith([]string{"env: HOST=127.0.0.1 PORT=3000 NODE_ENV=production", "Listening on http://127.0.0.1:3000"}, Runtime, Options{})
	if len(ds) == 0 || ds[0].Signal != "listening-on-localhost" || strings.Contains(ds[0].Fix, "instead of") {
		t.Errorf("diagnoses %+v, want listening-on-localhost with the general fix", ds)
	}
}

// wantStartBindFix checks that ds leads with listening-on-localhost, that
// its cause and fix say each of want, and that the fix needs a deploy and
// never offers offer (a service variable: the bind written in the start
// command or its script would override it).
func wantStartBindFix(t *testing.T, ds []Diagnosis, want []string, offer string) {
	t.Helper()
	if len(ds) == 0 || ds[0].Signal != "listening-on-localhost" {
		t.Fatalf("diagnoses %+v, want listening-on-localhost", ds)
	}
	said := ds[0].Cause + " " + ds[0].Fix
	for _, w := range want {
		if !strings.Contains(said, w) {
			t.Errorf("%q lacks %q", said, w)
		}
	}
	if strings.Contains(ds[0].Fix, offer) || !ds[0].NeedsDeploy() {
		t.Errorf("fix %q offers %q or no deploy", ds[0].Fix, offer)
	}
}

// A line showing the app on localhost and on another port than the
// declared one is one diagnosis when the localhost fix binds the declared
// port too (Kestrel's ASPNETCORE_URLS, a bind in the code): its cause
// names both; a fix that leaves the port alone keeps the wrong port beside.
func TestClassifyWith_LocalhostOnAnotherPortIsOneFix(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"kestrel", []string{"      Now listening on: http://localhost:5000"}, []string{"listening-on-localhost"}},
		{"node code", []string{"Server listening on 127.0.0.1:4000"}, []string{"listening-on-localhost"}},
		{"uvicorn", []string{"INFO:     Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)"}, []string{"listening-on-localhost"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith(tt.lines, Runtime, Options{Ports: []int{8080}})
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			if !strings.Contains(ds[0].Cause, "8080") || !strings.Contains(ds[0].Fix, "8080") {
				t.Errorf("cause %q and fix %q, want both to name the declared port 8080", ds[0].Cause, ds[0].Fix)
			}
		})
	}
}

// TestGunicornConfig_StartForms checks which config file a gunicorn start
// reads its bind from, and that a start giving the bind itself, naming a
// config module or not running gunicorn reads none.
func TestGunicornConfig_StartForms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ start, want string }{
		{"gunicorn recipe.wsgi", "gunicorn.conf.py"},
		{"python -m gunicorn recipe.wsgi:application", "gunicorn.conf.py"},
		{"/var/www/.venv/bin/gunicorn -w 4 app:app", "gunicorn.conf.py"},
		{"gunicorn -c conf/gunicorn.py recipe.wsgi", "conf/gunicorn.py"},
		{"gunicorn --config=./deploy/gunicorn.py app:app", "deploy/gunicorn.py"},
		{"gunicorn --bind 0.0.0.0:8000 recipe.wsgi", ""},
		{"gunicorn -b 0.0.0.0:8000 -c gunicorn.conf.py app:app", ""},
		{"gunicorn --bind=0.0.0.0:8000 app:app", ""},
		{"gunicorn -c python:conf.gunicorn app:app", ""},
		{"uvicorn main:app --host 127.0.0.1", ""},
		{"python manage.py migrate && gunicorn recipe.wsgi", "gunicorn.conf.py"},
	} {
		if got := GunicornConfig(tc.start); got != tc.want {
			t.Errorf("GunicornConfig(%q) = %q, want %q", tc.start, got, tc.want)
		}
	}
}

// TestScanGunicornConfig_BindLine checks that a config file's bind line
// writing a local address is found, and that any other address or line
// is not.
func TestScanGunicornConfig_BindLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		line int
	}{
		{"module = \"recipe.wsgi\"\nbind = \"127.0.0.1:8000\"\n", 2},
		{"bind = ['localhost:8000']\nworkers = 2\n", 1},
		{"bind = \"0.0.0.0:8000\"\n", 0},
		{"# bind = \"127.0.0.1:8000\"\nbind = \"0.0.0.0:8000\"\n", 0},
		{"statsd_host = \"localhost:8125\"\n", 0},
	} {
		c, ok := ScanGunicornConfig("gunicorn.conf.py", tc.src)
		if ok != (tc.line > 0) || ok && c.Line != tc.line {
			t.Errorf("ScanGunicornConfig(%q) = line %d, %v; want line %d", tc.src, c.Line, ok, tc.line)
		}
	}
}
