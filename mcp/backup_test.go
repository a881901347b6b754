package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestBackup_CreateAndList lists no backup of a fresh database (the next
// step makes one: there is nothing to restore), backs it up, lists it with its size,
// time and retention, and is refused for a runtime with the reason.
func TestBackup_CreateAndList(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "backups", "serviceHostname": "db"})
	wantOK(t, res)
	if m["backups"] != nil || !strings.Contains(text(res), "0 backup(s)") {
		t.Fatalf("a fresh database lists backups: %s", text(res))
	}
	if next := str(m["next"]); strings.Contains(next, "restore") || !strings.Contains(next, "no backup yet") {
		t.Errorf("no backup yet, the next step restores one: %s", next)
	}
	res, _ = h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"})
	wantOK(t, res)
	if out := text(res); !strings.Contains(out, "Backup of db stored: db-") {
		t.Errorf("backup does not name the backup it stored: %s", out)
	}
	// walk 76: "keep the data safe" learnt the 7 days only at the delete.
	if out := text(res); !strings.Contains(out, "its backups stay 7 days after") {
		t.Errorf("backup does not say how long backups outlive a delete: %s", out)
	}
	res, m = h.call(t, "zerops_manage", map[string]any{"action": "backups", "serviceHostname": "db"})
	wantOK(t, res)
	list, _ := m["backups"].([]any)
	if len(list) != 1 {
		t.Fatalf("backups after one backup: %s", text(res))
	}
	b := list[0].(map[string]any)
	if b["name"] == "" || b["size"].(float64) <= 0 || b["created"] == nil {
		t.Errorf("a backup without name, size or time: %v", b)
	}
	if out := text(res); !strings.Contains(out, "at least 7 daily") {
		t.Errorf("the list does not say how long backups are kept: %s", out)
	}

	// The way on fits what the service holds: object storage's files are
	// the state itself, to be copied out of its bucket, not moved into a
	// database (walk 13, Mattermost's s3).
	for host, way := range map[string]string{"appdev": "repository", "storage": "S3 client"} {
		res, m = h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": host})
		wantError(t, res, m, platform.ErrInvalidUsage)
		if msg := m["error"].(string); !strings.Contains(msg, "no platform backups") || !strings.Contains(msg, "postgresql") {
			t.Errorf("backup of %s is refused without the reason: %s", host, msg)
		}
		if s := str(m["suggestion"]); !strings.Contains(s, way) || host == "storage" && strings.Contains(s, "database") {
			t.Errorf("backup of %s: the suggestion does not name %q: %s", host, way, s)
		}
	}
}

// TestBackup_DeleteNamesBackup asks to delete data services without confirm:
// the answer names the latest backup, says there is none and how to make
// one, or that the type keeps none; a runtime gets no backup note.
func TestBackup_DeleteNamesBackup(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, host string
		backup     bool
		want       string
	}{
		{"database with a backup", "db", true, "Latest backup: db-"},
		{"database without backups", "db", false, "db has no backup, so its data is gone with it; if that data matters, back it up first with zerops_manage action=backup serviceHostname=db."},
		{"object storage", "storage", false, "keeps no backups of object-storage: its data is gone with it. Its files are in an S3-compatible bucket: copy them"},
		{"runtime", "appdev", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			if tt.backup {
				res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": tt.host})
				wantOK(t, res)
			}
			res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": tt.host})
			wantError(t, res, m, platform.ErrConfirmRequired)
			msg := m["error"].(string)
			if tt.want == "" && strings.Contains(strings.ToLower(msg), "backup") {
				t.Errorf("a runtime's deletion mentions backups: %s", msg)
			}
			if !strings.Contains(msg, tt.want) {
				t.Errorf("deletion of %s: %q does not hold %q", tt.host, msg, tt.want)
			}
		})
	}
}
