package mcp_test

import (
	"strings"
	"testing"
)

// walk28bPMA is the phpmyadmin recipe as an agent writes it in today's
// format: the build downloads and unzips phpMyAdmin into public/, moves
// its files up out of the release folder, and deploys public; php-apache
// serves run.documentRoot public. deploy is its build.deployFiles.
func walk28bPMA(deploy string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: phpmyadmin\n    build:\n      base: php@8.3\n      buildCommands:\n" +
			"        - curl https://files.phpmyadmin.net/phpMyAdmin/5.2.1/phpMyAdmin-5.2.1-english.zip -o pma.zip\n" +
			"        - unzip pma.zip -d public\n        - cd public; cd phpMyAdmin-5.2.1-english; mv * ../;\n" +
			"        - rm -r ./public/phpMyAdmin-5.2.1-english pma.zip\n        - mv ./public/config.sample.inc.php ./public/config.inc.php\n" +
			"      deployFiles: " + deploy + "\n    run:\n      base: php-apache@8.3\n      documentRoot: public\n",
		"README.md": "phpMyAdmin in front of the project's MariaDB.\n",
	}
}

// TestDeploy_DocumentRootOfAFolderDeployedByItsContentsWalk28b: with
// build.deployFiles `./public/~` (public's contents at the top of
// /var/www) and run.documentRoot public, Apache's root /var/www/public
// does not exist: 404. The answer was "set run.documentRoot in zerops.yml
// to the deployed folder that holds the index (`public` for Laravel and
// Symfony …)", which it already is: done, the same 404 and the same
// answer. It says that `~` moved the folder's contents up.
func TestDeploy_DocumentRootOfAFolderDeployedByItsContentsWalk28b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: phpmyadmin\n    type: php-apache@8.3\n    enableSubdomainAccess: true\n"
	var cases []deployCase
	for _, deploy := range []string{"./public/~", "public/~", "[public/~, README.md]"} {
		cases = append(cases, deployCase{name: deploy, services: svc, dir: "pma", target: "phpmyadmin", files: walk28bPMA(deploy), verdict: "degraded",
			next: []string{"without `~`", "remove run.documentRoot"}, lacks: []string{"`public` for Laravel"},
			then: []deployCase{{name: "public deployed as itself", files: walk28bPMA("./public"), verdict: "unverified", reason: []string{"/var/www/public/index.php"}}}})
	}
	runWalkCases(t, cases)
}

