package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// nodeEnvs are the NODE_ENV variables of a zerops_env get answer, by
// whether they are read-only (the zerops.yml one) or not (a secret).
func nodeEnvs(t *testing.T, h *harness) map[bool]string {
	t.Helper()
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appdev"})
	wantOK(t, res)
	out := map[bool]string{}
	vars, _ := m["variables"].([]any)
	for _, v := range vars {
		e, _ := v.(map[string]any)
		if e["key"] == "NODE_ENV" {
			ro, _ := e["readOnly"].(bool)
			out[ro] = fmt.Sprint(e["value"])
		}
	}
	return out
}

// A service secret on a key the deployed zerops.yml's run.envVariables
// declare (appdev's NODE_ENV): the facts are unsure whether the platform
// refuses it, so the fake accepts it and ZCP's answer warns with both
// readings; next advises one place per key. Both variables are then listed,
// and deleting the key deletes the secret, never the zerops.yml one.
func TestEnv_SecretOnZeropsYmlKeyAcceptedWithWarning(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	res, m := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"NODE_ENV=production"}}, "set")
	wantOK(t, res)
	warnings := strings.ToLower(fmt.Sprint(m["warnings"]))
	for _, w := range []string{"node_env", "run.envvariables", "the platform took this set", "refuses", "userdataduplicatekey", "overrides"} {
		if !strings.Contains(warnings, w) {
			t.Errorf("set NODE_ENV: the warning lacks %q: %s", w, text(res))
		}
	}
	if got := nodeEnvs(t, h); got[true] != "development" || got[false] != "production" {
		t.Errorf("after the set: NODE_ENV variables %v, want the zerops.yml one (development) beside the secret (production)", got)
	}
	res, _ = h.callWith(t, ctx, "zerops_env", map[string]any{"action": "delete", "serviceHostname": "appdev", "variables": []string{"NODE_ENV"}}, "delete")
	wantOK(t, res)
	if got := nodeEnvs(t, h); len(got) != 1 || got[true] != "development" {
		t.Errorf("after the delete: NODE_ENV variables %v, want the zerops.yml one alone", got)
	}
}

// Where the platform refuses such a secret (userDataDuplicateKey, as the
// newer guide says), the answer explains the refusal, names the key and
// the one place to keep it, and says nothing was changed.
func TestEnv_SecretOnZeropsYmlKeyRefusedByPlatform(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	h.fake.InjectFault(fakeapi.Fault{Method: "PUT", PathPrefix: "/service-stack/" + h.fake.ServiceID("appdev") + "/user-data/env-file",
		Status: 400, APICode: "userDataDuplicateKey", Message: "Duplicate key.", Times: 1})
	res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"NODE_ENV=production"}})
	if !res.IsError {
		t.Fatalf("want the platform's refusal, got %s", text(res))
	}
	for _, w := range []string{"NODE_ENV", "run.envVariables", "userDataDuplicateKey"} {
		if !strings.Contains(str(m["error"]), w) {
			t.Errorf("error lacks %q: %s", w, text(res))
		}
	}
	if s := str(m["suggestion"]); !strings.Contains(s, "one place") || !strings.Contains(s, "Nothing was changed") {
		t.Errorf("suggestion: %s", s)
	}
	if got := nodeEnvs(t, h); len(got) != 1 {
		t.Errorf("after the refusal: NODE_ENV variables %v, want the zerops.yml one alone", got)
	}
}

// ymlVars are the variables of a zerops_env get answer whose source is
// the deployed zerops.yml, by key, and the next step.
func ymlVars(t *testing.T, h *harness, host string) (map[string]string, string) {
	t.Helper()
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": host})
	wantOK(t, res)
	out := map[string]string{}
	vars, _ := m["variables"].([]any)
	for _, v := range vars {
		e, _ := v.(map[string]any)
		if e["from"] == "zerops.yml" {
			if e["readOnly"] != true {
				t.Errorf("%v comes from zerops.yml but is not read-only: %s", e["key"], text(res))
			}
			out[fmt.Sprint(e["key"])] = fmt.Sprint(e["value"])
		}
	}
	return out, str(m["next"])
}

// After a deploy, zerops_env get lists run.envVariables of the zerops.yml
// deployed, marked as coming from it (the platform lists them as service
// variables of type ENV); a later deploy's or a rollback's yml replaces
// them, and the next step says where such a variable changes.
func TestEnv_GetListsTheDeployedZeropsYmlVariables(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	withEnv := func(vars string) map[string]string {
		return map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "      start: node index.js\n",
			"      start: node index.js\n      envVariables:\n"+vars, 1)}
	}
	writeApp(t, h.workDir(t), demoApp)
	writeApp(t, h.workDir(t), withEnv("        NODE_ENV: production\n        API_URL: http://api:8080\n"))
	res, _ := h.callWith(t, ctx, "zerops_deploy", args, "first")
	wantOK(t, res)
	got, next := ymlVars(t, h, "appstage")
	if len(got) != 2 || got["NODE_ENV"] != "production" || got["API_URL"] != "http://api:8080" {
		t.Errorf("after the first deploy: zerops.yml variables %v, want NODE_ENV and API_URL", got)
	}
	if !strings.Contains(next, "run.envVariables") || !strings.Contains(next, "zerops_deploy") {
		t.Errorf("next does not say where a zerops.yml variable changes: %s", next)
	}

	writeApp(t, h.workDir(t), withEnv("        NODE_ENV: staging\n"))
	res, _ = h.callWith(t, ctx, "zerops_deploy", args, "second")
	wantOK(t, res)
	if got, _ := ymlVars(t, h, "appstage"); len(got) != 1 || got["NODE_ENV"] != "staging" {
		t.Errorf("after the second deploy: zerops.yml variables %v, want NODE_ENV=staging alone", got)
	}
	// A rollback makes the first version's zerops.yml the one in force.
	res, _ = h.callWith(t, ctx, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage"}, "back")
	wantOK(t, res)
	if got, _ := ymlVars(t, h, "appstage"); len(got) != 2 || got["NODE_ENV"] != "production" {
		t.Errorf("after the rollback: zerops.yml variables %v, want the first deploy's", got)
	}
	// The seeded appdev (deployed once from the CLI) lists its own too.
	if got, _ := ymlVars(t, h, "appdev"); got["NODE_ENV"] != "development" {
		t.Errorf("appdev's zerops.yml variables %v, want NODE_ENV=development", got)
	}
}

// A zerops.yml declaring a key its service already holds as a secret is
// warned of before the deploy, in validate and in the deploy's answer,
// with one place to keep it (walk 76: the clash surfaced only at env get).
func TestValidate_YmlKeyAlsoASecretIsWarned(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"GREETING=from-secret"}}, "set")
	wantOK(t, res)
	h.fake.EndProcesses()
	yml := strings.Replace(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables: {GREETING: from-yml, OTHER: x}", 1)
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	wantOK(t, res)
	warnings := fmt.Sprint(m["warnings"])
	if !strings.Contains(warnings, "GREETING is also a secret of appstage") || strings.Contains(warnings, "OTHER is also") {
		t.Errorf("validate warnings %s: want GREETING named as appstage's secret too, OTHER not", warnings)
	}
	if strings.Count(warnings, "GREETING is also a secret") != 1 {
		t.Errorf("the clash is stated more than once (appdev has no such secret): %s", warnings)
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	res, m = h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	if !strings.Contains(fmt.Sprint(m["warnings"]), "GREETING is also a secret of appstage") {
		t.Errorf("the deploy does not warn of the clash: %s", text(res))
	}
}
