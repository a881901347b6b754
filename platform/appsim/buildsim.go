package appsim

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// BuildSource is where build commands run; the uploaded files are there.
const BuildSource = "/build/source"

// Line is one simulated log line.
type Line struct {
	Sev int // syslog severity
	Msg string
}

// BuildResult is what a simulated build did: the BUILDING step's lines (each
// command and what it printed), the platform's failure line ("" for a build
// that succeeded) and the paths its commands create.
type BuildResult struct {
	Lines    []Line
	Failure  string
	Produced map[string]bool // relative to the working directory
	NotRun   bool            // failed before its commands ran (a base the catalog lacks)
	// Unknown: a command ran whose outputs the sandbox cannot know (a CLI
	// it does not model, a tool whose config may move its output): it may
	// have made any path.
	Unknown bool
}

// buildSim runs a setup's build commands in the mind: it knows the uploaded
// files and recognises what common commands need and create. Nothing is
// executed; an unknown command succeeds.
type buildSim struct {
	files    *Files // nil: the files are unknown, no rule needs them
	cwd      string // relative to the working directory
	produced map[string]bool
	unknown  bool // as BuildResult's
	out      []Line
	at       time.Time // the build's start: npm's debug-log name
	root     string    // where the files are and commands start; "": BuildSource
	// hook judges a command first (prepare.go): handled, its status stands.
	hook func(b *buildSim, words []string) (code int, handled bool)
}

// Build runs d's build commands and checks its deployFiles.
func Build(d *Setup, files *Files, at time.Time) BuildResult {
	res := BuildResult{Produced: map[string]bool{}}
	if failed := buildPrepare(d, &res); failed {
		return res
	}
	b := &buildSim{files: files, produced: res.Produced, at: at, out: res.Lines,
		hook: prepHook(containerOS(d.Prep.BuildOS, d.BuildBases...), false)}
	for _, c := range d.BuildCommands {
		b.cwd = ""
		b.out = append(b.out, Line{6, "$ " + c})
		if code := b.run(c, 0); code != 0 {
			res.Lines = b.out
			res.Failure = fmt.Sprintf("ERROR: build command failed with exit code %d: %s", code, clip(c, 120))
			return res
		}
	}
	res.Lines, res.Unknown = b.out, b.unknown
	if files == nil {
		return res
	}
	for _, df := range d.DeployFiles {
		// A path is missing only when every command's outputs are known.
		if !b.unknown && !b.deploys(df) {
			res.Failure = fmt.Sprintf("ERROR: deployFiles: %q does not exist in %s after the build commands; nothing to deploy",
				clip(df, 80), BuildSource)
			return res
		}
	}
	return res
}

// exists reports whether p (relative to the working directory) is an
// uploaded path, lies under one, or is made by a build command. Paths with
// glob characters are taken to match.
func (b *buildSim) exists(p string) bool {
	if p == "" || strings.ContainsAny(p, "*?[{") || b.files == nil || b.files.Has(p) {
		return true
	}
	return b.madeByBuild(p)
}

// madeByBuild reports whether a build command makes p, or a directory
// holding it, or something inside it.
func (b *buildSim) madeByBuild(p string) bool {
	for q := p; q != "." && q != ""; q = path.Dir(q) {
		if b.produced[q] {
			return true
		}
	}
	for q := range b.produced {
		if strings.HasPrefix(q, p+"/") {
			return true
		}
	}
	return false
}

// rel is p relative to the working directory, from the current directory.
func (b *buildSim) rel(p string) string {
	if root := b.top(); strings.HasPrefix(p, root+"/") || p == root {
		return CleanRel(strings.TrimPrefix(p, root))
	}
	return CleanRel(path.Join(b.cwd, p))
}

// top is the directory the files are in and commands start in.
func (b *buildSim) top() string { return orStr(b.root, BuildSource) }

// dir is the current directory, absolute.
func (b *buildSim) dir() string { return path.Join(b.top(), b.cwd) }

// outside reports whether p is an absolute path outside top: a directory
// of the image, whose content is not known.
func (b *buildSim) outside(p string) bool {
	root := b.top()
	return strings.HasPrefix(p, "/") && p != root && !strings.HasPrefix(p, root+"/")
}

