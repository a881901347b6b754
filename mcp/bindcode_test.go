package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// A Node app whose code binds a local address is answered with the bind in
// Node's words where the code writes it, read from the code ZCP pushed: no
// HOST variable where the address is literal, no
// Flask, gunicorn or uvicorn form for a Node app (issue 34).
func TestDeploy_LocalhostBindFixIsTheAppsOwnCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
		want  []string
		not   []string
		// hostLast: the code was not read (npm start names no file), so a
		// HOST variable is offered, only after the bind in Node's words.
		hostLast bool
	}{
		{"literal in the started file",
			map[string]string{"index.js": "const http = require('node:http');\n" +
				"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
			[]string{"index.js, line 2", "listen(3000, '0.0.0.0')"},
			[]string{"HOST", "zerops_env", "Flask", "gunicorn", "uvicorn", "ListenAndServe"}, false},
		// The platform's readiness check asks 127.0.0.1 inside the
		// container: it passes, the version goes live, the balancer gets 502.
		{"literal, with a readiness check",
			map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "    run: &run\n", "    deploy:\n      readinessCheck: {httpGet: {port: 3000, path: /}}\n    run: &run\n", 1),
				"index.js": "const http = require('node:http');\n" +
					"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
			[]string{"index.js, line 2", "listen(3000, '0.0.0.0')"},
			[]string{"HOST", "readinessCheck"}, false},
		{"localhost in a constant the listen call takes",
			map[string]string{"index.js": "const http = require('node:http');\nconst HOST = 'localhost';\n" +
				"http.createServer((req, res) => res.end('ok')).listen(3000, HOST);\n"},
			[]string{"index.js, line 2", "`const HOST = '0.0.0.0';`"},
			[]string{"HOST=0.0.0.0", "zerops_env", "Flask", "gunicorn", "uvicorn", "ListenAndServe"}, false},
		// npm start runs package.json's script, whose file ZCP reads.
		{"started through an npm script",
			map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: npm start"),
				"index.js": "const http = require('node:http');\n" +
					"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
			[]string{"index.js, line 2", "listen(3000, '0.0.0.0')"},
			[]string{"HOST", "zerops_env", "Flask", "gunicorn", "uvicorn", "ListenAndServe"}, false},
		{"started through an npm script naming no file, code not read",
			map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: npm start"),
				"package.json": `{"name": "demo", "version": "1.0.0", "main": "index.js", "scripts": {"start": "node ."}}` + "\n",
				"index.js": "const http = require('node:http');\n" +
					"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
			[]string{"server.listen(3000, '0.0.0.0')", "Only if the code reads a HOST variable (`process.env.HOST`)"},
			[]string{"Flask", "gunicorn", "uvicorn", "ListenAndServe"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), tt.files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			check, _ := m["check"].(map[string]any)
			first := firstDiagnosis(check["diagnoses"])
			if m["verdict"] != string(platform.VerdictNotAnswering) || first["signal"] != "listening-on-localhost" {
				t.Fatalf("verdict %v, first diagnosis %v; want not-answering, listening-on-localhost: %s", m["verdict"], first, text(res))
			}
			said := first["cause"] + " " + first["fix"] + " " + str(m["next"])
			for _, w := range tt.want {
				if !strings.Contains(said, w) {
					t.Errorf("the answer lacks %q: %s", w, said)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(said, n) {
					t.Errorf("the answer has %q: %s", n, said)
				}
			}
			if host, bind := strings.Index(said, "HOST=0.0.0.0"), strings.Index(said, "'0.0.0.0'"); tt.hostLast && (bind < 0 || host < bind) {
				t.Errorf("the answer offers the HOST variable before the code's bind: %s", said)
			}
		})
	}
}

// Kestrel's default, http://localhost:5000, is both a localhost bind and
// another port than the declared one: one diagnosis, whose fix
// (ASPNETCORE_URLS) binds both, stated once (walk 7: a wrong-port
// diagnosis beside it said the same fix again).
func TestDeploy_KestrelDefaultOneFix(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: dotnet@8
      buildCommands:
        - dotnet publish -c Release -o app
      deployFiles:
        - app/~
    run:
      base: dotnet@8
      ports:
        - port: 8080
          httpSupport: true
      start: dotnet netapi.dll
`,
		"netapi.csproj": `<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>`,
		"Program.cs":    "var app = WebApplication.CreateBuilder(args).Build();\napp.MapGet(\"/\", () => \"ok\");\napp.Run();\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "net")
	answer := text(res)
	diags, _ := firstCheck(m).([]any)
	if len(diags) != 1 || firstDiagnosis(diags)["signal"] != "listening-on-localhost" {
		t.Fatalf("diagnoses %v, want listening-on-localhost alone: %s", firstCheck(m), answer)
	}
	if cause := firstDiagnosis(diags)["cause"]; !strings.Contains(cause, "5000") || !strings.Contains(cause, "8080") {
		t.Errorf("cause %q, want both the localhost bind and port 5000 against 8080", cause)
	}
	if n := strings.Count(answer, "set ASPNETCORE_URLS"); n != 1 {
		t.Errorf("the fix is stated %d times, want once: %s", n, answer)
	}
}

// A compiled app's bind is read from the source its build compiles (a
// Cargo project's src/main.rs, the main.go `go build -o` makes): a
// localhost address written there is fixed there, and no HOST variable
// is offered for it (walk 7: an actix app's `.bind(("127.0.0.1", 8080))`
// got the generic bind fix with HOST=0.0.0.0 beside it).
func TestDeploy_CompiledAppsLiteralBind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"rust", map[string]string{
			"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: rust@1.86\n      buildCommands:\n        - cargo build --release\n      deployFiles:\n        - target/release/rapi\n" +
				"    run:\n      base: rust@1.86\n      ports:\n        - port: 8080\n          httpSupport: true\n      start: ./target/release/rapi\n",
			"Cargo.toml":  "[package]\nname = \"rapi\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nactix-web = \"4\"\n",
			"src/main.rs": "use actix_web::{App, HttpServer};\n\n#[actix_web::main]\nasync fn main() -> std::io::Result<()> {\n    HttpServer::new(|| App::new())\n        .bind((\"127.0.0.1\", 8080))?\n        .run()\n        .await\n}\n",
		}, "src/main.rs, line 6"},
		{"go", map[string]string{
			"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: go@1\n      buildCommands:\n        - go build -o app .\n      deployFiles:\n        - app\n" +
				"    run:\n      base: go@1\n      ports:\n        - port: 8080\n          httpSupport: true\n      start: ./app\n",
			"go.mod":  "module example.com/app\n\ngo 1.22\n",
			"main.go": "package main\n\nimport \"net/http\"\n\nfunc main() {\n\thttp.ListenAndServe(\"127.0.0.1:8080\", nil)\n}\n",
		}, "main.go, line 6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, tt.files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "bind")
			next := str(m["next"])
			if firstDiagnosis(firstCheck(m))["signal"] != "listening-on-localhost" {
				t.Fatalf("want listening-on-localhost: %s", text(res))
			}
			if !strings.Contains(next, tt.want) || strings.Contains(next, "HOST=0.0.0.0") {
				t.Errorf("next %q, want the bind in %s and no HOST variable", next, tt.want)
			}
		})
	}
}
