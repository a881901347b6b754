package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestDeploy_MissingVariableFixNamesIt: an app that stops at start because
// a variable it requires is unset gets a fix naming that variable, said
// once, in one place: a secret as the service's secret (zerops_env with a
// restart, no deploy, never in zerops.yml), another in run.envVariables
// with a deploy; never the generic reference advice. Followed, it is live
// (issue 34 walk: "Set it in zerops.yml or as a secret …; a reference like
// ${db_hostname} needs …; then zerops_deploy again").
func TestDeploy_MissingVariableFixNamesIt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key  string
		want, not  []string
		viaEnv     bool // the fix is a zerops_env set with restart
		fixedYmlKV string
	}{
		{"a secret", "JWT_SECRET",
			[]string{`zerops_env action=set serviceHostname=appstage variables=["JWT_SECRET=`, "restart=true"},
			[]string{"zerops_deploy", "`run.envVariables`", "${db_hostname}"}, true, ""},
		{"a setting", "API_BASE_URL",
			[]string{"API_BASE_URL", "`run.envVariables`", "zerops_deploy"},
			[]string{"zerops_env action=set", "${db_hostname}"}, false, "API_BASE_URL: http://api:8000"},
		// Walk 82: DB_HOST got "its value, or a reference to another
		// service's variable (${<hostname>_<variable>})", naming no service.
		{"another service's host", "DB_HOST",
			[]string{"Set DB_HOST: ${db_hostname} in `run.envVariables`", "db is postgresql@16", "zerops_deploy"},
			[]string{"zerops_env action=set", "its value", "<hostname>"}, false, "DB_HOST: ${db_hostname}"},
		{"another service's password", "DB_PASSWORD",
			[]string{"Set DB_PASSWORD: ${db_password} in `run.envVariables`", "zerops_deploy"},
			[]string{"zerops_env action=set", "<value>"}, false, "DB_PASSWORD: ${db_password}"},
		{"a cache's host", "REDIS_HOST",
			[]string{"Set REDIS_HOST: ${cache_hostname} in `run.envVariables`", "cache is valkey@7.2"},
			[]string{"zerops_env action=set", "its value"}, false, "REDIS_HOST: ${cache_hostname}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			writeApp(t, h.workDir(t), map[string]string{"index.js": "if (!process.env." + tt.key + ") throw new Error('" + tt.key + " is required');\n" + demoApp["index.js"]})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
			next := str(m["next"])
			if m["verdict"] != "not-answering" || !strings.Contains(next, tt.key) {
				t.Fatalf("verdict %v, next %q: want not-answering naming %s: %s", m["verdict"], next, tt.key, text(res))
			}
			for _, w := range tt.want {
				if !strings.Contains(next, w) {
					t.Errorf("next %q lacks %q", next, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(next, n) {
					t.Errorf("next %q has %q", next, n)
				}
			}
			if tt.viaEnv {
				res, _ = h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
					"variables": []string{tt.key + "=x7Hq2-long-random-value"}, "restart": true}, "set")
				wantOK(t, res)
				h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
				return
			}
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
				"start: node index.js\n      envVariables:\n        "+tt.fixedYmlKV)})
			if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
				t.Fatalf("with %s set the verdict is %v, want live: %s", tt.key, m["verdict"], text(res))
			}
		})
	}
}

// TestVerify_RestartWithVariableReadsTheWholeApp: an app that stopped at
// its first line for a variable (a KeyError before its imports) is judged
// whole once a restart gives it the variable: its imports and their
// installs were not read by the start that stopped, and the restarted one
// said it could not check them (issue 34 walk: unverified, "no install the
// sandbox read names them", though requirements.txt did).
func TestVerify_RestartWithVariableReadsTheWholeApp(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": pyZeropsYml("uvicorn main:app --host 0.0.0.0 --port 8000"),
		"requirements.txt": "fastapi\nuvicorn\n", "lib/__init__.py": "", "lib/models.py": "class User: pass\n",
		"main.py": "import os\nKEY = os.environ[\"STRIPE_API_KEY\"]\nfrom fastapi import FastAPI\nfrom lib.models import User\napp = FastAPI()\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "broken")
	if m["verdict"] != "not-answering" || !strings.Contains(str(m["next"]), "STRIPE_API_KEY") {
		t.Fatalf("verdict %v: want not-answering naming STRIPE_API_KEY: %s", m["verdict"], text(res))
	}
	res, _ = h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"STRIPE_API_KEY=sk_test_51HxYz"}, "restart": true}, "set")
	wantOK(t, res)
	h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
}

