package ops

import (
	"maps"
	"slices"
	"testing"
)

func TestSetupRunEnv_Setups(t *testing.T) {
	t.Parallel()
	const yml = `zerops:
  - setup: base
    run:
      envVariables:
        A: base
        PORT: 3000
  - setup: app
    extends: base
  - setup: own
    extends: base
    run:
      envVariables:
        B: own
        GONE: null
`
	tests := []struct {
		name, content, setup string
		want                 map[string]string
	}{
		{"own values", yml, "base", map[string]string{"A": "base", "PORT": "3000"}},
		{"inherited run block", yml, "app", map[string]string{"A": "base", "PORT": "3000"}},
		{"own envVariables replace the inherited, null left out", yml, "own", map[string]string{"B": "own"}},
		{"no such setup", yml, "nope", nil},
		{"no setup named", yml, "", nil},
		{"not YAML", "zerops: [", "app", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := ReadSetup(tt.content, tt.setup).RunEnv(); !maps.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
				t.Errorf("RunEnv(%q) = %v, want %v", tt.setup, got, tt.want)
			}
		})
	}
}

func TestSetupLookups_Entries(t *testing.T) {
	t.Parallel()
	const yml = `zerops:
  - setup: base
    build:
      base: nodejs@22
      buildCommands: [npm ci]
      deployFiles: [dist]
      addToRunPrepare: [requirements.txt]
      envVariables:
        BUILD_ONLY: "1"
        SHARED: "1"
    run:
      initCommands: [migrate]
      startCommands:
        - command: node a.js
          initCommands: [seed]
      envVariables:
        SHARED: "1"
  - setup: app
    extends: base
  - setup: runonly
    run:
      start: node b.js
`
	tests := []struct {
		name, content, setup string
		init, prepare, only  []string
		prepareOK            bool
	}{
		{"own entry", yml, "base", []string{"migrate", "seed"}, []string{"requirements.txt"}, []string{"BUILD_ONLY"}, true},
		{"inherited by extends", yml, "app", []string{"migrate", "seed"}, []string{"requirements.txt"}, []string{"BUILD_ONLY"}, true},
		{"no build", yml, "runonly", nil, nil, nil, false},
		{"no such setup", yml, "nope", nil, nil, nil, false},
		{"no setup named", yml, "", nil, nil, nil, false},
		{"not YAML", "zerops: [", "base", nil, nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			y := ReadSetup(tt.content, tt.setup)
			if got := y.Init(); !slices.Equal(got, tt.init) {
				t.Errorf("Init = %q, want %q", got, tt.init)
			}
			if got, ok := y.RunPrepare(); !slices.Equal(got, tt.prepare) || ok != tt.prepareOK {
				t.Errorf("RunPrepare = %q, %v; want %q, %v", got, ok, tt.prepare, tt.prepareOK)
			}
			if got := y.BuildOnlyEnv(); !slices.Equal(got, tt.only) {
				t.Errorf("BuildOnlyEnv = %q, want %q", got, tt.only)
			}
			if _, _, ok := y.Build(); ok != tt.prepareOK {
				t.Errorf("Build ok = %v, want %v", ok, tt.prepareOK)
			}
		})
	}
}
