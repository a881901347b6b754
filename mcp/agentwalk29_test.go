package mcp_test

import (
	"context"
	"maps"
	"strings"
	"testing"
)

// A secret set without progress (agent walk 29, goal "env"): the answer's
// next was only "check it with zerops_process", and zerops_process on the
// finished variable change said "done; verify with zerops_discover", so an
// agent following each next never restarted and the app kept the old
// value. The set now names the restart once after the process check, and
// the finished process names it while the app still runs with the values
// it started with; after the restart the same process says nothing of it,
// and the restart's process names zerops_verify (ACTIVE is not answering).
func TestEnv_UnfollowedSetNamesRestartAgentwalk29(t *testing.T) {
	t.Parallel()
	const restartCall = "zerops_manage action=restart serviceHostname=appstage"
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"STRIPE_KEY=sk_test_1"}})
	wantOK(t, res)
	answer, next := text(res), str(m["next"])
	procs, _ := m["processes"].([]any)
	if len(procs) != 1 {
		t.Fatalf("want one process: %s", answer)
	}
	id := str(procs[0].(map[string]any)["id"])
	if !strings.Contains(next, "zerops_process processId="+id) {
		t.Errorf("set next lacks the process check: %s", next)
	}
	if n := strings.Count(answer, restartCall); n != 1 {
		t.Errorf("set names the restart %d times, want once: %s", n, answer)
	}

	res, m = h.call(t, "zerops_process", map[string]any{"processId": id, "wait": true})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, restartCall) || strings.Contains(next, "zerops_discover") {
		t.Errorf("the finished variable change's next does not name the restart: %s", next)
	}

	res, m = h.call(t, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"})
	wantOK(t, res)
	procs, _ = m["processes"].([]any)
	if len(procs) != 1 {
		t.Fatalf("restart: want one process: %s", text(res))
	}
	res, m = h.call(t, "zerops_process", map[string]any{"processId": str(procs[0].(map[string]any)["id"]), "wait": true})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "zerops_verify serviceHostname=appstage") {
		t.Errorf("the finished restart's next does not name zerops_verify: %s", next)
	}

	res, m = h.call(t, "zerops_process", map[string]any{"processId": id})
	wantOK(t, res)
	if next := str(m["next"]); strings.Contains(next, restartCall) {
		t.Errorf("after the restart, the variable change still asks for one: %s", next)
	}
}

// A PHP app whose index.php is in public/ with another documentRoot (agent
// walk 29, goal "wrong documentRoot"): deployed with `deployFiles: ./`, the
// fix added "(and keep `public` in build.deployFiles)", which deployFiles
// `./` already does and which reads as an edit to make. The fix now says
// nothing of deployFiles when they deploy the whole tree, keeps the word
// when they name the folder, and says add when none deploys it.
func TestDeploy_DocumentRootFixDeployFilesAgentwalk29(t *testing.T) {
	t.Parallel()
	phpYml := func(deploy string) string {
		return "zerops:\n  - setup: web\n    build:\n      base: php@8.4\n      deployFiles: " + deploy +
			"\n    run:\n      base: php-nginx@8.4\n      documentRoot: web\n"
	}
	tests := []struct {
		name, deploy string
		once         []string
		lacks        []string
	}{
		{"whole tree", "./", []string{"set `documentRoot: public/` in run"}, []string{"build.deployFiles"}},
		{"folder listed", "[public, src]", []string{"set `documentRoot: public/` in run", "keep `public` in build.deployFiles"}, nil},
		{"folder not deployed", "[src]", []string{"set `documentRoot: public/` in run", "add `public` to build.deployFiles"}, []string{"keep `public`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newStaticHarness(t, "php-nginx@8.4")
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": phpYml(tt.deploy), "public/index.php": "<?php echo 'ok';\n", "src/lib.php": "<?php\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "p")
			answer := text(res)
			if m["verdict"] == "live" {
				t.Fatalf("verdict live: %s", answer)
			}
			for _, w := range tt.once {
				if n := strings.Count(answer, w); n != 1 {
					t.Errorf("%q appears %d times, want once: %s", w, n, answer)
				}
			}
			for _, l := range tt.lacks {
				if strings.Contains(answer, l) {
					t.Errorf("the answer has %q: %s", l, answer)
				}
			}
		})
	}
}

