package diagnose

import (
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// shNotFound finds a shell that did not find a command's program: dash
// (`/bin/sh: 1: x: not found`), BusyBox ash (`sh: x: not found`), bash
// (`bash: line 1: x: command not found`), and zsh, which puts the name last
// (`zsh:1: command not found: x`). A path (./x) is a file the deploy lacks,
// which another rule reads.
const shNotFound = `(?i)(^|\s)(/bin/)?(ba|da|z)?sh: (line )?(\d+: )?(exec: )?[\w.@+-]+: (command )?not found|(^|\s)zsh:(\d+:)? command not found: [\w.@+-]+`

// missingProgram finds the program a shell did not find (shNotFound): the
// first submatch, or the second for zsh.
var missingProgram = lazyregexp.New(`sh: (?:line )?(?:\d+: )?(?:exec: )?([\w.@+-]+): (?:command )?not found|zsh:(?:\d+:)? command not found: ([\w.@+-]+)`)

// programOf is the program the shell in line did not find; "" when none.
func programOf(line string) string {
	m := missingProgram.FindStringSubmatch(line)
	if m == nil {
		return ""
	}
	return m[1] + m[2]
}

// basePrograms are the programs a runtime base or the run image brings, or
// an app's start commonly runs: a name one slip from one of them (or from a
// package's command, pyCommands and nodeCommands) is that name misspelt.
var basePrograms = strings.Fields(`node npm npx yarn yarnpkg pnpm pnpx corepack bun bunx deno
	python python3 pip pip3 uv uvx poetry pipenv php php-fpm composer frankenphp
	go java javac mvn mvnw gradle gradlew dotnet ruby bundle bundler rails rake puma rackup
	mix elixir iex erl cargo rustc gleam nginx caddy httpd apache2 make sh bash sudo apk apt-get zsc`)

// misspeltProgram is the program the shell in line did not find, when its
// name is one slip from a program the container has or a package provides
// (nmp for npm, pyhton for python, gunicron for gunicorn): a start command
// written wrong, not a package missing. ok is false otherwise; a known
// name itself is never misspelt (pnpm missing is pnpm not installed).
func misspeltProgram(line string) (typed, meant string, ok bool) {
	typed = programOf(line)
	if len(typed) < 3 {
		return "", "", false
	}
	known := slices.Concat(basePrograms, pyCommands, nodeCommands)
	if slices.Contains(known, typed) {
		return "", "", false
	}
	for _, k := range known {
		if slip(typed, k) {
			return typed, k, true
		}
	}
	return "", "", false
}

// slip reports whether typed is name with one typist's slip: two
// neighbouring letters swapped or a letter doubled (any name), or, for a
// name of six letters or more, one letter left out, added or changed. A
// short name gets no more: a real program is often one letter from a short
// one (make and rake, serve and server).
func slip(typed, name string) bool {
	if typed == name {
		return false
	}
	if len(typed) == len(name) {
		diff := []int{}
		for i := range typed {
			if typed[i] != name[i] {
				diff = append(diff, i)
			}
		}
		switch {
		case len(diff) == 2 && diff[1] == diff[0]+1 && typed[diff[0]] == name[diff[1]] && typed[diff[1]] == name[diff[0]]:
			return true // swapped
		case len(diff) == 1:
			return len(name) >= 6 // changed
		}
		return false
	}
	added := len(typed) > len(name)
	long, short := typed, name
	if !added {
		long, short = name, typed
	}
	if len(long) != len(short)+1 {
		return false
	}
	i := 0 // where long has the letter short lacks
	for i < len(short) && long[i] == short[i] {
		i++
	}
	if long[i+1:] != short[i:] {
		return false
	}
	doubled := added && (i > 0 && typed[i] == typed[i-1] || i+1 < len(typed) && typed[i] == typed[i+1])
	return doubled || len(name) >= 6
}

// taskNotFound finds a tool that was asked for a task or command it does
// not have: Mix, rake and Rails, Symfony's console (Laravel's artisan),
// Django's manage.py, npm, Click (flask, celery), Cobra and commander CLIs,
// pip, clap (uv), go and cargo. npm, yarn, pnpm, bun and deno's own scripts
// are npm-missing-script. A Symfony console's name that several commands
// start with (ambiguousCmd) is read with them.
const taskNotFound = `\bCommand "[^"]+" is ambiguous\.|\(Mix\) The task "?[^"\s]+"? could not be found|Don't know how to build task '|Unrecognized command "[^"]+" \(Rails::|^(Error: )?Command '[^']+' not recognized|\bCommand "[^"]+" is not defined\b|There are no commands defined in the "[^"]+" namespace|^(npm (ERR!|error) )?Unknown command: ['"]|^Error: No such command ['"]|^(Error|error): unknown command ['"]|^ERROR: unknown command "|\berror: unrecognized subcommand '|^go \S+: unknown command|\berror: no such command: ` + "`"

// taskName finds the name a tool did not know, and its suggestion (the
// words after "did you mean" or "maybe you meant").
var (
	taskName    = lazyregexp.New(`(?:task|command|Command|namespace)[: ]*["'` + "`" + `]([^"'` + "`" + `\s]+)["'` + "`" + `]|^go (\S+): unknown command`)
	taskMeant   = lazyregexp.New(`(?i)(?:did you mean|maybe you meant)\??:?\s*(?:["'` + "`" + `]([\w:.-]+)["'` + "`" + `]|([\w:.-]+)(?:\?|\s*$))`)
	taskNamed   = lazyregexp.New(taskNotFound)
	taskNamedNS = lazyregexp.New(`no commands defined in the "([^"]+)" namespace`)
	// ambiguousCmd is a Symfony console's line for a shortened command
	// name that several of its commands start with.
	ambiguousCmd = lazyregexp.New(`\bCommand "([^"]+)" is ambiguous\.`)
)

// budgetRe finds a line saying a bundle is over its size budget.
var budgetRe = lazyregexp.New(budgetExceeded)

// testsFailedRe reads a test runner's summary of failed tests.
var testsFailedRe = lazyregexp.New(testsFailed)

// toolchainMissingRe reads a build lacking a compiler or a library's
// headers; headerName the header it names.
var (
	toolchainMissingRe = lazyregexp.New(toolchainMissing)
	headerName         = lazyregexp.New(`fatal error: (\S+\.h):`)
	pkgConfigName      = lazyregexp.New(`No package '([\w.+-]+)' found|Package ([\w.+-]+) was not found in the pkg-config`)
)

// nodeBadOption is Node.js refusing an option of its command line (it
// exits 9): one it does not know, or one given no value; or one that
// NODE_OPTIONS may not carry (a worker's error says so too).
const nodeBadOption = `^(\S*/)?node(js)?: (bad option: |--?[\w-]+ requires an argument)|--?[\w-]+(=\S*)? is not allowed in NODE_OPTIONS`

// nodeEnvOption finds the option Node.js refuses in NODE_OPTIONS.
var nodeEnvOption = lazyregexp.New(`(--?[\w-]+)(?:=\S*)? is not allowed in NODE_OPTIONS`)

// nodeOption finds the option a line of Node.js says it does not know.
var nodeOption = lazyregexp.New(`(?i)^(?:\S*/)?node(?:js)?: bad option: (--?[\w-]+)`)

// nodeOptionFix fits d to Node.js refusing an option it does not know
// (line): misspelt, or one of another Node.js version than the base's.
// It reports whether line was that refusal.
func (d *Diagnosis) nodeOptionFix(line string, stage Stage) bool {
	where, base, env := "`run.start`", "`run.base`", "`run.envVariables`"
	if stage == Build {
		where, base, env = "`build.buildCommands`", "`build.base`", "`build.envVariables`"
	}
	if m := nodeEnvOption.FindStringSubmatch(line); m != nil {
		// The option itself may be right: only its place is not.
		d.Cause = "Node.js refuses `" + m[1] + "` in the NODE_OPTIONS variable (only some options may be given there), so every node process exits (code 9) before running any code; the command itself is not at fault."
		d.Fix = "Take `" + m[1] + "` out of NODE_OPTIONS where it is set (" + env + " in zerops.yml, or a service or project variable: `zerops_env`) and, if it is needed, pass it on node's own command line in " + where + " (`node " + m[1] + " <file>`); then deploy again."
		return true
	}
	m := nodeOption.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	d.Cause = "Node.js does not know the option `" + m[1] + "` it was started with, so it exits (code 9) before running any code: the option is misspelt, or it belongs to another Node.js version than the one installed."
	d.Fix = "Correct `" + m[1] + "` in " + where + " (or the package.json script it runs) to an option the installed Node.js lists in `node --help`; if the option is a newer version's (--experimental-strip-types needs 22.6 or later), set " + base + " to that version (e.g. nodejs@22). Then deploy again."
	return true
}

// commandFix fits d (start-command-invalid in a runtime log,
// build-command-failed in a build's) to a misspelt program, an unknown
// task, an option Node.js does not know or a bundle over its size budget,
// which line shows; other lines keep d as it is.
func (d *Diagnosis) commandFix(line string, stage Stage) {
	where := "`run.start`"
	if stage == Build {
		where = "`build.buildCommands`"
	}
	if d.nodeOptionFix(line, stage) {
		return
	}
	if m := toolchainMissingRe.FindString(line); m != "" {
		what := "a C compiler or make"
		if h := headerName.FindStringSubmatch(m); h != nil {
			what = "the headers of a system library (`" + h[1] + "`)"
		} else if p := pkgConfigName.FindStringSubmatch(m); p != nil {
			what = "the development files of a system library (`" + p[1] + p[2] + "`, which pkg-config looks for)"
		} else if strings.Contains(strings.ToLower(m), "python") {
			what = "Python, which node-gyp or a build script runs,"
		}
		d.Cause = "The build container lacks " + what + " that a package's native code is compiled with, so its install fails; the source is not at fault."
		d.Fix = "Install the OS packages in `build.prepareCommands` with sudo (`sudo apk add --no-cache build-base python3` plus the library's -dev package, e.g. python3-dev, libffi-dev, openssl-dev, postgresql-dev, on Alpine, the default; `sudo apt-get install -y build-essential` and its -dev package on Ubuntu), or use a version of the package that ships prebuilt binaries; then deploy again."
		return
	}
	if testsRanFailed(line) {
		d.Cause = "A test run by " + where + " failed (the runner's lines above name it and what it expected), so the build command exits non-zero; the code compiles."
		d.Fix = "Fix the failing test or the code it tests and deploy again; to deploy without the tests, run them outside " + where + " (in CI before the deploy)."
		return
	}
	if budgetRe.MatchString(line) {
		d.Cause = "The build's output is larger than a size budget of the project allows (Angular's `budgets` with a `maximumError` in angular.json), so the build command fails; the code itself compiles."
		d.Fix = "Make the bundle or stylesheet the line names smaller (lazy-load routes, import only what is used), or raise that budget's `maximumError` in angular.json (under the configuration the build uses, e.g. `production`); then deploy again."
		return
	}
	if typed, meant, ok := misspeltProgram(line); ok {
		d.Cause = "The command runs `" + typed + "`, a program that does not exist: `" + meant + "` misspelt, so the shell exits 127."
		d.Fix = "Correct `" + typed + "` to `" + meant + "` in " + where + " (or in the package.json script it runs), then deploy again."
		return
	}
	if m := viteEntryRe.FindStringSubmatch(line); m != nil && stage == Build {
		entry := m[1] + m[2]
		d.Cause = "The build's bundler (Vite, through Rollup) starts from the entry `" + entry + "`, which the source lacks: `vite build` bundles index.html at the root it builds unless vite.config names another entry, so it stops."
		d.Fix = "Restore `" + entry + "` (the page whose `<script type=\"module\">` loads the app) at the root `vite build` builds, or name the entry in vite.config's `build.rollupOptions.input`; then deploy again."
		return
	}
	if gradleWrapperMain.MatchString(line) {
		d.Cause = "`./gradlew` runs the JVM on `gradle/wrapper/gradle-wrapper.jar` beside it, and the build's source has no such jar (a `*.jar` line in .gitignore commonly leaves it out), so the JVM cannot load the wrapper's main class; the code is not at fault."
		d.Fix = "Add `gradle/wrapper/gradle-wrapper.jar` to the source (`gradle wrapper` writes it with gradle-wrapper.properties; where .gitignore has `*.jar`, add `!gradle/wrapper/gradle-wrapper.jar` after it), or install Gradle in `build.prepareCommands` " +
			"(`sudo apk add --no-cache gradle` on Alpine, `sudo apt-get install -y gradle` with `os: ubuntu`: the Java build image has the JDK, not Gradle) and run `gradle …` in " + where + " instead of `./gradlew`; then deploy again."
		return
	}
	if tool, ok := imageLacks[programOf(line)]; ok && stage == Build {
		prog := programOf(line)
		d.Cause = "The build runs `" + prog + "`, which no Zerops build image brings (the Java one has the JDK, not " + tool.name + "), and no `build.prepareCommands` installs it."
		d.Fix = "Commit the " + tool.name + " wrapper (`" + tool.wrapper + "` with its `" + tool.dir + "` folder) and run `./" + tool.wrapper + " …` in " + where +
			" instead of `" + prog + "`, or install " + tool.name + " in `build.prepareCommands` (`sudo apk add --no-cache " + tool.pkg +
			"` on Alpine, `sudo apt-get install -y " + tool.pkg + "` with `os: ubuntu`); then deploy again."
		return
	}
	if programOf(line) == "hugo" && stage == Build {
		d.Cause = "The build runs `hugo`, which no Zerops build image brings, and no `build.prepareCommands` installs it."
		d.Fix = "Install Hugo in `build.prepareCommands`: `sudo apk add --no-cache hugo` on Alpine (the default), or download its release archive there with wget; keep `hugo` in " + where + ". Then deploy again."
		return
	}
	if prog := programOf(line); stage == Build && (prog == "bun" || prog == "bunx") {
		d.Cause, d.Fix = bunMissing(prog, "build")
		return
	}
	if prog := programOf(line); stage == Build && nodeImageTools[prog] {
		d.Cause = "The build runs `" + prog + "`, which its build image does not have: Node.js comes with a nodejs build base, not with PHP's (composer, git, wget), Python's, Go's, Java's or .NET's, and no `build.prepareCommands` installs it."
		d.Fix = "Give `build.base` Node.js beside the base it has, as a list (`base: [php@8.4, nodejs@22]` for a PHP app), or install it in `build.prepareCommands` (`sudo apk add --no-cache nodejs npm` on Alpine); then deploy again."
		return
	}
	if !taskNamed.MatchString(line) {
		return
	}
	if m := ambiguousCmd.FindStringSubmatch(line); m != nil {
		d.Cause = "The command names its tool's command by `" + m[1] + "`, the start of several of them: a Symfony console (Composer, artisan, bin/console) runs a shortened name only when one command starts with it."
		d.Fix = "Write the command's full name in " + where + " (the tool lists those it could mean below its line), then deploy again."
		return
	}
	name := ""
	if m := taskName.FindStringSubmatch(line); m != nil {
		name = m[1] + m[2]
	}
	if m := taskNamedNS.FindStringSubmatch(line); m != nil {
		name = m[1]
	}
	d.Cause = "The command asks its tool for a task or command it does not have"
	if name != "" {
		d.Cause += " (`" + name + "`)"
	}
	d.Cause += ": the name is misspelt, renamed in the tool's version, or comes from a package that is not installed."
	d.Fix = "Correct the task in " + where + " to one the tool lists (`mix help`, `bin/rails --tasks`, `php artisan list`, `python manage.py help`, the CLI's `--help`), then deploy again."
	if m := taskMeant.FindStringSubmatch(line); m != nil {
		d.Fix = "Correct the task in " + where + " to `" + m[1] + m[2] + "`, as the tool suggests (or another its help lists), then deploy again."
	}
}

// imageLacks are the build tools no build image brings, by the command
// that runs them: their name, the wrapper a repository commits in their
// place and the package that installs them.
// viteEntryMissing is Rollup's line for an entry it cannot find, as Vite
// prints it: quoted (Rollup 3 and later), in parentheses (Rollup 2).
const viteEntryMissing = `Could not resolve entry module (?:"([^"]+)"|\(([^)]+)\))\.`

// viteEntryRe reads the entry: group 1 or 2.
var viteEntryRe = lazyregexp.New(viteEntryMissing)

// notViteEntry reports whether line (lines[n]) is other than Vite's
// `error during build:` before Rollup's missing entry, the next line (no
// error in the source, the entry file is not there), or before an error a
// SvelteKit adapter threw (the source compiled; the adapter refused it).
func notViteEntry(lines []string, n int, line string) bool {
	if !strings.Contains(line, "error during build") {
		return true
	}
	return n+1 >= len(lines) || !viteEntryRe.MatchString(lines[n+1]) && !adapterFailed(lines, n+1)
}

// adapterFrame is a stack frame of a SvelteKit adapter's adapt step (or of
// the adapter's package): the build's output was made, the adapter refused
// it (dynamic routes with adapter-static, say), so no source failed to
// compile.
var adapterFrame = lazyregexp.New(`^\s*at (adapt|Object\.adapt|async adapt) \(|[/\\]@sveltejs[/\\]adapter-[\w-]+[/\\]`)

// adapterFailed reports whether the error at lines[n] is thrown by an
// adapter: one of its next three lines is an adapter's frame.
func adapterFailed(lines []string, n int) bool {
	return matchWithin(lines, n, 4, adapterFrame)
}

// gradleWrapperMain is the JVM's line (or its cause) when gradlew runs
// without gradle/wrapper/gradle-wrapper.jar.
var gradleWrapperMain = lazyregexp.New(`(?i)(?:Could not find or load main class|ClassNotFoundException:) org\.gradle\.wrapper\.GradleWrapperMain\b`)

var imageLacks = map[string]struct{ name, wrapper, dir, pkg string }{
	"mvn":    {"Maven", "mvnw", ".mvn/", "maven"},
	"gradle": {"Gradle", "gradlew", "gradle/", "gradle"},
}

// nodeImageTools are Node.js's commands, which only some build images
// bring (the nodejs one; not PHP's, Python's, Go's, Java's or .NET's).
var nodeImageTools = map[string]bool{"npm": true, "npx": true, "node": true, "yarn": true}

// misspelt and notMisspelt tell the rules a missing program's name
// misspelt from one missing.
func misspelt(_ []string, _ int, line string) bool {
	_, _, ok := misspeltProgram(line)
	return ok
}

func notMisspelt(lines []string, n int, line string) bool { return !misspelt(lines, n, line) }

// bundlerPlatformRe reads the platform Bundler runs on from its refusal of
// a lock file that lacks it.
var bundlerPlatformRe = lazyregexp.New(`your local platform is (\S+?)\.?(?:\s|$)|bundle lock --add-platform (\S+?)` + "`?" + `(?:\s|$)`)

// bundlerPlatformFix fits d, lockfile-mismatch read from line, to Bundler's
// lock file lacking the container's platform: the lock is right for the
// machine it was made on, and gains the platform without other changes.
func (d *Diagnosis) bundlerPlatformFix(line string) {
	if !bundlerPlatformLine.MatchString(line) {
		return
	}
	platform := "the platform the log names"
	if m := bundlerPlatformRe.FindStringSubmatch(line); m != nil {
		platform = "`" + m[1] + m[2] + "`"
	}
	d.Cause = "Gemfile.lock lists only the platforms it was locked on (e.g. a Mac's), not the container's " + platform + ", so Bundler refuses to install from it."
	d.Fix = "Add the container's platform to the lock file locally: `bundle lock --add-platform " + strings.Trim(platform, "`") + "`, commit Gemfile.lock and deploy again."
	if platform == "the platform the log names" {
		d.Fix = "Add the container's platform to the lock file locally: `bundle lock --add-platform x86_64-linux-musl` on the Alpine base (x86_64-linux on Ubuntu), commit Gemfile.lock and deploy again."
	}
}

var bundlerPlatformLine = lazyregexp.New(bundlerPlatform)

// goSumLines are the go command's lines for a module go.sum (Go's lock
// file) has no checksum of, or a go.mod out of step with the imports.
const goSumLines = `missing go\.sum entry|updates to go\.(?:mod|sum) needed`

// goSumLine reads such a line; group 1 the package whose module lacks a
// checksum, when the line names it.
var goSumLine = lazyregexp.New(`missing go\.sum entry for module providing package ([^\s;]+)|` + goSumLines)

// goSumFix fits d, lockfile-mismatch read from line, to Go's: go.sum is
// Go's lock file, written by go mod tidy, and go build does not add to it.
func (d *Diagnosis) goSumFix(line string) {
	m := goSumLine.FindStringSubmatch(line)
	if m == nil {
		return
	}
	what := "a module the build needs"
	if m[1] != "" {
		what = "the module providing `" + m[1] + "`"
	}
	d.Cause = "go.sum has no checksum for " + what + ": `go build` does not write go.sum, so a go.sum that is missing or older than go.mod fails the build."
	d.Fix = "Run `go mod tidy` where go.mod is, commit go.mod and go.sum, and deploy again (or run `go mod tidy` before the build in `build.buildCommands`)."
}

// pnpmLockLine reads pnpm refusing a frozen-lockfile install: group 1
// OUTDATED (pnpm-lock.yaml out of step with package.json) or NO (absent).
var pnpmLockLine = lazyregexp.New(`ERR_PNPM_(OUTDATED|NO)_LOCKFILE\b`)

// pnpmLockFix fits d, lockfile-mismatch read from line, to pnpm's: its
// lock file is pnpm-lock.yaml, written by pnpm install, which a
// frozen-lockfile install does not update; npm's commands and lock file
// would not mend it.
func (d *Diagnosis) pnpmLockFix(line string) {
	m := pnpmLockLine.FindStringSubmatch(line)
	if m == nil {
		return
	}
	if m[1] == "NO" {
		d.Cause = "pnpm-lock.yaml is not in the deployed source, and `pnpm install --frozen-lockfile` installs only from it."
		d.Fix = "Run `pnpm install` locally, commit pnpm-lock.yaml and deploy again (or drop `--frozen-lockfile` from the install in `build.buildCommands`)."
		return
	}
	d.Cause = "pnpm-lock.yaml is out of step with package.json (a dependency added or changed without `pnpm install`), and a frozen-lockfile install does not update it."
	d.Fix = "Run `pnpm install --no-frozen-lockfile` locally, commit pnpm-lock.yaml with package.json and deploy again (or use `pnpm install --no-frozen-lockfile` in `build.buildCommands`)."
}

// npmLockLine is npm ci refusing to install: with no package-lock.json
// (group 1) or with one out of step with package.json.
var npmLockLine = lazyregexp.New("(?i)(`npm ci` command can only install with an existing package-lock\\.json)|can only install packages when your package\\.json and package-lock\\.json|^npm ERR! (cipm|`npm ci`) can only install packages when your package\\.json and\\s*$|\\bMissing: \\S+ from lock file|\\bInvalid: lock file's")

// npmLockFix fits d, lockfile-mismatch read from line, to npm: the fix in
// npm's commands only, not every ecosystem's.
func (d *Diagnosis) npmLockFix(line string) {
	m := npmLockLine.FindStringSubmatch(line)
	if m == nil {
		return
	}
	if m[1] != "" {
		d.Cause = "package-lock.json is not in the deployed source, and `npm ci` installs only from it."
		d.Fix = "Run `npm install` once locally, commit package-lock.json and deploy again (or use `npm install` in place of `npm ci` in `build.buildCommands`)."
		return
	}
	d.Cause = "package-lock.json is out of step with package.json (a dependency added or changed without `npm install`), and `npm ci` does not update it."
	d.Fix = "Run `npm install` locally, commit package-lock.json with package.json and deploy again (or use `npm install` in place of `npm ci` in `build.buildCommands`)."
}

// nestDI reads Nest's dependency injection failure: the provider, the
// dependency (when Nest names it) and the module.
var nestDI = lazyregexp.New(`Nest can't resolve dependencies of the (\w+) \(.*?\)\. Please make sure that the argument (?:"?([\w$]+)"? )?at index \[\d+\] is available in the (\w+) context`)

// nestFix fits d, app-crash read from line, to Nest failing to inject a
// dependency at boot: the app's module wiring, which only the code fixes.
func (d *Diagnosis) nestFix(line string) {
	m := nestDI.FindStringSubmatch(line)
	if m == nil {
		return
	}
	dep := "the dependency at that index"
	if m[2] != "" && m[2] != "Object" {
		dep = "`" + m[2] + "`"
	}
	d.Cause = "Nest cannot inject " + dep + " into `" + m[1] + "` in `" + m[3] + "`, so the app stops at boot: the app's module wiring, not the platform."
	d.Fix = "Make " + dep + " a provider in `" + m[3] + "` (its `providers`), or import the module that provides and exports it into `" + m[3] + "`'s `imports` (a type-only import of the class also breaks injection); then deploy again."
}

// bunMissing is the cause and fix of prog (bun, bunx) not found in the
// build or run container: the docs list Bun on bun's images alone.
func bunMissing(prog, stage string) (cause, fix string) {
	base := "Set `build.base` to a bun version (e.g. `bun@1.2`)"
	if stage == "run" { // run.base of another runtime than the service's is warned of (walk 85: a loop)
		base = "Deploy to a service of a bun type (e.g. `bun@1.2`, created with zerops_import) with `run.base` a bun version"
	}
	return "The " + stage + " runs `" + prog + "`, which its container does not have: the docs list Bun only on bun bases (the Node.js images bring npm, yarn, npx and git, no Bun), and nothing installs it.",
		base + ", or install Bun before it runs (`npm install -g bun` in `" + stage + ".prepareCommands` on a nodejs base); then deploy again."
}
