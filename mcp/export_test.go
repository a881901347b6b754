package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestExport_RoundTripsWithoutSecrets exports the project holding a secret:
// the YAML names the key with a placeholder, never the value, and ZCP's own
// dry run accepts it in a fresh project that lacks those hostnames.
func TestExport_RoundTripsWithoutSecrets(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	const value = "s3cr3t-Value-Never-Shown-42"
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"variables": []string{"API_KEY=" + value}}, "env")
	wantOK(t, res)
	if got := h.secretOf(t, "appdev", "API_KEY"); got != value {
		t.Fatalf("the secret was not set: %q", got)
	}

	types, err := h.client.ListServiceStackTypes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []map[string]any{{}, {"serviceHostname": "appdev"}, {"serviceHostname": "db"}} {
		res, m := h.call(t, "zerops_export", args)
		wantOK(t, res)
		out := text(res)
		y := m["yaml"].(string)
		if strings.Contains(out, value) || strings.Contains(y, "project:") {
			t.Fatalf("export %v holds the secret or the project section: %s", args, out)
		}
		if args["serviceHostname"] != "db" && (!strings.Contains(y, ops.Placeholder("API_KEY")) || !strings.Contains(m["next"].(string), "appdev.API_KEY")) {
			t.Errorf("export %v does not name the secret to fill in: %s", args, out)
		}
		fresh := h.fake.AddProject("fresh")
		check, err := ops.CheckImport(ctx, h.client, fresh, y, types)
		if err != nil || !check.Valid || len(check.Problems) > 0 || !check.HostnamesChecked {
			t.Errorf("the dry run of export %v in a fresh project: %+v, %v\n%s", args, check, err, y)
		}
		if check, err := ops.CheckImport(ctx, h.client, h.fake.ProjectID(), y, types); err != nil || check.Valid {
			t.Errorf("the dry run of export %v into its own project passes: its hostnames are taken (%v)", args, err)
		}
	}
	res, m := h.call(t, "zerops_export", map[string]any{"serviceHostname": "nosuch"})
	wantError(t, res, m, platform.ErrServiceNotFound)
}
