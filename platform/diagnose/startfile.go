package diagnose

// This file owns the start-file-missing fixes of what run.start names:
// uvicorn's module, npm's package.json and the sources of `go run` not
// deployed.

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/editdist"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// uvicornNoModule is uvicorn failing to import the module its app
// reference names (main of main:app): no such module in its directory.
var uvicornNoModule = lazyregexp.New(`Error loading ASGI app\. Could not import module "([^"]+)"`)

// uvicornFix fits d, start-file-missing read from text, to uvicorn finding
// no module its app reference names: a file not deployed, or a module
// path in run.start that is not where the file is.
func (d *Diagnosis) uvicornFix(text string) {
	m := uvicornNoModule.FindStringSubmatch(text)
	if d.Signal != "start-file-missing" || m == nil {
		return
	}
	file := strings.ReplaceAll(m[1], ".", "/") + ".py"
	d.Cause = "uvicorn cannot import the module `" + m[1] + "` that `run.start` names: no `" + file + "` (or package) in /var/www, the directory it starts in. The deploy did not include it, or the module lives elsewhere (app/main.py is the module app.main)."
	d.Fix = "Make `build.deployFiles` include `" + file + "` and the packages it imports (`./` deploys the whole tree), or correct the module path of the app reference in `run.start` (`uvicorn app.main:app --host 0.0.0.0 --port <port>`, or `--app-dir src`); then deploy again."
}

// startManifestMissing is npm (group 1), pnpm (2) or yarn (3), started by
// run.start, finding no package.json in the directory it starts in under
// /var/www.
var startManifestMissing = lazyregexp.New(`Could not read package\.json: Error: ENOENT: no such file or directory, open '/var/www/((?:[^']+/)?)package\.json'|` +
	`No package\.json \(or package\.yaml, or package\.json5\) was found in "/var/www/?([^"]*)"|Couldn't find a package\.json file in "/var/www/?([^"]*)"|` +
	`deno task couldn't find deno\.json|We were unable to find gleam\.toml|^error: Project not found`)

// startManifestFix fits d, start-file-missing read from text, to npm
// finding no package.json (deno task no deno.json) at the start: the file missing is the manifest
// the script is read from, which the build does not make (it was
// uploaded); deployFiles left it out. The script's command is named when
// ZCP read it (c.Script), never an example of another app's.
func (d *Diagnosis) startManifestFix(text string, c *Code) {
	m := startManifestMissing.FindStringSubmatch(text)
	if d.Signal != "start-file-missing" || m == nil {
		return
	}
	if strings.HasPrefix(m[0], "We were") || strings.HasPrefix(m[0], "error: Project") { // Gleam's
		d.Cause = "`run.start` runs `gleam run`, which compiles and runs the project from its gleam.toml and src/, and the deploy put no gleam.toml in /var/www (an Erlang shipment, `build/erlang-shipment/~`, holds only the compiled code)."
		d.Fix = "Start the shipment `gleam export erlang-shipment` makes with `./entrypoint.sh run` in `run.start` (its contents deployed with `build/erlang-shipment/~`), or deploy the whole project (`./`) for `gleam run`; then deploy again."
		return
	}
	if strings.HasPrefix(m[0], "deno") {
		d.Cause = "`run.start` runs a deno task, and deno reads it from the project's deno.json or deno.jsonc (or package.json), none of which the deploy put in /var/www: `build.deployFiles` leaves it out."
		d.Fix = "Add the project's `deno.json` (or `deno.jsonc`, the file defining the task) to `build.deployFiles`, or put the task's own command in `run.start` (its `deno run` line with the flags and file); then deploy again."
		return
	}
	pm, dir := "npm", m[1]
	switch {
	case strings.HasPrefix(m[0], "No package.json"):
		pm, dir = "pnpm", m[2]
	case strings.HasPrefix(m[0], "Couldn't"):
		pm, dir = "yarn", m[3]
	}
	if dir = strings.Trim(dir, "/"); dir != "" {
		dir += "/"
	}
	file := dir + "package.json"
	d.Cause = "`run.start` runs a package script, and " + pm + " reads it from `" + file + "`, which the deploy did not put in /var/www: `build.deployFiles` leaves it out."
	d.Fix = "Add `" + file + "` to `build.deployFiles` (with the `node_modules` the script's command needs), or put the command the script runs in `run.start` in its place"
	if c != nil && c.Script != "" && dir == "" { // read from the top of the source
		d.Fix += ": `" + c.Script + "`"
	}
	d.Fix += "; then deploy again."
}