// agentwalk29Jar is a Spring Boot app built by the Maven wrapper into
// target/demo-0.0.1.jar, which deployFiles names, started as start says,
// for the service web.
func agentwalk29Jar(start string) map[string]string {
	return map[string]string{
		"pom.xml": "<project>\n  <modelVersion>4.0.0</modelVersion>\n  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>3.3.0</version></parent>\n" +
			"  <groupId>com.example</groupId><artifactId>demo</artifactId><version>0.0.1</version>\n" +
			"  <dependencies><dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies>\n" +
			"  <build><plugins><plugin><groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId></plugin></plugins></build>\n</project>\n",
		"src/main/java/com/example/App.java": "package com.example;\n\nimport org.springframework.boot.SpringApplication;\nimport org.springframework.boot.autoconfigure.SpringBootApplication;\n\n" +
			"@SpringBootApplication\npublic class App {\n    public static void main(String[] args) { SpringApplication.run(App.class, args); }\n}\n",
		"mvnw":                                  "#!/bin/sh\nexec java -jar .mvn/wrapper/maven-wrapper.jar \"$@\"\n",
		".mvn/wrapper/maven-wrapper.properties": "distributionUrl=https://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/3.9.6/apache-maven-3.9.6-bin.zip\n",
		"zerops.yml": "zerops:\n  - setup: web\n    build:\n      base: java@21\n      buildCommands:\n        - ./mvnw clean package -DskipTests\n      deployFiles: target/demo-0.0.1.jar\n" +
			"    run:\n      base: java@21\n      ports:\n        - port: 8080\n          httpSupport: true\n      start: " + start + "\n",
	}
}

// A jar started by another name than the build gives it (agent walk 29,
// goal "a Go binary or jar started by the wrong name"): run.start `java
// -jar app.jar` with target/demo-0.0.1.jar deployed was told to name the
// jar's path, "or deploy it alone at the top with `./target/~/demo-0.0.1.jar`", which puts
// demo-0.0.1.jar at the top, still not app.jar: a second fix that fails.
// That alternative now names the jar as `~` puts it; where the start
// already names it so, it needs no more.
func TestDeploy_BuiltFileTildeNamesTheFileAgentwalk29(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, start string
		once        []string
		lacks       []string
	}{
		{"another name", "java -jar app.jar", []string{"`java -jar target/demo-0.0.1.jar`", "`./target/~/demo-0.0.1.jar`", "and name it so (`java -jar demo-0.0.1.jar`)"}, nil},
		{"the name without its folder", "java -jar demo-0.0.1.jar", []string{"`java -jar target/demo-0.0.1.jar`", "`./target/~/demo-0.0.1.jar`"}, []string{"name it so"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newStaticHarness(t, "java@21")
			writeApp(t, h.workDir(t), agentwalk29Jar(tt.start))
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "j")
			answer := text(res)
			if m["verdict"] != "not-answering" {
				t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], answer)
			}
			for _, w := range tt.once {
				if n := strings.Count(answer, w); n != 1 {
					t.Errorf("%q appears %d times, want once: %s", w, n, answer)
				}
			}
			for _, l := range tt.lacks {
				if strings.Contains(answer, l) {
					t.Errorf("the answer has %q: %s", l, answer)
				}
			}
		})
	}
}

