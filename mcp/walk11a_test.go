package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// A first deploy whose readiness check asks a port the app does not listen
// on (walk 11: a Fastify API on 3000, the check on 8080): the answer claims
// no version before it keeps running (none was deployed), and its fix moves
// the check to the port the app listens on, naming both.
func TestDeploy_FirstReadinessOnOtherPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, check string
		// fix is a part of the suggestion; none is what it must not say.
		fix, none string
	}{
		{"CheckOnUndeclaredPort", "{httpGet: {port: 8080, path: /}}",
			"`deploy.readinessCheck.httpGet.port` to 3000", "keeps running"},
		{"CheckOnAppPortButFailing", "{exec: {command: 'exit 1'}}",
			"exec", "keeps running"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }})
			writeApp(t, h.workDir(t), map[string]string{
				"zerops.yml": strings.Replace(demoZeropsYml, "    run: &run\n", "    deploy:\n      readinessCheck: "+tt.check+"\n    run: &run\n", 1)})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "first")
			wantError(t, res, m, platform.ErrDeployFailed)
			if strings.Contains(text(res), tt.none) || strings.Contains(text(res), "version before") {
				t.Errorf("a first deploy's answer claims a version before it runs: %s", text(res))
			}
			if !strings.Contains(str(m["suggestion"]), tt.fix) {
				t.Errorf("suggestion lacks %q: %s", tt.fix, text(res))
			}
		})
	}
}
