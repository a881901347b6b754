package mcp_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Walk 7's faults in the bootstrap and debug starts (issue 34, Acceptance
// 1), each through MCP against the fake as an agent meets it.

// springPOM is a Spring Boot project whose jar is target/shop.jar.
const springPOM = `<project><modelVersion>4.0.0</modelVersion>
  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>3.3.4</version></parent>
  <groupId>com.example</groupId><artifactId>shop</artifactId><version>0.0.1</version>
  <dependencies><dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies>
  <build><finalName>shop</finalName><plugins><plugin><groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId></plugin></plugins></build>
</project>
`

// No build image brings Maven or Gradle (the Java one has the JDK, zCLI,
// git and wget): `mvn` in buildCommands fails the build as the shell does,
// and the answer names the wrapper or the prepareCommands install, not a
// deployFiles path; installed there (or run as the wrapper), the build
// goes on (walk 7: `mvn package` on java@21 was built and answered live).
func TestDeploy_BuildToolTheImageLacks(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: java@21%s
      buildCommands:
        - %s
      deployFiles:
        - target/shop.jar
    run:
      base: java@21
      ports:
        - port: 8080
          httpSupport: true
      start: java -jar target/shop.jar
`
	tests := []struct {
		name, prepare, build string
		failed               bool
	}{
		{name: "mvn bare", build: "mvn -B package -DskipTests", failed: true},
		{name: "gradle bare", build: "gradle bootJar", failed: true},
		{name: "mvn installed", prepare: "\n      prepareCommands:\n        - sudo apk add --no-cache maven", build: "mvn -B package -DskipTests"},
		{name: "wrapper", build: "./mvnw -B package -DskipTests"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": fmt.Sprintf(yml, tt.prepare, tt.build),
				"pom.xml":    springPOM,
				"mvnw":       "#!/bin/sh\n",
				"src/main/java/com/example/shop/ShopApplication.java": "package com.example.shop;\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "java")
			answer := text(res)
			if !tt.failed {
				if m["verdict"] == "build-failed" || strings.Contains(answer, ": not found") {
					t.Fatalf("build with %q failed: %s", tt.build, answer)
				}
				return
			}
			tool := strings.Fields(tt.build)[0]
			if m["verdict"] != "build-failed" || !strings.Contains(answer, "/bin/sh: "+tool+": not found") {
				t.Fatalf("verdict %v, want build-failed with the shell's `%s: not found`: %s", m["verdict"], tool, answer)
			}
			sugg := str(m["suggestion"])
			for _, want := range []string{"./" + tool + "w", "build.prepareCommands", "sudo apk add --no-cache"} {
				if !strings.Contains(sugg, want) {
					t.Errorf("suggestion %q lacks %q", sugg, want)
				}
			}
			if strings.Contains(answer, "deployFiles") {
				t.Errorf("the answer points at deployFiles, which the build never reached: %s", answer)
			}
		})
	}
}

// A prepare command using the package manager the image lacks (apt-get on
// Alpine) is both a zerops.yml warning and the build's failure: the answer
// states its fix once, not in the warning and again in the suggestion
// (walk 7: "fix the 1 warning first … then if it still fails: use sudo apk
// add" after the warning said the same).
func TestDeploy_PrepareManagerFixOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "buildCommands: [npm ci]",
		"prepareCommands: [\"apt-get update && apt-get install -y libvips-dev\"]\n      buildCommands: [npm ci]", 1)})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "prep")
	answer := text(res)
	if m["verdict"] != "build-failed" || firstDiagnosis(m["diagnoses"])["signal"] != "prepare-command-failed" {
		t.Fatalf("want build-failed on prepare-command-failed: %s", answer)
	}
	if n := strings.Count(answer, "apk add --no-cache"); n != 1 {
		t.Errorf("the fix (apk add --no-cache) is stated %d times, want once: %s", n, answer)
	}
	if strings.Contains(answer, "if it still fails") {
		t.Errorf("the answer sends the agent to deploy the same fix twice: %s", answer)
	}
}

// A Deno app started by a deno.json task whose entry imports a module the
// deploy lacks: the fix deploys that module, never "make run.start name a
// file", since run.start is right (walk 7).
func TestDeploy_DenoTaskImportsAMissingModule(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: deno@2
      os: ubuntu
      buildCommands:
        - deno cache main.ts
      deployFiles:
        - main.ts
        - deno.json
    run:
      base: deno@2
      os: ubuntu
      ports:
        - port: 8000
          httpSupport: true
      start: deno task start
`,
		"deno.json": `{"tasks": {"start": "deno run --allow-net main.ts"}}`,
		"main.ts":   "import { handle } from \"./routes.ts\";\n\nDeno.serve({ port: 8000 }, handle);\n",
		"routes.ts": "export function handle(_req: Request): Response { return new Response(\"ok\"); }\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deno")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(text(res), `Module not found \"file:///var/www/routes.ts\"`) {
		t.Fatalf("want not-answering on Deno's missing routes.ts: %s", text(res))
	}
	if !strings.Contains(next, "Deploy that file") || strings.Contains(next, "`run.start` name a file") {
		t.Errorf("next %q, want the module deployed, not run.start changed", next)
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

// zerops_logs asked while a deploy is under way (the fix on its way) reads
// the version it replaces: its next step waits for that deploy's verdict
// and does not send the agent to apply the fix and deploy again (walk 7),
// both while the zerops_deploy call runs (its version not yet listed by
// the search) and after a call without progress returned.
func TestLogs_WhileADeployIsUnderWay(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: time.Hour}) // builds stand still until FinishBuilds
	wd := h.workDir(t)
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	broken := map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node server.js")}
	deploy := func(token string) deployCall {
		t.Helper()
		done := h.deployAsync(t, args, token)
		h.awaitProgress(t, token, "Deploying appstage")
		h.fake.FinishBuilds()
		return recv(t, done)
	}
	logsNext := func() string {
		t.Helper()
		res, m := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
		wantOK(t, res)
		if len(firstDiagnosis(m["diagnoses"])) == 0 {
			t.Fatalf("logs diagnose nothing of the broken version: %s", text(res))
		}
		return str(m["next"])
	}

	writeApp(t, wd, broken)
	if c := deploy("v1"); c.m["verdict"] != "not-answering" {
		t.Fatalf("broken deploy: %s", text(c.res))
	}
	writeApp(t, wd, demoApp)
	fixed := h.deployAsync(t, args, "v2")
	h.awaitProgress(t, "v2", "Deploying appstage")
	if next := logsNext(); !strings.Contains(next, "zerops_deploy to appstage is still running") || strings.Contains(next, "zerops_deploy again") {
		t.Errorf("logs next during the deploy call %q, want to wait for its answer, not to deploy again", next)
	}
	h.fake.FinishBuilds()
	if c := recv(t, fixed); c.m["verdict"] != "live" {
		t.Fatalf("fixed deploy: %s", text(c.res))
	}

	writeApp(t, wd, broken)
	if c := deploy("v3"); c.m["verdict"] != "not-answering" {
		t.Fatalf("broken deploy again: %s", text(c.res))
	}
	writeApp(t, wd, demoApp)
	res, _ := h.call(t, "zerops_deploy", args) // no progress token: answers once pushed
	created := regexp.MustCompile(`app version (\S+) created`).FindStringSubmatch(text(res))
	if created == nil {
		t.Fatalf("the deploy names no app version: %s", text(res))
	}
	id := created[1]
	for deadline := time.Now().Add(20 * time.Second); ; { // the search lists a new version about a second late
		if ev, _ := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage", "limit": 3}); strings.Contains(text(ev), id) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("app version %s never listed", id)
		}
	}
	if next := logsNext(); !strings.Contains(next, "zerops_deploy follow="+id) || strings.Contains(next, "zerops_deploy again") {
		t.Errorf("logs next after the push %q, want to wait on %s, not to deploy again", next, id)
	}
	h.fake.FinishBuilds()
}