// walk28bJetstream is the laravel-jetstream recipe cut to what its page
// needs: php@8.4 and nodejs@18 build it (composer, then npm with each of
// npm), php-nginx serves public/ through its site config, / renders
// Inertia's root view, whose head is view, and /up is Laravel's health
// route, which deploy.readinessCheck and run.healthCheck ask.
func walk28bJetstream(view string, npm ...string) map[string]string {
	y := "zerops:\n  - setup: app\n    build:\n      base:\n        - php@8.4\n        - nodejs@18\n      os: ubuntu\n      buildCommands:\n" +
		"        - composer install --optimize-autoloader --no-dev\n"
	for _, c := range npm {
		y += "        - " + c + "\n"
	}
	y += "      deployFiles: ./\n    deploy:\n      readinessCheck:\n        httpGet:\n          port: 80\n          path: /up\n" +
		"    run:\n      base: php-nginx@8.4\n      os: ubuntu\n      siteConfigPath: site.conf.tmpl\n      envVariables:\n        LOG_CHANNEL: syslog\n" +
		"        TRUSTED_PROXIES: \"*\"\n      initCommands:\n        - php artisan view:cache\n        - php artisan config:cache\n" +
		"      healthCheck:\n        httpGet:\n          port: 80\n          path: /up\n"
	return map[string]string{
		"zerops.yml": y,
		"site.conf.tmpl": "server {\n    listen 80;\n    server_name _;\n    root /var/www/public;\n    index index.php;\n" +
			"    location / {\n        try_files $uri $uri/ /index.php?$query_string;\n    }\n" +
			"    location ~ \\.php$ {\n        fastcgi_pass unix:{{.PhpSocket}};\n        include fastcgi_params;\n    }\n}\n",
		"composer.json":    `{"name": "acme/teams", "require": {"php": "^8.2", "laravel/framework": "^11.0", "laravel/jetstream": "^5.0", "inertiajs/inertia-laravel": "^1.0"}}`,
		"composer.lock":    `{"packages": [{"name": "laravel/framework", "version": "v11.9.0"}, {"name": "laravel/jetstream", "version": "v5.1.0"}, {"name": "inertiajs/inertia-laravel", "version": "v1.2.0"}], "packages-dev": []}`,
		"artisan":          "#!/usr/bin/env php\n<?php\n\nrequire __DIR__.'/vendor/autoload.php';\n\nexit((require_once __DIR__.'/bootstrap/app.php')->handleCommand(new Symfony\\Component\\Console\\Input\\ArgvInput));\n",
		"public/index.php": "<?php\n\nrequire __DIR__.'/../vendor/autoload.php';\n\n(require_once __DIR__.'/../bootstrap/app.php')->handleRequest(Illuminate\\Http\\Request::capture());\n",
		"bootstrap/app.php": "<?php\n\nreturn Illuminate\\Foundation\\Application::configure(basePath: dirname(__DIR__))\n" +
			"    ->withRouting(web: __DIR__.'/../routes/web.php', health: '/up')\n    ->create();\n",
		"routes/web.php":                "<?php\n\nuse Illuminate\\Support\\Facades\\Route;\nuse Inertia\\Inertia;\n\nRoute::get('/', function () {\n    return Inertia::render('Welcome');\n});\n",
		"resources/views/app.blade.php": "<!DOCTYPE html>\n<html>\n<head>\n" + view + "\n</head>\n<body>@inertia</body>\n</html>\n",
		"resources/js/app.js":           "import { createInertiaApp } from '@inertiajs/vue3'\n\ncreateInertiaApp({ resolve: (name) => import(`./Pages/${name}.vue`) })\n",
		"package.json":                  `{"private": true, "type": "module", "scripts": {"build": "vite build && vite build --ssr"}, "devDependencies": {"@inertiajs/vue3": "^1.0.14", "laravel-vite-plugin": "^1.0", "vite": "^5.0", "vue": "^3.3.13"}}`,
		"vite.config.js": "import { defineConfig } from 'vite'\nimport laravel from 'laravel-vite-plugin'\n\n" +
			"export default defineConfig({ plugins: [laravel({ input: 'resources/js/app.js', ssr: 'resources/js/ssr.js' })] })\n",
	}
}

// TestDeploy_LaravelPageWithoutItsViteBuildWalk28b: the jetstream recipe
// builds its assets with `npm install` and `npm run build`; its root view
// loads them with @vite. With `npm run build` left out, the answer was
// "live … nothing to fix": /up answers, and / dies in Laravel's "Vite
// manifest not found at: /var/www/public/build/manifest.json" with a 500.
// The sandbox answers / so, and the fix is to run the asset build.
func TestDeploy_LaravelPageWithoutItsViteBuildWalk28b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: php-nginx@8.4\n    enableSubdomainAccess: true\n"
	vite, built := "    @vite(['resources/js/app.js'])\n    @inertiaHead", []string{"npm install", "npm run build"}
	runWalkCases(t, []deployCase{
		{name: "npm run build left out", services: svc, dir: "app", target: "app", files: walk28bJetstream(vite, "npm install"), verdict: "not-answering",
			says: []string{"Vite manifest not found at: /var/www/public/build/manifest.json"}, signal: "deploy-files-missing", next: []string{"npm run build"},
			lacks: []string{"nothing to fix"},
			then:  []deployCase{{name: "npm run build back", files: walk28bJetstream(vite, built...), verdict: "unverified", lacks: []string{"Vite manifest not found"}}}},
		{name: "no npm at all", services: svc, dir: "app", target: "app", files: walk28bJetstream(vite), verdict: "not-answering",
			says: []string{"Vite manifest not found"}, lacks: []string{"nothing to fix"}},
		{name: "the recipe's build", services: svc, dir: "app", target: "app", files: walk28bJetstream(vite, built...), verdict: "unverified",
			lacks: []string{"Vite manifest not found"}},
		{name: "a root view without @vite", services: svc, dir: "app", target: "app", files: walk28bJetstream("    @inertiaHead"), verdict: "unverified",
			once: []string{"2xx at /up on port 80, which deploy.readinessCheck asks before the new version gets traffic and run.healthCheck while it runs"}}, // the recipe's checks ask /up, a route of its code
	})
}

