package appsim_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// Apps shaped like the official Zerops recipes (zeropsio/recipe-*), written
// here from the facts they hold — each one's zerops.yml keys, build and
// start commands, port and entry layout — not copied: the smallest files
// that make the same shape.

// recipe is an app as its zerops.yml and uploaded files set it up.
type recipe struct {
	setup appsim.Setup
	files map[string]string
	env   map[string]string // the containers' environment (references resolved)
	port  int               // the port probed: run.ports' first, 80 for a web server
	// missing is a host a reference names that the project has no service
	// of (what the fake's start environment finds).
	missing string
}

// mistake is a realistic change to a recipe that breaks it.
type mistake struct {
	name   string
	change func(r *recipe)
	want   string // the verdict: build-failed, not-answering or unverified
	line   string // in the build's or the runtime's lines
}

// verdict is what a sandbox deploy of r ends in, and the lines it logs.
func verdict(r recipe) (string, string) {
	d := r.setup
	fs := files(r.files)
	b := appsim.Build(&d, fs, fixedTime)
	var log []string
	for _, l := range b.Lines {
		log = append(log, l.Msg)
	}
	if b.Failure != "" {
		return "build-failed", strings.Join(append(log, b.Failure), "\n")
	}
	prepFiles, made := appsim.RunPrepFiles(&d, fs, b.Produced)
	lines, failure := appsim.RunPrepare(&d, d.RunBase, prepFiles, made)
	for _, l := range lines {
		log = append(log, l.Msg)
	}
	if failure != "" {
		return "build-failed", strings.Join(append(log, failure), "\n")
	}
	env := map[string]string{}
	maps.Copy(env, d.EnvVariables)
	maps.Copy(env, r.env)
	run := appsim.Run(&d, files(r.files), &b, d.RunBase, appsim.Env{Vars: env, MissingHost: r.missing}, "seed")
	for _, l := range append(run.Crash, run.Lines...) {
		log = append(log, l.Msg)
	}
	log = append(log, appsim.ListenLines(run)...)
	if run.Web != nil && run.Web.Fatal != nil {
		for _, l := range run.Web.Fatal {
			log = append(log, l.Msg)
		}
	}
	text := strings.Join(append(log, run.Unchecked...), "\n")
	switch {
	case run.Crash != nil || !run.Answers(r.port):
		return "not-answering", text
	case run.Web != nil && (!run.Web.Serves("/") || run.Web.Fatal != nil && run.Web.RunsPHP("/")):
		return "not-answering", text
	case len(run.Unchecked) > 0:
		return "unverified", text
	}
	return "live", text
}

// clone is a deep copy of r that a mistake may change.
func (r recipe) clone() recipe {
	out := r
	out.files = maps.Clone(r.files)
	out.env = maps.Clone(r.env)
	d := &out.setup
	d.BuildCommands = slices.Clone(d.BuildCommands)
	d.DeployFiles = slices.Clone(d.DeployFiles)
	d.Ports = slices.Clone(d.Ports)
	d.EnvVariables = maps.Clone(d.EnvVariables)
	d.Prep.RunPrepare = slices.Clone(d.Prep.RunPrepare)
	d.Prep.ToRunPrep = slices.Clone(d.Prep.ToRunPrep)
	d.Prep.Init = slices.Clone(d.Prep.Init)
	return out
}

// replaceIn replaces old with new in the file name of r.
func replaceIn(r *recipe, name, old, new string) {
	if !strings.Contains(r.files[name], old) {
		panic(name + " lacks " + old)
	}
	r.files[name] = strings.Replace(r.files[name], old, new, 1)
}

// dropDeploy removes entry from r's deployFiles.
func dropDeploy(r *recipe, entry string) {
	if !slices.Contains(r.setup.DeployFiles, entry) {
		panic("deployFiles lack " + entry)
	}
	r.setup.DeployFiles = slices.DeleteFunc(r.setup.DeployFiles, func(e string) bool { return e == entry })
}

var http = func(port int) []appsim.Port { return []appsim.Port{{Port: port, HTTP: true}} }

