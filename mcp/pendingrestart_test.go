package mcp

import (
	"strings"
	"testing"
	"time"
)

// TestPendingRestart_DatesAcrossDays: a start on another day than the
// change is dated, so yesterday's 02:17 does not read as after today's
// 01:13 (walk 85); the same day keeps the time alone.
func TestPendingRestart_DatesAcrossDays(t *testing.T) {
	t.Parallel()
	changed := time.Date(2026, 12, 5, 1, 13, 11, 0, time.UTC)
	tests := []struct {
		name    string
		started time.Time
		want    string
	}{
		{"yesterday", time.Date(2026, 12, 4, 2, 17, 16, 0, time.UTC), "changed at 2026-12-05 01:13:11 UTC, after its app last started (2026-12-04 02:17:16 UTC)"},
		{"a year before, the same day", time.Date(2025, 12, 5, 0, 1, 0, 0, time.UTC), "(2025-12-05 00:01:00 UTC)"},
		{"the same day", time.Date(2026, 12, 5, 0, 50, 0, 0, time.UTC), "changed at 01:13:11 UTC, after its app last started (00:50:00 UTC)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := pendingRestart("appdev", changed, tt.started); !strings.Contains(got, tt.want) {
				t.Errorf("pendingRestart = %q, want %q in it", got, tt.want)
			}
		})
	}
}
