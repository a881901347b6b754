package mcp_test

import (
	"strings"
	"testing"
)

// TestValidate_ForeignPackageManagerOnUbuntuWalk25a: the scala recipe
// builds and runs on ubuntu@22.04 and installs with apt-get. With one
// line written as on Alpine (`sudo apk add openjdk17`), the warning's fix
// said "Use Ubuntu's package manager: … (or set os: ubuntu for apt-get)":
// the container already runs Ubuntu, so the second fix changes nothing.
// On Alpine the answer still offers os: ubuntu for apt-get.
func TestValidate_ForeignPackageManagerOnUbuntuWalk25a(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tc := range []struct {
		name, base, line, fix string
		osHint                bool
	}{
		{"apk on ubuntu", "ubuntu@22.04", "sudo apk add openjdk17", "sudo apt-get update && sudo apt-get install -y openjdk17", false},
		{"apt-get on alpine", "alpine@3.21", "sudo apt-get install -y openjdk17", "sudo apk add --no-cache openjdk17", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yml := "zerops:\n  - setup: app\n    build:\n      base: " + tc.base + "\n      prepareCommands:\n        - " + tc.line +
				"\n      deployFiles: /\n    run:\n      base: " + tc.base + "\n      ports:\n        - port: 9000\n          httpSupport: true\n      start: sbt run\n"
			res, _ := h.call(t, "zerops_validate", map[string]any{"content": yml, "kind": "zerops.yml"})
			answer := text(res)
			if !strings.Contains(answer, tc.fix) {
				t.Fatalf("want the fix %q: %s", tc.fix, answer)
			}
			if got := strings.Contains(answer, "set os: ubuntu"); got != tc.osHint {
				t.Errorf("os: ubuntu offered %v, want %v: %s", got, tc.osHint, answer)
			}
		})
	}
}

// walk25aScala is the scala recipe's app (Play on sbt, deployed whole,
// started `sbt run` on 9000) on base, runPrep its run.prepareCommands.
func walk25aScala(base string, runPrep ...string) map[string]string {
	y := "zerops:\n  - setup: app\n    build:\n      base: " + base + "\n      deployFiles: /\n    run:\n      base: " + base + "\n"
	if len(runPrep) > 0 {
		y += "      prepareCommands:\n        - " + strings.Join(runPrep, "\n        - ") + "\n"
	}
	return map[string]string{
		"zerops.yml":          y + "      ports:\n        - port: 9000\n          httpSupport: true\n      start: sbt run\n",
		"build.sbt":           "lazy val root = (project in file(\".\")).enablePlugins(PlayScala)\n",
		"project/plugins.sbt": "addSbtPlugin(\"org.playframework\" % \"sbt-plugin\" % \"3.0.5\")\n",
		"conf/routes":         "GET     /                           controllers.HomeController.index()\n",
	}
}

// TestDeploy_SbtStartWithoutSbtInstalledWalk25a: the scala recipe runs
// `sbt run` on ubuntu@22.04 and installs the JDK and sbt (from sbt's apt
// repository) in run.prepareCommands as in build.prepareCommands. With
// the run's list left out (or run.base java@21, whose image has the JDK
// but no sbt), the answer was "unverified: … could not check where `sbt
// run` listens": no image brings sbt, the start finds no sbt and the app
// crash-loops. The answer names the run.prepareCommands install.
func TestDeploy_SbtStartWithoutSbtInstalledWalk25a(t *testing.T) {
	t.Parallel()
	services := "services:\n  - hostname: app\n    type: ubuntu@22.04\n"
	recipe := []string{"sudo apt-get update -y", "sudo apt-get install default-jdk -y",
		`echo "deb https://repo.scala-sbt.org/scalasbt/debian all main" | sudo tee /etc/apt/sources.list.d/sbt.list`,
		`curl -sL "https://keyserver.ubuntu.com/pks/lookup?op=get&search=0x99E82A75642AC823" | sudo apt-key add`,
		"sudo apt-get update -y", "sudo apt-get install sbt -y"}
	runWalkCases(t, []deployCase{
		{name: "no run.prepareCommands", services: services, dir: "app", target: "app", files: walk25aScala("ubuntu@22.04"),
			verdict: "not-answering", says: []string{"sbt: not found"}, next: []string{"run.prepareCommands", "sbt"}, lacks: []string{"where `sbt run` listens"},
			then: []deployCase{{name: "the recipe's install", files: walk25aScala("ubuntu@22.04", recipe...), verdict: "unverified", reason: []string{"where `sbt run` listens"}}}},
		{name: "java run base", services: "services:\n  - hostname: app\n    type: java@21\n", dir: "app", target: "app", files: walk25aScala("java@21"),
			verdict: "not-answering", says: []string{"sbt: not found"}, next: []string{"run.prepareCommands", "sbt"}},
	})
}

