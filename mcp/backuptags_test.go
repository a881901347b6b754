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
		{name: "untagged", note: "Untagged: a manual backup gets no daily/weekly/monthly tag and only a protected tag spares it from automatic deletion (Zerops docs); to keep one, set one in the service's backup retention settings"},
		{name: "untagged, protected tags set", protected: []string{"keep"}, note: `Untagged: a manual backup gets no daily/weekly/monthly tag and only a protected tag spares it from automatic deletion (Zerops docs); to keep one, back up with tags=["keep"] (protected here: keep)`},
		{name: "a list", tags: []string{"pre-delete", "keep:v2", "pre-delete"}, want: []string{"pre-delete", "keep:v2"}, note: "Tagged pre-delete, keep:v2, none protected: a manual backup gets no"},
		{name: "a single string", tags: "pre-delete", want: []string{"pre-delete"}, note: "Tagged pre-delete, none protected"},
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

// TestBackupTags_Refused: tags outside the documented form (up to 24
// letters, digits and :-_), too many, of the wrong JSON type or on another
// action are refused with the fix, and no backup is made.
func TestBackupTags_Refused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		action string
		tags   any
		code   string
		want   string // in the error and suggestion
	}{
		{"a space", "backup", []string{"pre delete"}, platform.ErrInvalidParameter, `tag "pre delete" is not 1-24 letters`},
		{"25 characters", "backup", []string{strings.Repeat("a", 25)}, platform.ErrInvalidParameter, "is not 1-24 letters, digits, ':', '-' or '_'"},
		{"a comma-joined string", "backup", "pre-delete,keep", platform.ErrInvalidParameter, `tag "pre-delete,keep" is not`},
		{"an empty tag", "backup", []string{"ok", ""}, platform.ErrInvalidParameter, `tag "" is not`},
		{"non-ASCII letters", "backup", []string{"zálohа"}, platform.ErrInvalidParameter, "is not 1-24 letters"},
		{"eleven tags", "backup", []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11"}, platform.ErrInvalidParameter, "11 tags, at most 10"},
		{"a number", "backup", 5, platform.ErrInvalidParameter, `Pass tags as a list of backup tags, e.g. tags: ["pre-delete"]`},
		{"on a restart", "restart", []string{"pre-delete"}, platform.ErrInvalidUsage, "tags label a new backup; action=restart takes none"},
		{"on a listing", "backups", []string{"pre-delete"}, platform.ErrInvalidUsage, "action=backups takes none"},
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
			if n := h.fake.CountRequests("POST", "service-stack/"+h.fake.ServiceID("db")+"/backup"); n != 0 {
				t.Errorf("a refused backup still sent %d backup request(s)", n)
			}
		})
	}
}