// recipeNodejs: an Express API in TypeScript, compiled by tsc to dist/.
func recipeNodejs() recipe {
	return recipe{port: 3000, setup: appsim.Setup{
		BuildBase: "nodejs@20", BuildBases: []string{"nodejs@20"}, RunBase: "nodejs@20",
		Prep:          appsim.Prep{BuildPrepare: []string{"npm install -g typescript"}},
		BuildCommands: []string{"npm i", "npm run build"},
		DeployFiles:   []string{"./dist", "./node_modules", "./package.json"},
		Start:         "npm run start:prod", Ports: http(3000),
		EnvVariables: map[string]string{"NODE_ENV": "production", "DB_HOST": "db", "DB_PASS": "secret"},
	}, files: map[string]string{
		"package.json": `{"name": "api", "version": "1.0.0", "scripts": {"build": "tsc", "start:prod": "node ./dist/index.js", "dev": "nodemon ./src/index.ts"},
  "dependencies": {"express": "4", "pg": "8"}, "devDependencies": {"typescript": "5", "@types/express": "5"}}`,
		"package-lock.json": "{}",
		"tsconfig.json":     `{"compilerOptions": {"target": "es6", "module": "commonjs", "outDir": "./dist", "strict": true}}`,
		"src/index.ts":      "import app from './app';\n\nconst port = process.env.PORT || 3000;\n\napp.listen(port, () => console.log(`up on ${port}`));\n",
		"src/app.ts":        "import express from 'express';\nimport { query } from './db';\n\nconst app = express();\napp.get('/status', (_, res) => res.send('UP'));\nexport default app;\n",
		"src/db.ts":         "import { Client } from 'pg';\nimport { settings } from './config';\n\nexport const query = (q: string) => new Client(settings).query(q);\n",
		"src/config.ts":     "export const settings = { host: process.env.DB_HOST, password: process.env.DB_PASS };\n",
	}}
}

// recipeNuxtStatic: a Nuxt site generated by yarn to .output/public.
func recipeNuxtStatic() recipe {
	return recipe{port: 80, setup: appsim.Setup{
		BuildBase: "nodejs@20", BuildBases: []string{"nodejs@20"}, RunBase: "static",
		BuildCommands: []string{"yarn", "yarn nuxi generate"},
		DeployFiles:   []string{".output/public/~"},
	}, files: map[string]string{
		"package.json":    `{"private": true, "scripts": {"build": "nuxt build", "generate": "nuxt generate", "dev": "nuxt dev"}, "devDependencies": {"nuxt": "^3.13.2"}}`,
		"yarn.lock":       "nuxt@^3.13.2:\n  version \"3.13.2\"\n",
		"nuxt.config.ts":  "export default defineNuxtConfig({ ssr: true });\n",
		"pages/index.vue": "<template><h1>hello</h1></template>\n",
	}}
}

// recipeRuby: a Sinatra app with its gems installed by bundler.
func recipeRuby() recipe {
	env := map[string]string{"RACK_ENV": "production", "BUNDLE_DEPLOYMENT": "1", "BUNDLE_WITHOUT": "development"}
	run := maps.Clone(env)
	maps.Copy(run, map[string]string{"DB_HOST": "$db_hostname", "DB_PORT": "$db_port"})
	return recipe{port: 8080, env: map[string]string{"DB_HOST": "db", "DB_PORT": "5432"}, setup: appsim.Setup{
		BuildBase: "ruby@3.4", BuildBases: []string{"ruby@3.4"}, RunBase: "ruby@3.4",
		Prep:          appsim.Prep{BuildOS: "alpine", RunOS: "alpine"},
		BuildCommands: []string{"bundle install"}, DeployFiles: []string{"."},
		Start: "bundle exec ruby app.rb", Ports: http(8080), EnvVariables: run,
	}, files: map[string]string{
		"Gemfile":      "source 'https://rubygems.org'\n\ngem 'sinatra'\ngem 'pg'\ngem 'puma'\ngem 'rackup'\n",
		"Gemfile.lock": "GEM\n  specs:\n    sinatra (4.1.1)\n",
		"app.rb": "require 'sinatra'\nrequire 'pg'\n\nset :port, ENV['PORT'] || 8080\nset :bind, '0.0.0.0'\n\n" +
			"get '/status' do\n  'UP'\nend\n",
	}}
}

