package appsim

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// The runtime container gets only build.deployFiles: packages the build
// installed (node_modules, pip's site-packages) stay in the build container
// unless the deploy carries them or run.prepareCommands installs them into
// the run image. depsFailure judges that, from the files alone: a start
// that runs a package's command, or an entry file that imports a package,
// fails the way its runtime does when neither holds.

// depsFailure is how the start command words (depth its npm script
// nesting) fails for a package the run container lacks, as the deps of the
// run base's tool record judges it (nodeDeps, pyDeps); false when nothing
// is known missing.
func (r *runSim) depsFailure(words []string, depth int) (startCmd, bool) {
	if r.files == nil || len(words) == 0 {
		return startCmd{}, false
	}
	if t := byLang[r.langOfBase()]; t != nil && t.deps != nil {
		return t.deps(r, words[0], words[1:], depth)
	}
	return startCmd{}, false
}

// prepScriptRe is a command running a script file: `sh X`, `bash X`,
// `source X`, `. X` or `./X`.
var prepScriptRe = lazyregexp.New(`(?:^|[\s;&|(])(?:(?:sh|bash|dash|source|\.)\s+((?:[\w./-]+/)?[\w.-]+\.sh|[\w./-]+/[\w.-]+)|(\./[\w./-]+))`)

// ownLines are the commands of d that may install packages into the run
// container: run.prepareCommands (with the lines of a script they run that
// build.addToRunPrepare ships), initCommands and the start commands.
func (r *runSim) ownLines() string {
	lines := append(append([]string{}, r.d.Prep.RunPrepare...), r.prepScripts()...)
	lines = append(lines, r.d.Prep.Init...)
	for _, sc := range r.d.Starts() {
		lines = append(lines, sc.Command)
	}
	return strings.Join(lines, "\n")
}

// prepScripts are the lines of the scripts run.prepareCommands run that
// build.addToRunPrepare puts in prepHome, where they run.
func (r *runSim) prepScripts() []string {
	if r.files == nil {
		return nil
	}
	var out []string
	for _, l := range r.d.Prep.RunPrepare {
		for _, m := range prepScriptRe.FindAllStringSubmatch(l, -1) {
			rel := CleanRel(strings.TrimPrefix(orStr(m[1], m[2]), prepHome))
			if !r.shippedToPrepare(rel) {
				continue
			}
			if src, ok := r.files.Read(rel); ok {
				out = append(out, strings.Split(src, "\n")...)
			}
		}
	}
	return out
}

// shippedToPrepare reports whether build.addToRunPrepare hands the
// uploaded file rel to run.prepareCommands.
func (r *runSim) shippedToPrepare(rel string) bool {
	for _, e := range r.d.Prep.ToRunPrep {
		e = CleanRel(strings.TrimPrefix(e, BuildSource))
		if e == "" || e == rel || strings.HasPrefix(rel, e+"/") {
			return true
		}
	}
	return false
}

// builtAt reports whether the build made the directory the deploy puts at
// /var/www/rel itself (not merely a directory above it).
func (r *runSim) builtAt(rel string) bool {
	for _, df := range r.d.DeployFiles {
		if src, ok := deploySource(df, rel); ok && r.produced[src] {
			return true
		}
	}
	return false
}

func hasFlag(args []string, flags ...string) bool {
	for _, a := range args {
		for _, f := range flags {
			if a == f || strings.HasPrefix(a, f+"=") {
				return true
			}
		}
	}
	return false
}
