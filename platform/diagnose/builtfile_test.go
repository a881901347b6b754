package diagnose

import (
	"slices"
	"strings"
	"testing"
)

func TestBuildOutputs_FlagsNamed(t *testing.T) {
	t.Parallel()
	got := BuildOutputs([]string{"go build -o bin/server ./cmd/api", "CGO_ENABLED=0 go build -ldflags='-s' -o=./app .", "bun build --compile --outfile dist/cli src/cli.ts", "npm ci", "gcc -O2 -o /build/source/hello hello.c"})
	want := []string{"bin/server", "app", "dist/cli", "hello"}
	if !slices.Equal(got, want) {
		t.Errorf("BuildOutputs = %q, want %q", got, want)
	}
}

func TestDeployedAt_DeployFilesPlaceTheOutput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		out   string
		files []string
		want  string
	}{
		{"bin/server", []string{"./bin"}, "bin/server"},
		{"bin/server", []string{"bin/~"}, "server"},
		{"bin/server", []string{"./bin/~/"}, "server"},
		{"bin/server", []string{"./"}, "bin/server"},
		{"bin/server", []string{"bin/server"}, "bin/server"},
		{"bin/server", []string{"./app", "static"}, ""},
		{"target/release/web", []string{"./target/release/~web"}, "web"},
	}
	for _, tt := range tests {
		if got := deployedAt(tt.out, tt.files); got != tt.want {
			t.Errorf("deployedAt(%q, %q) = %q, want %q", tt.out, tt.files, got, tt.want)
		}
	}
}

// The .NET host's line for a `dotnet X.dll` whose assembly is not there
// (the run image has no SDK to fall back to) is the start's missing file,
// not an app's crash.
func TestClassify_DotnetApplicationMissing(t *testing.T) {
	t.Parallel()
	for _, lines := range [][]string{
		{"The application 'NetApi.dll' does not exist."},
		{"The command could not be loaded, possibly because:", "  * You intended to execute a .NET application:", "      The application '/var/www/Api.dll' does not exist.",
			"  * You intended to execute a .NET SDK command:", "      No .NET SDKs were found."},
		{"Could not execute because the application was not found or a compatible .NET SDK is not installed.", "Possible reasons for this include:",
			"  * You intended to execute a .NET program:", "      The application 'app/Shop.Api.dll' does not exist."},
	} {
		ds := Classify(lines, Runtime)
		if len(ds) == 0 || ds[0].Signal != "start-file-missing" {
			t.Errorf("%q: diagnoses %v, want start-file-missing first", lines, ds)
		}
	}
}

// A run.siteConfigPath the deploy lacks is that file to deploy, said once:
// the web server's own refusal of it is no second, generic crash.
func TestClassify_SiteConfigMissing(t *testing.T) {
	t.Parallel()
	for _, server := range []string{
		`nginx: [emerg] open() "/var/www/site.conf.tmpl" failed (2: No such file or directory)`,
		`AH00526: Syntax error on line 1: Could not open configuration file /var/www/site.conf.tmpl: No such file or directory`,
		`2026/11/30 11:40:00 [emerg] 1#1: open() "/var/www/site.conf.tmpl" failed (2: No such file or directory)`,
	} {
		lines := []string{"Starting app version x on nginx@1.22", server, "App version x never became ready; the version deployed before keeps running",
			`ERROR: run.siteConfigPath: "/var/www/site.conf.tmpl" does not exist: the file is missing from deployFiles, so the web server cannot be configured`}
		ds := Classify(lines, Runtime)
		if len(ds) != 1 || ds[0].Signal != "deploy-files-missing" || !strings.Contains(ds[0].Fix, "Add `site.conf.tmpl` to `build.deployFiles`") {
			t.Errorf("%s: diagnoses %+v, want deploy-files-missing alone, deploying site.conf.tmpl", server, ds)
		}
	}
}