// run runs one command line and answers its exit status. depth bounds
// package scripts that run other scripts.
func (b *buildSim) run(line string, depth int) int {
	code := 0
	for _, st := range parseShell(line) {
		if (st.op == "&&" && code != 0) || (st.op == "||" && code == 0) {
			continue
		}
		for _, f := range st.redir {
			b.produce(f)
		}
		var exit bool
		code, exit = b.step(st.words, depth)
		if exit {
			return code
		}
	}
	return code
}

// step runs one simple command; exit is true when it ends the shell.
func (b *buildSim) step(words []string, depth int) (code int, exit bool) {
	for len(words) > 0 && isAssignment(words[0]) {
		words = words[1:]
	}
	if len(words) == 0 {
		return 0, false
	}
	if b.hook != nil {
		if code, ok := b.hook(b, words); ok {
			return code, false
		}
	}
	name := path.Base(words[0])
	tool := buildTools[name]
	if tool == nil {
		tool = otherBuildTool
	}
	if code, exit, done := tool(b, name, words[1:], depth); done || code != 0 {
		return code, exit
	}
	b.conventionalOutputs(words)
	return 0, false
}

// noOutput are commands that make nothing in the working directory.
var noOutput = map[string]bool{"echo": true, "printf": true, "cat": true, "ls": true, "pwd": true, "test": true,
	"[": true, "true": true, ":": true, "sleep": true, "export": true, "set": true, "unset": true, "rm": true,
	"chmod": true, "chown": true, "which": true, "whoami": true, "date": true, "env": true,
	"tsc": true, "esbuild": true} // tsc's and esbuild's outputs: conventionalOutputs

// knownCommand reports whether the sandbox knows every path the command
// makes: a command in noOutput or in toolOutputs (whose config, when
// present, is judged there), or one asked only for its version or help.
func (b *buildSim) knownCommand(name string, args []string) bool {
	if noOutput[name] && (name != "env" || len(nonFlags(args)) == 0) {
		return true
	}
	joined := " " + name + " " + strings.Join(args, " ") + " "
	for _, o := range toolOutputs {
		if strings.HasPrefix(o.cmd, " "+name) && strings.Contains(joined, o.cmd) {
			return true
		}
	}
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		switch a {
		case "--version", "-v", "-V", "version", "--help", "-h":
		default:
			return false
		}
	}
	return true
}

// conventionalOutputs records what a build tool writes by default, and any
// output named by a flag (-o, --outDir, --out-dir, --outdir, --outfile,
// --output). A tool whose config file is there may write elsewhere: its
// outputs are then unknown.
func (b *buildSim) conventionalOutputs(words []string) {
	joined := " " + path.Base(words[0]) + " " + strings.Join(words[1:], " ") + " "
	for _, o := range toolOutputs {
		if !strings.Contains(joined, o.cmd) {
			continue
		}
		if o.cmd == " vite build " && b.hasConfig("svelte.config") {
			b.svelteKit()
			continue
		}
		if o.out != "" {
			b.produce(o.out)
		}
		for _, c := range o.configs {
			if b.hasConfig(c) && !b.configKeeps(c, o.moves) {
				b.unknown = true
			}
		}
	}
	if strings.Contains(joined, " tsc ") {
		b.tscOutputs(words)
	}
	if strings.Contains(joined, " nest build ") {
		b.nestOutputs()
	}
	if strings.Contains(joined, " mvn ") || strings.Contains(joined, " mvnw ") {
		b.mavenOutputs(words[1:])
	}
	for i, w := range words {
		flag, val, hasVal := strings.Cut(w, "=")
		switch flag {
		case "-o", "--outDir", "--out-dir", "--outdir", "--outfile", "--output", "--output-path", "--dist-dir":
			if hasVal {
				b.produce(val)
			} else if i+1 < len(words) {
				b.produce(words[i+1])
			}
		}
	}
}

var outDirRe = lazyregexp.New(`"outDir"\s*:\s*"([^"]+)"`)

// svelteKit records what `vite build` makes in a SvelteKit project: with
// adapter-static at its default pages directory, build/ (no dist/); with
// another adapter or pages set elsewhere, outputs the sandbox cannot know.
func (b *buildSim) svelteKit() {
	b.produce(".svelte-kit")
	cfg, ok := b.readConfig("svelte.config")
	if ok && strings.Contains(cfg, "adapter-static") && !strings.Contains(cfg, "pages") {
		b.produce("build")
		return
	}
	b.unknown = true
}

// hasConfig reports whether a config file named prefix.<ext> is in the
// current directory.
func (b *buildSim) hasConfig(prefix string) bool {
	_, ok := b.configName(prefix)
	return ok
}

