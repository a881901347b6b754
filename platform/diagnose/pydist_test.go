package diagnose

import "testing"

// A Python package's metadata that is not installed (PasteDeploy's
// `use = egg:myproj`, read through importlib.metadata or pkg_resources)
// is the project not installed as a package: a requirements.txt install
// does not install the project itself, and the fix says to.
func TestClassify_PythonDistributionNotInstalled(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"ImportlibMetadata", Runtime, []string{"Traceback (most recent call last):",
			`  File "/usr/local/lib/python3.12/site-packages/paste/deploy/loadwsgi.py", line 641, in find_egg_entry_point`,
			"    dist = importlib_metadata.distribution(self.spec)",
			"importlib.metadata.PackageNotFoundError: No package metadata was found for myproj"}, "module-not-found-at-runtime", "`pip install .`"},
		{"Backport", Runtime, []string{"importlib_metadata.PackageNotFoundError: No package metadata was found for tutorial"}, "module-not-found-at-runtime", "`tutorial`"},
		{"PkgResources", Runtime, []string{"pkg_resources.DistributionNotFound: The 'shop-api' distribution was not found and is required by the application"},
			"module-not-found-at-runtime", "`shop-api`"},
		{"Stamped", Runtime, []string{"2026-11-30T22:10:00Z importlib.metadata.PackageNotFoundError: No package metadata was found for myproj"},
			"module-not-found-at-runtime", "requirements.txt"},
	}
	runFamilyCases(t, tests)
}
