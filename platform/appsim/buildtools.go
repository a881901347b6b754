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

// buildTools are the commands a build step knows, by name; any other is
// otherBuildTool. Filled in init: npx runs its command back through step.
var buildTools map[string]buildTool

func init() {
	buildTools = map[string]buildTool{"exit": exitBuild, "false": falseBuild, "cd": cdBuild,
		"mkdir": makeBuild, "touch": makeBuild, "cp": copyBuild, "mv": copyBuild, "ln": copyBuild,
		"npm": npmBuild, "pnpm": otherPMBuild, "yarn": otherPMBuild, "pip": pipBuild, "pip3": pipBuild,
		"python": pythonBuild, "python3": pythonBuild, "composer": composerBuild, "bundle": bundleBuild,
		"go": goBuild, "cargo": cargoBuild, "mvn": mavenBuild, "mvnw": mavenBuild, "npx": npxBuild, "bunx": npxBuild}
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

func npmBuild(b *buildSim, _ string, args []string, depth int) (int, bool, bool) {
	return b.npm(args, depth), false, true
}

func otherPMBuild(b *buildSim, name string, args []string, depth int) (int, bool, bool) {
	return b.otherPM(name, args, depth), false, false
}

func pipBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	return b.pip(args), false, false
}

// pythonBuild is `python -m pip …`, or a script whose outputs are unknown
// (manage.py collectstatic, …).
func pythonBuild(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	if len(args) > 2 && args[0] == "-m" && args[1] == "pip" {
		return b.pip(args[2:]), false, false
	}
	if !b.knownCommand(name, args) {
		b.unknown = true
	}
	return 0, false, false
}

// goBuild: a build without -o, generate and run make what is named after
// the module or written by a program.
func goBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	if code := b.goCmd(args); code != 0 {
		return code, false, true
	}
	if len(args) > 0 && (args[0] == "build" && valueAfter(args, "-o") == "" || args[0] == "generate" || args[0] == "run") {
		b.unknown = true
	}
	return 0, false, false
}

// npxBuild runs its command as a step of its own.
func npxBuild(b *buildSim, _ string, args []string, depth int) (int, bool, bool) {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		args = args[1:]
	}
	code, exit := b.step(args, depth)
	return code, exit, true
}

// otherBuildTool is any other command: it succeeds, and what it makes is
// unknown unless the sandbox knows the command.
func otherBuildTool(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	if !b.knownCommand(name, args) {
		b.unknown = true
	}
	return 0, false, false
}
