package fakeapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// A mistake after the build fails the new version as the platform does:
// run.prepareCommands that fail (or touch /var/www, where the deployed files
// are not yet) end PREPARING_RUNTIME_FAILED, a readiness check that never
// passes ends DEPLOY_FAILED; the stack.build process fails with the
// failure line, its log says why, and the version deployed before keeps
// running and answering.
func TestDeploy_FailsAfterTheBuild(t *testing.T) {
	t.Parallel()
	readyOn := func(port string) string {
		return strings.Replace(nodeYml("[npm ci, npm run build]", "./"), "    run:\n",
			"    deploy:\n      readinessCheck:\n        httpGet: {port: "+port+", path: /}\n    run:\n", 1)
	}
	initYml := func(cmds string) string {
		return strings.Replace(appYml("appstage", "nodejs@22", "node index.js", 3000, ""), "    run:\n", "    run:\n      initCommands: ["+cmds+"]\n", 1)
	}
	tests := []struct {
		name   string
		files  map[string]string
		status string
		want   []string // in the build log, in this order
	}{
		{"RunPrepareTouchesVarWww", nodeApp(prepYml("run", "prepareCommands: ['cd /var/www/app && npm ci']"), nil), "PREPARING_RUNTIME_FAILED",
			[]string{"BUILD ARTEFACTS READY TO DEPLOY", "$ cd /var/www/app && npm ci", "/bin/sh: cd: line 1: can't cd to /var/www/app: No such file or directory",
				"ERROR: run.prepareCommands failed with exit code 2: cd /var/www/app && npm ci"}},
		// /var/www is there, empty: npm finds no lockfile of the app's.
		{"RunPrepareInstallsInEmptyVarWww", nodeApp(prepYml("run", "prepareCommands: ['cd /var/www && npm ci']"), nil), "PREPARING_RUNTIME_FAILED",
			[]string{"$ cd /var/www && npm ci", "can only install with an existing package-lock.json",
				"ERROR: run.prepareCommands failed with exit code 1: cd /var/www && npm ci"}},
		{"RunPrepareReadsDeployedFile", nodeApp(prepYml("run", "prepareCommands: ['cp /var/www/config.ini /etc/app.ini']"), nil), "PREPARING_RUNTIME_FAILED",
			[]string{"cp: /var/www/config.ini: No such file or directory", "ERROR: run.prepareCommands failed with exit code 1"}},
		{"RunPrepareExits", nodeApp(prepYml("run", "prepareCommands: ['exit 1']"), nil), "PREPARING_RUNTIME_FAILED",
			[]string{"$ exit 1", "ERROR: run.prepareCommands failed with exit code 1: exit 1"}},
		{"RunPrepareAptOnAlpine", nodeApp(prepYml("run", "prepareCommands: [sudo apt-get install -y imagemagick]"), nil), "PREPARING_RUNTIME_FAILED",
			[]string{"sudo: apt-get: command not found", "ERROR: run.prepareCommands failed with exit code 1"}},
		{"ReadinessPortNotAnswered", nodeApp(readyOn("3001"), nil), "DEPLOY_FAILED",
			[]string{"Deploying service appstage", "Listening on 0.0.0.0:3000", "never became ready; the version deployed before keeps running",
				"ERROR: readiness check never passed: GET http://127.0.0.1:3001/ got no answer"}},
		{"ReadinessExecOtherPort", nodeApp(strings.Replace(nodeYml("[npm ci, npm run build]", "./"), "    run:\n",
			"    deploy:\n      readinessCheck:\n        exec: {command: 'curl -f http://localhost:8080/health'}\n    run:\n", 1), nil), "DEPLOY_FAILED",
			[]string{`ERROR: readiness check never passed: "curl -f http://localhost:8080/health" exited with code 7`}},
		// A web server's site config is read at the deploy: not deployed,
		// the server cannot be configured.
		{"SiteConfigNotDeployed", map[string]string{"zerops.yml": "zerops:\n  - setup: appstage\n    build: {base: php@8.4, deployFiles: [index.php]}\n" +
			"    run: {base: php-nginx@8.4, siteConfigPath: nginx.conf}\n", "index.php": "<?php echo 1;", "nginx.conf": "server {}\n"}, "DEPLOY_FAILED",
			[]string{`nginx: [emerg] open() "/var/www/nginx.conf" failed (2: No such file or directory)`,
				`ERROR: run.siteConfigPath: "/var/www/nginx.conf" does not exist: the file is missing from deployFiles, so the web server cannot be configured`}},
		// A failing init command fails the deploy: the start never runs
		// and the version before keeps serving.
		{"InitCommandExits", map[string]string{"zerops.yml": initYml("'exit 4'"), "index.js": nodeOK}, "DEPLOY_FAILED",
			[]string{"RUN.INIT COMMANDS FINISHED WITH ERROR", "never became ready; the version deployed before keeps running"}},
		{"InitCommandFileMissing", map[string]string{"zerops.yml": initYml("node migrate.js"), "index.js": nodeOK}, "DEPLOY_FAILED",
			[]string{"Error: Cannot find module '/var/www/migrate.js'", "RUN.INIT COMMANDS FINISHED WITH ERROR", "never became ready; the version deployed before keeps running"}},
		{"InitCommandAptOnAlpine", map[string]string{"zerops.yml": initYml("sudo apt-get install -y curl"), "index.js": nodeOK}, "DEPLOY_FAILED",
			[]string{"sudo: apt-get: command not found", "RUN.INIT COMMANDS FINISHED WITH ERROR", "never became ready; the version deployed before keeps running"}},
		{"InitCommandExecOnceFileMissing", map[string]string{"zerops.yml": initYml("'zsc execOnce ${appVersionId} -- node migrate.js'"), "index.js": nodeOK}, "DEPLOY_FAILED",
			[]string{"Error: Cannot find module '/var/www/migrate.js'", "RUN.INIT COMMANDS FINISHED WITH ERROR", "never became ready; the version deployed before keeps running"}},
		{"InitCommandExecOnceRetriedExits", map[string]string{"zerops.yml": initYml("'zsc execOnce migrate-1 --retryUntilSuccessful -- node db/migrate.js'"), "index.js": nodeOK}, "DEPLOY_FAILED",
			[]string{"Error: Cannot find module '/var/www/db/migrate.js'", "RUN.INIT COMMANDS FINISHED WITH ERROR", "never became ready; the version deployed before keeps running"}},
		{"InitCommandExecOnceWithoutDashes", map[string]string{"zerops.yml": initYml("'zsc execOnce key1 node migrate.js'"), "index.js": nodeOK}, "DEPLOY_FAILED",
			[]string{"Error: Cannot find module '/var/www/migrate.js'", "RUN.INIT COMMANDS FINISHED WITH ERROR", "never became ready; the version deployed before keeps running"}},
		{"ReadinessAppCrashes", nodeApp(strings.Replace(readyOn("3000"), "node index.js", "node server.js", 1), nil), "DEPLOY_FAILED",
			[]string{"Error: Cannot find module '/var/www/server.js'", "ERROR: readiness check never passed: the app exits at start"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			stage := srv.ServiceID("appstage")
			good, p := pushFiles(t, h, stage, "appstage", nodeApp(nodeYml("[npm ci, npm run build]", "./"), nil))
			if p.Status != "FINISHED" {
				t.Fatalf("the correct app's build ended %s", p.Status)
			}
			bad, p := pushFiles(t, h, stage, "appstage", tt.files)
			meta, _ := p.PublicMeta.Get()
			if p.Status != "FAILED" || !strings.HasPrefix(meta["failReason"].(string), "ERROR: ") {
				t.Fatalf("build = %s %v, want FAILED with the failure line", p.Status, meta)
			}
			versions := appVersions(t, h, stage)
			failed := versions[string(bad.Id)]
			if string(failed.Status) != tt.status || failed.Build == nil {
				t.Fatalf("failed version = %s, want %s", failed.Status, tt.status)
			}
			if _, ok := failed.Build.PipelineFailed.Get(); !ok {
				t.Error("pipelineFailed not set")
			}
			if versions[string(good.Id)].Status != "ACTIVE" {
				t.Errorf("the version deployed before is %s, want ACTIVE", versions[string(good.Id)].Status)
			}
			joined := strings.Join(buildLines(t, srv, h, string(bad.Id)), "\n")
			at := 0
			for _, w := range tt.want {
				i := strings.Index(joined[at:], w)
				if i < 0 {
					t.Fatalf("build log lacks %q after offset %d:\n%s", w, at, joined)
				}
				at += i + len(w)
			}
			if strings.Contains(joined, "is active") {
				t.Errorf("a failed version's log says it is active:\n%s", joined)
			}
			if code, b := probe(t, srv, "appstage", 3000, "/"); code != http.StatusOK {
				t.Errorf("the version deployed before answers %d %q, want 200", code, b)
			}
		})
	}
}

