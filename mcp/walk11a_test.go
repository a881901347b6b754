package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// A first deploy whose readiness check asks a port the app does not listen
// on (walk 11: a Fastify API on 3000, the check on 8080): the answer claims
// no version before it keeps running (none was deployed), and its fix moves
// the check to the port the app listens on, naming both.
func TestDeploy_FirstReadinessOnOtherPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, check string
		// fix is a part of the suggestion; none is what it must not say.
		fix, none string
	}{
		{"CheckOnUndeclaredPort", "{httpGet: {port: 8080, path: /}}",
			"`deploy.readinessCheck.httpGet.port` to 3000", "keeps running"},
		{"CheckOnAppPortButFailing", "{exec: {command: 'exit 1'}}",
			"exec", "keeps running"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }})
			writeApp(t, h.workDir(t), map[string]string{
				"zerops.yml": strings.Replace(demoZeropsYml, "    run: &run\n", "    deploy:\n      readinessCheck: "+tt.check+"\n    run: &run\n", 1)})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "first")
			wantError(t, res, m, platform.ErrDeployFailed)
			if strings.Contains(text(res), tt.none) || strings.Contains(text(res), "version before") {
				t.Errorf("a first deploy's answer claims a version before it runs: %s", text(res))
			}
			if !strings.Contains(str(m["suggestion"]), tt.fix) {
				t.Errorf("suggestion lacks %q: %s", tt.fix, text(res))
			}
		})
	}
}

// zerops_validate of another app's zerops.yml, sharing no setup with the
// file last pushed (walk 11: a Slim app's after a Gin app's deploy from
// workingDir gin): its next step does not send the other app's directory
// to the new target, which would push gin's code to slim; where the code
// is, it asks.
func TestValidate_OtherAppsFileNotPushedFromLastDir(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	importServices(t, h, "services:\n  - hostname: slim\n    type: php-nginx@8.4\n")
	writeApp(t, h.workDir(t)+"/gin", demoApp)
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "gin", "targetService": "appstage"}, "deploy"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	slim := "zerops:\n  - setup: slim\n    build:\n      base: php@8.4\n      buildCommands: [composer install]\n      deployFiles: ./\n" +
		"    run:\n      base: php-nginx@8.4\n      documentRoot: public\n"
	_, m := h.call(t, "zerops_validate", map[string]any{"content": slim})
	next := str(m["next"])
	if strings.Contains(next, "workingDir=gin") || !strings.Contains(next, "targetService=slim") || !strings.Contains(next, "directory with zerops.yml") {
		t.Errorf("next %q pushes the last app's directory to slim (or deploys no slim, or does not ask where the code is)", next)
	}
	// The same app's file gaining a setup still deploys from where it was pushed.
	_, m = h.call(t, "zerops_validate", map[string]any{"content": demoZeropsYml + strings.TrimPrefix(slim, "zerops:\n")})
	if next := str(m["next"]); !strings.Contains(next, "workingDir=gin") || !strings.Contains(next, "targetService=slim") {
		t.Errorf("next %q: the pushed file's next version is not deployed from gin", next)
	}
}

// A Go app whose framework's Run or Start call writes the port (walk 11:
// Gin's r.Run(":8080") with run.ports 3000): the wrong port's fix names
// the line of main.go that the built binary comes from, never "set PORT"
// first, which the code does not read.
func TestDeploy_GoFrameworkPortWrittenInCode(t *testing.T) {
	t.Parallel()
	row := func(name, imports, call string) deployCase {
		return deployCase{name: name, services: "services:\n  - hostname: api\n    type: go@1\n", dir: "api", target: "api",
			files: map[string]string{
				"go.mod":  "module example.com/api\n\ngo 1.22\n",
				"main.go": "package main\n\nimport (" + imports + ")\nfunc main() {\n\t" + call + "\n}\n", // the port on line 5
				"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: go@1\n      buildCommands: [go build -o app main.go]\n      deployFiles: app\n" +
					"    run:\n      base: go@1\n      ports: [{port: 3000, httpSupport: true}]\n      start: ./app\n",
			},
			verdict: "not-answering",
			and: func(t *testing.T, answer string, m map[string]any) {
				if next := str(m["next"]); !strings.Contains(next, "main.go, line 5") && !strings.Contains(answer, "main.go, line 5") || strings.Contains(next, "set it (PORT") {
					t.Errorf("want the port line of main.go named and no PORT to set first: %s", answer)
				}
			}}
	}
	runWalkCases(t, []deployCase{
		row("Gin", `"github.com/gin-gonic/gin"`, `r := gin.Default(); r.Run(":8080")`),
		row("Echo", `"github.com/labstack/echo/v4"`, `e := echo.New(); e.Logger.Fatal(e.Start(":8080"))`),
		row("Fiber", `"log"; "github.com/gofiber/fiber/v2"`, `app := fiber.New(); log.Fatal(app.Listen(":8080"))`),
	})
}

