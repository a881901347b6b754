package mcp_test

import (
	"strings"
	"testing"
)

// The official recipes walked in walk 29: each imported and deployed as
// the recipe has it (its services, its zerops.yml, a cut of its code),
// then broken as an agent breaks it.

// walk29Sub is files with each old in zerops.yml (or the file named
// before a colon: "main.ts:old") replaced by the new that follows it.
func walk29Sub(files map[string]string, pairs ...string) map[string]string {
	out := make(map[string]string, len(files))
	for k, v := range files {
		out[k] = v
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		name, old := "zerops.yml", pairs[i]
		if f, o, ok := strings.Cut(old, "::"); ok {
			name, old = f, o
		}
		out[name] = strings.Replace(out[name], old, pairs[i+1], 1)
	}
	return out
}

// walk29Bun is the bun recipe: `bun run build` bundles src/main.ts into
// dist, which deploys with package.json; `bun run start:prod` runs
// dist/main.js, whose Bun.serve listens on 3000 and answers /status.
func walk29Bun() map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: bun@1.1\n      buildCommands:\n        - bun install\n        - bun run build\n" +
			"      deployFiles:\n        - package.json\n        - dist\n    run:\n      base: bun@1.1\n      envVariables:\n        NODE_ENV: production\n" +
			"        DB_NAME: db\n        DB_HOST: db\n        DB_USER: db\n        DB_PASS: ${db_password}\n      ports:\n        - port: 3000\n          httpSupport: true\n" +
			"      start: bun run start:prod\n      healthCheck:\n        httpGet:\n          port: 3000\n          path: /status\n",
		"package.json": `{"name": "api", "type": "module", "scripts": {"start": "bun run src/main.ts", "build": "bun build src/main.ts --outdir ./dist --target bun", "start:prod": "bun run dist/main.js"}, ` +
			`"dependencies": {"pg": "^8.5.1", "uuid": "^9.0.1"}, "devDependencies": {"@types/bun": "^1.1.5"}}`,
		"bun.lockb": "\n",
		"src/main.ts": "import { v4 as uuidv4 } from 'uuid';\n\nconst handler = async (req: Request) => {\n  const path = new URL(req.url).pathname;\n" +
			"  if (path === '/status') return Response.json({ status: 'UP' });\n  return Response.json({ id: uuidv4() }, { status: 201 });\n};\n\nBun.serve({ fetch: handler, port: 3000 });\n",
	}
}

// TestRecipe_BunWalk29: the recipe runs a bundle `bun build` makes
// (dist/main.js). It was "unverified … where `bun run start:prod` listens
// (it reads no port or address for it)", and so were a port off run.ports
// and a localhost bind in src/main.ts. Bun.serve's options survive the
// bundle as written: the sandbox reads the address from the entry `bun
// build` names (not the bundle's imports), so the recipe stays unverified
// and the breaks are named at src/main.ts's line. dist left out of
// deployFiles crashes, naming dist/main.js.
func TestRecipe_BunWalk29(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: bun@1.1\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "the recipe", services: svc, dir: "api", target: "api", files: walk29Bun(), verdict: "unverified", reason: []string{"read its address from src/main.ts, not the bundle"},
			lacks: []string{"api is live", "where `bun run start:prod` listens"}},
		{name: "run.ports 8080", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Bun(), "- port: 3000", "- port: 8080", "port: 3000\n          path", "port: 8080\n          path"), verdict: "not-answering",
			next: []string{"Change the code to listen on 8080"}, lacks: []string{"api is live"}},
		{name: "deployFiles without dist", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Bun(), "        - dist\n", ""), verdict: "not-answering", says: []string{"dist/main.js"}, once: []string{"name a file the build produces, and include it (and its directory) in `build.deployFiles`"}},
		{name: "a reference to no service", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Bun(), "${db_password}", "${postgres_password}"), verdict: "unverified", says: []string{"${postgres_password}"}},
		{name: "localhost", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Bun(), "src/main.ts::port: 3000 }", "port: 3000, hostname: 'localhost' }"), verdict: "not-answering",
			once: []string{"Change src/main.ts, line 9 to bind 0.0.0.0 on port 3000"}, lacks: []string{"dist/main.js, the file"},
			then: []deployCase{{name: "bound as the recipe is", files: walk29Bun(), verdict: "unverified"}}},
	})
}

