package appsim_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// http-server (npm's static file server) listens on every address at port
// 8080 unless -a, -p/--port or PORT say otherwise.
func TestRun_HTTPServer(t *testing.T) {
	t.Parallel()
	up := map[string]string{"package.json": `{"dependencies": {"http-server": "^14"}}`, "node_modules/http-server/package.json": "{}",
		"public/index.html": "<h1>ok</h1>"}
	tests := []struct {
		name    string
		start   string
		env     map[string]string
		port    int
		answers bool
	}{
		{"its default port", "npx http-server public", nil, 8080, true},
		{"its default port, another declared", "npx http-server public", nil, 3000, false},
		{"-p", "npx http-server public -p 3000", nil, 3000, true},
		{"--port", "npx http-server public --port 3000", nil, 3000, true},
		{"PORT", "npx http-server public", map[string]string{"PORT": "3000"}, 3000, true},
		{"-a localhost", "npx http-server public -a 127.0.0.1", nil, 8080, false},
		{"through bunx, npx's record", "bunx http-server public -p 3000", nil, 3000, true},
		{"npx -y", "npx -y http-server public --port 3000", nil, 3000, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := &appsim.Setup{Start: tt.start, RunBase: "nodejs@22", Ports: []appsim.Port{{Port: tt.port, HTTP: true}}}
			got := appsim.Run(d, files(up), nil, d.RunBase, appsim.Env{Vars: tt.env}, "seed")
			if got.Answers(tt.port) != tt.answers || len(got.Unchecked) > 0 || got.Crash != nil {
				t.Errorf("answers %d = %v (listens %v, unchecked %v, crash %v), want %v", tt.port, got.Answers(tt.port), got.Listens, got.Unchecked, got.Crash, tt.answers)
			}
		})
	}
}