// A readiness check the new version passes deploys it as usual: an HTTP
// GET on the port it answers, a command reaching it from its container,
// either with the app bound to localhost only.
func TestDeploy_ReadinessPasses(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, check, index string }{
		{"HTTPGet", "httpGet: {port: 3000, path: /health}", ""},
		{"ExecLocalhost", "exec: {command: 'curl -f http://127.0.0.1:3000/'}", "server.listen(3000, '127.0.0.1');\n"},
		// The platform's HTTP check asks http://127.0.0.1:port inside the
		// container: an app bound to the loopback address passes it (and
		// the balancer still cannot reach it).
		{"HTTPGetLocalhost", "httpGet: {port: 3000, path: /}", "server.listen(3000, '127.0.0.1');\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			yml := strings.Replace(nodeYml("[npm ci]", "./"), "    run:\n",
				"    deploy:\n      readinessCheck:\n        "+tt.check+"\n    run:\n", 1)
			files := nodeApp(yml, nil)
			if tt.index != "" {
				files["index.js"] = tt.index
			}
			av, p := pushFiles(t, h, srv.ServiceID("appstage"), "appstage", files)
			if p.Status != "FINISHED" {
				t.Fatalf("build ended %s:\n%s", p.Status, strings.Join(buildLines(t, srv, h, string(av.Id)), "\n"))
			}
			if s := appVersions(t, h, srv.ServiceID("appstage"))[string(av.Id)].Status; s != "ACTIVE" {
				t.Fatalf("version = %s, want ACTIVE", s)
			}
		})
	}
}
