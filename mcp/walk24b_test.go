package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestDeploy_PortFlagOfAnotherProgramIsNoListenPort: the prerender recipe
// starts `node server.js`, which hands headless Chrome its flags
// (`'--remote-debugging-port=9222'` in a list of strings) and starts the
// prerender package's server, which listens on PORT or 3000. The sandbox
// read the flag as the app's port: "The app listens on 9222, not on the
// declared port 3000" and a fix to change run.ports to 9222, for a recipe
// that runs on Zerops. A port flag inside a string is another program's:
// where the app listens is unread, so the deploy is unverified.
func TestDeploy_PortFlagOfAnotherProgramIsNoListenPort(t *testing.T) {
	t.Parallel()
	app := map[string]string{"zerops.yml": setupYml{base: "nodejs@20", build: []string{"npm i"}, deploy: "[node_modules, server.js]", port: 3000, start: "node server.js"}.String(),
		"package.json": `{"name":"render","dependencies":{"prerender":"5.21.1"}}`,
		"server.js": "'use strict';\n\nconst prerender = require('prerender');\n\nconst server = prerender({\n" +
			"    chromeFlags: ['--no-sandbox', '--headless', '--remote-debugging-port=9222'],\n    chromeLocation: '/usr/bin/chromium-browser'\n});\n\nserver.start();\n"}
	runDeployCases(t, []deployCase{
		{name: "chrome flag in the code", files: app, verdict: "unverified", lacks: []string{"9222"}},
	})
}

// TestDeploy_WorkerTheSandboxCouldNotReadIsUnverified: a service with no
// ports (a worker) whose start the sandbox read nothing of was answered
// "ACTIVE with a clean log … nothing to fix". The twenty recipe's api
// starts `node twenty-server/dist/src/main`, a file its build makes from a
// git clone the sandbox does not run; the jenkins recipe's agents start
// utils/start-agent.sh, a script, by its absolute path (agentlight: clean
// log) or its relative one (agentheavy: unverified, the same script); the
// github-runner recipe's run.prepareCommands download the run.sh it
// starts. A start the sandbox could not read is unverified, naming it.
func TestDeploy_WorkerTheSandboxCouldNotReadIsUnverified(t *testing.T) {
	t.Parallel()
	worker := func(base, build, deploy, start string) string {
		y := "zerops:\n  - setup: appstage\n    build:\n      base: " + base + "\n"
		if build != "" {
			y += "      buildCommands:\n        - " + build + "\n"
		}
		return y + "      deployFiles: " + deploy + "\n    run:\n      base: " + base + "\n      start: " + start + "\n"
	}
	script := "#!/bin/bash\nset -e\nwhile ! curl -s $JENKINS_URL/login > /dev/null; do sleep 10; done\nexec java -jar /var/www/swarm-client.jar -master $JENKINS_URL\n"
	runDeployCases(t, []deployCase{
		{name: "node entry the build makes", files: map[string]string{
			"zerops.yml":     worker("nodejs@22", "./make-server.sh", "[./server/~dist/, package.json]", "node dist/src/main"),
			"make-server.sh": "#!/bin/sh\ngit clone https://example.com/server.git server && cd server && yarn && yarn build\n",
			"package.json":   `{"name":"api","private":true}`},
			verdict: "unverified", reason: []string{"dist/src/main"}, lacks: []string{"nothing to fix"}},
		{name: "script by its absolute path", files: map[string]string{
			"zerops.yml":           worker("java@21", "", "[utils/start-agent.sh]", "/var/www/utils/start-agent.sh"),
			"utils/start-agent.sh": script},
			verdict: "unverified", reason: []string{"start-agent.sh"}, lacks: []string{"nothing to fix"}},
		{name: "script the run preparation downloads", files: map[string]string{
			"zerops.yml": "zerops:\n  - setup: appstage\n    run:\n      base: nodejs@22\n      prepareCommands:\n        - mkdir -p /var/www/runner\n" +
				"        - curl -L https://example.com/runner.tar.gz | tar xz -C /var/www/runner\n      start: /var/www/runner/run.sh\n",
			"README.md": "runner\n"},
			verdict: "unverified", reason: []string{"run.prepareCommands put /var/www/runner/run.sh there"}, lacks: []string{"nothing to fix"}},
		{name: "script by its relative path", files: map[string]string{
			"zerops.yml":           worker("java@21", "", "[utils/start-agent.sh]", "utils/start-agent.sh"),
			"utils/start-agent.sh": script},
			verdict: "unverified", reason: []string{"start-agent.sh"}, lacks: []string{"nothing to fix"}},
	})
}

// TestImport_RandomStringWithModifierIsGenerated: recipe-imgproxy's import
// (#yamlPreprocessor=on) sets IMGPROXY_KEY: <@generateRandomString(<32>) |
// toHex>. The sandbox evaluated a modifier after generateRandomBytes only,
// so zerops_env showed the call itself as the secret, a value the platform
// never holds. A random value's modifiers are now applied in order.
func TestImport_RandomStringWithModifierIsGenerated(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "#yamlPreprocessor=on\nservices:\n  - hostname: imgproxy\n    type: ubuntu@22.04\n" +
		"    envSecrets:\n      IMGPROXY_KEY: <@generateRandomString(<32>) | toHex>\n      IMGPROXY_SALT: <@generateRandomString(<8>)|upper|toHex>\n" +
		"      PIN_HASH: <@generateRandomInt(<1000>, <9999>) | sha256>\n"}, "import")
	wantOK(t, res)
	got := serviceEnv(t, h, "imgproxy")
	for key, n := range map[string]int{"IMGPROXY_KEY": 64, "IMGPROXY_SALT": 16, "PIN_HASH": 64} {
		if v := got[key]; len(v) != n || strings.Trim(v, "0123456789abcdef") != "" {
			t.Errorf("%s = %q, want %d hex digits", key, v, n)
		}
	}
}

