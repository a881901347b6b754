package mcp_test

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/mcp"
)

// recipeApps are minimal sources for the official recipes whose files
// platform/ops/testdata/recipes restates, enough for the sandbox's build:
// the layout each recipe's build and start need, written here.
var recipeApps = map[string]map[string]string{
	"elixir":          {"mix.exs": "defmodule App.MixProject do\nend\n", "_build/prod/rel/app/bin/app": "#!/bin/sh\n"},
	"phoenix":         {"mix.exs": "defmodule App.MixProject do\nend\n"},
	"echo":            {"go.mod": "module app\n\ngo 1.22\n", "main.go": goHTTPApp, "static/index.html": "<p>hi</p>\n"},
	"go-hello-world":  {"go.mod": "module app\n\ngo 1.22\n", "main.go": goHTTPApp},
	"laravel-minimal": {"composer.json": "{}\n", "artisan": "<?php\n", "public/index.php": "<?php echo 'ok';\n", "site.conf.tmpl": laravelSiteConf},
	"nestjs":          {"package.json": `{"scripts":{"build":"true","start:prod":"node dist/main.js"}}` + "\n", "dist/main.js": nodeHTTPApp, "node_modules/.keep": ""},
	"django": {"requirements.txt": "Django==5.0.6\ngunicorn==22.0.0\n", "manage.py": "import os\nimport sys\n\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'recipe.settings')\n" +
		"from django.core.management import execute_from_command_line\nexecute_from_command_line(sys.argv)\n",
		"recipe/__init__.py": "", "recipe/settings.py": "INSTALLED_APPS = ['files']\nROOT_URLCONF = 'recipe.urls'\nALLOWED_HOSTS = ['*']\n",
		"recipe/urls.py":    "from django.urls import path\nfrom django.http import HttpResponse\n\nurlpatterns = [path('', lambda r: HttpResponse('ok'))]\n",
		"recipe/wsgi.py":    "import os\n\nfrom django.core.wsgi import get_wsgi_application\n\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'recipe.settings')\napplication = get_wsgi_application()\n",
		"files/__init__.py": "", "gunicorn.conf.py": "module = \"recipe.wsgi\"\nbind = \"0.0.0.0:8000\"\n"},
	"python": {"requirements.txt": "\n", "app.py": pyHTTPApp},
	"umami":  {"umami/package.json": `{"scripts":{"build":"true","start":"node server.js"}}` + "\n", "umami/.next/standalone/server.js": nodeHTTPApp, "umami/node_modules/.keep": ""},
	"ghost": {"current/package.json": `{"name":"ghost","dependencies":{"ghost-storage-adapter-s3":"2"}}` + "\n", "current/yarn.lock": "\n",
		"content/themes/.keep": "", "versions/5.0.0/index.js": nodeHTTPApp, ".ghost-cli": "{}\n", "config.production.json": `{"server":{"host":"0.0.0.0","port":2368}}` + "\n"},
	"nette": {"composer.json": `{"require":{"nette/application":"^3.2"}}` + "\n", "composer.lock": "{}\n", "www/index.php": "<?php echo 'ok';\n",
		"bin/console": "<?php\n", "temp/.keep": "", "app/Bootstrap.php": "<?php\n"},
	"filament": {"composer.json": `{"require":{"laravel/framework":"^11.0"}}` + "\n", "artisan": "<?php\n", "public/index.php": "<?php echo 'ok';\n",
		"site.conf.tmpl": laravelSiteConf},
	"analog-static": {"package.json": `{"scripts":{"build":"true"}}` + "\n", "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "dist/analog/public/index.html": "<p>hi</p>\n"},
	"hono-deno": {"deno.json": `{"tasks":{"start":"deno run --allow-net main.ts"}}` + "\n", "deno.lock": "{}\n",
		"main.ts": "Deno.serve({ port: 8000, hostname: '0.0.0.0' }, () => new Response('ok'));\n"},
	"bun": {"package.json": `{"scripts":{"build":"true","start:prod":"bun dist/index.js"}}` + "\n", "bun.lockb": "",
		"dist/index.js": "Bun.serve({ port: 3000, hostname: '0.0.0.0', fetch: () => new Response('UP') });\n"},
	"rust": {"Cargo.toml": "[package]\nname = \"rust\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nactix-web = \"4\"\n", "Cargo.lock": "version = 3\n",
		"src/main.rs": "use actix_web::{web, App, HttpResponse, HttpServer};\n\n#[actix_web::main]\nasync fn main() -> std::io::Result<()> {\n" +
			"    HttpServer::new(|| App::new().route(\"/status\", web::get().to(|| async { HttpResponse::Ok().body(\"UP\") })))\n" +
			"        .bind(\"0.0.0.0:8080\")?\n        .run()\n        .await\n}\n"},
	"dotnet": {"dotnet.csproj": "<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <PropertyGroup><TargetFramework>net6.0</TargetFramework></PropertyGroup>\n</Project>\n",
		"Program.cs": "var app = WebApplication.Create(args);\napp.MapGet(\"/status\", () => \"UP\");\napp.Run(\"http://0.0.0.0:5000\");\n"},
	"ruby": {"Gemfile": "source 'https://rubygems.org'\n\ngem 'sinatra'\ngem 'puma'\ngem 'rackup'\n", "Gemfile.lock": "GEM\n  specs:\n    sinatra (4.1.1)\n",
		"app.rb": "require 'sinatra'\n\nset :port, 8080\nset :bind, '0.0.0.0'\n\nget '/' do\n  'ok'\nend\n"},
	"mailpit":  {"fetch-mailpit.sh": "wget -qO- https://example.com/mailpit.tar.gz | tar xz mailpit\n", "mailpit": "#!/bin/sh\n"},
	"directus": {"package.json": `{"dependencies":{"directus":"^11"}}` + "\n", "snapshot.yaml": "version: 1\n"},
	"prometheus-grafana": {"prometheus/run-prometheus.sh": "#!/bin/sh\nexec ./prometheus --web.listen-address=0.0.0.0:9090\n",
		"prometheus/prometheus.yml.tmpl": "global: {}\n", "grafana/conf/defaults.ini": "[server]\nhttp_port = 3000\n"},
	"discord-py": {"requirements.txt": "discord.py\n", "bot.py": "import discord\n\nclient = discord.Client(intents=discord.Intents.default())\nclient.run('token')\n"},
	"symfony":    {"composer.json": `{"require":{"symfony/framework-bundle":"^7.1"}}` + "\n", "bin/console": "<?php\n", "public/index.php": "<?php echo 'ok';\n"},
	"imgproxy":   {"proxy.conf": "server { listen 80; }\n", "setup.sh": "cp proxy.conf /etc/nginx/sites-enabled/default\n"},
	"mattermost": {"migrate.sh": "#!/bin/sh\n"},
	"supertokens": {"supertokens-core/write-config.sh": "echo 'port: 3567' > /tmp/supertokens-config.yml\n",
		"supertokens-nodejs-backend/package.json":                               `{"scripts":{"start":"node index.js"}}` + "\n",
		"supertokens-nodejs-backend/index.js":                                   "require('http').createServer((q, s) => s.end('ok')).listen(3001, '0.0.0.0')\n",
		"supertokens-nodejs-backend/create-admin-user.sh":                       "true\n",
		"supertokens-angular-frontend/package.json":                             `{"scripts":{"build":"true"}}` + "\n",
		"supertokens-angular-frontend/package-lock.json":                        "{}\n",
		"supertokens-angular-frontend/dist/angular-prebuilt/browser/index.html": "<p>hi</p>\n"},
	"airflow": {"wait-mount.sh": "#!/bin/sh\n", "dags/hello.py": "print('dag')\n"},
	"wordpress": {"composer.json": `{"require":{"johnpbloch/wordpress-core":"^6.6"}}` + "\n", "index.php": "<?php echo 'ok';\n",
		"utils/initialize.sh": "true\n", "utils/upgrade.sh": "true\n", "site.conf.tmpl": "server {\n    listen 80;\n    root /var/www;\n    index index.php;\n}\n"},
	"scala": {"build.sbt": "scalaVersion := \"3.3.1\"\n", "src/main/scala/Main.scala": "@main def hello() = println(\"hi\")\n"},
	"laravel-jetstream": {"composer.json": `{"require":{"laravel/jetstream":"^5.0"}}` + "\n", "package.json": `{"scripts":{"build":"true"}}` + "\n",
		"artisan": "<?php\n", "public/index.php": "<?php echo 'ok';\n", "site.conf.tmpl": laravelSiteConf},
	"java": {"mvnw": "#!/bin/sh\nexec mvn \"$@\"\n", "pom.xml": "<project><artifactId>app</artifactId><version>1.0.0</version></project>\n",
		"src/main/java/app/App.java": "package app;\n\npublic class App {\n    public static void main(String[] args) {}\n}\n"},
	"nextjs-static":  staticSite("pnpm-lock.yaml", "out/index.html"),
	"nuxt-static":    {"package.json": `{"devDependencies":{"nuxt":"^3.13"}}` + "\n", "yarn.lock": "\n", ".output/public/index.html": "<p>hi</p>\n"},
	"astro-static":   staticSite("pnpm-lock.yaml", "dist/index.html"),
	"solidjs-static": staticSite("pnpm-lock.yaml", "dist/index.html"),
	"qwik-static":    staticSite("pnpm-lock.yaml", "dist/index.html", "public/favicon.svg"),
	"nuxt-nodejs": {"package.json": `{"scripts":{"build":"true"}}` + "\n", "yarn.lock": "\n",
		".output/server/index.mjs": nodeHTTPApp, ".output/public/index.html": "<p>hi</p>\n"},
	"deno": {"deno.jsonc": `{"tasks":{"build":"deno run --allow-read --allow-write build.js","start":"deno run --allow-net --allow-env dist/bundle.js"}}` + "\n",
		"deno.lock": "{}\n", "build.js": "await Deno.mkdir('dist', { recursive: true });\n",
		"src/index.ts": denoHTTPApp, "dist/bundle.js": denoHTTPApp},
	"adminer":  {"README.md": "adminer\n"},
	"metabase": {"README.md": "metabase\n"},
	"jenkins": {"utils/start.sh": "#!/bin/sh\nexec java -jar /usr/share/java/jenkins.war --httpPort=8080\n", "utils/init.sh": "#!/bin/sh\n",
		"utils/start-agent.sh": "#!/bin/sh\nuntil curl -s $JENKINS_URL/login > /dev/null; do sleep 10; done\n" +
			"curl -fsSL https://example.com/swarm-client.jar -o /var/www/swarm.jar\nexec java -jar /var/www/swarm.jar -master $JENKINS_URL\n", "utils/backup.sh": "#!/bin/sh\n", "utils/jenkins.yaml": "jenkins: {}\n"},
	"elk": {"kibana/kibana.yml": "server.host: 0.0.0.0\n", "logstash/logstash.yml": "http.host: 0.0.0.0\n",
		"logstash/syslog.conf": "input { syslog { port => 1514 } }\n", "apm-server/apm-server.yml": "apm-server.host: 0.0.0.0:8200\n"},
	"tegola": {"data/sample.tar.gz": "", "data/init.sh": "#!/bin/sh\n", "config/config.toml": "[webserver]\nport = \":8080\"\n"},
	"zabbix": {"migrate.sh": "#!/bin/sh\n", "zabbix_server.conf": "DBHost=DBHOST\n", "nginx.conf": "server { listen 8080; }\n"},
	"rag-starter": {"api/requirements.txt": "fastapi\ngunicorn\nuvicorn\n", "api/main.py": "from fastapi import FastAPI\n\napp = FastAPI()\n",
		"processor/requirements.txt": "nats-py\n", "processor/processor.py": "import asyncio\n", "dashboard/index.html": "<p>##API_URL##</p>\n"},
	"telegram-nodejs": {"package.json": `{"scripts":{"start":"node bot.js"},"dependencies":{"grammy":"^1"}}` + "\n", "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
		"bot.js": "const { Bot } = require('grammy');\nnew Bot(process.env.BOT_TOKEN).start();\n"},
	"discord-bun": {"package.json": `{"scripts":{"start":"bun index.ts"},"dependencies":{"discord.js":"^14"}}` + "\n", "bun.lockb": "",
		"index.ts": "import { Client } from 'discord.js';\nnew Client({ intents: [] }).login(process.env.TOKEN);\n"},
	"prerender": {"package.json": `{"dependencies":{"prerender":"^5"}}` + "\n", "package-lock.json": "{}\n",
		"server.js": "const prerender = require('prerender');\nprerender({ port: 3000 }).start();\n"},
	"php": {"composer.json": `{"require":{"php":">=8.3"}}` + "\n", "composer.lock": "{}\n", ".htaccess": "DirectoryIndex index.php\n",
		"index.php": "<?php\nif ($_SERVER['REQUEST_URI'] === '/status') { echo 'UP'; }\n"},
	"python-hello-world": {"app/requirements.txt": "\n", "app/hello.py": pyHTTPApp8080},
	"nette-contributte": {"composer.json": `{"require":{"contributte/console":"^0.10"}}` + "\n", "www/index.php": "<?php echo 'ok';\n",
		"bin/console": "<?php\n", "var/tmp/.keep": "", "app/Bootstrap.php": "<?php\n"},
	"medama":        {"README.md": "medama\n"},
	"quake3-server": {"q3server.cfg": "set sv_hostname \"%SV_HOSTNAME%\"\n"},
	"adminerevo":    {"README.md": "adminerevo\n"},
	"docker":        {"README.md": "docker\n"},
	"medusa-storefront": {"package.json": `{"scripts":{"build":"next build","start":"next start -p 8000"},"dependencies":{"next":"^15"}}` + "\n",
		"yarn.lock": "\n", ".yarnrc.yml": "nodeLinker: node-modules\n", "next.config.js": "module.exports = {}\n",
		"check-env-variables.js": "module.exports = () => {}\n", "utils/.keep": "", "public/favicon.ico": ""},
	"medusa-analogstore": {"package.json": `{"scripts":{"build":"true"}}` + "\n", "package-lock.json": "{}\n", "dist/analog/server/index.mjs": nodeHTTPApp},
	"nodejs": {"package.json": `{"scripts":{"build":"true","start:prod":"node dist/index.js"}}` + "\n", "package-lock.json": "{}\n",
		"dist/index.js": nodeHTTPApp, "node_modules/.keep": ""},
	"discord-nodejs": {"package.json": `{"scripts":{"build":"true","start":"node dist/index.js"},"dependencies":{"discord.js":"^14"}}` + "\n",
		"pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "dist/index.js": "const { Client } = require('discord.js');\nnew Client({ intents: [] }).login(process.env.TOKEN);\n"},
	"adonis": {"package.json": `{"scripts":{"build":"true","start":"node bin/server.js"}}` + "\n", "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
		"build/package.json":  `{"scripts":{"start":"node bin/server.js"}}` + "\n",
		"build/bin/server.js": "require('http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, process.env.HOST)\n"},
	"gleam": {"gleam.toml": "name = \"app\"\nversion = \"1.0.0\"\n", "manifest.toml": "packages = []\n",
		"src/app.gleam": "pub fn main() { Nil }\n", "build/erlang-shipment/entrypoint.sh": "#!/bin/sh\n"},
	"spring": {"mvnw": "#!/bin/sh\nexec mvn \"$@\"\n", "pom.xml": "<project><artifactId>api</artifactId><version>1.0.0</version><build><finalName>api</finalName></build></project>\n",
		"src/main/java/app/App.java": "package app;\n\npublic class App {\n    public static void main(String[] args) {}\n}\n"},
	"astro-nodejs": {"package.json": `{"scripts":{"build":"true","start":"node ./dist/server/entry.mjs"}}` + "\n", "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
		"dist/server/entry.mjs": "require('http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, process.env.HOST)\n"},
	"qwik-nodejs": {"package.json": `{"scripts":{"build":"true","serve":"node server/entry.express"}}` + "\n", "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
		"server/entry.express.js": nodeHTTPApp, "dist/index.html": "<p>hi</p>\n", "public/favicon.ico": ""},
	"meilisearch": {"README.md": "meilisearch\n"},
}

// recipeSetups are the setups of services not named after their setup:
// quake3-server's q3server runs the setup its import writes inline, the
// one its zerops.yml calls server.
var recipeSetups = map[string]map[string]string{"quake3-server": {"q3server": "server"}}

// recipeFaults are official recipes whose own zerops.yml keeps the app from
// answering on its declared port, by the first diagnosis the sandbox must
// give: recipe-adonis sets HOST: localhost and PORT: 3333 in
// run.envVariables, declares port 3000, and AdonisJS listens where HOST
// and PORT say (its stub here does the same).
var recipeFaults = map[string]string{"adonis": "listening-on-localhost"}

// recipeUnread are official recipes whose app the sandbox cannot read: what
// they run is a download or an image their build or start fetches, so
// their verdict is never live.
var recipeUnread = map[string]bool{"medama": true, "quake3-server": true, "adminerevo": true, "docker": true, "meilisearch": true, "adminer": true, "metabase": true, "mailpit": true}

// staticSite is a static recipe's app: a package.json whose build the
// sandbox runs, its lockfile, and the pages the build leaves.
func staticSite(lock string, pages ...string) map[string]string {
	app := map[string]string{"package.json": `{"scripts":{"build":"true","generate":"true"}}` + "\n", lock: "\n"}
	for _, p := range pages {
		app[p] = "<p>hi</p>\n"
	}
	return app
}

// laravelSiteConf is the nginx site the Laravel recipes deploy: the
// document root is public/.
const laravelSiteConf = "server {\n    listen 80;\n    root /var/www/public;\n    index index.php;\n    location / {\n        try_files $uri $uri/ /index.php?$query_string;\n    }\n}\n"

const (
	goHTTPApp     = "package main\n\nimport \"net/http\"\n\nfunc main() {\n\thttp.ListenAndServe(\"0.0.0.0:8080\", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(\"ok\")) }))\n}\n"
	nodeHTTPApp   = "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0')\n"
	denoHTTPApp   = "Deno.serve({ port: 8000, hostname: '0.0.0.0' }, () => new Response('UP'));\n"
	pyHTTPApp     = "from http.server import HTTPServer, BaseHTTPRequestHandler\nHTTPServer(('0.0.0.0', 8000), BaseHTTPRequestHandler).serve_forever()\n"
	pyHTTPApp8080 = "from http.server import HTTPServer, BaseHTTPRequestHandler\nHTTPServer(('0.0.0.0', 8080), BaseHTTPRequestHandler).serve_forever()\n"
)

// demoHostnames are the services the fake's demo project already has: a
// recipe's services of these names are left out of its import (the demo's
// db, cache and storage stand for them).
var demoHostnames = map[string]bool{"appdev": true, "appstage": true, "db": true, "cache": true, "storage": true}

// Acceptance 1 of issue 31: each official recipe's services import and
// each setup of its zerops.yml that a service of the import runs (named
// after it, or naming it in zeropsSetup)
// is pushed by zerops_deploy in the sandbox (the same code path as zcp
// sandbox: the fake API over HTTP, its schemas fetched), never refused by
// ZCP's own checks, and its verdict live or unverified: the recipe works on
// the platform, so the sandbox never calls it broken.
func TestRecipes_PushInTheSandbox(t *testing.T) {
	t.Parallel()
	for name, app := range recipeApps {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join("..", "platform", "ops", "testdata", "recipes")
			yml, err := os.ReadFile(filepath.Join(dir, name+".zerops.yml"))
			if err != nil {
				t.Fatal(err)
			}
			imp, err := os.ReadFile(filepath.Join(dir, name+".import.yml"))
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Zerops []struct {
					Setup string `yaml:"setup"`
				} `yaml:"zerops"`
			}
			if err := yaml.Unmarshal(yml, &doc); err != nil || len(doc.Zerops) == 0 {
				t.Fatalf("recipe zerops.yml: %v", err)
			}
			var services struct {
				Services []map[string]any `yaml:"services"`
			}
			if err := yaml.Unmarshal(imp, &services); err != nil {
				t.Fatal(err)
			}
			// A service with no HTTP port is judged at once, not asked
			// again for seconds (the fake settles in milliseconds).
			h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = time.Second }})
			for _, f := range []string{"zerops.yml", "index.js", "package.json"} {
				_ = os.Remove(filepath.Join(h.workDir(t), f)) // the demo app's
			}
			files := map[string]string{"zerops.yml": string(yml)}
			for k, v := range app {
				files[k] = v
			}
			writeApp(t, h.workDir(t), files)
			add, imported := recipeServices(name, services.Services)
			var setups []string
			for _, z := range doc.Zerops {
				if imported[z.Setup] != "" {
					setups = append(setups, z.Setup)
				}
			}
			if len(setups) == 0 {
				t.Fatal("no setup of the recipe's zerops.yml has a service in its import")
			}
			content, _ := yaml.Marshal(map[string]any{"services": add})
			if res, _ := h.call(t, "zerops_import", map[string]any{"content": string(content)}); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			if res, m := h.call(t, "zerops_validate", map[string]any{"content": string(yml), "kind": "zerops.yml"}); res.IsError || m["valid"] != true {
				t.Errorf("zerops_validate: %s", clipRecipe(text(res), 600))
			}
			for _, setup := range setups {
				res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"targetService": imported[setup], "setup": setup, "workingDir": "."}, "deploy")
				if res.IsError && strings.Contains(text(res), "INVALID_ZEROPS_YML") {
					t.Fatalf("ZCP refused the recipe's zerops.yml: %s", text(res))
				}
				t.Logf("%s/%s: verdict %v (error %v): %s", name, setup, m["verdict"], res.IsError, clipRecipe(text(res), 500))
				if res.IsError {
					t.Errorf("%s: push failed: %s", setup, clipRecipe(text(res), 600))
				}
				checkRecipeVerdict(t, name, setup, text(res), m)
			}
		})
	}
}

