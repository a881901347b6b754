package mcp_test

import (
	"strings"
	"testing"
)

// TestValidate_ForeignPackageManagerOnUbuntuWalk25a: the scala recipe
// builds and runs on ubuntu@22.04 and installs with apt-get. With one
// line written as on Alpine (`sudo apk add openjdk17`), the warning's fix
// said "Use Ubuntu's package manager: … (or set os: ubuntu for apt-get)":
// the container already runs Ubuntu, so the second fix changes nothing.
// On Alpine the answer still offers os: ubuntu for apt-get.
func TestValidate_ForeignPackageManagerOnUbuntuWalk25a(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tc := range []struct {
		name, base, line, fix string
		osHint                bool
	}{
		{"apk on ubuntu", "ubuntu@22.04", "sudo apk add openjdk17", "sudo apt-get update && sudo apt-get install -y openjdk17", false},
		{"apt-get on alpine", "alpine@3.21", "sudo apt-get install -y openjdk17", "sudo apk add --no-cache openjdk17", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yml := "zerops:\n  - setup: app\n    build:\n      base: " + tc.base + "\n      prepareCommands:\n        - " + tc.line +
				"\n      deployFiles: /\n    run:\n      base: " + tc.base + "\n      ports:\n        - port: 9000\n          httpSupport: true\n      start: sbt run\n"
			res, _ := h.call(t, "zerops_validate", map[string]any{"content": yml, "kind": "zerops.yml"})
			answer := text(res)
			if !strings.Contains(answer, tc.fix) {
				t.Fatalf("want the fix %q: %s", tc.fix, answer)
			}
			if got := strings.Contains(answer, "set os: ubuntu"); got != tc.osHint {
				t.Errorf("os: ubuntu offered %v, want %v: %s", got, tc.osHint, answer)
			}
		})
	}
}
