package knowledge_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// TestVersionHelpers_FakeAPICatalog runs the version helpers over a catalog
// fetched through the real client from the fake API, so the helpers see the
// wire shape (build types, disabled versions, unversioned storage types).
func TestVersionHelpers_FakeAPICatalog(t *testing.T) {
	t.Parallel()
	srv := fakeapi.StartTB(t, fakeapi.Options{})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: srv.URL(), Token: srv.Token()})
	if err != nil {
		t.Fatalf("NewZeropsClient: %v", err)
	}
	types, err := c.ListServiceStackTypes(context.Background())
	if err != nil {
		t.Fatalf("ListServiceStackTypes: %v", err)
	}

	list := knowledge.FormatStackList(types)
	for _, want := range []string{"nodejs@{18,20,22,24}", "bun@{1.1,1.2,1.3,canary,nightly}", "valkey@7.2", "postgresql@{14,16,17,18}", "object-storage", "static"} {
		if !strings.Contains(list, want) {
			t.Errorf("stack list lacks %q:\n%s", want, list)
		}
	}
	if strings.Contains(list, "php@") {
		t.Errorf("stack list shows a build-only version:\n%s", list)
	}

	check := knowledge.FormatVersionCheck("bun@9", []string{"postgresql@16", "valkey@8", "php@8.4"}, types)
	for _, want := range []string{"⚠ bun@9", "Use bun@1.3", "✓ postgresql@16", "⚠ valkey@8", "Use valkey@7.2", `⚠ php@8.4 — type "php" is not in the catalog`, "php-nginx"} {
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
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: srv.URL(), Token: srv.Token()})
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

// fakeCatalogTypes reads the fake API's type catalog through the real client.
func fakeCatalogTypes(t *testing.T) []platform.ServiceStackType {
	t.Helper()
	srv := fakeapi.StartTB(t, fakeapi.Options{})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: srv.URL(), Token: srv.Token()})
	if err != nil {
		t.Fatalf("NewZeropsClient: %v", err)
	}
	types, err := c.ListServiceStackTypes(context.Background())
	if err != nil {
		t.Fatalf("ListServiceStackTypes: %v", err)
	}
	return types
}

// factsVersions is the facts' list of offered service types
// (zerops-platform.md, "Service types (mid-2026)"), legacy ones included.
var factsVersions = []string{
	"nodejs@20", "nodejs@22", "nodejs@24", "bun@1.2", "bun@1.3", "bun@canary", "bun@nightly", "deno@2",
	"python@3.11", "python@3.12", "python@3.14", "php-nginx@8.3", "php-nginx@8.4", "php-nginx@8.5",
	"php-apache@8.3", "php-apache@8.4", "php-apache@8.5", "go@1", "go@1.22", "rust@stable", "rust@nightly",
	"java@17", "java@21", "dotnet@8", "dotnet@9", "dotnet@10", "elixir@1.16", "gleam@1.5",
	"ruby@3.2", "ruby@3.3", "ruby@3.4", "static", "nginx@1.22", "docker@26.1",
	"alpine@3.20", "alpine@3.21", "alpine@3.22", "alpine@3.23", "ubuntu@22.04", "ubuntu@24.04",
	"postgresql@14", "postgresql@16", "postgresql@17", "postgresql@18", "mariadb@10.6", "clickhouse@25.3",
	"valkey@7.2", "elasticsearch@8.16", "elasticsearch@9.2", "meilisearch@1.10", "meilisearch@1.20",
	"typesense@27.1", "typesense@30.2", "qdrant@1.10", "qdrant@1.12", "nats@2.10", "nats@2.12", "kafka@3.9",
	"object-storage", "shared-storage", "keydb@6", "rabbitmq@3.9",
}