// recipeServices are the recipe's services the demo project has none of by
// name, and by each setup they run, the service that runs it.
func recipeServices(name string, services []map[string]any) (add []map[string]any, imported map[string]string) {
	imported = map[string]string{}
	for _, s := range services {
		host, _ := s["hostname"].(string)
		if demoHostnames[host] {
			continue
		}
		add = append(add, s)
		setup, _ := s["zeropsSetup"].(string)
		if named, ok := recipeSetups[name][host]; ok {
			setup = named
		}
		imported[cmp.Or(setup, host)] = host
	}
	return add, imported
}

// checkRecipeVerdict holds a recipe's push to the verdict it deserves: a
// fault of the recipe's own named first, never live for an app the
// sandbox cannot read, never broken for a working one.
func checkRecipeVerdict(t *testing.T, name, setup, answer string, m map[string]any) {
	t.Helper()
	v := m["verdict"]
	if signal := recipeFaults[name]; signal != "" {
		check, _ := m["check"].(map[string]any)
		if first := firstDiagnosis(check["diagnoses"]); v != "not-answering" || first["signal"] != signal {
			t.Errorf("%s: verdict %v, first diagnosis %v; want not-answering for %s: %s", setup, v, first, signal, clipRecipe(answer, 4000))
		}
		return
	}
	if recipeUnread[name] && v == "live" {
		t.Errorf("%s: live, but the sandbox cannot read what the recipe runs: %s", setup, clipRecipe(answer, 4000))
	}
	if v != "live" && v != "unverified" && v != "deployed" { // deployed: no HTTP port to probe
		t.Errorf("%s: the sandbox calls a working recipe %v: %s", setup, v, clipRecipe(answer, 4000))
	}
}

func clipRecipe(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
