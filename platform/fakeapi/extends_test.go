package fakeapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// A setup that extends another takes what it lacks from it, section by
// section and, within a section it has, key by key: the build's commands
// and deployFiles, the run's ports and start.
func TestBuild_ExtendsMergesTheExtendedSetup(t *testing.T) {
	t.Parallel()
	const dev = "zerops:\n  - setup: dev\n    build:\n      base: nodejs@22\n      buildCommands: [echo built]\n      deployFiles: ./\n" +
		"    run:\n      base: nodejs@22\n      ports: [{port: 3000, httpSupport: true}]\n      start: node server.js\n"
	const server = "const http = require('node:http');\nhttp.createServer((q, s) => s.end('ok')).listen(3000);\n"
	tests := []struct {
		name  string
		prod  string
		ports []int
		port  int // probed
		code  int
		want  []string
	}{
		{"RunKeysInherited", "  - setup: appstage\n    extends: dev\n    run:\n      envVariables: {MODE: prod}\n",
			[]int{3000}, 3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		{"WholeSectionsInherited", "  - setup: appstage\n    extends: dev\n",
			[]int{3000}, 3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}},
		{"OwnStartReplaces", "  - setup: appstage\n    extends: dev\n    run:\n      start: node dist/server.js\n",
			[]int{3000}, 3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/dist/server.js'"}},
		{"LaterParentOverEarlier", "  - setup: other\n    run:\n      start: node other.js\n  - setup: appstage\n    extends: [dev, other]\n",
			[]int{3000}, 3000, http.StatusBadGateway, []string{"Error: Cannot find module '/var/www/other.js'"}},
		{"OwnListReplaces", "  - setup: appstage\n    extends: dev\n    run:\n      ports: [{port: 8080, httpSupport: true}]\n",
			[]int{8080}, 8080, http.StatusBadGateway, []string{"Listening on 0.0.0.0:3000"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			stage := srv.ServiceID("appstage")
			av, p := pushFiles(t, h, stage, "appstage", map[string]string{"zerops.yml": dev + tt.prod, "server.js": server})
			if p.Status != "FINISHED" {
				t.Fatalf("build ended %s", p.Status)
			}
			var ports []int
			for _, p := range getService(t, h, stage).Ports {
				ports = append(ports, int(p.Port))
			}
			if len(ports) != len(tt.ports) || (len(ports) > 0 && ports[0] != tt.ports[0]) {
				t.Errorf("ports after the deploy = %v, want %v", ports, tt.ports)
			}
			runtimeLog(t, h, srv.ProjectID(), stage, tt.want)
			if build := strings.Join(buildLines(t, srv, h, string(av.Id)), "\n"); !strings.Contains(build, "$ echo built") {
				t.Errorf("build log lacks the extended setup's command:\n%s", build)
			}
			if code, b := probe(t, srv, "appstage", tt.port, "/"); code != tt.code {
				t.Errorf("GET appstage:%d = %d %q, want %d", tt.port, code, b, tt.code)
			}
		})
	}
}
