package diagnose

import "testing"

// A registry's own "no such package" of a name the manifest gives is a
// dependency not found (pkg-config's library is an OS package); Deno
// finding no installed copy at start is a module not found.
func TestClassify_PackageAbsentIsDependencyNotFound(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"DenoNpmPackageDoesNotExist", Build, []string{"Download https://registry.npmjs.org/koa-fancy-routerz", "error: npm package 'koa-fancy-routerz' does not exist."}, "dependency-not-found", "deno.json"},
		{"JSRPackageNotFound", Build, []string{"error: JSR package not found: @acme/strings"}, "dependency-not-found", ""},
		{"BacktickedPackageWasNotFound", Build, []string{"error: package `tokio-magicz` was not found in the registry index"}, "dependency-not-found", ""},
		{"MixNoPackageInRegistry", Build, []string{"** (Mix) No package with name phoenix_livez (from: mix.exs) in registry"}, "dependency-not-found", ""},
		{"JSRManifestFailedToLoad", Build, []string{"error: JSR package manifest for '@acme/pathz' failed to load. Import 'https://jsr.io/@acme/pathz/meta.json' failed: 404 Not Found"}, "dependency-not-found", ""},
		{"YarnTarball404", Build, []string{"➤ YN0001: │ HTTPError: Response code 404 (Not Found)", "➤ YN0000: └ Completed in 1s"}, "dependency-not-found", ""},
		{"BunQuotedPackageNotFound", Build, []string{"error: package \"left-padz\" not found registry.npmjs.org/left-padz 404"}, "dependency-not-found", ""},
		{"PkgConfigIsTheOSPackage", Build, []string{"Package 'libffi', required by 'virtual:world', not found", "No package 'libffi' found", "error: command failed"}, "build-command-failed", "`libffi`"},
		{"DenoPackageNotInstalledAtStart", Runtime, []string{"error: Could not find a matching package for 'npm:hono@4' in the node_modules directory. Ensure you have all your JSR and npm dependencies listed in your deno.json or package.json, then run `deno install`."}, "module-not-found-at-runtime", ""},
		{"DenoJSRNotInstalledAtStart", Runtime, []string{"error: Could not find a matching package for 'jsr:@std/path' in the node_modules directory."}, "module-not-found-at-runtime", ""},
	}
	runFamilyCases(t, tests)
}
