package knowledge_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// TestVersionHelpers_FakeAPICatalog runs the version helpers over a catalog
// fetched through the real client from the fake API, so the helpers see the
// wire shape (build types, disabled versions, unversioned storage types).
func TestVersionHelpers_FakeAPICatalog(t *testing.T) {
	t.Parallel()
	srv := fakeapi.StartTB(t, fakeapi.Options{})
	c, err := platform.NewZeropsClient(platform.ClientConfig{APIURL: srv.URL(), Token: srv.Token()})
	if err != nil {
		t.Fatalf("NewZeropsClient: %v", err)
	}
	types, err := c.ListServiceStackTypes(context.Background())
	if err != nil {
		t.Fatalf("ListServiceStackTypes: %v", err)
	}

	list := knowledge.FormatStackList(types)
	for _, want := range []string{"nodejs@{20,22,24}", "bun@{1.2,1.3,canary,nightly}", "valkey@7.2", "postgresql@{14,16,17,18}", "object-storage", "static"} {
		if !strings.Contains(list, want) {
			t.Errorf("stack list lacks %q:\n%s", want, list)
		}
	}
	if strings.Contains(list, "nodejs@18") || strings.Contains(list, "php@") {
		t.Errorf("stack list shows a disabled or build-only version:\n%s", list)
	}

	check := knowledge.FormatVersionCheck("bun@1", []string{"postgresql@16", "valkey@8", "php@8.4"}, types)
	for _, want := range []string{"⚠ bun@1", "Use bun@1.3", "✓ postgresql@16", "⚠ valkey@8", "Use valkey@7.2", `⚠ php@8.4 — type "php" is not in the catalog`, "php-nginx"} {
		if !strings.Contains(check, want) {
			t.Errorf("version check lacks %q:\n%s", want, check)
		}
	}
}

// TestContextWithCatalog_Budget: with the live catalog of the fake API the
// context text replaces its written catalog and stays within about 1,000
// tokens (bytes/3.5, a conservative estimate for markdown with code).
func TestContextWithCatalog_Budget(t *testing.T) {
	t.Parallel()
	srv := fakeapi.StartTB(t, fakeapi.Options{})
	c, err := platform.NewZeropsClient(platform.ClientConfig{APIURL: srv.URL(), Token: srv.Token()})
	if err != nil {
		t.Fatalf("NewZeropsClient: %v", err)
	}
	types, err := c.ListServiceStackTypes(context.Background())
	if err != nil {
		t.Fatalf("ListServiceStackTypes: %v", err)
	}
	live := knowledge.FormatStackList(types)
	text := knowledge.ContextWithCatalog(live)
	if !strings.Contains(text, live) {
		t.Error("context lacks the live catalog")
	}
	if strings.Contains(text, "## Service catalog (type@version)") || strings.Contains(text, "<!--") {
		t.Errorf("context keeps the written catalog or a marker next to the live one:\n%s", text)
	}
	if tokens := len(text) * 10 / 35; tokens > 1000 {
		t.Errorf("context with live catalog ≈ %d tokens (%d bytes), want ≤ 1000", tokens, len(text))
	}
	written := knowledge.ContextWithCatalog("")
	if written != knowledge.ContextText() || !strings.Contains(written, "## Service catalog (type@version)") {
		t.Error("without a live catalog the written one is kept")
	}
	if tokens := len(written) * 10 / 35; tokens > 1000 {
		t.Errorf("context with written catalog ≈ %d tokens (%d bytes), want ≤ 1000", tokens, len(written))
	}
	for _, want := range []string{"forcePathStyle", "X-Forwarded-Proto", "zsc execOnce"} {
		if !strings.Contains(text, want) {
			t.Errorf("context lacks %q", want)
		}
	}
}
