package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// mv takes its source away (a start naming it fails, the copy serves);
// ln links a target that is there (a symbolic link read from its folder);
// cp -t copies into the folder it names (walk 12: mv left the source in
// place, ln and cp -t were not followed).
func TestBuild_MoveLinkAndTargetDirectory(t *testing.T) {
	t.Parallel()
	server := "require('node:http').createServer().listen(3000)\n"
	tests := []struct {
		name     string
		commands []string
		deploy   []string
		start    string
		failure  string // the build's failure; "": it passes
		crash    bool   // the start fails
	}{
		{"mv leaves no source", []string{"mv server.js app.js"}, []string{"./"}, "node server.js", "", true},
		{"mv makes the target", []string{"mv server.js app.js"}, []string{"./"}, "node app.js", "", false},
		{"mv into a folder", []string{"mkdir -p dist", "mv server.js dist/"}, []string{"dist"}, "node dist/server.js", "", false},
		{"mv of a folder leaves none", []string{"mv src lib"}, []string{"src"}, "node src/server.js", "ERROR: deployFiles: \"src\" does not exist", false},
		{"cp keeps the source", []string{"cp server.js app.js"}, []string{"./"}, "node server.js", "", false},
		{"cp -t copies into the folder", []string{"mkdir -p dist", "cp -t dist server.js"}, []string{"dist"}, "node dist/server.js", "", false},
		{"cp -t with a missing source", []string{"mkdir -p dist", "cp -t dist main.js"}, []string{"dist"}, "node dist/main.js", "build command failed", false},
		{"a symbolic link to a file there", []string{"mkdir -p out", "ln -s ../server.js out/main.js"}, []string{"./"}, "node out/main.js", "", false},
		{"a link into a folder", []string{"mkdir -p out", "ln server.js out/"}, []string{"out"}, "node out/server.js", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: tt.commands, DeployFiles: tt.deploy, RunBase: "nodejs@22", Start: tt.start,
				Ports: []appsim.Port{{Port: 3000, HTTP: true}}}
			up := files(map[string]string{"server.js": server, "src/server.js": server, "package.json": "{}"})
			res := appsim.Build(&d, up, fixedTime)
			if (tt.failure == "") != (res.Failure == "") || !strings.Contains(res.Failure, tt.failure) {
				t.Fatalf("failure %q, want %q; lines %v", res.Failure, tt.failure, res.Lines)
			}
			if res.Failure != "" {
				return
			}
			for p := range res.Removed {
				up.Remove(p)
			}
			run := appsim.Run(&d, up, &res, d.RunBase, appsim.Env{Vars: map[string]string{}}, "seed")
			if (run.Crash != nil) != tt.crash {
				t.Errorf("crash %v, want a crash %v", run.Crash, tt.crash)
			}
			if !tt.crash && (!run.Answers(3000) || run.Assumed) {
				t.Errorf("the app does not answer on 3000 as its source says: %+v", run)
			}
		})
	}
}
