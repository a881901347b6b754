package mcp_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// An env get after a set without restart says the running app still has
// the values it started with (walk 12: a Bottle app's FEATURE_X set, no
// restart, and get answered only how to reference variables); after the
// restart, or a set with restart: true, it does not.
func TestEnvGet_SetSinceTheAppStarted(t *testing.T) {
	t.Parallel()
	const restartCall = "zerops_manage action=restart serviceHostname=appstage"
	for _, tt := range []struct {
		name    string
		set     map[string]any // a set after the deploy; nil: none
		restart bool           // a zerops_manage restart after it
		pending bool
	}{
		{"service secret, no restart", map[string]any{"serviceHostname": "appstage", "variables": []string{"FEATURE_X=on"}}, false, true},
		{"project variable, no restart", map[string]any{"project": true, "variables": []string{"GREETING=hi"}}, false, true},
		{"restarted after", map[string]any{"serviceHostname": "appstage", "variables": []string{"FEATURE_X=on"}}, true, false},
		{"set with restart", map[string]any{"serviceHostname": "appstage", "variables": []string{"FEATURE_X=on"}, "restart": true}, false, false},
		{"nothing set", nil, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d"); m["verdict"] != "live" {
				t.Fatalf("deploy: %s", text(res))
			}
			if tt.set != nil {
				tt.set["action"] = "set"
				if res, _ := h.callWith(t, ctx, "zerops_env", tt.set, "set"); res.IsError {
					t.Fatalf("set: %s", text(res))
				}
			}
			if tt.restart {
				if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "r"); res.IsError {
					t.Fatalf("restart: %s", text(res))
				}
			}
			res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appstage"})
			wantOK(t, res)
			next := str(m["next"])
			if got := strings.Contains(next, restartCall) && strings.Contains(next, "after its app last started"); got != tt.pending {
				t.Errorf("get next names the pending restart: %v, want %v: %s", got, tt.pending, next)
			}
		})
	}
}

// A finished variable change read with zerops_process names the restart,
// and, when the service's secret is a key the deployed zerops.yml declares
// too, says a restart does not give the app that secret (walk 74b: the set
// warned the app does not get the value, then the process said a restart
// applies it). A secret no zerops.yml key shadows gets the restart alone.
func TestProcess_RestartDoesNotGiveAShadowedSecret(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		key      string
		shadowed bool
	}{
		{"key zerops.yml declares", "MODE", true},
		{"key only a secret", "FEATURE_X", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "      start: node index.js\n",
				"      start: node index.js\n      envVariables:\n        MODE: from-yml\n", 1)})
			if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "d"); m["verdict"] != "live" {
				t.Fatalf("deploy: %s", text(res))
			}
			res, m := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{tt.key + "=x"}}, "set")
			if res.IsError {
				t.Fatalf("set: %s", text(res))
			}
			procs, _ := m["processes"].([]any)
			if len(procs) == 0 {
				t.Fatalf("set started no process: %s", text(res))
			}
			id := str(procs[0].(map[string]any)["id"])
			res, m = h.callWith(t, ctx, "zerops_process", map[string]any{"processId": id, "wait": true}, "p")
			wantOK(t, res)
			next := str(m["next"])
			if !strings.Contains(next, "zerops_manage action=restart serviceHostname=appstage") {
				t.Fatalf("next names no restart: %s", next)
			}
			said := strings.Contains(next, "A restart does not give the app the secret MODE") && strings.Contains(next, `variables=["MODE"]`)
			if said != tt.shadowed {
				t.Errorf("next says the restart does not give MODE: %v, want %v: %s", said, tt.shadowed, next)
			}
		})
	}
}

