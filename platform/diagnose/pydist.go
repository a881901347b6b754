package diagnose

// This file owns one family: a Python distribution whose metadata is not
// installed, as importlib.metadata and pkg_resources say it (PasteDeploy's
// `use = egg:NAME`, which pserve loads, asks for the project's own).

import "github.com/zeropsio/zcp/platform/lazyregexp"

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
// or a package no install names.
func (d *Diagnosis) pyDistFix(text string) {
	m := pyDistMissingRe.FindStringSubmatch(text)
	if m == nil {
		return
	}
	name := m[1] + m[2]
	d.Cause = "No installed package (distribution) is named `" + name + "`: its metadata is read at start (PasteDeploy's `use = egg:" + name +
		"` in the .ini pserve loads asks for it), and installing requirements.txt does not install the project itself."
	d.Fix = "Install the project where the run container's packages are installed: after the requirements.txt install in `run.prepareCommands`, add `python3 -m pip install --ignore-installed .` (`pip install .`; `pip install -e .` in a start or init command that runs in /var/www), with the project's setup.py or pyproject.toml and its package in `build.addToRunPrepare`; if `" +
		name + "` is another project's package, add it to requirements.txt; then deploy again."
}
