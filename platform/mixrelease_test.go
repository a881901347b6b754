package platform_test

import (
	"slices"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

func TestMixReleases_NamesOfMixExs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		want      []string
		ok        bool
	}{
		{"the app's name", "def project do\n  [app: :myapp, version: \"0.1.0\", deps: deps()]\nend\ndefp deps, do: [{:heroicons, github: \"x\", app: false}]\n", []string{"myapp"}, true},
		{"releases listed", "def project do\n  [\n    app: :myapp,\n    releases: [\n      web: [include_executables_for: [:unix], steps: [:assemble]],\n      worker: [applications: [myapp: :permanent]]\n    ]\n  ]\nend\n", []string{"web", "worker"}, true},
		{"releases from a function", "def project do\n  [app: :myapp, releases: releases()]\nend\n", nil, false},
		{"a comment naming releases", "def project do\n  # releases: [x: []]\n  [app: :app]\nend\n", []string{"app"}, true},
		{"no app", "defmodule X do\nend\n", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := platform.MixReleases(tt.src)
			if ok != tt.ok || !slices.Equal(got, tt.want) {
				t.Errorf("MixReleases = %v, %v; want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
