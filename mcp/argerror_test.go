package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestArguments_RejectedArgumentNamedWithItsFix: an argument of the wrong type or
// form is answered with its name, the form it takes and an example, not
// the schema validator's clipped text; a variable's value is never quoted.
// An argument the tool does not take is named, with the one it likely
// misspells and the tool's arguments. Values are judged only by form: one
// out of range leaves the rejection's own words (an argument missing).
func TestArguments_RejectedArgumentNamedWithItsFix(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tt := range []struct {
		name, tool string
		args       map[string]any
		want       []string
		notWant    string
	}{
		{"variables as an object", "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": map[string]any{"FOO": "s3cr3t-val"}},
			[]string{`variables takes a list of "KEY=value" strings`, `variables: ["FOO=<value>"]`}, ""},
		{"variables with a number", "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []any{1}},
			[]string{`variables takes a list of "KEY=value" strings`}, ""},
		{"half a core", "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "maxCpu": 0.5},
			[]string{"maxCpu takes whole cores 1–8, not 0.5", "maxCpu: 2"}, ""},
		{"half a core as text", "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "minCpu": "0.5"},
			[]string{`minCpu takes whole cores 1–8, not "0.5"`}, ""},
		{"containers as text", "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "maxContainers": "two"},
			[]string{`maxContainers takes whole containers 1–10`}, ""},
		{"severity as a number", "zerops_logs", map[string]any{"serviceHostname": "appdev", "severity": 3},
			[]string{"severity takes a string", `"0"–"7", not 3`, `severity: "3"`}, ""},
		{"ram as a boolean", "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "maxRam": true},
			[]string{"maxRam takes GB 0.125–48, not true"}, ""},
		{"cores as null", "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "minCpu": nil},
			[]string{"minCpu takes whole cores 1–8, not null"}, ""},
		{"cores beyond any whole number", "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "maxCpu": 1e300},
			[]string{"maxCpu takes whole cores 1–8, not 1e+300", "maxCpu: 2"}, ""},
		{"action missing beside cores out of range", "zerops_manage", map[string]any{"serviceHostname": "appdev", "minCpu": 20},
			[]string{`missing properties: ["action"]`}, "minCpu takes"},
		{"severity sent to a tool without it", "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []any{"A=1"}, "severity": 3},
			[]string{`zerops_env takes no argument "severity"`, `Drop "severity". zerops_env takes action, project, restart, serviceHostname, variables.`}, "severity takes"},
		{"a misspelt argument", "zerops_logs", map[string]any{"service_hostname": "appdev", "limit": 5},
			[]string{`zerops_logs takes no argument "service_hostname"`, `Rename "service_hostname" to serviceHostname. zerops_logs takes `}, ""},
		{"several unknown, one wrong form", "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "cpu": 2, "ram": 1, "strtContainers": 1, "maxCpu": 0.5},
			[]string{`zerops_manage takes no argument "cpu", "ram", "strtContainers"`, `Rename "strtContainers" to startContainers; drop "cpu", "ram".`}, "maxCpu takes"},
		// Walk 11: mode HA sent to scale a database was answered only
		// "Drop mode"; HA or single is fixed when a service is created.
		{"a mode to scale", "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "mode": "HA"},
			[]string{`zerops_manage takes no argument "mode"`, "chosen when a service is created", "zerops_import"}, ""},
		{"many unknown", "zerops_discover", map[string]any{"a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1, "g": 1},
			[]string{`zerops_discover takes no argument "a", "b", "c", "d", "e" (nor 2 more sent)`, `Drop "a", "b", "c", "d", "e". zerops_discover takes `}, `"f"`},
		{"a hostile argument name", "zerops_logs", map[string]any{"serviceHostname": "appdev", strings.Repeat("\u202e\n<x>", 50): 1},
			[]string{`zerops_logs takes no argument "\u202e\n<x>`, "Drop "}, "<x>\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, tt.tool, tt.args)
			wantError(t, res, m, platform.ErrInvalidParameter)
			out, _ := m["error"].(string)
			if sug, _ := m["suggestion"].(string); sug != "" {
				out += " " + sug
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("answer lacks %q: %s", w, out)
				}
			}
			if tt.notWant != "" && strings.Contains(out, tt.notWant) {
				t.Errorf("answer says %q: %s", tt.notWant, out)
			}
			if strings.Contains(text(res), "anyOf") || strings.Contains(text(res), "s3cr3t") {
				t.Errorf("answer quotes the schema or the value: %s", out)
			}
		})
	}
}

// TestArguments_DebugWorkflowSeverityFormWorks: the debug workflow shows log
// severity numbers in the form zerops_logs takes, a quoted number.
func TestArguments_DebugWorkflowSeverityFormWorks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": "debug"})
	wantOK(t, res)
	_, rest, ok := strings.Cut(text(res), "severity numbers")
	line, _, _ := strings.Cut(rest, "\n- ")
	if !ok || !strings.Contains(line, `"severity": "3"`) {
		t.Fatalf("the debug workflow's severity numbers lack the quoted form: %q", line)
	}
	res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appdev", "severity": "3"})
	wantOK(t, res)
}
