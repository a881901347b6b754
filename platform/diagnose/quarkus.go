package diagnose

// This file owns the fix of a Quarkus launcher deployed without the
// folders it loads the app from.

import (
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// quarkusNoEntry is the JVM failing to load Quarkus's launcher class,
// which sits in lib/boot/ beside quarkus-run.jar, not in the jar; or the
// launcher finding no quarkus/quarkus-application.dat beside it.
var quarkusNoEntry = lazyregexp.New(`Could not find or load main class io\.quarkus\.bootstrap\.runner\.QuarkusEntryPoint|NoSuchFileException: \S*/quarkus/quarkus-application\.dat`)

// quarkusFolders are what quarkus-run.jar loads the app from, beside it.
var quarkusFolders = []string{"lib", "app", "quarkus"}

// quarkusFix fits d, read from line, to Quarkus's fast-jar launcher
// deployed without its folders: the fix deploys the folder it sits in
// (named from build.deployFiles, which c holds) rather than the jar.
func (d *Diagnosis) quarkusFix(line string, c *Code) bool {
	if !quarkusNoEntry.MatchString(line) {
		return false
	}
	dir := ""
	var files []string
	if c != nil {
		files = c.DeployFiles
	}
	for _, f := range files {
		f = relPath(f)
		if i := strings.Index(f, "quarkus-app"); i >= 0 {
			dir = f[:i+len("quarkus-app")]
			break
		}
		if path.Base(f) == "quarkus-run.jar" {
			dir = path.Dir(f)
		}
	}
	var missing []string
	for _, f := range quarkusFolders {
		if dir == "" || deployedAt(path.Join(dir, f), files) == "" {
			missing = append(missing, "`"+f+"/`")
		}
	}
	if len(missing) == 0 {
		missing = []string{"`lib/`", "`app/`", "`quarkus/`"} // deployed elsewhere than the start looks
	}
	folder := "the folder quarkus-run.jar is built in (`target/quarkus-app` with Maven, `build/quarkus-app` with Gradle)"
	if dir != "" && dir != "." {
		folder = "`" + dir + "`"
	}
	d.Cause = "`run.start` runs Quarkus's quarkus-run.jar, a launcher that holds none of the app: it loads it from the `lib/`, `app/` and `quarkus/` folders beside it, and the deploy lacks " +
		strings.Join(missing, ", ") + " there (`build.deployFiles` names the jar, not its folder)."
	d.Fix = "Deploy the whole folder: " + folder + " in `build.deployFiles` instead of the jar alone, keeping `java -jar` of the quarkus-run.jar inside it in `run.start` " +
		"(or build one self-contained jar with `quarkus.package.jar.type=uber-jar` and deploy and start that); then deploy again."
	return true
}

// mainClassRe and mainCauseRe are the JVM's two lines for a main class it
// cannot load: the error, then the exception that is its cause.
var (
	mainClassRe = lazyregexp.New(`Could not find or load main class (\S+)`)
	mainCauseRe = lazyregexp.New(`^Caused by: java\.lang\.ClassNotFoundException: (\S+)`)
)

// mainClassCause reports whether f is the "Caused by" line under a main
// class the JVM could not load, which got reads already: one cause, and
// the main class's diagnosis says it (a missing dependency it is not).
func mainClassCause(f found, got []found) bool {
	m := mainCauseRe.FindStringSubmatch(f.bare)
	if m == nil || f.sig.id != "module-not-found-at-runtime" {
		return false
	}
	for _, g := range got {
		if c := mainClassRe.FindStringSubmatch(g.bare); c != nil && c[1] == m[1] && g.line < f.line {
			return true
		}
	}
	return false
}
