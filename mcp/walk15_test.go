package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// The official gleam recipe's server writes its port in the code
// (`|> mist.port(3000)`, its own line of the builder): declared on another
// port, the fix names that line and does not offer a PORT variable the code
// never reads (walk 15: "where the code reads a port variable, set it
// (PORT: \"8080\")", and the next deploy failed the same way).
func TestDeploy_GleamMistPortLiteral(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{{name: "port 8080", services: "services:\n  - hostname: api\n    type: gleam@1.5\n", target: "api",
		files: map[string]string{
			"zerops.yml": `zerops:
  - setup: api
    build:
      base: gleam@1.5
      buildCommands:
        - gleam export erlang-shipment
      deployFiles: build/erlang-shipment/~
    run:
      base: gleam@1.5
      ports:
        - port: 8080
          httpSupport: true
      start: ./entrypoint.sh run
`,
			"gleam.toml":    "name = \"app\"\nversion = \"1.0.0\"\n\n[dependencies]\nmist = \">= 3.0.0 and < 4.0.0\"\n",
			"src/app.gleam": "import mist\n\npub fn main() {\n  let assert Ok(_) =\n    handler\n    |> mist.new\n    |> mist.bind(\"0.0.0.0\")\n    |> mist.port(3000)\n    |> mist.start_http\n  process.sleep_forever()\n}\n",
		},
		verdict: "not-answering", next: []string{"Setting PORT alone changes nothing"}, says: []string{"src/app.gleam, line 8"},
		and: func(t *testing.T, _ string, m map[string]any) {
			if next := str(m["next"]); strings.Contains(next, "where the code reads a port variable") {
				t.Errorf("next offers a PORT variable the code never reads: %s", next)
			}
		}}})
}

