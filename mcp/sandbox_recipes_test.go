package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// Apps shaped like the official Zerops recipes (zeropsio/recipe-*), written
// here from the facts they hold (zerops.yml keys, commands, port, entry
// layout), each deployed to appstage through zerops_deploy as an agent
// would; platform/appsim's TestRecipes_DeployAndBreak tries every mistake
// against the simulator itself, these go through MCP end to end.
var sandboxRecipes = []struct {
	name     string
	files    map[string]string
	mistakes []recipeMistake
}{
	{"nodejs", map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@20
      prepareCommands: [npm install -g typescript]
      buildCommands: [npm i, npm run build]
      deployFiles: [./dist, ./node_modules, ./package.json]
    run:
      base: nodejs@20
      ports: [{port: 3000, httpSupport: true}]
      envVariables:
        NODE_ENV: production
        DB_HOST: db
        DB_PASS: ${db_password}
      start: npm run start:prod
`,
		"package.json": `{"name": "api", "version": "1.0.0", "scripts": {"build": "tsc", "start:prod": "node ./dist/index.js"},
  "dependencies": {"express": "4", "pg": "8"}, "devDependencies": {"typescript": "5"}}`,
		"tsconfig.json": `{"compilerOptions": {"target": "es6", "module": "commonjs", "outDir": "./dist"}}`,
		"src/index.ts":  "import app from './app';\n\nconst port = process.env.PORT || 3000;\napp.listen(port, () => console.log(`up on ${port}`));\n",
		"src/app.ts":    "import express from 'express';\nimport { Client } from 'pg';\n\nconst app = express();\nexport default app;\n",
	}, []recipeMistake{
		{"dependencies not deployed", map[string]string{"zerops.yml": "./node_modules, |"}, platform.VerdictNotAnswering, "module-not-found-at-runtime"},
	}},
	{"ruby", map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      os: alpine
      base: ruby@3.4
      envVariables:
        BUNDLE_DEPLOYMENT: 1
      buildCommands: [bundle install]
      deployFiles: [.]
    run:
      os: alpine
      base: ruby@3.4
      envVariables:
        RACK_ENV: production
        DB_HOST: ${db_hostname}
        DB_PORT: ${db_port}
      ports: [{port: 8080, httpSupport: true}]
      start: bundle exec ruby app.rb
`,
		"Gemfile": "source 'https://rubygems.org'\n\ngem 'sinatra'\ngem 'pg'\ngem 'puma'\n",
		// The recipe ships its lock: BUNDLE_DEPLOYMENT needs it.
		"Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    pg (1.5.9)\n    puma (6.5.0)\n    sinatra (4.1.1)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  pg\n  puma\n  sinatra\n\nBUNDLED WITH\n   2.6.2\n",
		// it connects to db as it loads
		"app.rb": "require 'sinatra'\nrequire 'pg'\n\nDB = PG.connect(host: ENV['DB_HOST'], port: ENV['DB_PORT'])\nset :port, ENV['PORT'] || 8080\nset :bind, '0.0.0.0'\n\nget('/status') { 'UP' }\n",
	}, []recipeMistake{
		{"a reference to a missing service", map[string]string{"zerops.yml": "${db_hostname}|${database_hostname}"}, platform.VerdictNotAnswering, "host-not-found"},
		{"gems not deployed", map[string]string{"zerops.yml": "deployFiles: [.]|deployFiles: [app.rb, Gemfile]"}, platform.VerdictNotAnswering, "module-not-found-at-runtime"},
	}},
	{"rust", map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: rust@stable
      buildCommands: [cargo build --release]
      deployFiles: [./target/release/~/rust]
    run:
      base: rust@stable
      start: ./rust
      ports: [{port: 8080, httpSupport: true}]
      envVariables:
        DB_HOST: ${db_hostname}
`,
		"Cargo.toml": "[package]\nname = \"rust\"\nversion = \"0.1.0\"\n\n[dependencies]\nactix-web = \"4\"\n",
		"src/main.rs": "use actix_web::{App, HttpServer};\n\n#[actix_web::main]\nasync fn main() -> std::io::Result<()> {\n" +
			"    HttpServer::new(|| App::new())\n        .bind(\"[::]:8080\")?\n        .run()\n        .await\n}\n",
	}, []recipeMistake{
		{"localhost bind", map[string]string{"src/main.rs": `"[::]:8080"|"127.0.0.1:8080"`}, platform.VerdictNotAnswering, "listening-on-localhost"},
		{"build subcommand typo", map[string]string{"zerops.yml": "cargo build --release|cargo biuld --release"}, platform.VerdictBuildFailed, "build-command-failed"},
	}},
	{"django", map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      os: alpine
      base: python@3.12
      addToRunPrepare: [requirements.txt]
      deployFiles: [files/, recipe/, manage.py, gunicorn.conf.py]
    run:
      os: alpine
      base: python@3.12
      prepareCommands:
        - sudo apk add tzdata
        - pip install --no-cache-dir -r requirements.txt
      envVariables:
        DB_HOST: ${db_hostname}
      ports: [{port: 8000, httpSupport: true}]
      initCommands:
        - zsc execOnce migrate-${ZEROPS_appVersionId} -- python manage.py migrate
      start: gunicorn recipe.wsgi
`,
		"requirements.txt":   "Django==5.0.6\ngunicorn==22.0.0\n",
		"gunicorn.conf.py":   "module = \"recipe.wsgi\"\nbind = \"0.0.0.0:8000\"\n",
		"manage.py":          "import os\nimport sys\n\nif __name__ == '__main__':\n    from django.core.management import execute_from_command_line\n    execute_from_command_line(sys.argv)\n",
		"recipe/__init__.py": "",
		"recipe/wsgi.py":     "import os\n\nfrom django.core.wsgi import get_wsgi_application\n\napplication = get_wsgi_application()\n",
		"files/__init__.py":  "",
	}, []recipeMistake{
		{"dependencies not installed", map[string]string{"zerops.yml": "        - pip install --no-cache-dir -r requirements.txt\n|"}, platform.VerdictNotAnswering, "module-not-found-at-runtime"},
	}},
	{"nuxt-static", map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@20
      buildCommands: [yarn, yarn nuxi generate]
      deployFiles: [.output/public/~]
    run:
      base: static
`,
		"package.json":    `{"private": true, "scripts": {"generate": "nuxt generate"}, "devDependencies": {"nuxt": "^3.13.2"}}`,
		"yarn.lock":       "nuxt@^3.13.2:\n  version \"3.13.2\"\n",
		"nuxt.config.ts":  "export default defineNuxtConfig({})\n",
		"pages/index.vue": "<template><h1>hello</h1></template>\n",
	}, []recipeMistake{
		{"a script typo", map[string]string{"zerops.yml": "yarn nuxi generate|yarn generat"}, platform.VerdictBuildFailed, ""},
	}},
	{"php", map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: [php@8.3]
      buildCommands: [composer install --optimize-autoloader --no-dev]
      deployFiles: [./index.php, ./vendor]
    run:
      base: php-apache@8.3
      envVariables:
        DB_HOST: db
`,
		"composer.json": `{"require": {"ramsey/uuid": "^4.7"}}`,
		"index.php":     "<?php\nrequire 'vendor/autoload.php';\n\necho json_encode(['status' => 'UP']);\n",
	}, []recipeMistake{
		{"composer subcommand typo", map[string]string{"zerops.yml": "composer install|composer isntall"}, platform.VerdictBuildFailed, "build-command-failed"},
	}},
	{"java", map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: java@17
      buildCommands: [./mvnw clean install]
      deployFiles: [target/recipe-1.0.0.jar]
    run:
      base: java@17
      ports: [{port: 8080, httpSupport: true}]
      start: java -jar target/recipe-1.0.0.jar
`,
		"mvnw":    "#!/bin/sh\n",
		"pom.xml": "<project><artifactId>recipe</artifactId><version>1.0.0</version><parent><artifactId>spring-boot-starter-parent</artifactId></parent></project>\n",
		"src/main/resources/application.properties": "server.port=8080\nserver.address=0.0.0.0\n",
	}, nil},
	{"nestjs", map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@20
      buildCommands: [npm i, npm run build]
      deployFiles: [./dist, node_modules, package.json]
    run:
      base: nodejs@20
      ports: [{port: 3000, httpSupport: true}]
      envVariables:
        DATABASE_PASSWORD: ${db_password}
      start: npm run start:prod
`,
		"package.json": `{"name": "api", "version": "0.0.1", "scripts": {"build": "nest build", "start:prod": "node dist/main"},
  "dependencies": {"@nestjs/core": "10"}, "devDependencies": {"@nestjs/cli": "10", "typescript": "5"}}`,
		"nest-cli.json":       `{"sourceRoot": "src"}`,
		"tsconfig.json":       `{"compilerOptions": {"module": "commonjs", "outDir": "./dist"}}`,
		"tsconfig.build.json": `{"extends": "./tsconfig.json", "include": ["src/**/*.ts"]}`,
		"src/main.ts":         "import { NestFactory } from '@nestjs/core';\nimport { AppModule } from './app.module';\n\nNestFactory.create(AppModule).then((app) => app.listen(3000));\n",
		"src/app.module.ts":   "export class AppModule {}\n",
	}, []recipeMistake{
		{"wrong start file", map[string]string{"package.json": "node dist/main|node dist/mian"}, platform.VerdictNotAnswering, "start-file-missing"},
	}},
}

