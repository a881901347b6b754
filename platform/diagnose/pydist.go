package diagnose

// This file owns one family: a Python distribution whose metadata is not
// installed, as importlib.metadata and pkg_resources say it (PasteDeploy's
// `use = egg:NAME`, which pserve loads, asks for the project's own).

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// pyDistMissing is importlib.metadata (or its backport) and pkg_resources
// finding no installed distribution of the name; group 1 or 2 the name.
const pyDistMissing = `PackageNotFoundError: No package metadata was found for ([\w.-]+)|DistributionNotFound: The '([^']+)' distribution was not found`

var pyDistMissingRe = lazyregexp.New(pyDistMissing)

// pyDistSpecs are the rules of a distribution not installed.
var pyDistSpecs = []ruleSpec{
	{build: "", runtime: "module-not-found-at-runtime", keys: []string{"no package metadata was found for", "distribution was not found"}, re: pyDistMissing},
}

// pyDistFix fits d, read from text, to a distribution not installed: the
// project itself, which an install of requirements.txt does not install,
// or a package no install names. `pip install .` in run.prepareCommands
// needs the project in the run container: what build.addToRunPrepare
// lists (c, when ZCP read the setup) decides whether the fix adds it.
func (d *Diagnosis) pyDistFix(text string, c *Code) {
	m := pyDistMissingRe.FindStringSubmatch(text)
	if m == nil {
		return
	}
	name := m[1] + m[2]
	d.Cause = "No installed package (distribution) is named `" + name + "`: its metadata is read at start (PasteDeploy's `use = egg:" + name +
		"` in the .ini pserve loads asks for it), and installing requirements.txt does not install the project itself."
	install := "after the requirements.txt install in `run.prepareCommands`, add `python3 -m pip install --ignore-installed .` (`pip install .`; `pip install -e .` in a start or init command that runs in /var/www)"
	other := "; if `" + name + "` is another project's package, add it to requirements.txt; then deploy again."
	missing := prepMissing(c, name)
	switch {
	case c == nil || !c.RunPrepareRead:
		d.Fix = "Install the project where the run container's packages are installed: " + install +
			". run.prepareCommands see only what `build.addToRunPrepare` lists, so list the project's setup.py or pyproject.toml and its package there too" + other
	case len(missing) == 0:
		d.Fix = "Install the project where the run container's packages are installed: " + install +
			" (`build.addToRunPrepare` already carries " + quoted(c.RunPrepare) + ", which holds the project)" + other
	default:
		d.Fix = "Install the project where the run container's packages are installed: add " + strings.Join(missing, " and ") +
			" to `build.addToRunPrepare` (it lists " + quoted(c.RunPrepare) + ", and run.prepareCommands see nothing else), then " + install + other
	}
}

// prepMissing is what of the project `pip install .` needs that
// build.addToRunPrepare (c's) does not list: the project file, the package
// (name, as the distribution names it, when the source's top holds it);
// nil when it lists the whole source, or c is unknown.
func prepMissing(c *Code, name string) []string {
	if c == nil || !c.RunPrepareRead {
		return nil
	}
	has := func(p string) bool {
		for _, e := range c.RunPrepare {
			e = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(e), "./"), "/")
			if e == "" || e == "." || e == p || strings.HasPrefix(p, e+"/") {
				return true
			}
		}
		return false
	}
	var out []string
	switch {
	case c.PyProject != "" && !has(c.PyProject):
		out = append(out, "`"+c.PyProject+"`")
	case c.PyProject == "" && !has("setup.py") && !has("pyproject.toml") && !has("setup.cfg"):
		out = append(out, "the project's pyproject.toml or setup.py")
	}
	pkg := strings.ReplaceAll(strings.ToLower(name), "-", "_")
	switch own := c.pyOwn(pkg); {
	case own != "" && !has(strings.TrimSuffix(own, "/")):
		out = append(out, "`"+strings.TrimSuffix(own, "/")+"`")
	case own == "" && len(out) > 0:
		out = append(out, "its package folder")
	}
	return out
}

// quoted is names as `a`, `b`; "nothing" for none.
func quoted(names []string) string {
	if len(names) == 0 {
		return "nothing"
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}