// recipeRust: an actix-web API built by cargo, its binary deployed alone.
func recipeRust() recipe {
	return recipe{port: 8080, setup: appsim.Setup{
		BuildBase: "rust@stable", BuildBases: []string{"rust@stable"}, RunBase: "rust@stable",
		BuildCommands: []string{"cargo build --release"}, DeployFiles: []string{"./target/release/~/rust"},
		Start: "./rust", Ports: http(8080), EnvVariables: map[string]string{"DB_HOST": "db"},
	}, files: map[string]string{
		"Cargo.toml": "[package]\nname = \"rust\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nactix-web = \"4\"\n",
		"Cargo.lock": "version = 3\n",
		"src/main.rs": "use actix_web::{web, App, HttpResponse, HttpServer};\n\n#[actix_web::main]\nasync fn main() -> std::io::Result<()> {\n" +
			"    HttpServer::new(|| App::new().route(\"/status\", web::get().to(|| async { HttpResponse::Ok().body(\"UP\") })))\n" +
			"        .bind(\"[::]:8080\")?\n        .run()\n        .await\n}\n",
	}}
}

// recipeDjango: a Django project served by gunicorn, its packages installed
// into the run image from requirements.txt.
func recipeDjango() recipe {
	return recipe{port: 8000, env: map[string]string{"DB_HOST": "db"}, setup: appsim.Setup{
		BuildBase: "python@3.12", BuildBases: []string{"python@3.12"}, RunBase: "python@3.12",
		DeployFiles: []string{"files/", "recipe/", "manage.py", "gunicorn.conf.py"},
		Prep: appsim.Prep{BuildOS: "alpine", RunOS: "alpine", ToRunPrep: []string{"requirements.txt"},
			RunPrepare: []string{"sudo apk add tzdata", "pip install --no-cache-dir -r requirements.txt"},
			Init:       []string{"zsc execOnce migrate-${ZEROPS_appVersionId} -- python manage.py migrate"}},
		Start: "gunicorn recipe.wsgi", Ports: http(8000),
		EnvVariables: map[string]string{"PYTHONUNBUFFERED": "1", "DB_HOST": "$db_hostname"},
	}, files: map[string]string{
		"requirements.txt": "Django==5.0.6\ngunicorn==22.0.0\npsycopg[binary]==3.1.19\n",
		"gunicorn.conf.py": "module = \"recipe.wsgi\"\nbind = \"0.0.0.0:8000\"\naccesslog = \"-\"\n",
		"manage.py": "#!/usr/bin/env python\nimport os\nimport sys\n\nif __name__ == '__main__':\n" +
			"    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'recipe.settings')\n" +
			"    from django.core.management import execute_from_command_line\n    execute_from_command_line(sys.argv)\n",
		"recipe/__init__.py": "",
		"recipe/settings.py": "import os\n\nINSTALLED_APPS = ['files']\nROOT_URLCONF = 'recipe.urls'\nDATABASES = {'default': {'HOST': os.environ.get('DB_HOST')}}\n",
		"recipe/urls.py":     "from django.urls import include, path\n\nurlpatterns = [path('', include('files.urls'))]\n",
		"recipe/wsgi.py":     "import os\n\nfrom django.core.wsgi import get_wsgi_application\n\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'recipe.settings')\napplication = get_wsgi_application()\n",
		"files/__init__.py":  "",
		"files/urls.py":      "from django.urls import path\n\nfrom . import views\n\nurlpatterns = [path('', views.index)]\n",
		"files/views.py":     "from django.http import HttpResponse\n\nfrom .models import Entry\n\n\ndef index(request):\n    return HttpResponse(Entry.objects.count())\n",
		"files/models.py":    "from django.db import models\n\n\nclass Entry(models.Model):\n    data = models.TextField()\n",
	}}
}

