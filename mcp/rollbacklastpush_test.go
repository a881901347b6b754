package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// After a rollback the next step says what the working files hold: the
// last push, which is not always the version rolled back from (walk 12: a
// second rollback, from v1 to v2 with the broken v3 pushed last, said the
// files "still hold the version rolled back from", v1).
func TestRollback_NamesTheLastPush(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name         string
		broken       bool // the third push does not start
		want, reject []string
	}{
		{"last push failed", true, []string{"The last push was version #3, which failed", "fix it there"}, []string{"version rolled back from", "nothing to fix"}},
		{"last push rolled back to", false, []string{"nothing to fix", "runs version #3 again, the last one pushed"}, []string{"still hold", "rolled back from"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			dep := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			var ids []string
			for i, start := range []string{"node index.js", "node index.js", "node index.js"} {
				if i == 2 && tt.broken {
					start = "node missing.js"
				}
				writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: "+start),
					"index.js": demoApp["index.js"] + strings.Repeat("// v\n", i)})
				_, m := h.callWith(t, ctx, "zerops_deploy", dep, "d")
				b, _ := m["build"].(map[string]any)
				ids = append(ids, str(b["appVersionId"]))
			}
			back := map[string]any{"targetService": "appstage", "rollback": true, "appVersionId": ids[0]}
			if res, m := h.callWith(t, ctx, "zerops_deploy", back, "b1"); m["verdict"] != "live" {
				t.Fatalf("rollback to #1: %s", text(res))
			}
			back["appVersionId"] = ids[1]
			if !tt.broken {
				back["appVersionId"] = ids[2]
			}
			res, m := h.callWith(t, ctx, "zerops_deploy", back, "b2")
			if m["verdict"] != "live" {
				t.Fatalf("second rollback: %s", text(res))
			}
			next := str(m["next"])
			for _, w := range tt.want {
				if !strings.Contains(next, w) {
					t.Errorf("next lacks %q: %s", w, next)
				}
			}
			for _, w := range tt.reject {
				if strings.Contains(next, w) {
					t.Errorf("next has %q: %s", w, next)
				}
			}
		})
	}
}
