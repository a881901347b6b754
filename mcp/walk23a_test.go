package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// walk23aGleam is the gleam recipe's app as the walk deployed it: a mist
// server bound to 0.0.0.0:8080 whose main first reads DATABASE_URL
// through glenvy (src/db/config.gleam) and starts no server without it.
func walk23aGleam(yml string) map[string]string {
	return map[string]string{"zerops.yml": yml,
		"gleam.toml": "name = \"app\"\nversion = \"1.0.0\"\n\n[dependencies]\nmist = \">= 3.0.0 and < 4.0.0\"\nglenvy = \">= 1.0.1 and < 2.0.0\"\n",
		"src/app.gleam": "import mist\nimport db/config\nimport gleam/result\n\npub fn main() {\n  use conn <- result.map(config.get_db_connection())\n" +
			"  let assert Ok(_) =\n    handler(conn)\n    |> mist.new\n    |> mist.bind(\"0.0.0.0\")\n    |> mist.port(8080)\n    |> mist.start_http\n  process.sleep_forever()\n}\n",
		"src/db/config.gleam": "import glenvy/env\n\npub fn get_db_connection() {\n  case env.get_string(\"DATABASE_URL\") {\n" +
			"    Ok(url) -> connect(url)\n    Error(_) -> Error(Nil)\n  }\n}\n"}
}

// TestDeploy_GleamWalk23a: the gleam recipe builds with `gleam export
// erlang-shipment` and deploys build/erlang-shipment/~. A build running
// `gleam build` instead writes no shipment, so deployFiles matches
// nothing: the sandbox called it live. The recipe's app reads
// DATABASE_URL and starts no server without it: with no variable setting
// it the sandbox called it live as well, though it reads no Gleam
// variable check.
func TestDeploy_GleamWalk23a(t *testing.T) {
	t.Parallel()
	yml := func(build string, env map[string]string) string {
		return setupYml{base: "gleam@1.5", build: []string{build}, deploy: "build/erlang-shipment/~", env: env, start: "./entrypoint.sh run"}.String()
	}
	db := map[string]string{"DATABASE_URL": "${db_connectionString}/${db_dbName}"}
	runDeployCases(t, []deployCase{
		{name: "recipe", files: walk23aGleam(yml("gleam export erlang-shipment", db)), verdict: "live"},
		{name: "gleam build writes no shipment", files: walk23aGleam(yml("gleam build", db)), verdict: "build-failed",
			says: []string{"build/erlang-shipment/~", "gleam export erlang-shipment"}, lacks: []string{"gleamstage is live"},
			then: []deployCase{{name: "the shipment exported", files: walk23aGleam(yml("gleam export erlang-shipment", db)), verdict: "live"}}},
		{name: "DATABASE_URL unset", files: walk23aGleam(yml("gleam export erlang-shipment", nil)), verdict: "unverified",
			reason: []string{"DATABASE_URL", "src/db/config.gleam:4"}, lacks: []string{"gleamstage is live"}},
	})
}

// TestValidate_DeletedServiceTwoRefsOneFix: the gleam recipe's
// DATABASE_URL is `${db_connectionString}/${db_dbName}`. After db was
// deleted, zerops_validate gave two warnings on the one variable, each
// stating the same fix (create db again, restore its backup), and each
// offering "or reference one of those hostnames" though none of the
// services listed (api, cache, storage…) is a database.
func TestValidate_DeletedServiceTwoRefsOneFix(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := setupYml{base: "nodejs@22", deploy: "./", start: "node index.js",
		env: map[string]string{"DATABASE_URL": "${db_connectionString}/${db_dbName}"}}.String()
	wantOK(t, h.callOK(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"}))
	del, _ := h.callWith(t, context.Background(), "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "delete")
	wantOK(t, del)
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	answer := text(res)
	if n := strings.Count(answer, "Create db again"); n != 1 {
		t.Errorf("the answer states the fix %d times, want once: %s", n, answer)
	}
	if strings.Contains(answer, "reference one of those hostnames") {
		t.Errorf("the answer offers services of another kind in db's place: %s", answer)
	}
	ws, _ := m["warnings"].([]any)
	if len(ws) != 1 || !strings.Contains(answer, "${db_connectionString}") || !strings.Contains(answer, "${db_dbName}") {
		t.Errorf("want one warning naming both references: %s", answer)
	}
}

// walk23aOak is the deno recipe's Oak app with the listen line given.
func walk23aOak(listen string) map[string]string {
	yml := setupYml{base: "deno@2", deploy: "./", port: 8000, start: "deno run -A src/index.ts"}.String()
	return map[string]string{"zerops.yml": yml,
		"src/app.ts": "import { Application, Router } from \"https://deno.land/x/oak@v16.1.0/mod.ts\";\n\nconst app = new Application();\n" +
			"const router = new Router();\nrouter.get(\"/\", (ctx) => { ctx.response.body = \"ok\"; });\napp.use(router.routes());\n\nexport default app;\n",
		"src/index.ts": "import app from \"./app.ts\";\n\nconst port = parseInt(Deno.env.get(\"PORT\") || \"8000\");\n\n" + listen + "\n"}
}

// TestDeploy_OakListenWalk23a: the deno recipe's Oak app listens with
// `app.listen({ port })`; Oak binds 0.0.0.0 unless given a hostname (as
// Deno's own listeners do). Deployed from its source the sandbox said
// it listens on localhost and told the agent to write `hostname:
// "0.0.0.0"`; with that written it said localhost again (a loop: the
// hostname key was not read).
func TestDeploy_OakListenWalk23a(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "the recipe's listen", files: walk23aOak("await app.listen({ port });"), verdict: "live"},
		{name: "hostname 0.0.0.0", files: walk23aOak(`await app.listen({ port, hostname: "0.0.0.0" });`), verdict: "live"},
		{name: "hostname 127.0.0.1", files: walk23aOak(`await app.listen({ port, hostname: "127.0.0.1" });`), verdict: "not-answering",
			signal: "listening-on-localhost", next: []string{`hostname: "0.0.0.0"`},
			then: []deployCase{{name: "the fix applied", files: walk23aOak(`await app.listen({ port, hostname: "0.0.0.0" });`), verdict: "live"}}},
	})
}