// A project variable set without progress (agent walk 29, goal "env"):
// zerops_process on the finished stack.updateProjectEnvs answered "done;
// verify with zerops_discover" as well. It now names the restart of each
// deployed runtime still running with the values it started with.
func TestEnv_UnfollowedProjectSetNamesRestartsAgentwalk29(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "project": true, "variables": []string{"APP_ENV=production"}})
	wantOK(t, res)
	procs, _ := m["processes"].([]any)
	if len(procs) != 1 {
		t.Fatalf("want one process: %s", text(res))
	}
	res, m = h.call(t, "zerops_process", map[string]any{"processId": str(procs[0].(map[string]any)["id"]), "wait": true})
	wantOK(t, res)
	next := str(m["next"])
	for _, w := range []string{"zerops_manage action=restart serviceHostname=appstage", "zerops_manage action=restart serviceHostname=appdev"} {
		if strings.Count(next, w) != 1 {
			t.Errorf("the finished project variable change's next lacks %q once: %s", w, next)
		}
	}
	if strings.Contains(next, "zerops_discover") {
		t.Errorf("next still says zerops_discover: %s", next)
	}
}

// A delete of a service others reference, without progress (agent walk
// 29, goal "delete a service others reference"): the answer was only
// "check it with zerops_process", and the finished process said "done;
// verify with zerops_discover", so the services still referencing it were
// never named after the confirm. The unfollowed answer now names them and
// their change once, after the process check.
func TestDelete_UnfollowedNamesReferencesAgentwalk29(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "ok"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true})
	wantOK(t, res)
	next := str(m["next"])
	procs, _ := m["processes"].([]any)
	if len(procs) != 1 || str(procs[0].(map[string]any)["status"]) == "FINISHED" {
		t.Fatalf("want one unfinished process: %s", text(res))
	}
	if !strings.Contains(next, "zerops_process processId="+str(procs[0].(map[string]any)["id"])) {
		t.Errorf("next lacks the process check: %s", next)
	}
	for _, w := range []string{"appstage (DATABASE_URL in zerops.yml)", "change them"} {
		if n := strings.Count(text(res), w); n != 1 {
			t.Errorf("%q appears %d times, want once: %s", w, n, text(res))
		}
	}
}

// agentwalk29Py is a FastAPI app of main.py alone with its requirements,
// started by uvicorn on 0.0.0.0:8080, env its run.envVariables.
func agentwalk29Py(main string, env map[string]string) map[string]string {
	env = maps.Clone(env)
	if env == nil {
		env = map[string]string{}
	}
	env["PYTHONPATH"] = "/var/www/vendor"
	return map[string]string{"main.py": main, "requirements.txt": "fastapi==0.111.0\nuvicorn==0.30.0\nredis==5.0.4\n",
		"zerops.yml": setupYml{base: "python@3.12", build: []string{"pip install --target=./vendor -r requirements.txt"}, deploy: "./",
			env: env, start: "python -m uvicorn main:app --host 0.0.0.0 --port 8080"}.String()}
}

// A Python app reading its cache's host with a fallback at localhost that
// nothing sets (agent walk 29, goal "debug"): `os.environ.get("REDIS_HOST",
// "localhost")` was answered live, though on Zerops nothing listens at
// localhost in the container and each request fails; the Node and Deno
// forms were already unverified, naming the variable. The Python walk now
// notes it too; set, the app is live.
func TestDeploy_PythonLocalhostFallbackAgentwalk29(t *testing.T) {
	t.Parallel()
	main := "import os\nfrom fastapi import FastAPI\nimport redis\n\nr = redis.Redis(host=os.environ.get(\"REDIS_HOST\", \"localhost\"))\napp = FastAPI()\n\n" +
		"@app.get(\"/\")\ndef root():\n    return {\"hits\": r.incr(\"hits\")}\n"
	runDeployCases(t, []deployCase{
		{name: "unset", files: agentwalk29Py(main, nil), verdict: "unverified",
			reason: []string{"REDIS_HOST (main.py:5, falling back to `localhost`)", "`REDIS_HOST: ${cache_hostname}`"}},
		{name: "set", files: agentwalk29Py(main, map[string]string{"REDIS_HOST": "${cache_hostname}"}), verdict: "live"},
	})
}
