package mcp_test

import (
	"cmp"
	"context"
	"strings"
	"testing"
)

// nestApp is the official nestjs-postgres-api recipe's app in short: built
// by `nest build` (tsconfig.build.json extends tsconfig.json, outDir
// ./dist), started by `npm run start:prod` (`node dist/main`), declared on
// port, its src/main.ts ending in listen.
func nestApp(port, listen string) map[string]string {
	return map[string]string{
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
        - port: ` + port + `
          httpSupport: true
      start: npm run start:prod
`,
		"package.json":         `{"name":"api","version":"0.0.0","scripts":{"prebuild":"rimraf dist","build":"nest build","start:prod":"node dist/main"},"dependencies":{"@nestjs/core":"8.0.0","@nestjs/common":"8.0.0","@nestjs/platform-express":"8.0.0","reflect-metadata":"0.1.13","rimraf":"3.0.2","rxjs":"7.2.0"},"devDependencies":{"@nestjs/cli":"8.0.0","typescript":"4.3.5"}}`,
		"nest-cli.json":        `{"collection": "@nestjs/schematics", "sourceRoot": "src"}`,
		"tsconfig.json":        `{"compilerOptions": {"module": "commonjs", "target": "es2017", "outDir": "./dist", "baseUrl": "./", "incremental": true}}`,
		"tsconfig.build.json":  `{"extends": "./tsconfig.json", "exclude": ["node_modules", "test", "dist", "**/*spec.ts"]}`,
		"src/main.ts":          "import { NestFactory } from '@nestjs/core';\nimport { AppModule } from './app.module';\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  app.enableCors();\n  await " + listen + ";\n}\nbootstrap();\n",
		"src/app.module.ts":    "import { Module } from '@nestjs/common';\n\n@Module({})\nexport class AppModule {}\n",
		"test/app.e2e-spec.ts": "import { AppModule } from './../src/app.module';\n\ndescribe('app', () => { it('runs', () => {}); });\n",
	}
}

// The official nestjs-postgres-api recipe starts `node dist/main`, which
// `nest build` compiles from src/main.ts: ZCP reads that source, so the
// port and bind fixes name its listen line, not a variable the code never
// reads (walk 15: "where the code reads a port variable, set it").
func TestDeploy_NestCompiledStartReadsItsSource(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "port written in src/main.ts", files: nestApp("8080", "app.listen(3000)"), verdict: "not-answering",
			says: []string{"src/main.ts, line 7", "Setting PORT alone changes nothing"}, signal: "wrong-port",
			lacks: []string{"where the code reads a port variable"}},
		{name: "localhost bound in src/main.ts", files: nestApp("3000", "app.listen(3000, '127.0.0.1')"), verdict: "not-answering",
			says: []string{"src/main.ts, line 7", "app.listen(3000, '0.0.0.0')"}, signal: "listening-on-localhost",
			lacks: []string{"HOST=0.0.0.0"}},
	})
}

// springApp is the official spring recipe's api in short: Maven (the
// wrapper) packages target/api.jar (pom.xml's finalName), deployFiles
// deploy, the start runs start, run.ports declare port.
func springApp(port, deploy, start string) map[string]string {
	return map[string]string{
		"_import": "services:\n  - hostname: api\n    type: java@21\n",
		"_target": "api",
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: java@21\n      buildCommands:\n        - ./mvnw clean install --define maven.test.skip\n" +
			"      deployFiles:\n        - " + deploy + "\n    run:\n      base: java@21\n      ports:\n        - port: " + port + "\n          httpSupport: true\n      start: " + start + "\n",
		"mvnw": "#!/bin/sh\nexec mvn \"$@\"\n",
		"pom.xml": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<project>\n  <modelVersion>4.0.0</modelVersion>\n  <parent>\n    <groupId>org.springframework.boot</groupId>\n" +
			"    <artifactId>spring-boot-starter-parent</artifactId>\n    <version>3.3.2</version>\n  </parent>\n  <groupId>io.zerops</groupId>\n  <artifactId>recipespring</artifactId>\n" +
			"  <version>0.0.1-SNAPSHOT</version>\n  <properties>\n    <java.version>21</java.version>\n  </properties>\n  <dependencies>\n    <dependency>\n" +
			"      <groupId>org.springframework.boot</groupId>\n      <artifactId>spring-boot-starter-web</artifactId>\n    </dependency>\n  </dependencies>\n" +
			"  <packaging>jar</packaging>\n  <build>\n    <finalName>api</finalName>\n    <plugins>\n      <plugin>\n        <groupId>org.springframework.boot</groupId>\n" +
			"        <artifactId>spring-boot-maven-plugin</artifactId>\n      </plugin>\n    </plugins>\n  </build>\n</project>\n",
		"src/main/java/io/zerops/recipespring/RecipeSpringApplication.java": "package io.zerops.recipespring;\n\nimport org.springframework.boot.SpringApplication;\n" +
			"import org.springframework.boot.autoconfigure.SpringBootApplication;\n\n@SpringBootApplication\npublic class RecipeSpringApplication {\n" +
			"    public static void main(String[] args) {\n        SpringApplication.run(RecipeSpringApplication.class, args);\n    }\n}\n",
		"src/main/resources/application.properties": "spring.application.name=recipe-spring\n",
	}
}

// The official spring recipe's api bound to a local address by its config
// (server.address in application.properties or application.yml): Spring
// Boot's log shows no address, and the answer names the config's line to
// change (walk 15: "the log since its latest start names no cause"); so
// does a port its config sets (server.port) other than run.ports'.
func TestDeploy_SpringConfigLineNamed(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, file, config, want, port string }{
		{"properties", "src/main/resources/application.properties", "spring.application.name=recipe-spring\nserver.address=127.0.0.1\n",
			"src/main/resources/application.properties, line 2) binds 127.0.0.1, which nothing outside the container reaches: change it to `server.address=0.0.0.0`", ""},
		{"yaml", "src/main/resources/application.yml", "spring:\n  application:\n    name: recipe-spring\nserver:\n  address: localhost\n",
			"src/main/resources/application.yml, line 5) binds localhost, which nothing outside the container reaches: change it to `address: 0.0.0.0`", ""},
		{"port in properties", "src/main/resources/application.properties", "spring.application.name=recipe-spring\nserver.port=3000\n",
			"Change `server.port=3000` in src/main/resources/application.properties, line 2 to `server.port=8080`", ""},
		{"port in yaml", "src/main/resources/application.yml", "server:\n  port: 8080\n",
			"Change `port: 8080` in src/main/resources/application.yml, line 2 to `port: 3000`", "3000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := springApp(cmp.Or(tt.port, "8080"), "./target/api.jar", "java -jar target/api.jar")
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": files["_import"]}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			delete(files, "_import")
			delete(files, "_target")
			delete(files, "src/main/resources/application.properties")
			files[tt.file] = tt.config
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api"}, "deploy")
			if m["verdict"] != "not-answering" || !strings.Contains(str(m["next"]), tt.want) {
				t.Errorf("verdict %v; next lacks %q: %s", m["verdict"], tt.want, text(res))
			}
		})
	}
}

// The official spring recipe's build packages target/api.jar (pom.xml's
// finalName): a start or deployFiles that miss it are answered with the
// path, not the generic "name a file the build produces" (walk 15).
func TestDeploy_SpringJarPathNamed(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, deploy, start, want string }{
		{"start names the jar without its folder", "./target/api.jar", "java -jar api.jar",
			"name `target/api.jar` in place of `api.jar` (`java -jar target/api.jar`)"},
		{"deployFiles lack the jar", "./pom.xml", "java -jar target/api.jar",
			"Add `./target/api.jar` to `build.deployFiles`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := springApp("8080", tt.deploy, tt.start)
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": files["_import"]}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			delete(files, "_import")
			delete(files, "_target")
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api"}, "deploy")
			if m["verdict"] != "not-answering" || !strings.Contains(str(m["next"]), tt.want) {
				t.Errorf("verdict %v; next lacks %q: %s", m["verdict"], tt.want, text(res))
			}
		})
	}
}

// A Gleam app whose DB_HOST references a service the project lacks
// fails in its runtime's words, not Node's (walk 15: "Error: getaddrinfo
// ENOTFOUND postgres" for the gleam recipe), and the fix keeps the
// variable and names the database that is there.
func TestDeploy_GleamHostNotFoundInItsOwnWords(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: gleam@1.5\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	h.ownApp(t, map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: gleam@1.5\n      buildCommands:\n        - gleam export erlang-shipment\n      deployFiles: build/erlang-shipment/~\n" +
			"    run:\n      base: gleam@1.5\n      envVariables:\n        DB_HOST: ${postgres_hostname}\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: ./entrypoint.sh run\n",
		"gleam.toml": "name = \"app\"\nversion = \"1.0.0\"\n\n[dependencies]\nmist = \">= 3.0.0 and < 4.0.0\"\nmug = \">= 1.0.0 and < 2.0.0\"\nenvoy = \">= 1.0.0 and < 2.0.0\"\n",
		// main connects to DB_HOST as it starts, on the line that reads it
		"src/app.gleam": "import envoy\nimport gleam/result\nimport mist\nimport mug\n\npub fn main() {\n  let assert Ok(_) = mug.new(result.unwrap(envoy.get(\"DB_HOST\"), \"\"), port: 5432) |> mug.connect()\n  let assert Ok(_) =\n    handler\n    |> mist.new\n    |> mist.bind(\"0.0.0.0\")\n    |> mist.port(3000)\n    |> mist.start_http\n  process.sleep_forever()\n}\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api"}, "deploy")
	answer := text(res)
	check, _ := m["check"].(map[string]any)
	if d := firstDiagnosis(check["diagnoses"]); m["verdict"] != "not-answering" || d["signal"] != "host-not-found" {
		t.Fatalf("verdict %v, first diagnosis %v; want not-answering, host-not-found: %s", m["verdict"], d, answer)
	}
	for _, node := range []string{"ENOTFOUND", "getaddrinfo", "Node"} {
		if strings.Contains(answer, node) {
			t.Errorf("the answer has Node's %q for a Gleam app: %s", node, answer)
		}
	}
	if next := str(m["next"]); !strings.Contains(next, "keep DB_HOST and reference ${db_hostname}") {
		t.Errorf("next does not keep DB_HOST and name db: %s", next)
	}
}

// The official meilisearch recipe's server listens where MEILI_HTTP_ADDR
// says (HOST:PORT; localhost:7700 when unset): the sandbox reads it, so a
// local address there is diagnosed as a bind, a port there other than
// run.ports' as a wrong port; the recipe's own "[::]:7700" answers but stays
// unverified: the downloaded binary is not read (walk 15: the address
// was not read either, and a local one went unnoticed).
func TestDeploy_MeilisearchHTTPAddr(t *testing.T) {
	t.Parallel()
	meili := func(port, addr string) map[string]string {
		env := ""
		if addr != "" {
			env = "      envVariables:\n        MEILI_HTTP_ADDR: \"" + addr + "\"\n"
		}
		return map[string]string{"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands:\n        - curl -L https://install.meilisearch.com | sh\n" +
			"      deployFiles:\n        - meilisearch\n    run:\n      base: nodejs@22\n      ports:\n        - port: " + port + "\n          httpSupport: true\n" + env + "      start: ./meilisearch\n"}
	}
	runDeployCases(t, []deployCase{
		{name: "the recipe's every address", files: meili("7700", "[::]:7700"), verdict: "unverified", says: []string{"meilisearch binary"}},
		{name: "a local address", files: meili("7700", "127.0.0.1:7700"), verdict: "not-answering", signal: "listening-on-localhost",
			next: []string{`set MEILI_HTTP_ADDR: "0.0.0.0:7700" in ` + "`run.envVariables`"}, lacks: []string{"Node", "HOST=0.0.0.0"}},
		{name: "unset: localhost", files: meili("7700", ""), verdict: "not-answering", signal: "listening-on-localhost",
			next: []string{`set MEILI_HTTP_ADDR: "0.0.0.0:7700"`}},
		{name: "another port", files: meili("7700", "0.0.0.0:8108"), verdict: "not-answering", signal: "wrong-port",
			says: []string{"8108", "7700"}, next: []string{`set MEILI_HTTP_ADDR: "0.0.0.0:7700"`}},
	})
}

// The official spring recipe writes DB_PASSWORD: $db_password, without
// braces; zeropsio/docs document only ${db_password}. Whether the platform
// expands the bare form is not known here, so the sandbox neither calls it
// broken nor calls the deploy live on it: unverified, naming the reference
// and the documented form; the braced form goes live.
func TestDeploy_BracelessReferenceUnverified(t *testing.T) {
	t.Parallel()
	tests := []struct{ ref, verdict string }{{"$db_password", "unverified"}, {"${db_password}", "live"}}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DB_PASSWORD: "+tt.ref)})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			if tt.verdict == "live" {
				return
			}
			for _, w := range []string{"DB_PASSWORD holds $db_password", "document only ${hostname_key}"} {
				if !strings.Contains(answer, w) {
					t.Errorf("the answer lacks %q: %s", w, answer)
				}
			}
			if strings.Contains(answer, "left as written") || strings.Contains(answer, "nothing in the project resolves") {
				t.Errorf("the answer calls the bare reference broken: %s", answer)
			}
		})
	}
}
