package diagnose

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// missingDeployPath finds the path a build's deployFiles failure names,
// quoted.
var missingDeployPath = lazyregexp.New(`(?i)deploy[ _]?files?\b[^"']*["']([^"']+)["']`)

// deployFilesFix fits d, deploy-files-missing read from text at stage,
// to what the line and c show: the folder a build wrote instead, a site
// config, Next's build, a manifest, a PHP script, a file a server serves.
func (d *Diagnosis) deployFilesFix(text string, stage Stage, c *Code) {
	if stage == Build && (d.noBuildFix(text, c) || d.unrunScriptFix(text, c) || d.builtFolderFix(text, c) || d.builtOutputFix(text, c)) {
		return
	}
	if !d.siteConfigFix(text) && !d.nextBuildFix(text, c) && !d.manifestFix(text) && !d.phpScriptFix(text) && !d.openedFileFix(text, stage, c) {
		d.servedFileFix(text, stage)
	}
}

// openedFileMissing is Node's ENOENT for a file under /var/www the app
// opens or reads (fs.readFileSync, fs.promises.readFile, fs.statSync).
const openedFileMissing = `\bENOENT: no such file or directory, (?:open|stat|scandir|access|lstat) '(/var/www/[^']+)'`

var (
	openedFileMissingRe  = lazyregexp.New(openedFileMissing)
	buildOutputMissingRe = lazyregexp.New(buildOutputFileMissing)
)

// openedFileFix fits d, deploy-files-missing read from a runtime line
// text, to a file the app opens that the deploy did not bring (a build's
// output folder is builtOutputFix's). False when text names no such file.
func (d *Diagnosis) openedFileFix(text string, stage Stage, c *Code) bool {
	m := openedFileMissingRe.FindStringSubmatch(text)
	if stage == Build || m == nil || buildOutputMissingRe.MatchString(text) {
		return false
	}
	rel := strings.TrimPrefix(m[1], "/var/www/")
	d.Cause = "The app opens " + m[1] + " and the deploy did not put `" + rel + "` there: it is not among the files `build.deployFiles` deploys (not pushed, left out, or made by no build command)."
	add := "add it to the folder you deploy from and to `build.deployFiles` (`./` takes everything)"
	if c != nil && c.Whole {
		add = "add it to the folder you deploy from (`build.deployFiles: ./` then takes it)"
	}
	d.Fix = "Deploy `" + rel + "`: " + add + ", or make it in `build.buildCommands`; a file of secrets is better read from variables (zerops_env). Then deploy again."
	return true
}

// noBuildFix fits d, deploy-files-missing read from a build's line text,
// to a setup with no build command (c.NoBuild): the deploy takes only what
// was pushed, so the missing path is a file to push (or an entry to
// correct), no build's output. False when the line names no path or the
// setup has a build.
func (d *Diagnosis) noBuildFix(text string, c *Code) bool {
	m := missingDeployPath.FindStringSubmatch(text)
	if m == nil || c == nil || !c.NoBuild {
		return false
	}
	missing := deployEntry(m[1])
	lands := ""
	if !strings.ContainsAny(m[1], "~*?[") {
		lands = " (it lands at /var/www/" + missing + ", where run.start and run.initCommands read it)"
	}
	d.Cause = "`build.deployFiles` lists `" + missing + "`, which is not in the folder you deploy from, and the setup has no build command that could make it: with no build the deploy takes only what was pushed."
	d.Fix = "Add `" + missing + "` to the folder you deploy from, at that path" + lands + ", or correct the entry in `build.deployFiles` to the path the file has there; then deploy again."
	return true
}

// unrunScriptFix fits d, deploy-files-missing read from a build's line
// text, to package.json's build script that no build command runs
// (c.Unrun): the entry is that script's output, the build step is
// missing. False when the line names no path, or another one.
func (d *Diagnosis) unrunScriptFix(text string, c *Code) bool {
	m := missingDeployPath.FindStringSubmatch(text)
	if m == nil || c == nil || c.Unrun == "" {
		return false
	}
	missing := deployEntry(m[1])
	dir, tool, _ := strings.Cut(c.Unrun, " (")
	if missing != dir && !strings.HasPrefix(missing, dir+"/") {
		return false
	}
	d.Cause = "`build.deployFiles` lists `" + missing + "`, which package.json's build script writes (" + strings.TrimSuffix(tool, ")") + " makes `" + dir +
		"`), but no command in `build.buildCommands` runs that script."
	d.Fix = "Add `" + c.UnrunBy + "` to `build.buildCommands` after the install (`build.deployFiles` stays as it is), then deploy again."
	return true
}