// A Hugo site built by `hugo` on a base whose image has no Hugo (walk 11:
// answered live): validate warns of it, the build fails as the shell does,
// the fix installs Hugo in build.prepareCommands; installed there, it is live.
func TestDeploy_HugoNotInAnyBuildImage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	importServices(t, h, "services:\n  - hostname: docs\n    type: static\n")
	yml := "zerops:\n  - setup: docs\n    build:\n      base: go@1\n      buildCommands: [hugo --minify]\n      deployFiles: public/~\n    run:\n      base: static\n"
	site := map[string]string{"hugo.toml": "title = \"Docs\"\n", "content/_index.md": "# Hello\n", "layouts/_default/list.html": "<html>{{ .Content }}</html>\n", "zerops.yml": yml}
	writeApp(t, h.workDir(t)+"/docs", site)
	_, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, "hugo") || !strings.Contains(w, "prepareCommands") {
		t.Errorf("validate does not warn that no image brings hugo: %v", m)
	}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "docs", "targetService": "docs"}, "deploy")
	wantError(t, res, m, platform.ErrBuildFailed)
	if s := str(m["suggestion"]); !strings.Contains(s, "sudo apk add --no-cache hugo") || strings.Contains(s, "mvnw") || strings.Contains(s, "Maven") {
		t.Errorf("the fix does not install Hugo in build.prepareCommands (or names Maven): %s", text(res))
	}
	site["zerops.yml"] = strings.Replace(yml, "      buildCommands:", "      prepareCommands: [sudo apk add --no-cache hugo]\n      buildCommands:", 1)
	writeApp(t, h.workDir(t)+"/docs", site)
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "docs", "targetService": "docs"}, "fixed"); m["verdict"] != "live" {
		t.Errorf("with Hugo installed: %s", text(res))
	}
}

// A reference whose hostname is written in capitals (walk 11:
// ${MDB_hostname} beside a warned ${mdb_User}): hostnames are lowercase, so
// it names no service and stays the literal text; validate says so with the
// lowercase reference, and passes over a variable of the service's own
// (${API_KEY}) or a project variable whose name holds an underscore.
func TestValidate_ReferenceHostnameInCapitals(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands: [npm ci]\n      deployFiles: ./\n" +
		"    run:\n      base: nodejs@22\n      ports: [{port: 3000, httpSupport: true}]\n      start: node index.js\n" +
		"      envVariables:\n        DB_HOST: ${DB_hostname}\n        API_KEY: abc\n        TOKEN: ${API_KEY}\n"
	_, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	w := fmt.Sprint(m["warnings"])
	if !strings.Contains(w, "${DB_hostname}") || !strings.Contains(w, "${db_hostname}") || strings.Contains(w, "${API_KEY}") {
		t.Errorf("want ${DB_hostname} warned with ${db_hostname} as its fix, ${API_KEY} not: %v", m)
	}
}

// An Axum app binds where its tokio TcpListener::bind says (walk 11: bound
// to 127.0.0.1:3000 it was unverified, "could not check where it listens",
// though src/main.rs writes it): localhost is not answering, named in
// main.rs; every address is live.
func TestDeploy_AxumBindReadFromMain(t *testing.T) {
	t.Parallel()
	row := func(name, bind, verdict, signal string) deployCase {
		c := deployCase{name: name, services: "services:\n  - hostname: axum\n    type: rust@1\n", dir: "axum", target: "axum",
			files: map[string]string{
				"Cargo.toml": "[package]\nname = \"axumapp\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\naxum = \"0.7\"\ntokio = { version = \"1\", features = [\"full\"] }\n",
				"src/main.rs": "use axum::{routing::get, Router};\n\n#[tokio::main]\nasync fn main() {\n    let app = Router::new().route(\"/\", get(|| async { \"ok\" }));\n" +
					"    let listener = tokio::net::TcpListener::bind(" + bind + ").await.unwrap();\n    axum::serve(listener, app).await.unwrap();\n}\n",
				"zerops.yml": "zerops:\n  - setup: axum\n    build:\n      base: rust@1\n      buildCommands: [cargo build --release]\n      deployFiles: [target/release/axumapp]\n" +
					"    run:\n      base: rust@1\n      ports: [{port: 3000, httpSupport: true}]\n      start: ./target/release/axumapp\n",
			},
			verdict: verdict, signal: signal}
		if signal == "listening-on-localhost" {
			c.next = []string{"src/main.rs, line 6"}
		}
		return c
	}
	runWalkCases(t, []deployCase{
		row("Localhost", `"127.0.0.1:3000"`, "not-answering", "listening-on-localhost"),
		row("Tuple", `("127.0.0.1", 3000)`, "not-answering", "listening-on-localhost"),
		row("EveryAddress", `"0.0.0.0:3000"`, "live", ""),
		row("OtherPort", `"0.0.0.0:8080"`, "not-answering", "wrong-port"),
	})
}