// walk28bSolid is the solidjs-static recipe: nodejs@20 installs and
// builds with pnpm (build runs `vite build`, which writes dist), static
// serves dist's contents; build is its build.buildCommands.
func walk28bSolid(build ...string) map[string]string {
	y := "zerops:\n  - setup: app\n    build:\n      base: nodejs@20\n      buildCommands:\n"
	for _, c := range build {
		y += "        - " + c + "\n"
	}
	return map[string]string{
		"zerops.yml":     y + "      deployFiles:\n        - dist/~\n    run:\n      base: static\n",
		"package.json":   `{"name": "site", "scripts": {"dev": "vite dev", "build": "vite build", "start": "vite preview"}, "devDependencies": {"vite": "^5.2.8", "vite-plugin-solid": "^2.8.2"}, "dependencies": {"solid-js": "^1.8.11"}}`,
		"pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
		"index.html":     "<!DOCTYPE html><html><body><div id=\"root\"></div><script src=\"/src/index.tsx\" type=\"module\"></script></body></html>\n",
		"vite.config.ts": "import { defineConfig } from 'vite'\nimport solidPlugin from 'vite-plugin-solid'\n\nexport default defineConfig({ plugins: [solidPlugin()], build: { target: 'esnext' } })\n",
		"src/index.tsx":  "import { render } from 'solid-js/web'\n\nrender(() => <h1>Hello</h1>, document.getElementById('root')!)\n",
	}
}

// TestDeploy_BuildScriptNeverRunWalk28b: with `pnpm build` left out of the
// solidjs-static recipe's build, deployFiles `dist/~` fails the build. The
// answer was "Make build.deployFiles name paths the build actually
// produces … or fix the build so it produces them": the first half leads
// an agent to deploy the unbuilt source. The missing step is named.
func TestDeploy_BuildScriptNeverRunWalk28b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: static\n    enableSubdomainAccess: true\n"
	npm := walk28bSolid("npm install")
	delete(npm, "pnpm-lock.yaml")
	runWalkCases(t, []deployCase{
		{name: "pnpm build left out", services: svc, dir: "app", target: "app", files: walk28bSolid("pnpm i"), verdict: "build-failed",
			says: []string{"deploy-files-missing", "no command in `build.buildCommands` runs that script"}, next: []string{"Add `pnpm build` to `build.buildCommands`"}, lacks: []string{"name paths the build actually produces"},
			then: []deployCase{{name: "pnpm build added", files: walk28bSolid("pnpm i", "pnpm build"), verdict: "unverified", lacks: []string{"does not exist"}}}},
		{name: "npm run build left out", services: svc, dir: "app", target: "app", files: npm, verdict: "build-failed",
			next: []string{"Add `npm run build`"}},
	})
}

