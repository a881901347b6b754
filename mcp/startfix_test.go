package mcp_test

import (
	"context"
	"maps"
	"strings"
	"testing"
)

// pyZeropsYml is a Python setup for appstage whose start command is start,
// on port 8000.
func pyZeropsYml(start string) string {
	return `zerops:
  - setup: appstage
    build:
      base: python@3.12
      addToRunPrepare: [requirements.txt]
      deployFiles: ./
    run:
      base: python@3.12
      prepareCommands: [python3 -m pip install -r requirements.txt]
      ports: [{port: 8000, httpSupport: true}]
      start: ` + start + "\n"
}

// djangoApp is a Django project for appstage started with start.
func djangoApp(start string) map[string]string {
	return map[string]string{"zerops.yml": pyZeropsYml(start),
		"manage.py":          "import os, sys\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'mysite.settings')\n",
		"mysite/settings.py": "ALLOWED_HOSTS = ['*']\n", "mysite/wsgi.py": "application = get_wsgi_application()\n"}
}

// denoZeropsYml is a Deno setup for appstage on port 8000.
func denoZeropsYml(start string) string {
	return strings.ReplaceAll(pyZeropsYml(start), "base: python@3.12", "base: deno@2\n      os: ubuntu")
}

// Port and bind advice through a sandbox deploy: each fix names what works
// for the app as written, and never repeats advice already applied (PORT
// set while the app listens elsewhere; a HOST variable Flask never reads;
// gunicorn's --host, which gunicorn lacks; a server's default bind gets that
// server's flag). Applied, the next deploy is live.
func TestDeploy_PortAndBindFixesFitTheApp(t *testing.T) {
	t.Parallel()
	hardcoded := map[string]string{
		"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        PORT: \"3000\""),
		"index.js":   "require('http').createServer((q, s) => s.end('ok')).listen(8080);\n",
	}
	tests := []struct {
		name      string
		secret    string // a service variable set too, e.g. PORT=3000
		broken    map[string]string
		signal    string
		want, not []string
		fix       map[string]string
	}{
		{"PORT in zerops.yml, port hardcoded", "", hardcoded, "wrong-port",
			[]string{"listens on 8080", "hardcoded", "change `run.ports` to 8080"}, nil,
			map[string]string{"index.js": demoApp["index.js"]}},
		{"no PORT anywhere, port written in the listen call", "",
			map[string]string{"index.js": "require('http').createServer((q, s) => s.end('ok')).listen(8080, '0.0.0.0');\n"}, "wrong-port",
			[]string{"listens on 8080", "index.js, line 1", "reads no PORT variable", "Setting PORT alone changes nothing"}, []string{"set it (PORT"},
			map[string]string{"index.js": demoApp["index.js"]}},
		{"port hardcoded, run.healthCheck on the declared port", "",
			map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      healthCheck: {httpGet: {port: 3000, path: /}}"),
				"index.js": "require('http').createServer((q, s) => s.end('ok')).listen(8080);\n"}, "wrong-port",
			[]string{"listens on 8080", "change `run.ports` and `run.healthCheck.httpGet.port` to 8080"}, []string{"change `run.ports` to"},
			map[string]string{"index.js": demoApp["index.js"]}},
		{"PORT as a service variable, port hardcoded", "PORT=3000", hardcoded, "wrong-port",
			[]string{"ignores PORT", "change `run.ports` to 8080", "`server.listen(process.env.PORT, '0.0.0.0')`"}, []string{"`run.envVariables`", "os.environ"},
			map[string]string{"index.js": demoApp["index.js"]}},
		{"Flask app.run on localhost", "",
			map[string]string{"zerops.yml": pyZeropsYml("python app.py"), "app.py": "from flask import Flask\napp = Flask(__name__)\napp.run(port=8000)\n"},
			"listening-on-localhost", []string{`app.run(host="0.0.0.0")`, "with port 8000", "--bind 0.0.0.0:8000"}, []string{"(e.g. HOST=0.0.0.0", "<port>"},
			map[string]string{"app.py": "from flask import Flask\napp = Flask(__name__)\napp.run(host=\"0.0.0.0\", port=8000)\n"}},
		{"gunicorn on its default bind", "",
			map[string]string{"zerops.yml": pyZeropsYml("gunicorn app:app"), "app.py": "app = object()\n"},
			"listening-on-localhost", []string{"gunicorn --bind 0.0.0.0:8000 app:app"}, []string{"HOST=0.0.0.0", "Flask", "<port>"},
			map[string]string{"zerops.yml": pyZeropsYml("gunicorn --bind 0.0.0.0:8000 app:app")}},
		{"Flask app.run on its default port", "",
			map[string]string{"zerops.yml": pyZeropsYml("python app.py"), "app.py": "from flask import Flask\napp = Flask(__name__)\napp.run(host=\"0.0.0.0\")\n"},
			"wrong-port", []string{"listens on 5000", `app.run(host="0.0.0.0", port=8000)`, "reads no PORT"}, []string{`PORT: "8000"`},
			map[string]string{"app.py": "from flask import Flask\napp = Flask(__name__)\napp.run(host=\"0.0.0.0\", port=8000)\n"}},
		{"Django runserver on its default address", "", djangoApp("python manage.py runserver"),
			"listening-on-localhost", []string{"python manage.py runserver 0.0.0.0:8000"}, []string{"HOST=0.0.0.0", "<port>"},
			map[string]string{"zerops.yml": pyZeropsYml("python manage.py runserver 0.0.0.0:8000")}},
		{"Django runserver given a bare port", "", djangoApp("python manage.py runserver 8000"),
			"listening-on-localhost", []string{"python manage.py runserver 0.0.0.0:8000", "a bare port too"}, []string{"HOST=0.0.0.0"},
			map[string]string{"zerops.yml": pyZeropsYml("python manage.py runserver 0:8000")}},
		{"next start on its default port", "", map[string]string{"zerops.yml": strings.NewReplacer("port: 3000", "port: 8080", "start: node index.js", "start: npm start").Replace(demoZeropsYml),
			"package.json": `{"name": "demo", "version": "1.0.0", "scripts": {"start": "next start"}}`, ".next/BUILD_ID": "b1\n"},
			"wrong-port", []string{"listens on 3000", "next start -p 8080"}, []string{"change `run.ports`", "hardcoded"},
			map[string]string{"package.json": `{"name": "demo", "version": "1.0.0", "scripts": {"start": "next start -p 8080"}}`}},
		{"deno run without --allow-net", "", map[string]string{"zerops.yml": denoZeropsYml("deno run main.ts"),
			"main.ts": "Deno.serve({ port: 8000 }, () => new Response('ok'))\n"},
			"start-command-invalid", []string{"`deno run --allow-net` followed by the script"}, []string{"chmod", "usage"},
			map[string]string{"zerops.yml": denoZeropsYml("deno run --allow-net main.ts")}},
		{"http-server -a 127.0.0.1 in run.start", "",
			map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: npx http-server -a 127.0.0.1 -p 3000")},
			"listening-on-localhost", []string{"`-a 0.0.0.0` instead of `-a 127.0.0.1`", "`run.start`"}, []string{"HOST=0.0.0.0", "HOST variable,"},
			map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: npx http-server -a 0.0.0.0 -p 3000")}},
		{"HOST set, localhost written in the code", "HOST=0.0.0.0",
			map[string]string{"index.js": "require('http').createServer((q, s) => s.end('ok')).listen(3000, '127.0.0.1');\n"},
			"listening-on-localhost", []string{"ignores HOST", "Setting HOST again changes nothing", "index.js, line 1"}, nil,
			map[string]string{"index.js": demoApp["index.js"]}},
		{"gunicorn --host", "",
			map[string]string{"zerops.yml": pyZeropsYml("gunicorn --host 0.0.0.0 app:app"), "app.py": "app = object()\n"},
			"start-command-invalid", []string{"--bind 0.0.0.0:8000", "no --host"}, nil,
			map[string]string{"zerops.yml": pyZeropsYml("gunicorn --bind 0.0.0.0:8000 app:app")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if tt.secret != "" {
				if res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{tt.secret}}); res.IsError {
					t.Fatalf("env set: %s", text(res))
				}
			}
			target, broken, fix := h.matchingTarget(t, tt.broken, tt.fix)
			args := map[string]any{"sourceService": "appdev", "targetService": target}
			if strings.Contains(broken["zerops.yml"], "requirements.txt") { // run.prepareCommands install it
				writeApp(t, h.workDir(t), map[string]string{"requirements.txt": "flask\ngunicorn\ndjango\n"})
			}
			writeApp(t, h.workDir(t), broken)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
			c, _ := m["check"].(map[string]any)
			first := firstDiagnosis(c["diagnoses"])
			if first["signal"] != tt.signal {
				t.Fatalf("first diagnosis %v, want %s: %s", first, tt.signal, text(res))
			}
			said := first["cause"] + " " + first["fix"] + " " + str(m["next"])
			for _, w := range tt.want {
				if !strings.Contains(said, w) {
					t.Errorf("diagnosis %q lacks %q", said, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(said, n) {
					t.Errorf("diagnosis %q has %q", said, n)
				}
			}
			if strings.Contains(str(m["next"]), "changes nothing; then") { // the deploy follows the fix, not what to leave
				t.Errorf("next deploys after what changes nothing: %s", str(m["next"]))
			}
			if n := strings.Count(strings.SplitN(str(m["next"]), " Or, if", 2)[0], "zerops_deploy"); n != 1 {
				t.Errorf("next names the deploy %d times, want once: %s", n, str(m["next"]))
			}
			writeApp(t, h.workDir(t), fix)
			res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed")
			if m["verdict"] != "live" {
				t.Fatalf("after the fix the verdict is %v, want live: %s", m["verdict"], text(res))
			}
		})
	}
}