// TestValidate_BareReferenceIsNotAPrefixOfALongerOne: the tegola recipe
// writes PGUSER: $postgis_superUser and PGPASSWORD:
// $postgis_superUserPassword (bare references). Before postgis existed,
// the PGPASSWORD warning read "$postgis_superUserPassword and
// $postgis_superUser": the shorter reference is a prefix of the longer
// one, and PGPASSWORD holds only the longer. Each warning names the
// references its value holds.
func TestValidate_BareReferenceIsNotAPrefixOfALongerOne(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "zerops:\n  - setup: appstage\n    run:\n      base: nodejs@22\n      envVariables:\n        PGUSER: $postgis_superUser\n" +
		"        PGPASSWORD: $postgis_superUserPassword\n        DB_USER: ${postgis_user}\n        DB_USERNAME: ${postgis_username}\n      start: node worker.js\n"
	res, v := h.call(t, "zerops_validate", map[string]any{"content": yml})
	wantOK(t, res)
	want := map[string][]string{"PGUSER": {"$postgis_superUser:"}, "PGPASSWORD": {"$postgis_superUserPassword:"},
		"DB_USER": {"${postgis_user}:"}, "DB_USERNAME": {"${postgis_username}:"}}
	seen := map[string]bool{}
	for _, is := range issuesOf(v, "warnings") {
		key := strings.TrimPrefix(is["path"], "zerops[0].run.envVariables.")
		w, ok := want[key]
		if !ok {
			continue
		}
		seen[key] = true
		if !strings.HasPrefix(is["problem"], w[0]) || strings.Contains(is["problem"], " and $") || strings.Contains(is["problem"], " and ${") {
			t.Errorf("%s: problem %q, want it to name only %s", key, is["problem"], strings.TrimSuffix(w[0], ":"))
		}
	}
	if len(seen) != len(want) {
		t.Errorf("warned of %v, want each of %v: %s", seen, want, text(res))
	}
}

// TestDelete_FixForReferencesAndHostNamesStatedOnce: the jenkins recipe's
// agents reference ${jenkins_JENKINS_ADMIN_PASSWORD} and name the host in
// JENKINS_URL: http://jenkins:8080. Deleting jenkins answered, before and
// after confirm, "change them (in zerops.yml, then zerops_deploy)" once for
// the references and again for the host names: one fix, stated twice.
// Both lists now share it.
func TestDelete_FixForReferencesAndHostNamesStatedOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	importServices(t, h, "services:\n  - hostname: jenkins\n    type: nodejs@22\n    envSecrets:\n      ADMIN_PASSWORD: s3cret\n")
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        JENKINS_ADMIN_PASSWORD: ${jenkins_ADMIN_PASSWORD}\n        JENKINS_URL: http://jenkins:8080")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "ok"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "jenkins"})
	wantError(t, res, m, "CONFIRM_REQUIRED")
	before := str(m["error"])
	res, m = h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "jenkins", "confirm": true}, "del")
	wantOK(t, res)
	for what, answer := range map[string]string{"without confirm": before, "after the delete": str(m["next"])} {
		if n := strings.Count(answer, "change them"); n != 1 {
			t.Errorf("%s: the fix is stated %d times, want once: %s", what, n, answer)
		}
		for _, w := range []string{"JENKINS_ADMIN_PASSWORD in zerops.yml", "JENKINS_URL in zerops.yml", "in zerops.yml, then zerops_deploy"} {
			if !strings.Contains(answer, w) {
				t.Errorf("%s: lacks %q: %s", what, w, answer)
			}
		}
	}
}

// TestDeploy_InitCommandWithQuotesNamedAsWritten: the tegola recipe's
// init command is `zsc execOnce "only-once" -- ./data/init.sh`. With
// data/ left out of deployFiles, the answer named it with its quotes
// escaped, `zsc execOnce \"only-once\" -- ./data/init.sh`, as the failure
// line quotes it: text that is nowhere in zerops.yml, so an agent could
// not find the command to correct. It is named as written.
func TestDeploy_InitCommandWithQuotesNamedAsWritten(t *testing.T) {
	t.Parallel()
	app := func(deploy string) map[string]string {
		return map[string]string{"zerops.yml": strings.Replace(setupYml{base: "nodejs@22", deploy: deploy, port: 3000, start: "node server.js"}.String(),
			"      start:", "      initCommands:\n        - zsc execOnce \"only-once\" -- ./data/init.sh\n      start:", 1),
			"server.js":    "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0')\n",
			"data/init.sh": "#!/bin/bash\necho seeded\n"}
	}
	runDeployCases(t, []deployCase{
		{name: "init script left out", files: app("[server.js]"), verdict: "deploy-failed",
			and: func(t *testing.T, answer string, m map[string]any) {
				var named, escaped bool
				walkStrings(m, func(s string) {
					named = named || strings.Contains(s, "`zsc execOnce \"only-once\" -- ./data/init.sh`")
					// the platform's failure line quotes it (Go's %q): only ZCP's words are checked
					escaped = escaped || strings.Contains(s, `\"only-once`) && !strings.Contains(s, "exited with code")
				})
				if !named || escaped {
					t.Errorf("want the init command named as written, its quotes unescaped: %s", answer)
				}
			}},
	})
}

// walkStrings calls f with every string held in v, a decoded answer.
func walkStrings(v any, f func(string)) {
	switch v := v.(type) {
	case string:
		f(v)
	case map[string]any:
		for _, x := range v {
			walkStrings(x, f)
		}
	case []any:
		for _, x := range v {
			walkStrings(x, f)
		}
	}
}
