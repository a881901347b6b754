package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// daphne and waitress-serve are started as their docs say (daphne binds
// 127.0.0.1:8000 unless -b/-p say otherwise, waitress-serve 0.0.0.0:8080
// unless --host/--port/--listen do); a Python server the sandbox does not
// model is unverified, naming it, whatever its flags look like (walk 10:
// `daphne -b 0.0.0.0 -p 8000 …` and `waitress-serve --listen=…` answered
// live from flags read as any command's).
func TestDeploy_PythonServersReadOrUnverified(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: python@3.12
      buildCommands:
        - pip install -r requirements.txt
      addToRunPrepare:
        - requirements.txt
      deployFiles:
        - app.py
        - proj
    run:
      base: python@3.12
      prepareCommands:
        - pip install -r requirements.txt
      ports:
        - port: 8000
          httpSupport: true
      start: %s
`
	tests := []struct {
		name, start, verdict string
		says                 []string // in the answer
		not                  []string // never in it
	}{
		{"DaphneBoundToLocalhost", "daphne -b 127.0.0.1 -p 8000 proj.asgi:application", "not-answering",
			[]string{"`-b 0.0.0.0` instead of `-b 127.0.0.1`"}, nil},
		{"DaphneDefaultBind", "daphne proj.asgi:application", "not-answering", []string{"interface=127.0.0.1", "daphne binds 127.0.0.1", "`-b 0.0.0.0 -p 8000`"}, nil},
		{"DaphneEveryAddress", "daphne -b 0.0.0.0 -p 8000 proj.asgi:application", "live", nil, nil},
		{"WaitressDefaultPort", "waitress-serve app:app", "not-answering", []string{"Serving on http://0.0.0.0:8080", "`--port=8000`"}, nil},
		{"WaitressListen", "waitress-serve --listen=0.0.0.0:8000 app:app", "live", nil, nil},
		{"WaitressModuleMissing", "waitress-serve --port=8000 web:app", "not-answering", []string{"Bad module 'web'", "No module named 'web'"}, nil},
		{"GranianNotModelled", "granian --interface asgi --host 0.0.0.0 --port 8000 app:app", "unverified",
			[]string{"does not model `granian`"}, []string{"Listening on 0.0.0.0"}},
		// Walk 12: the sandbox printed "Listening on 0.0.0.0:8000" for a
		// server it did not read; without that line the flag became a
		// localhost diagnosis and `degraded` beside the sandbox's own 200.
		// It did not model the server: unverified, the flag a warning.
		{"UnknownServerOnLocalhost", "granian --interface asgi --host 127.0.0.1 --port 8000 app:app", "unverified",
			[]string{"does not model `granian`", "127.0.0.1:8000, which answers only inside the container"},
			[]string{"Listening on 0.0.0.0", "listening-on-localhost", "Write `--host 0.0.0.0`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			target, app, _ := h.matchingTarget(t, map[string]string{
				"zerops.yml":       strings.Replace(yml, "%s", tt.start, 1),
				"requirements.txt": "django==5.1\nchannels==4.1\ndaphne==4.1.2\nwaitress==3.0.0\ngranian==1.6.0\n",
				"app.py":           "def app(environ, start_response):\n    start_response('200 OK', [])\n    return [b'hi']\n",
				"proj/__init__.py": "",
				"proj/asgi.py":     "async def application(scope, receive, send):\n    pass\n",
			}, nil)
			h.ownApp(t, app)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": target}, "py")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			for _, w := range tt.says {
				if !strings.Contains(answer, w) {
					t.Errorf("the answer lacks %q: %s", w, answer)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(answer, w) {
					t.Errorf("the answer has %q: %s", w, answer)
				}
			}
			if tt.verdict != "unverified" {
				return
			}
			// Where the sandbox did not read the bind, the log never
			// shows a listener it did not check.
			res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": target})
			if logs := text(res); strings.Contains(logs, "Listening on") || !strings.Contains(logs, "not checked: where the app listens") {
				t.Errorf("the log shows a listener the sandbox did not read, or does not say it was not checked: %s", logs)
			}
		})
	}
}
