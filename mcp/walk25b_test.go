package mcp_test

import (
	"testing"
)

// walk25bBot is the telegram-nodejs recipe's bot (grammy, polling, no
// port), installed by `pnpm i`, deployed whole and started by start.
func walk25bBot(start string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: bot\n    build:\n      base: nodejs@20\n      buildCommands:\n        - pnpm i\n      deployFiles:\n        - /\n" +
			"    run:\n      base: nodejs@20\n      start: " + start + "\n",
		"package.json": `{"name":"telegram-grammy","version":"1.0.0","main":"bot.js","scripts":{"start":"node bot.js"},"dependencies":{"dotenv":"^16.4.5","grammy":"^1.29.0"}}` + "\n",
		"bot.js": "const { Bot } = require(\"grammy\");\nrequire('dotenv').config();\n\nif (!process.env.BOT_TOKEN) {\n  console.error(\"BOT_TOKEN is not defined\");\n  process.exit(1);\n}\n\n" +
			"const bot = new Bot(process.env.BOT_TOKEN);\nbot.on('message:text', (ctx) => ctx.reply('You said: ' + ctx.message.text));\nbot.start();\n",
	}
}

// walk25bBotService is the bot's service, its token a secret.
const walk25bBotService = "services:\n  - hostname: bot\n    type: nodejs@20\n    envSecrets:\n      BOT_TOKEN: 123:abc\n"

// TestDeploy_StartRunsAMissingScriptWalk25b: the telegram-nodejs recipe
// starts `pnpm start`. Started `pnpm run serve` (or `yarn run serve`),
// a script package.json lacks, the answer said "nothing to fix" (pnpm
// stops with ERR_PNPM_NO_SCRIPT; yarn runs a binary of that name, which the
// sandbox does not know); started `npm run serve`, it crash-looped but the
// fix said "Correct the script name in `build.buildCommands`", which holds
// no such script: the start does.
func TestDeploy_StartRunsAMissingScriptWalk25b(t *testing.T) {
	t.Parallel()
	fixed := deployCase{name: "the start fixed", files: walk25bBot("pnpm start"), verdict: "deployed"}
	runWalkCases(t, []deployCase{
		{name: "recipe", services: walk25bBotService, dir: "bot", target: "bot", files: walk25bBot("pnpm start"), verdict: "deployed"},
		{name: "pnpm run serve", services: walk25bBotService, dir: "bot", target: "bot", files: walk25bBot("pnpm run serve"), verdict: "not-answering",
			signal: "npm-missing-script", next: []string{"run.start", "serve"}, lacks: []string{"build.buildCommands", "nothing to fix"},
			then: []deployCase{fixed}},
		{name: "npm run serve", services: walk25bBotService, dir: "bot", target: "bot", files: walk25bBot("npm run serve"), verdict: "not-answering",
			signal: "npm-missing-script", next: []string{"run.start", "serve"}, lacks: []string{"build.buildCommands"},
			then: []deployCase{fixed}},
		{name: "yarn run serve", services: walk25bBotService, dir: "bot", target: "bot", files: walk25bBot("yarn run serve"), verdict: "unverified",
			reason: []string{"serve"}, lacks: []string{"nothing to fix"}},
	})
}

// walk25bIdle is an ubuntu service on 8080 (the zabbix recipe's form)
// whose start only keeps the container up, init its run.initCommands.
func walk25bIdle(start string, init ...string) map[string]string {
	y := "zerops:\n  - setup: app\n    build:\n      deployFiles: [.]\n    run:\n      os: ubuntu\n      base: ubuntu@22.04\n"
	if len(init) > 0 {
		y += "      initCommands:\n"
		for _, c := range init {
			y += "        - " + c + "\n"
		}
	}
	y += "      ports:\n        - port: 8080\n          httpSupport: true\n      start: " + start + "\n"
	return map[string]string{"zerops.yml": y, "nginx.conf": "server {\n  listen 8080;\n}\n"}
}

// TestDeploy_StartThatOnlySleepsWalk25b: the zabbix recipe starts
// `while true; do sleep 10000; done` and its servers from
// run.initCommands (systemctl); quake3-server tails a log. The answer said
// it could not check "where `while true; do sleep 10000; done` listens",
// as if the loop were the server; with nothing in run.initCommands
// starting one (or `sleep infinity`), it stayed unverified, though nothing
// can answer there, as with `zsc noop`, which it does call not-answering.
func TestDeploy_StartThatOnlySleepsWalk25b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: ubuntu@22.04\n"
	var cases []deployCase
	for _, start := range []string{"sleep infinity", "while true; do sleep 10000; done", "tail -f /dev/null"} {
		cases = append(cases,
			deployCase{name: start, services: svc, dir: "app", target: "app", files: walk25bIdle(start), verdict: "not-answering",
				next: []string{"`" + start + "`", "starts no server"}, lacks: []string{"where `" + start + "` listens"}},
			deployCase{name: start + " with systemctl", services: svc, dir: "app", target: "app",
				files: walk25bIdle(start, "sudo systemctl restart nginx"), verdict: "unverified",
				reason: []string{"what `sudo systemctl restart nginx` (run.initCommands) starts", "run.start `" + start + "` only keeps the container up"}})
	}
	runWalkCases(t, cases)
}

