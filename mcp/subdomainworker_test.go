package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Enabling the subdomain of a runtime deployed without an HTTP port says
// that its deployed zerops.yml declares none, and that a service serving no
// HTTP needs no subdomain, instead of "no deploy has registered a port
// yet" and a port to add (walk9b: a Go worker, deployed twice without
// run.ports, was told to deploy with {port: 3000, httpSupport: true}).
func TestSubdomain_DeployedWithoutHTTPPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, ports, want string
	}{
		{"no ports", "", "declares no run.ports"},
		{"a port without httpSupport", "ports: [{port: 9000}]", "9000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			yml := strings.ReplaceAll(demoZeropsYml, "      ports: [{port: 3000, httpSupport: true}]\n", "")
			if tt.ports != "" {
				yml = strings.ReplaceAll(demoZeropsYml, "ports: [{port: 3000, httpSupport: true}]", tt.ports)
			}
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
			if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d"); res.IsError {
				t.Fatalf("deploy: %s", text(res))
			}
			res, m := h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": "appstage", "action": "enable"})
			wantError(t, res, m, "SUBDOMAIN_NO_HTTP_PORT")
			msg, sugg := str(m["error"]), str(m["suggestion"])
			if strings.Contains(msg, "yet") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q, want the deployed zerops.yml's ports (%q), not a port still to come", msg, tt.want)
			}
			if !strings.Contains(sugg, "needs no subdomain") {
				t.Errorf("suggestion %q does not say a service serving no HTTP needs no subdomain", sugg)
			}
		})
	}
}