// recipePHP: a plain PHP API on Apache, its composer packages in vendor/.
func recipePHP() recipe {
	return recipe{port: 80, setup: appsim.Setup{
		BuildBase: "php@8.3", BuildBases: []string{"php@8.3"}, RunBase: "php-apache@8.3",
		BuildCommands: []string{"composer install --optimize-autoloader --no-dev"},
		DeployFiles:   []string{"./index.php", "./.htaccess", "./vendor"},
		EnvVariables:  map[string]string{"DB_HOST": "db"},
	}, files: map[string]string{
		"composer.json": `{"require": {"vlucas/phpdotenv": "^5.6", "ramsey/uuid": "^4.7"}}`,
		"composer.lock": "{}",
		".htaccess":     "RewriteEngine On\nRewriteRule ^ index.php [L]\n",
		"index.php":     "<?php\nrequire 'vendor/autoload.php';\n\nuse Ramsey\\Uuid\\Uuid;\n\nheader('Content-Type: application/json');\necho json_encode(['id' => Uuid::uuid4()]);\n",
	}}
}

// recipeLaravel: a Laravel app on php-nginx, whose nginx site config
// (run.siteConfigPath) serves public/.
func recipeLaravel() recipe {
	return recipe{port: 80, setup: appsim.Setup{
		BuildBase: "php@8.4", BuildBases: []string{"php@8.4"}, RunBase: "php-nginx@8.4",
		BuildCommands: []string{"composer install --ignore-platform-reqs"}, DeployFiles: []string{"./"},
		SiteConfig: "site.conf.tmpl", EnvVariables: map[string]string{"DB_HOST": "db"},
	}, files: map[string]string{
		"composer.json":    `{"require": {"php": "^8.2"}}`,
		"composer.lock":    "{}",
		"artisan":          "#!/usr/bin/env php\n<?php\n",
		"public/index.php": "<?php\necho 'ok';\n",
		"site.conf.tmpl": "server {\n    listen 80;\n    root /var/www/public;\n    index index.php;\n" +
			"    location / {\n        try_files $uri $uri/ /index.php?$query_string;\n    }\n}\n",
	}}
}

// recipeJava: a Spring Boot API built by the Maven wrapper into one jar.
func recipeJava() recipe {
	return recipe{port: 8080, setup: appsim.Setup{
		BuildBase: "java@17", BuildBases: []string{"java@17"}, RunBase: "java@17",
		BuildCommands: []string{"./mvnw clean install"}, DeployFiles: []string{"target/recipe-1.0.0.jar"},
		Start: "java -jar target/recipe-1.0.0.jar", Ports: http(8080), EnvVariables: map[string]string{"DB_HOST": "db"},
	}, files: map[string]string{
		"mvnw": "#!/bin/sh\n",
		"pom.xml": "<project>\n  <groupId>com.example</groupId>\n  <artifactId>recipe</artifactId>\n  <version>1.0.0</version>\n" +
			"  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>3.3.1</version></parent>\n" +
			"  <build><plugins><plugin><groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId></plugin></plugins></build>\n</project>\n",
		"src/main/resources/application.properties":        "spring.datasource.url=jdbc:postgresql://${DB_HOST}:5432/db\nserver.port=8080\nserver.address=0.0.0.0\n",
		"src/main/java/com/example/RecipeApplication.java": "package com.example;\n\n@SpringBootApplication\npublic class RecipeApplication {}\n",
	}}
}

