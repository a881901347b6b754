package ops

import (
	"maps"
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
			if got := SetupRunEnv(tt.content, tt.setup); !maps.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
				t.Errorf("SetupRunEnv(%q) = %v, want %v", tt.setup, got, tt.want)
			}
		})
	}
}