// nearFix fits d, start-file-missing read from text, to a start naming
// c.File, which the upload does not hold, when the upload holds a file one
// or two letters off (c.Near), or tsc writes one (c.NearFrom): the name
// in run.start is the typo.
func (d *Diagnosis) nearFix(text string, c *Code) {
	if c == nil || c.Near == "" || c.File == "" {
		return
	}
	m := missingFileRe.FindStringSubmatch(text)
	if m == nil || relPath(strings.TrimPrefix(strings.Join(m[1:], ""), "/var/www/")) != relPath(c.File) {
		return
	}
	named := relPath(c.File)
	where, fixed := c.naming(named, c.Near)
	d.Cause = where.runs + " `" + named + "`, which the upload does not hold; it holds `" + c.Near + "`, the file of the closest name."
	if c.NearFrom != "" {
		d.Cause = where.runs + " `" + named + "`, which the build does not write; tsc writes `" + c.Near + "` (from `" + c.NearFrom + "`), the file of the closest name."
	}
	d.Fix = "In " + where.in + ", name `" + c.Near + "` in place of `" + named + "`" + fixed
	if c.NearFrom == "" {
		d.Fix += " (or rename the file)"
	}
	d.Fix += "; then deploy again."
}

// NearFile is the name of names (a listing, a directory's ending in "/")
// that file, a name the listing lacks, most likely misspells: a file of
// the same extension one or two letters off (a swap counts one), the one
// nearest; "" when none is, or two are as near.
func NearFile(file string, names []string) string {
	ext := path.Ext(file)
	best, bestDist, tie := "", 3, false
	for _, n := range names {
		if strings.HasSuffix(n, "/") || n == file || path.Ext(n) != ext || ext == "" {
			continue
		}
		stem := strings.TrimSuffix(n, ext)
		d := editdist.SwapDistanceWithin(strings.TrimSuffix(file, ext), stem, 3)
		switch {
		case d > 2 || 2*d > len(stem):
		case d < bestDist:
			best, bestDist, tie = n, d, false
		case d == bestDist:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// startPathMissing finds the file a start named that its runtime did not
// find: .NET's host, Node's entry, Python's file, the JVM's jar, and the
// shell's for an executable named by a path with a folder (a release's
// `_build/prod/rel/app/bin/app`).
var startPathMissing = lazyregexp.New(`The application '([^']+)' does not exist|Cannot find module '/var/www/([^']+)'|can't open file '/var/www/([^']+)'|Unable to access jarfile (\S+)|^/bin/sh: ([^\s:/][^\s:]*/[^\s:]+): not found`)

// tildeFix fits d, start-file-missing read from text, to a start naming a
// file under a folder that build.deployFiles deploys with `~` (out/~):
// the folder's contents land in /var/www itself, so the start's path
// loses the folder.
func (d *Diagnosis) tildeFix(text string, c *Code) {
	m := startPathMissing.FindStringSubmatch(text)
	if d.Signal != "start-file-missing" || m == nil || c == nil {
		return
	}
	named := path.Clean(strings.TrimPrefix(strings.TrimPrefix(m[1]+m[2]+m[3]+m[4]+m[5], "/var/www/"), "./"))
	for _, f := range c.DeployFiles {
		f = relPath(f)
		dir, ok := strings.CutSuffix(f, "/~")
		if !ok || dir == "" || dir == "." {
			continue
		}
		rest, ok := strings.CutPrefix(named, dir+"/")
		if !ok {
			continue
		}
		d.Cause = "`run.start` names `" + named + "`, but `" + f + "` in `build.deployFiles` deploys the contents of " + dir + " to /var/www itself, so that file is at /var/www/" + rest + "."
		d.Fix = "In `run.start`, name `" + rest + "` in place of `" + named + "`"
		if c.Start != "" && strings.Contains(c.Start, named) {
			d.Fix += ": `" + strings.Replace(c.Start, named, rest, 1) + "`"
		}
		d.Fix += " (or deploy `" + dir + "` without `~`); then deploy again."
		return
	}
}

// folderFix fits d, start-file-missing read from text, to a start naming
// a file by its path inside a folder the build's tool writes (c.Built)
// that build.deployFiles deploys as a folder, without `~`: what the tool
// wrote is under /var/www/<folder>, so the start's path gains the folder,
// or the deploy takes the folder's contents.
//
// dotnet (its "The application 'x.dll' does not exist") reads
// appsettings.json from the folder it starts in, /var/www, not the
// dll's: the folder's contents are the fix there, not a longer path.
func (d *Diagnosis) folderFix(text string, c *Code) {
	m := startPathMissing.FindStringSubmatch(text)
	if d.Signal != "start-file-missing" || m == nil || c == nil || m[1]+m[2] == "" {
		return
	}
	dotnet := m[1] != ""
	named := path.Clean(strings.TrimPrefix(m[1]+m[2], "./"))
	for _, f := range c.DeployFiles {
		f = relPath(f)
		if strings.Contains(f, "~") || f == "." || named == f || strings.HasPrefix(named, f+"/") {
			continue
		}
		for _, b := range c.Built {
			dir, tool, _ := strings.Cut(b, " (")
			if dir != f {
				continue
			}
			at := path.Join(dir, named)
			d.Cause = "`run.start` names `" + named + "`, but `build.deployFiles` deploys `" + dir + "` (which " + strings.TrimSuffix(tool, ")") +
				" writes) as a folder, so what the build wrote there is under /var/www/" + dir + ": that file is at /var/www/" + at + "."
			if dotnet {
				d.Fix = "Deploy the folder's contents with `" + dir + "/~` in `build.deployFiles` in place of `" + f + "` (dotnet reads appsettings.json from /var/www, where it starts, so `dotnet " + at + "` would miss it); then deploy again."
				return
			}
			d.Fix = "In `run.start`, name `" + at + "` in place of `" + named + "`"
			if c.Start != "" && strings.Contains(c.Start, named) {
				d.Fix += ": `" + strings.Replace(c.Start, named, at, 1) + "`"
			}
			d.Fix += " (or deploy the folder's contents with `" + dir + "/~` in `build.deployFiles`); then deploy again."
			return
		}
	}
}

// startCdMissing is the shell finding no folder a start's cd names.
var startCdMissing = lazyregexp.New(`can't cd to (\S+?): No such file or directory`)

// cdFix fits d, start-file-missing read from text, to a run.start whose
// cd finds no folder: the start runs in /var/www, where the deploy did
// not put that folder (a `dir/~` in deployFiles put its contents in
// /var/www itself), so the cd goes (naming where the build's file lands
// when known) or the folder is deployed.
func (d *Diagnosis) cdFix(text string, c *Code) {
	m := startCdMissing.FindStringSubmatch(text)
	if d.Signal != "start-file-missing" || m == nil || m[1] == "/var/www" {
		return
	}
	dir := m[1]
	rel := strings.TrimPrefix(dir, "/var/www/")
	if !strings.HasPrefix(rel, "/") {
		rel = relPath(rel)
	}
	cd := "cd " + dir + " && "
	var after string // what run.start runs after the cd
	if c != nil {
		if _, rest, ok := strings.Cut(c.Start, cd); ok {
			after = strings.TrimSpace(rest)
		}
	}
	d.Cause = "`run.start` runs in /var/www, and its `cd " + dir + "` finds no folder there: the deploy did not put " + rel + " in /var/www, so the start stops before the app runs."
	if c != nil {
		for _, f := range c.DeployFiles {
			if relPath(f) == rel+"/~" {
				d.Cause = "`run.start` runs in /var/www, and its `cd " + dir + "` finds no folder there: `" + f + "` in `build.deployFiles` puts the contents of " + rel + " in /var/www itself, so the start stops before the app runs."
				d.Fix = "Drop `" + strings.TrimSpace(cd) + "` from `run.start`"
				if after != "" {
					d.Fix += ": `" + after + "`"
				}
				d.Fix += ", its paths relative to /var/www (or deploy `" + rel + "` without `~`); then deploy again."
				return
			}
		}
	}
	if ran, _, _ := strings.Cut(after, " "); strings.HasPrefix(ran, "./") && c != nil {
		// The file it runs, where the build writes one of that name.
		for _, o := range c.Outputs {
			if at := deployedAt(o, c.DeployFiles); at != "" && path.Base(o) == path.Base(ran) {
				d.Fix = "Drop `" + strings.TrimSpace(cd) + "` from `run.start`: `" + strings.Replace(after, ran, "./"+at, 1) + "` (the build's `" + o + "` lands at /var/www/" + at + "), or make `build.deployFiles` deploy the folder `" + rel + "`; then deploy again."
				return
			}
		}
	}
	d.Fix = "Make `build.deployFiles` deploy the folder `" + rel + "` (an entry `" + rel + "` lands at /var/www/" + rel + "; `" + rel + "/~` would put its contents in /var/www itself), or drop `" + strings.TrimSpace(cd) + "` from `run.start` and name its files by their paths relative to /var/www; then deploy again."
}

// goSourceMissing is the go command not finding a source file it was
// given (`go run main.go`): `stat main.go: no such file or directory`.
const goSourceMissing = `^stat (\S+\.go): no such file or directory`

// goSourceMissingRe finds that file.
var goSourceMissingRe = lazyregexp.New(goSourceMissing)

// goRunFix fits d, start-file-missing read from text, to `go run` in
// run.start not finding its sources: the deploy carries what the build
// wrote, not the sources. When the build writes a binary, run.start runs
// that; else deployFiles must carry the module's sources.
func (d *Diagnosis) goRunFix(text string, c *Code) {
	m := goSourceMissingRe.FindStringSubmatch(strings.TrimSpace(text))
	if d.Signal != "start-file-missing" || m == nil {
		return
	}
	file := strings.TrimPrefix(m[1], "/var/www/")
	d.Cause = "`run.start` runs the go command on `" + file + "`, which the deploy did not put in /var/www: the run container gets only `build.deployFiles`."
	if c != nil {
		for _, o := range c.Outputs {
			if at := deployedAt(o, c.DeployFiles); at != "" && !strings.HasSuffix(at, ".go") {
				d.Cause = "`run.start` compiles `" + file + "` with `go run`, but the deploy carries the binary the build wrote (`" + o + "`, at /var/www/" + at + "), not the sources."
				d.Fix = "In `run.start`, run the binary: `./" + at + "` in place of the `go run` command; then zerops_deploy again."
				return
			}
		}
	}
	d.Fix = "Build a binary in `build.buildCommands` (`go build -o app .`), deploy it in `build.deployFiles` and run `./app` in `run.start`; `go run` at start would need the module's sources (go.mod, go.sum, every .go file) deployed."
}

// startScriptFix fits d, npm-missing-script in a running app's log (whose
// fix stageFix points at run.start), to deployFiles that leave
// package.json out: then the script's file is not there at all.
func (d *Diagnosis) startScriptFix(text string, stage Stage, code *Code) {
	if stage != Runtime {
		d.buildScriptFix(text, code)
		return
	}
	if code != nil && !code.Whole && len(code.DeployFiles) > 0 && !deploysManifest(code.DeployFiles) {
		d.Cause = "`run.start` runs a package.json script, and `build.deployFiles` (" + strings.Join(code.DeployFiles, ", ") + ") leave package.json out: the runtime finds no script of that name in /var/www."
		d.Fix = "Add `package.json` to `build.deployFiles` (with the files its script runs), or put the script's own command in `run.start`; then deploy again."
		return
	}
	d.scriptNamesFix(text, code)
}

// buildScriptFix fits d, npm-missing-script in a build's log, to the
// scripts the package.json at the top of the source has: it names them
// and the one closest to the missing name, for `build.buildCommands`.
func (d *Diagnosis) buildScriptFix(text string, c *Code) {
	m := missingScript.FindStringSubmatch(text)
	if c == nil || !c.ScriptsRead || m == nil {
		return
	}
	name := strings.Join(m[1:], "")
	if slices.Contains(c.ScriptNames, name) {
		return // the top package.json has it: a command ran another one
	}
	d.Cause = "The build runs the package.json script `" + name + "`, and the package.json at the top of your source " + scriptsListed(c.ScriptNames) + " (no `" + name + "`)."
	if near := editdist.NearKey(name, c.ScriptNames); near != "" {
		d.Fix = "In `build.buildCommands`, run `" + near + "` in place of `" + name + "` (or add a `" + name + "` script to package.json); then deploy again."
		return
	}
	if len(c.ScriptNames) == 0 {
		// Nothing to run in its place: the command goes, or the script comes.
		d.Fix = "Remove the command that runs `" + name + "` from `build.buildCommands` if nothing needs building, or add a `" + name + "` script to package.json; then deploy again."
		return
	}
	d.Fix = "In `build.buildCommands`, run one of the scripts package.json has, or add a `" + name + "` script to it; then deploy again."
}

// scriptsListed says which scripts a package.json has: "has `a`, `b`",
// the first 12 of them, or "has no scripts".
func scriptsListed(names []string) string {
	if len(names) == 0 {
		return "has no scripts"
	}
	listed := "has " + quoted(names[:min(len(names), 12)])
	if len(names) > 12 {
		listed += ", …"
	}
	return listed
}

// otherManifest finds a start that runs a package manager in another
// folder than /var/www (a cd, --prefix, a workspace): the package.json it
// reads is not the one at the top.
var otherManifest = lazyregexp.New(`\bcd\s|--prefix\b|--workspace\b|--filter\b|--dir\b|--cwd\b|\s-[CwF]\s`)

// scriptNamesFix fits d, npm-missing-script at the start, to the scripts
// package.json has (c.ScriptNames): it names them and, for a start that
// runs the missing one by npm, pnpm, yarn or bun, the one of them closest
// to its name in the start's place.
func (d *Diagnosis) scriptNamesFix(text string, c *Code) {
	m := missingScript.FindStringSubmatch(text)
	if c == nil || !c.ScriptsRead || m == nil || otherManifest.MatchString(c.Start) {
		return
	}
	name := strings.Join(m[1:], "")
	if slices.Contains(c.ScriptNames, name) {
		return // package.json read here has it: another package.json ran
	}
	listed := scriptsListed(c.ScriptNames)
	run, _ := regexp.Compile(`\b(npm|pnpm|yarn|bun)\s+(?:run(?:-script)?\s+)?` + regexp.QuoteMeta(name) + `(\s|$)`)
	where := "`run.start`"
	if run == nil || !run.MatchString(c.Start) { // a script run.start runs names it
		where = "the package.json script that runs it"
	}
	d.Cause = "The start runs the package.json script `" + name + "`, and the package.json uploaded " + listed + " (no `" + name + "`)."
	near := editdist.NearKey(name, c.ScriptNames)
	if near == "" {
		d.Fix = "In " + where + ", run one of the scripts package.json has, or add a `" + name + "` script to it, or start the entry itself (node <file>); then deploy again."
		if !slices.ContainsFunc(c.ScriptNames, func(n string) bool { return !toolScript.MatchString(n) }) {
			// None of them serves (none, or a test, a lint, a build):
			// running one in the start is no fix.
			entry := "node <file>"
			if c.Entry != "" {
				entry = "node " + c.Entry
			}
			d.Fix = "In " + where + ", start the entry itself (`" + entry + "`) in place of the script, or add a `" + name + "` script to package.json; then deploy again."
		}
		return
	}
	d.Fix = "In " + where + ", run `" + near + "` in place of `" + name + "`"
	if where == "`run.start`" {
		d.Fix += ": `" + run.ReplaceAllString(c.Start, "${1} run "+near+"${2}") + "`"
	}
	d.Fix += " (or add a `" + name + "` script to package.json); then deploy again."
}

// toolScript is a package.json script's name that says it runs a tool,
// not the app: tests, linters, formatters, builds, type checks.
var toolScript = lazyregexp.New(`^(test|tests|lint|format|fmt|prettier|eslint|build|compile|typecheck|type-check|tsc|check|coverage|prepare|postinstall|preinstall|clean)(:|$)`)

// deploysManifest reports whether deployFiles may put package.json (or
// deno.json) at the top of /var/www: named, or under a path ZCP does not
// map (`dist/~`, a glob).
func deploysManifest(deployFiles []string) bool {
	for _, f := range deployFiles {
		f = path.Clean(strings.TrimSpace(f))
		if f == "." || f == "/" || strings.ContainsAny(f, "~*?[") || f == "package.json" || strings.HasPrefix(f, "deno.json") {
			return true
		}
	}
	return false
}

// relStart is a start's path into a Mix release, as the shell did not find
// it: _build/<env (1)>/rel/<release (2)>/<the rest (3)>.
var relStart = lazyregexp.New(`^/bin/sh: (?:\./)?_build/([^/\s]+)/rel/([^/\s]+)/(\S+): not found`)

// mixReleaseFix fits d, start-file-missing read from text, to a start of a
// Mix release's bin that is not there, as ZCP read mix.exs (c.Releases):
// a release mix.exs does not name (its right path named), or one no build
// command assembles (`mix release` added, and the path to deploy).
func (d *Diagnosis) mixReleaseFix(text string, c *Code) {
	var m []string
	for _, l := range strings.Split(text, "\n") {
		if m = relStart.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			break
		}
	}
	if d.Signal != "start-file-missing" || m == nil || c == nil || len(c.Releases) == 0 {
		return
	}
	env, named, rest := m[1], m[2], m[3]
	right := c.Releases[0]
	if slices.Contains(c.Releases, named) {
		right = named
	}
	at := "_build/" + env + "/rel/" + right
	if !slices.Contains(c.Releases, named) {
		fixed := at + "/bin/" + right + " start"
		if after, ok := strings.CutPrefix(rest, "bin/"+named); ok && strings.HasPrefix(c.Start, "_build/"+env+"/rel/"+named+"/bin/"+named) {
			fixed = at + "/bin/" + right + after + strings.TrimPrefix(c.Start, "_build/"+env+"/rel/"+named+"/bin/"+named)
		}
		d.Cause = "`run.start` starts the Mix release `" + named + "`, but mix.exs names " + quoteList(c.Releases) + ": `mix release` writes `" + at + "`, and nothing writes `_build/" + env + "/rel/" + named + "`."
		d.Fix = "In `run.start`, start `" + strings.TrimSpace(fixed) + "`; then deploy again."
		return
	}
	if c.ReleaseBuilt {
		return
	}
	d.Cause = "`run.start` starts the Mix release `" + named + "` from `" + at + "`, which only `mix release` writes, and no build command runs it."
	d.Fix = "Add `mix release` to `build.buildCommands` (after `mix deps.get --only prod` and `mix compile`, with `MIX_ENV: prod` in `build.envVariables`, so the release is `_build/prod/rel/" + right +
		"`), and deploy the release alone: `_build/prod/rel/" + right + "/~` in `build.deployFiles` with `run.start: bin/" + right + " start`; then deploy again."
}

// quoteList is names in backticks, joined for a sentence.
func quoteList(names []string) string {
	return "`" + strings.Join(names, "`, `") + "`"
}

// scriptStartFix fits d, start-file-missing still with the table's fix, to
// a run.start that runs a package.json script: the file is named in that
// script, not in run.start (walk 82: "Make `run.start` name a file" for
// `npm run start:prod`, whose script named the missing file).
func (d *Diagnosis) scriptStartFix(c *Code) {
	sig := signalByID["start-file-missing"]
	if d.Signal != "start-file-missing" || c == nil || sig == nil || d.Fix != sig.fix || c.Script == "" || c.StartScript == "" {
		return
	}
	d.Fix = "Make the `" + c.StartScript + "` script of package.json, which `run.start` runs (it comes to `" + clip(c.Script) + "`), name a file the build produces, and include it (and its directory) in `build.deployFiles`; then deploy again."
}