// The official nestjs-postgres-api recipe builds with `nest build`, which
// compiles tsconfig.build.json: it extends tsconfig.json and excludes test
// and *spec.ts, so src/main.ts lands at dist/main.js, where `node dist/main`
// finds it (walk 15: the sandbox compiled test/ too, put main at
// dist/src/main.js and called the recipe's start file missing).
func TestDeploy_NestBuildHonoursExclude(t *testing.T) {
	t.Parallel()
	row := func(name, exclude, verdict string) deployCase {
		return deployCase{name: name, target: "appstage", verdict: verdict, files: map[string]string{
			"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands:
        - npm i
        - npm run build
      deployFiles:
        - ./dist
        - node_modules
        - package.json
    run:
      base: nodejs@22
      ports:
        - port: 3000
          httpSupport: true
      start: npm run start:prod
`,
			"package.json":         `{"name":"api","version":"0.0.0","scripts":{"prebuild":"rimraf dist","build":"nest build","start:prod":"node dist/main"},"dependencies":{"@nestjs/core":"8.0.0","@nestjs/common":"8.0.0","@nestjs/platform-express":"8.0.0","reflect-metadata":"0.1.13","rimraf":"3.0.2","rxjs":"7.2.0"},"devDependencies":{"@nestjs/cli":"8.0.0","typescript":"4.3.5"}}`,
			"nest-cli.json":        `{"collection": "@nestjs/schematics", "sourceRoot": "src"}`,
			"tsconfig.json":        `{"compilerOptions": {"module": "commonjs", "target": "es2017", "outDir": "./dist", "baseUrl": "./", "incremental": true}}`,
			"tsconfig.build.json":  fmt.Sprintf(`{"extends": "./tsconfig.json", "exclude": %s}`, exclude),
			"src/main.ts":          "import { NestFactory } from '@nestjs/core';\nimport { AppModule } from './app.module';\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  await app.listen(3000);\n}\nbootstrap();\n",
			"src/app.module.ts":    "import { Module } from '@nestjs/common';\n\n@Module({})\nexport class AppModule {}\n",
			"test/app.e2e-spec.ts": "import { AppModule } from './../src/app.module';\n\ndescribe('app', () => { it('runs', () => {}); });\n",
		}}
	}
	runWalkCases(t, []deployCase{
		row("RecipeExclude", `["node_modules", "test", "dist", "**/*spec.ts"]`, "unverified"), // nest build's types are not checked
		// Without the exclude, tsc compiles test/ too: the common root is
		// the project's, and main lands at dist/src/main.js.
		row("NoExclude", `["node_modules", "dist"]`, "not-answering"),
	})
}

// A setup's envVariables written beside build and run (the official
// nestjs-postgres-api recipe's older form) is outside the schema; the fix
// moves it under run, where the app reads it, and never says only to
// remove it, which would drop the app's DB_URL (walk 15).
func TestValidate_SetupLevelEnvVariablesMovesUnderRun(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "zerops:\n  - setup: api\n    envVariables:\n      DB_URL: ${db_connectionString}/${db_hostname}\n    build:\n      base: nodejs@18\n      buildCommands: [npm i]\n      deployFiles: ./\n    run:\n      start: npm start\n"
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	answer := text(res)
	if m["valid"] != false {
		t.Fatalf("valid %v, want false (the schema has no setup-level envVariables): %s", m["valid"], answer)
	}
	if !strings.Contains(answer, "run.envVariables") || strings.Contains(answer, "Remove it;") {
		t.Errorf("the fix does not move envVariables under run: %s", answer)
	}
}

// The official adonisjs-postgres-api recipe's zerops.yml is of the older
// form (the hostname as the top-level key, build.build, build.deploy):
// the fix moves it into the zerops: list, and never says only to remove
// the key, which would drop the whole setup (walk 15).
func TestValidate_OlderFormMovesIntoZeropsList(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "api:\n  build:\n    base: [ nodejs@14 ]\n    build:\n      - npm i\n      - npm run build\n    deploy: [ './build/~', 'node_modules' ]\n    cache: [ 'node_modules' ]\n  run:\n    start: npm start\n"
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml, "kind": "zerops.yml"})
	answer := text(res)
	if m["valid"] != false {
		t.Fatalf("valid %v, want false: %s", m["valid"], answer)
	}
	if strings.Contains(answer, "Remove it;") || !strings.Contains(answer, "- setup: api") || !strings.Contains(answer, "buildCommands") {
		t.Errorf("the fix does not move the setup into the zerops: list: %s", answer)
	}
}

// After zerops_delete of db, an app whose zerops.yml references db the way
// the official spring recipe writes it (`DB_PASSWORD: $db_password`, no
// braces, beside `DB_HOST: db`) fails to start; the deploy's answer says db
// was deleted a moment ago and names its backup and the way back, and never
// offers db as the service to point at (walk 15: "…becomes
// ${db_connectionString} when the database service is db", with db just
// deleted). The delete's own guard names that variable too.
func TestDeletedService_LiteralHostNamesTheWayBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DB_HOST: db\n        DB_PASSWORD: $db_password")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	deploy := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	if res, m := h.callWith(t, ctx, "zerops_deploy", deploy, "v1"); m["verdict"] != "unverified" { // the bare form: see TestDeploy_BracelessReferenceUnverified
		t.Fatalf("deploy v1: %s", text(res))
	}
	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"}); res.IsError {
		t.Fatalf("backup: %s", text(res))
	}
	if res, _ := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "db"}); !strings.Contains(text(res), "DB_PASSWORD") {
		t.Errorf("the delete's guard does not name DB_PASSWORD ($db_password): %s", text(res))
	}
	if res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del"); res.IsError {
		t.Fatalf("delete: %s", text(res))
	}
	res, m := h.callWith(t, ctx, "zerops_deploy", deploy, "v2")
	answer := text(res)
	if m["verdict"] != "not-answering" {
		t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], answer)
	}
	for _, w := range []string{"db (postgresql@16) was deleted", "its latest backup is db-", "type postgresql:single@16)", "then restore its backup db-", "DB_PASSWORD"} {
		if !strings.Contains(answer, w) {
			t.Errorf("the deploy's answer lacks %q: %s", w, answer)
		}
	}
	if n := strings.Count(answer, "then restore its backup db-"); n != 1 {
		t.Errorf("the answer states the way back %d times, want once: %s", n, answer)
	}
	if strings.Contains(answer, "when the database service is db") {
		t.Errorf("the answer offers db, just deleted, as the service to point at: %s", answer)
	}
}

// The official meilisearch recipe deploys a setup with run.base go@1 (and
// os: ubuntu) to a service of type ubuntu@22.04: a bare OS service runs
// what the run base brings, and the platform runs that recipe, so neither
// zerops_validate nor the deploy warns against it (walk 15: "go@1 is
// another runtime than ubuntu@22.04 … fix the 1 zerops.yml warning").
func TestValidate_RuntimeBaseOnAnOSServiceNotWarned(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	if res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: meilisearch\n    type: ubuntu@22.04\n    enableSubdomainAccess: true\n"}); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	yml := "zerops:\n  - setup: meilisearch\n    build:\n      buildCommands:\n        - curl -L https://install.meilisearch.com | sh\n      deployFiles:\n       - meilisearch\n" +
		"    run:\n      os: ubuntu\n      base: go@1\n      ports:\n        - protocol: tcp\n          port: 7700\n          httpSupport: true\n      envVariables:\n        MEILI_HTTP_ADDR: \"[::]:7700\"\n      start: ./meilisearch\n"
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	if m["valid"] != true || strings.Contains(text(res), "another runtime") {
		t.Errorf("the official recipe's run.base is refused or warned against: %s", text(res))
	}
}

// Services imported with buildFromGit (an official recipe's import, or an
// export re-imported) are built from their repository by the platform: the
// import's next step does not send them to zerops_deploy, which the
// export's own answer says they do not need (walk 15: "deploy runtimes with
// zerops_deploy" after importing only buildFromGit services); a runtime
// without a repository still gets the deploy.
func TestImport_BuildFromGitNotSentToDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: java@21\n    buildFromGit: https://github.com/zeropsio/recipe-spring\n  - hostname: web\n    type: nodejs@22\n"}, "imp")
	if res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	next := str(m["next"])
	if !strings.Contains(next, "api builds from its buildFromGit repository") {
		t.Errorf("next does not say api builds from its repository: %s", next)
	}
	if strings.Contains(next, "deploy api") || !strings.Contains(next, "Any other runtime imported here") {
		t.Errorf("next does not keep zerops_deploy for the runtime without a repository only: %s", next)
	}
}
