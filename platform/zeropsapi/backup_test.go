package zeropsapi_test

import (
	"slices"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestZeropsClient_BackupTags creates backups through the SDK with and
// without tags, lists them with the tags the platform keeps and the
// retention's protected tags, and has a tag outside the documented form
// refused by the API.
func TestZeropsClient_BackupTags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		tags      []string
		protected []string
		wantErr   bool
	}{
		{name: "untagged"},
		{name: "one tag", tags: []string{"pre-migration"}},
		{name: "several tags, one protected", tags: []string{"keep:v2", "before_delete"}, protected: []string{"before_delete"}},
		{name: "tag over 24 characters", tags: []string{"a-tag-longer-than-24-chars"}, wantErr: true},
		{name: "tag with a space", tags: []string{"pre migration"}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, c := fake(t)
			ctx := ctxT(t)
			id := srv.ServiceID("db")
			if tt.protected != nil {
				srv.SetBackupProtectedTags(id, tt.protected...)
			}
			err := c.CreateBackup(ctx, id, tt.tags)
			if tt.wantErr {
				if platform.ErrorCode(err) == "" {
					t.Fatalf("CreateBackup(%q) = %v, want the API's refusal", tt.tags, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("CreateBackup(%q): %v", tt.tags, err)
			}
			l, err := c.ListBackups(ctx, id)
			if err != nil || len(l.Files) != 1 {
				t.Fatalf("ListBackups = %+v, %v; want one backup", l, err)
			}
			if got := l.Files[0].Tags; !slices.Equal(got, tt.tags) {
				t.Errorf("listed tags = %q, want %q", got, tt.tags)
			}
			if !slices.Equal(l.ProtectedTags, tt.protected) {
				t.Errorf("protected tags = %q, want %q", l.ProtectedTags, tt.protected)
			}
		})
	}
}