// walk29Deno is the deno recipe: `deno task build` bundles src/index.ts
// into dist/bundle.js with esbuild (build.js), deployed with deno.jsonc;
// `deno task start` runs it, an oak app listening on PORT, else 8000.
func walk29Deno() map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: deno@1\n      buildCommands:\n        - deno task build\n      deployFiles:\n        - dist\n        - deno.jsonc\n" +
			"    run:\n      base: deno@1\n      envVariables:\n        DB_NAME: db\n        DB_HOST: db\n        DB_USER: db\n        DB_PASS: ${db_password}\n" +
			"      ports:\n        - port: 8000\n          httpSupport: true\n      start: deno task start\n      healthCheck:\n        httpGet:\n          port: 8000\n          path: /status\n",
		"deno.jsonc": "{\n  \"tasks\": {\n    \"start\": \"deno run --allow-net --allow-env --allow-read dist/bundle.js\",\n" +
			"    \"build\": \"deno run --allow-net --allow-read --allow-write --allow-env --allow-run build.js\"\n  }\n}\n",
		"build.js": "import * as esbuild from \"npm:esbuild@0.20.2\";\nimport { denoPlugins } from \"jsr:@luca/esbuild-deno-loader@^0.10.3\";\n\n" +
			"await esbuild.build({ plugins: [...denoPlugins()], entryPoints: [\"./src/index.ts\"], outfile: \"./dist/bundle.js\", bundle: true, format: \"esm\" });\nesbuild.stop();\n",
		"src/index.ts": "import { Application } from \"https://deno.land/x/oak@v16.1.0/mod.ts\";\n\nconst app = new Application();\n" +
			"app.use((ctx) => { ctx.response.body = { status: \"UP\" }; });\n\nconst port = parseInt(Deno.env.get(\"PORT\") || \"8000\");\nawait app.listen({ port });\n",
	}
}

// TestRecipe_DenoWalk29: the recipe runs an esbuild bundle build.js
// makes (dist/bundle.js). It was "unverified … where `deno task start`
// listens", and so were a port off run.ports and a 127.0.0.1 bind. The
// address is read from the entry build.js's esbuild.build names
// (entryPoints, outfile): the recipe stays unverified, PORT (which
// src/index.ts reads) is the port's fix, the bind is fixed at its line;
// deno.jsonc left out of deployFiles is named once.
func TestRecipe_DenoWalk29(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: deno@1\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "the recipe", services: svc, dir: "api", target: "api", files: walk29Deno(), verdict: "unverified", reason: []string{"read its address from src/index.ts, not the bundle"},
			lacks: []string{"api is live", "where `deno task start` listens"}},
		{name: "run.ports 3000", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Deno(), "- port: 8000", "- port: 3000", "port: 8000\n          path", "port: 3000\n          path"), verdict: "not-answering",
			once: []string{"Set PORT: \\\"3000\\\" in `run.envVariables`"}, lacks: []string{"api is live"},
			then: []deployCase{{name: "PORT set", files: walk29Sub(walk29Deno(), "- port: 8000", "- port: 3000", "port: 8000\n          path", "port: 3000\n          path", "DB_NAME: db\n", "DB_NAME: db\n        PORT: \"3000\"\n"), verdict: "unverified"}}},
		{name: "deployFiles without deno.jsonc", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Deno(), "        - deno.jsonc\n", ""), verdict: "not-answering", once: []string{"Add the project's `deno.json` (or `deno.jsonc`"}},
		{name: "localhost", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Deno(), "src/index.ts::listen({ port })", "listen({ port, hostname: \"127.0.0.1\" })"), verdict: "not-answering",
			once: []string{"Change src/index.ts, line 7 to bind 0.0.0.0 on port 8000"}, lacks: []string{"api is live"}},
	})
}