// walk25aDiscordBun is the discord-bun recipe's bot (no port, `bun
// start` running src/index.ts, whose config.ts throws at load without
// DISCORD_TOKEN and DISCORD_CLIENT_ID) with env in run.envVariables.
func walk25aDiscordBun(env map[string]string) map[string]string {
	y := "zerops:\n  - setup: discordbun\n    build:\n      base: bun@1.1\n      buildCommands:\n        - bun i\n      deployFiles:\n        - /\n    run:\n      base: bun@1.1\n"
	if len(env) > 0 {
		y += "      envVariables:\n"
		for k, v := range env {
			y += "        " + k + ": " + v + "\n"
		}
	}
	return map[string]string{
		"zerops.yml":   y + "      start: bun start\n",
		"package.json": `{"name":"my-bot","type":"module","scripts":{"start":"bun run src/index.ts"},"dependencies":{"discord.js":"^14.15.3"}}`,
		"src/config.ts": "const { DISCORD_TOKEN, DISCORD_CLIENT_ID } = process.env;\n\nif (!DISCORD_TOKEN || !DISCORD_CLIENT_ID) {\n" +
			"  throw new Error(\"Missing environment variables\");\n}\n\nexport const config = {\n  DISCORD_TOKEN,\n  DISCORD_CLIENT_ID,\n};\n",
		"src/index.ts": "import { Client, GatewayIntentBits } from \"discord.js\";\nimport { config } from \"./config\";\n\n" +
			"const client = new Client({ intents: [GatewayIntentBits.Guilds] });\n\nclient.once(\"ready\", () => {\n  console.log(\"ready\");\n});\n\nclient.login(config.DISCORD_TOKEN);\n",
	}
}

// TestDeploy_BunWorkerWithoutItsVariablesWalk25a: the discord-bun recipe
// deploys a bot whose src/config.ts destructures DISCORD_TOKEN and
// DISCORD_CLIENT_ID from process.env and throws at load when either is
// unset (its README warns of the errors until they are set). Deployed
// with neither set, the answer was "ACTIVE with a clean log … Next:
// nothing to fix": the sandbox read no variable need in a Bun module, nor
// the destructured form. It is unverified, naming both; set, healthy.
func TestDeploy_BunWorkerWithoutItsVariablesWalk25a(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{
		{name: "recipe variables unset", services: "services:\n  - hostname: discordbun\n    type: bun@1.1\n", dir: "bot", target: "discordbun",
			files: walk25aDiscordBun(nil), verdict: "unverified", reason: []string{"DISCORD_TOKEN, DISCORD_CLIENT_ID", "src/config.ts:3"}, lacks: []string{"nothing to fix"},
			then: []deployCase{{name: "both set", files: walk25aDiscordBun(map[string]string{"DISCORD_TOKEN": "t", "DISCORD_CLIENT_ID": "1"}), verdict: "deployed"}}},
		{name: "node reads the destructured form", services: "services:\n  - hostname: bot\n    type: nodejs@22\n", dir: "bot", target: "bot",
			files: map[string]string{
				"zerops.yml": "zerops:\n  - setup: bot\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: node config.js\n",
				"config.js":  "const { DISCORD_TOKEN, DISCORD_CLIENT_ID: clientId } = process.env;\n\nif (!DISCORD_TOKEN || !clientId) {\n  throw new Error(\"Missing environment variables\");\n}\n\nsetInterval(() => {}, 1000);\n"},
			says: []string{"Error: Missing environment variables"}, lacks: []string{"nothing to fix"}},
	})
}

