package mcp_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// madeUp is a <value> in an answer: nothing an agent can write as it is.
var madeUp = regexp.MustCompile(`<[a-z][a-z ]*>`)

// TestLogs_PortFixNamesTheDeclaredPort: a `$PORT` left unset in run.start
// is diagnosed from the logs of the service and of the whole project alike,
// and the fix sets PORT to the port the service declares, no <port> for the
// agent to make up (issue 34 walk).
func TestLogs_PortFixNamesTheDeclaredPort(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"main.py": "app = object()\n", "zerops.yml": "zerops:\n  - setup: appstage\n" +
		"    build:\n      base: python@3.12\n      deployFiles: ./\n" +
		"    run:\n      base: python@3.12\n      prepareCommands: [python3 -m pip install fastapi uvicorn]\n" +
		"      ports: [{port: 8000, httpSupport: true}]\n      start: uvicorn main:app --host 0.0.0.0 --port $PORT\n"})
	h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "unset")
	for _, call := range []map[string]any{{"serviceHostname": "appstage"}, {}} {
		res, m := h.call(t, "zerops_logs", call)
		wantOK(t, res)
		if next := str(m["next"]); !strings.Contains(next, "start-command-invalid") || !strings.Contains(next, `PORT: "8000"`) {
			t.Errorf("logs %v: next %q, want the unset PORT set to the declared 8000", call, next)
		}
		if bad := madeUp.FindAllString(text(res), -1); len(bad) > 0 {
			t.Errorf("logs %v answers placeholders %v: %s", call, bad, text(res))
		}
	}
}