// A variable the app stopped without, set since as a secret but without a
// restart: zerops_verify and zerops_logs send the agent to restart, not to
// set it again, which would change nothing (walk 7: "Set JWT_SECRET as a
// secret of the service …" once more after it was set). Restarted, it is
// healthy.
func TestVerify_VariableSetSinceTheStartNeedsARestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"index.js": "if (!process.env.JWT_SECRET) throw new Error('JWT_SECRET is required');\n" + demoApp["index.js"]})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "broken"); m["verdict"] != "not-answering" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"JWT_SECRET=x7Hq2-long-random-value"}}, "set") // no restart
	wantOK(t, res)
	for _, tool := range []string{"zerops_verify", "zerops_logs"} {
		res, m := h.call(t, tool, map[string]any{"serviceHostname": "appstage"})
		next := str(m["next"])
		if !strings.Contains(next, "zerops_manage action=restart serviceHostname=appstage") || strings.Contains(next, "zerops_env action=set") {
			t.Errorf("%s next %q, want the restart, not the variable set again: %s", tool, next, text(res))
		}
	}
	res, _ = h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "restart")
	wantOK(t, res)
	h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
}

// A Meilisearch service has the keys the platform generates for it: the
// backend's defaultAdminKey and the browser's defaultSearchKey beside the
// root masterKey. A reference to a key it lacks is warned about with the
// keys it has, the application keys among them, so the agent is not left
// with the root key alone (walk 7: "it has: hostname, masterKey, port").
func TestDeploy_MeilisearchKeysAsGenerated(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: search\n    type: meilisearch@1.10\n"}, "import")
	wantOK(t, res)
	withKey := func(ref string) map[string]string {
		return map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
			"start: node index.js\n      envVariables:\n        MEILI_HOST: http://${search_hostname}:7700\n        MEILI_KEY: "+ref)}
	}
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), withKey("${search_adminKey}"))
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "wrong key")
	if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, "defaultAdminKey") || !strings.Contains(w, "defaultSearchKey") {
		t.Errorf("warnings %s, want the keys search has, defaultAdminKey and defaultSearchKey among them: %s", w, text(res))
	}
	writeApp(t, h.workDir(t), withKey("${search_defaultAdminKey}"))
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "admin key")
	if m["verdict"] != "live" || m["warnings"] != nil {
		t.Errorf("with ${search_defaultAdminKey}: verdict %v, warnings %v, want live without warnings: %s", m["verdict"], m["warnings"], text(res))
	}
}

