package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestManage_DeletedServiceAnswersWhatIsLeft: after ZCP deleted db (a
// backup asked first), a call naming db answers SERVICE_NOT_FOUND saying
// db was deleted, naming its latest backup and how to get it back, once,
// never "use one of these hostnames" (walk 12 asked db's backups after the
// delete and was pointed at the other services). A hostname never in the
// project still lists the existing ones.
func TestManage_DeletedServiceAnswersWhatIsLeft(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"})
	wantOK(t, res)
	backups, _ := m["backups"].([]any)
	if len(backups) == 0 {
		t.Fatalf("no backup made: %s", text(res))
	}
	name := backups[len(backups)-1].(map[string]any)["name"].(string)
	id := h.fake.ServiceID("db")
	res, _ = h.callWith(t, context.Background(), "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	await(t, "db gone", func() bool {
		_, err := h.client.GetService(platform.FreshRead(context.Background()), id)
		return platform.ErrorCode(err) == platform.ErrServiceNotFound
	})
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"zerops_manage", map[string]any{"action": "backups", "serviceHostname": "db"}},
		{"zerops_discover", map[string]any{"serviceHostname": "db"}},
		{"zerops_logs", map[string]any{"serviceHostname": "db"}},
	} {
		res, m := h.call(t, tc.tool, tc.args)
		wantError(t, res, m, platform.ErrServiceNotFound)
		out := text(res)
		if !strings.Contains(m["error"].(string), "was deleted") || strings.Count(out, name) != 1 ||
			!strings.Contains(m["suggestion"].(string), "zerops_import") || strings.Contains(out, "Use one of these hostnames") {
			t.Errorf("%s on the deleted db: want it said deleted, its backup %s named once and how to create it again: %s", tc.tool, name, out)
		}
	}
	res, m = h.call(t, "zerops_manage", map[string]any{"action": "backups", "serviceHostname": "nosuch"})
	wantError(t, res, m, platform.ErrServiceNotFound)
	if !strings.Contains(m["suggestion"].(string), "appdev") {
		t.Errorf("an unknown hostname does not list the existing ones: %s", text(res))
	}
}

// TestManage_RecreatedServiceBackupsNameTheDeletedOnes: db created again
// after ZCP deleted it starts empty; its own backup list is empty, and the
// answer's next is the deleted db's backup to restore into it (kept 7
// days), not "make one now" of an empty database (walk 12).
func TestManage_RecreatedServiceBackupsNameTheDeletedOnes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"})
	wantOK(t, res)
	backups, _ := m["backups"].([]any)
	if len(backups) == 0 {
		t.Fatalf("no backup made: %s", text(res))
	}
	name := backups[len(backups)-1].(map[string]any)["name"].(string)
	id := h.fake.ServiceID("db")
	res, _ = h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	await(t, "db gone", func() bool {
		_, err := h.client.GetService(platform.FreshRead(ctx), id)
		return platform.ErrorCode(err) == platform.ErrServiceNotFound
	})
	res, _ = h.callWith(t, ctx, "zerops_import", map[string]any{"content": "services:\n  - hostname: db\n    type: postgresql:single@16\n"}, "imp")
	wantOK(t, res)
	res, m = h.call(t, "zerops_manage", map[string]any{"action": "backups", "serviceHostname": "db"})
	wantOK(t, res)
	next, _ := m["next"].(string)
	if !strings.Contains(next, name) || !strings.Contains(next, "pg_restore") || strings.Contains(next, "makes one now") {
		t.Errorf("next of the new db's empty backup list: want the deleted db's backup %s to restore: %s", name, next)
	}
}
