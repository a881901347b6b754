package mcp_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform/ops"
)

// A crash-looping app that nothing probes (no run.ports, TCP ports only, or
// ZCP outside the project network) is judged from its log: it exits on
// start and is restarted, so neither the deploy nor verify says it answers,
// and the next step is the start fix.
func TestDeployVerify_CrashLoopNothingProbedIsNoAnswer(t *testing.T) {
	t.Parallel()
	noPorts := strings.ReplaceAll(demoZeropsYml, "      ports: [{port: 3000, httpSupport: true}]\n", "")
	tcpOnly := strings.ReplaceAll(demoZeropsYml, "{port: 3000, httpSupport: true}", "{port: 3000, protocol: tcp}")
	tests := []struct {
		name    string
		yml     string
		outside bool // ZCP cannot reach the project network: every probe is skipped
	}{
		{"no run.ports", noPorts, false},
		{"TCP port only", tcpOnly, false},
		{"HTTP port, outside the project network", demoZeropsYml, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := harnessOpts{sandboxPush: true}
			if tt.outside {
				o.deps = func(d *mcp.Deps) {
					fake := d.Prober.Rewrite
					d.Prober = &ops.Prober{Rewrite: fake, Resolve: func(context.Context, string) error { return errors.New("no such host") }}
				}
			}
			h := newHarness(t, o)
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(tt.yml, "start: node index.js", "start: node missing.js")})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "crash")
			if m["verdict"] != "not-answering" {
				t.Errorf("deploy verdict %v, want not-answering: %s", m["verdict"], text(res))
			}
			if msg, _ := m["message"].(string); strings.Contains(msg, " answers") {
				t.Errorf("deploy message says it answers: %s", msg)
			}
			if next, _ := m["next"].(string); !strings.Contains(next, "in place of `missing.js`") {
				t.Errorf("deploy next %q lacks the start-file fix", next)
			}
			res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
			svcs, _ := m["services"].([]any)
			if len(svcs) != 1 {
				t.Fatalf("verify services %v: %s", svcs, text(res))
			}
			s, _ := svcs[0].(map[string]any)
			reason, _ := s["reason"].(string)
			if s["verdict"] != "failing" || strings.Contains(reason, " answers") || !strings.Contains(reason, "restart") || strings.Contains(reason, "(s)") {
				t.Errorf("verify verdict %v, reason %q: want failing, a crash loop, no \"answers\"", s["verdict"], reason)
			}
			if next, _ := m["next"].(string); !strings.Contains(next, "in place of `missing.js`") || s["next"] != nil { // said once, as the answer's
				t.Errorf("verify next %q lacks the start-file fix", next)
			}
		})
	}
}
