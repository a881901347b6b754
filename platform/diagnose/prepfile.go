package diagnose

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// runPrepFailed is the platform's line for run.prepareCommands that failed.
var runPrepFailed = lazyregexp.New(`(?i)run\.prepareCommands\b.*\bfailed|PREPARING_RUNTIME_FAILED`)

// prepManifests are an installer's words for a manifest it did not find,
// with the files it reads (a submatch: the path it names).
var prepManifests = []struct {
	re    *lazyregexp.Regexp
	files string
}{
	{lazyregexp.New(`Could not open requirements file: \[Errno 2\] No such file or directory: '([^'/][^']*|/home/zerops/[^']+)'`), ""},
	{lazyregexp.New("`npm ci` command can only install with an existing package-lock\\.json"), "package.json, package-lock.json"},
	{lazyregexp.New(`Could not read package\.json: Error: ENOENT`), "package.json, package-lock.json"},
	{lazyregexp.New(`Composer could not find a composer\.json file`), "composer.json, composer.lock"},
	{lazyregexp.New(`^\s*Could not locate Gemfile\b`), "Gemfile, Gemfile.lock"},
	// A script the shell cannot open: busybox's sh, dash's, bash's, and
	// one run by its path.
	{lazyregexp.New(`\bsh: can't open '(?:\./)?([^'/][^']*|/home/zerops/[^']+)': No such file or directory`), ""},
	{lazyregexp.New(`\bsh: 0: Can't open (?:\./)?([^\s/]\S*|/home/zerops/\S+)`), ""},
	{lazyregexp.New(`^\s*bash: (?:\./)?([^\s:/][^\s:]*|/home/zerops/[^\s:]+): No such file or directory`), ""},
	{lazyregexp.New(`^\s*/bin/sh: (?:\d+: )?\./([^\s:]+): not found`), ""},
}

// prepManifest finds, in a log whose run.prepareCommands failed, the line
// of an install that found no manifest: run.prepareCommands run in
// /home/zerops before the deploy, with only build.addToRunPrepare's files.
// files are those the install needs there; ok is false for no such line.
func prepManifest(lines []string) (n int, line, files string, ok bool) {
	if !slices.ContainsFunc(lines, func(l string) bool {
		return (strings.Contains(l, "repareCommands") || strings.Contains(l, "PREPARING_RUNTIME")) && runPrepFailed.MatchString(l)
	}) {
		return 0, "", "", false
	}
	for i, raw := range lines {
		l := stripANSI(raw)
		if strings.Contains(l, "/var/www") {
			continue // the deploy's files, not run-prepare's: prepare-reads-deploy-files
		}
		for _, m := range prepManifests {
			if sm := m.re.FindStringSubmatch(l); sm != nil {
				f := m.files
				if len(sm) > 1 {
					f = strings.TrimPrefix(sm[1], "/home/zerops/")
				}
				return i, l, f, true
			}
		}
	}
	return 0, "", "", false
}

// prepManifestFix says which files build.addToRunPrepare must list.
func (d *Diagnosis) prepManifestFix(files string) {
	d.Cause = fmt.Sprintf("`run.prepareCommands` need %s, which the run-prepare step does not have: it runs in /home/zerops before the deploy, with only the files `build.addToRunPrepare` lists.", files)
	d.Fix = fmt.Sprintf("Add `addToRunPrepare: [%s]` to the setup's `build` in zerops.yml (paths from the source root; `run.prepareCommands` find them at the same paths under /home/zerops)", files)
}

// runPrepareTag is a line of the run-prepare step: its tag in any spelling
// ([prepare], [run.prepare], [run-prepare]), or the platform's line that its
// commands failed or exited non-zero.
var runPrepareTag = lazyregexp.New(`(?i)^\s*\[(run[._ -]?)?prepare\]|prepare ?commands?\b.*\b(failed|exited with (exit )?code [1-9])|PREPARING_RUNTIME_FAILED`)

// runPrepareLog reports whether the log shows the run-prepare step, whose
// commands run before the deploy files are in /var/www.
func runPrepareLog(lines []string, _ int, _ string) bool {
	return slices.ContainsFunc(lines, func(l string) bool {
		return strings.Contains(strings.ToLower(l), "prepar") && runPrepareTag.MatchString(stripANSI(l))
	})
}

// runPrepareFailed reports whether the log shows the run-prepare step
// failing: its commands exited non-zero, or the platform says it failed.
func runPrepareFailed(lines []string, _ int, _ string) bool {
	return slices.ContainsFunc(lines, func(l string) bool {
		l = stripANSI(l)
		return strings.Contains(strings.ToLower(l), "prepar") && (prepFailed.MatchString(l) || runPrepFailed.MatchString(l) || exitStatus.MatchString(l))
	})
}

