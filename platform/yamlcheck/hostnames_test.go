package yamlcheck_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

func TestCheckImport_TakenHostnameKind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, want, have string
		reuse            bool // the fix offers the existing service for reuse
	}{
		{"another engine", "postgresql@16", "mariadb@10.6", false},
		{"another version", "postgresql@17", "postgresql@16", true},
		{"the mode in the type", "postgresql:single@16", "postgresql@16", true},
		{"the name's alias", "golang@1", "go@1.22", true},
		{"the other spelling of shared storage", "sharedstorage", "shared-storage", true},
		{"a bare OS version", "22.04", "ubuntu@22.04", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			existing := func() ([]platform.ServiceStack, error) {
				return []platform.ServiceStack{{Name: "db", Type: platform.ServiceTypeInfo{VersionName: tt.have}}}, nil
			}
			rep, err := yamlcheck.CheckImport("services:\n  - hostname: db\n    type: \""+tt.want+"\"\n    mode: NON_HA\n", yamlcheck.ImportContext{Existing: existing})
			if err != nil {
				t.Fatal(err)
			}
			var fix string
			for _, p := range rep.Problems {
				if p.Path == "services[0](db).hostname" {
					fix = p.Fix
				}
			}
			if fix == "" {
				t.Fatalf("no problem at the hostname: %v", rep.Problems)
			}
			if got := strings.Contains(fix, "Reuse the existing db"); got != tt.reuse {
				t.Errorf("%s over %s: reuse offered %v, want %v: %s", tt.want, tt.have, got, tt.reuse, fix)
			}
		})
	}
}

// TestCheckImport_OverrideTakesOnlyARuntime: override: true takes the
// hostname of an existing runtime (the import reference: runtimes only),
// judged by its category or, without one, by its type's name; a managed
// service's stays refused, as does any without override: true.
func TestCheckImport_OverrideTakesOnlyARuntime(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, category, have, override string
		redeploys                      bool
	}{
		{"runtime", platform.CategoryUser, "nodejs@22", "true", true},
		{"runtime without its category", "", "nodejs@22", "true", true},
		{"database", platform.CategoryStandard, "postgresql@16", "true", false},
		{"database without its category", "", "postgresql@16", "true", false},
		{"object storage", platform.CategoryObject, "object-storage", "true", false},
		{"runtime, override false", platform.CategoryUser, "nodejs@22", "false", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			existing := func() ([]platform.ServiceStack, error) {
				return []platform.ServiceStack{{Name: "app", Type: platform.ServiceTypeInfo{Category: tt.category, VersionName: tt.have}}}, nil
			}
			rep, err := yamlcheck.CheckImport("services:\n  - hostname: app\n    type: nodejs@22\n    override: "+tt.override+"\n", yamlcheck.ImportContext{Existing: existing})
			if err != nil {
				t.Fatal(err)
			}
			refused := len(rep.Problems) > 0
			if rep.Services[0].Redeploys != tt.redeploys || refused == tt.redeploys {
				t.Errorf("redeploys %v, refused %v; want redeploys %v: %v", rep.Services[0].Redeploys, refused, tt.redeploys, rep.Problems)
			}
		})
	}
}
