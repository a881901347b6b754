package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// After zerops_subdomain enable, the step to verify does not repeat the
// URL the answer already shows in subdomainUrls (walk: redundancy).
func TestSubdomain_EnableNextDoesNotRepeatTheURL(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.callWith(t, context.Background(), "zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "enable"}, "enable")
	wantOK(t, res)
	urls, _ := m["subdomainUrls"].([]any)
	next := str(m["next"])
	if len(urls) != 1 || !strings.Contains(next, "zerops_verify serviceHostname=appdev") || strings.Contains(next, urls[0].(string)) {
		t.Errorf("enable: next %q repeats the URL shown in subdomainUrls %v, or does not verify appdev", next, urls)
	}
}
