package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A rollback puts back code, not what the versions rolled back from did
// at their start: Medusa's recipe migrates the database in run.initCommands
// (`zsc execOnce ${appVersionId}_migration -- yarn migrate`), and a
// rollback after such a deploy said nothing of it (walk 13). The answer
// names the commands that version ran and that the database keeps what
// they changed; a version with no init commands says nothing of them.
func TestRollback_NamesTheInitCommandsRolledBackFrom(t *testing.T) {
	t.Parallel()
	const migrate = "zsc execOnce ${appVersionId}_migration -- npm run migrate"
	const seed = "zsc execOnce seed -- mkdir -p tmp" // one the sandbox models: its verdict does not name it
	for _, tt := range []struct {
		name         string
		init1, init2 string // run.initCommands of the first and second push
		want, reject []string
	}{
		{"a migration", "", "      initCommands: ['" + migrate + "']\n", []string{"version #2", migrate, "not what they changed"}, nil},
		// A fixed execOnce key both versions hold ran once, for #1.
		{"a key run before", "      initCommands: ['" + seed + "']\n", "      initCommands: ['" + seed + "', '" + migrate + "']\n", []string{migrate}, []string{seed}},
		{"no init commands", "", "", nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			dep := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			for i := range 2 {
				yml := strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n"+[]string{tt.init1, tt.init2}[i], 1)
				writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml,
					"package.json": `{"name": "demo", "version": "1.0.0", "scripts": {"start": "node index.js", "migrate": "node index.js"}}` + "\n",
					"index.js":     demoApp["index.js"] + strings.Repeat("// v\n", i)})
				// Unverified with an init command: the sandbox does not run `npm run migrate`.
				if res, m := h.callWith(t, ctx, "zerops_deploy", dep, "d"); m["verdict"] != "live" && m["verdict"] != "unverified" {
					t.Fatalf("push %d: %s", i+1, text(res))
				}
			}
			res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"targetService": "appstage", "rollback": true}, "b")
			if m["verdict"] != "live" && m["verdict"] != "unverified" {
				t.Fatalf("rollback: %s", text(res))
			}
			all := text(res)
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("the rollback does not say %q: %s", w, all)
				}
			}
			for _, w := range tt.reject {
				if strings.Contains(all, w) {
					t.Errorf("the rollback names %q, which ran before: %s", w, all)
				}
			}
			if tt.want == nil && strings.Contains(all, "initCommands") {
				t.Errorf("the rollback names init commands no version ran: %s", all)
			}
			if n := strings.Count(all, "not what they changed"); n > 1 {
				t.Errorf("said %d times: %s", n, all)
			}
		})
	}
}

// A rollback the sandbox cannot call live (a server it does not model:
// Medusa's `medusa start`) said only what was not checked; the working
// files still hold the version rolled back from, and the next push brings
// it back, as a live rollback says (walk 13).
func TestRollback_UnverifiedSaysWhatTheFilesHold(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	dep := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	for i := range 2 {
		writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "start: node index.js", "start: npm start", 1),
			"package.json": `{"name": "shop", "version": "1.0.0", "scripts": {"start": "medusa start"}}` + "\n",
			"index.js":     demoApp["index.js"] + strings.Repeat("// v\n", i)})
		if res, m := h.callWith(t, ctx, "zerops_deploy", dep, "d"); m["verdict"] != "unverified" {
			t.Fatalf("push %d: %s", i+1, text(res))
		}
	}
	res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"targetService": "appstage", "rollback": true}, "b")
	if m["verdict"] != "unverified" {
		t.Fatalf("rollback: %s", text(res))
	}
	if next := str(m["next"]); !strings.Contains(next, "still hold the version rolled back from") || strings.Count(next, "still hold") != 1 {
		t.Errorf("next does not say once what the working files hold: %s", next)
	}
}
