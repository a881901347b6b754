package diagnose

import (
	"strings"
	"testing"
)

// An install in run.prepareCommands that fails on a manifest the
// run-prepare step lacks is read as prepare-reads-deploy-files, first, with
// a fix naming that file in build.addToRunPrepare; not as a lock-file or
// package-manager problem. The same line in build commands is no such case.
func TestClassify_RunPrepareManifestNamesAddToRunPrepare(t *testing.T) {
	t.Parallel()
	failed := func(cmd string, code string) string {
		return "ERROR: run.prepareCommands failed with exit code " + code + ": " + cmd
	}
	tests := []struct {
		name  string
		lines []string
		want  string // in the fix, "" for no such diagnosis first
	}{
		{"Pip", []string{"$ pip install -r requirements.txt",
			"ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'requirements.txt'", failed("pip install -r requirements.txt", "1")},
			"`addToRunPrepare: [requirements.txt]`"},
		{"PipHomePath", []string{"ERROR: Could not open requirements file: [Errno 2] No such file or directory: '/home/zerops/api/requirements.txt'",
			failed("pip install -r /home/zerops/api/requirements.txt", "1")}, "`addToRunPrepare: [api/requirements.txt]`"},
		{"NpmCi", []string{"$ npm ci", "npm error code EUSAGE", "npm error The `npm ci` command can only install with an existing package-lock.json or",
			failed("npm ci", "1")}, "`addToRunPrepare: [package.json, package-lock.json]`"},
		{"Composer", []string{"Composer could not find a composer.json file in /home/zerops", failed("composer install", "1")},
			"`addToRunPrepare: [composer.json, composer.lock]`"},
		{"Bundler", []string{"Could not locate Gemfile", failed("bundle install", "10")}, "`addToRunPrepare: [Gemfile, Gemfile.lock]`"},
		{"InBuildCommands", []string{"ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'requirements.txt'",
			"ERROR: build command failed with exit code 1: pip install -r requirements.txt"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, Build)
			if tt.want == "" {
				if len(ds) > 0 && ds[0].Signal == "prepare-reads-deploy-files" {
					t.Fatalf("build commands read as run.prepareCommands: %+v", ds[0])
				}
				return
			}
			if len(ds) == 0 || ds[0].Signal != "prepare-reads-deploy-files" || !strings.Contains(ds[0].Fix, tt.want) ||
				!strings.Contains(ds[0].Cause, "addToRunPrepare") {
				t.Fatalf("first diagnosis %+v, want prepare-reads-deploy-files with %s", ds, tt.want)
			}
			for _, d := range ds {
				if d.Signal == "lockfile-mismatch" || d.Signal == "prepare-command-failed" || d.Signal == "build-command-failed" {
					t.Errorf("also %s: %s", d.Signal, d.Fix)
				}
			}
		})
	}
}

// run.prepareCommands reading /var/www are read as such under any spelling
// of the step's tag and whether its end line says failed or an exit code;
// a script run from /var/www there too (without the step, a start file).
func TestClassify_RunPrepareTagSpellings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
	}{
		{"HyphenTagPhpInputFile", []string{"[run-prepare] php /var/www/bin/console cache:warmup", "Could not open input file: /var/www/bin/console",
			"[run-prepare] ERROR: prepare command exited with code 1"}},
		{"HyphenTagPipRequirements", []string{"[run-prepare] pip install -r /var/www/reqs/prod.txt",
			"ERROR: Could not open requirements file: [Errno 2] No such file or directory: '/var/www/reqs/prod.txt'"}},
		{"UnderscoreTagCd", []string{"[run_prepare] cd /var/www && bundle install", "sh: cd: can't cd to /var/www: No such file or directory"}},
		{"ExitCodeLineOnly", []string{"cat: /var/www/config/app.ini: No such file or directory", "prepare commands exited with exit code 1"}},
		{"NodeScriptUnderVarWww", []string{"[prepare] node /var/www/tools/seed-icons.js", "Error: Cannot find module '/var/www/tools/seed-icons.js'"}},
		{"PythonScriptUnderVarWww", []string{"[run.prepare] python3 /var/www/manage_assets.py", "python3: can't open file '/var/www/manage_assets.py': [Errno 2] No such file or directory",
			"run.prepareCommands failed"}},
		{"RubyScriptUnderVarWww", []string{"[run-prepare] ruby /var/www/script/fonts.rb", "ruby: No such file or directory -- /var/www/script/fonts.rb (LoadError)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, Runtime)
			if len(ds) == 0 || ds[0].Signal != "prepare-reads-deploy-files" {
				t.Fatalf("signals = %v, want prepare-reads-deploy-files first", signalIDs(ds))
			}
		})
	}
}

// A full disk is the cause of what failed to write: a dependency fetch, an
// install or a compile that stopped on it is read as the disk, not the tool.
func TestClassify_DiskFullOutranksWhatItStopped(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
	}{
		{"MavenResolveWriteFailed", []string{"[ERROR] Failed to execute goal on project api: Could not resolve dependencies for project com.example:api:jar:2.0: Could not transfer artifact org.slf4j:slf4j-api:jar:2.0.9: /root/.m2/repository/org/slf4j/slf4j-api/2.0.9/slf4j-api-2.0.9.jar (No space left on device)"}},
		{"GradleResolveThenDisk", []string{"> Could not resolve all files for configuration ':app:runtimeClasspath'.", "   > Could not write to file '/root/.gradle/caches/modules-2/files-2.1/x.jar': No space left on device"}},
		{"PipNoMatchingThenErrno28", []string{"ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device", "ERROR: No matching distribution found for torch==2.4.0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, Build)
			if len(ds) == 0 || ds[0].Signal != "disk-full" {
				t.Fatalf("signals = %v, want disk-full first", signalIDs(ds))
			}
		})
	}
}
