package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// An unverified deploy whose reason names an install without sudo and
// what to do if the log shows the permission lines (the proxydb recipe's
// apt-get in run.prepareCommands on Ubuntu) also listed the zerops.yml
// warning saying the same, and its next step told the agent to fix that
// warning before the next deploy, which the reason makes conditional on
// the real log: the fix twice (walk 18). The reason states it once.
func TestDeploy_UnsudoReasonStatesItsWarningOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := strings.Replace(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      os: ubuntu\n      prepareCommands: ['apt-get update && apt-get install -y mariadb-client']", 1)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "unsudo18")
	answer := text(res)
	check, _ := m["check"].(map[string]any)
	if m["verdict"] != "unverified" || !strings.Contains(str(check["reason"]), "prefix sudo") {
		t.Fatalf("verdict %v, want unverified naming the install: %s", m["verdict"], answer)
	}
	if ws, _ := m["warnings"].([]any); len(ws) > 0 {
		t.Errorf("warnings %v restate the reason's install without sudo", ws)
	}
	if strings.Contains(str(m["next"]), "warning") {
		t.Errorf("next %q tells to fix a warning the reason already states", m["next"])
	}
}

// A deploy failing for a cause its diagnosis names (the app bound to
// 127.0.0.1) with an install without sudo in run.prepareCommands told the
// agent to fix that warning first, deploy again and only "if it still
// fails" bind 0.0.0.0: an install that ran, its permission lines not in the
// log, is not why the app does not answer, so the diagnosed fix comes first
// and the deploy it costs is not spent on a maybe (walk 18, proxydb).
func TestDeploy_UnsudoWarningIsNotTheDiagnosedCause(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := strings.Replace(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      os: ubuntu\n      prepareCommands: ['apt-get update && apt-get install -y mariadb-client']", 1)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "index.js": "const http = require('node:http');\n" +
		"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "unsudo18b")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "0.0.0.0") {
		t.Fatalf("verdict %v, next %q; want not-answering binding 0.0.0.0: %s", m["verdict"], next, text(res))
	}
	if strings.Contains(next, "if it still fails") || strings.Contains(next, "warning") && strings.Index(next, "warning") < strings.Index(next, "0.0.0.0") {
		t.Errorf("next %q puts the sudo warning before the diagnosed fix", next)
	}
}

// A deploy failing as its diagnosis names (a variable referencing a service
// the project lacks, ENOTFOUND) with an unrelated warning (a variable
// referencing itself) told the agent to fix the warning first, deploy
// again and only "if it still fails" fix the reference, which fails for
// certain: a deploy spent (walk 18, adonisjs-postgres-api).
func TestDeploy_UnrelatedWarningIsNotPutBeforeAMissingHost(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := strings.Replace(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        APP_KEY: ${APP_KEY}\n        PG_HOST: ${database_hostname}", 1)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml,
		"package.json":      `{"name": "demo", "version": "1.0.0", "dependencies": {"pg": "^8.11.0"}}` + "\n",
		"package-lock.json": `{"name": "demo", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "demo", "version": "1.0.0", "dependencies": {"pg": "^8.11.0"}}, "node_modules/pg": {"version": "8.11.0"}}}` + "\n",
		"index.js": "const http = require('node:http');\n" +
			"const { Client } = require('pg');\nconst db = new Client({ host: process.env.PG_HOST }); db.connect().then(() => {\n" +
			"  http.createServer((req, res) => res.end('ok')).listen(3000, '0.0.0.0');\n});\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "host18")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "${db_hostname}") {
		t.Fatalf("verdict %v, next %q; want not-answering naming ${db_hostname}: %s", m["verdict"], next, text(res))
	}
	if strings.Contains(next, "if it still fails") {
		t.Errorf("next %q puts an unrelated warning before the diagnosed fix", next)
	}
}

// A zerops.yml in the format before zerops: for a service of the project
// (the es-php-basic recipe's recipeesphp, a php-apache@8.1 service) was told
// to add run.base "(… php-nginx@8.4 for PHP)", which the next validation
// then warned is another runtime than the service's: the fix names the
// service's own type when the project has it (walk 18).
func TestValidate_LegacySetupNamesTheServiceType(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "appstage:\n  build:\n    base: [nodejs@22]\n    build:\n      - npm ci\n    deploy: ['./']\n  run:\n    start: node index.js\n"
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	answer := text(res)
	if !strings.Contains(answer, "run.base: nodejs@22") || strings.Contains(answer, "php-nginx@8.4") {
		t.Errorf("the legacy fix does not name appstage's type nodejs@22 as run.base alone: %s", answer)
	}
	if m["valid"] != false {
		t.Errorf("valid %v, want false for a setup the platform no longer reads", m["valid"])
	}
}
