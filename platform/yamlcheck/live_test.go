package yamlcheck_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// catalogTypes is a slice of a live catalog: versions as the API lists
// them, "!" marking a DISABLED one (which the catalog does not offer).
func catalogTypes() []platform.ServiceStackType {
	spec := []struct {
		name, category string
		build          bool
		versions       []string
	}{
		{"nodejs", platform.CategoryUser, false, []string{"!18", "20", "22", "24"}},
		{"python", platform.CategoryUser, false, []string{"3.11", "3.12", "3.14"}},
		{"deno", platform.CategoryUser, false, []string{"!1", "2", "!latest"}},
		{"bun", platform.CategoryUser, false, []string{"1.2", "1.3", "!latest", "canary"}},
		{"php-nginx", platform.CategoryUser, false, []string{"8.3", "8.4"}},
		{"static", platform.CategoryUser, false, []string{""}},
		{"php", platform.CategoryBuild, true, []string{"8.3", "8.4"}},
		{"postgresql", platform.CategoryStandard, false, []string{"16", "17"}},
	}
	var out []platform.ServiceStackType
	for _, s := range spec {
		t := platform.ServiceStackType{Name: s.name, Category: s.category}
		for _, v := range s.versions {
			status := platform.TypeVersionActive
			if strings.HasPrefix(v, "!") {
				status, v = platform.TypeVersionDisabled, v[1:]
			}
			name := s.name
			if v != "" {
				name += "@" + v
			}
			t.Versions = append(t.Versions, platform.ServiceStackTypeVersion{Name: name, IsBuild: s.build, Status: status})
		}
		out = append(out, t)
	}
	return out
}

func TestValidateWith_Bases(t *testing.T) {
	t.Parallel()
	setup := func(build, run string) string {
		doc := "zerops:\n  - setup: app\n"
		if build != "" {
			doc += "    build:\n      deployFiles: ./\n" + build
		}
		return doc + "    run:\n      start: x\n" + run
	}
	tests := []struct {
		name, doc string
		path      string // where the problem is; "" when valid
		problem   string
		fix       string
	}{
		{"current versions", setup("      base: nodejs@22\n", "      base: nodejs@22\n"), "", "", ""},
		{"build base defaults the run base", setup("      base: nodejs@24\n", ""), "", "", ""},
		{"build-only base", setup("      base: php@8.4\n", "      base: php-nginx@8.4\n"), "", "", ""},
		{"list of bases", setup("      base: [nodejs@22, python@3.12]\n", "      base: nodejs@22\n"), "", "", ""},
		{"unversioned static", setup("      base: nodejs@22\n", "      base: static\n"), "", "", ""},
		{"named version", setup("      base: bun@canary\n", "      base: bun@canary\n"), "", "", ""},
		{"aliases and OS prefix", setup("      base: nodejs@latest\n", "      base: alpine/nodejs@22\n"), "", "", ""},
		{"version family", setup("      base: python@3\n", "      base: ubuntu/python@3.12\n"), "", "", ""},
		{"build version the catalog lacks", setup("      base: nodejs@18\n", "      base: nodejs@22\n"),
			"zerops[0].build.base", "nodejs@18: version 18 is not in the catalog", "Use nodejs@24, the newest stable version"},
		{"run version the catalog lacks", setup("      base: nodejs@22\n", "      base: nodejs@18\n"),
			"zerops[0].run.base", "version 18 is not in the catalog", "nodejs@24"},
		{"invented version in a list", setup("      base: [nodejs@22, python@3.13]\n", ""),
			"zerops[0].build.base[1]", "version 3.13 is not in the catalog", "python@3.12"},
		{"refused version offers Ubuntu-only with its os", setup("      base: python@3.13\n", ""),
			"zerops[0].build.base", "version 3.13 is not in the catalog", "python@3.14 (Ubuntu only; on Alpine python@3.12), the newest stable version; available: python@3.14 (Ubuntu only), python@3.12, python@3.11. A version marked Ubuntu only needs os: ubuntu"},
		{"unknown type", setup("      base: node@22\n", "      base: nodejs@22\n"),
			"zerops[0].build.base", `type "node" is not in the catalog`, "nodejs@{20,22,24}"},
		{"build-only base to run", setup("      base: php@8.4\n", "      base: php@8.4\n"),
			"zerops[0].run.base", `type "php" is not in the catalog`, "php-nginx"},
		{"no version", setup("", "      base: nodejs\n"), "zerops[0].run.base", "no version given", "nodejs@24"},
		{"ubuntu-only on the alpine default", setup("      base: python@3.14\n", "      base: python@3.14\n      os: ubuntu\n"),
			"zerops[0].build.base", "python@3.14 runs on Ubuntu only, and build.os is alpine (the default)", "python@3.12"},
		{"ubuntu-only with os ubuntu", setup("      base: python@3.14\n      os: ubuntu\n", "      base: python@3.14\n      os: ubuntu\n"), "", "", ""},
		{"no alpine image at all", setup("      base: deno@2\n      os: ubuntu\n", "      base: deno@2\n      os: alpine\n"),
			"zerops[0].run.base", "deno@2 runs on Ubuntu only, and run.os is alpine", "deno has no Alpine image"},
		{"no alpine image in build and run", setup("      base: deno@2\n      os: alpine\n", "      base: deno@2\n      os: alpine\n"),
			"zerops[0].build.base", "deno@2 runs on Ubuntu only, and build.os and run.os are alpine", "Write os: ubuntu in build and run"},
		// The docs: Deno's default environment is Ubuntu; the official deno
		// and hono-deno recipes write no os.
		{"deno on its ubuntu default", setup("      base: deno@2\n", "      base: deno@2\n"), "", "", ""},
		// Walk 85: the versions' note said deno@1 needs os: ubuntu.
		{"deno version the catalog lacks", setup("      base: deno@3\n", "      base: deno@2\n"),
			"zerops[0].build.base", "version 3 is not in the catalog", "A version marked Ubuntu only runs on Ubuntu, deno's default when zerops.yml names no os"},
	}
	// Ubuntu-only bases on the Alpine default warn: the facts call os
	// deprecated and do not say the platform refuses them.
	warnings := map[string]bool{"ubuntu-only on the alpine default": true, "no alpine image at all": true, "no alpine image in build and run": true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			warning := warnings[tt.name]
			res, err := yamlcheck.ValidateWith(tt.doc, yamlcheck.KindZeropsYml, yamlcheck.NewLive(catalogTypes(), nil))
			if err != nil {
				t.Fatal(err)
			}
			if !res.VersionsChecked {
				t.Fatal("versions not checked with a catalog")
			}
			if tt.path == "" {
				if !res.Valid {
					t.Fatalf("valid file refused: %v", res.Errors)
				}
				for _, w := range res.Warnings {
					if strings.HasSuffix(w.Path, ".base") {
						t.Fatalf("a base warned of: %v", w)
					}
				}
				return
			}
			issues := res.Errors
			if warning {
				issues = res.Warnings
			}
			if res.Valid != warning {
				t.Fatalf("valid: %v for %s (errors %v)", res.Valid, tt.problem, res.Errors)
			}
			for _, is := range issues {
				if is.Path == tt.path && strings.Contains(is.Problem, tt.problem) && strings.Contains(is.Fix, tt.fix) {
					return
				}
			}
			t.Errorf("no issue %s: %q (fix %q) in %v", tt.path, tt.problem, tt.fix, issues)
		})
	}
}