// walk29Gleam is the gleam recipe: `gleam export erlang-shipment` builds
// build/erlang-shipment, deployed by its contents; ./entrypoint.sh run
// starts main, where mist binds 0.0.0.0:3000.
func walk29Gleam() map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: gleam@1.5\n      buildCommands:\n        - gleam export erlang-shipment\n      deployFiles: build/erlang-shipment/~\n" +
			"    run:\n      base: gleam@1.5\n      envVariables:\n        DATABASE_URL: ${db_connectionString}/${db_dbName}\n      ports:\n        - port: 3000\n          httpSupport: true\n" +
			"      start: ./entrypoint.sh run\n",
		"gleam.toml":    "name = \"app\"\nversion = \"1.0.0\"\n\n[dependencies]\ngleam_stdlib = \">= 0.34.0 and < 2.0.0\"\nmist = \">= 3.0.0 and < 4.0.0\"\nwisp = \">= 1.2.0 and < 2.0.0\"\n",
		"manifest.toml": "packages = []\n",
		"src/app.gleam": "import gleam/erlang/process\nimport mist\nimport wisp\nimport wisp/wisp_mist\n\npub fn main() {\n  let assert Ok(_) =\n    fn(_req) { wisp.ok() }\n" +
			"    |> wisp_mist.handler(wisp.random_string(64))\n    |> mist.new\n    |> mist.bind(\"0.0.0.0\")\n    |> mist.port(3000)\n    |> mist.start_http\n  process.sleep_forever()\n}\n",
	}
}

// TestRecipe_GleamWalk29: the recipe is live; mist bound to localhost
// is fixed at its line, a port off run.ports named, and the shipment
// deployed without `~` fixed by adding it, once.
func TestRecipe_GleamWalk29(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: gleam@1.5\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "the recipe", services: svc, dir: "api", target: "api", files: walk29Gleam(), verdict: "live"},
		{name: "localhost", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Gleam(), "src/app.gleam::mist.bind(\"0.0.0.0\")", "mist.bind(\"localhost\")"), verdict: "not-answering", next: []string{"src/app.gleam, line 11", "0.0.0.0"}},
		{name: "run.ports 8080", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Gleam(), "- port: 3000", "- port: 8080"), verdict: "not-answering", next: []string{"listen on 8080"}},
		{name: "deployFiles without tilde", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Gleam(), "build/erlang-shipment/~", "build/erlang-shipment"), verdict: "not-answering", once: []string{"`build/erlang-shipment/~`"}},
	})
}

// walk29Dotnet is the dotnet recipe: `dotnet build -o app` builds the
// project dotnet.csproj into app, deployed by its contents; `dotnet
// dotnet.dll` runs it, Kestrel on appsettings.json's endpoints, 0.0.0.0:5000.
func walk29Dotnet() map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: dotnet@6\n      buildCommands:\n        - dotnet build -o app\n      deployFiles: app/~\n" +
			"    run:\n      base: dotnet@6\n      start: dotnet dotnet.dll\n      ports:\n        - port: 5000\n          httpSupport: true\n" +
			"      envVariables:\n        DB_NAME: db\n        DB_HOST: ${db_hostname}\n        DB_PORT: ${db_port}\n        DB_USER: ${db_user}\n        DB_PASS: ${db_password}\n" +
			"      healthCheck:\n        httpGet:\n          port: 5000\n          path: /status\n",
		"dotnet.csproj": "<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <PropertyGroup>\n    <TargetFramework>net6.0</TargetFramework>\n    <ImplicitUsings>enable</ImplicitUsings>\n  </PropertyGroup>\n" +
			"  <ItemGroup>\n    <PackageReference Include=\"Npgsql.EntityFrameworkCore.PostgreSQL\" Version=\"6.0.0\" />\n  </ItemGroup>\n</Project>\n",
		"Program.cs": "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\n\napp.MapGet(\"/status\", () => Results.Json(new { status = \"UP\" }));\n" +
			"app.MapGet(\"/\", () => Results.Json(new { count = 1 }));\n\napp.Run();\n",
		"appsettings.json": "{\n  \"AllowedHosts\": \"*\",\n  \"Kestrel\": {\n    \"Endpoints\": {\n      \"Http1\": { \"Url\": \"http://0.0.0.0:5000\" },\n      \"Http2\": { \"Url\": \"http://[::]:5000\" }\n    }\n  }\n}\n",
	}
}

