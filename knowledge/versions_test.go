package knowledge

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

func ver(name string) platform.ServiceStackTypeVersion {
	return platform.ServiceStackTypeVersion{Name: name, Status: "ACTIVE"}
}

// testCatalog is a small catalog in the shape the API returns.
func testCatalog() []platform.ServiceStackType {
	return []platform.ServiceStackType{
		{Name: "nodejs", Category: platform.CategoryUser, Versions: []platform.ServiceStackTypeVersion{
			ver("nodejs@22"), ver("nodejs@20"), ver("nodejs@24"),
			{Name: "nodejs@18", Status: "DISABLED"},
		}},
		{Name: "nodejs", Category: platform.CategoryBuild, Versions: []platform.ServiceStackTypeVersion{
			{Name: "nodejs@16", Status: "ACTIVE", IsBuild: true},
		}},
		{Name: "bun", Category: platform.CategoryUser, Versions: []platform.ServiceStackTypeVersion{ver("bun@nightly"), ver("bun@1.3"), ver("bun@canary"), ver("bun@1.2")}},
		{Name: "python", Category: platform.CategoryUser, Versions: []platform.ServiceStackTypeVersion{ver("python@3.12"), ver("python@3.11"), ver("python@3.14")}},
		{Name: "rust", Category: platform.CategoryUser, Versions: []platform.ServiceStackTypeVersion{ver("rust@stable"), ver("rust@nightly")}},
		{Name: "postgresql", Category: platform.CategoryStandard, Versions: []platform.ServiceStackTypeVersion{ver("postgresql@14"), ver("postgresql@16"), ver("postgresql@17"), ver("postgresql@18")}},
		{Name: "valkey", Category: platform.CategoryStandard, Versions: []platform.ServiceStackTypeVersion{ver("valkey@7.2")}},
		{Name: "object-storage", Category: platform.CategoryObject, Versions: []platform.ServiceStackTypeVersion{ver("object-storage")}},
		{Name: "shared-storage", Category: platform.CategoryShared, Versions: []platform.ServiceStackTypeVersion{ver("shared-storage")}},
		{Name: "core", Category: platform.CategoryCore, Versions: []platform.ServiceStackTypeVersion{ver("core@1")}},
	}
}