// walk25bKibana is the elk recipe's kibana setup: its config deployed as
// deploy, copied into /etc by the first run.initCommands line (copied),
// kibana started by systemctl behind `zsc noop`, its readiness on 5601.
func walk25bKibana(deploy, copied string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: kibana\n    build:\n      deployFiles:\n        - " + deploy + "\n" +
			"    deploy:\n      readinessCheck:\n        httpGet:\n          path: /\n          port: 5601\n" +
			"    run:\n      os: ubuntu\n      base: ubuntu@24.04\n      ports:\n        - port: 5601\n          httpSupport: true\n" +
			"      prepareCommands:\n        - sudo apt-get update && sudo apt-get install kibana=8.16.6\n" +
			"      initCommands:\n        - sudo cp -f " + copied + " /etc/kibana/kibana.yml\n        - sudo chown -R kibana /etc/kibana\n        - sudo systemctl start kibana\n" +
			"      start: zsc noop --silent\n",
		"kibana/kibana.yml": "server.port: 5601\nserver.host: 0.0.0.0\n",
	}
}

// TestDeploy_InitCopiesAFileNotDeployedWalk25b: the elk recipe deploys
// kibana/kibana.yml and copies it into /etc in its first init command.
// Copying a path the deploy did not put in /var/www (kibana.yml), the
// answer said only that the sandbox "does not run `sudo cp -f kibana.yml
// …`" (unverified), though cp fails there for certain and the deploy
// with it: the init command fails, naming the file to deploy.
func TestDeploy_InitCopiesAFileNotDeployedWalk25b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: kibana\n    type: ubuntu@24.04\n"
	runWalkCases(t, []deployCase{
		{name: "recipe", services: svc, dir: "elk", target: "kibana", files: walk25bKibana("kibana/kibana.yml", "kibana/kibana.yml"), verdict: "unverified",
			lacks: []string{"does not run `sudo cp"}},
		{name: "cp of a path not deployed", services: svc, dir: "elk", target: "kibana", files: walk25bKibana("kibana/kibana.yml", "kibana.yml"), verdict: "deploy-failed",
			says: []string{"init-command-failed", "cannot stat 'kibana.yml'"}, next: []string{"Deploy `kibana.yml`", "sudo cp -f kibana.yml"}, lacks: []string{"does not run `sudo cp"},
			then: []deployCase{{name: "the path fixed", files: walk25bKibana("kibana/kibana.yml", "kibana/kibana.yml"), verdict: "unverified"}}},
	})
}

// TestDeploy_InitChmodOfAScriptStartsNothingWalk25b: the zabbix recipe's
// first init command is `sudo chmod +x /var/www/migrate.sh`, its servers
// started by `sudo systemctl restart …` after it. The answer named the
// chmod as what may start the server ("what `sudo chmod +x
// /var/www/migrate.sh` (run.initCommands) starts and where it listens"):
// a script's name as chmod's argument runs nothing.
func TestDeploy_InitChmodOfAScriptStartsNothingWalk25b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: ubuntu@22.04\n"
	files := walk25bIdle("while true; do sleep 10000; done", "sudo chmod +x /var/www/migrate.sh", "sudo systemctl restart nginx")
	files["migrate.sh"] = "#!/bin/bash\necho migrate\n"
	runWalkCases(t, []deployCase{
		{name: "chmod then systemctl", services: svc, dir: "app", target: "app", files: files, verdict: "unverified",
			reason: []string{"what `sudo systemctl restart nginx` (run.initCommands) starts"}, lacks: []string{"what `sudo chmod"}},
	})
}

// walk25bQuake is the quake3-server recipe's setup: LinuxGSM installed by
// run.prepareCommands (each line prefixed by cd, "cd /var/www && " in the
// recipe), the server started by `./q3server start` in run.initCommands.
func walk25bQuake(cd string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: q3server\n    build:\n      deployFiles:\n        - q3server.cfg\n    run:\n      os: ubuntu\n      base: ubuntu@22.04\n" +
			"      prepareCommands:\n        - sudo apt-get update\n" +
			"        - " + cd + "curl -Lo linuxgsm.sh https://linuxgsm.sh && chmod +x linuxgsm.sh && sudo -u zerops -n bash linuxgsm.sh q3server\n" +
			"        - " + cd + "sudo -u zerops -n ./q3server auto-install\n" +
			"      initCommands:\n        - mv q3server.cfg serverfiles/baseq3/q3server.cfg\n        - ./q3server start\n" +
			"      start: tail -f log/console/q3server-console.log\n      ports:\n        - port: 27960\n          protocol: udp\n",
		"q3server.cfg": "seta sv_hostname \"zerops\"\n",
	}
}

// TestDeploy_InitRunsWhatPrepareMadeElsewhereWalk25b: the quake3-server
// recipe installs LinuxGSM with `cd /var/www && …` in run.prepareCommands
// and runs `./q3server start` in run.initCommands. Without the cd, the
// prepare commands run in /home/zerops and ./q3server is not in /var/www:
// the answer said "Deploy `./q3server`: the build must have it (uploaded,
// or made by a build command) and `build.deployFiles` must include it", a
// file the build cannot have. It names the prepare command and the cd.
func TestDeploy_InitRunsWhatPrepareMadeElsewhereWalk25b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: q3server\n    type: ubuntu@22.04\n"
	runWalkCases(t, []deployCase{
		{name: "recipe", services: svc, dir: "q3", target: "q3server", files: walk25bQuake("cd /var/www && "), verdict: "unverified",
			reason: []string{"what `./q3server start` (run.initCommands) starts"}},
		{name: "prepare without cd", services: svc, dir: "q3", target: "q3server", files: walk25bQuake(""), verdict: "deploy-failed",
			next: []string{"cd /var/www && ", "run.prepareCommands", "/home/zerops"}, lacks: []string{"the build must have it"},
			then: []deployCase{{name: "the cd added", files: walk25bQuake("cd /var/www && "), verdict: "unverified"}}},
	})
}
