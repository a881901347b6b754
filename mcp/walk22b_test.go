package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// phoenixYml is recipe-phoenix's zerops.yml (a `mix release` started by
// its path) for setup web, with deployFiles and run.start as given.
func phoenixYml(deployFiles, start string) string {
	return "zerops:\n  - setup: web\n    build:\n      base: elixir@1.16\n      envVariables:\n        MIX_ENV: prod\n" +
		"      buildCommands:\n        - mix deps.get --only prod\n        - mix compile\n        - mix release --overwrite\n" +
		"      deployFiles: " + deployFiles + "\n    run:\n      base: alpine@latest\n      envVariables:\n        PORT: 4000\n        PHX_SERVER: true\n" +
		"      ports:\n        - port: 4000\n          httpSupport: true\n      start: " + start + "\n"
}

// TestDeploy_ReleaseStartUnderTildeFolder: a Phoenix release deployed as
// `_build/prod/rel/recipe_phoenix/~` lands as /var/www/bin/recipe_phoenix,
// so a run.start still naming `_build/prod/rel/recipe_phoenix/bin/…` finds
// nothing on Zerops. The sandbox took the unknown build (`mix release`) to
// have made even `_build/…/_build/…` and answered 200 "unverified: where it
// listens", hiding the one mistake it could see. After the fix the answer
// names (`bin/recipe_phoenix start`) the deploy is unverified, not looping.
func TestDeploy_ReleaseStartUnderTildeFolder(t *testing.T) {
	t.Parallel()
	const rel = "_build/prod/rel/recipe_phoenix"
	row := func(name, deployFiles, start, verdict string, next ...string) deployCase {
		return deployCase{name: name, services: "services:\n  - hostname: web\n    type: elixir@1.16\n", dir: "px", target: "web",
			files: map[string]string{"zerops.yml": phoenixYml(deployFiles, start),
				"mix.exs":            "defmodule RecipePhoenix.MixProject do\n  use Mix.Project\n  def project, do: [app: :recipe_phoenix, version: \"0.1.0\"]\nend\n",
				"config/runtime.exs": "import Config\nport = String.to_integer(System.get_env(\"PORT\") || \"4000\")\n"},
			verdict: verdict, next: next}
	}
	runWalkCases(t, []deployCase{
		row("recipe", "/", rel+"/bin/recipe_phoenix start", "unverified"),
		row("tilde", rel+"/~", rel+"/bin/recipe_phoenix start", "not-answering", "`bin/recipe_phoenix start`"),
		row("tilde fixed", rel+"/~", "bin/recipe_phoenix start", "unverified"),
		row("kept folder", rel, rel+"/bin/recipe_phoenix start", "unverified"),
	})
}

// TestDeploy_LanguageCommandOnBareOSRunBase: alpine and ubuntu run bases
// are a bare OS (no language preinstalled), so `node index.js` or
// Phoenix's `mix phx.server` on `run.base: alpine@…` finds no command on
// Zerops. The sandbox ran them as if the language were there and answered
// "live" for node. Now the answer names the bare base and the language's
// run base (for mix, the release the recipe starts); with the language
// installed in run.prepareCommands, or its own run base, it holds as before.
func TestDeploy_LanguageCommandOnBareOSRunBase(t *testing.T) {
	t.Parallel()
	nodeYml := func(runBase, prepare string) string {
		return "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      buildCommands:\n        - echo built\n      deployFiles: ./\n" +
			"    run:\n      base: " + runBase + "\n" + prepare + "      ports:\n        - port: 3000\n          httpSupport: true\n      start: node index.js\n"
	}
	row := func(name, yml, verdict string, next ...string) deployCase {
		return deployCase{name: name, services: "services:\n  - hostname: web\n    type: nodejs@22\n", dir: "app", target: "web",
			files: map[string]string{"zerops.yml": yml, "package.json": `{"name":"a","version":"1.0.0"}`,
				"index.js": "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0')\n",
				"mix.exs":  "defmodule RecipePhoenix.MixProject do\n  use Mix.Project\n  def project, do: [app: :recipe_phoenix, version: \"0.1.0\"]\nend\n"},
			verdict: verdict, next: next}
	}
	runWalkCases(t, []deployCase{
		row("node on alpine", nodeYml("alpine@3.20", ""), "not-answering", "nodejs@22"),
		row("node on ubuntu", nodeYml("ubuntu@24.04", ""), "not-answering", "apt-get install"),
		row("node installed", nodeYml("alpine@3.20", "      prepareCommands:\n        - sudo apk add --no-cache nodejs\n"), "live"),
		row("node base", nodeYml("nodejs@22", ""), "live"),
		row("mix on alpine", phoenixYml("./", "mix phx.server"), "not-answering", "bin/<app> start"),
	})
}

