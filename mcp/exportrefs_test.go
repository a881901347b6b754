package mcp_test

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestExport_ReferencesKeptSecretsMasked: a service variable whose value is
// references (${db_hostname}, or a URL made of them) holds no secret of its
// own: the export keeps it as written, importable as it is; only a value of
// its own is a placeholder to fill in (issue 34 walk).
func TestExport_ReferencesKeptSecretsMasked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	const url = "postgresql://${db_user}:${db_password}@${db_hostname}:5432/${db_dbName}"
	res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"variables": []any{"DB_HOST=${db_hostname}", "DATABASE_URL=" + url, "API_KEY=k7Gq2vLx9PzR4mWt8YcB"}}, "env")
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	yml := str(m["yaml"])
	for _, w := range []string{"DB_HOST: ${db_hostname}", "DATABASE_URL: " + url, "API_KEY: <fill in API_KEY>"} {
		if !strings.Contains(yml, w) {
			t.Errorf("the export lacks %q:\n%s", w, yml)
		}
	}
	if strings.Contains(text(res), "k7Gq2vLx9PzR4mWt8YcB") {
		t.Errorf("the export shows the secret: %s", text(res))
	}
	secrets, _ := m["secrets"].([]any)
	if !slices.Equal(secrets, []any{"appdev.API_KEY"}) {
		t.Errorf("secrets to fill in = %v, want only appdev.API_KEY", secrets)
	}
	if next := str(m["next"]); strings.Contains(next, "DB_HOST") || strings.Contains(next, "DATABASE_URL") {
		t.Errorf("next asks to fill in a reference: %s", next)
	}
}