// workerTimeout is gunicorn's arbiter timing a worker out.
var workerTimeout = lazyregexp.New(`WORKER TIMEOUT \(pid:(\d+)\)`)

// killedPid is the worker gunicorn's SIGKILL line names.
var killedPid = lazyregexp.New(`Worker \(pid:(\d+)\) was sent SIGKILL`)

// notAfterWorkerTimeout reports whether the worker gunicorn says was sent
// SIGKILL (lines[n]) had not timed out before: the arbiter kills a worker
// that timed out, and its "Perhaps out of memory?" is then only a guess.
func notAfterWorkerTimeout(lines []string, n int, line string) bool {
	m := killedPid.FindStringSubmatch(line)
	if m == nil {
		return true
	}
	for _, l := range lines[:n] {
		if t := workerTimeout.FindStringSubmatch(l); t != nil && t[1] == m[1] {
			return false
		}
	}
	return true
}

// goModMissing is the go command's words for a package build with no
// go.mod in the directory or above.
var goModMissing = lazyregexp.New(`go: go\.mod file not found in current directory or any parent directory`)

// buildManifestFixes fits each failed build command of ds, a build's, to the
// manifest its tool did not find, if the lines show one (buildManifestFix);
// not when run.prepareCommands lacked one (prepFiles), said as that.
func buildManifestFixes(ds []Diagnosis, lines []string, stage Stage, prepFiles string) {
	if stage != Build || prepFiles != "" {
		return
	}
	for i := range ds {
		if ds[i].Signal == "build-command-failed" {
			ds[i].buildManifestFix(lines)
		}
	}
}

// buildManifestFix names, for a build command that failed, the manifest its
// tool did not find among the uploaded files (pip's requirements file,
// go.mod, package.json, composer.json, Gemfile): the file is the cause,
// not the command.
func (d *Diagnosis) buildManifestFix(lines []string) {
	if d.composerScriptFix(lines) {
		return
	}
	for _, raw := range lines {
		l := stripANSI(raw)
		if strings.Contains(l, "can only install with an existing package-lock") {
			continue // the lock file's: lockfile-mismatch says it
		}
		file := ""
		if goModMissing.MatchString(l) {
			file = "go.mod"
		}
		for _, m := range prepManifests {
			if sm := m.re.FindStringSubmatch(l); sm != nil && file == "" {
				file, _, _ = strings.Cut(m.files, ",")
				if len(sm) > 1 {
					file = sm[1]
				}
			}
		}
		if file == "" || strings.HasPrefix(file, "/home/zerops/") {
			continue
		}
		d.Evidence = clip(strings.TrimSpace(l))
		d.Cause = fmt.Sprintf("The build command needs `%s`, which is not among the files the deploy uploaded (the build runs in /build/source with what zerops_deploy sent from the working directory).", file)
		d.Fix = fmt.Sprintf("Add `%s` to the code in the working directory zerops_deploy pushes, or correct the path the command names in `build.buildCommands`; then deploy again.", file)
		if file == "go.mod" {
			d.Fix = "Create go.mod where the build runs `go build`: `go mod init <module path>` (then `go mod tidy` for go.sum) in the working directory zerops_deploy pushes; then deploy again."
		}
		return
	}
}

// composerScriptRe is Composer's line for a script of composer.json that
// failed, with the script and its event.
var composerScriptRe = lazyregexp.New(`^Script (@php (\S+).*) handling the (\S+) event returned with error code \d+`)

// composerScriptFix names, for a Composer install whose composer.json
// script runs a PHP file that is not there (Laravel's `@php artisan
// package:discover` without artisan), that file: the script is the
// cause, not the install.
func (d *Diagnosis) composerScriptFix(lines []string) bool {
	for i, raw := range lines {
		sm := composerScriptRe.FindStringSubmatch(stripANSI(raw))
		if sm == nil || i == 0 || strings.TrimSpace(stripANSI(lines[i-1])) != "Could not open input file: "+sm[2] {
			continue
		}
		d.Evidence = clip(strings.TrimSpace(stripANSI(lines[i-1])))
		d.Cause = fmt.Sprintf("composer.json's %s script `%s` runs `%s`, which is not among the files the deploy uploaded (the build runs in /build/source with what zerops_deploy sent from the working directory).", sm[3], sm[1], sm[2])
		d.Fix = fmt.Sprintf("Add `%s` to the code in the working directory zerops_deploy pushes (or remove the script from composer.json); then deploy again.", sm[2])
		return true
	}
	return false
}
