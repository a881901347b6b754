package diagnose

import "testing"

// A Symfony console (Composer, artisan, bin/console) refuses an option
// its command does not define with `The "--x" option does not exist.`,
// then prints the command's synopsis and exits 1: in a build the build
// command's failure, the fix naming the synopsis's options within two
// edits of it (both, where two are as near); a flag given a value and an
// option left without one are read alike; an app's own sentence about an
// option is nothing.
func TestClassify_ConsoleOptionRefused(t *testing.T) {
	t.Parallel()
	synopsis := "install [--prefer-source] [--prefer-dist] [--no-dev] [-o|--optimize-autoloader] [--ignore-platform-req IGNORE-PLATFORM-REQ] [--ignore-platform-reqs] [--] [<packages>...]"
	tests := []familyCase{
		{"ComposerTypo", Build, []string{"$ composer install --optimize-autoloader --no-dev --ignore-platform-reqz", "", "",
			`  The "--ignore-platform-reqz" option does not exist.`, "", "", synopsis, "",
			"ERROR: build command failed with exit code 1: composer install --optimize-autoloader --no-dev --ignore-platform-reqz"},
			"build-command-failed", "to `--ignore-platform-req` or `--ignore-platform-reqs` (the nearest options"},
		{"ComposerSwap", Build, []string{"$ composer install --no-dve", `  The "--no-dve" option does not exist.`, "", synopsis},
			"build-command-failed", "to `--no-dev`"},
		{"NothingNear", Build, []string{"$ composer install --frobnicate", `  The "--frobnicate" option does not exist.`, "", synopsis},
			"build-command-failed", "Remove or correct `--frobnicate` in `build.buildCommands`"},
		{"ShortOption", Build, []string{"$ composer install -x", `  The "-x" option does not exist.`, "", synopsis},
			"build-command-failed", "`-x`"},
		{"FlagGivenValue", Build, []string{`  The "--no-dev" option does not accept a value.`, "", synopsis},
			"build-command-failed", "Remove the value"},
		{"ValueMissing", Build, []string{`  The "--ignore-platform-req" option requires a value.`, "", synopsis},
			"build-command-failed", "Give `--ignore-platform-req` its value"},
		{"ArtisanAtStart", Runtime, []string{`  The "--hots" option does not exist.`, "",
			"serve [--host [HOST]] [--port [PORT]] [--tries [TRIES]] [--no-reload]"}, "start-command-invalid", "to `--host`"},
		{"AppSentence", Runtime, []string{"Listening on 0.0.0.0:8080", "config: the option verbose does not exist in this profile"}, "", ""},
	}
	runFamilyCases(t, tests)
}