func TestFormatStackList_Groups(t *testing.T) {
	t.Parallel()
	got := FormatStackList(testCatalog())
	for _, want := range []string{
		"Runtime: bun@{1.2,1.3,canary,nightly} | nodejs@{20,22,24} | python@{3.11,3.12,3.14} | rust@{nightly,stable}\n",
		"Managed: postgresql@{14,16,17,18} | valkey@7.2\n",
		"\nStorage: object-storage | shared-storage\n",
		"Ubuntu only (no Alpine image): python@3.14",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("stack list lacks %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"nodejs@18", "16", "core"} {
		if strings.Contains(got, bad) && (bad != "16" || !strings.Contains(got, "14,16")) {
			t.Errorf("stack list contains %q (disabled, build or core):\n%s", bad, got)
		}
	}
}

func TestFormatStackList_Empty(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		types []platform.ServiceStackType
	}{
		{"nil", nil},
		{"empty", []platform.ServiceStackType{}},
		{"only build and disabled", []platform.ServiceStackType{{Name: "php", Category: platform.CategoryBuild,
			Versions: []platform.ServiceStackTypeVersion{{Name: "php@8.4", IsBuild: true, Status: "ACTIVE"}, {Name: "php@8.1", Status: "DISABLED"}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := FormatStackList(tt.types); got != "" {
				t.Errorf("FormatStackList = %q, want empty", got)
			}
		})
	}
}

func TestFormatStackList_Categories(t *testing.T) {
	t.Parallel()
	got := FormatStackList(testCatalog())
	rt, mg, st := strings.Index(got, "Runtime:"), strings.Index(got, "Managed:"), strings.Index(got, "Storage:")
	if rt < 0 || mg < 0 || st < 0 || rt >= mg || mg >= st {
		t.Fatalf("groups missing or out of order:\n%s", got)
	}
	if strings.Contains(got[rt:mg], "postgresql") || strings.Contains(got[mg:st], "nodejs") {
		t.Errorf("a type is in the wrong group:\n%s", got)
	}
}

func TestFormatVersionCheck_Cases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		runtime  string
		services []string
		want     []string
		notWant  []string
	}{
		{"AllValid", "nodejs@22", []string{"postgresql@16", "valkey@7.2", "object-storage"},
			[]string{"✓ nodejs@22 — valid", "✓ postgresql@16 — valid", "✓ valkey@7.2 — valid", "✓ object-storage — valid"}, []string{"⚠"}},
		{"NewSyntax", "alpine/nodejs@22", []string{"postgresql:single@18", "postgresql:ha@17"},
			[]string{"✓ alpine/nodejs@22 — valid", "✓ postgresql:single@18 — valid", "✓ postgresql:ha@17 — valid"}, []string{"⚠"}},
		// bun@1 reads as the bun@1.x family; bun@9 is in no form listed.
		{"InvalidVersion", "bun@9", nil,
			[]string{"⚠ bun@9 — version 9 is not in the catalog", "available: bun@1.3, bun@1.2, bun@nightly, bun@canary", "Use bun@1.3, the newest stable version"}, []string{"✓"}},
		{"InvalidVersionNewest", "nodejs@18", []string{"valkey@8", "postgresql@15"},
			[]string{"⚠ nodejs@18", "Use nodejs@24", "⚠ valkey@8", "Use valkey@7.2", "Use postgresql@18"}, nil},
		{"NeverNightly", "rust@1", nil, []string{"Use rust@stable"}, []string{"Use rust@nightly"}},
		{"UbuntuOnlyNamed", "python@2", []string{"python@3.14", "python@3"},
			[]string{"Use python@3.14 (Ubuntu only; on Alpine python@3.12)", "✓ python@3.14 — valid (python@3.14 runs on Ubuntu only)", "✓ python@3 — valid"}, nil},
		// Not refused (the facts do not say the platform refuses it): named.
		{"UbuntuOnlyOnAlpine", "alpine/python@3.14", nil,
			[]string{"alpine/python@3.14 — valid (python@3.14 runs on Ubuntu only: write it without alpine/ and set os: ubuntu"}, nil},
		{"DisabledVersionIsInvalid", "nodejs@18", nil, []string{"⚠ nodejs@18"}, nil},
		{"BuildOnlyVersionIsInvalid", "nodejs@16", nil, []string{"⚠ nodejs@16"}, nil},
		{"UnknownBase", "ruby@3", nil, []string{`⚠ ruby@3 — type "ruby" is not in the catalog`, "Available types:"}, nil},
		{"UnknownBaseAlias", "", []string{"redis@7"}, []string{`type "redis" is not in the catalog`, "Use one of: valkey@7.2"}, nil},
		{"UnknownBasePrefix", "", []string{"postgres@16"}, []string{"Use one of: postgresql@{14,16,17,18}"}, nil},
		{"NoVersion", "nodejs", nil, []string{"⚠ nodejs — no version given", "Use nodejs@24"}, nil},
		{"Malformed", "Node JS!", nil, []string{"⚠ Node JS! — malformed type"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := FormatVersionCheck(tt.runtime, tt.services, testCatalog())
			if !strings.HasPrefix(got, "## Version check") {
				t.Errorf("missing heading:\n%s", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(got, w) {
					t.Errorf("contains %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestFormatVersionCheck_Empty(t *testing.T) {
	t.Parallel()
	if got := FormatVersionCheck("bun@1", []string{"postgresql@16"}, nil); !strings.Contains(got, "? bun@1 — could not be checked") ||
		!strings.Contains(got, "? postgresql@16 — could not be checked") || strings.Contains(got, "⚠") {
		t.Errorf("no catalog: got %q, want each type marked as not checked", got)
	}
	if got := FormatVersionCheck("", nil, testCatalog()); got != "" {
		t.Errorf("nothing requested: got %q, want empty", got)
	}
}
