package appsim

import "testing"

func TestSystemctlRule_Verbs(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		os      string
		words   []string
		refused bool
	}{
		{"start", "ubuntu", []string{"systemctl", "start", "nginx"}, false},
		{"under sudo with a flag", "ubuntu", []string{"sudo", "systemctl", "--no-block", "restart", "nginx"}, false},
		{"compatibility alias", "ubuntu", []string{"systemctl", "reload-or-try-restart", "nginx"}, false},
		{"older alias", "ubuntu", []string{"systemctl", "condrestart", "nginx"}, false},
		{"no verb", "ubuntu", []string{"systemctl", "--version"}, false},
		{"typo", "ubuntu", []string{"sudo", "systemctl", "strat", "nginx"}, true},                  //nolint:misspell // the typo is the test
		{"typo on alpine is not judged", "alpine", []string{"systemctl", "strat", "nginx"}, false}, //nolint:misspell // the typo is the test
		{"another command", "ubuntu", []string{"service", "strat"}, false},                         //nolint:misspell // the typo is the test
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			lines, code, handled := systemctlRule(c.os, c.words)
			if handled != c.refused {
				t.Fatalf("handled = %v, want %v (lines %v)", handled, c.refused, lines)
			}
			if c.refused && (code != 1 || len(lines) != 1 || lines[0].Msg != "Unknown command verb strat.") { //nolint:misspell // the typo is the test
				t.Fatalf("refusal = %d %v, want exit 1 and systemctl's line", code, lines)
			}
		})
	}
}