// TestRecipe_DotnetWalk29: the recipe is unverified (the /status route
// its healthCheck asks is not read); Kestrel's endpoint in
// appsettings.json is fixed at its line for a localhost bind and a
// port, and a reference to no service is said, not failed. deployFiles
// `app` in place of `app/~` was answered "Make `run.start` name a file
// the build produces": `dotnet build -o app` is read as writing app, and
// the fix is `app/~` (dotnet app/dotnet.dll would miss appsettings.json).
func TestRecipe_DotnetWalk29(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: dotnet@6\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "the recipe", services: svc, dir: "api", target: "api", files: walk29Dotnet(), verdict: "unverified", reason: []string{"/status on port 5000"}, lacks: []string{"api is live"}},
		{name: "localhost", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Dotnet(), "appsettings.json::http://0.0.0.0:5000", "http://localhost:5000", "appsettings.json::http://[::]:5000", "http://localhost:5000"), verdict: "not-answering", next: []string{"appsettings.json, line 5"}},
		{name: "run.ports 8080", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Dotnet(), "- port: 5000", "- port: 8080", "port: 5000\n          path", "port: 8080\n          path"), verdict: "not-answering", next: []string{"`run.ports` and `run.healthCheck.httpGet.port` to 5000"}},
		{name: "deployFiles without tilde", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Dotnet(), "deployFiles: app/~", "deployFiles: app"), verdict: "not-answering",
			once: []string{"Deploy the folder's contents with `app/~` in `build.deployFiles` in place of `app`"}, lacks: []string{"Make `run.start` name a file the build produces"},
			then: []deployCase{{name: "app/~", files: walk29Dotnet(), verdict: "unverified"}}},
		{name: "a reference to no service", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Dotnet(), "${db_password}", "${database_password}"), verdict: "unverified", says: []string{"${database_password}", "the project has no service database"}},
	})
}

// walk29Python is the python recipe: app.py deployed under build.deploy
// (the old name of deployFiles), requirements.txt shipped to the run
// image's preparation, which installs them; python3 app.py runs Flask on
// 0.0.0.0:8000.
func walk29Python() map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: python@3.12\n      deploy:\n        - app.py\n      addToRunPrepare:\n        - requirements.txt\n" +
			"    run:\n      base: python@3.12\n      prepareCommands:\n        - python3 -m pip install --ignore-installed -r requirements.txt\n      start: python3 app.py\n" +
			"      ports:\n        - port: 8000\n          httpSupport: true\n      envVariables:\n        DB_HOST: ${db_hostname}\n        DB_PORT: ${db_port}\n" +
			"      healthCheck:\n        httpGet:\n          port: 8000\n          path: /status\n",
		"requirements.txt": "Flask==3.0.3\npsycopg2-binary==2.9.9\nwaitress==3.0.0\n",
		"app.py": "from flask import Flask, jsonify\nimport os\n\napp = Flask(__name__)\n\n@app.route('/')\ndef index():\n    return jsonify(host=os.getenv('DB_HOST'))\n\n" +
			"@app.route('/status')\ndef status():\n    return jsonify(status='UP')\n\nif __name__ == '__main__':\n    app.run(host='0.0.0.0', port=8000)\n",
	}
}

// TestRecipe_PythonWalk29: the recipe (build.deploy, addToRunPrepare)
// is unverified for its /status route alone; Flask bound to 127.0.0.1,
// requirements.txt left out of addToRunPrepare and a port off
// run.ports each get their own fix.
func TestRecipe_PythonWalk29(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: python@3.12\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "the recipe", services: svc, dir: "api", target: "api", files: walk29Python(), verdict: "unverified", reason: []string{"/status on port 8000"}, lacks: []string{"api is live"}},
		{name: "localhost", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Python(), "app.py::host='0.0.0.0'", "host='127.0.0.1'"), verdict: "not-answering", once: []string{"Flask's server binds 127.0.0.1"}},
		{name: "no addToRunPrepare", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Python(), "      addToRunPrepare:\n        - requirements.txt\n", ""), verdict: "build-failed", next: []string{"Add `addToRunPrepare: [requirements.txt]`"}},
		{name: "run.ports 5000", services: svc, dir: "api", target: "api", files: walk29Sub(walk29Python(), "- port: 8000", "- port: 5000", "port: 8000\n          path", "port: 5000\n          path"), verdict: "not-answering", next: []string{"listen on 5000"}},
	})
}

