package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The app an agent deploys in the sandbox: zerops.yml, package files and
// an entry listening on 0.0.0.0:3000.
const verdictYml = `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [npm ci, npm run build]
      deployFiles: ./
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node index.js
`

var verdictApp = map[string]string{
	"zerops.yml":        verdictYml,
	"package.json":      `{"name": "shop", "version": "1.0.0", "scripts": {"build": "echo built", "start": "node index.js"}}` + "\n",
	"package-lock.json": `{"name": "shop", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "shop", "version": "1.0.0"}}}` + "\n",
	"index.js":          "const http = require('node:http');\nhttp.createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n",
}

// dbReadingApp is verdictApp's server connecting, as it loads, to the host
// DATABASE_URL names (on the line that reads it).
var dbReadingApp = "const http = require('node:http');\nconst db = require('node:net').connect(5432, new URL(process.env.DATABASE_URL).hostname);\n" +
	"http.createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"

// TestBinary_SandboxMistakesEndInVerdicts is issue 21's acceptance as an
// agent meets it in `zcp sandbox`: a broken build, a missing start file, a
// wrong port and a reference to a missing service each end, within one
// deploy call with progress, in an answer naming the right signal and a fix;
// applied, the next deploy's verdict is live.
func TestBinary_SandboxMistakesEndInVerdicts(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	write := func(files map[string]string) {
		t.Helper()
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(work, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(verdictApp)
	cmd := exec.Command(zcpBin, "sandbox", "--process-duration", "1s", "--build-step", "150ms")
	cmd.Env, cmd.Dir = cleanEnv(), work
	var progress atomic.Int32
	client := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *sdk.ProgressNotificationClientRequest) { progress.Add(1) },
	})
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	session, err := client.Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to zcp sandbox: %v", err)
	}
	defer func() { _ = session.Close() }()

	deploy := func(token string) (bool, map[string]any) {
		t.Helper()
		params := &sdk.CallToolParams{Name: "zerops_deploy", Arguments: map[string]any{"sourceService": "appdev", "targetService": "appstage"}}
		params.SetProgressToken(token)
		res, err := session.CallTool(ctx, params)
		if err != nil {
			t.Fatalf("deploy %s: %v", token, err)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(contentText(res)), &m); err != nil {
			t.Fatalf("deploy %s answered no JSON: %s", token, contentText(res))
		}
		return res.IsError, m
	}
	mistakes := []struct {
		name        string
		broken, fix map[string]string
		verdict     string
		signal      string
	}{
		{"broken build", map[string]string{"zerops.yml": strings.Replace(verdictYml, "npm run build", "npm run biuld", 1)},
			map[string]string{"zerops.yml": verdictYml}, "build-failed", "npm-missing-script"},
		{"missing start file", map[string]string{"zerops.yml": strings.Replace(verdictYml, "node index.js", "node server.js", 1)},
			map[string]string{"zerops.yml": verdictYml}, "not-answering", "start-file-missing"},
		{"wrong port", map[string]string{"index.js": strings.Replace(verdictApp["index.js"], "3000", "8080", 1)},
			map[string]string{"index.js": verdictApp["index.js"]}, "not-answering", "wrong-port"},
		// The app connects with DATABASE_URL as it loads: a start that only
		// reads it is unverified, not failed (an unresolved reference stays
		// text, and reading it looks no host up).
		{"missing service", map[string]string{"index.js": dbReadingApp, "zerops.yml": strings.Replace(verdictYml, "start: node index.js",
			"start: node index.js\n      envVariables:\n        DATABASE_URL: ${database_connectionString}", 1)},
			map[string]string{"zerops.yml": strings.Replace(verdictYml, "start: node index.js",
				"start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}", 1)}, "not-answering", "host-not-found"},
		// The facts' pitfalls after the build: the version before keeps running.
		{"run.prepareCommands touching /var/www", map[string]string{"index.js": verdictApp["index.js"], "zerops.yml": strings.Replace(verdictYml, "    run:\n",
			"    run:\n      prepareCommands: ['cd /var/www && npm ci']\n", 1)},
			map[string]string{"zerops.yml": verdictYml}, "build-failed", "prepare-reads-deploy-files"},
		{"apt on alpine", map[string]string{"zerops.yml": strings.Replace(verdictYml, "    build:\n",
			"    build:\n      prepareCommands: [sudo apt-get install -y imagemagick]\n", 1)},
			map[string]string{"zerops.yml": verdictYml}, "build-failed", "prepare-command-failed"},
		// The platform's readiness check asks 127.0.0.1 inside the
		// container: it passes a localhost bind, which the balancer cannot reach.
		{"readiness check passes a localhost bind", map[string]string{"zerops.yml": strings.Replace(verdictYml, "    run:\n",
			"    deploy:\n      readinessCheck: {httpGet: {port: 3000, path: /}}\n    run:\n", 1),
			"index.js": strings.Replace(verdictApp["index.js"], "0.0.0.0", "127.0.0.1", 1)},
			map[string]string{"index.js": verdictApp["index.js"]}, "not-answering", "listening-on-localhost"},
		{"readiness check on a port nothing answers", map[string]string{"zerops.yml": strings.Replace(verdictYml, "    run:\n",
			"    deploy:\n      readinessCheck: {httpGet: {port: 3001, path: /}}\n    run:\n", 1)},
			map[string]string{"zerops.yml": verdictYml}, "deploy-failed", "readiness-check-failed"},
		// A failing init command fails the deploy on the platform.
		{"initCommands file missing", map[string]string{"zerops.yml": strings.Replace(verdictYml, "    run:\n",
			"    run:\n      initCommands: [node migrate.js]\n", 1)},
			map[string]string{"zerops.yml": verdictYml}, "deploy-failed", "init-command-failed"},
	}
	for _, mk := range mistakes {
		write(mk.broken)
		isErr, m := deploy(mk.name)
		diags := m["diagnoses"]
		if check, ok := m["check"].(map[string]any); ok {
			diags = check["diagnoses"]
		}
		list, _ := diags.([]any)
		var first map[string]any
		if len(list) > 0 {
			first, _ = list[0].(map[string]any)
		}
		fix := first["fix"] // stated once: in the next step (or suggestion) when there
		if fix == nil {
			fix = m["next"]
			if isErr {
				fix = m["suggestion"]
			}
		}
		if isErr != (mk.verdict == "build-failed" || mk.verdict == "deploy-failed") || m["verdict"] != mk.verdict || first["signal"] != mk.signal || fix == nil {
			t.Fatalf("%s: verdict %v, first diagnosis %v; want %s naming %s with a fix: %v", mk.name, m["verdict"], first, mk.verdict, mk.signal, m)
		}
		write(mk.fix)
		if isErr, m = deploy(mk.name + " fixed"); isErr || m["verdict"] != "live" {
			t.Fatalf("%s: after the fix the verdict is %v, want live: %v", mk.name, m["verdict"], m)
		}
	}
	if progress.Load() == 0 {
		t.Error("no progress notification in eight followed deploys")
	}
}
