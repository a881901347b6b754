package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A reference to a missing service set as a service or project variable
// crash-loops the app; zerops_verify, zerops_logs and the next deploy each
// name that variable and the zerops_env call that fixes it, never a
// redeploy or rollback, which keep the variable. Applied, the app is
// healthy without a deploy, and the next deploy is live.
func TestEnv_BadReferenceVariableIsNamedWithItsEnvFix(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		set     map[string]any
		want    []string
		fixCall map[string]any
	}{
		{"service variable", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"REDIS_HOST=${redis_hostname}"}, "restart": true},
			[]string{"service variable REDIS_HOST of appstage", "zerops_env action=set serviceHostname=appstage", "zerops_env action=delete serviceHostname=appstage"},
			map[string]any{"action": "delete", "serviceHostname": "appstage", "variables": []string{"REDIS_HOST"}, "restart": true}},
		{"project variable", map[string]any{"action": "set", "project": true, "variables": []string{"CACHE_URL=redis://${redis_hostname}:6379"}, "restart": true},
			[]string{"project variable CACHE_URL", "zerops_env action=set project=true", "zerops_env action=delete project=true"},
			map[string]any{"action": "delete", "project": true, "variables": []string{"CACHE_URL"}, "restart": true}},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": demoZeropsYml})
			deployArgs := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			if res, m := h.callWith(t, context.Background(), "zerops_deploy", deployArgs, "first"); m["verdict"] != "live" {
				t.Fatalf("the first deploy is not live: %s", text(res))
			}
			res, m := h.callWith(t, context.Background(), "zerops_env", tt.set, "set") // followed, as the sandbox does
			if res.IsError {
				t.Fatalf("env set: %s", text(res))
			}
			if next := str(m["next"]); !strings.Contains(next, "will likely crash") || !strings.Contains(next, "Fix the variable first: zerops_env action=set") ||
				!strings.Contains(next, "then zerops_verify") || strings.Contains(next, "new values") {
				t.Errorf("env set: next %q, want the crash, the env fix, then zerops_verify", next)
			}
			check := func(what string, diags any, next string) {
				t.Helper()
				first := firstDiagnosis(diags)
				for _, w := range tt.want {
					if !strings.Contains(first["cause"]+" "+first["fix"]+" "+next, w) {
						t.Errorf("%s: diagnosis %v lacks %q", what, first, w)
					}
				}
				for _, bad := range []string{"rollback=true", "zerops_deploy again", "run.envVariables"} {
					if strings.Contains(first["fix"]+" "+next, bad) {
						t.Errorf("%s sends to %q: fix %q, next %q", what, bad, first["fix"], next)
					}
				}
			}
			m = h.verifyUntil(t, func(svc map[string]any) bool { return svc["diagnoses"] != nil })
			svc := firstService(m)
			check("verify", svc["diagnoses"], str(m["next"]))
			_, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
			check("logs", m["diagnoses"], str(m["next"]))
			if next := str(m["next"]); strings.Contains(next, "zerops_deploy") || !strings.Contains(next, "then zerops_verify") {
				t.Errorf("logs: next %q, want the env fix then zerops_verify only", next)
			}
			_, m = h.callWith(t, context.Background(), "zerops_deploy", deployArgs, "again")
			c, _ := m["check"].(map[string]any)
			check("deploy", c["diagnoses"], str(m["next"]))

			if res, _ := h.call(t, "zerops_env", tt.fixCall); res.IsError {
				t.Fatalf("env fix: %s", text(res))
			}
			h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
			if res, m := h.callWith(t, context.Background(), "zerops_deploy", deployArgs, "fixed"); m["verdict"] != "live" {
				t.Fatalf("with the variable fixed the deploy is not live: %s", text(res))
			}
		})
	}
}

// verifyUntil calls zerops_verify on appstage until done holds for its
// service, as an agent told to check again does; it fails after 20 s.
func (h *harness) verifyUntil(t *testing.T, done func(map[string]any) bool) map[string]any {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
		if done(firstService(m)) {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("zerops_verify did not reach the state in 20 s: %s", text(res))
		}
		<-tick.C
	}
}

// firstService is the first entry of a verify answer's services, with its
// next step: the answer's, where the answer left the service's out (it
// states each next step once).
func firstService(m map[string]any) map[string]any {
	list, _ := m["services"].([]any)
	if len(list) == 0 {
		return map[string]any{}
	}
	s, _ := list[0].(map[string]any)
	if _, ok := s["next"]; !ok && len(list) == 1 {
		s["next"] = m["next"]
	}
	return s
}

// str is v as a string, "" when it is none.
func str(v any) string {
	s, _ := v.(string)
	return s
}

// A reference to a missing service written in zerops.yml's run.envVariables
// is fixed there, keeping the key and naming the project's service of that
// kind; zerops_deploy, zerops_verify and zerops_logs each say the fix once
// and never propose another key (${<hostname>_hostname}) or a zerops_env
// call. Applied, the next deploy is live.
func TestDeploy_MissingServiceInZeropsYmlKeepsTheKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	withRef := func(ref string) map[string]string {
		return map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
			"start: node index.js\n      envVariables:\n        DATABASE_URL: "+ref)}
	}
	writeApp(t, h.workDir(t), withRef("${postgres_connectionString}"))
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	const kept = "${db_connectionString} (db is postgresql@16)"
	answers := map[string]string{}
	res, _ := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
	answers["deploy"] = text(res)
	res, _ = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	answers["verify"] = text(res)
	res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	answers["logs"] = text(res)
	for what, answer := range answers {
		if n := strings.Count(answer, kept); n != 1 {
			t.Errorf("%s states %s %d times, want once: %s", what, kept, n, answer)
		}
		for _, bad := range []string{"_hostname}", "zerops_env"} {
			if strings.Contains(answer, bad) {
				t.Errorf("%s proposes %q: %s", what, bad, answer)
			}
		}
		if !strings.Contains(answer, "DATABASE_URL") || !strings.Contains(answer, "`run.envVariables`") {
			t.Errorf("%s does not name DATABASE_URL in run.envVariables: %s", what, answer)
		}
	}
	writeApp(t, h.workDir(t), withRef("${db_connectionString}"))
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
		t.Fatalf("with the reference fixed the deploy is not live: %s", text(res))
	}
}