// walk29Go is the go-hello-world recipe: go build makes app, deployed
// under build.deploy; ./app runs gin on :8080.
func walk29Go() map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: helloworld\n    build:\n      base: go@1\n      buildCommands:\n        - go build -o app main.go\n      deploy: app\n" +
			"    run:\n      start: ./app\n      ports:\n        - port: 8080\n          httpSupport: true\n",
		"go.mod": "module helloworld\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
		"go.sum": "github.com/gin-gonic/gin v1.10.0 h1:nTuyha1TYqgedzytsKYqna+DfLos46nTv2ygFy86HFU=\ngithub.com/gin-gonic/gin v1.10.0/go.mod h1:4PMNQiOhvDRa013RKVbsiNwoyezlm2rm0uX/T7kzp5Y=\n",
		"main.go": "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\n\t\"github.com/gin-gonic/gin\"\n)\n\nfunc main() {\n\trouter := gin.Default()\n" +
			"\trouter.GET(\"/\", func(c *gin.Context) { c.String(http.StatusOK, \"Hello, World!\") })\n\tlog.Fatal(router.Run(\":8080\"))\n}\n",
	}
}

// TestRecipe_GoHelloWorldWalk29: the recipe is live. It sets no
// run.base (the run container is build.base's), so ZCP read none of its
// code for the fixes: gin bound to localhost was answered with a generic
// "Bind to 0.0.0.0 … Go `http.ListenAndServe(…)`" and a start naming
// another binary with "Make `run.start` name a file the build produces".
// With build.base standing for run.base, the bind is fixed at main.go's
// line and the start names ./app, which `go build -o app` makes.
func TestRecipe_GoHelloWorldWalk29(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: helloworld\n    type: go@1\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "the recipe", services: svc, dir: "hw", target: "helloworld", files: walk29Go(), verdict: "live"},
		{name: "localhost", services: svc, dir: "hw", target: "helloworld", files: walk29Sub(walk29Go(), "main.go::router.Run(\":8080\")", "router.Run(\"localhost:8080\")"), verdict: "not-answering",
			once: []string{"Change main.go, line 13 to bind 0.0.0.0 on port 8080"}, lacks: []string{"Go `http.ListenAndServe"},
			then: []deployCase{{name: "bound as the recipe is", files: walk29Go(), verdict: "live"}}},
		{name: "start names another binary", services: svc, dir: "hw", target: "helloworld", files: walk29Sub(walk29Go(), "start: ./app", "start: ./helloworld"), verdict: "not-answering",
			once: []string{"In `run.start`, run `./app` in place of `./helloworld`"}, lacks: []string{"Make `run.start` name a file the build produces"}},
		{name: "run.ports 3000", services: svc, dir: "hw", target: "helloworld", files: walk29Sub(walk29Go(), "- port: 8080", "- port: 3000"), verdict: "not-answering", next: []string{"change `run.ports` to 8080"}},
	})
}

// TestDeploy_GoFlagTheCodeDoesNotRead: walk 83 moved a Go app's default
// port to 9090 (it reads PORT, else "9090", and parses no flags) and
// started it with `./app --listen=:9090`; the answer blamed the flag and
// said to write --listen=:8080, "no PORT variable changes a port the
// command gives", and with that written called the app answering on 8080.
// A flag given to code that reads no command line is not where it
// listens: the code's address is, and its fix (PORT) is offered.
func TestDeploy_GoFlagTheCodeDoesNotRead(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: helloworld\n    type: go@1\n    enableSubdomainAccess: true\n"
	env := func(start string) map[string]string {
		files := walk29Sub(walk29Go(), "start: ./app", "start: "+start)
		files["main.go"] = "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\t\"os\"\n)\n\nfunc main() {\n\tport := os.Getenv(\"PORT\")\n\tif port == \"\" {\n\t\tport = \"9090\"\n\t}\n" +
			"\thttp.HandleFunc(\"/\", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(\"ok\")) })\n\tlog.Fatal(http.ListenAndServe(\":\"+port, nil))\n}\n"
		files["go.mod"], files["go.sum"] = "module helloworld\n\ngo 1.22\n", ""
		return files
	}
	runWalkCases(t, []deployCase{
		{name: "a flag it does not read", services: svc, dir: "hw", target: "helloworld", files: env("./app --listen=:8080"), verdict: "not-answering",
			next: []string{"PORT"}, lacks: []string{"--listen=:8080` instead", "no PORT variable changes"}, says: []string{"reads its port from PORT, which is not set, so it falls back to 9090"}},
	})
}
