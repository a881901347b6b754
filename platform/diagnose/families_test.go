package diagnose

import (
	"slices"
	"strings"
	"testing"
)

// A stale lock file a tool only warns of is a failure where the command
// then fails without relocking; one it relocks or installs past is not.
func TestClassify_StaleLockWarningCountsWhenItsCommandFails(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"WarnedThenFailed", []string{"[zerops] running buildCommands (1/1): pdm sync --check",
			"WARNING: Lock file hash doesn't match pyproject.toml, packages may be outdated",
			"[zerops] build command failed with exit code 1"}, []string{"lockfile-mismatch"}},
		{"WarnedThenRelocked", []string{"WARNING: Lock file hash doesn't match pyproject.toml, packages may be outdated",
			"Updating the lock file...", "🔒 Lock successful.", "[zerops] build finished, deploying files: ."}, nil},
		{"WarnedInstalledThenAnotherCommandFailed", []string{
			"Warning: The lock file is not up to date with the latest changes in composer.json.",
			"Package operations: 12 installs, 0 updates, 0 removals",
			"[zerops] running buildCommands (2/2): npm run build",
			"src/app.ts(3,1): error TS2304: Cannot find name 'foo'.",
			"[zerops] build command failed with exit code 2"}, []string{"compile-error"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := signalIDs(Classify(tt.lines, Build)); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
		})
	}
}

// Each new family's diagnosis names its own fix: the platform a native
// module lacks, the asset build to deploy, the directory to make writable,
// a MySQL client's TLS option; and a prepare command that read /var/www is
// one diagnosis, not also the platform's line that it failed.
func TestClassify_NewFamiliesNameTheirFix(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		stage  Stage
		lines  []string
		signal string
		want   []string
	}{
		{"SharpMusl", Runtime, []string{`Error: Could not load the "sharp" module using the linuxmusl-x64 runtime`}, "module-not-found-at-runtime",
			[]string{"`linuxmusl-x64` (Alpine, musl)", "`run.os`", "--include=optional"}},
		{"NodeABI", Runtime, []string{"Error: The module '/var/www/node_modules/bcrypt/lib/binding/napi-v3/bcrypt_lib.node'",
			"was compiled against a different Node.js version using", "NODE_MODULE_VERSION 115. This version of Node.js requires"}, "module-not-found-at-runtime",
			[]string{"same nodejs version", "`run.base`"}},
		{"ViteManifest", Runtime, []string{"production.ERROR: Vite manifest not found at: /var/www/public/build/manifest.json"}, "deploy-files-missing",
			[]string{"`/var/www/public/build/manifest.json`", "npm run build", "`public/build`"}},
		{"SymfonyCache", Runtime, []string{`PHP Fatal error:  Uncaught RuntimeException: Unable to write in the "/var/www/var/cache/prod" directory.`}, "permission-denied",
			[]string{"`/var/www/var/cache/prod`", "without sudo", "`zerops`"}},
		{"MySQL2TLS", Runtime, []string{"Error: Server does not support secure connection", "  code: 'HANDSHAKE_NO_SSL_SUPPORT',"}, "db-tls-mismatch",
			[]string{"mysql2/mysql `ssl`", "useSSL"}},
		{"RunPrepareInVarWww", Build, []string{"[run.prepare] running prepareCommands (1/1): cd /var/www && composer install",
			"Composer could not find a composer.json file in /var/www", "[run.prepare] prepareCommands failed with exit code 1"}, "prepare-reads-deploy-files",
			[]string{"`run.initCommands`"}},
		{"RunPrepareFailedNamesVarWww", Build, []string{"cd /var/www && npm ci",
			"npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '/var/www/package.json'",
			"PREPARING_RUNTIME_FAILED: run.prepareCommands failed"}, "prepare-reads-deploy-files",
			[]string{"`run.initCommands`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if len(ds) != 1 || ds[0].Signal != tt.signal {
				t.Fatalf("signals = %v, want only %s", signalIDs(ds), tt.signal)
			}
			for _, w := range tt.want {
				if !strings.Contains(ds[0].Cause+" "+ds[0].Fix, w) {
					t.Errorf("cause %q / fix %q: want %q", ds[0].Cause, ds[0].Fix, w)
				}
			}
		})
	}
}

// A file path under /var/www a program did not find (node's start file)
// is no prepare command reading /var/www: only a tool that looked in
// /var/www for its manifest is, so a pasted start error keeps its signal.
func TestClassify_PathUnderVarWwwIsNoPrepareRead(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"Error: Cannot find module '/var/www/server.js'",
		"Error: Cannot find module '/var/www/dist/main.js'",
		"python: can't open file '/var/www/app/run.py': [Errno 2] No such file or directory",
	} {
		for _, stage := range []Stage{0, Runtime} {
			if ds := Classify([]string{line}, stage); len(ds) == 0 || ds[0].Signal != "start-file-missing" {
				t.Errorf("Classify(%q, %d) = %v, want start-file-missing first", line, stage, signalIDs(ds))
			}
		}
	}
}