// recipeMistake changes a recipe's files: each value is "old|new", a
// replacement in that file.
type recipeMistake struct {
	name    string
	edits   map[string]string
	verdict platform.Verdict
	signal  string // the first diagnosis' signal; "": any
}

// Acceptance 1 and 2 end to end: each recipe deploys live (unverified for
// a TypeScript build, naming its compiler, whose types are not checked); each mistake
// ends in its verdict naming its signal, never live.
func TestSandbox_RecipesDeployAndBreak(t *testing.T) {
	t.Parallel()
	for _, rc := range sandboxRecipes {
		t.Run(rc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }})
			wd := h.ownApp(t, rc.files)
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, rc.name)
			check, _ := m["check"].(map[string]any)
			if m["verdict"] != string(platform.VerdictLive) && (m["verdict"] != string(platform.VerdictUnverified) ||
				!strings.Contains(str(check["reason"]), "compiles: type errors are not checked")) { // a TypeScript build's types are not checked
				t.Fatalf("the recipe's verdict is %v, want live (or unverified naming its compiler): %s", m["verdict"], text(res))
			}
			for _, mk := range rc.mistakes {
				broken := map[string]string{}
				for name, edit := range mk.edits {
					old, repl, _ := strings.Cut(edit, "|")
					if !strings.Contains(rc.files[name], old) {
						t.Fatalf("%s: %s lacks %q", mk.name, name, old)
					}
					broken[name] = strings.Replace(rc.files[name], old, repl, 1)
				}
				writeApp(t, wd, broken)
				res, m := h.callWith(t, context.Background(), "zerops_deploy", args, rc.name+"-"+mk.name)
				diags := m["diagnoses"]
				if check, ok := m["check"].(map[string]any); ok {
					diags = check["diagnoses"]
				}
				first := firstDiagnosis(diags)
				if m["verdict"] != string(mk.verdict) || mk.signal != "" && first["signal"] != mk.signal {
					t.Errorf("%s: verdict %v, first diagnosis %v; want %s naming %q:\n%s", mk.name, m["verdict"], first, mk.verdict, mk.signal, text(res))
				}
				writeApp(t, wd, rc.files)
			}
		})
	}
}
