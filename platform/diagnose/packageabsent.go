package diagnose

// This file owns one family: a registry saying a package the manifest
// names does not exist, and Deno finding no installed copy at start.

// packageAbsent is a registry or an installer saying the package the
// manifest names does not exist there, the name quoted (Deno's "npm
// package 'x' does not exist", JSR's "package not found: @scope/x", a
// resolver's "package `x` was not found"); pkg-config's library is an OS
// package (build-command-failed), not the manifest's.
const packageAbsent = `(?i)\b(npm |jsr |pypi |hex |)package ['"\x60][@\w./:-]+['"\x60] (does ?n[o']t exist|was not found|not found|could not be found|is not (published|available) (in|on) (the )?registry)\b|\b(npm|jsr|pypi|hex) package not found: \S+|` +
	// JSR's manifest of the package, Hex's registry, Yarn's tarball
	`\bJSR package manifest for '[^']+' failed to load\b|\bNo package with name \S+ .{0,40}\bin registry\b|\bResponse code 404 \(Not Found\)`

// denoPackageNotInstalled is Deno at start finding no installed copy of a
// package the code imports: the packages were not installed or not
// deployed with the app.
const denoPackageNotInstalled = `Could not find a matching package for '(npm|jsr):[^']+' in the node_modules directory`

// packageAbsentSpecs are the rules of a package no registry or install has.
var packageAbsentSpecs = []ruleSpec{
	{build: "dependency-not-found", runtime: "", keys: []string{"package '", "package \"", "package `", "package not found: ", "jsr package manifest", "no package with name", "response code 404"}, re: packageAbsent, not: `(?i)pkg-config|\.pc\b`},
	{build: "", runtime: "module-not-found-at-runtime", keys: []string{"could not find a matching package for"}, re: denoPackageNotInstalled},
}