// TestFakeCatalog_FactsVersions: the fake's catalog offers (ACTIVE, not
// build-only) every version of the facts' list, and the version check
// calls none of the listed ones, old or alias, invalid.
func TestFakeCatalog_FactsVersions(t *testing.T) {
	t.Parallel()
	types := fakeCatalogTypes(t)
	var offered []string
	for _, typ := range types {
		for _, v := range typ.Versions {
			if strings.EqualFold(string(v.Status), string(platform.TypeVersionActive)) && !v.IsBuild {
				offered = append(offered, v.Name)
			}
		}
	}
	for _, want := range factsVersions {
		if !slices.Contains(offered, want) {
			t.Errorf("the catalog does not offer %s, which the facts list", want)
		}
	}
	// Versions the facts list, old or alias, are valid: none is withdrawn.
	for _, typ := range []string{"deno@1", "alpine@3.17", "alpine@3.18", "alpine@3.19",
		"php-nginx@8.1", "php-apache@8.1", "dotnet@6", "dotnet@7", "kafka@3.8", "rust@1", "rust@1.78", "rust@1.80",
		"rust@1.86", "nodejs@18", "nodejs@latest", "golang@1", "elixir@1"} {
		if check := knowledge.FormatVersionCheck("", []string{typ}, types); !strings.Contains(check, "✓ "+typ+" — valid") {
			t.Errorf("version check of the listed %s:\n%s", typ, check)
		}
	}
	for _, typ := range []string{"rust@stable", "gleam@1.5", "nodejs@24", "alpine@3.20", "php-nginx@8.3", "dotnet@8", "kafka@3.9"} {
		if check := knowledge.FormatVersionCheck("", []string{typ}, types); !strings.Contains(check, "✓ "+typ+" — valid") {
			t.Errorf("version check of %s:\n%s", typ, check)
		}
	}
	if check := knowledge.FormatVersionCheck("alpine/gleam@1.5", nil, types); !strings.Contains(check, "✓") || strings.Contains(check, "Ubuntu") {
		t.Errorf("gleam runs on Alpine too, the check says:\n%s", check)
	}
}

// defaultRe finds a document's named default ("Default: `nodejs@24`").
var defaultRe = regexp.MustCompile("Default(?: choice)?: `([a-z-]+)@([^`]+)`")

// TestDocs_DefaultsAgreeWithVersionCheck: every "Default: `type@version`" in
// the corpus and the context's defaults name the version the version check
// suggests (the catalog's newest stable; for an Ubuntu-only newest, the newest
// that runs on Alpine).
func TestDocs_DefaultsAgreeWithVersionCheck(t *testing.T) {
	t.Parallel()
	cat := platform.NewCatalog(fakeCatalogTypes(t))
	docs, err := knowledge.Documents()
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, d := range docs {
		for _, m := range defaultRe.FindAllStringSubmatch(d.Content, -1) {
			found++
			ct := cat.Type(m[1])
			if ct == nil {
				t.Errorf("%s: default %s@%s: type not in the catalog", d.Path, m[1], m[2])
				continue
			}
			if newest := ct.Newest(); !agreesWithNewest(m[1]+"@"+m[2], newest) {
				t.Errorf("%s: default %s@%s, the version check suggests %s", d.Path, m[1], m[2], newest)
			}
		}
	}
	if found < 5 {
		t.Errorf("%d defaults found in the corpus, want at least 5 (pattern out of date?)", found)
	}
	ctx := knowledge.ContextText()
	_, defaults, _ := strings.Cut(ctx, "## Defaults")
	for _, name := range []string{"nodejs", "python"} {
		want := cat.Type(name).Newest()
		m := regexp.MustCompile(name + `@[0-9.]+`).FindString(defaults)
		if !agreesWithNewest(m, want) {
			t.Errorf("context default %q, the version check suggests %s", m, want)
		}
	}
}

// agreesWithNewest: v is newest, or the Alpine version an Ubuntu-only newest names.
func agreesWithNewest(v, newest string) bool {
	return v == newest || strings.HasSuffix(newest, "on Alpine "+v+")")
}
