package mcp_test

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"
)

// Walk 10: a project variable REDIS_URL set with restart: true while web
// and sidekiq declared REDIS_URL in their zerops.yml; the answer said "the
// services run with the new values", yet a service's own variable wins
// over a project one. The answer names the services that keep their own
// value, and the next step claims the new value only for the others.
func TestEnv_ProjectVariableShadowedByAServiceOwnKey(t *testing.T) {
	t.Parallel()
	for _, restart := range []bool{true, false} {
		t.Run(fmt.Sprint("restart=", restart), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			// appstage declares NODE_ENV in its zerops.yml, as appdev does.
			app := maps.Clone(demoApp)
			app["zerops.yml"] = strings.Replace(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables: {NODE_ENV: production}", 1)
			writeApp(t, h.workDir(t), app)
			res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			wantOK(t, res)
			res, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "project": true,
				"variables": []string{"NODE_ENV=production", "LOG_LEVEL=debug"}, "restart": restart}, "set")
			wantOK(t, res)
			warnings := fmt.Sprint(m["warnings"])
			if !strings.Contains(warnings, "NODE_ENV") || !strings.Contains(warnings, "appdev, appstage") || strings.Contains(warnings, "LOG_LEVEL") {
				t.Errorf("warnings %q: want NODE_ENV named as kept by appdev's and appstage's own value, LOG_LEVEL not", warnings)
			}
			if n := strings.Count(warnings, "For "); n != 1 {
				t.Errorf("warnings %q: the fix is said %d times, want once", warnings, n)
			}
			next := str(m["next"])
			if strings.Contains(next, "run with the new values;") || !strings.Contains(next, "warnings") {
				t.Errorf("next %q: claims every service runs with the new values, or does not point at the warning", next)
			}
		})
	}
}

// Walk 10: MAXMEMORY_POLICY set as a variable of a Valkey service with
// restart: true was answered "the services run with the new values" (and
// the database restarted): a managed service takes no settings from the
// variables set on it. The answer says so, names where Valkey's eviction
// policy is set, and restarts nothing for it.
func TestEnv_VariableOnAManagedServiceConfiguresNothing(t *testing.T) {
	t.Parallel()
	for _, restart := range []bool{true, false} {
		t.Run(fmt.Sprint("restart=", restart), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			res, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "cache",
				"variables": []string{"MAXMEMORY_POLICY=allkeys-lru"}, "restart": restart}, "set")
			wantOK(t, res)
			warnings, next := fmt.Sprint(m["warnings"]), str(m["next"])
			if !strings.Contains(warnings, "managed service") || !strings.Contains(warnings, "profileOverrides") {
				t.Errorf("warnings %q: want the managed service named as reading none, and where Valkey's policy is set", warnings)
			}
			if strings.Contains(next, "new values") || strings.Contains(next, "action=restart") || m["restarted"] != nil {
				t.Errorf("next %q (restarted %v): claims or restarts for a value the service does not read", next, m["restarted"])
			}
		})
	}
}