// builtFolderFix fits d, deploy-files-missing read from a build's line
// text, to what the build wrote instead, as ZCP read it from the tools'
// configs (c.Built): the entry deployFiles lists is not made, the folder
// the build's tool writes is. False when the line names no path, or c
// knows no folder of the build, or the missing path is one of them (or
// under one: what is missing is in the tool's output, not its place).
func (d *Diagnosis) builtFolderFix(text string, c *Code) bool {
	m := missingDeployPath.FindStringSubmatch(text)
	if m == nil || c == nil || len(c.Built) == 0 {
		return false
	}
	missing := deployEntry(m[1])
	listed := map[string]bool{}
	tilde := "" // the missing entry written with /~ (its contents at the top): the folder meant is written so too
	for _, f := range c.DeployFiles {
		listed[deployEntry(f)] = true
		if deployEntry(f) == missing && strings.HasSuffix(strings.TrimSpace(f), "/~") {
			tilde = "/~"
		}
	}
	var dirs, named []string
	for _, b := range c.Built {
		dir, tool, _ := strings.Cut(b, " (")
		if missing == dir || strings.HasPrefix(missing, dir+"/") || strings.HasPrefix(dir, missing+"/") {
			return false
		}
		if listed[dir] {
			continue // deployed already: not what the missing entry was meant to be
		}
		dirs = append(dirs, "`"+dir+tilde+"`")
		named = append(named, "`"+dir+"` ("+strings.TrimSuffix(tool, ")")+")")
	}
	if len(dirs) == 0 {
		return false
	}
	d.Cause = "`build.deployFiles` lists `" + missing + "`, which the build did not write: the build wrote " + strings.Join(named, " and ") + "."
	d.Fix = "In `build.deployFiles` write " + strings.Join(dirs, " or ") + " in place of `" + missing + tilde + "`, then deploy again."
	return true
}

// deployEntry is the path a build.deployFiles entry names, written as
// the build's line and c.Built write it: no ./ before it, no /~ after it.
func deployEntry(entry string) string {
	return strings.TrimSuffix(path.Clean(strings.TrimPrefix(strings.TrimSpace(entry), "./")), "/~")
}

// nodeEntryMissing is Node's word for an entry (a file or a folder) that
// is not in the run container: the path under /var/www.
var nodeEntryMissing = lazyregexp.New(`Cannot find module '/var/www/([^']+)'`)

// startFolderFix fits d, a start that names a path the run container
// lacks, to a folder the build's tool writes there (c.Built) that
// build.deployFiles does not list: run.start is right, the deploy leaves
// the folder out (SvelteKit's `node ./build` without build deployed).
func (d *Diagnosis) startFolderFix(text string, c *Code) {
	if c == nil || len(c.Built) == 0 {
		return
	}
	var ran string
	if m := startMissing.FindStringSubmatch(text); m != nil {
		ran = relPath(strings.TrimPrefix(m[1]+m[2]+m[3], "/var/www/"))
	} else if m := nodeEntryMissing.FindStringSubmatch(text); m != nil {
		ran = relPath(m[1])
	} else {
		return
	}
	for _, f := range c.DeployFiles {
		if f := path.Clean(strings.TrimPrefix(strings.TrimSpace(f), "./")); f == "." || f == ran || strings.HasPrefix(ran, f+"/") {
			return // deployed: the build did not write it there, another cause
		}
	}
	for _, b := range c.Built {
		dir, tool, _ := strings.Cut(b, " (")
		if ran == dir || strings.HasPrefix(ran, dir+"/") {
			d.Cause = "`run.start` runs `" + ran + "`, which the build writes (" + strings.TrimSuffix(tool, ")") + " makes `" + dir + "`), but `build.deployFiles` does not list `" + dir + "`, so the run container lacks it."
			d.Fix = "Add `" + dir + "` to `build.deployFiles` (run.start stays as it is), then deploy again."
			return
		}
	}
}

