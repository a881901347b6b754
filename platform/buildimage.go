package platform

import (
	"slices"
	"strings"
)

// buildImageTool is a build tool not every build image brings: install
// holds the words of a build.prepareCommands line that installs it (`sudo
// apk add maven`, SDKMAN's `sdk install gradle`, `zsc add nodejs@22`, a
// downloaded archive named after it); lackedBy names the build bases whose
// images the docs list without it (their build environment: the OS, the
// language, zCLI and the tools listed); nil: no image brings it.
type buildImageTool struct{ install, lackedBy []string }

// buildImageTools are the build tools, by the command that runs them, that
// some build images lack. The Java image has the JDK, zCLI, git and wget,
// not Maven or Gradle; no image lists Hugo. Node.js's commands are there
// on nodejs and on bases whose listed tools name npm (deno, elixir, gleam,
// rust), not on PHP's (composer, git, wget), Python's (pip, git), Go's,
// Java's, .NET's, Alpine's or Ubuntu's; bun's names none of them and is
// not judged. Bun itself is on bun's images alone.
var buildImageTools = map[string]buildImageTool{"mvn": {install: []string{"maven", "mvn"}}, "gradle": {install: []string{"gradle"}},
	"hugo": {install: []string{"hugo"}}, // a static site generator no image lists
	"npm":  nodeBuildTool, "npx": nodeBuildTool, "node": nodeBuildTool, "yarn": nodeBuildTool,
	"bun": {install: []string{"bun"}, lackedBy: NoBunBases}}

// NoBunBases are the runtimes whose build and run images the docs list
// without Bun (the language, zCLI and their tools: npm, yarn, git, npx on
// nodejs, deno, rust, elixir and gleam; pip on python; composer or wget
// elsewhere): only a bun base brings it.
var NoBunBases = []string{"nodejs", "deno", "rust", "elixir", "gleam", "php", "python", "go", "golang", "java", "dotnet", "alpine", "ubuntu"}

var nodeBuildTool = buildImageTool{install: []string{"node", "npm", "yarn", "nvm", "fnm", "volta"},
	lackedBy: []string{"php", "python", "go", "golang", "java", "dotnet", "alpine", "ubuntu"}}

// BuildImageLacks reports whether cmd, a program a build command runs by
// its bare name, is missing where the build runs: build.base lists bases
// whose images all lack it (or no image brings it), and no line of prepare
// (build.prepareCommands) installs it. A tool it does not know, or a
// build without a base, is taken to be there.
func BuildImageLacks(cmd string, bases, prepare []string) bool {
	t, ok := buildImageTools[cmd]
	if !ok {
		return false
	}
	if t.lackedBy != nil {
		if len(bases) == 0 {
			return false
		}
		for _, base := range bases {
			if !slices.Contains(t.lackedBy, baseRuntime(base)) {
				return false
			}
		}
	}
	for _, p := range prepare {
		for _, w := range t.install {
			if strings.Contains(strings.ToLower(p), w) {
				return false
			}
		}
	}
	return true
}

// NodeBuildTool reports whether cmd is one of Node.js's commands, which a
// build base of Node.js brings.
func NodeBuildTool(cmd string) bool {
	t, ok := buildImageTools[cmd]
	return ok && slices.Equal(t.install, nodeBuildTool.install)
}

// baseRuntime is a base's runtime name, without OS prefix and version
// (ubuntu/php@8.4: php).
func baseRuntime(base string) string {
	name, _, _ := strings.Cut(base, "@")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	return name
}
