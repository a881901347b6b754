package ops_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/ops"
)

// recipes are the official recipes whose files testdata/recipes restates.
var recipes = []string{"elixir", "phoenix", "echo", "go-hello-world", "laravel-minimal", "nestjs", "django", "python", "umami",
	"ghost", "nette", "filament", "analog-static", "hono-deno", "bun", "rust", "dotnet", "ruby", "mailpit", "directus",
	"prometheus-grafana", "discord-py", "symfony", "imgproxy", "mattermost", "supertokens", "airflow", "wordpress",
	"scala", "laravel-jetstream", "java", "nextjs-static", "nuxt-static", "nuxt-nodejs", "astro-static", "solidjs-static",
	"qwik-static", "deno", "adminer", "metabase", "jenkins", "elk", "tegola", "zabbix", "rag-starter", "telegram-nodejs",
	"discord-bun", "prerender", "php", "python-hello-world", "nette-contributte", "medama", "quake3-server", "adminerevo",
	"docker", "medusa-storefront", "medusa-analogstore", "nodejs", "discord-nodejs", "adonis", "gleam", "spring",
	"astro-nodejs", "qwik-nodejs", "meilisearch"}

func readRecipe(t *testing.T, name, kind string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "recipes", name+"."+kind+".yml"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Official recipes validate with no error and dry-run their services with
// no problem: with the platform's schema and catalog (the fake's, over
// HTTP), and offline with ZCP's own checks.
func TestRecipes_ValidateAndDryRunClean(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	types := catalogOf(t, c)
	set := schemasOf(t, fake)
	if set == nil {
		t.Fatal("no schemas from the fake")
	}
	for _, name := range recipes {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			project := fake.AddProject("recipe-" + name)
			yml := readRecipe(t, name, "zerops")
			for _, pub := range []ops.Published{{Types: types, Schemas: set}, {}} {
				res, err := ops.Validate(ctx, ops.Project{Client: c, ID: project}, yml, "", pub)
				if err != nil {
					t.Fatal(err)
				}
				if !res.Valid || res.SchemaChecked != (pub.Schemas != nil) {
					t.Errorf("zerops.yml (schema %v): %+v", pub.Schemas != nil, res.Errors)
				}
				seen := map[string]bool{} // one warning says a thing once
				for _, w := range res.Warnings {
					what, _, _ := strings.Cut(w.Problem, ":")
					if k := w.Path + ": " + what; seen[k] {
						t.Errorf("zerops.yml (schema %v) warns twice: %s", pub.Schemas != nil, k)
					} else {
						seen[k] = true
					}
				}
			}
			imp := readRecipe(t, name, "import")
			plan, err := ops.CheckImport(ctx, ops.Project{Client: c, ID: project}, imp, ops.Published{Types: types, Schemas: set})
			if err != nil {
				t.Fatal(err)
			}
			if !plan.Valid || !plan.SchemaChecked || !plan.VersionsChecked || len(plan.Problems) != 0 {
				t.Errorf("dry run: %+v", plan.Problems)
			}
			for _, w := range plan.Warnings {
				if strings.Contains(w.Problem, "not in the catalog") || strings.Contains(w.Problem, "withdrawn") {
					t.Errorf("a listed version is called unknown: %v", w)
				}
			}
		})
	}
}

// The managed form of today's docs and the legacy mode are both accepted;
// neither given is a warning naming the suggested type, never a refusal.
func TestCheckImport_ManagedForms(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	types := catalogOf(t, c)
	set := schemasOf(t, fake)
	for _, tc := range []struct{ name, svc, warn string }{
		{"single", "    type: postgresql:single@18\n    profile: production\n", ""},
		{"ha", "    type: postgresql:ha@18\n", ""},
		{"legacy mode", "    type: postgresql@16\n    mode: NON_HA\n", ""},
		{"neither", "    type: postgresql@16\n", "postgresql:single@16"},
		{"os prefix", "    type: alpine/nodejs@22\n", ""},
		{"alias", "    type: golang@1\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			project := fake.AddProject("forms-" + strings.ReplaceAll(tc.name, " ", ""))
			doc := "services:\n  - hostname: db\n" + tc.svc
			for _, pub := range []ops.Published{{Types: types, Schemas: set}, {}} {
				plan, err := ops.CheckImport(ctx, ops.Project{Client: c, ID: project}, doc, pub)
				if err != nil {
					t.Fatal(err)
				}
				if !plan.Valid {
					t.Fatalf("refused (schema %v): %+v", pub.Schemas != nil, plan.Problems)
				}
				var warned bool
				for _, w := range plan.Warnings {
					warned = warned || (tc.warn != "" && w.Path == "services[0](db).type" && strings.Contains(w.Fix, tc.warn))
				}
				if tc.warn != "" && !warned {
					t.Errorf("no warning suggesting %s: %+v", tc.warn, plan.Warnings)
				}
			}
			if _, err := ops.Import(ctx, ops.Project{Client: c, ID: project}, doc, ops.Published{Types: types, Schemas: set}, ops.ImportOptions{}); err != nil {
				t.Fatalf("the fake's importer refused it: %v", err)
			}
		})
	}
}
