package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestEnv_DatabasePasswordNextIsTheDatabaseStep: a set of a database's
// password variable changes the variable only (the PostgreSQL and MariaDB
// pages: the user's password in the database does not follow). Walk 11:
// the answer's next was "restart db so it reads the new values", a restart
// that changes no password, while a warning held the real step. The step
// is next, stated once; the warning says what was done and no more (no
// docs claim the PostgreSQL page lacks), whether ZCP waited for the
// process or not.
func TestEnv_DatabasePasswordNextIsTheDatabaseStep(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, host, typ string
		token           any
		refs            bool
		want            []string // in next
		notInWarnings   []string
	}{
		{"postgresql followed", "db", "", "p1", false, []string{"ALTER USER db WITH PASSWORD", "No other service references"}, []string{"connectionString follows"}},
		{"postgresql not followed", "db", "", nil, false, []string{"ALTER USER db WITH PASSWORD", "zerops_process"}, nil},
		{"postgresql read by appdev", "db", "", "p2", true, []string{"ALTER USER db WITH PASSWORD", "zerops_manage action=restart serviceHostname=appdev"}, nil},
		{"mariadb followed", "maria", "mariadb@10.6", "p3", false, []string{"ALTER USER 'maria'@'%' IDENTIFIED BY"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			if tc.typ != "" {
				yml := "services:\n  - hostname: " + tc.host + "\n    type: " + tc.typ + "\n    mode: NON_HA\n"
				if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": yml}, "imp"); res.IsError {
					t.Fatalf("import: %s", text(res))
				}
			}
			if tc.refs {
				res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
					"variables": []string{"DATABASE_URL=${" + tc.host + "_connectionString}"}}, "ref")
				wantOK(t, res)
			}
			res, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": tc.host,
				"variables": []string{"password=n3wPassw0rd"}}, tc.token)
			wantOK(t, res)
			next, _ := m["next"].(string)
			for _, w := range tc.want {
				if !strings.Contains(next, w) {
					t.Errorf("next lacks %q: %s", w, next)
				}
			}
			if strings.Contains(next, "serviceHostname="+tc.host+" ") || strings.HasSuffix(next, "serviceHostname="+tc.host) ||
				strings.Contains(next, "restart "+tc.host) {
				t.Errorf("next restarts %s, which changes no password: %s", tc.host, next)
			}
			if n := strings.Count(text(res), "ALTER USER"); n != 1 {
				t.Errorf("the database step is stated %d times, want once: %s", n, text(res))
			}
			warnings := ""
			for _, w := range m["warnings"].([]any) {
				warnings += w.(string) + "\n"
			}
			if !strings.Contains(warnings, "only the variable password of "+tc.host) || !strings.Contains(warnings, "not the password of its database user") {
				t.Errorf("the warning does not say what was done and what was not: %s", warnings)
			}
			for _, w := range tc.notInWarnings {
				if strings.Contains(warnings, w) {
					t.Errorf("the warning claims %q, which the docs do not say for %s: %s", w, tc.host, warnings)
				}
			}
		})
	}
}
