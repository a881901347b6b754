package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A Go app started with `go run main.go …` while the build deploys only the
// binary it wrote (walk 19, the golang-maria-api recipe's files): the go
// command's `stat main.go: no such file or directory` was diagnosed as a
// generic crash, "read the stack trace's first frame", when there is no
// trace and the cause is the start: it names the binary to run instead.
func TestDeploy_GoRunOfSourcesNotDeployed(t *testing.T) {
	t.Parallel()
	main := "package main\n\nimport \"net/http\"\n\nfunc main() {\n\thttp.ListenAndServe(\":3000\", nil)\n}\n"
	runDeployCases(t, []deployCase{{
		name: "go run of an undeployed main.go",
		files: map[string]string{"go.mod": "module todo\n\ngo 1.22\n", "main.go": main,
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o app main.go"}, deploy: "[ app ]", port: 3000,
				start: "go run main.go"}.String()},
		verdict: "not-answering",
		signal:  "start-file-missing",
		next:    []string{"`./app`"},
		lacks:   []string{"stack trace"},
	}})
}

// laravelDB is the part of Laravel's config/database.php the sandbox reads:
// the default connection and the pgsql block, whose host falls back to
// 127.0.0.1.
const laravelDB = "<?php\n\nreturn [\n    'default' => env('DB_CONNECTION', 'pgsql'),\n    'connections' => [\n" +
	"        'sqlite' => [\n            'driver' => 'sqlite',\n            'url' => env('DATABASE_URL'),\n        ],\n" +
	"        'pgsql' => [\n            'driver' => 'pgsql',\n            'url' => env('DATABASE_URL'),\n" +
	"            'host' => env('DB_HOST', '127.0.0.1'),\n            'port' => env('DB_PORT', '5432'),\n" +
	"            'database' => env('DB_DATABASE', 'forge'),\n        ],\n    ],\n    'redis' => [\n" +
	"        'default' => [\n            'host' => env('REDIS_HOST', '127.0.0.1'),\n        ],\n    ],\n];\n"

// A PHP app whose database config falls back to the container's own
// address with no variable set (walk 19: the laravel-postgres-mariadb-api
// recipe converted from the old format, which set its variables at import;
// nette-api reading db_hostname, a variable only the legacy envIsolation
// none shows) was called live, its init command migrating against
// 127.0.0.1: now unverified, naming the variable, its line and how to set
// it; with the variables set (or envIsolation none), live again.
func TestDeploy_PHPDatabaseConfigFallsBackToLocalhost(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, config, env, says, then string
	}{
		{"laravel", laravelDB, "", "DB_HOST (config/database.php:13, falling back to `127.0.0.1`)",
			"      envVariables:\n        DB_HOST: ${db_hostname}\n"},
		{"laravel sqlite", strings.Replace(laravelDB, "'pgsql'),", "'sqlite'),", 1), "", "", ""},
		{"laravel url", laravelDB, "      envVariables:\n        DATABASE_URL: ${db_connectionString}\n", "", ""},
		{"getenv", "<?php\nreturn ['host' => \\getenv('db_hostname') ?: 'localhost', 'password' => \\getenv('db_password') ?: 'password'];\n", "",
			"db_hostname (config/database.php:2, falling back to `localhost`)", "project"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			importServices(t, h, "services:\n  - hostname: api\n    type: php-nginx@8.4\n")
			yml := "zerops:\n  - setup: api\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n      documentRoot: public\n" +
				"      initCommands:\n        - php artisan migrate --force\n" + tc.env
			wd := h.ownApp(t, map[string]string{"zerops.yml": yml, "artisan": "<?php\n", "config/database.php": tc.config,
				"public/index.php": "<?php\necho 'ok';\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "api"}, "deploy")
			if tc.says == "" {
				if m["verdict"] != "live" {
					t.Fatalf("verdict %v, want live: %s", m["verdict"], text(res))
				}
				return
			}
			check, _ := m["check"].(map[string]any)
			if reason := str(check["reason"]); m["verdict"] != "unverified" || !strings.Contains(reason, tc.says) || !strings.Contains(reason, "run.initCommands") {
				t.Fatalf("verdict %v, want unverified naming %q and the init commands: %s", m["verdict"], tc.says, text(res))
			}
			if strings.Contains(text(res), "REDIS_HOST") || strings.Contains(text(res), "db_password") {
				t.Errorf("the answer names a variable the default connection does not read, or one not falling back to localhost: %s", text(res))
			}
			if tc.then == "project" {
				if res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "project": true, "variables": []string{"envIsolation=none"}}); res.IsError {
					t.Fatalf("set envIsolation: %s", text(res))
				}
				res, m = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "api"}, "deploy2")
			} else {
				writeApp(t, wd, map[string]string{"zerops.yml": yml + tc.then})
				res, m = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "api"}, "deploy2")
			}
			if m["verdict"] != "live" {
				t.Errorf("after the fix: verdict %v, want live: %s", m["verdict"], text(res))
			}
		})
	}
}