// builtOutputFix fits d, deploy-files-missing read from a build's line
// text, to the file a build command names as its output (c.Outputs: `go
// build -o bin/app`) under the name deployFiles lists without its folder
// (`app`): the entry names the file the build wrote elsewhere. False when
// no output has that name, or it is the missing path itself.
func (d *Diagnosis) builtOutputFix(text string, c *Code) bool {
	m := missingDeployPath.FindStringSubmatch(text)
	if m == nil || c == nil {
		return false
	}
	missing := deployEntry(m[1])
	for _, o := range c.Outputs {
		o = relPath(o)
		if o == missing || path.Base(o) != path.Base(missing) || path.Dir(o) == "." {
			continue
		}
		d.Cause = "`build.deployFiles` lists `" + missing + "`, which the build did not write: it wrote `" + o + "`."
		d.Fix = "In `build.deployFiles` write `" + o + "` in place of `" + missing + "` (deployed at /var/www/" + o + ", so `run.start` runs `./" + o + "`), " +
			"or `" + path.Dir(o) + "/~`, which deploys it at /var/www/" + path.Base(o) + "; then deploy again."
		return true
	}
	if len(c.Outputs) == 1 && path.Dir(relPath(c.Outputs[0])) != "." && path.Ext(relPath(c.Outputs[0])) != ".sh" {
		// The build's only executable under another name (walk 86: cargo
		// writes target/release/<crate>, deployFiles listed ./build/app,
		// and the fix was "the output directory", the whole cargo target).
		o := relPath(c.Outputs[0])
		d.Cause = "`build.deployFiles` lists `" + missing + "`, which the build did not write: its build commands write `" + o + "`."
		d.Fix = "In `build.deployFiles` write `./" + path.Dir(o) + "/~/" + path.Base(o) + "` in place of `" + missing + "`, which deploys that file alone at /var/www/" + path.Base(o) +
			" (`run.start` then runs `./" + path.Base(o) + "`); then deploy again."
		if first, _, _ := strings.Cut(strings.TrimSpace(c.Start), " "); first != "" && first != "./"+path.Base(o) && relPath(first) == missing {
			// The start names the missing entry too: both change at once
			// (walk 87, own: a second round for run.start).
			d.Fix = "In `build.deployFiles` write `./" + path.Dir(o) + "/~/" + path.Base(o) + "` in place of `" + missing + "`, which deploys that file alone at /var/www/" + path.Base(o) +
				", and in `run.start` run `./" + path.Base(o) + "` in place of `" + first + "`; then deploy again."
		}
		return true
	}
	return false
}

// missingStartPath is the path, relative to /var/www, of the start file a
// log line (text) says the run container lacks: Node's missing entry module
// or a shell's missing file; "" when it says neither.
func missingStartPath(text string) string {
	if m := nodeEntryMissing.FindStringSubmatch(text); m != nil {
		return relPath(m[1])
	}
	if m := startMissing.FindStringSubmatch(text); m != nil {
		return relPath(strings.TrimPrefix(m[1]+m[2]+m[3], "/var/www/"))
	}
	return ""
}

// unrunStartFix fits d, a start that names a path the run container
// lacks, to package.json's build script writing it that nothing runs: no
// command in build.buildCommands runs the script (c.Unrun), or the setup
// has no build command and the script writes a folder builds write.
func (d *Diagnosis) unrunStartFix(text string, c *Code) {
	ran := missingStartPath(text)
	if c == nil || ran == "" {
		return
	}
	if dir, tool, _ := strings.Cut(c.Unrun, " ("); c.Unrun != "" && (ran == dir || strings.HasPrefix(ran, dir+"/")) {
		d.Cause = "`run.start` runs `" + ran + "`, which package.json's build script writes (" + strings.TrimSuffix(tool, ")") + " makes `" + dir + "`), but no command in `build.buildCommands` runs that script, so it was never made."
		d.Fix = "Add `" + c.UnrunBy + "` to `build.buildCommands` after the install" + deployAlso(dir, c) + ", then deploy again."
		return
	}
	top, _, _ := strings.Cut(ran, "/")
	if c.NoBuild && c.ScriptsRead && slices.Contains(c.ScriptNames, "build") && slices.Contains(builtDirs, top) && top != ran {
		d.Cause = "`run.start` runs `" + ran + "`, a file a build writes, but the setup runs no build command, so package.json's build script never ran and only the pushed files were deployed."
		d.Fix = "Add " + c.installAndBuild() + " to `build.buildCommands`" + deployAlso(top, c) + ", then deploy again."
	}
}

// installAndBuild is the install and the run of package.json's build
// script in c's package manager, quoted: "`npm install` and `npm run build`".
func (c *Code) installAndBuild() string {
	pm := cmp.Or(c.PackageManager, "npm")
	return "`" + pm + " install` and `" + BuildScriptRun(pm) + "`"
}

// BuildScriptRun is the command that runs package.json's build script in
// the package manager pm ("pnpm", "yarn", "bun"; else npm's).
func BuildScriptRun(pm string) string {
	return cmp.Or(map[string]string{"pnpm": "pnpm build", "yarn": "yarn build", "bun": "bun run build"}[pm], "npm run build")
}

