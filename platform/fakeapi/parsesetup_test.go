package fakeapi

import (
	"slices"
	"testing"
)

func TestParseSetup_Codes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, setup, code string
		check                  func(t *testing.T, d *deployedSetup)
	}{
		{"build.deploy is deployFiles", "zerops:\n  - setup: app\n    build:\n      base: go@1\n      deploy: app\n    run:\n      start: ./app\n", "app", "", func(t *testing.T, d *deployedSetup) {
			if !slices.Equal(d.DeployFiles, []string{"app"}) || d.BuildBase != "go@1" || d.Start != "./app" {
				t.Errorf("deployFiles %v, base %q, start %q", d.DeployFiles, d.BuildBase, d.Start)
			}
		}},
		{"a null env value is empty", "zerops:\n  - setup: app\n    run:\n      envVariables:\n        A: null\n        B: 1\n", "app", "", func(t *testing.T, d *deployedSetup) {
			if a, ok := d.EnvVariables["A"]; !ok || a != "" || d.EnvVariables["B"] != "1" {
				t.Errorf("env %v", d.EnvVariables)
			}
		}},
		{"a base list joined", "zerops:\n  - setup: app\n    build:\n      base: [php@8.4, nodejs@22]\n", "", "", func(t *testing.T, d *deployedSetup) {
			if d.BuildBase != "php@8.4 + nodejs@22" || len(d.BuildBases) != 2 {
				t.Errorf("base %q %v", d.BuildBase, d.BuildBases)
			}
		}},
		{"not YAML", "zerops: [", "app", "yamlValidationInvalidYaml", nil},
		{"a wrong kind", "zerops:\n  - setup: app\n    run:\n      start: [a]\n", "app", "zeropsYamlInvalidParameter", nil},
		{"a bare list", "- setup: app\n", "app", "zeropsYamlInvalidParameter", nil},
		{"no such setup", "zerops:\n  - setup: app\n", "web", "zeropsYamlSetupNotFound", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, code, msg := parseSetup(tt.src, tt.setup)
			if code != tt.code {
				t.Fatalf("code %q (%s), want %q", code, msg, tt.code)
			}
			if tt.check != nil {
				tt.check(t, d)
			}
		})
	}
}