// walk28bPrerender is the prerender recipe: its build installs the
// packages and deploys them with server.js under build.deploy (the old
// name of deployFiles), run.prepareCommands install Chromium with install,
// and node server.js serves on 3000.
func walk28bPrerender(install string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: prerender\n    build:\n      base: nodejs@20\n      buildCommands:\n        - npm i\n      deploy:\n        - node_modules\n        - server.js\n" +
			"    run:\n      base: nodejs@20\n      prepareCommands:\n        - " + install + "\n      envVariables:\n        MEMORY_CACHE: 1\n" +
			"      ports:\n        - port: 3000\n          httpSupport: true\n      start: node server.js\n",
		"package.json": `{"name": "prerender-svc", "version": "1.0.0", "dependencies": {"prerender": "5.21.1", "prerender-memory-cache": "1.0.2"}}`,
		"server.js": "const prerender = require('prerender')\nconst memoryCache = require('prerender-memory-cache')\n\n" +
			"const server = prerender({ chromeFlags: ['--no-sandbox', '--headless'], chromeLocation: '/usr/bin/chromium-browser' })\n" +
			"if (Number(process.env.MEMORY_CACHE) === 1) server.use(memoryCache)\nserver.start()\n",
	}
}

// TestDeploy_DeprecatedNameIsNoCauseWalk28b: the prerender recipe deploys
// under build.deploy, a name the platform still reads. With its Chromium
// installed by apt-get on the Alpine run base, the runtime's preparation
// fails at `sudo: apt-get: command not found`, and the answer was "Fix
// (or knowingly accept) the 1 warning first … Then zerops_deploy again and
// if it still fails: Fix … Use Alpine's package manager": a deploy spent
// on renaming a key that changes nothing. The fix comes first.
func TestDeploy_DeprecatedNameIsNoCauseWalk28b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: prerender\n    type: nodejs@20\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "apt-get on alpine", services: svc, dir: "prerender", target: "prerender", files: walk28bPrerender("sudo apt-get install -y chromium"),
			verdict: "build-failed", next: []string{"Use Alpine's package manager: sudo apk add --no-cache chromium"}, lacks: []string{"warning first"},
			then: []deployCase{{name: "the recipe's apk add", files: walk28bPrerender("apk add --update-cache chromium"), verdict: "unverified"}}},
	})
}

// walk28bDirectus is the directus recipe cut to its start: Directus
// installed by the build and globally by run.prepareCommands, bootstrapped
// by run.initCommands and started with `directus start`, its database the
// project's db, ports its run.ports.
func walk28bDirectus(ports string, env ...string) map[string]string {
	y := "zerops:\n  - setup: directus\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n      deployFiles:\n        - ./\n" +
		"    run:\n      base: nodejs@22\n      prepareCommands:\n        - npm i -g directus\n      envVariables:\n        PUBLIC_URL: ${zeropsSubdomain}\n" +
		"        DB_CLIENT: pg\n        DB_CONNECTION_STRING: ${db_connectionString}/${db_dbName}\n"
	for _, e := range env {
		y += "        " + e + "\n"
	}
	y += "      ports:\n        - port: " + ports + "\n          httpSupport: true\n      initCommands:\n        - zsc execOnce bootstrap -- directus bootstrap\n" +
		"        - directus schema apply --yes snapshot.yaml\n      start: directus start\n"
	return map[string]string{
		"zerops.yml":    y,
		"package.json":  `{"name": "cms", "version": "1.0.0", "dependencies": {"directus": "^11.4.0", "pg": "^8.13.1"}}`,
		"snapshot.yaml": "version: 1\ndirectus: 11.4.0\nvendor: postgres\ncollections: []\n",
	}
}

