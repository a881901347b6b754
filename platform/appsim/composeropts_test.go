package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// Composer's console refuses an option neither the command nor the
// application defines (a walk's `--ignore-platform-reqz` built and was
// called live): the build fails with Symfony's message, the command's
// synopsis and exit 1. Every composer line of the official PHP recipes
// and the docs passes, options with values in each form they are given.
func TestBuild_ComposerOptions(t *testing.T) {
	t.Parallel()
	php := map[string]string{"composer.json": `{"require": {"ramsey/uuid": "^4"}}`, "composer.lock": "{}", "index.php": "<?php"}
	for _, tc := range []struct {
		name    string
		command string
		says    string // the refusal in the log; "": the build passes
	}{
		// zeropsio/recipe-php, -symfony, -nette, -nette-api, -twill, -laravel-jetstream, -laravel-postgres-mariadb-api
		{"recipe-php", "composer install --optimize-autoloader --no-dev", ""},
		{"recipe-filament, recipe-laravel-minimal", "composer install --ignore-platform-reqs", ""},
		{"recipe-nette-contributte", "composer install --optimize-autoloader", ""},
		{"recipe-wordpress", "composer install --no-dev --optimize-autoloader --no-interaction", ""},
		{"recipe-es-php-basic", "composer install", ""},
		{"docs: verbose", "composer install -v", ""},
		{"docs: verbose, long", "composer install --verbose", ""},
		{"docs: classmap", "composer install --no-dev --optimize-autoloader --classmap-authoritative", ""},
		{"docs: prefer-dist", "composer install --no-dev --prefer-dist", ""},
		{"docs: update --lock", "composer update --lock", ""},
		{"short options", "composer install -o -a -n -q -vvv", ""},
		{"a set of short options", "composer install -oan", ""},
		{"an option before the command", "composer --no-interaction install --no-progress", ""},
		{"a requirement given with =", "composer install --ignore-platform-req=php --ignore-platform-req=ext-intl", ""},
		{"a requirement given apart", "composer install --ignore-platform-req php --no-dev", ""},
		{"a value given apart", "composer install --prefer-install dist --audit --audit-format json", ""},
		{"the application's options", "composer install --no-ansi --ansi --profile --no-plugins --no-scripts --no-cache --no-suggest", ""},
		{"update's own", "composer update -W --with-all-dependencies --prefer-stable --bump-after-update --no-audit", ""},
		{"require", "composer require --no-update --sort-packages -W monolog/monolog", ""},
		{"dump-autoload", "composer dump-autoload -o --classmap-authoritative --no-dev --strict-psr", ""},
		{"an abbreviated command", "composer instal --no-dev", ""},
		{"after --, no option", "composer require -- --not-an-option", ""},

		{"the walk's typo", "composer install --optimize-autoloader --no-dev --ignore-platform-reqz", `The "--ignore-platform-reqz" option does not exist.`},
		{"install has no --no-audit", "composer install --no-audit", `The "--no-audit" option does not exist.`},
		{"dump-autoload's is --optimize", "composer dump-autoload --optimize-autoloader", `The "--optimize-autoloader" option does not exist.`},
		{"no abbreviated option", "composer install --optimize", `The "--optimize" option does not exist.`},
		{"an unknown short option", "composer install -x", `The "-x" option does not exist.`},
		{"an unknown one in a set", "composer install -oz", `The "-z" option does not exist.`},
		{"a requirement with no value", "composer install --no-dev --ignore-platform-req", `The "--ignore-platform-req" option requires a value.`},
		{"an option starting the next token is no value", "composer install --prefer-install --no-dev", `The "--prefer-install" option requires a value.`},
		{"a flag given a value", "composer install --no-dev=1", `The "--no-dev" option does not accept a value.`},
		{"an abbreviated command checks its own", "composer i --optimise-autoloader", `The "--optimise-autoloader" option does not exist.`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: []string{tc.command}, DeployFiles: []string{"./"}, BuildBases: []string{"php@8.3"}, RunBase: "php-nginx@8.3"}
			res := appsim.Build(&d, files(php), fixedTime)
			log := logOf(res.Lines)
			if tc.says == "" {
				if res.Failure != "" {
					t.Fatalf("failure %q, want none:\n%s", res.Failure, log)
				}
				return
			}
			if want := "build command failed with exit code 1: " + tc.command; !strings.Contains(res.Failure, want) {
				t.Fatalf("failure %q, want %q:\n%s", res.Failure, want, log)
			}
			if !strings.Contains(log, "\n  "+tc.says+"\n") {
				t.Errorf("the log lacks %q:\n%s", tc.says, log)
			}
			sub := strings.Fields(tc.command)[1]
			if sub == "instal" || sub == "i" {
				sub = "install"
			}
			if !strings.Contains(log, "\n"+sub+" [") {
				t.Errorf("the log lacks the synopsis of %s:\n%s", sub, log)
			}
		})
	}
}
