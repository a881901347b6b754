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
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: gleam@1.5\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	h.ownApp(t, map[string]string{
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
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api"}, "port")
	answer := text(res)
	if m["verdict"] != "not-answering" {
		t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], answer)
	}
	next := str(m["next"])
	if strings.Contains(next, "where the code reads a port variable") || !strings.Contains(next, "Setting PORT alone changes nothing") {
		t.Errorf("next offers a PORT variable the code never reads: %s", next)
	}
	if !strings.Contains(answer, "src/app.gleam, line 8") {
		t.Errorf("the answer does not name src/app.gleam, line 8: %s", answer)
	}
}

// The official nestjs-postgres-api recipe builds with `nest build`, which
// compiles tsconfig.build.json: it extends tsconfig.json and excludes test
// and *spec.ts, so src/main.ts lands at dist/main.js, where `node dist/main`
// finds it (walk 15: the sandbox compiled test/ too, put main at
// dist/src/main.js and called the recipe's start file missing).
func TestDeploy_NestBuildHonoursExclude(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, exclude, verdict string
	}{
		{"RecipeExclude", `["node_modules", "test", "dist", "**/*spec.ts"]`, "live"},
		// Without the exclude, tsc compiles test/ too: the common root is
		// the project's, and main lands at dist/src/main.js.
		{"NoExclude", `["node_modules", "dist"]`, "not-answering"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
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
				"tsconfig.build.json":  fmt.Sprintf(`{"extends": "./tsconfig.json", "exclude": %s}`, tt.exclude),
				"src/main.ts":          "import { NestFactory } from '@nestjs/core';\nimport { AppModule } from './app.module';\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  await app.listen(3000);\n}\nbootstrap();\n",
				"src/app.module.ts":    "import { Module } from '@nestjs/common';\n\n@Module({})\nexport class AppModule {}\n",
				"test/app.e2e-spec.ts": "import { AppModule } from './../src/app.module';\n\ndescribe('app', () => { it('runs', () => {}); });\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "nest")
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
		})
	}
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
