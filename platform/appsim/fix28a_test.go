package appsim_test

import (
	"cmp"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// logOf is the text of simulated lines, one a line.
func logOf(lines []appsim.Line) string {
	var out []string
	for _, l := range lines {
		out = append(out, l.Msg)
	}
	return strings.Join(out, "\n")
}

// A failing cd names the line of the script it sits on, as the shell
// numbers the lines of what it runs: in a build block, in a
// run.prepareCommands block and in a run.start of several lines (a
// line continued with a backslash, or a quoted newline, still counts).
func TestShellLine_FailingCdNamesItsLine(t *testing.T) {
	t.Parallel()
	up := map[string]string{"package.json": `{"name":"a"}`, "index.js": "require('http').createServer().listen(3000, '0.0.0.0')"}
	build := func(os string, cmds ...string) string {
		d := appsim.Setup{BuildCommands: cmds, DeployFiles: []string{"./"}, RunBase: "nodejs@22", Prep: appsim.Prep{BuildOS: os}}
		res := appsim.Build(&d, files(up), fixedTime)
		return logOf(res.Lines) + "\n" + res.Failure
	}
	prepare := func(cmds ...string) string {
		d := appsim.Setup{RunBase: "nodejs@22", Prep: appsim.Prep{RunPrepare: cmds}}
		lines, failure := appsim.RunPrepare(&d, d.RunBase, appsim.NewFiles(), map[string]bool{})
		return logOf(lines) + "\n" + failure
	}
	start := func(cmd string) string {
		return logOf(run(appsim.Setup{Start: cmd}, up).Crash)
	}
	for _, tc := range []struct {
		name, log, want string
	}{
		{"build: one line", build("", "cd missing-dir"), "/bin/sh: cd: line 1: can't cd to missing-dir: No such file or directory"},
		{"build: second line of a block", build("", "npm i\ncd missing-dir"), "/bin/sh: cd: line 2: can't cd to missing-dir: No such file or directory"},
		{"build: after set -e and a blank line", build("", "set -e\n\necho go\ncd missing-dir\nnpm i"), "/bin/sh: cd: line 4: can't cd to missing-dir:"},
		{"build: a continued line", build("", "echo a && \\\n  cd missing-dir"), "/bin/sh: cd: line 2: can't cd to missing-dir:"},
		{"build: a quoted newline", build("", "echo \"a\nb\"\ncd missing-dir"), "/bin/sh: cd: line 3: can't cd to missing-dir:"},
		{"build: a comment line", build("", "# go to the app\ncd missing-dir"), "/bin/sh: cd: line 2: can't cd to missing-dir:"},
		{"build: a later block", build("", "npm i", "echo a\necho b\ncd missing-dir"), "/bin/sh: cd: line 3: can't cd to missing-dir:"},
		{"build on ubuntu: a script not there", build("ubuntu", "echo a\n./build.sh"), "/bin/sh: 2: ./build.sh: not found"},
		{"prepare: one line", prepare("cd /var/www/app && npm ci"), "/bin/sh: cd: line 1: can't cd to /var/www/app: No such file or directory"},
		{"prepare: third line of a block", prepare("apk add --no-cache git\necho ok\ncd /var/www/app && npm ci"),
			"/bin/sh: cd: line 3: can't cd to /var/www/app: No such file or directory"},
		{"start: one line", start("cd build && node index.js"), "/bin/sh: cd: line 1: can't cd to build: No such file or directory"},
		{"start: second line", start("export A=1\ncd build && node index.js"), "/bin/sh: cd: line 2: can't cd to build: No such file or directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if !strings.Contains(tc.log, tc.want) {
				t.Errorf("the log lacks %q:\n%s", tc.want, tc.log)
			}
		})
	}
}

// A run.prepareCommands line running what the sandbox does not model
// leaves the start unverified, naming the line, as a build command does;
// harmless shell commands, package installs (with sudo or without) and
// --version stay modelled.
func TestRun_UnmodelledRunPrepareIsUnchecked(t *testing.T) {
	t.Parallel()
	up := map[string]string{"package.json": `{"name":"a"}`, "index.js": "require('http').createServer().listen(3000, '0.0.0.0')"}
	const note = "whether run.prepareCommands succeed: "
	for _, tc := range []struct {
		name    string
		base    string // the run base; "": nodejs@22
		prepare []string
		want    string // in Unchecked; "": no note on run.prepareCommands
	}{
		{"a CLI the sandbox does not model", "", []string{"frobnicate --init"}, note + "`frobnicate --init` is not simulated here"},
		{"a download", "", []string{"echo fetching", "curl -fsSL https://example.com/x.tgz -o /tmp/x.tgz"}, note + "`curl -fsSL https://example.com/x.tgz -o /tmp/x.tgz` is not simulated here"},
		{"a line of a block", "", []string{"echo a\nfrobnicate --init\necho b"}, note + "`echo a; frobnicate --init; echo b` is not simulated here"},
		{"two lines", "", []string{"frobnicate", "wget https://example.com/x"}, "`frobnicate`, `wget https://example.com/x` are not simulated here"},
		{"PREPARING_RUNTIME_FAILED named", "", []string{"frobnicate"}, "PREPARING_RUNTIME_FAILED"},
		{"sudo around what is not modelled", "", []string{"sudo frobnicate"}, note + "`sudo frobnicate`"},
		{"an OS install with sudo", "", []string{"sudo apk add --no-cache ffmpeg"}, ""},
		{"an OS install on ubuntu", "ubuntu@22.04", []string{"sudo apt-get update", "sudo -E apt-get install -y ffmpeg"}, ""},
		{"harmless commands", "", []string{"echo hi", "mkdir -p /tmp/x && chmod 755 /tmp/x", "node --version"}, ""},
		{"a global npm install", "", []string{"npm i -g pm2", "sudo npm i -g pm2"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{Start: "node index.js", RunBase: cmp.Or(tc.base, "nodejs@22"), Prep: appsim.Prep{RunPrepare: tc.prepare}}
			if tc.base != "" {
				d.Start = "sleep infinity"
			}
			got := strings.Join(run(d, up).Unchecked, "\n")
			if tc.want == "" && strings.Contains(got, "run.prepareCommands succeed") || !strings.Contains(got, tc.want) {
				t.Errorf("unchecked:\n%s\nwant %q", got, orNone(tc.want))
			}
		})
	}
}

