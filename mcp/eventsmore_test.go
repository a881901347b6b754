package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestEvents_SinceSaysWhatItLeftOut: a window (since) holding more events
// than the limit shows the newest and says that older ones in the window
// were left out and how to see them; a limit that covers the window, or
// no since, says nothing more.
func TestEvents_SinceSaysWhatItLeftOut(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	for i := range 5 {
		res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
			"variables": []string{fmt.Sprintf("K%d=v", i)}}, fmt.Sprintf("env%d", i))
		wantOK(t, res)
	}
	for _, tt := range []struct {
		args map[string]any
		more string // "" when nothing is left out
	}{
		{map[string]any{"since": "1h", "limit": 3}, "only the 3 newest events since"},
		{map[string]any{"since": "1h", "limit": 200}, ""},
		{map[string]any{"limit": 3}, ""},
	} {
		res, m := h.call(t, "zerops_events", tt.args)
		wantOK(t, res)
		more := str(m["more"])
		if tt.more == "" && more != "" || tt.more != "" && (!strings.Contains(more, tt.more) || !strings.Contains(more, "limit up to 200")) {
			t.Errorf("events %v: more %q, want %q", tt.args, more, tt.more)
		}
	}
}