// TestDeploy_BunStartScriptNotFoundWalk25a: the discord-bun recipe starts
// `bun start`, package.json's script. A typo (`bun run starts`) died
// `error: Module not found "starts"` with the fix "make run.start name a
// file the build produces", and with package.json left out of deployFiles
// the same for "start": Bun reads a bare name as a script, and prints
// `error: Script not found`. The answer then told the agent to "correct
// the script name in build.buildCommands", which holds no script: the
// start's script is fixed in run.start, or package.json deployed.
func TestDeploy_BunStartScriptNotFoundWalk25a(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DISCORD_TOKEN": "t", "DISCORD_CLIENT_ID": "1"}
	services := "services:\n  - hostname: discordbun\n    type: bun@1.1\n"
	typo := walk25aDiscordBun(env)
	typo["zerops.yml"] = strings.Replace(typo["zerops.yml"], "start: bun start", "start: bun run starts", 1)
	srcOnly := walk25aDiscordBun(env)
	srcOnly["zerops.yml"] = strings.Replace(srcOnly["zerops.yml"], "deployFiles:\n        - /", "deployFiles:\n        - src", 1)
	runWalkCases(t, []deployCase{
		{name: "a typo of the script", services: services, dir: "bot", target: "discordbun", files: typo, verdict: "not-answering",
			says: []string{`Script not found \"starts\"`}, next: []string{"run.start"}, lacks: []string{"build.buildCommands", "a file the build produces"},
			then: []deployCase{{name: "the script named", files: walk25aDiscordBun(env), verdict: "deployed"}}},
		{name: "package.json not deployed", services: services, dir: "bot", target: "discordbun", files: srcOnly, verdict: "not-answering",
			says: []string{`Script not found \"start\"`}, next: []string{"package.json", "build.deployFiles"}, lacks: []string{"build.buildCommands", "a file the build produces"},
			then: []deployCase{{name: "package.json deployed", files: walk25aDiscordBun(env), verdict: "deployed"}}},
	})
}

// walk25aBackend is the supertokens recipe's nodejsbackend (express on
// the port its index.mjs writes, run.ports and deploy.readinessCheck on
// 3001).
func walk25aBackend(port string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: nodejsbackend\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n      deployFiles: ./\n" +
			"    run:\n      base: nodejs@22\n      ports:\n        - port: 3001\n          httpSupport: true\n      start: npm start\n" +
			"    deploy:\n      readinessCheck:\n        httpGet:\n          port: 3001\n          path: /\n",
		"package.json": `{"name":"supertokens-dashboard","version":"1.0.0","scripts":{"start":"node index.mjs"},"dependencies":{"express":"^4.21.1"}}`,
		"index.mjs": "import express from 'express';\n\nconst app = express();\n\napp.get('/', (req, res) => res.send('ok'));\n\n" +
			"app.listen(" + port + ", () => {\n  console.log('API Server listening on port " + port + "');\n});\n",
	}
}

// TestDeploy_ReadinessCheckOnTheDeclaredPortWalk25a: the supertokens
// recipe's backend listens on 3001 (written in index.mjs), which run.ports
// and deploy.readinessCheck name. With the code moved to 3000, the deploy
// failed its readiness check and the fix was "Set
// deploy.readinessCheck.httpGet.port to 3000": done, the version deployed
// and answered nothing on 3001, the port run.ports declares. A first
// version that never deployed leaves the service no ports, so the check's
// port was not seen as a declared one: the pushed zerops.yml declares it.
// The fix is the code's port, or run.ports and the check together.
func TestDeploy_ReadinessCheckOnTheDeclaredPortWalk25a(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{
		{name: "code on 3000", services: "services:\n  - hostname: nodejsbackend\n    type: nodejs@22\n", dir: "backend", target: "nodejsbackend",
			files: walk25aBackend("3000"), verdict: "deploy-failed", says: []string{"index.mjs, line 7"}, next: []string{"listen on 3001", "`run.ports` and `deploy.readinessCheck.httpGet.port` to 3000"},
			lacks: []string{"Set `deploy.readinessCheck.httpGet.port` to 3000"},
			then:  []deployCase{{name: "the code's port fixed", files: walk25aBackend("3001"), verdict: "live"}}},
	})
}

