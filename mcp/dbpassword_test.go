package mcp_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestEnv_SetDatabasePasswordIsSentWithWarnings: the PostgreSQL and
// MariaDB pages of the Zerops docs say the password variable can be
// changed (it does not change the database user's password, which is set
// in the database too). Walk 10: ZCP refused the set with rotation steps.
// The set now reaches the platform, and the answer warns what else must
// change: the user's password in the database, then a restart of the
// services that read it. A variable the platform generates read-only
// stays refused.
func TestEnv_SetDatabasePasswordIsSentWithWarnings(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"DATABASE_URL=${db_connectionString}"}})
	wantOK(t, res)
	// The platform applies a set when its process ends: the reference is
	// there before the password changes.
	await(t, "appdev's DATABASE_URL", func() bool {
		envs, err := h.client.GetServiceEnv(context.Background(), h.fake.ServiceID("appdev"))
		return err == nil && slices.ContainsFunc(envs, func(e platform.EnvVar) bool { return e.Key == "DATABASE_URL" })
	})
	res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "db", "variables": []string{"password=n3wPassw0rd"}})
	wantOK(t, res)
	out := text(res)
	for _, w := range []string{"ALTER USER", "appdev", "restart"} {
		if !strings.Contains(out, w) {
			t.Errorf("answer lacks %q: %s", w, out)
		}
	}
	if changed, _ := m["changed"].([]any); len(changed) != 1 || changed[0] != "password" {
		t.Errorf("changed = %v, want [password]: %s", m["changed"], out)
	}
	await(t, "db's password set", func() bool { return h.secretOf(t, "db", "password") == "n3wPassw0rd" })
	if got := h.secretOf(t, "db", "password"); got != "n3wPassw0rd" {
		t.Errorf("the platform's password variable = %q, want the value set", got)
	}
	if got := h.secretOf(t, "db", "connectionString"); !strings.Contains(got, ":n3wPassw0rd@") {
		t.Errorf("connectionString does not follow the password: %q", got)
	}
	res, _ = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "db", "variables": []string{"hostname=x"}})
	if !res.IsError || !strings.Contains(text(res), "generated") {
		t.Errorf("a read-only generated variable is not refused: %s", text(res))
	}
}
