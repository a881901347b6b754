package appsim

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform/editdist"
)

// Node's package managers and runners: npm (install, ci, run, start, exec
// as npm 10 answers them), yarn and pnpm (scripts, then installed
// binaries), npx and bunx (a command of its own).

func npmRecord() *tool {
	return &tool{name: "npm", names: []string{"npm"}, lang: "node", run: npmTool, build: npmBuild}
}

func yarnRecord() *tool {
	return &tool{name: "yarn", names: []string{"yarn", "pnpm"}, lang: "node", run: otherPMTool, build: otherPMBuild}
}

func npxRecord() *tool {
	return &tool{name: "npx", names: []string{"npx", "bunx"}, lang: "node", build: npxBuild, unwrap: npxCommand}
}

// npxCommand is the command npx runs (its -y/--yes dropped).
func npxCommand(_ string, args []string) (string, []string, bool) {
	args = slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "-y" || a == "--yes" })
	if len(args) == 0 {
		return "", nil, false
	}
	return path.Base(args[0]), args[1:], true
}

// packageJSON is what npm reads of package.json.
type packageJSON struct {
	Name    string            `json:"name"`
	Version string            `json:"version"`
	Scripts map[string]string `json:"scripts"`
}

// npm runs an npm command as npm 10 would answer it, printing its errors
// in npm's own words.
func (b *buildSim) npm(args []string, depth int) int {
	sub := ""
	rest := nonFlags(args)
	if len(rest) > 0 {
		sub, rest = rest[0], rest[1:]
	}
	switch sub {
	case "ci", "clean-install", "ic", "install-clean", "isntall-clean":
		b.installs("npm", "")
		b.omitsDev(args, true)
		b.lifecycle()
		if b.files == nil {
			return 0
		}
		if !b.files.Has(path.Join(b.cwd, "package-lock.json")) && !b.files.Has(path.Join(b.cwd, "npm-shrinkwrap.json")) {
			b.npmErr("code EUSAGE", "",
				"The `npm ci` command can only install with an existing package-lock.json or",
				"npm-shrinkwrap.json with lockfileVersion >= 1. Run an install with npm@5 or",
				"later to generate a package-lock.json file, then try again.", "",
				"Clean install a project", "", "Usage:", "npm ci", "", `Run "npm help ci" for more info`)
			b.npmLogLine()
			return 1
		}
		if missing := b.lockMissing(); len(missing) > 0 {
			b.npmErr("code EUSAGE", "",
				"`npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.", "")
			for _, m := range missing {
				b.npmErr("Missing: " + m + " from lock file")
			}
			b.npmErr("", "Clean install a project", "", "Usage:", "npm ci", "", `Run "npm help ci" for more info`)
			b.npmLogLine()
			return 1
		}
		return 0
	case "install", "i", "add", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall":
		b.installs("npm", "")
		b.omitsDev(args, len(rest) == 0)
		b.lifecycle()
		return 0
	case "run", "run-script", "rum", "urn":
		if len(rest) == 0 {
			return 0
		}
		return b.npmScript(rest[0], depth)
	case "start", "test", "stop", "restart", "t", "tst":
		name := map[string]string{"t": "test", "tst": "test"}[sub]
		return b.npmScript(orStr(name, sub), depth)
	case "exec", "x":
		return b.run(strings.Join(rest, " "), depth)
	case "prune":
		if omitDev(args) {
			b.omitsDev(args, true)
		}
		return 0
	case "", "cache", "config", "audit", "ls", "list", "view", "outdated", "doctor", "ping", "whoami":
		return 0
	}
	b.mayHave(madeAny) // npm rebuild, pack, …
	return 0
}

// omitDev reports whether npm's args leave devDependencies out:
// --omit=dev (or --omit dev), --production, --only=prod[uction].
func omitDev(args []string) bool {
	for i, a := range args {
		switch {
		case a == "--omit=dev", a == "--production", a == "--only=prod", a == "--only=production",
			a == "--omit" && i+1 < len(args) && args[i+1] == "dev":
			return true
		}
	}
	return false
}

// omitsDev records whether the node_modules of the current directory
// holds devDependencies after an npm command with args: a whole install
// (whole) or prune decides it; an install of named packages keeps it.
func (b *buildSim) omitsDev(args []string, whole bool) {
	if b.noDev == nil || !whole && !omitDev(args) {
		return
	}
	if nm := b.rel("node_modules"); nm != "" {
		b.noDev[nm] = omitDev(args)
	}
}