// A port written in the code a package script starts (Hono on Bun's
// `export default { port: 3000, fetch }`, started by `bun run start`):
// the fix names that line, not a PORT variable the code never reads
// (walk 9: "where the code reads a port variable, set it (PORT: …)").
func TestDeploy_ScriptEntryPortLiteral(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, start, script string }{
		{"bun run start", "bun run start", "bun run src/index.ts"},
		{"npm start", "npm start", "bun src/index.ts"},
		{"bun run of the file", "bun run src/index.ts", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: bun@1.2
      buildCommands: [bun install]
      deployFiles: ./
    run:
      base: bun@1.2
      ports: [{port: 8080, httpSupport: true}]
      start: ` + tt.start + "\n",
				"package.json": `{"name":"api","version":"1.0.0","scripts":{"start":"` + tt.script + `"},"dependencies":{"hono":"^4.6.0"}}`,
				"src/index.ts": "import { Hono } from 'hono'\nconst app = new Hono()\napp.get('/', (c) => c.text('hi'))\nexport default { port: 3000, fetch: app.fetch }\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "port")
			answer := text(res)
			if m["verdict"] != "not-answering" {
				t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], answer)
			}
			next := str(m["next"])
			if !strings.Contains(next, "Setting PORT alone changes nothing") || strings.Contains(next, "where the code reads a port variable") {
				t.Errorf("next %q does not say the port is written in src/index.ts: %s", next, answer)
			}
			if !strings.Contains(answer, "src/index.ts, line 4") {
				t.Errorf("the answer does not name src/index.ts, line 4: %s", answer)
			}
		})
	}
}

// matchingTarget is where an app of broken's zerops.yml deploys: appstage
// (nodejs@22) for a Node.js setup; for a Python, Deno, Go or Ruby one, a service of
// its runtime the project gets for it (a run.base of another runtime than
// the service's type is warned of), with the setup of broken's and fix's
// zerops.yml renamed to it.
func (h *harness) matchingTarget(t *testing.T, broken, fix map[string]string) (string, map[string]string, map[string]string) {
	t.Helper()
	host, typ := "appstage", ""
	switch yml := broken["zerops.yml"]; {
	case strings.Contains(yml, "base: python@3.12"):
		host, typ = "pystage", "python@3.12"
	case strings.Contains(yml, "base: deno@2"):
		host, typ = "denostage", "deno@2"
	case strings.Contains(yml, "base: go@1"):
		host, typ = "gostage", "go@1"
	case strings.Contains(yml, "base: ruby@3.4"):
		host, typ = "rubystage", "ruby@3.4"
	case strings.Contains(yml, "base: gleam@1.5"):
		host, typ = "gleamstage", "gleam@1.5"
	case strings.Contains(yml, "base: rust@stable"):
		host, typ = "ruststage", "rust@stable"
	case strings.Contains(yml, "base: dotnet@6"):
		host, typ = "dotnetstage", "dotnet@6"
	}
	if typ == "" {
		return host, broken, fix
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: " + host + "\n    type: " + typ + "\n"}, "import-"+host); res.IsError {
		t.Fatalf("import %s: %s", host, text(res))
	}
	rename := func(files map[string]string) map[string]string {
		out := maps.Clone(files)
		if y, ok := out["zerops.yml"]; ok {
			out["zerops.yml"] = strings.ReplaceAll(y, "setup: appstage", "setup: "+host)
		}
		return out
	}
	return host, rename(broken), rename(fix)
}