// A readiness check on a path the sandbox cannot judge (the app's routes
// are in its code) leaves the verdict unverified, naming the path, never
// live: on the platform a 404 there fails the deploy (walk 7: an actix
// app serving only / with readinessCheck on /healthz was answered live).
func TestDeploy_ReadinessPathIsUnverified(t *testing.T) {
	t.Parallel()
	tests := []struct{ path, verdict, reason string }{
		{"/healthz", "unverified", "answers 2xx at /healthz on port 3000"},
		{"/", "live", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
				"start: node index.js\n    deploy:\n      readinessCheck:\n        httpGet:\n          port: 3000\n          path: "+tt.path)})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "ready")
			check, _ := m["check"].(map[string]any)
			if m["verdict"] != tt.verdict || !strings.Contains(str(check["reason"]), tt.reason) {
				t.Errorf("verdict %v (reason %q), want %s naming %q: %s", m["verdict"], check["reason"], tt.verdict, tt.reason, text(res))
			}
		})
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

// `dotnet publish -o DIR` makes DIR/<assembly>.dll, the assembly named by
// the project file (or its <AssemblyName>): a start naming another dll
// (names are case-sensitive on Linux) fails as the .NET host does, and the
// diagnosis is the start's missing file (walk 7: `dotnet NetApi.dll` for
// netapi.csproj ran, listened and got the localhost fix).
func TestDeploy_DotnetPublishedAssembly(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: dotnet@8\n      buildCommands:\n        - dotnet publish -c Release -o app\n      deployFiles:\n        - app/~\n" +
		"    run:\n      base: dotnet@8\n      envVariables:\n        ASPNETCORE_URLS: http://0.0.0.0:8080\n      ports:\n        - port: 8080\n          httpSupport: true\n      start: dotnet %s\n"
	tests := []struct {
		name, project, props, dll, verdict string
	}{
		{"the project's name", "netapi.csproj", "", "netapi.dll", "live"},
		{"another case", "netapi.csproj", "", "NetApi.dll", "not-answering"},
		{"AssemblyName", "netapi.csproj", "<AssemblyName>Shop.Api</AssemblyName>", "Shop.Api.dll", "live"},
		{"the file's name despite AssemblyName", "netapi.csproj", "<AssemblyName>Shop.Api</AssemblyName>", "netapi.dll", "not-answering"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": fmt.Sprintf(yml, tt.dll),
				tt.project:   `<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework>` + tt.props + `</PropertyGroup></Project>`,
				"Program.cs": "var app = WebApplication.CreateBuilder(args).Build();\napp.MapGet(\"/\", () => \"ok\");\napp.Run();\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "net")
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			if tt.verdict != "live" {
				if d := firstDiagnosis(firstCheck(m)); d["signal"] != "start-file-missing" || !strings.Contains(text(res), "The application '"+tt.dll+"' does not exist.") {
					t.Errorf("diagnosis %v, want start-file-missing on the .NET host's line: %s", d, text(res))
				}
			}
		})
	}
}