// Setting a variable to the value it holds sends nothing and restarts
// nothing, even with restart: true (walk 75: LOG_LEVEL set again to the
// same value was "changed" and restarted every runtime), but an app that
// has not read an earlier change is restarted when restart: true asks. A
// new value is sent as before.
func TestEnv_SameValueSendsNothing(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		target  map[string]any
		pending bool // the app started before the first set
	}{
		{"project, restarted after the first set", map[string]any{"project": true}, false},
		{"project, not restarted after the first set", map[string]any{"project": true}, true},
		{"service, restarted after the first set", map[string]any{"serviceHostname": "appstage"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d"); m["verdict"] != "live" {
				t.Fatalf("deploy: %s", text(res))
			}
			set := func(value string, restart bool) (string, map[string]any) {
				// repeat: the same call again is meant, not a replay
				args := map[string]any{"action": "set", "variables": []string{"LOG_LEVEL=" + value}, "restart": restart, "repeat": true}
				for k, v := range tt.target {
					args[k] = v
				}
				res, m := h.callWith(t, ctx, "zerops_env", args, "set-"+value)
				if res.IsError {
					t.Fatalf("set: %s", text(res))
				}
				h.fake.EndProcesses()
				return text(res), m
			}
			set("info", !tt.pending)
			before := mutations(h)
			answer, m := set("info", true)
			if tt.pending {
				// restart: true gives the apps the earlier change (walk 75c:
				// nothing was restarted, the answer named the restart).
				restarted, _ := m["restarted"].([]any)
				if m["changed"] != nil || !slices.Contains(restarted, any("appstage")) || !strings.Contains(answer, "was restarted") && !strings.Contains(answer, "were restarted") {
					t.Errorf("the same value with restart: true and an app behind: %s", answer)
				}
			} else if n := mutations(h) - before; n != 0 || m["changed"] != nil || !strings.Contains(answer, "nothing was sent and nothing was restarted") {
				t.Errorf("the same value sent %d changing requests: %s", n, answer)
			}
			if _, m = set("debug", false); m["changed"] == nil {
				t.Errorf("a new value is not sent: %v", m)
			}
		})
	}
}

// A finished variable change no running app has to read names where the
// variables show, not zerops_discover, which shows no value (walk 75).
func TestProcess_FinishedEnvChangeNamesEnvGet(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"FEATURE_X=on"}}, "set")
	if res.IsError {
		t.Fatalf("set: %s", text(res))
	}
	procs, _ := m["processes"].([]any)
	if len(procs) == 0 {
		t.Fatalf("set started no process: %s", text(res))
	}
	res, m = h.callWith(t, context.Background(), "zerops_process", map[string]any{"processId": str(procs[0].(map[string]any)["id"]), "wait": true}, "p")
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "zerops_env action=get") || strings.Contains(next, "zerops_discover") {
		t.Errorf("next = %q, want zerops_env action=get", next)
	}
}

// A get while a set's process still runs says so: what it sets is not
// listed yet (walk 75b: read right after the set, the secret was missing
// and the answer said only to restart). Once it has ended, no such word.
func TestEnvGet_ChangeStillRunningIsSaid(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour}) // the set's process ends only at EndProcesses
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"FEATURE_X=on"}})
	wantOK(t, res)
	res, _ = h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appdev"})
	if !strings.Contains(text(res), "is still running (zerops_process processId=") {
		t.Errorf("get during the change: %s", text(res))
	}
	h.fake.EndProcesses()
	res, _ = h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appdev"})
	if strings.Contains(text(res), "still running") {
		t.Errorf("get after the change: %s", text(res))
	}
}

// The same for the project's variables (walk 78: the project's get right
// after a set did not list the new key and said nothing of the change).
func TestEnvGet_ProjectChangeStillRunningIsSaid(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "project": true, "variables": []string{"REGION=eu"}})
	wantOK(t, res)
	res, _ = h.call(t, "zerops_env", map[string]any{"action": "get", "project": true})
	if !strings.Contains(text(res), "project's variables is still running (zerops_process processId=") {
		t.Errorf("get during the change: %s", text(res))
	}
	h.fake.EndProcesses()
	res, _ = h.call(t, "zerops_env", map[string]any{"action": "get", "project": true})
	if strings.Contains(text(res), "still running") {
		t.Errorf("get after the change: %s", text(res))
	}
}