func TestValidateWith_ImportTypes(t *testing.T) {
	t.Parallel()
	doc := "services:\n  - hostname: api\n    type: nodejs@18\n  - hostname: db\n    type: postgresql@16\n    mode: NON_HA\n"
	res, err := yamlcheck.ValidateWith(doc, "", yamlcheck.NewLive(catalogTypes(), nil))
	if err != nil {
		t.Fatal(err)
	}
	if res.Valid || !res.VersionsChecked || len(res.Errors) != 1 || res.Errors[0].Path != "services[0](api).type" {
		t.Errorf("result = %+v, want only nodejs@18 refused", res)
	}
	offline, err := yamlcheck.Validate(doc, "")
	if err != nil || !offline.Valid || offline.VersionsChecked {
		t.Errorf("offline = %+v, %v; want valid, versions unchecked", offline, err)
	}
}

func TestValidateWith_Ports(t *testing.T) {
	t.Parallel()
	doc := func(ports string) string {
		return "zerops:\n  - setup: app\n    run:\n      base: nodejs@22\n      start: x\n      ports: " + ports + "\n"
	}
	tests := []struct {
		name, ports string
		subdomain   bool
		errPath     string // an error expected here; "" for none
		warnPath    string // a warning expected here; "" for none
	}{
		{"lowest", "[{port: 10}]", false, "", ""},
		{"highest", "[{port: 65435}]", false, "", ""},
		{"80 is an app port", "[{port: 80, httpSupport: true}]", false, "", ""},
		{"443 is an app port", "[{port: 443}]", false, "", ""},
		{"below the range warns", "[{port: 9}]", false, "", "zerops[0].run.ports[0].port"},
		{"above the range warns", "[{port: 65436}]", false, "", "zerops[0].run.ports[0].port"},
		{"no http port, no subdomain", "[{port: 3000}]", false, "", ""},
		{"no http port behind the subdomain", "[{port: 3000}, {port: 9090, protocol: udp}]", true, "", "zerops[0].run.ports"},
		{"http port behind the subdomain", "[{port: 3000, httpSupport: true}, {port: 9090}]", true, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			live := yamlcheck.NewLive(catalogTypes(), func(setup string) bool { return tt.subdomain && setup == "app" })
			res, err := yamlcheck.ValidateWith(doc(tt.ports), yamlcheck.KindZeropsYml, live)
			if err != nil {
				t.Fatal(err)
			}
			if got := pathsOf(res.Errors); got != tt.errPath {
				t.Errorf("errors at %q, want %q: %v", got, tt.errPath, res.Errors)
			}
			if got := pathsOf(res.Warnings); got != tt.warnPath {
				t.Errorf("warnings at %q, want %q: %v", got, tt.warnPath, res.Warnings)
			}
		})
	}
}

func pathsOf(list []platform.Issue) string {
	var out []string
	for _, is := range list {
		out = append(out, is.Path)
	}
	return strings.Join(out, ",")
}
