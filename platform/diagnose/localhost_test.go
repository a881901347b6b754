package diagnose

import (
	"strings"
	"testing"
)

// TestClassifyWith_LocalhostFixNamesTheServersOwnBind checks that a
// listening-on-localhost diagnosis whose line is a known server's own gives
// that server's bind with the port to use (the declared one when known, else
// the one in the line), and that a line naming no server keeps the general fix.
func TestClassifyWith_LocalhostFixNamesTheServersOwnBind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		line  string
		ports []int
		want  []string
		not   string
	}{
		{"gunicorn", "[2025-01-01 10:00:00 +0000] [1] [INFO] Listening at: http://127.0.0.1:8000 (1)", nil,
			[]string{"gunicorn --bind 0.0.0.0:8000 app:app", "reads no HOST"}, "Node"},
		{"gunicorn declared port", "[2025-01-01 10:00:00 +0000] [1] [INFO] Listening at: http://127.0.0.1:8000 (1)", []int{5000},
			[]string{"--bind 0.0.0.0:5000"}, "0.0.0.0:8000"},
		{"uvicorn", "INFO:     Uvicorn running on http://127.0.0.1:8080 (Press CTRL+C to quit)", nil,
			[]string{"--host 0.0.0.0 --port 8080", "uvicorn"}, "gunicorn"},
		{"flask", " * Running on http://127.0.0.1:5000", nil,
			[]string{`app.run(host="0.0.0.0")`, "flask run --host 0.0.0.0 --port 5000", "reads no HOST"}, "Node"},
		{"aspnet", "      Now listening on: http://localhost:5000", []int{8080},
			[]string{"ASPNETCORE_URLS=http://0.0.0.0:8080", "zerops_env action=set", "no deploy"}, "Flask"},
		{"vite", "  ➜  Network: use --host to expose", []int{4173},
			[]string{"--host 0.0.0.0 --port 4173"}, "Flask"},
		{"puma", "* Listening on http://127.0.0.1:3000", nil,
			[]string{"-b tcp://0.0.0.0:3000", "rails server -b 0.0.0.0 -p 3000"}, "Flask"},
		{"artisan", "   INFO  Server running on [http://127.0.0.1:8000].", nil,
			[]string{"--host=0.0.0.0 --port=8000"}, "Flask"},
		{"no server named", "Listening on 127.0.0.1:3000", nil,
			[]string{"Bind to 0.0.0.0", "HOST=0.0.0.0", `listen(port, "0.0.0.0")`}, "Puma"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{tt.line}, Runtime, Options{Ports: tt.ports})
			if len(ds) == 0 || ds[0].Signal != "listening-on-localhost" {
				t.Fatalf("diagnoses %v, want listening-on-localhost", signalIDs(ds))
			}
			for _, w := range tt.want {
				if !strings.Contains(ds[0].Fix, w) {
					t.Errorf("fix %q lacks %q", ds[0].Fix, w)
				}
			}
			if then := ds[0].FixThenDeploy(); strings.Contains(then, ",;") || strings.Contains(then, ",.") || strings.Contains(then, "..") {
				t.Errorf("fix then deploy %q has stray punctuation", then)
			}
			if strings.Contains(ds[0].Fix, tt.not) || strings.Contains(ds[0].Fix, "deploy again") {
				t.Errorf("fix %q has %q or a deploy of its own (the next step adds it)", ds[0].Fix, tt.not)
			}
			if envOnly := tt.name == "aspnet"; ds[0].NeedsDeploy() == envOnly {
				t.Errorf("NeedsDeploy = %v, want %v", ds[0].NeedsDeploy(), !envOnly)
			}
		})
	}
}
