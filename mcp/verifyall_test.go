package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Verifying every service, the answer's next step is the fix of a service
// whose failure has a diagnosis, not "deploy code" to a service that was
// never deployed and comes earlier in the list.
func TestVerify_AllLeadsWithTheDiagnosedFailure(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	yml := demoZeropsYml + "  - setup: api\n    build: *build\n    run:\n      base: nodejs@22\n      ports: [{port: 3000, httpSupport: true}]\n      start: node missing.js\n"
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api"}, "broken"); m["verdict"] != "not-answering" {
		t.Fatalf("broken deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_verify", map[string]any{})
	if next := str(m["next"]); !strings.Contains(next, "name `index.js` in place of `missing.js`") || strings.Contains(next, "targetService=appstage") {
		t.Errorf("verify of every service: next %q, want api's start fix first: %s", next, text(res))
	}
}

// TestVerify_AllNeverDeployedIsNoFailure: verifying every runtime when the
// deployed one answers and the only finding is a runtime never deployed
// (appstage) answers healthy, its service not-deployed, with the deploy
// call and no guessed source, never failing: a service that waits for its
// first deploy is not a broken one (issue 34 walk; walk 74b: the project's
// not-deployed sent a monitoring agent to deploy the last folder pushed).
func TestVerify_AllNeverDeployedIsNoFailure(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_verify", map[string]any{})
	wantOK(t, res)
	if m["verdict"] != "healthy" {
		t.Errorf("verdict %v, want healthy: %s", m["verdict"], text(res))
	}
	if next := str(m["next"]); !strings.Contains(next, "zerops_deploy targetService=appstage with its source") || strings.Contains(next, "workingDir=") {
		t.Errorf("next %q, want the deploy call for appstage: %s", next, text(res))
	}
	svcs, _ := m["services"].([]any)
	got := map[string]string{}
	for _, s := range svcs {
		sm, _ := s.(map[string]any)
		got[str(sm["serviceHostname"])] = str(sm["verdict"]) + " " + str(sm["reason"])
	}
	if !strings.HasPrefix(got["appdev"], "healthy") || !strings.HasPrefix(got["appstage"], "not-deployed") ||
		!strings.Contains(got["appstage"], "not deployed") || strings.Contains(got["appstage"], "failing") {
		t.Errorf("services %v: want appdev healthy, appstage not-deployed and said so", got)
	}
}

// TestVerify_AllNamesEachServiceNeedingAStep: with api failing and
// appstage degraded by a stopped db, the answer's one next step is api's
// fix and names appstage's own step (walk 75: the stopped cache behind a
// degraded app went unsaid in next beside another app's fix); appstage's
// step stays under it, said once.
func TestVerify_AllNamesEachServiceNeedingAStep(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	if res, _ := h.callWith(t, ctx, "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	yml := demoZeropsYml + "  - setup: api\n    build: *build\n    run:\n      base: nodejs@22\n      ports: [{port: 3000, httpSupport: true}]\n      start: node missing.js\n"
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api"}, "broken"); m["verdict"] != "not-answering" {
		t.Fatalf("broken deploy: %s", text(res))
	}
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "good"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	set := map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"DATABASE_URL=${db_connectionString}"}, "restart": true}
	if res, _ := h.callWith(t, ctx, "zerops_env", set, "env"); res.IsError {
		t.Fatalf("env set: %s", text(res))
	}
	h.fake.EndProcesses()
	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "db"}); res.IsError {
		t.Fatalf("stop: %s", text(res))
	}
	h.fake.EndProcesses()
	res, m := h.call(t, "zerops_verify", map[string]any{})
	answer, next := text(res), str(m["next"])
	if !strings.Contains(next, "name `index.js` in place of `missing.js`") || !strings.Contains(next, "Then the next step under appstage (degraded).") {
		t.Errorf("next %q, want api's fix and appstage named: %s", next, answer)
	}
	if n := strings.Count(answer, "zerops_manage action=start serviceHostname=db"); n != 1 {
		t.Errorf("db's start said %d times, want once (under appstage): %s", n, answer)
	}
}

// TestVerify_AllSameStepSaidOnce: two apps degraded by one stopped db: the
// answer's next starts db once and says the other needs the same step,
// not "then the next step under" it (walk 75b: start db, then djapi's
// step, which was start db again).
func TestVerify_AllSameStepSaidOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "good"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	for _, host := range []string{"appdev", "appstage"} {
		set := map[string]any{"action": "set", "serviceHostname": host, "variables": []string{"DATABASE_URL=${db_connectionString}"}, "restart": true}
		if res, _ := h.callWith(t, ctx, "zerops_env", set, "env-"+host); res.IsError {
			t.Fatalf("env set: %s", text(res))
		}
	}
	h.fake.EndProcesses()
	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "db"}); res.IsError {
		t.Fatalf("stop: %s", text(res))
	}
	h.fake.EndProcesses()
	res, m := h.call(t, "zerops_verify", map[string]any{})
	next := str(m["next"])
	if strings.Count(next, "zerops_manage action=start serviceHostname=db") != 1 || !strings.Contains(next, "(degraded) needs the same step.") || strings.Contains(next, "Then the next step under") {
		t.Errorf("next %q, want db started once and the other app named as needing the same step: %s", next, text(res))
	}
	// Said once in the whole answer: not again under the other app (walk 75c).
	if n := strings.Count(text(res), "zerops_manage action=start serviceHostname=db"); n != 1 {
		t.Errorf("db's start said %d times in the answer: %s", n, text(res))
	}
}
