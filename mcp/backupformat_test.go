package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestBackup_NamedInItsTypesFormat: a backup's file is named in the format
// its type's page of the Zerops docs gives (PostgreSQL a .zip, MariaDB a
// .xb.gz, Qdrant a .snapshot, ...), and the restore step the answer gives
// fits that file; a type whose page names no format gets no extension
// (walk 10: every backup was a .tar.gz, a Qdrant snapshot too).
func TestBackup_NamedInItsTypesFormat(t *testing.T) {
	t.Parallel()
	const imports = "services:\n" +
		"  - hostname: olap\n    type: clickhouse@25.3\n    mode: NON_HA\n" +
		"  - hostname: vec\n    type: qdrant@1.12\n    mode: NON_HA\n" +
		"  - hostname: files\n    type: shared-storage\n    mode: NON_HA\n" +
		"  - hostname: maria\n    type: mariadb@10.6\n    mode: NON_HA\n" +
		"  - hostname: es\n    type: elasticsearch@8.16\n    mode: NON_HA\n" +
		"  - hostname: search\n    type: meilisearch@1.10\n    mode: NON_HA\n" +
		"  - hostname: bus\n    type: nats@2.12\n    mode: NON_HA\n"
	tests := []struct {
		host, ext, restore string
	}{
		{"db", ".zip", "unzip it"},
		{"maria", ".xb.gz", "mariabackup archive"},
		{"olap", ".tar.gz", "unpack the archive"},
		{"vec", ".snapshot", "Qdrant snapshot"},
		{"es", ".gz", "elasticdump files"},
		{"search", ".dump", "Meilisearch dump"},
		{"bus", ".tar.gz", "NATS CLI"},
		{"files", ".tar.gz", "tar -xzf"},
		{"cache", "", "Valkey's own tools"},
	}
	h := newHarness(t, harnessOpts{})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": imports}, "imp"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			res, m := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": tt.host})
			wantOK(t, res)
			list, _ := m["backups"].([]any)
			if len(list) != 1 {
				t.Fatalf("backups of %s after one backup: %s", tt.host, text(res))
			}
			name := str(list[0].(map[string]any)["name"])
			stamp := strings.TrimPrefix(name, tt.host+"-")
			if got := stamp[min(len(stamp), len("2006-01-02-15-04-05")):]; got != tt.ext {
				t.Errorf("backup of %s is named %q: extension %q, want %q", tt.host, name, got, tt.ext)
			}
			if next := str(m["next"]); !strings.Contains(next, tt.restore) {
				t.Errorf("the restore step of %s does not fit its %q file (want %q): %s", tt.host, tt.ext, tt.restore, next)
			}
		})
	}
}

// TestBackup_ValkeyScheduleOffByDefault: Valkey's page of the Zerops docs
// says its platform backups exist but are off by default (walk 10: the
// backups answer gave Valkey the daily schedule of the databases). The
// answer says so and where they are switched on; a database keeps its
// daily schedule, and KeyDB, which no backup page lists, is refused.
func TestBackup_ValkeyScheduleOffByDefault(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tc := range []struct {
		host, action string
		want, never  []string
	}{
		{"cache", "backups", []string{"off by default", "Backups List & Configuration"}, []string{"0 0 * * *"}},
		{"cache", "backup", []string{"off by default"}, []string{"0 0 * * *"}},
		{"db", "backups", []string{"0 0 * * *"}, []string{"off by default"}},
	} {
		t.Run(tc.host+"/"+tc.action, func(t *testing.T) {
			res, _ := h.call(t, "zerops_manage", map[string]any{"action": tc.action, "serviceHostname": tc.host})
			wantOK(t, res)
			got := text(res)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("answer lacks %q: %s", w, got)
				}
			}
			for _, n := range tc.never {
				if strings.Contains(got, n) {
					t.Errorf("answer says %q: %s", n, got)
				}
			}
		})
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: kv\n    type: keydb@6\n    mode: NON_HA\n"}, "imp"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backups", "serviceHostname": "kv"})
	if !res.IsError || !strings.Contains(text(res), "no platform backups") {
		t.Errorf("KeyDB backups: want refused as having none, got %s", text(res))
	}
}
