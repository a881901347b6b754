package mcp_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestBackupTags_Create backs db up with the tags as the agent may write
// them: the backup answer and the list show them, and the note says, as
// the Zerops docs do, whether a protected tag spares it from automatic
// deletion and how to keep one.
func TestBackupTags_Create(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		tags      any // the argument as sent; nil: none
		protected []string
		want      []string // the listed tags
		note      string
	}{
		{name: "untagged", note: "Untagged: a manual backup gets no daily/weekly/monthly tag and only a protected tag spares it from automatic deletion (Zerops docs); to keep one, name a protected tag in the service's backup retention policy (Zerops UI; none is set here), then back up again with tags=[\"<that tag>\"]"},
		{name: "untagged, protected tags set", protected: []string{"keep"}, note: `Untagged: a manual backup gets no daily/weekly/monthly tag and only a protected tag spares it from automatic deletion (Zerops docs); to keep one, back up with tags=["keep"] (protected here: keep)`},
		{name: "a list", tags: []string{"pre-delete", "keep:v2", "pre-delete"}, want: []string{"pre-delete", "keep:v2"}, note: "Tagged pre-delete, keep:v2, none protected: a manual backup gets no"},
		{name: "a single string", tags: "pre-delete", want: []string{"pre-delete"}, note: "Tagged pre-delete, none protected"},
		{name: "a dot, as the docs' example has", tags: []string{"v2.1-release"}, want: []string{"v2.1-release"}, note: "Tagged v2.1-release, none protected"},
		{name: "a protected tag", tags: []string{"pre-delete", "keep"}, protected: []string{"keep"}, want: []string{"pre-delete", "keep"}, note: "Tagged pre-delete, keep: keep is a protected tag, so automatic deletion spares this backup (Zerops docs)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			if tt.protected != nil {
				h.fake.SetBackupProtectedTags(h.fake.ServiceID("db"), tt.protected...)
			}
			args := map[string]any{"action": "backup", "serviceHostname": "db"}
			if tt.tags != nil {
				args["tags"] = tt.tags
			}
			res, m := h.call(t, "zerops_manage", args)
			wantOK(t, res)
			if notes := fmt.Sprint(m["notes"]); !strings.Contains(notes, tt.note) {
				t.Errorf("the backup's notes do not say %q: %s", tt.note, notes)
			}
			if got := listedTags(t, m); !slices.Equal(got, tt.want) {
				t.Errorf("the backup answer lists tags %q, want %q", got, tt.want)
			}
			res, m = h.call(t, "zerops_manage", map[string]any{"action": "backups", "serviceHostname": "db"})
			wantOK(t, res)
			if got := listedTags(t, m); !slices.Equal(got, tt.want) {
				t.Errorf("backups lists tags %q, want %q", got, tt.want)
			}
			if protected := len(tt.protected) > 0; protected != strings.Contains(text(res), "every backup with a protected tag (keep)") {
				t.Errorf("the retention note names the protected tags %v only when set: %s", protected, text(res))
			}
		})
	}
}

// listedTags are the tags of the only backup an answer lists.
func listedTags(t *testing.T, m map[string]any) []string {
	t.Helper()
	list, _ := m["backups"].([]any)
	if len(list) != 1 {
		t.Fatalf("want one backup listed, got %v", m["backups"])
	}
	raw, _ := list[0].(map[string]any)["tags"].([]any)
	var tags []string
	for _, v := range raw {
		tags = append(tags, v.(string))
	}
	return tags
}

// TestBackupTags_Refused: tags empty, too many, of the wrong JSON type or
// on another action are refused by ZCP before any request; tags outside
// the guide's form are sent, and the fake's refusal (the guide's form and
// a dot) comes back with the tags turned into that form. No backup is
// made either way.
func TestBackupTags_Refused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		action string
		tags   any
		code   string
		want   string // in the error and suggestion
		sent   int    // backup requests sent
	}{
		{"a space", "backup", []string{"pre delete"}, platform.ErrInvalidParameter, `"pre delete" leaves; back up again with tags=["pre-delete"]`, 1},
		{"25 characters", "backup", []string{strings.Repeat("a", 25)}, platform.ErrInvalidParameter, `tags=["` + strings.Repeat("a", 24) + `"]`, 1},
		{"a comma-joined string", "backup", "pre-delete,keep", platform.ErrInvalidParameter, `back up again with tags=["pre-delete", "keep"]`, 1},
		{"non-ASCII letters", "backup", []string{"zálohа"}, platform.ErrInvalidParameter, "1-24 letters, digits, ':', '-' or '_'", 1},
		{"an empty tag", "backup", []string{"ok", ""}, platform.ErrInvalidParameter, `tag "" is empty`, 0},
		{"a control character", "backup", []string{"a\x00b"}, platform.ErrInvalidParameter, "has control characters", 0},
		{"eleven tags", "backup", []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11"}, platform.ErrInvalidParameter, "11 tags, at most 10", 0},
		{"a number", "backup", 5, platform.ErrInvalidParameter, `Pass tags as a list of backup tags, e.g. tags: ["pre-delete"]`, 0},
		{"on a restart", "restart", []string{"pre-delete"}, platform.ErrInvalidUsage, "tags label a new backup; action=restart takes none", 0},
		{"on a listing", "backups", []string{"pre-delete"}, platform.ErrInvalidUsage, "action=backups takes none", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			res, m := h.call(t, "zerops_manage", map[string]any{"action": tt.action, "serviceHostname": "db", "tags": tt.tags})
			wantError(t, res, m, tt.code)
			if all := str(m["error"]) + " " + str(m["suggestion"]); !strings.Contains(all, tt.want) {
				t.Errorf("the refusal does not say %q: %s", tt.want, all)
			}
			if n := h.fake.CountRequests("POST", "/service-stack/"+h.fake.ServiceID("db")+"/backup"); n != tt.sent {
				t.Errorf("%d backup request(s) sent, want %d", n, tt.sent)
			}
			res, m = h.call(t, "zerops_manage", map[string]any{"action": "backups", "serviceHostname": "db"})
			wantOK(t, res)
			if list, _ := m["backups"].([]any); len(list) != 0 {
				t.Errorf("a refused backup was stored: %s", text(res))
			}
		})
	}
}