// orNone is s, or "none" for "".
func orNone(s string) string { return cmp.Or(s, "none") }

// Composer's console runs a command named by any start of its name that
// only one command has (a script of composer.json among them): `composer
// instal` installs, and vendor is there for deployFiles. A start that
// several commands share fails with the console's "is ambiguous" lines, a
// name no command starts with with "is not defined", the cause being the
// command, never deployFiles. Where a plugin may add commands, or Composer
// 2.10's commands (repository, policy) change the answer, the sandbox does
// not know: the line is unverified.
func TestBuild_ComposerCommandAbbreviations(t *testing.T) {
	t.Parallel()
	php := map[string]string{"composer.json": `{"require": {"ramsey/uuid": "^4"}, "scripts": {"lint-php": "phpcs src"}}`, "composer.lock": "{}", "index.php": "<?php"}
	plugin := map[string]string{"composer.json": `{"require": {"acme/tool": "1"}, "config": {"allow-plugins": {"acme/tool": true}}}`, "index.php": "<?php"}
	for _, tc := range []struct {
		name    string
		files   map[string]string
		command string
		failure string   // "": the build passes
		says    []string // in the log
		unrun   string   // in the build's Unrun; "": none
	}{
		{"instal installs", php, "composer instal --no-dev", "", nil, ""},
		{"inst installs", php, "composer inst --optimize-autoloader", "", nil, ""},
		{"the alias i", php, "composer i", "", nil, ""},
		{"another working directory", php, "composer -d api instal", "", nil, "`composer -d api instal`"},
		{"up is update (upgrade is its alias)", php, "composer up --no-dev", "", nil, ""},
		{"in: init, install or info", php, "composer in", "build command failed with exit code 1: composer in",
			[]string{`Command "in" is ambiguous.`, "Did you mean one of these?", "      init", "      install", "      info"}, ""},
		{"l: licenses, list or a script", php, "composer l", "exit code 1", []string{`Command "l" is ambiguous.`, "      lint-php"}, ""},
		{"a script by its start", php, "composer lint", "", nil, ""},
		{"not defined", php, "composer frobnicate", "exit code 1", []string{`Command "frobnicate" is not defined.`}, ""},
		{"a typo", php, "composer isntall", "exit code 1", []string{`Command "isntall" is not defined.`, "Did you mean this?", "      install"}, ""},
		{"a plugin may define it", plugin, "composer frobnicate", "", nil, "`composer frobnicate`"},
		{"a plugin may not resolve an ambiguity", plugin, "composer in", "", nil, "`composer in`"},
		{"p: prohibits before 2.10, ambiguous with policy since", php, "composer p vendor/pkg", "", nil, "`composer p vendor/pkg`"},
		{"repo: repository only since 2.10", php, "composer repo list", "", nil, "`composer repo list`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: []string{tc.command}, DeployFiles: []string{"vendor", "index.php"}, BuildBases: []string{"php@8.3"}, RunBase: "php-nginx@8.3"}
			res := appsim.Build(&d, files(tc.files), fixedTime)
			log := logOf(res.Lines)
			if (tc.failure == "") != (res.Failure == "") || !strings.Contains(res.Failure, tc.failure) {
				t.Fatalf("failure %q, want %q:\n%s", res.Failure, orNone(tc.failure), log)
			}
			if strings.Contains(res.Failure, "deployFiles") {
				t.Errorf("the cause named is deployFiles: %s", res.Failure)
			}
			for _, s := range tc.says {
				if !strings.Contains(log, s) {
					t.Errorf("the log lacks %q:\n%s", s, log)
				}
			}
			if got := strings.Join(res.Unrun, ", "); tc.unrun == "" && got != "" || !strings.Contains(got, tc.unrun) {
				t.Errorf("unrun %q, want %q", got, orNone(tc.unrun))
			}
		})
	}
}
