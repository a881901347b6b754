package diagnose

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// bundlerNoPackageRe reads the package a bundler could not resolve.
var bundlerNoPackageRe = lazyregexp.New(`(?i)(?:import|resolve:?) ["'](` + barePackage + `)["']`)

// bundlerPackageFix fits d, dependency-not-found read from a bundler's
// line (text), to the package the source imports and the manifest lacks.
// It reports whether text was such a line.
func (d *Diagnosis) bundlerPackageFix(text string, c *Code) bool {
	m := bundlerNoPackageRe.FindStringSubmatch(text)
	if m == nil {
		return false
	}
	pkg := nodePackage(m[1]) // "lodash/merge" is the package lodash
	d.Cause = "The bundler cannot resolve `" + pkg + "`, which the source imports: the package is not in package.json, so the install in the build did not put it in `node_modules`."
	pm := c.nodePM()
	if (c == nil || c.PackageManager == "") && strings.Contains(text, `"bun install"`) {
		pm = (&Code{PackageManager: "bun"}).nodePM() // Bun's bundler says so
	}
	d.Fix = "Add `" + pkg + "` to package.json `dependencies` (`" + pm.add + " " + pkg + "` adds it and updates the lock file; deploy both), or correct the import's name; then deploy again."
	return true
}

// gemMissingRe reads the gem a Ruby app loads that its bundle lacks:
// Bundler's "pg is not part of the bundle", Rails' older adapter line
// "Add `gem 'mysql2'`", RubyGems' "Could not find 'x' (>= 0) among".
var gemMissingRe = lazyregexp.New("([\\w.-]+) is not part of the bundle|Add `gem '([\\w.-]+)'`|Could not find '([\\w.-]+)' \\([^)]*\\) among \\d+ total gem")

// gemFix fits d, a gem the app loads that its bundle lacks (text), to the
// Gemfile. It reports whether text was such a line.
func (d *Diagnosis) gemFix(text string) bool {
	m := gemMissingRe.FindStringSubmatch(text)
	if m == nil {
		return false
	}
	gem := m[1] + m[2] + m[3]
	d.Cause = "The app loads the gem `" + gem + "`, which is not in its bundle: the Gemfile does not list it, so `bundle install` in the build did not install it."
	d.Fix = "Add `gem \"" + gem + "\"` to the Gemfile, run `bundle install` locally to update Gemfile.lock (deploy both), then deploy again."
	return true
}
