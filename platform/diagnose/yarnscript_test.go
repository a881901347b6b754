package diagnose

import "testing"

// Yarn 1 asked to run a script package.json does not define says so
// (`error Command "x" not found.`) and exits 1, whatever tags the log puts
// before its line: the platform's stage, a task runner's package:task, or
// older Yarn 1's "An unexpected error occurred" around the same message.
// That is npm-missing-script, ahead of the exit line after it. A run whose
// scripts all exist, with yarn's own info line, is nothing.
func TestClassify_YarnCommandNotFound(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"StageTagged", Build, []string{"[build] yarn run v1.22.19",
			`[build] error Command "bundle:release" not found.`,
			"[build] info Visit https://yarnpkg.com/en/docs/cli/run for documentation about this command.",
			"[build] ERROR: a build command finished with exit code 1"}, "npm-missing-script", "`build.buildCommands`"},
		{"TurboTask", Build, []string{"shop:build: yarn run v1.22.22",
			`shop:build: error Command "vite-build" not found.`,
			"shop:build: ERROR: command finished with error: command (/build/source/apps/shop) yarn run vite-build exited (1)",
			"error Command failed with exit code 1."}, "npm-missing-script", "package.json"},
		{"OlderYarnUnexpected", Build, []string{"yarn run v1.5.1",
			`error An unexpected error occurred: "Command \"compile-css\" not found.".`,
			"info If you think this is a bug, please open a bug report with the information provided in \"/build/source/yarn-error.log\".",
			"build command exited with code 1"}, "npm-missing-script", ""},
		{"StartTagged", Runtime, []string{"[start] yarn run v1.22.22",
			`[start] error Command "serve:prod" not found.`,
			"app process ended, exit code 1"}, "npm-missing-script", "`serve:prod`"},
		{"HealthyRunWithInfo", Build, []string{"[build] yarn run v1.22.22",
			"[build] $ vite build --mode production",
			"[build] ✓ 214 modules transformed.",
			"[build] info Visit https://yarnpkg.com/en/docs/cli/run for documentation about this command.",
			"[build] Done in 9.41s."}, "", ""},
	}
	runFamilyCases(t, tests)
}