// TestDeploy_LiteralHostOfNoService: recipe-twill writes its hosts as
// literals (DB_HOST: db, REDIS_HOST: redis). An agent's DB_HOST: localhost
// (the app's own container, where no database runs on Zerops) or
// REDIS_HOST: valkey (no such service) passed the deploy with no word; the
// Laravel app is not read, so the verdict stayed "unverified" for reasons
// that did not name the variable. Now each is a warning whose fix names the
// project's service of that kind (db is postgresql@16, cache is
// valkey@7.2); the recipe's own hosts stay unwarned.
func TestDeploy_LiteralHostOfNoService(t *testing.T) {
	t.Parallel()
	row := func(name, env, path, fix string) deployCase {
		yml := "zerops:\n  - setup: web\n    build:\n      base: php@8.3\n      buildCommands:\n        - composer install\n      deployFiles: ./\n" +
			"    run:\n      base: php-nginx@8.3\n      envVariables:\n        DB_CONNECTION: pgsql\n" + env
		return deployCase{name: name, services: "services:\n  - hostname: web\n    type: php-nginx@8.3\n", dir: "tw", target: "web",
			files: map[string]string{"zerops.yml": yml, "composer.json": `{"require":{"php":"^8.2"}}`,
				"public/index.php": "<?php\nrequire __DIR__ . '/../vendor/autoload.php';\necho 'ok';\n"},
			and: func(t *testing.T, answer string, m map[string]any) {
				var hosts []map[string]string
				for _, is := range issuesOf(m, "warnings") {
					if strings.Contains(is["path"], "_HOST") {
						hosts = append(hosts, is)
					}
				}
				switch {
				case path == "" && len(hosts) > 0:
					t.Fatalf("the recipe's hosts are warned: %s", answer)
				case path != "" && (len(hosts) != 1 || hosts[0]["path"] != path || !strings.Contains(hosts[0]["fix"], fix)):
					t.Fatalf("want one warning at %s whose fix names %q: %s", path, fix, answer)
				}
			}}
	}
	runWalkCases(t, []deployCase{
		row("recipe", "        DB_HOST: db\n        REDIS_HOST: cache\n        MAIL_HOST: web\n", "", ""),
		row("localhost db", "        DB_HOST: localhost\n        REDIS_HOST: cache\n", "zerops[0].run.envVariables.DB_HOST", "db (or ${db_hostname}; db is postgresql@16)"),
		row("no such service", "        DB_HOST: db\n        REDIS_HOST: valkey\n", "zerops[0].run.envVariables.REDIS_HOST", "cache (or ${cache_hostname}; cache is valkey@7.2)"),
	})
}

// TestExport_KeepsScalingHeadroom: recipe-twill (and phoenix) import the
// app with verticalAutoscaling minRam 0.25 and minFreeRamGB 0.125. The
// export wrote minRam alone: the headroom (and the other settings the
// client did not read: minFreeRamPercent, the CPU headroom,
// startCpuCoreCount) was lost on the re-import, silently.
func TestExport_KeepsScalingHeadroom(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: php-nginx@8.3\n" +
		"    verticalAutoscaling:\n      cpuMode: DEDICATED\n      minRam: 0.25\n      minFreeRamGB: 0.125\n      minFreeRamPercent: 20\n      minFreeCpuCores: 0.5\n      startCpuCoreCount: 3\n"}, "import")
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{"serviceHostname": "web"})
	wantOK(t, res)
	y := str(m["yaml"])
	for _, want := range []string{"minRam: 0.25", "minFreeRamGB: 0.125", "minFreeRamPercent: 20", "minFreeCpuCores: 0.5", "startCpuCoreCount: 3"} {
		if !strings.Contains(y, want) {
			t.Errorf("the export lost %s:\n%s", want, y)
		}
	}
	res, v := h.call(t, "zerops_import", map[string]any{"content": y, "dryRun": true})
	if problems := issuesOf(v, "problems"); len(problems) != 1 || !strings.Contains(problems[0]["problem"], "already exists") {
		t.Errorf("the export does not import (besides its hostname existing here): %s", text(res))
	}
}