// A deploy of a zerops.yml in the format before zerops: (walk 19: the
// gin-postgres-api recipe, `api:` at the top) listed two problems for the
// one cause, "no setup named api … add an entry with setup: api" before the
// old format's rewrite, which writes that entry: the fix twice, the first
// one partial. The rewrite stands alone.
func TestDeploy_OldFormatIsOneProblem(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": "appstage:\n  build:\n    base: [ nodejs@22 ]\n    build:\n      - npm i\n" +
		"    deploy: [ . ]\n  run:\n    start: node index.js\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "old19")
	problems, _ := m["problems"].([]any)
	if len(problems) != 1 || !strings.Contains(text(res), "format before zerops:") {
		t.Fatalf("problems %v, want the old format's rewrite alone: %s", problems, text(res))
	}
	if strings.Contains(text(res), "Add an entry with setup") {
		t.Errorf("the answer adds an entry the rewrite already writes: %s", text(res))
	}
}

// After db was deleted, verify's way past the deletion said to point
// DB_URL elsewhere "in zerops.yml's run.envVariables …; a service variable
// with zerops_env" though DB_URL is set in zerops.yml alone, where a
// service variable on the same key is refused or overridden (walk 19,
// gin-postgres-api): it names the one place the key is set.
func TestDeletedService_WayBackNamesWhereTheKeyIs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DB_URL: ${db_connectionString}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	next := str(m["next"])
	if m["verdict"] != "unverified" || !strings.Contains(next, "point DB_URL") || !strings.Contains(next, "in zerops.yml, then zerops_deploy") {
		t.Fatalf("verify after the delete: want unverified pointing DB_URL in zerops.yml: %s", text(res))
	}
	if strings.Contains(next, "zerops_env") {
		t.Errorf("next %q offers a service variable on a key zerops.yml sets", next)
	}
}

// A deploy with a subdomain and no HTTP port, whose zerops.yml had a
// cosmetic warning (build.deploy, the old name the platform still reads),
// told the agent to fix the warning and deploy again, leaving out the port
// the check said was missing, so the same answer came back (walk 19, the
// nestjs-postgres-api recipe). The check's fix leads, with the port the
// app's log shows; the warnings go in the same edit.
func TestDeploy_SubdomainWithoutPortNamesThePortBeforeWarnings(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: api\n    build:\n      base: nodejs@22\n      deploy: [ index.js ]\n    run:\n      start: node index.js\n"
	runWalkCases(t, []deployCase{{name: "build.deploy", services: "services:\n  - hostname: api\n    type: nodejs@22\n    enableSubdomainAccess: true\n", dir: ".", target: "api",
		files:   map[string]string{"zerops.yml": yml, "index.js": "require('node:http').createServer((q, s) => s.end('ok')).listen(3000);\n"},
		verdict: "deployed", next: []string{"`- port: 3000`"},
		and: func(t *testing.T, _ string, m map[string]any) {
			if next := str(m["next"]); strings.HasPrefix(next, "Next: fix (or knowingly accept)") {
				t.Errorf("next %q puts the warning before the missing port", next)
			}
		}}})
}

// A Go build writing `go build -o bin/app` with `deployFiles: [ app ]`
// failed with the generic "make deployFiles name paths the build
// produces" (walk 19, gin-postgres-api; a gap since walk 17): the fix
// names the file the build wrote, and following its `bin/~` form makes the
// app live without touching run.start.
func TestDeploy_DeployFilesNamesTheBuiltOutput(t *testing.T) {
	t.Parallel()
	main := "package main\n\nimport \"net/http\"\n\nfunc main() {\n\thttp.ListenAndServe(\":3000\", nil)\n}\n"
	yml := func(deploy string) string {
		return setupYml{base: "go@1", build: []string{"go build -o bin/app main.go"}, deploy: deploy, port: 3000, start: "./app"}.String()
	}
	runDeployCases(t, []deployCase{{
		name:    "deployFiles without the build's folder",
		files:   map[string]string{"go.mod": "module todo\n\ngo 1.22\n", "main.go": main, "zerops.yml": yml("[ app ]")},
		verdict: "build-failed",
		next:    []string{"`bin/app` in place of `app`", "`bin/~`"},
		then: []deployCase{{name: "bin/~", verdict: "live",
			files: map[string]string{"go.mod": "module todo\n\ngo 1.22\n", "main.go": main, "zerops.yml": yml("[ bin/~ ]")}}},
	}})
}
