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

// TestExport_ReferencesToServicesLeftOut: exporting one service keeps its
// variables that reference services the export leaves out; imported into
// another project they resolve to nothing, so the note names each such
// variable and the service it references, and what to do, while the YAML
// keeps the reference as written (issue 34 walk, export goal).
func TestExport_ReferencesToServicesLeftOut(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name      string
		args      map[string]any
		vars      []any
		want, not []string
	}{
		{name: "OneServiceReferencesDb", args: map[string]any{"serviceHostname": "appdev"},
			vars: []any{"DATABASE_URL=${db_connectionString}"},
			want: []string{"appdev.DATABASE_URL references db (${db_connectionString})", "export db too", "set the value"}},
		{name: "URLOfSeveralReferencesNamesDbOnce", args: map[string]any{"serviceHostname": "appdev"},
			vars: []any{"DB_URL=postgresql://${db_user}:${db_password}@${db_hostname}:5432", "CACHE=${cache_hostname}"},
			want: []string{"appdev.DB_URL references db (${db_user}, ${db_password}, ${db_hostname})", "appdev.CACHE references cache (${cache_hostname})", "export cache, db too"}},
		{name: "WholeProjectKeepsDb", args: map[string]any{},
			vars: []any{"DATABASE_URL=${db_connectionString}"},
			not:  []string{"leaves out"}},
		{name: "NoReferences", args: map[string]any{"serviceHostname": "appdev"},
			vars: []any{"MODE=production"},
			not:  []string{"leaves out"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
				"variables": tt.vars}, "env")
			wantOK(t, res)
			res, m := h.call(t, "zerops_export", tt.args)
			wantOK(t, res)
			note, yml := str(m["note"]), str(m["yaml"])
			for _, w := range tt.want {
				if !strings.Contains(note, w) {
					t.Errorf("the note lacks %q: %s", w, note)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(note, w) {
					t.Errorf("the note has %q: %s", w, note)
				}
			}
			for _, v := range tt.vars {
				if k, val, _ := strings.Cut(v.(string), "="); strings.Contains(val, "${") && !strings.Contains(yml, k+": "+val) {
					t.Errorf("the YAML lost %s as set:\n%s", v, yml)
				}
			}
		})
	}
}