// TestDelete_DriverNameIsNotAHost: recipe-twill's zerops.yml sets
// REDIS_HOST: redis and Laravel's drivers CACHE_STORE, SESSION_DRIVER,
// QUEUE_CONNECTION: redis. Deleting redis without confirm said all of them
// "name redis as a host" and told the agent to change them: a driver name
// is not a host. Only REDIS_HOST is named now.
func TestDelete_DriverNameIsNotAHost(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	importServices(t, h, "services:\n  - hostname: web\n    type: php-nginx@8.3\n  - hostname: redis\n    type: valkey@7.2\n    mode: NON_HA\n")
	yml := "zerops:\n  - setup: web\n    build:\n      base: php@8.3\n      buildCommands:\n        - composer install\n      deployFiles: ./\n" +
		"    run:\n      base: php-nginx@8.3\n      envVariables:\n        CACHE_STORE: redis\n        SESSION_DRIVER: redis\n        QUEUE_CONNECTION: redis\n        REDIS_HOST: redis\n        REDIS_URL: redis://redis:6379\n"
	writeApp(t, h.workDir(t)+"/tw", map[string]string{"zerops.yml": yml, "composer.json": `{"require":{"php":"^8.2"}}`,
		"public/index.php": "<?php\nrequire __DIR__ . '/../vendor/autoload.php';\necho 'ok';\n"})
	if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "tw", "targetService": "web"}, "deploy"); res.IsError {
		t.Fatalf("deploy: %s", text(res))
	}
	res, _ := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "redis"})
	said := text(res)
	if !strings.Contains(said, "REDIS_HOST") || !strings.Contains(said, "REDIS_URL") {
		t.Fatalf("the hosts REDIS_HOST and REDIS_URL are not named: %s", said)
	}
	for _, driver := range []string{"CACHE_STORE", "SESSION_DRIVER", "QUEUE_CONNECTION"} {
		if strings.Contains(said, driver) {
			t.Errorf("the driver %s is named as a host: %s", driver, said)
		}
	}
}

// TestImport_RandomBytesSecretIsGenerated: recipe-django's import writes
// SECRET_KEY: <@generateRandomBytes(<32>) | toString> under
// #yamlPreprocessor=on. The sandbox stored that text as the secret, a value
// the platform never holds: an agent reading zerops_env saw an unevaluated
// function and was led to "fix" the import. The fake now evaluates it
// (| toString and | toHex) as it does generateRandomString.
func TestImport_RandomBytesSecretIsGenerated(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "#yamlPreprocessor=on\nservices:\n  - hostname: web\n    type: python@3.12\n" +
		"    envSecrets:\n      SECRET_KEY: <@generateRandomBytes(<32>) | toString>\n      HEX_KEY: <@generateRandomBytes(<16>) | toHex>\n"}, "import")
	wantOK(t, res)
	got := serviceEnv(t, h, "web")
	if v := got["SECRET_KEY"]; len(v) < 32 || strings.ContainsAny(v, "<@|> ") {
		t.Errorf("SECRET_KEY = %q, want 32 random bytes as text", v)
	}
	if v := got["HEX_KEY"]; len(v) != 32 || strings.Trim(v, "0123456789abcdef") != "" {
		t.Errorf("HEX_KEY = %q, want 16 random bytes in hex", v)
	}
}

// TestValidate_PortVariableOffDeclaredPorts: recipe-adonis sets PORT: 3333
// and HOST: localhost in run.envVariables and declares port 3000. ZCP
// warned of HOST alone; an agent that applied that fix deployed again to
// "unverified" with no word of PORT, and on Zerops still got a 502. Phoenix
// shows the same when an agent moves run.ports and leaves PORT. PORT off
// every declared port is now a warning naming both ways to make them one.
func TestValidate_PortVariableOffDeclaredPorts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tc := range []struct {
		name, port, host string
		warned           bool
	}{
		{"adonis", "3333", "localhost", true},
		{"host fixed", "3333", "0.0.0.0", true},
		{"both fixed", "3000", "0.0.0.0", false},
	} {
		yml := "zerops:\n  - setup: app\n    build:\n      base: nodejs@20\n      buildCommands:\n        - pnpm i\n        - pnpm run build\n      deployFiles:\n        - build/~\n" +
			"    run:\n      base: nodejs@20\n      ports:\n        - port: 3000\n          httpSupport: true\n      envVariables:\n        PORT: " + tc.port + "\n        HOST: " + tc.host + "\n      start: node bin/server.js\n"
		res, v := h.call(t, "zerops_validate", map[string]any{"content": yml})
		wantOK(t, res)
		var port []map[string]string
		for _, is := range issuesOf(v, "warnings") {
			if is["path"] == "zerops[0].run.envVariables.PORT" {
				port = append(port, is)
			}
		}
		if tc.warned != (len(port) == 1) || tc.warned && !strings.Contains(port[0]["fix"], `PORT: "3000"`) {
			t.Errorf("%s: PORT %s with port 3000 declared: want warned %v with a fix naming PORT: \"3000\": %s", tc.name, tc.port, tc.warned, text(res))
		}
	}
}

// serviceEnv is what zerops_env action=get shows of hostname's variables,
// key → value.
func serviceEnv(t *testing.T, h *harness, hostname string) map[string]string {
	t.Helper()
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": hostname})
	wantOK(t, res)
	vars, _ := m["variables"].([]any)
	got := map[string]string{}
	for _, v := range vars {
		e, _ := v.(map[string]any)
		got[str(e["key"])] = str(e["value"])
	}
	return got
}
