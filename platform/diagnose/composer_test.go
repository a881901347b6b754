package diagnose

import "testing"

// Composer's verdict that the lock cannot be installed on the build's PHP
// is a runtime mismatch, its fix fitted to the problem below it (the PHP
// version or an extension the base lacks); a stale lock it only warns of
// is a stale lock.
func TestClassify_ComposerVerdictReadsTheProblemBelow(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"ComposerExtInBuild", Build, []string{"Your lock file does not contain a compatible set of packages. Please run composer update.", "  Problem 1", "    - spatie/image 3.7.4 requires ext-exif * -> it is missing from your system. Install or enable PHP's exif extension."}, "runtime-version-mismatch", "`build.prepareCommands`"},
		{"ComposerVersionBelowVerdict", Build, []string{"Your lock file does not contain a compatible set of packages. Please run composer update.", "  Problem 1", "    - symfony/string v7.2.0 requires php >=8.2 -> your php version (8.1.30) does not satisfy that requirement.", "    - laravel/framework v11.0.0 requires ext-intl * -> it is missing from your system."}, "runtime-version-mismatch", "`build.base`"},
		{"ComposerLockSetAlone", Build, []string{"Installing dependencies from lock file (including require-dev)", "Verifying lock file contents can be installed on current platform.", "Your lock file does not contain a compatible set of packages. Please run composer update.", "exit status 2"}, "runtime-version-mismatch", ""},
		{"ComposerLockSetPHPVersion", Build, []string{"Your lock file does not contain a compatible set of packages. Please run composer update.", "  Problem 1", "    - symfony/http-kernel v7.1.0 requires php >=8.2 -> your php version (8.1.27) does not satisfy that requirement."}, "runtime-version-mismatch", ""},
		{"ComposerLockSetExtension", Build, []string{"Your lock file does not contain a compatible set of packages. Please run composer update.", "  Problem 1", "    - acme/widgets 2.0.0 requires ext-gmp * -> it is missing from your system. Install or enable PHP's gmp extension.", "exit status 2"}, "runtime-version-mismatch", ""},
		{"ComposerExtensionAlone", Build, []string{"  Problem 1", "    - laravel/horizon v5.29.0 requires ext-pcntl * -> it is missing from your system. Install or enable PHP's pcntl extension.", "exit status 2"}, "runtime-version-mismatch", ""},
		{"ComposerLockWarningIsStale", Build, []string{"Warning: The lock file is not up to date with the latest changes in composer.json. You may be getting outdated dependencies. It is recommended that you run `composer update` or `composer update <package name>`.", "  - Required package \"spatie/laravel-permission\" is not present in the lock file.", "exit status 4"}, "lockfile-mismatch", ""},
	}
	runFamilyCases(t, tests)
}