func (b *buildSim) readConfig(prefix string) (string, bool) {
	if name, ok := b.configName(prefix); ok {
		return b.readFile(name)
	}
	return "", false
}

func (b *buildSim) configName(prefix string) (string, bool) {
	if b.files == nil {
		return "", false
	}
	for _, ext := range []string{"js", "mjs", "cjs", "ts", "mts", "cts", "json"} {
		if name := prefix + "." + ext; b.files.Has(path.Join(b.cwd, name)) {
			return name, true
		}
	}
	return "", false
}

// toolOutputs are the default output directories of common build tools,
// with the config files that can move them (angular.json always names one).
var toolOutputs = []struct {
	cmd, out string
	configs  []string
	moves    []string // words of a config that may move the output (a plugin may); nil: any config may
}{
	{" vite build ", "dist", []string{"vite.config", "svelte.config"}, []string{"outDir", "root", "plugins"}}, {" webpack", "dist", []string{"webpack.config"}, nil},
	{" parcel build ", "dist", nil, nil}, {" astro build ", "dist", []string{"astro.config"}, []string{"outDir", "root", "adapter", "integrations"}},
	{" ng build ", "dist", []string{"angular"}, nil},
	{" tsup ", "dist", []string{"tsup.config"}, []string{"outDir"}}, {" nest build ", "", nil, nil}, // nestOutputs
	{" next build ", ".next", []string{"next.config"}, []string{"distDir", "output"}},
	{" nuxt build ", ".output", []string{"nuxt.config"}, nuxtMoves}, {" nuxi build ", ".output", []string{"nuxt.config"}, nuxtMoves},
	{" nuxt generate ", ".output", []string{"nuxt.config"}, nuxtMoves}, {" nuxi generate ", ".output", []string{"nuxt.config"}, nuxtMoves},
	{" react-scripts build ", "build", nil, nil}, {" svelte-kit build ", "build", []string{"svelte.config"}, nil},
	{" gradle ", "build", nil, nil}, {" gradlew ", "build", nil, nil},
	{" cargo build ", "target", nil, nil}, {" composer install ", "vendor", nil, nil}, {" hugo ", "public", nil, nil},
	{" npm ci ", "node_modules", nil, nil}, {" npm install ", "node_modules", nil, nil}, {" npm i ", "node_modules", nil, nil},
	{" yarn ", "node_modules", nil, nil}, {" pnpm install ", "node_modules", nil, nil}, {" pnpm i ", "node_modules", nil, nil},
	{" bun install ", "node_modules", nil, nil}, {" bun i ", "node_modules", nil, nil},
}

// nuxtMoves are what in nuxt.config may move its output from .output:
// nitro's output directory, a nitro preset, the build directory.
var nuxtMoves = []string{"output", "nitro", "buildDir"}

// configKeeps reports whether the config prefix.* leaves a tool's output
// where it is by default: readable, and naming none of moves.
func (b *buildSim) configKeeps(prefix string, moves []string) bool {
	src, ok := b.readConfig(prefix)
	if !ok || moves == nil {
		return false
	}
	for _, w := range moves {
		if strings.Contains(src, w) {
			return false
		}
	}
	return true
}

// nestOutputs records what `nest build` emits: tsc's outputs for
// tsconfig.build.json (else tsconfig.json), unless nest-cli.json switches
// the builder or the project (webpack, swc, a monorepo), whose outputs are
// then unknown.
func (b *buildSim) nestOutputs() {
	if b.files == nil {
		b.unknown = true
		return
	}
	if b.files.Has(path.Join(b.cwd, "nest-cli.json")) {
		src, ok := b.readFile("nest-cli.json")
		if !ok || strings.Contains(src, "webpack") || strings.Contains(src, "builder") || strings.Contains(src, "tsConfigPath") ||
			strings.Contains(src, "monorepo") || strings.Contains(src, "projects") {
			b.produce("dist")
			b.unknown = true
			return
		}
	}
	proj := "tsconfig.json"
	if b.files.Has(path.Join(b.cwd, "tsconfig.build.json")) {
		proj = "tsconfig.build.json"
	}
	b.tscOutputs([]string{"tsc", "-p", proj})
}

func (b *buildSim) produce(p string) {
	if r := b.rel(p); r != "" {
		b.produced[r] = true
	}
}

func (b *buildSim) err(msg string) { b.out = append(b.out, Line{3, msg}) }

