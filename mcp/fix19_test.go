package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A run.initCommands command the sandbox does not run (a seeder, walk 19's
// `php artisan db:seed --class=Missing`) was taken to succeed, and the
// deploy was called live though on Zerops a failing init command fails it.
// The artisan commands the sandbox models keep their verdict; any other
// makes it unverified, naming the command, never live and never a fix.
func TestDeploy_InitCommandTheSandboxDoesNotRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		env     string // DB_HOST's value
		init    []string
		verdict string
		reason  []string
	}{
		{"modelled artisan", "${db_hostname}", []string{"php artisan config:cache", "php artisan migrate --force"}, "live", nil},
		{"zsc execOnce and sudo around a modelled one", "${db_hostname}", []string{"sudo -E -u zerops -- zsc execOnce ${appVersionId} -- php artisan migrate --isolated --force"}, "live", nil},
		{"a seeder", "${db_hostname}", []string{"php artisan migrate --force", "php artisan db:seed --class=Missing"}, "unverified",
			[]string{"the sandbox does not run `php artisan db:seed --class=Missing`", "check the runtime log on Zerops"}},
		{"a script", "${db_hostname}", []string{"sh ./utils/init.sh"}, "unverified", []string{"`sh ./utils/init.sh`"}},
		{"a file command on a path not deployed", "${db_hostname}", []string{"chown -R zerops:zerops /var/www/storage/"}, "unverified",
			[]string{"`chown -R zerops:zerops /var/www/storage/`"}},
		// The check migrate keeps: the database it reads names no service.
		{"migrate against a service that is not there", "${nodb_hostname}", []string{"php artisan migrate --force"}, "degraded",
			[]string{"getaddrinfo for ${nodb_hostname} failed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: php-nginx@8.4\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			yml := "zerops:\n  - setup: api\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n      documentRoot: public\n" +
				"      envVariables:\n        DB_HOST: " + tc.env + "\n      initCommands:\n"
			for _, c := range tc.init {
				yml += "        - " + c + "\n"
			}
			wd := h.ownApp(t, map[string]string{"zerops.yml": yml, "artisan": "<?php\n", "config/database.php": laravelDB,
				"public/index.php": "<?php\necho 'ok';\n", "utils/init.sh": "php artisan db:seed\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "api"}, "deploy")
			if m["verdict"] != tc.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tc.verdict, text(res))
			}
			for _, s := range tc.reason {
				if !strings.Contains(text(res), s) {
					t.Errorf("the answer lacks %q: %s", s, text(res))
				}
			}
		})
	}
}

// A start file a build command the sandbox does not model makes (`npx
// sometool compile --out dist`, then `node dist/server.js`) was read by
// tsc's convention from src/server.ts and called live: whether that tool
// makes it, and from that source, is not known. A build running tsc is
// read as before, unverified only for the types tsc checks.
func TestDeploy_StartFileOfABuildTheSandboxDoesNotRun(t *testing.T) {
	t.Parallel()
	server := "import http from 'node:http';\n\nhttp.createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
	pkg := `{"name":"a","devDependencies":{"typescript":"^5.6.0"}}`
	tsconfig := `{"compilerOptions":{"outDir":"dist","rootDir":"src","module":"commonjs"}}`
	runDeployCases(t, []deployCase{{
		name: "an unmodelled compiler",
		files: map[string]string{"package.json": pkg, "src/server.ts": server,
			"zerops.yml": setupYml{base: "nodejs@22", build: []string{"npx sometool compile --out dist"}, deploy: "./", port: 3000,
				start: "node dist/server.js"}.String()},
		verdict: "unverified",
		reason:  []string{"the sandbox does not run `npx sometool compile --out dist`", "dist/server.js"},
	}, {
		name: "tsc",
		files: map[string]string{"package.json": pkg, "src/server.ts": server, "tsconfig.json": tsconfig,
			"zerops.yml": setupYml{base: "nodejs@22", build: []string{"npx tsc"}, deploy: "./", port: 3000,
				start: "node dist/server.js"}.String()},
		verdict: "unverified", // tsc's types are not checked; where it listens is read
		reason:  []string{"whether `tsc` compiles: type errors are not checked"},
		lacks:   []string{"the sandbox does not run `npx tsc`"},
	}})
}