// walk25aHono is the hono-deno recipe's app (Deno.serve on 8000, its
// config/db.ts reading DATABASE_URL as the module loads: top-level, or
// inside the Pool's options as the recipe writes it), started by start.
func walk25aHono(start string, topLevel bool) map[string]string {
	db := "import { Pool } from \"postgres\";\n\nexport const pgPool = new Pool({\n  connectionString: Deno.env.get(\"DATABASE_URL\"),\n});\n"
	if topLevel {
		db = "import { Pool } from \"postgres\";\n\nconst url = Deno.env.get(\"DATABASE_URL\");\nexport const pgPool = new Pool({ connectionString: url });\n"
	}
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: app\n    build:\n      base: deno@1\n      deployFiles: ./\n    run:\n      base: deno@1\n      ports:\n        - port: 8000\n          httpSupport: true\n" +
			"      envVariables:\n        DATABASE_URL: ${db_connectionString}\n      start: " + start + "\n",
		"deno.json":    `{"imports":{"hono":"jsr:@hono/hono@^4.5.4","postgres":"jsr:@deno/postgres@v0.2.0"},"tasks":{"start":"deno run --allow-net --allow-env --allow-read main.ts"}}`,
		"config/db.ts": db,
		"main.ts":      "import { Hono } from 'hono'\nimport { pgPool } from './config/db.ts'\n\nconst app = new Hono()\napp.get('/', (c) => c.json({ ok: true }))\n\nDeno.serve({ port: 8000 }, app.fetch)\n",
	}
}

// TestDeploy_DenoEnvReadWithoutPermissionWalk25a: the hono-deno recipe's
// task runs `deno run --allow-net --allow-env --allow-read main.ts`, and
// config/db.ts reads DATABASE_URL with Deno.env.get as it loads. Started
// without --allow-env, the answer was "app is live … nothing to fix":
// Deno without a terminal cannot ask, so the read dies `Requires env
// access`. A read at the top of a module fails the start; one inside an
// expression the sandbox does not follow is unverified, naming the flag.
func TestDeploy_DenoEnvReadWithoutPermissionWalk25a(t *testing.T) {
	t.Parallel()
	services := "services:\n  - hostname: app\n    type: deno@1\n"
	noEnv := "deno run --allow-net --allow-read main.ts"
	runWalkCases(t, []deployCase{
		{name: "top-level read", services: services, dir: "app", target: "app", files: walk25aHono(noEnv, true), verdict: "not-answering",
			says: []string{`Requires env access to \"DATABASE_URL\"`}, next: []string{"--allow-env"}, lacks: []string{"nothing to fix"},
			then: []deployCase{{name: "the recipe's task", files: walk25aHono("deno task start", true), verdict: "live"}}},
		{name: "read in the Pool's options", services: services, dir: "app", target: "app", files: walk25aHono(noEnv, false), verdict: "unverified",
			reason: []string{"--allow-env", "DATABASE_URL"}, lacks: []string{"nothing to fix"}},
	})
}

// TestDeploy_DenoTaskNotFoundWalk25a: the hono-deno recipe starts `deno
// task start`, a task of its deno.json. Misspelt (`deno task starts`), the
// answer was "unverified: could not check where `deno task starts`
// listens", with deno.json deployed and read: Deno stops with `Task not
// found: starts` and lists the tasks. The answer names run.start. A task
// of the config --config names (`--config=other.json`, however the flag
// is written) is that config's: deno.json lacking it fails nothing.
func TestDeploy_DenoTaskNotFoundWalk25a(t *testing.T) {
	t.Parallel()
	otherConfig := walk25aHono("deno task --config=other.json start", true)
	otherConfig["other.json"] = otherConfig["deno.json"]
	otherConfig["deno.json"] = `{"tasks":{"dev":"deno run --watch main.ts"}}`
	runWalkCases(t, []deployCase{
		{name: "the task in the config --config names", services: "services:\n  - hostname: app\n    type: deno@1\n", dir: "app", target: "app",
			files: otherConfig, verdict: "live", lacks: []string{"Task not found"}},
		{name: "a typo of the task", services: "services:\n  - hostname: app\n    type: deno@1\n", dir: "app", target: "app",
			files: walk25aHono("deno task starts", true), verdict: "not-answering", says: []string{"Task not found: starts", "- start"},
			next: []string{"run.start"}, lacks: []string{"where `deno task starts` listens"},
			then: []deployCase{{name: "the task named", files: walk25aHono("deno task start", true), verdict: "live"}}},
	})
}
