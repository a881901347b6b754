package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// sandboxMistakes are the ways a user breaks demoApp that the sandbox fails
// on (README "what you wrote"), each with the signal its deploy must name
// and the change its fix asks for.
var sandboxMistakes = []struct {
	name        string
	broken, fix map[string]string
	verdict     string
	signal      string
}{
	{
		name:    "broken build",
		broken:  map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: [npm ci, npm run biuld]")},
		fix:     map[string]string{"zerops.yml": demoZeropsYml},
		verdict: string(platform.VerdictBuildFailed), signal: "npm-missing-script",
	},
	{
		name:    "missing start file",
		broken:  map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node server.js")},
		fix:     map[string]string{"zerops.yml": demoZeropsYml},
		verdict: string(platform.VerdictNotAnswering), signal: "start-file-missing",
	},
	{
		// The start runs in sh from /var/www: `cd dist` moves it there.
		name:    "start in a directory without the entry",
		broken:  map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: cd dist && node index.js")},
		fix:     map[string]string{"dist/index.js": demoApp["index.js"]},
		verdict: string(platform.VerdictNotAnswering), signal: "start-file-missing",
	},
	{
		// Each of run.startCommands is judged as run.start is.
		name: "start command naming a missing file",
		broken: map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
			"startCommands: [{command: node server.js, name: web}]")},
		fix: map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
			"startCommands: [{command: node index.js, name: web}]")},
		verdict: string(platform.VerdictNotAnswering), signal: "start-file-missing",
	},
	{
		// Issue 34's walk: Node names a relative module it cannot find as
		// written, with its require stack: a module, not the start file.
		name:    "a relative module not deployed",
		broken:  map[string]string{"index.js": "require('./missing');\n" + demoApp["index.js"]},
		fix:     map[string]string{"index.js": demoApp["index.js"]},
		verdict: string(platform.VerdictNotAnswering), signal: "module-not-found-at-runtime",
	},
	{
		name: "wrong port",
		broken: map[string]string{"index.js": "const http = require('node:http');\n" +
			"http.createServer((req, res) => res.end('ok')).listen(8080, '0.0.0.0');\n"},
		fix:     map[string]string{"index.js": demoApp["index.js"]},
		verdict: string(platform.VerdictNotAnswering), signal: "wrong-port",
	},
	{
		name: "bound to localhost",
		broken: map[string]string{"index.js": "const http = require('node:http');\n" +
			"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
		fix:     map[string]string{"index.js": demoApp["index.js"]},
		verdict: string(platform.VerdictNotAnswering), signal: "listening-on-localhost",
	},
	{
		// The start line's --host 0.0.0.0 is no sign of where the app listens.
		name: "bound to localhost despite a host flag",
		broken: map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js --host 0.0.0.0"),
			"index.js": "const http = require('node:http');\n" +
				"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
		fix:     map[string]string{"index.js": demoApp["index.js"]},
		verdict: string(platform.VerdictNotAnswering), signal: "listening-on-localhost",
	},
	{
		name: "reference to a missing service",
		broken: map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
			"start: node index.js\n      envVariables:\n        DATABASE_URL: ${database_connectionString}")},
		fix: map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
			"start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}")},
		verdict: string(platform.VerdictNotAnswering), signal: "host-not-found",
	},
}

// Each sandbox failure rule end to end through MCP: a deploy with progress
// ends in the verdict naming the signal, and once the fix is applied the
// next deploy's verdict is live.
func TestDeploy_SandboxMistakesEndInVerdicts(t *testing.T) {
	t.Parallel()
	for _, tt := range sandboxMistakes {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			writeApp(t, h.workDir(t), tt.broken)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
			if tt.verdict == string(platform.VerdictBuildFailed) {
				wantError(t, res, m, platform.ErrBuildFailed)
			} else {
				wantOK(t, res)
			}
			diags := m["diagnoses"]
			if check, ok := m["check"].(map[string]any); ok {
				diags = check["diagnoses"]
			}
			first := firstDiagnosis(diags)
			if m["verdict"] != tt.verdict || first["signal"] != tt.signal || !strings.HasPrefix(first["doc"], "zerops://docs/") {
				t.Fatalf("verdict %v, first diagnosis %v; want %s naming %s with a doc:\n%s", m["verdict"], first, tt.verdict, tt.signal, text(res))
			}
			// The fix once: a diagnosis leaves out the fix the next step
			// (or the error's suggestion) states.
			if _, stated := first["fix"]; stated {
				t.Errorf("the next step is not the diagnosis' fix, or the fix is said twice: %s", text(res))
			}

			writeApp(t, h.workDir(t), tt.fix)
			res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed")
			wantOK(t, res)
			if check, _ := m["check"].(map[string]any); m["verdict"] != string(platform.VerdictLive) || check["httpStatus"] != 200.0 {
				t.Fatalf("after the fix the verdict is %v, want live: %s", m["verdict"], text(res))
			}
		})
	}
}

// firstDiagnosis is the first of a JSON diagnoses list, as strings.
func firstDiagnosis(v any) map[string]string {
	list, _ := v.([]any)
	out := map[string]string{}
	if len(list) == 0 {
		return out
	}
	d, _ := list[0].(map[string]any)
	for k, v := range d {
		out[k], _ = v.(string)
	}
	return out
}

// An app whose port the sandbox cannot read is never called live: the
// deploy's verdict and zerops_verify answer unverified, naming what was not
// checked and that on the platform the HTTP probe decides.
func TestDeploy_SandboxUnreadablePortIsUnverified(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{
		"config.json": `{"port": 3000}` + "\n",
		"index.js": "const cfg = require('./config.json');\n" +
			"require('node:http').createServer((req, res) => res.end('ok')).listen(cfg.port);\n",
	})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "deploy")
	wantOK(t, res)
	check, _ := m["check"].(map[string]any)
	reason, _ := check["reason"].(string)
	if m["verdict"] != string(platform.VerdictUnverified) || !strings.Contains(reason, "node index.js") || !strings.Contains(reason, "HTTP probe decides") {
		t.Fatalf("verdict %v (%q), want unverified naming the start command and the probe: %s", m["verdict"], reason, text(res))
	}
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if m["verdict"] != "unverified" {
		t.Fatalf("zerops_verify answered %v, want unverified: %s", m["verdict"], text(res))
	}
	// Its next step is not the call just made (walk 7: "on Zerops,
	// zerops_verify serviceHostname=web tells whether it is live"), which
	// answers the same here.
	if next := str(m["next"]); strings.Contains(next, "zerops_verify") {
		t.Errorf("zerops_verify's next %q names zerops_verify again", next)
	}
}

// An app started with a reference to a variable its service lacks gets the
// reference's text for a value: whether it needs it is in its code, which
// the sandbox does not read, so the verdict is unverified, naming it.
func TestDeploy_SandboxUnresolvedReferenceIsUnverified(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, ref string }{
		{"a key the service lacks", "${db_connectionURL}"},
		// Hostnames are lowercase: ${DB_connectionString} names no
		// service and stays the literal text (walk 11 answered live).
		{"an upper-case hostname", "${DB_connectionString}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
				"start: node index.js\n      envVariables:\n        DATABASE_URL: "+tc.ref)})
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "deploy")
			wantOK(t, res)
			check, _ := m["check"].(map[string]any)
			reason, _ := check["reason"].(string)
			if m["verdict"] != string(platform.VerdictUnverified) || !strings.Contains(reason, "DATABASE_URL holds "+tc.ref) {
				t.Fatalf("verdict %v (%q), want unverified naming the variable and its reference: %s", m["verdict"], reason, text(res))
			}
		})
	}
}
