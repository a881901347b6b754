package appsim

import (
	"fmt"
	"strconv"
	"strings"
)

// buildTool runs one command of a build (args: what follows its name;
// depth bounds scripts that run scripts): its exit status, whether the
// shell exits, and done when what it made is known without reading its
// words for conventional outputs (conventionalOutputs).
type buildTool func(b *buildSim, name string, args []string, depth int) (code int, exit, done bool)

// shellRecords are the shell's own commands a build runs: exit, false and
// cd, and the commands that make the paths they name.
func shellRecords() []*tool {
	return []*tool{{names: []string{"exit"}, build: exitBuild}, {names: []string{"false"}, build: falseBuild},
		{names: []string{"cd"}, build: cdBuild}, {names: []string{"mkdir", "touch"}, build: makeBuild},
		{names: []string{"cp", "mv", "ln"}, build: copyBuild}}
}

// exitBuild is the shell's exit: the step's status, and the shell ends.
func exitBuild(_ *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	n := 0
	if len(args) > 0 {
		n, _ = strconv.Atoi(args[0])
	}
	return n & 0xff, true, true
}

// falseBuild fails.
func falseBuild(*buildSim, string, []string, int) (int, bool, bool) { return 1, false, true }

// cdBuild moves the step to a directory that must exist (~ and - stay).
func cdBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	dir := "~"
	if len(args) > 0 {
		dir = args[0]
	}
	if dir == "~" || dir == "-" {
		return 0, false, true
	}
	if b.files != nil && !b.outside(dir) && !b.exists(b.rel(dir)) {
		b.err(fmt.Sprintf("/bin/sh: cd: line 1: can't cd to %s: No such file or directory", dir))
		return 2, false, true
	}
	b.cwd = b.rel(dir)
	return 0, false, true
}

// makeBuild is mkdir and touch: each path named.
func makeBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			b.produce(a)
		}
	}
	return 0, false, false
}

// copyBuild is cp, mv and ln: the last path named.
func copyBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	if n := len(nonFlags(args)); n >= 2 {
		b.produce(nonFlags(args)[n-1])
	}
	return 0, false, false
}

// otherBuildTool is any other command: it succeeds, and what it makes is
// unknown unless the sandbox knows the command.
func otherBuildTool(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	if !b.knownCommand(name, args) {
		b.unknown = true
	}
	return 0, false, false
}
