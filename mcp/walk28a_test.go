package mcp_test

import (
	"strings"
	"testing"
)

// walk28aPrepare is walk27bBlock's Node app with run.prepareCommands: each
// of cmds a list item (a block when it holds newlines).
func walk28aPrepare(cmds ...string) map[string]string {
	files := walk27bBlock("npm i")
	prep := "      prepareCommands:\n"
	for _, c := range cmds {
		if strings.Contains(c, "\n") {
			c = "|\n          " + strings.ReplaceAll(c, "\n", "\n          ")
		}
		prep += "        - " + c + "\n"
	}
	files["zerops.yml"] = strings.Replace(files["zerops.yml"], "    run:\n      base: nodejs@22\n", "    run:\n      base: nodejs@22\n"+prep, 1)
	return files
}

// TestDeploy_FailingCdLineWalk28a: a failing cd inside a `- |` block was
// logged as "/bin/sh: cd: line 1: ..." whatever line of the block it sat
// on. The log names the line of the block the cd is on, as the shell
// numbers the lines of the script it runs (a one-line command: line 1).
func TestDeploy_FailingCdLineWalk28a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: nodejs@22\n"
	runWalkCases(t, []deployCase{
		{name: "build block cd on line 2", services: svc, dir: "blk", target: "api", files: walk27bBlock("npm i", "cd missing-dir"), verdict: "build-failed",
			says: []string{"/bin/sh: cd: line 2: can't cd to missing-dir: No such file or directory"}, lacks: []string{"cd: line 1:"}},
		{name: "build block set -e cd on line 3", services: svc, dir: "blk", target: "api", files: walk27bBlock("set -e", "echo start", "cd missing-dir", "npm i"), verdict: "build-failed",
			says: []string{"/bin/sh: cd: line 3: can't cd to missing-dir: No such file or directory"}, lacks: []string{"cd: line 1:"}},
		{name: "build one line", services: svc, dir: "blk", target: "api", files: walk27bBlock("cd missing-dir && npm i"), verdict: "build-failed",
			says: []string{"/bin/sh: cd: line 1: can't cd to missing-dir: No such file or directory"}},
		{name: "run.prepareCommands block cd on line 2", services: svc, dir: "blk", target: "api", files: walk28aPrepare("echo preparing\ncd /var/www/app && npm ci"), verdict: "prepare-failed|build-failed",
			says: []string{"/bin/sh: cd: line 2: can't cd to /var/www/app: No such file or directory"}, lacks: []string{"cd: line 1:"}},
	})
}

// TestDeploy_UnmodelledRunPrepareWalk28a: a run.prepareCommands line the
// sandbox does not model passed silently ("api is live"), while the same
// line in build.buildCommands made the verdict unverified. The same rule
// holds for both: unverified, naming the line and run.prepareCommands;
// harmless shell commands, package installs and --version stay live.
func TestDeploy_UnmodelledRunPrepareWalk28a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: nodejs@22\n"
	runWalkCases(t, []deployCase{
		{name: "a CLI not modelled", services: svc, dir: "prep", target: "api", files: walk28aPrepare("frobnicate --init"), verdict: "unverified",
			reason: []string{"whether run.prepareCommands succeed", "`frobnicate --init` is not simulated"}, lacks: []string{"api is live"},
			then: []deployCase{{name: "the line removed", files: walk28aPrepare("echo ready"), verdict: "live"}}},
		{name: "a download", services: svc, dir: "prep", target: "api", files: walk28aPrepare("curl -fsSL https://example.com/tool.tgz -o /tmp/tool.tgz"), verdict: "unverified",
			reason: []string{"`curl -fsSL https://example.com/tool.tgz -o /tmp/tool.tgz` is not simulated", "PREPARING_RUNTIME_FAILED"}},
		{name: "OS and npm installs", services: svc, dir: "prep", target: "api",
			files: walk28aPrepare("sudo apk add --no-cache git", "npm i -g pm2", "node --version\nmkdir -p /tmp/cache"), verdict: "live"},
	})
}

// walk28aPHP is a plain PHP app on php-nginx whose build runs cmd and
// deploys vendor beside index.php.
func walk28aPHP(cmd string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: app\n    build:\n      base: php@8.4\n      buildCommands:\n        - " + cmd +
			"\n      deployFiles: [ vendor, public ]\n    run:\n      base: php-nginx@8.4\n      documentRoot: public\n",
		"composer.json":    `{"require": {"ramsey/uuid": "^4.7"}}`,
		"composer.lock":    "{}",
		"public/index.php": "<?php\nrequire __DIR__ . '/../vendor/autoload.php';\necho 'ok';\n",
	}
}

// TestDeploy_ComposerAbbreviationWalk28a: `composer instal` (Composer's
// console runs any start of a name only one command has) was answered
// with the wrong cause, "deployFiles vendor does not exist". It installs,
// and the deploy is live; `composer in` (init, install, info) fails with
// the console's "is ambiguous" and `composer frobnicate` with "is not
// defined", the cause being the command, never deployFiles.
func TestDeploy_ComposerAbbreviationWalk28a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: php-nginx@8.4\n"
	runWalkCases(t, []deployCase{
		{name: "instal", services: svc, dir: "php", target: "app", files: walk28aPHP("composer instal --no-dev"), verdict: "live", lacks: []string{"deployFiles"}},
		{name: "in", services: svc, dir: "php", target: "app", files: walk28aPHP("composer in --no-dev"), verdict: "build-failed",
			says: []string{`Command \"in\" is ambiguous.`, "composer in --no-dev"}, next: []string{"full name"}, lacks: []string{"does not exist"},
			then: []deployCase{{name: "install", files: walk28aPHP("composer install --no-dev"), verdict: "live"}}},
		{name: "frobnicate", services: svc, dir: "php", target: "app", files: walk28aPHP("composer frobnicate"), verdict: "build-failed",
			says: []string{`Command \"frobnicate\" is not defined.`}, lacks: []string{"does not exist"}},
	})
}