// readFile reads a small uploaded file relative to the current directory.
func (b *buildSim) readFile(name string) (string, bool) {
	if b.files == nil {
		return "", false
	}
	return b.files.Read(path.Join(b.cwd, name))
}

func isAssignment(w string) bool {
	k, _, ok := strings.Cut(w, "=")
	return ok && envKeyRe.MatchString(k)
}

func nonFlags(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			out = append(out, a)
		}
	}
	return out
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
		b.produce("node_modules")
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
		return 0
	case "install", "i", "add", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall":
		b.produce("node_modules")
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
	case "", "prune", "cache", "config", "audit", "ls", "list", "view", "outdated", "doctor", "ping", "whoami":
		return 0
	}
	b.unknown = true // npm rebuild, pack, …
	return 0
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
			b.unknown = true
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
		b.unknown = true
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
		b.unknown = true
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
		if float64(platform.EditDistance(name, s)) < float64(len(name))*0.4 {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// pip fails as pip does on a requirements file that was not uploaded.
func (b *buildSim) pip(args []string) int {
	if len(args) == 0 || args[0] != "install" || b.files == nil {
		return 0
	}
	for _, f := range []string{valueAfter(args, "-r", "--requirement"), valueAfter(args, "-c", "--constraint")} {
		if f != "" && !b.exists(b.rel(f)) {
			b.err(fmt.Sprintf("ERROR: Could not open requirements file: [Errno 2] No such file or directory: '%s'", f))
			return 1
		}
	}
	if t := valueAfter(args, "--target", "-t"); t != "" {
		b.produce(t)
	}
	return 0
}

// goCmd fails as the go command does when a package build has no go.mod
// (a build of named .go files needs none).
func (b *buildSim) goCmd(args []string) int {
	if len(args) == 0 || b.files == nil {
		return 0
	}
	switch args[0] {
	case "build", "install", "test", "vet", "generate":
		for _, a := range args[1:] {
			if strings.HasSuffix(a, ".go") {
				return 0
			}
		}
	case "mod":
		if len(args) > 1 && args[1] == "init" {
			b.produce("go.mod")
			return 0
		}
	default:
		return 0
	}
	for d := b.cwd; ; d = path.Dir(d) {
		if d == "." {
			d = ""
		}
		if b.exists(path.Join(d, "go.mod")) {
			return 0
		}
		if d == "" {
			break
		}
	}
	b.err("go: go.mod file not found in current directory or any parent directory; see 'go help modules'")
	return 1
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
	case script == "install" || script == "i" || script == "add":
		b.produce("node_modules")
		b.lifecycle()
		return 0
	case script == "run" && len(rest) > 1:
		script = rest[1]
	case name == "yarn" && !builtinYarn[script]:
	case script == "start" || script == "test":
	default:
		b.unknown = true // pnpm's other commands, yarn's builtins: not followed
		return 0
	}
	if b.files == nil {
		return 0
	}
	src, ok := b.readFile("package.json")
	var pkg packageJSON
	if !ok || json.Unmarshal([]byte(src), &pkg) != nil {
		b.unknown = true
		return 0
	}
	if text, has := pkg.Scripts[script]; has {
		if depth >= 3 {
			b.unknown = true
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

// binPackages are packages whose binary is named otherwise.
var binPackages = map[string][]string{"tsc": {"typescript"}, "nuxi": {"nuxi", "nuxt"}, "nest": {"@nestjs/cli"},
	"ng": {"@angular/cli"}, "svelte-kit": {"@sveltejs/kit"}, "remix": {"@remix-run/dev"}, "vue-cli-service": {"@vue/cli-service"}}

// installedBin reports whether node_modules/.bin may hold name after the
// installs so far: packages were installed (or any path may have been
// made) and package.json or a lock file names a package that has it, or
// the lock files cannot be read to tell.
func (b *buildSim) installedBin(name string) bool {
	if !b.unknown && !b.exists(path.Join(b.cwd, "node_modules")) {
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
		for _, p := range pkgs {
			if strings.Contains(src, `"`+p+`"`) || strings.Contains(src, "\n"+p+"@") || strings.Contains(src, `"`+p+"@") ||
				strings.Contains(src, "/"+p+"@") || strings.Contains(src, "node_modules/"+p+`"`) || strings.Contains(src, "\n  "+p+":") {
				return true
			}
		}
	}
	return !read
}