// TestDeploy_DirectusListensOn8055Walk28b: Directus serves on PORT, 8055
// unless set. With run.ports 3000, the answer was "unverified … where
// `directus start` listens (it reads no port or address for it)": nothing
// answers on 3000. The sandbox knows its address: a port off it is
// diagnosed, the recipe's 8055 (or PORT set to run.ports) is not.
func TestDeploy_DirectusListensOn8055Walk28b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: directus\n    type: nodejs@22\n    enableSubdomainAccess: true\n    envSecrets:\n      SECRET: a8f0c2d4e6b8a0c2d4e6f8a0b2c4d6e8\n"
	runWalkCases(t, []deployCase{
		{name: "run.ports 3000", services: svc, dir: "directus", target: "directus", files: walk28bDirectus("3000"), verdict: "not-answering",
			says: []string{"8055"}, lacks: []string{"where `directus start` listens"},
			then: []deployCase{{name: "run.ports 8055", files: walk28bDirectus("8055"), verdict: "unverified", reason: []string{"what Directus does beyond its address"}}}},
		{name: "PORT set to run.ports", services: svc, dir: "directus", target: "directus", files: walk28bDirectus("3000", `PORT: "3000"`), verdict: "unverified",
			lacks: []string{"where `directus start` listens"}},
	})
}

// TestDeploy_PrerenderListensOnItsPortWalk28b: the prerender recipe's
// server.js calls prerender(), which listens on its options' port, else
// PORT, else 3000. With run.ports 8080, the answer was "unverified …
// where `node server.js` listens (it reads no port or address for it)":
// nothing answers on 8080. The sandbox reads the factory's port.
func TestDeploy_PrerenderListensOnItsPortWalk28b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: prerender\n    type: nodejs@20\n    enableSubdomainAccess: true\n"
	recipe := walk28bPrerender("apk add --update-cache chromium")
	on := func(port string) map[string]string {
		f := walk28bPrerender("apk add --update-cache chromium")
		f["zerops.yml"] = strings.Replace(f["zerops.yml"], "- port: 3000", "- port: "+port, 1)
		return f
	}
	withPort := on("8080")
	withPort["zerops.yml"] = strings.Replace(withPort["zerops.yml"], "        MEMORY_CACHE: 1\n", "        MEMORY_CACHE: 1\n        PORT: \"8080\"\n", 1)
	inCode := on("4000")
	inCode["server.js"] = strings.Replace(inCode["server.js"], "prerender({ ", "prerender({ port: 4000, ", 1)
	runWalkCases(t, []deployCase{
		{name: "run.ports 8080", services: svc, dir: "prerender", target: "prerender", files: on("8080"), verdict: "not-answering",
			says: []string{"accepting requests on port 3000"}, lacks: []string{"where `node server.js` listens"},
			then: []deployCase{{name: "run.ports back to 3000", files: recipe, verdict: "unverified", reason: []string{"the Chrome it drives"}}}},
		{name: "PORT 8080", services: svc, dir: "prerender", target: "prerender", files: withPort, verdict: "unverified", reason: []string{"the Chrome it drives"}},
		{name: "its options' port", services: svc, dir: "prerender", target: "prerender", files: inCode, verdict: "unverified", reason: []string{"the Chrome it drives"}},
	})
}

// TestDeploy_PassedInstallIsNoCauseWalk28b: the prerender recipe installs
// Chromium with `apk add` without sudo, which the sandbox warns of. With
// the app answering nowhere and a log that names no cause, the answer
// began "fix (or knowingly accept) the 2 warnings first … Then
// zerops_deploy again and if it still fails": the version is ACTIVE, so
// every run.prepareCommands passed, and the install cannot be why nothing
// answers. Its step comes first.
func TestDeploy_PassedInstallIsNoCauseWalk28b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: nodejs@20\n"
	files := map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: nodejs@20\n      deployFiles: [index.js]\n" +
			"    run:\n      base: nodejs@20\n      prepareCommands:\n        - apk add --update-cache chromium\n" +
			"      ports:\n        - port: 3000\n          httpSupport: true\n      start: node index.js\n",
		"index.js": "require('node:http').createServer((q, s) => s.end('ok')).listen(3000, '10.1.2.3')\n",
	}
	runWalkCases(t, []deployCase{
		{name: "bound to another address", services: svc, dir: "api", target: "api", files: files, verdict: "not-answering",
			next: []string{"0.0.0.0:3000"}, lacks: []string{"warning first", "warnings first"}},
	})
}
