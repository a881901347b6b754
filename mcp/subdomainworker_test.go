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

// Enabling the subdomain of a service whose last deploy declares no HTTP
// port: the answer says that deploy's zerops.yml declares none (not "no
// deploy has registered a port … yet" of a service deployed with one
// before), and that a worker without HTTP needs no subdomain (walk 9: a
// Go worker deployed to a service that had served HTTP).
func TestSubdomain_LastDeployWithoutHTTPPort(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "web"); res.IsError {
		t.Fatalf("deploy: %s", text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "      ports: [{port: 3000, httpSupport: true}]\n", "", 1)})
	if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "worker"); res.IsError {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": "appstage", "action": "enable"})
	answer := text(res)
	if m["code"] != "SUBDOMAIN_NO_HTTP_PORT" || strings.Contains(answer, "no deploy has registered") ||
		!strings.Contains(answer, "declares no run.ports") || !strings.Contains(answer, "needs no subdomain") {
		t.Errorf("the answer does not say the last deploy declares no HTTP port: %s", answer)
	}
}
