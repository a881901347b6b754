package diagnose

import (
	"strings"
	"testing"
)

// uvicorn finding no module its app reference names is a start file
// missing, the module's file named.
func TestClassify_UvicornModuleMissingNamesItsFile(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"UvicornMain", Runtime, []string{`ERROR:    Error loading ASGI app. Could not import module "main".`}, "start-file-missing", "`main.py`"},
		{"UvicornDotted", Runtime, []string{`ERROR:    Error loading ASGI app. Could not import module "app.main".`}, "start-file-missing", "`app/main.py`"},
		{"UvicornStamped", Runtime, []string{`2026-11-30T08:00:00Z ERROR:    Error loading ASGI app. Could not import module "api".`}, "start-file-missing", "`api.py`"},
	}
	runFamilyCases(t, tests)
}

// A run.start that cds into a folder the deploy did not put in /var/www
// (walk 11: `cd app && ./server` got the generic "name a file the build
// produces") names the cd and its fix: the start runs in /var/www, so
// with `app/~` the cd goes (app's contents are in /var/www itself), and
// with the folder not deployed at all it is deployed or the cd goes,
// naming where the build's file lands.
func TestClassifyWith_StartCdIntoAFolderNotDeployed(t *testing.T) {
	t.Parallel()
	line := "/bin/sh: cd: line 1: can't cd to app: No such file or directory"
	tests := []struct {
		name   string
		lines  []string
		code   *Code
		cause  string
		fix    []string
		notFix string
	}{
		{"tilde cut the folder", []string{line}, &Code{Start: "cd app && ./server", DeployFiles: []string{"app/~"}, Outputs: []string{"app/server"}},
			"`cd app`", []string{"Drop `cd app &&` from `run.start`", "`./server`", "`app` without `~`"}, "name a file the build produces"},
		{"folder not deployed, the file elsewhere", []string{line}, &Code{Start: "cd app && ./server", DeployFiles: []string{"bin/~"}, Outputs: []string{"bin/server"}},
			"`cd app`", []string{"Drop `cd app &&` from `run.start`", "`./server`", "/var/www/server"}, "name a file the build produces"},
		{"folder not deployed, nothing known", []string{line}, &Code{Start: "cd app && node index.js", DeployFiles: []string{"dist"}},
			"`cd app`", []string{"`app`", "`build.deployFiles`", "relative to /var/www"}, "name a file the build produces"},
		{"no code read", []string{"App version x: /bin/sh: cd: line 1: can't cd to src/api: No such file or directory"}, nil,
			"`cd src/api`", []string{"`src/api`", "`build.deployFiles`", "relative to /var/www"}, "name a file the build produces"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith(tt.lines, Runtime, Options{Code: tt.code})
			if len(ds) == 0 || ds[0].Signal != "start-file-missing" {
				t.Fatalf("diagnoses %v, want start-file-missing first", ds)
			}
			d := ds[0]
			if !strings.Contains(d.Cause, tt.cause) || !strings.Contains(d.Cause, "/var/www") {
				t.Errorf("cause %q lacks %q and /var/www", d.Cause, tt.cause)
			}
			for _, w := range tt.fix {
				if !strings.Contains(d.Fix, w) {
					t.Errorf("fix %q lacks %q", d.Fix, w)
				}
			}
			if strings.Contains(d.Fix, tt.notFix) {
				t.Errorf("fix %q is the generic one", d.Fix)
			}
		})
	}
}