// A variable the app stopped without, set since as a secret but without a
// restart: zerops_verify and zerops_logs send the agent to restart, not to
// set it again, which would change nothing (walk 7: "Set JWT_SECRET as a
// secret of the service …" once more after it was set). Restarted, it is
// healthy.
func TestVerify_VariableSetSinceTheStartNeedsARestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"index.js": "if (!process.env.JWT_SECRET) throw new Error('JWT_SECRET is required');\n" + demoApp["index.js"]})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "broken"); m["verdict"] != "not-answering" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"JWT_SECRET=x7Hq2-long-random-value"}}, "set") // no restart
	wantOK(t, res)
	for _, tool := range []string{"zerops_verify", "zerops_logs"} {
		res, m := h.call(t, tool, map[string]any{"serviceHostname": "appstage"})
		next := str(m["next"])
		if !strings.Contains(next, "zerops_manage action=restart serviceHostname=appstage") || strings.Contains(next, "zerops_env action=set") {
			t.Errorf("%s next %q, want the restart, not the variable set again: %s", tool, next, text(res))
		}
	}
	res, _ = h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "restart")
	wantOK(t, res)
	h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
}

// TestDeploy_VariableOnlyInBuildEnv_SaysTheRunLacksIt: an app that stops
// at start for a variable zerops.yml sets in build.envVariables only is
// told that the build container alone gets it, and its one fix moves it
// where the run container reads it: a secret as the service's secret, a
// setting into run.envVariables. Followed, it is live (issue 34 walk 12:
// "no variable gives it a value" for SECRET_KEY set in build.envVariables).
func TestDeploy_VariableOnlyInBuildEnv_SaysTheRunLacksIt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key string
		want, not []string
		viaEnv    bool
	}{
		{"a secret", "JWT_SECRET",
			[]string{"`build.envVariables`", "only the build container", `zerops_env action=set serviceHostname=appstage variables=["JWT_SECRET=`, "restart=true"},
			[]string{"no variable gives it a value"}, true},
		{"a setting", "API_BASE_URL",
			[]string{"`build.envVariables`", "only the build container", "`run.envVariables`", "zerops_deploy"},
			[]string{"no variable gives it a value", "zerops_env action=set"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			buildEnv := func(run string) string {
				return strings.ReplaceAll(strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]",
					"buildCommands: [npm ci]\n      envVariables:\n        "+tt.key+": http://api:8000"),
					"start: node index.js", "start: node index.js"+run)
			}
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": buildEnv(""),
				"index.js": "if (!process.env." + tt.key + ") throw new Error('" + tt.key + " is required');\n" + demoApp["index.js"]})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
			if m["verdict"] != "not-answering" {
				t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], text(res))
			}
			all := str(m["next"]) + " " + fmt.Sprint(m["check"])
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("answer lacks %q: %s", w, all)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(all, n) {
					t.Errorf("answer has %q: %s", n, all)
				}
			}
			if tt.viaEnv {
				res, _ = h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
					"variables": []string{tt.key + "=x7Hq2-long-random-value"}, "restart": true}, "set")
				wantOK(t, res)
				h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
				return
			}
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": buildEnv("\n      envVariables:\n        " + tt.key + ": http://api:8000")})
			if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
				t.Fatalf("with %s in run.envVariables the verdict is %v, want live: %s", tt.key, m["verdict"], text(res))
			}
		})
	}
}

// TestDeploy_UnresolvedReferenceNamesTheLikelyKey: walk 83 wrote DB_PASS:
// ${db_pass} (db's variable is password); validate named ${db_password},
// but the deploy's reason said only that the reference resolves to
// nothing, where a debugging agent reads. It names the likely key too.
func TestDeploy_UnresolvedReferenceNamesTheLikelyKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        DB_PASS: ${db_pass}")})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	check, _ := m["check"].(map[string]any)
	if m["verdict"] != "unverified" || !strings.Contains(str(check["reason"]), "DB_PASS holds ${db_pass}, likely ${db_password}") {
		t.Errorf("verdict %v: want unverified naming the likely key: %s", m["verdict"], text(res))
	}
}
