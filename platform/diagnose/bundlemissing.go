package diagnose

import (
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// bundlerNoPackageRe reads the package a bundler could not resolve.
var bundlerNoPackageRe = lazyregexp.New(`(?i)(?:import|resolve) ["'](` + barePackage + `)["']`)

// bundlerPackageFix fits d, dependency-not-found read from a bundler's
// line (text), to the package the source imports and the manifest lacks.
// It reports whether text was such a line.
func (d *Diagnosis) bundlerPackageFix(text string) bool {
	m := bundlerNoPackageRe.FindStringSubmatch(text)
	if m == nil {
		return false
	}
	pkg := nodePackage(m[1]) // "lodash/merge" is the package lodash
	d.Cause = "The bundler cannot resolve `" + pkg + "`, which the source imports: the package is not in package.json, so the install in the build did not put it in `node_modules`."
	d.Fix = "Add `" + pkg + "` to package.json `dependencies` (`npm install " + pkg + "` adds it and updates the lock file; commit both), or correct the import's name; then deploy again."
	return true
}