// deployAlso is the words adding dir to build.deployFiles when c's do not
// deploy it, else "".
func deployAlso(dir string, c *Code) string {
	if c.Whole || deployedAt(dir, c.DeployFiles) != "" {
		return ""
	}
	return " and `" + dir + "` to `build.deployFiles`"
}

// nestedStartFix fits d, a start that names a path the run container
// lacks, to run.start's own file found only under a folder build.deployFiles
// deploys whole (c.Nested): it is one folder down in /var/www.
func (d *Diagnosis) nestedStartFix(text string, c *Code) {
	if c == nil || c.Nested == "" || c.File == "" {
		return
	}
	ran := missingStartPath(text)
	if ran == "" || ran != relPath(c.File) {
		return
	}
	dir := relPath(c.Nested)
	d.Cause = "`run.start` runs `" + ran + "`, which is " + path.Join(dir, ran) + " in the source: `" + c.Nested + "` in `build.deployFiles` deploys the folder itself, so the file lands at /var/www/" + path.Join(dir, ran) + ", not at /var/www/" + ran + "."
	d.Fix = "Deploy the folder's contents to /var/www with `./" + dir + "/~` in `build.deployFiles` (run.start stays as it is), or name `" + path.Join(dir, ran) + "` in `run.start`; then deploy again."
}

// sourceStartFix fits d, a start that names a path the run container
// lacks, to a file of the uploaded source: run.start's own file (c.File,
// read from the upload) or a shell script it runs (c.Scripts), which
// build.deployFiles leaves out. run.start is right and the build need not
// make it: the deploy lacks the one entry (the remix recipe's server.js
// beside its build folder, the gitea recipe's start.sh).
func (d *Diagnosis) sourceStartFix(text string, c *Code) {
	if c == nil || len(c.DeployFiles) == 0 {
		return
	}
	ran := missingStartPath(text)
	ownFile := c.Read && c.File != "" && ran == relPath(c.File)
	if ran == "" || !ownFile && !slices.ContainsFunc(c.Scripts, func(s string) bool { return relPath(s) == ran }) {
		return
	}
	if deployedAt(ran, c.DeployFiles) != "" {
		return // deployed: another cause
	}
	d.Cause = "`run.start` runs `" + ran + "`, a file of your source, but `build.deployFiles` does not list it (or its folder), so the run container lacks it."
	d.Fix = "Add `" + ran + "` to `build.deployFiles` (run.start stays as it is), then deploy again."
}

// builtDirs are the folders builds commonly write a start file into.
var builtDirs = []string{"dist", "build", "out", "lib", ".output", ".next", "server"}

// entryFix fits d, a start that names a path the run container lacks, to
// a start file the source does not hold at all (not read, not one folder
// down) while package.json names the app's entry (c.Entry), deployed:
// run.start names the wrong file, nothing is to be built.
func (d *Diagnosis) entryFix(text string, c *Code) {
	if c == nil || c.Entry == "" || c.Read || c.Nested != "" || c.File == "" {
		return
	}
	ran := missingStartPath(text)
	if ran == "" || ran != relPath(c.File) || ran == c.Entry || !c.Whole && deployedAt(c.Entry, c.DeployFiles) == "" {
		return
	}
	if top, _, _ := strings.Cut(ran, "/"); len(c.Outputs) > 0 || len(c.Built) > 0 || slices.Contains(builtDirs, top) {
		return // a build's output may be what it names
	}
	where, fixed := c.naming(ran, c.Entry)
	d.Cause = where.runs + " `" + ran + "`, which is not in your source, and no build command makes it; package.json names `" + c.Entry + "` as the app's entry."
	d.Fix = "In " + where.in + ", name `" + c.Entry + "` in place of `" + ran + "`" + fixed + "; then deploy again."
}

// startPlace is where a start names a file: run.start itself, or the
// package.json script it runs (`npm start`).
type startPlace struct{ runs, in string }

// naming is where c's start names file, and the command with want in its
// place (": `node index.js`"; "" when neither command holds file): in
// run.start, or in the package.json script run.start runs.
func (c *Code) naming(file, want string) (startPlace, string) {
	switch {
	case c.Start != "" && strings.Contains(c.Start, file):
		return startPlace{"`run.start` runs", "`run.start`"}, ": `" + strings.Replace(c.Start, file, want, 1) + "`"
	case c.Script != "" && strings.Contains(c.Script, file):
		return startPlace{"The package.json script `run.start` runs (`" + c.Script + "`) runs", "that package.json script"}, ": `" + strings.Replace(c.Script, file, want, 1) + "`"
	}
	return startPlace{"`run.start` runs", "`run.start`"}, ""
}
