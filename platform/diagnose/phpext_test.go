package diagnose

import "testing"

// A PHP extension the base lacks (its functions or classes undefined,
// PDO's driver, Composer's platform check at start) names the extension's
// package; the app's own undefined function is a crash.
func TestClassify_PHPExtensionMissingNamesItsPackage(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"PhpFpmMbstring", Runtime, []string{`[30-Nov-2026 08:00:00] WARNING: [pool www] child 12 said into stderr: "PHP message: PHP Fatal error:  Uncaught Error: Call to undefined function mb_substr() in /var/www/src/Text.php:9"`}, "module-not-found-at-runtime", "php84-mbstring"},
		{"NamespacedGdFallback", Runtime, []string{`PHP Fatal error:  Uncaught Error: Call to undefined function App\Media\imagecreatetruecolor() in /var/www/src/Media/Thumb.php:30`}, "module-not-found-at-runtime", "php84-gd"},
		{"IntlClass", Runtime, []string{`[2026-11-30 08:00:00] production.ERROR: Class "NumberFormatter" not found {"exception":"[object] (Error(code: 0): Class \"NumberFormatter\" not found at /var/www/app/Money.php:14)"}`}, "module-not-found-at-runtime", "php84-intl"},
		{"PdoNoDriver", Runtime, []string{`[2026-11-30 08:00:00] production.ERROR: could not find driver (Connection: pgsql, SQL: select * from "sessions" where "id" = ? limit 1)`}, "module-not-found-at-runtime", "php84-pdo_pgsql"},
		{"ComposerPlatformCheckAtStart", Runtime, []string{"PHP Fatal error:  Composer detected issues in your platform: Your Composer dependencies require the following PHP extensions to be installed: bcmath. in /var/www/vendor/composer/platform_check.php on line 24"}, "module-not-found-at-runtime", "php84-bcmath"},
		{"AppFunctionIsCrash", Runtime, []string{`PHP Fatal error:  Uncaught Error: Call to undefined function App\Support\format_money() in /var/www/app/Cart.php:51`}, "app-crash", ""},
	}
	runFamilyCases(t, tests)
}