// TestDeploy_DenoTaskConfigNotDeployedWalk23a: the deno recipe starts
// `deno task start` and deploys [dist, deno.jsonc]. Deploying dist alone
// leaves deno.jsonc, where the task is defined, behind: deno task finds
// no config and exits. The sandbox said only that it could not check
// where the task listens.
func TestDeploy_DenoTaskConfigNotDeployedWalk23a(t *testing.T) {
	t.Parallel()
	files := func(deploy string) map[string]string {
		yml := setupYml{base: "deno@2", build: []string{"deno task build"}, deploy: deploy, port: 8000, start: "deno task start"}.String()
		return map[string]string{"zerops.yml": yml,
			"deno.jsonc":   `{"tasks": {"start": "deno run --allow-net --allow-env dist/bundle.js", "build": "deno run -A build.js"}}`,
			"build.js":     "import * as esbuild from \"npm:esbuild@0.20.2\";\nawait esbuild.build({ entryPoints: [\"./src/index.ts\"], outfile: \"./dist/bundle.js\", bundle: true });\n",
			"src/index.ts": "Deno.serve({ port: 8000 }, () => new Response(\"ok\"));\n"}
	}
	runDeployCases(t, []deployCase{{name: "dist alone", files: files("[dist]"), verdict: "not-answering", signal: "start-file-missing",
		next: []string{"`deno.json`", "`build.deployFiles`"},
		then: []deployCase{{name: "deno.jsonc deployed", files: files("[dist, deno.jsonc]"), verdict: "unverified|live", lacks: []string{"couldn't find deno.json"}}}}})
}

// TestValidate_MailHostUnreadByTheLogMailerWalk23a: laravel-minimal
// writes MAIL_MAILER: log beside Laravel's MAIL_HOST: 127.0.0.1. The log
// mailer writes mail to the log and reaches no host, yet validate told
// the agent to point MAIL_HOST at a service (the project has no mail
// service); with the smtp mailer the warning stands.
func TestValidate_MailHostUnreadByTheLogMailerWalk23a(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mailer string
		warns  bool
	}{{"log", false}, {"array", false}, {"smtp", true}} {
		t.Run(tc.mailer, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			yml := setupYml{base: "nodejs@22", deploy: "./", start: "node index.js",
				env: map[string]string{"MAIL_MAILER": tc.mailer, "MAIL_HOST": "127.0.0.1", "MAIL_PORT": "2525"}}.String()
			res, _ := h.call(t, "zerops_validate", map[string]any{"content": yml})
			if got := strings.Contains(text(res), "MAIL_HOST: 127.0.0.1"); got != tc.warns {
				t.Errorf("MAIL_MAILER %s: MAIL_HOST warned %v, want %v: %s", tc.mailer, got, tc.warns, text(res))
			}
		})
	}
}

// TestDeploy_LaravelWithoutAppKeyWalk23a: laravel-minimal's import sets
// APP_KEY as a service secret; config/app.php reads it, and Laravel
// answers 500 wherever it encrypts (cookies, sessions) without it.
// Imported without it, the sandbox called the app live.
func TestDeploy_LaravelWithoutAppKeyWalk23a(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, secrets, verdict string
	}{{"no APP_KEY", "", "unverified"}, {"APP_KEY a secret", "    envSecrets:\n      APP_KEY: base64:c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTI=\n", "live"}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			importServices(t, h, "services:\n  - hostname: app\n    type: php-nginx@8.4\n"+tc.secrets)
			yml := "zerops:\n  - setup: app\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n      documentRoot: public\n"
			writeApp(t, h.workDir(t)+"/lara", map[string]string{"zerops.yml": yml, "artisan": "#!/usr/bin/env php\n<?php\n",
				"config/app.php":   "<?php\n\nreturn [\n    'name' => env('APP_NAME', 'Laravel'),\n    'cipher' => 'AES-256-CBC',\n    'key' => env('APP_KEY'),\n];\n",
				"public/index.php": "<?php\n\necho 'ok';\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "lara", "targetService": "app"}, "deploy")
			said := text(res)
			if m["verdict"] != tc.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tc.verdict, said)
			}
			if tc.verdict == "unverified" && !strings.Contains(said, "config/app.php:6") {
				t.Errorf("the answer does not name where APP_KEY is read: %s", said)
			}
		})
	}
}
