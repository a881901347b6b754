package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// A build that makes a folder and copies into it deploys what was copied,
// no more (walk 11: `mkdir dist && cp …` with `deployFiles: dist/~` took
// dist to hold any file): an empty dist, or one without the start's file,
// fails the start as the platform would; one with the file starts; cp of
// a path that does not exist fails the build as cp does.
func TestBuild_CopiesIntoAMadeFolderAreWhatItHolds(t *testing.T) {
	t.Parallel()
	server := "require('node:http').createServer((q, s) => s.end('ok')).listen(3000);\n"
	up := map[string]string{"server.js": server, "lib/app.js": server, "package.json": "{}"}
	tests := []struct {
		name     string
		commands []string
		start    string
		failure  string // a part of the build's failure; "": it passes
		crash    string // a part of the start's crash; "": it listens
	}{
		{"an empty folder", []string{"mkdir dist"}, "node server.js", "", "Cannot find module '/var/www/server.js'"},
		{"the start's file copied", []string{"mkdir dist && cp server.js dist/"}, "node server.js", "", ""},
		{"the start's file copied into a folder without a slash", []string{"mkdir -p dist", "cp server.js dist"}, "node server.js", "", ""},
		{"another file copied", []string{"mkdir dist && cp package.json dist/"}, "node server.js", "", "Cannot find module '/var/www/server.js'"},
		{"copied under a new name", []string{"mkdir dist && cp server.js dist/main.js"}, "node main.js", "", ""},
		{"copied under a new name, started by the old", []string{"mkdir dist && cp server.js dist/main.js"}, "node server.js", "", "Cannot find module '/var/www/server.js'"},
		{"a folder copied whole", []string{"mkdir dist", "cp -r lib dist/", "cp server.js dist/"}, "node lib/app.js", "", ""},
		{"a folder copied as the new one", []string{"cp -r lib dist"}, "node app.js", "", ""},
		{"a glob copied", []string{"mkdir dist && cp *.js dist/"}, "node server.js", "", ""},
		{"a source that is not there", []string{"mkdir dist && cp app.js dist/"}, "node server.js", "build command failed", ""},
		{"a folder without -r", []string{"mkdir dist && cp lib dist/"}, "node server.js", "build command failed", ""},
		{"an unknown command may fill it", []string{"mkdir dist", "some-generator --out dist"}, "node server.js", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: tt.commands, DeployFiles: []string{"dist/~"}, Start: tt.start, RunBase: "nodejs@22",
				Ports: []appsim.Port{{Port: 3000, HTTP: true}}}
			built := appsim.Build(&d, files(up), fixedTime)
			if (tt.failure == "") != (built.Failure == "") || !strings.Contains(built.Failure, tt.failure) {
				t.Fatalf("build failure %q, want %q; lines %v", built.Failure, tt.failure, built.Lines)
			}
			if built.Failure != "" {
				return
			}
			res := appsim.Run(&d, files(up), &built, d.RunBase, appsim.Env{Vars: map[string]string{}}, "seed")
			var crash []string
			for _, l := range res.Crash {
				crash = append(crash, l.Msg)
			}
			got := strings.Join(crash, "\n")
			if (tt.crash == "") != (res.Crash == nil) || !strings.Contains(got, tt.crash) {
				t.Errorf("crash %q, want %q (unchecked %v)", got, tt.crash, res.Unchecked)
			}
			// A copy of an uploaded file is that file: its start is read.
			if unread := len(res.Unchecked) > 0; tt.crash == "" && unread != strings.Contains(tt.name, "unknown") {
				t.Errorf("unchecked %v: a copied file is read, an unknown command's output is not", res.Unchecked)
			}
		})
	}
}