// A TypeScript app compiled by tsc that throws without a variable (walk 11:
// a Koa API needing JWT_SECRET): the unverified reason names the line in
// the source it read, src/index.ts:4, not that line number in the compiled
// build/index.js, which holds other lines.
func TestDeploy_CompiledEnvNeedNamesTheSource(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{
		"package.json":  `{"name": "api", "version": "1.0.0", "scripts": {"build": "tsc"}, "devDependencies": {"typescript": "^5.6.3"}}` + "\n",
		"tsconfig.json": `{"compilerOptions": {"outDir": "build", "rootDir": "src", "module": "commonjs"}}` + "\n",
		"src/index.ts": "import http from 'node:http'\n\nconst secret = process.env.JWT_SECRET\nif (!secret) {\n  throw new Error('JWT_SECRET is not set')\n}\n" +
			"http.createServer((req, res) => res.end('ok')).listen(3000, '0.0.0.0')\n",
		"zerops.yml": strings.NewReplacer("buildCommands: [npm ci]", "buildCommands: [npm install, npm run build]", "start: node index.js", "start: node build/index.js").Replace(demoZeropsYml),
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	if m["verdict"] != "unverified" || !strings.Contains(text(res), "src/index.ts:4") || strings.Contains(text(res), "build/index.js:4") {
		t.Errorf("want unverified naming src/index.ts:4, not build/index.js:4: %s", text(res))
	}
}

// Pyramid's pserve comes from a pip package, like gunicorn: installed only
// in the build container (walk 11: pip install in buildCommands, unverified)
// the start fails with sh's "not found", and the fix installs the packages
// into the run image.
func TestDeploy_PserveInstalledOnlyInTheBuild(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: pyr\n    build:\n      base: python@3.12\n      buildCommands: [pip install -r requirements.txt]\n      deployFiles: [myapp, production.ini]\n" +
		"    run:\n      base: python@3.12\n      ports: [{port: 6543, httpSupport: true}]\n      start: pserve production.ini\n"
	runWalkCases(t, []deployCase{{name: "pip in the build", services: "services:\n  - hostname: pyr\n    type: python@3.12\n", dir: "pyr", target: "pyr",
		files: map[string]string{
			"requirements.txt":  "pyramid==2.0.2\nwaitress==3.0.2\n",
			"myapp/__init__.py": "from pyramid.config import Configurator\n",
			"production.ini":    "[app:main]\nuse = egg:myapp\n\n[server:main]\nuse = egg:waitress#main\nlisten = 0.0.0.0:6543\n",
			"zerops.yml":        yml,
		},
		verdict: "not-answering", says: []string{"pserve: not found"}, next: []string{"addToRunPrepare"}}})
}

// A start naming a file under a folder that deployFiles cut with `~`
// (walk 11: `out/~` with `dotnet out/Minimal.dll`): the fix says the `~`
// put it at /var/www/Minimal.dll and names the start to write, not the
// generic "name a file the build produces".
func TestDeploy_StartUnderTildeFolder(t *testing.T) {
	t.Parallel()
	const base = "dotnet@9"
	runWalkCases(t, []deployCase{{name: "Dotnet", services: "services:\n  - hostname: web\n    type: " + base + "\n", dir: "web", target: "web",
		files: map[string]string{
			"Minimal.csproj": "<Project Sdk=\"Microsoft.NET.Sdk.Web\"><PropertyGroup><TargetFramework>net9.0</TargetFramework></PropertyGroup></Project>\n",
			"Program.cs":     "var app = WebApplication.CreateBuilder(args).Build();\napp.MapGet(\"/\", () => \"ok\");\napp.Run();\n",
			"index.js":       demoApp["index.js"],
			"zerops.yml": "zerops:\n  - setup: web\n    build:\n      base: " + base + "\n      buildCommands: [dotnet publish -c Release -o out]\n      deployFiles: [out/~]\n" +
				"    run:\n      base: " + base + "\n      envVariables: {ASPNETCORE_URLS: 'http://0.0.0.0:3000'}\n      ports: [{port: 3000, httpSupport: true}]\n      start: dotnet out/Minimal.dll\n",
		},
		verdict: "not-answering", next: []string{"`dotnet Minimal.dll`"}, says: []string{"out/~"}}})
}

// run.healthCheck on a port the app does not listen on (walk 11: a Fastify
// API on 3000, the check on 8080, answered live): not live; the check is
// known to fail there, so not-answering, its diagnosis naming both ports
// and the port to set. On the app's port it stays live.
func TestDeploy_HealthCheckOnOtherPort(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, port, verdict string }{
		{"OtherPort", "8080", "not-answering"},
		{"AppPort", "3000", "live"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{
				"zerops.yml": strings.Replace(demoZeropsYml, "      start: node index.js\n", "      healthCheck: {httpGet: {port: "+tt.port+", path: /}}\n      start: node index.js\n", 1)})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			if m["verdict"] != tt.verdict || tt.verdict != "live" && (!strings.Contains(text(res), "port 8080") || !strings.Contains(text(res), "3000")) {
				t.Errorf("want %s, naming the check's port and the app's: %s", tt.verdict, text(res))
			}
		})
	}
}
