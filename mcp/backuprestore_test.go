package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A backup's next step names how that type's backup is restored: the
// platform has no restore of its own, only the download, and each type's
// backup is loaded with its own tool, as the knowledge base's backups page
// and the Zerops docs say (walk 8: a ClickHouse backup was answered
// "restore and download are in the Zerops UI"; walk9b: so were
// PostgreSQL's, Qdrant's snapshot and shared storage's archive).
func TestBackup_RestoreWayPerType(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, host, want, not string
	}{
		{"clickhouse", "olap", "RESTORE ALL FROM S3", "restore and download are in the Zerops UI"},
		{"postgresql", "db", "pg_restore", "restore and download are in the Zerops UI"},
		{"qdrant", "vec", "snapshot restore API", "restore and download are in the Zerops UI"},
		{"shared storage", "files", "tar -xzf <file> -C /mnt/files", "restore and download are in the Zerops UI"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: olap\n    type: clickhouse@25.3\n    mode: NON_HA\n  - hostname: vec\n    type: qdrant@1.12\n    mode: NON_HA\n  - hostname: files\n    type: shared-storage\n    mode: NON_HA\n"}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			for _, action := range []string{"backup", "backups"} {
				res, m := h.call(t, "zerops_manage", map[string]any{"action": action, "serviceHostname": tt.host})
				wantOK(t, res)
				next := str(m["next"])
				if !strings.Contains(next, tt.want) || strings.Contains(next, tt.not) {
					t.Errorf("%s of %s: next %q, want %q and not %q", action, tt.host, next, tt.want, tt.not)
				}
			}
		})
	}
}
