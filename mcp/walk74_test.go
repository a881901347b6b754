package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// walk74PgApp is walk 74's goal 4 app: express with pg's Pool made from
// DATABASE_URL as the file loads (a lazy connect: the sandbox cannot tell
// whether the start fails), and a zerops.yml whose DATABASE_URL is ref.
func walk74PgApp(ref string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm install\n      deployFiles:\n        - index.js\n        - node_modules\n        - package.json\n" +
			"    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      envVariables:\n        PORT: \"3000\"\n        DATABASE_URL: " + ref + "\n      start: node index.js\n",
		"index.js": "const express = require('express');\nconst { Pool } = require('pg');\nconst pool = new Pool({ connectionString: process.env.DATABASE_URL });\nconst app = express();\n" +
			"app.get('/', async (req, res) => { const r = await pool.query('select 1 as ok'); res.json({ ok: r.rows[0].ok }); });\napp.listen(process.env.PORT || 3000, '0.0.0.0');\n",
		"package.json": `{"name":"api","version":"1.0.0","main":"index.js","scripts":{"start":"node index.js"},"dependencies":{"express":"^4.19.2","pg":"^8.11.0"}}`,
	}
}

// TestDeploy_MissingServiceReferenceNamesItsFixWalk74: a DATABASE_URL
// referencing ${postgres_connectionString} where the project's database
// is db was unverified after the deploy and at verify alike, each next
// step "act on what the reason names", the deploy's pointing at verify:
// a loop, the fix only in the push's warning. Both steps now state the
// fix, keeping the key: ${db_connectionString} in zerops.yml.
func TestDeploy_MissingServiceReferenceNamesItsFixWalk74(t *testing.T) {
	t.Parallel()
	fix := "Fix it in zerops.yml's run.envVariables, then zerops_deploy: reference the project's postgresql service, keeping the key: ${db_connectionString}"
	runWalkCases(t, []deployCase{
		{name: "postgres for db", dir: "app", target: "appstage", files: walk74PgApp("${postgres_connectionString}"),
			verdict: "unverified", next: []string{fix}, verify: "unverified", lacks: []string{"act on what the reason names"},
			once: []string{"a service the project lacks, so a connection with it fails"}, says: []string{"check.reason names what the sandbox could not check"},
			then: []deployCase{{name: "the fix", files: walk74PgApp("${db_connectionString}"), verdict: "live"}}},
	})
}

// TestVerify_AllHealthyNamesEveryRuntime: verify of every runtime,
// all healthy, said "nothing to fix; appdev is live" of one (walk 74); the
// step names them all.
func TestVerify_AllHealthyNamesEveryRuntime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m = h.call(t, "zerops_verify", map[string]any{})
	if m["verdict"] != string(platform.VerdictHealthy) {
		t.Fatalf("verify: %s", text(res))
	}
	if next := str(m["next"]); !strings.Contains(next, "all 2 runtimes are healthy: appdev, appstage") {
		t.Errorf("next %q, want every runtime named", next)
	}
}

// TestValidate_SetupNoServiceBearsSaysCreateIt: a zerops.yml whose setup
// names no service of the project (walk 74: `setup: api` before api was
// imported) was answered "targetService set to the service setup api is
// for", a service there was none of. The step says to create it, or to
// deploy the setup to one of the runtimes there are.
func TestValidate_SetupNoServiceBearsSaysCreateIt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "zerops:\n  - setup: api\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: node index.js\n"
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	next := str(m["next"])
	for _, w := range []string{"the project has no service api (the setup's name): create it with zerops_import", "one of the project's runtimes (appdev, appstage)"} {
		if !strings.Contains(next, w) {
			t.Errorf("next lacks %q: %s", w, text(res))
		}
	}
	if strings.Contains(next, "the service setup api is for") {
		t.Errorf("next still points at a service there is none of: %s", next)
	}
}

// TestDeploy_StartScriptFileNamedInThePackageScript: run.start `npm
// start`, whose package.json script runs a file the upload lacks (walk
// 74b: "In `run.start`, name `index.js` in place of `main.js`", where
// run.start holds no file name). The fix is in the script, once; the same
// for a typo of a file the upload holds.
func TestDeploy_StartScriptFileNamedInThePackageScript(t *testing.T) {
	t.Parallel()
	serve := "const http = require('node:http')\nhttp.createServer((req, res) => res.end('ok')).listen(process.env.PORT || 3000, '0.0.0.0')\n"
	runDeployCases(t, []deployCase{
		{name: "package.json's entry", files: map[string]string{"index.js": serve,
			"package.json": `{"name":"app","main":"index.js","scripts":{"start":"node main.js"}}`,
			"zerops.yml":   setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "npm start"}.String()},
			verdict: "not-answering", signal: "start-file-missing",
			once:  []string{"In that package.json script, name `index.js` in place of `main.js`: `node index.js`"},
			says:  []string{"The package.json script `run.start` runs (`node main.js`) runs `main.js`"},
			lacks: []string{"In `run.start`, name"}},
		{name: "a typo of a file it holds", files: map[string]string{"server.js": serve,
			"package.json": `{"name":"app","scripts":{"start":"node serer.js"}}`,
			"zerops.yml":   setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "npm start"}.String()},
			verdict: "not-answering", signal: "start-file-missing",
			once:  []string{"In that package.json script, name `server.js` in place of `serer.js`: `node server.js`"},
			lacks: []string{"In `run.start`, name"}},
	})
}

// TestValidate_MissingHostBesideResolvingRefsNamesThatService: DB_HOST
// referencing ${mysql_hostname} beside DB_USER: ${db_user} and
// DB_PASSWORD: ${db_password}, the project's database named db and of no
// MySQL kind (walk 74b: the fix offered first was to create mysql, then
// "one of those hostnames" among nine). The other references name the
// service meant: the fix keeps the key on db.
func TestValidate_MissingHostBesideResolvingRefsNamesThatService(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: php@8.3\n      deployFiles: ./\n    run:\n      base: php-nginx@8.3\n" +
		"      envVariables:\n        DB_HOST: ${mysql_hostname}\n        DB_USER: ${db_user}\n        DB_PASSWORD: ${db_password}\n"
	res, _ := h.call(t, "zerops_validate", map[string]any{"content": yml})
	out := text(res)
	if !strings.Contains(out, "keeping the key: ${db_hostname}") || strings.Contains(out, "or create mysql") {
		t.Errorf("want the fix ${db_hostname}, not creating mysql: %s", out)
	}
}

// TestMetrics_DefaultMaximumSaidOnce: a runtime imported without scaling
// scales out to the maximum the platform reports (walk 74b: "to 10
// containers (2 running now; 10 is the maximum in force …), the
// platform's maxima (10 containers, …)": the count three times).
func TestMetrics_DefaultMaximumSaidOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	if res, _ := h.callWith(t, ctx, "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n    minContainers: 2\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api", "setup": "appstage"}, "deploy")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "api"})
	next := str(m["next"])
	if !strings.Contains(next, "scales out on its own to 10 containers") {
		t.Fatalf("next %q: want the scale-out to 10 said: %s", next, text(res))
	}
	if strings.Count(next, "10 containers") > 1 || strings.Contains(next, "10 is the maximum") {
		t.Errorf("next repeats the container maximum: %s", next)
	}
}