// recipeNestjs: a NestJS API built by nest (tsc through tsconfig.build.json).
func recipeNestjs() recipe {
	return recipe{port: 3000, setup: appsim.Setup{
		BuildBase: "nodejs@20", BuildBases: []string{"nodejs@20"}, RunBase: "nodejs@20",
		BuildCommands: []string{"npm i", "npm run build"},
		DeployFiles:   []string{"./dist", "node_modules", "package.json"},
		Prep:          appsim.Prep{Init: []string{"zsc execOnce $ZEROPS_appVersionId npm run typeorm:migrate"}},
		Start:         "npm run start:prod", Ports: http(3000),
		EnvVariables: map[string]string{"DATABASE_HOST": "db", "STORAGE_ENDPOINT": "http://storage"},
	}, files: map[string]string{
		"package.json": `{"name": "api", "version": "0.0.1", "scripts": {"build": "nest build", "start:prod": "node dist/main",
  "typeorm": "ts-node ./node_modules/typeorm/cli.js", "typeorm:migrate": "npm run typeorm -- migration:run -d ./dist/config/data-source.js"},
  "dependencies": {"@nestjs/common": "10", "@nestjs/core": "10", "@nestjs/platform-express": "10", "typeorm": "0.3"},
  "devDependencies": {"@nestjs/cli": "10", "ts-node": "10", "typescript": "5"}}`,
		"package-lock.json":   "{}",
		"nest-cli.json":       `{"collection": "@nestjs/schematics", "sourceRoot": "src"}`,
		"tsconfig.json":       `{"compilerOptions": {"module": "commonjs", "target": "ES2021", "outDir": "./dist", "baseUrl": "./"}}`,
		"tsconfig.build.json": `{"extends": "./tsconfig.json", "include": ["src/**/*.ts"], "exclude": ["node_modules", "dist"]}`,
		"src/main.ts": "import { NestFactory } from '@nestjs/core';\nimport { AppModule } from './app.module';\n\n" +
			"async function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  await app.listen(3000);\n}\nbootstrap();\n",
		"src/app.module.ts":         "import { Module } from '@nestjs/common';\nimport { FileModule } from './file/file.module';\n\n@Module({ imports: [FileModule] })\nexport class AppModule {}\n",
		"src/file/file.module.ts":   "import { Module } from '@nestjs/common';\n\n@Module({})\nexport class FileModule {}\n",
		"src/config/data-source.ts": "import { DataSource } from 'typeorm';\n\nexport default new DataSource({ type: 'postgres', host: process.env.DATABASE_HOST });\n",
	}}
}

