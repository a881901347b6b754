package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A `$PORT` in run.start with PORT set nowhere expands to nothing: uvicorn
// stops with its usage error, the deploy names an invalid start and the
// fix sets PORT; once PORT is in run.envVariables the deploy is live.
func TestSandbox_UnsetPortInStartNamesPort(t *testing.T) {
	t.Parallel()
	yml := func(env string) string {
		return "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      deployFiles: ./\n" +
			"    run:\n      base: python@3.12\n      prepareCommands: [python3 -m pip install fastapi uvicorn]\n      ports: [{port: 8000, httpSupport: true}]\n" +
			"      start: uvicorn main:app --host 0.0.0.0 --port $PORT\n" + env
	}
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml(""), "main.py": "app = object()\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "unset")
	check, _ := m["check"].(map[string]any)
	first := firstDiagnosis(check["diagnoses"])
	if next, _ := m["next"].(string); m["verdict"] != "not-answering" || first["signal"] != "start-command-invalid" || !strings.Contains(next, "`$PORT`") {
		t.Fatalf("verdict %v, first diagnosis %v; want not-answering, start-command-invalid naming $PORT: %s", m["verdict"], first, text(res))
	}
	// The options are right: only the variable giving --port its value is
	// missing, so neither the cause nor the fix sends to other options.
	if answer := first["cause"] + " " + str(m["next"]); strings.Contains(answer, "does not accept") || strings.Contains(answer, "Correct `run.start` to options") ||
		strings.Contains(answer, "gunicorn") || !strings.Contains(answer, `PORT: "8000"`) {
		t.Errorf("cause %q, next %q: want the unset PORT set to 8000, not other options", first["cause"], m["next"])
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml("      envVariables:\n        PORT: \"8000\"\n")})
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "set")
	if m["verdict"] != "live" {
		t.Fatalf("with PORT set the verdict is %v, want live: %s", m["verdict"], text(res))
	}
}

// An app that listens on PORT, unset and without a fallback, gets a port
// the system picks anew at each start: the deploy's fix sets PORT and
// never offers to declare that port in run.ports.
func TestSandbox_EphemeralPortFixSetsPort(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), map[string]string{"index.js": "const http = require('node:http');\n" +
		"http.createServer((req, res) => res.end('ok')).listen(process.env.PORT);\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "noport")
	check, _ := m["check"].(map[string]any)
	first := firstDiagnosis(check["diagnoses"])
	next, _ := m["next"].(string)
	if m["verdict"] != "not-answering" || first["signal"] != "wrong-port" || !strings.Contains(next, `PORT: "3000"`) ||
		strings.Contains(next, "`run.ports` to") || strings.Contains(next, "hardcoded") {
		t.Fatalf("verdict %v, first diagnosis %v; want wrong-port setting PORT, no run.ports change: %s", m["verdict"], first, text(res))
	}
}

// A server sent to the background (`node index.js &`) leaves the start
// command nothing to wait for: it ends with status 0 and is started again.
// The answer names that, not a bind or a port; in the foreground it is live.
func TestSandbox_BackgroundedStartNamesForeground(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js &")})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "bg")
	if next, _ := m["next"].(string); m["verdict"] != "not-answering" || !strings.Contains(next, "foreground") || strings.Contains(next, "names no cause") {
		t.Fatalf("verdict %v; want not-answering naming the foreground: %s", m["verdict"], text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": demoZeropsYml})
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fg")
	if m["verdict"] != "live" {
		t.Fatalf("in the foreground the verdict is %v, want live: %s", m["verdict"], text(res))
	}
}

// A start with an option its server does not take (`gunicorn --host`)
// gets the options it takes, and no PORT variable: none is missing there
// (issue 34 walk: the fix offered `PORT: "8000"` beside --bind).
func TestSandbox_UnknownStartOptionSetsNoPort(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	yml := func(start string) string {
		return "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      deployFiles: ./\n" +
			"    run:\n      base: python@3.12\n      prepareCommands: [python3 -m pip install flask gunicorn]\n      ports: [{port: 8000, httpSupport: true}]\n" +
			"      start: " + start + "\n"
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml("gunicorn --host 0.0.0.0 --port 8000 app:app"),
		"app.py": "from flask import Flask\napp = Flask(__name__)\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "host")
	check, _ := m["check"].(map[string]any)
	first := firstDiagnosis(check["diagnoses"])
	next := str(m["next"])
	if m["verdict"] != "not-answering" || first["signal"] != "start-command-invalid" || !strings.Contains(next, "--bind 0.0.0.0:8000") {
		t.Fatalf("verdict %v, first diagnosis %v; want not-answering, start-command-invalid naming --bind: %s", m["verdict"], first, text(res))
	}
	if strings.Contains(next, "$PORT") || strings.Contains(next, `PORT: "8000"`) {
		t.Errorf("next sets a PORT variable no option lacks: %s", next)
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml("gunicorn --bind 0.0.0.0:8000 app:app")})
	if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "bind"); m["verdict"] != "live" {
		t.Fatalf("with --bind the verdict is %v, want live: %s", m["verdict"], text(res))
	}
}
