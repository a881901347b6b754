package fakeapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// Each form of a deployFiles entry deploys the same files the build found
// for it: a glob deploys its matches at their paths (and fails the build
// when nothing matches), a ~ deploys what follows it without the path
// before it, with or without a trailing slash.
func TestDeployFiles_BuildAndRunAgree(t *testing.T) {
	t.Parallel()
	const server = "const http = require('node:http');\nhttp.createServer((q, s) => s.end('ok')).listen(3000);\n"
	yml := func(buildCommands, deployFiles, start string) string {
		return "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands: " + buildCommands +
			"\n      deployFiles: " + deployFiles + "\n    run:\n      base: nodejs@22\n      start: " + start +
			"\n      ports: [{port: 3000, httpSupport: true}]\n"
	}
	tests := []struct {
		name   string
		files  map[string]string
		status string // of the stack.build process
		code   int    // GET :3000 when FINISHED
		want   []string
	}{
		{"GlobDeploysItsMatches", map[string]string{"zerops.yml": yml("[]", "./src/*.js", "node src/server.js"), "src/server.js": server},
			"FINISHED", http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		{"GlobInAList", map[string]string{"zerops.yml": yml("[]", "[package.json, 'src/*.js']", "node src/server.js"), "src/server.js": server, "package.json": "{}"},
			"FINISHED", http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		{"GlobDeploysOnlyItsMatches", map[string]string{"zerops.yml": yml("[]", "./src/*.json", "node src/server.js"), "src/server.js": server, "src/config.json": "{}"},
			"FINISHED", http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/src/server.js'"}},
		{"GlobOverMadeFiles", map[string]string{"zerops.yml": yml("['mkdir dist && cp src/server.js dist/']", "dist/*.js", "node dist/server.js"), "src/server.js": server},
			"FINISHED", http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		// A folder mkdir made holds nothing until a command puts something there.
		{"GlobOverAnEmptyMadeFolder", map[string]string{"zerops.yml": yml("[mkdir dist]", "dist/*.js", "node dist/server.js")},
			"FAILED", 0, nil},
		{"GlobMatchingNothing", map[string]string{"zerops.yml": yml("[]", "./lib/*.js", "node lib/server.js"), "src/server.js": server},
			"FAILED", 0, nil},
		{"TildeWithTrailingSlash", map[string]string{"zerops.yml": yml("[]", "./dist/~/", "node server.js"), "dist/server.js": server},
			"FINISHED", http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		{"TildeInTheMiddle", map[string]string{"zerops.yml": yml("[]", "./build/~/app", "node app/server.js"), "build/app/server.js": server},
			"FINISHED", http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		{"TildeBeforeAName", map[string]string{"zerops.yml": yml("[]", "[./src/~server, package.json]", "node server/index.js"), "src/server/index.js": server, "package.json": "{}"},
			"FINISHED", http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		{"TildeBeforeANameNotAbove", map[string]string{"zerops.yml": yml("[]", "./src/~server", "node src/server/index.js"), "src/server/index.js": server},
			"FINISHED", http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/src/server/index.js'"}},
		{"TildeBeforeAMadeFile", map[string]string{"zerops.yml": yml("[mkdir -p out/bin, cp server.js out/bin/web]", "./out/bin/~web", "node web"), "server.js": server},
			"FINISHED", http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		{"TildeMatchingFolders", map[string]string{"zerops.yml": yml("[]", "[./packages/~/dist, package.json]", "node dist/index.js"), "packages/api/dist/index.js": server, "package.json": "{}"},
			"FINISHED", http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		{"TildeMatchingNoFolders", map[string]string{"zerops.yml": yml("[]", "./packages/~/dist", "node dist/index.js"), "packages/api/lib/index.js": server},
			"FAILED", 0, nil},
		// A build command whose outputs are unknown (a script the sandbox cannot
		// read) may have made what deployFiles names, not what it leaves out.
		{"UnknownBuildMayMakeTheStartFile", map[string]string{"zerops.yml": yml("[npm ci, npm run build]", "[dist, node_modules, package.json]", "node dist/main.js"),
			"package.json": `{"scripts":{"build":"node build.mjs"}}`, "package-lock.json": "{}", "build.mjs": "await bundle()\n"},
			"FINISHED", http.StatusOK, []string{"not checked: where the app listens"}},
		{"UnknownBuildDeploysOnlyWhatItNames", map[string]string{"zerops.yml": yml("[npm ci, npm run build]", "[dist, node_modules]", "node server.js"),
			"package.json": `{"scripts":{"build":"nest build"}}`, "package-lock.json": "{}", "nest-cli.json": "{}", "server.js": server},
			"FINISHED", http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/server.js'"}},
		{"TildeInTheMiddleNotAbove", map[string]string{"zerops.yml": yml("[]", "./build/~/app", "node build/app/server.js"), "build/app/server.js": server},
			"FINISHED", http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/build/app/server.js'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			stage := srv.ServiceID("appstage")
			av, p := pushFiles(t, h, stage, "appstage", tt.files)
			if string(p.Status) != tt.status {
				t.Fatalf("build ended %s, want %s:\n%s", p.Status, tt.status, strings.Join(buildLines(t, srv, h, string(av.Id)), "\n"))
			}
			if tt.status != "FINISHED" {
				if build := strings.Join(buildLines(t, srv, h, string(av.Id)), "\n"); !strings.Contains(build, "ERROR: deployFiles:") {
					t.Errorf("build log lacks the deployFiles failure:\n%s", build)
				}
				return
			}
			runtimeLog(t, h, srv.ProjectID(), stage, tt.want)
			if code, b := probe(t, srv, "appstage", 3000, "/"); code != tt.code {
				t.Errorf("GET appstage:3000 = %d %q, want %d", code, b, tt.code)
			}
		})
	}
}
