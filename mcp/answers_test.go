package mcp_test

import (
	"strings"
	"testing"
)

// TestAnswers_TakenHostnameReusesNeverDeletes: the dry run's fix and the
// real import's refusal for a hostname already in use suggest reusing the
// live service or another hostname, never deleting it.
func TestAnswers_TakenHostnameReusesNeverDeletes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "services:\n  - hostname: appdev\n    type: nodejs@22\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": true})
	wantOK(t, res)
	fixes := ""
	for _, p := range issuesOf(m, "problems") {
		if p["path"] == "services[0](appdev).hostname" {
			fixes += p["fix"]
		}
	}
	if !strings.Contains(fixes, "Reuse the existing appdev") || !strings.Contains(fixes, "another hostname") {
		t.Errorf("fix does not offer reuse and another hostname: %s", text(res))
	}
	res, m = h.call(t, "zerops_import", map[string]any{"content": content})
	for _, answer := range []string{fixes, text(res)} {
		if low := strings.ToLower(answer); strings.Contains(low, "delete") {
			t.Errorf("answer to a taken hostname suggests a delete: %s", answer)
		}
	}
	_ = m
}
