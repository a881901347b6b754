package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A deploy whose readiness check never passed because the app stops for a
// missing secret: the failed version never ran, so the fix is to set the
// secret and deploy again; "restart=true; no deploy is needed" beside
// "then zerops_deploy again" contradicts itself (walk9b: Django's
// DJANGO_SECRET_KEY behind a readinessCheck). Followed, it is live.
func TestDeploy_FailedReadinessForMissingSecretDeploysAgain(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		first bool // the failing deploy is the service's first
	}{
		{"first deploy", true},
		{"after a live one", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			ready := strings.ReplaceAll(demoZeropsYml, "    run: &run\n", "    deploy: &deploy\n      readinessCheck:\n        httpGet: {port: 3000, path: /}\n    run: &run\n")
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": ready})
			if !tt.first {
				if res, m := h.callWith(t, ctx, "zerops_deploy", args, "good"); m["verdict"] != "live" {
					t.Fatalf("the first deploy is not live: %s", text(res))
				}
			}
			writeApp(t, h.workDir(t), map[string]string{"index.js": "if (!process.env.JWT_SECRET) throw new Error('JWT_SECRET is required');\n" + demoApp["index.js"]})
			res, m := h.callWith(t, ctx, "zerops_deploy", args, "broken")
			wantError(t, res, m, "DEPLOY_FAILED")
			sugg := str(m["suggestion"])
			if !strings.Contains(sugg, "JWT_SECRET") || !strings.Contains(sugg, "zerops_deploy") ||
				strings.Contains(sugg, "no deploy is needed") || strings.Contains(sugg, "restart=true") {
				t.Errorf("suggestion %q: want the secret set, then zerops_deploy, with no restart and no \"no deploy is needed\"", sugg)
			}
			if res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"JWT_SECRET=x7Hq2-long-random-value"}}, "set"); res.IsError {
				t.Fatalf("env set: %s", text(res))
			}
			if res, m := h.callWith(t, ctx, "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
				t.Errorf("with the secret set the deploy is not live: %s", text(res))
			}
		})
	}
}