// lifecycle: an install runs the package's own install scripts, which the
// sandbox does not follow; they may make any path.
func (b *buildSim) lifecycle() {
	src, ok := b.readFile("package.json")
	var pkg packageJSON
	if !ok || json.Unmarshal([]byte(src), &pkg) != nil {
		return
	}
	for _, s := range []string{"preinstall", "install", "postinstall", "prepare"} {
		if _, has := pkg.Scripts[s]; has {
			b.mayHave(madeAny)
		}
	}
}

// npmScript runs a package.json script, or fails as npm does when there is
// no package.json or no such script.
func (b *buildSim) npmScript(name string, depth int) int {
	if b.files == nil {
		return 0
	}
	src, ok := b.readFile("package.json")
	if !ok && !b.files.Has(path.Join(b.cwd, "package.json")) {
		p := path.Join(BuildSource, b.cwd, "package.json")
		b.npmErr("code ENOENT", "syscall open", "path "+p, "errno -2",
			fmt.Sprintf("enoent Could not read package.json: Error: ENOENT: no such file or directory, open '%s'", p),
			"enoent This is related to npm not being able to find a file.", "enoent")
		b.npmLogLine()
		return 254
	}
	var pkg packageJSON
	if !ok || json.Unmarshal([]byte(src), &pkg) != nil {
		b.mayHave(madeAny)
		return 0 // too large to read, or not JSON: let it pass
	}
	script, has := pkg.Scripts[name]
	if !has {
		lines := []string{fmt.Sprintf("Missing script: %q", name)}
		if s := didYouMean(name, pkg.Scripts); len(s) > 0 {
			lines = append(lines, "", "Did you mean "+map[bool]string{true: "this?", false: "one of these?"}[len(s) == 1])
			for _, c := range s {
				lines = append(lines, fmt.Sprintf("  npm run %s # run the %q package script", c, c))
			}
		}
		lines = append(lines, "", "To see a list of scripts, run:", "  npm run")
		b.npmErr(lines...)
		b.npmLogLine()
		return 1
	}
	id := name
	if pkg.Name != "" {
		id = pkg.Name + "@" + orStr(pkg.Version, "1.0.0") + " " + name
	}
	b.out = append(b.out, Line{6, ""}, Line{6, "> " + id}, Line{6, "> " + script}, Line{6, ""})
	if depth >= 3 {
		b.mayHave(madeAny)
		return 0
	}
	code := b.run(script, depth+1)
	if code != 0 {
		b.npmErr(fmt.Sprintf("code %d", code), "path "+path.Join(BuildSource, b.cwd), "command failed", "command sh -c "+script)
		b.npmLogLine()
	}
	return code
}

func (b *buildSim) npmErr(lines ...string) {
	for _, l := range lines {
		b.err(strings.TrimRight("npm error "+l, " "))
	}
}

// npmLogLine is npm's last line after an error: where its debug log is.
func (b *buildSim) npmLogLine() {
	b.err("npm error A complete log of this run can be found in: /home/zerops/.npm/_logs/" +
		b.at.UTC().Format("2006-01-02T15_04_05_000Z") + "-debug-0.log")
}

