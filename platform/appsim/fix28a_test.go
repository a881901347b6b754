package appsim_test

import (
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
