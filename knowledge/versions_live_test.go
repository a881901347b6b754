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