// didYouMean names the scripts close to name, as npm suggests them: an edit
// distance under 40% of name's length.
func didYouMean(name string, scripts map[string]string) []string {
	var out []string
	for s := range scripts {
		if float64(editdist.EditDistance(name, s)) < float64(len(name))*0.4 {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// otherPM runs pnpm's and yarn's script commands as they answer a script
// package.json lacks.
func (b *buildSim) otherPM(name string, args []string, depth int) int {
	rest := nonFlags(args)
	if len(rest) == 0 {
		return 0 // yarn alone installs
	}
	script := rest[0]
	switch {
	case isInstall(name, script):
		if name == "pnpm" && script != "add" && len(rest) == 1 && pnpmFrozen(args) && b.pnpmFrozenFails() {
			return 1
		}
		b.installs(name, "")
		b.lifecycle()
		return 0
	case script == "run" && len(rest) > 1:
		script = rest[1]
	case name == "yarn" && !builtinYarn[script]:
	case script == "start" || script == "test":
	case name == "pnpm" && !builtinPnpm[script] && b.hasScript(script):
		// `pnpm build`: pnpm runs a script of a name that is not its own
		// command (with no such script, a binary: not followed).
	default:
		b.mayHave(madeAny) // pnpm's other commands, yarn's builtins: not followed
		return 0
	}
	if b.files == nil {
		return 0
	}
	src, ok := b.readFile("package.json")
	var pkg packageJSON
	if !ok || json.Unmarshal([]byte(src), &pkg) != nil {
		b.mayHave(madeAny)
		return 0
	}
	if text, has := pkg.Scripts[script]; has {
		if depth >= 3 {
			b.mayHave(madeAny)
			return 0
		}
		return b.run(text, depth+1)
	}
	if bin := args[slices.Index(args, script):]; (name == "yarn" || rest[0] != "run") && b.installedBin(script) {
		// No such script: yarn (and pnpm without run) runs the installed
		// binary of that name from node_modules/.bin.
		code, _ := b.step(bin, depth+1)
		return code
	}
	if name == "pnpm" {
		b.err(" ERR_PNPM_NO_SCRIPT  Missing script: " + script)
		b.err("")
		b.err("Command \"" + script + "\" not found.")
		return 1
	}
	b.err(fmt.Sprintf("error Command %q not found.", script))
	b.err("info Visit https://yarnpkg.com/en/docs/cli/run for documentation about this command.")
	return 1
}

// builtinYarn are yarn commands that are not package scripts.
var builtinYarn = map[string]bool{"install": true, "add": true, "remove": true, "upgrade": true, "global": true,
	"cache": true, "config": true, "init": true, "info": true, "why": true, "list": true, "audit": true,
	"workspace": true, "workspaces": true, "dlx": true, "exec": true, "set": true, "link": true, "pack": true}

// builtinPnpm are pnpm commands that are not package scripts or binaries.
var builtinPnpm = map[string]bool{"add": true, "install": true, "i": true, "update": true, "up": true, "remove": true, "rm": true,
	"link": true, "unlink": true, "import": true, "rebuild": true, "rb": true, "prune": true, "fetch": true, "patch": true,
	"patch-commit": true, "audit": true, "list": true, "ls": true, "outdated": true, "why": true, "publish": true, "pack": true,
	"dlx": true, "create": true, "store": true, "env": true, "setup": true, "init": true, "deploy": true, "server": true,
	"config": true, "licenses": true, "doctor": true, "root": true, "bin": true, "recursive": true, "install-test": true, "it": true}

// binPackages are packages whose binary is named otherwise.
var binPackages = map[string][]string{"tsc": {"typescript"}, "nuxi": {"nuxi", "nuxt"}, "nest": {"@nestjs/cli"},
	"ng": {"@angular/cli"}, "svelte-kit": {"@sveltejs/kit"}, "remix": {"@remix-run/dev"}, "vue-cli-service": {"@vue/cli-service"},
	"rw": {"@redwoodjs/cli", "@redwoodjs/core"}, "redwood": {"@redwoodjs/cli", "@redwoodjs/core"}}

// lockBinRe finds, in a lock file, a binary a package declares: yarn
// berry's `bin:` block (`    mmdc: src/cli.js`), package-lock.json's
// "bin" object (`"mmdc": "src/cli.js"`); the name is filled in.
const lockBinRe = `(?m)^\s+"?%s"?:\s*"?[\w./-]+"?,?\s*$`

// installedBin reports whether node_modules/.bin may hold name after the
// installs so far: packages were installed (or any path may have been
// made) and package.json or a lock file names a package that has it, or
// the lock files cannot be read to tell.
func (b *buildSim) installedBin(name string) bool {
	if !b.mayHaveMade() && !b.exists(path.Join(b.cwd, "node_modules")) {
		return false
	}
	pkgs := append([]string{name}, binPackages[name]...)
	read := false
	for _, f := range []string{"package.json", "yarn.lock", "pnpm-lock.yaml", "package-lock.json"} {
		src, ok := b.readFile(f)
		if !ok {
			if b.files.Has(path.Join(b.cwd, f)) && f != "package.json" {
				return true // a lock file too large to read: it may name it
			}
			continue
		}
		read = true
		if f != "package.json" && regexp.MustCompile(fmt.Sprintf(lockBinRe, regexp.QuoteMeta(name))).MatchString(src) {
			return true
		}
		for _, p := range pkgs {
			if strings.Contains(src, `"`+p+`"`) || strings.Contains(src, "\n"+p+"@") || strings.Contains(src, `"`+p+"@") ||
				strings.Contains(src, "/"+p+"@") || strings.Contains(src, "node_modules/"+p+`"`) || strings.Contains(src, "\n  "+p+":") {
				return true
			}
		}
	}
	return !read
}

func npmBuild(b *buildSim, _ string, args []string, depth int) (int, bool, bool) {
	return b.npm(args, depth), false, true
}

// hasScript reports whether package.json in the current directory
// defines script.
func (b *buildSim) hasScript(script string) bool {
	src, ok := b.readFile("package.json")
	var pkg packageJSON
	if !ok || json.Unmarshal([]byte(src), &pkg) != nil {
		return false
	}
	_, has := pkg.Scripts[script]
	return has
}

func otherPMBuild(b *buildSim, name string, args []string, depth int) (int, bool, bool) {
	return b.otherPM(name, args, depth), false, false
}

// npxBuild runs its command as a step of its own.
func npxBuild(b *buildSim, _ string, args []string, depth int) (int, bool, bool) {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		args = args[1:]
	}
	code, exit := b.step(args, depth)
	return code, exit, true
}

// npmStart follows `npm start` / `npm run X` into package.json's script.
func (r *runSim) npmStart(args []string, env map[string]string, depth int) startCmd {
	rest := nonFlags(args)
	if len(rest) == 0 {
		return startCmd{lang: "node"}
	}
	script := rest[0]
	if (script == "run" || script == "run-script") && len(rest) > 1 {
		script = rest[1]
	} else if script != "start" && script != "test" {
		return startCmd{lang: "node"}
	}
	if r.files == nil {
		return startCmd{lang: "node"}
	}
	src, ok := r.deployedText(r.path("package.json"))
	if !ok {
		if r.deployed(r.path("package.json")) != "" || r.producedAt(r.path("package.json")) {
			return startCmd{lang: "node"} // too large to read, or the build may have made it
		}
		p := path.Join(RunRoot, r.path("package.json"))
		return startCmd{lang: "node", crash: npmRuntimeErr("code ENOENT", "syscall open", "path "+p, "errno -2",
			fmt.Sprintf("enoent Could not read package.json: Error: ENOENT: no such file or directory, open '%s'", p),
			"enoent This is related to npm not being able to find a file.")}
	}
	var pkg packageJSON
	if json.Unmarshal([]byte(src), &pkg) != nil {
		return startCmd{lang: "node"}
	}
	text, has := pkg.Scripts[script]
	if !has && script == "start" && r.deployed(r.path("server.js")) != "" {
		text, has = "node server.js", true // npm's default start
	}
	if !has {
		return startCmd{lang: "node", crash: npmRuntimeErr(fmt.Sprintf("Missing script: %q", script), "",
			"To see a list of scripts, run:", "  npm run")}
	}
	if i := slices.Index(args, "--"); i >= 0 {
		text += shellArgs(args[i+1:]) // npm passes what follows -- to the script
	}
	return r.resolveIn(text, env, depth+1)
}

// shellArgs is args as sh reads them appended to a script: each quoted,
// with a space before it (a package manager runs the script with `sh -c`
// and the arguments after it, so they reach its last command).
func shellArgs(args []string) string {
	var b strings.Builder
	for _, a := range args {
		b.WriteString(" '" + strings.ReplaceAll(a, "'", `'\''`) + "'")
	}
	return b.String()
}

func npmRuntimeErr(lines ...string) []Line {
	out := make([]Line, 0, len(lines))
	for _, l := range lines {
		out = append(out, Line{3, strings.TrimRight("npm error "+l, " ")})
	}
	return out
}

// npmTool follows `npm start` / `npm run X` into package.json's script.
func npmTool(r *runSim, _ string, args []string, env map[string]string, depth int) (startCmd, bool) {
	if depth >= 3 {
		return startCmd{}, false
	}
	return r.npmStart(args, env, depth), true
}

// otherPMTool follows a start by pnpm or yarn (`pnpm start`, `pnpm serve`,
// `yarn run start`) into the package.json script it names, as npmTool does
// npm's: the Qwik and SvelteKit recipes start so. A script package.json
// lacks (pnpm and yarn then run an installed binary of that name, or fail),
// a yarn builtin or a package.json it cannot read is not followed.
func otherPMTool(r *runSim, name string, args []string, env map[string]string, depth int) (startCmd, bool) {
	if depth >= 3 {
		return startCmd{}, false
	}
	unread := startCmd{lang: "node"}
	rest := nonFlags(args)
	if len(rest) == 0 || r.files == nil {
		return unread, true
	}
	script := rest[0]
	switch {
	case (script == "run" || (name == "pnpm" && script == "run-script")) && len(rest) > 1:
		script = rest[1]
	case script == "exec" && args[0] == "exec" && len(args) > 1 && !strings.HasPrefix(args[1], "-"):
		// `pnpm exec next start`: the binary runs from node_modules/.bin,
		// its arguments its own.
		return r.command(slices.Clone(args[1:]), env, depth+1), true
	case isInstall(name, script), name == "yarn" && builtinYarn[script], name == "pnpm" && builtinPnpm[script], script == "exec", script == "dlx":
		return unread, true
	}
	src, ok := r.deployedText(r.path("package.json"))
	if !ok && r.deployed(r.path("package.json")) == "" && !r.producedAt(r.path("package.json")) {
		// No manifest where the command starts: both stop there.
		dir := path.Join(RunRoot, r.cwd)
		if name == "pnpm" {
			return startCmd{lang: "node", exit: 1, crash: []Line{{3, fmt.Sprintf(" ERR_PNPM_NO_IMPORTER_MANIFEST_FOUND  No package.json (or package.yaml, or package.json5) was found in %q.", dir)}}}, true
		}
		return startCmd{lang: "node", exit: 1, crash: []Line{{6, "yarn run v1.22.22"}, {3, fmt.Sprintf("error Couldn't find a package.json file in %q", dir)},
			{6, "info Visit https://yarnpkg.com/en/docs/cli/run for documentation about this command."}}}, true
	}
	var pkg packageJSON
	if !ok || json.Unmarshal([]byte(src), &pkg) != nil {
		return unread, true
	}
	text, has := pkg.Scripts[script]
	if !has {
		byRun := args[0] != script
		switch {
		case byRun && name == "pnpm":
			// `pnpm run X` runs a script only: without it pnpm stops, as
			// the build's pnpm does.
			return startCmd{lang: "node", exit: 1, crash: []Line{{3, " ERR_PNPM_NO_SCRIPT  Missing script: " + script}, {3, ""},
				{3, "Command \"" + script + "\" not found."}}}, true
		case script == "start" || script == "test" || script == "run":
			unread.unread = fmt.Sprintf("package.json has no script %q, and what %s then runs is not read", script, name)
			return unread, true // (pnpm start without the script runs server.js: not followed)
		}
		// pnpm and yarn (`yarn run X` too) run an installed binary of a
		// name that is neither their command nor a script: `pnpm next
		// start`, `yarn rw serve`.
		return r.command(slices.Clone(args[slices.Index(args, script):]), env, depth+1), true
	}
	// pnpm (since 7) and yarn pass every argument after the script's name
	// to the script (`pnpm start -p 8080` is `next start -p 8080`). Whether
	// a `--` among them reaches the script differs by version: not read.
	extra := args[slices.Index(args, script)+1:]
	if slices.Contains(extra, "--") {
		return unread, true
	}
	return r.resolveIn(text+shellArgs(extra), env, depth+1), true
}

// lockMissing lists the dependencies package.json declares (as
// name@range; npm names the version it resolved, which the sandbox cannot
// know) that the lock npm ci reads lacks: npm ci refuses a lock out of
// sync with package.json. A lock or manifest it cannot read, or a
// workspace root, is not judged.
func (b *buildSim) lockMissing() []string {
	text, ok := b.readFile("npm-shrinkwrap.json")
	if !ok {
		text, ok = b.readFile("package-lock.json")
	}
	src, pok := b.readFile("package.json")
	if !ok || !pok {
		return nil
	}
	var pkg struct {
		Workspaces json.RawMessage   `json:"workspaces"`
		Deps       map[string]string `json:"dependencies"`
		Dev        map[string]string `json:"devDependencies"`
		Optional   map[string]string `json:"optionalDependencies"`
	}
	if json.Unmarshal([]byte(src), &pkg) != nil || pkg.Workspaces != nil {
		return nil
	}
	var missing []string
	for _, deps := range []map[string]string{pkg.Deps, pkg.Dev, pkg.Optional} {
		for _, name := range slices.Sorted(maps.Keys(deps)) {
			held, known := lockLists("package-lock.json", text, name)
			if known && !held {
				missing = append(missing, name+"@"+deps[name])
			}
		}
	}
	return missing
}