// Acceptance 1 and 2: each recipe deploys live (or unverified, saying why);
// each realistic mistake made in it ends build-failed or not-answering with
// the tool's or runtime's own line, or unverified; none ends live.
func TestRecipes_DeployAndBreak(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		recipe   func() recipe
		want     string // the recipe's own verdict
		mistakes []mistake
	}{
		// Unverified: its build runs tsc, whose type check the sandbox does
		// not do.
		{"nodejs", recipeNodejs, "unverified", []mistake{
			{"wrong start file", func(r *recipe) { replaceIn(r, "package.json", "./dist/index.js", "./dist/indx.js") },
				"not-answering", "Error: Cannot find module '/var/www/dist/indx.js'"},
			{"localhost bind", func(r *recipe) { replaceIn(r, "src/index.ts", "app.listen(port,", "app.listen(port, '127.0.0.1',") },
				"not-answering", "Listening on 127.0.0.1:3000"},
			{"dependencies not deployed", func(r *recipe) { dropDeploy(r, "./node_modules") },
				"not-answering", "Error: Cannot find module 'express'"},
			{"port not in run.ports", func(r *recipe) { replaceIn(r, "src/index.ts", "|| 3000", "|| 8080") },
				"not-answering", "Listening on 0.0.0.0:8080"},
			{"build script typo", func(r *recipe) { r.setup.BuildCommands[1] = "npm run biuld" },
				"build-failed", `npm error Missing script: "biuld"`},
			{"build output not deployed", func(r *recipe) { dropDeploy(r, "./dist") },
				"not-answering", "Error: Cannot find module '/var/www/dist/index.js'"},
			{"a module left out of the build", func(r *recipe) { delete(r.files, "src/config.ts") },
				"not-answering", "Error: Cannot find module './config'"},
			{"a reference to a missing service", func(r *recipe) { r.missing = "database" },
				"not-answering", "Error: getaddrinfo ENOTFOUND database"},
		}},
		{"nuxt-static", recipeNuxtStatic, "live", []mistake{
			{"build script typo", func(r *recipe) { r.setup.BuildCommands[1] = "yarn nuxi-generate" },
				"build-failed", `error Command "nuxi-generate" not found.`},
			{"build output not deployed", func(r *recipe) { r.setup.DeployFiles = []string{"dist/~"} },
				"build-failed", `deployFiles: "dist/~" does not exist`},
			{"the output's folder deployed, not its content", func(r *recipe) { r.setup.DeployFiles = []string{".output/public"} },
				"not-answering", ""},
		}},
		{"ruby", recipeRuby, "live", []mistake{
			{"wrong start file", func(r *recipe) { r.setup.Start = "bundle exec ruby main.rb" },
				"not-answering", "ruby: No such file or directory -- main.rb (LoadError)"},
			{"localhost bind", func(r *recipe) { replaceIn(r, "app.rb", "set :bind, '0.0.0.0'", "set :bind, 'localhost'") },
				"not-answering", "Listening on http://127.0.0.1:8080"},
			{"port not in run.ports", func(r *recipe) { r.setup.Ports = http(3000); r.port = 3000 },
				"not-answering", "Sinatra has taken the stage on 8080"},
			{"dependencies not deployed", func(r *recipe) { r.setup.DeployFiles = []string{"app.rb"} },
				"not-answering", "Could not locate Gemfile or .bundle/ directory"},
			{"a reference to a missing service", func(r *recipe) { r.missing = "database" },
				"not-answering", `PG::ConnectionBad: could not translate host name "database"`},
			{"gems not deployed, only the Gemfile", func(r *recipe) { r.setup.DeployFiles = []string{"app.rb", "Gemfile", "Gemfile.lock"} },
				"not-answering", "Could not find sinatra-4.1.1 in locally installed gems"},
			{"bundle install not run", func(r *recipe) { r.setup.BuildCommands = nil },
				"not-answering", "Could not find sinatra-4.1.1 in locally installed gems"},
		}},
		{"rust", recipeRust, "live", []mistake{
			{"wrong start file", func(r *recipe) { r.setup.Start = "./api" },
				"not-answering", "/bin/sh: ./api: not found"},
			{"localhost bind", func(r *recipe) { replaceIn(r, "src/main.rs", `"[::]:8080"`, `"127.0.0.1:8080"`) },
				"not-answering", "127.0.0.1:8080"},
			{"port not in run.ports", func(r *recipe) { replaceIn(r, "src/main.rs", `"[::]:8080"`, `("0.0.0.0", 3000)`) },
				"not-answering", "0.0.0.0:3000"},
			{"build output not deployed", func(r *recipe) { r.setup.DeployFiles = []string{"./src"} },
				"not-answering", "/bin/sh: ./rust: not found"},
			{"a reference to a missing service", func(r *recipe) { r.missing = "database" },
				"not-answering", "failed to lookup address information"},
			{"build subcommand typo", func(r *recipe) { r.setup.BuildCommands[0] = "cargo biuld --release" },
				"build-failed", "error: no such command: `biuld`"},
			{"the debug binary started", func(r *recipe) { r.setup.DeployFiles = []string{"target"}; r.setup.Start = "./target/debug/rust" }, "not-answering", "/bin/sh: ./target/debug/rust: not found"},
		}},
		{"django", recipeDjango, "live", []mistake{
			{"wrong start module", func(r *recipe) { r.setup.Start = "gunicorn recipe.wsgj" },
				"not-answering", "ModuleNotFoundError: No module named 'recipe.wsgj'"},
			{"localhost bind", func(r *recipe) { replaceIn(r, "gunicorn.conf.py", "0.0.0.0:8000", "127.0.0.1:8000") },
				"not-answering", "Listening at: http://127.0.0.1:8000"},
			{"dependencies not installed", func(r *recipe) { r.setup.Prep.RunPrepare = r.setup.Prep.RunPrepare[:1] },
				"not-answering", "/bin/sh: gunicorn: not found"},
			{"port not in run.ports", func(r *recipe) { r.setup.Ports = http(8080); r.port = 8080 },
				"not-answering", "Listening at: http://0.0.0.0:8000"},
			{"requirements not handed to run.prepareCommands", func(r *recipe) { r.setup.Prep.ToRunPrep = nil },
				"build-failed", "Could not open requirements file"},
			{"the project package not deployed", func(r *recipe) { dropDeploy(r, "recipe/") },
				"not-answering", "ModuleNotFoundError: No module named 'recipe'"},
			{"an installed app not deployed", func(r *recipe) { dropDeploy(r, "files/") },
				"not-answering", "ModuleNotFoundError: No module named 'files'"},
			{"ROOT_URLCONF names a missing module", func(r *recipe) { replaceIn(r, "recipe/settings.py", "'recipe.urls'", "'recipe.url'") },
				"unverified", "ModuleNotFoundError: No module named 'recipe.url'"},
			{"a reference to a missing service", func(r *recipe) { r.missing = "database" },
				"not-answering", `could not translate host name "database"`},
		}},
		{"php", recipePHP, "live", []mistake{
			{"dependencies not deployed", func(r *recipe) { dropDeploy(r, "./vendor") },
				"not-answering", "Failed opening required 'vendor/autoload.php'"},
			{"wrong front controller", func(r *recipe) { r.files["app.php"] = r.files["index.php"]; delete(r.files, "index.php") },
				"build-failed", `deployFiles: "./index.php" does not exist`},
			{"build script typo", func(r *recipe) {
				r.files["src/composer.json"] = r.files["composer.json"]
				delete(r.files, "composer.json")
			},
				"build-failed", "Composer could not find a composer.json file"},
			{"composer subcommand typo", func(r *recipe) { r.setup.BuildCommands[0] = "composer isntall --optimize-autoloader --no-dev" },
				"build-failed", `Command "isntall" is not defined.`},
		}},
		{"laravel", recipeLaravel, "live", []mistake{
			{"the site config serves /var/www, the front controller is in public/", func(r *recipe) {
				replaceIn(r, "site.conf.tmpl", "root /var/www/public;", "root /var/www;")
			}, "not-answering", ""},
		}},
		{"java", recipeJava, "live", []mistake{
			{"wrong start file", func(r *recipe) { r.setup.Start = "java -jar target/recipe.jar" },
				"not-answering", "Error: Unable to access jarfile target/recipe.jar"},
			{"port not in run.ports", func(r *recipe) {
				replaceIn(r, "src/main/resources/application.properties", "server.port=8080", "server.port=9090")
			}, "not-answering", "Tomcat started on port 9090"},
			{"a reference to a missing service", func(r *recipe) { r.missing = "database" },
				"not-answering", "java.net.UnknownHostException: database"},
			{"localhost bind", func(r *recipe) {
				replaceIn(r, "src/main/resources/application.properties", "server.address=0.0.0.0", "server.address=127.0.0.1")
			}, "not-answering", "Tomcat started on port 8080"},
			{"build output not deployed", func(r *recipe) { r.setup.DeployFiles = []string{"src"} },
				"not-answering", "Error: Unable to access jarfile target/recipe-1.0.0.jar"},
			{"jar name not the built one, target/ deployed", func(r *recipe) {
				r.setup.DeployFiles = []string{"target"}
				r.setup.Start = "java -jar target/recipe.jar"
			}, "not-answering", "Error: Unable to access jarfile target/recipe.jar"},
		}},
		// Unverified: its run.initCommands run a typeorm migration through
		// an npm script, which the sandbox does not run, and its nest build
		// is not type-checked.
		{"nestjs", recipeNestjs, "unverified", []mistake{
			{"dependencies not deployed", func(r *recipe) { dropDeploy(r, "node_modules") },
				"not-answering", "Error: Cannot find module '@nestjs/core'"},
			{"port not in run.ports", func(r *recipe) { replaceIn(r, "src/main.ts", "listen(3000)", "listen(8080)") },
				"not-answering", "Listening on 0.0.0.0:8080"},
			{"localhost bind", func(r *recipe) { replaceIn(r, "src/main.ts", "listen(3000)", "listen(3000, 'localhost')") },
				"not-answering", "Listening on 127.0.0.1:3000"},
			{"build script typo", func(r *recipe) { r.setup.BuildCommands[1] = "npm run buidl" },
				"build-failed", `npm error Missing script: "buidl"`},
			{"build output not deployed", func(r *recipe) { dropDeploy(r, "./dist") },
				"not-answering", "Error: Cannot find module '/var/www/dist/main'"},
			{"wrong start file", func(r *recipe) { replaceIn(r, "package.json", "node dist/main", "node dist/mian") },
				"not-answering", "Error: Cannot find module '/var/www/dist/mian'"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got, log := verdict(tt.recipe()); got != tt.want {
				t.Errorf("the recipe ends %s, want %s:\n%s", got, tt.want, log)
			}
			for _, m := range tt.mistakes {
				r := tt.recipe().clone()
				m.change(&r)
				got, log := verdict(r)
				if got != m.want || !strings.Contains(log, m.line) {
					t.Errorf("%s: ends %s, want %s with %q:\n%s", m.name, got, m.want, m.line, log)
				}
			}
		})
	}
}