// A run.siteConfigPath file left out of deployFiles: the deploy's answer
// names that file to deploy, once, with no generic crash for nginx's own
// refusal of it; deployed, the site is live (walk 7: "Make build.deployFiles
// name paths the build actually produces" and an app-crash "read the stack
// trace's first frame" beside it).
func TestDeploy_SiteConfigNotDeployed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: alpine@3.20\n      deployFiles:\n        - public\n%s    run:\n      base: nginx@1.22\n      documentRoot: public\n      siteConfigPath: site.conf.tmpl\n"
	h.ownApp(t, map[string]string{
		"zerops.yml":        fmt.Sprintf(yml, ""),
		"public/index.html": "<h1>ok</h1>\n",
		"site.conf.tmpl":    "server {\n    listen 80;\n    root /var/www/public;\n}\n",
	})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "conf")
	answer := text(res)
	if list, _ := m["diagnoses"].([]any); len(list) != 1 || firstDiagnosis(list)["signal"] != "deploy-files-missing" {
		t.Errorf("diagnoses %v, want deploy-files-missing alone: %s", m["diagnoses"], answer)
	}
	if sugg := str(m["suggestion"]); !strings.Contains(sugg, "Add `site.conf.tmpl` to `build.deployFiles`") {
		t.Errorf("suggestion %q, want site.conf.tmpl added to deployFiles", sugg)
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": fmt.Sprintf(yml, "        - site.conf.tmpl\n")})
	if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "conf2"); m["verdict"] != "live" {
		t.Errorf("with site.conf.tmpl deployed: %s", text(res))
	}
}

// A Bun app importing a package its deployed node_modules lacks (the
// build's install put in what package.json lists) fails as Bun does,
// and the fix adds the package with Bun's own command; with no
// node_modules deployed Bun installs it itself (walk 7: an index.ts
// importing "hono", which package.json did not list, was answered live).
func TestDeploy_BunPackageNotInstalled(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: bun@1.2\n      buildCommands:\n        - bun install\n      deployFiles:\n        - index.ts\n        - package.json\n%s" +
		"    run:\n      base: bun@1.2\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: bun run start\n"
	tests := []struct {
		name, deps, modules, verdict string
	}{
		{"not listed", "{}", "        - node_modules\n", "not-answering"},
		{"listed", `{"hono": "^4.6.0"}`, "        - node_modules\n", "live"},
		{"no node_modules deployed", "{}", "", "live"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":   fmt.Sprintf(yml, tt.modules),
				"package.json": `{"name": "bh", "version": "1.0.0", "scripts": {"start": "bun run index.ts"}, "dependencies": ` + tt.deps + `}`,
				"index.ts":     "import { Hono } from \"hono\";\n\nconst app = new Hono();\napp.get(\"/\", (c) => c.text(\"ok\"));\n\nexport default { port: 3000, fetch: app.fetch };\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "bun")
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			if tt.verdict == "live" {
				return
			}
			if !strings.Contains(text(res), `error: Cannot find package 'hono' from '/var/www/index.ts'`) {
				t.Errorf("no Bun line for the missing package: %s", text(res))
			}
			if next := str(m["next"]); !strings.Contains(next, "`bun add hono`") || strings.Contains(next, "npm install") {
				t.Errorf("next %q, want `bun add hono`, not npm", next)
			}
		})
	}
}
