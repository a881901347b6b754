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
