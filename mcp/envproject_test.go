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
// the database restarted). Valkey's docs name VALKEY_MAXMEMORY_POLICY as
// the one variable it reads (services made before profile overrides): the
// answer says the key likely configures nothing there, names where the
// policy is set and the restart call, and restarts nothing. A key the
// service's docs say it reads (Elasticsearch's HEAP_PERCENT, which needs a
// restart) is applied as asked, and MariaDB takes its system variables so.
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
			if !strings.Contains(warnings, "managed service") || !strings.Contains(warnings, "profileOverrides") ||
				!strings.Contains(warnings, "VALKEY_MAXMEMORY_POLICY") || !strings.Contains(warnings, "zerops_manage action=restart serviceHostname=cache") {
				t.Errorf("warnings %q: want the key the docs name, where Valkey's policy is set and the restart call", warnings)
			}
			if strings.Contains(warnings, "takes no settings") || strings.Contains(next, "reads none") {
				t.Errorf("warnings %q / next %q: claim more than the docs say", warnings, next)
			}
			if strings.Contains(next, "new values") || strings.Contains(next, "action=restart") || m["restarted"] != nil {
				t.Errorf("next %q (restarted %v): claims or restarts for a value the service likely does not read", next, m["restarted"])
			}
		})
	}
}

// TestEnv_ManagedServiceReadsWhatItsDocsName: a variable a managed
// service's docs page says it reads gets no "configures nothing" warning,
// and restart: true restarts it.
func TestEnv_ManagedServiceReadsWhatItsDocsName(t *testing.T) {
	t.Parallel()
	tests := []struct{ typ, key string }{
		{"elasticsearch@8.16", "HEAP_PERCENT=75"},
		{"nats@2.10", "MAX_PAYLOAD=16MB"},
		{"mariadb@10.6", "lower_case_table_names=1"},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: svc\n    type: " + tt.typ + "\n    mode: NON_HA\n"}, "import")
			wantOK(t, res)
			res, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "svc",
				"variables": []string{tt.key}, "restart": true}, "set")
			wantOK(t, res)
			if w := fmt.Sprint(m["warnings"]); strings.Contains(w, "likely configure") {
				t.Errorf("warnings %q: a variable its docs say it reads called useless", w)
			}
			if strings.Contains(str(m["next"]), "was not restarted") {
				t.Errorf("next %q: not restarted though its docs say it reads the key: %s", str(m["next"]), text(res))
			}
		})
	}
}

// Walk 14: a zerops.yml reference to a project variable stayed unresolved
// after the project variables were set, where that variable is built from
// another (the guide's URLs from ${zeropsSubdomainHost}, Medusa's store
// URLs): the app read the literal text. It resolves through the chain,
// whatever order the keys sort in, and the app listens on the port it names.
func TestEnv_ProjectVariableChainResolves(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "project": true,
		"variables": []string{"WEB_PORT=${DEFAULT_PORT}", "DEFAULT_PORT=3000"}}, "set")
	wantOK(t, res)
	app := maps.Clone(demoApp)
	app["zerops.yml"] = strings.Replace(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables: {PORT: '${WEB_PORT}'}", 1)
	app["index.js"] = "require('http').createServer((q, s) => s.end('ok')).listen(process.env.PORT || 8080, '0.0.0.0');\n"
	writeApp(t, h.workDir(t), app)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	if m["verdict"] != "live" {
		t.Errorf("verdict %v, want live: PORT is ${WEB_PORT}, the project's ${DEFAULT_PORT}, 3000\n%s", m["verdict"], text(res))
	}
}

// A service's get lists the project variables its containers also get,
// marked project, except a key the service holds itself (its own value
// wins) (walk 75c: "does the app see both" had no answer from the
// service's view).
func TestEnv_ServiceGetListsProjectVariables(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"API_KEY=s3cr3t", "REGION=own"}}, "svc")
	wantOK(t, res)
	res, _ = h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "project": true, "variables": []string{"REGION=eu", "TZ=UTC"}}, "proj")
	wantOK(t, res)
	h.fake.EndProcesses()
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appstage"})
	wantOK(t, res)
	from := map[string]string{}
	for _, v := range m["variables"].([]any) {
		v := v.(map[string]any)
		from[str(v["key"])+"="+str(v["value"])] = str(v["from"])
	}
	if from["API_KEY=s3cr3t"] != "secret" || from["TZ=UTC"] != "project" || from["REGION=own"] != "secret" {
		t.Errorf("get lists %v: want API_KEY as secret, TZ as project, REGION as the service's own", from)
	}
	if _, ok := from["REGION=eu"]; ok {
		t.Errorf("get lists the project's REGION, which the service's own shadows: %v", from)
	}
}

// Deleting a key other running apps reference as ${host_KEY} names them
// (walk 78: renaming a variable said nothing of its readers).
func TestEnv_DeleteNamesTheAppsReferencingTheKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"OLD_NAME=v"}}, "a")
	wantOK(t, res)
	res, _ = h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"FROM_DEV=${appdev_OLD_NAME}"}}, "b")
	wantOK(t, res)
	h.fake.EndProcesses()
	if _, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy"); m["verdict"] == nil {
		t.Fatalf("deploy: %v", m)
	}
	res, m := h.call(t, "zerops_env", map[string]any{"action": "delete", "serviceHostname": "appdev", "variables": []string{"OLD_NAME"}})
	wantOK(t, res)
	if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, "appstage references OLD_NAME of appdev") {
		t.Errorf("delete warnings %s: want appstage named as referencing it", w)
	}
}
