package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestArguments_WrongFormNamesTheForm: an argument of the wrong type or
// form is answered with its name, the form it takes and an example, not
// the schema validator's clipped text; a variable's value is never quoted.
// Only the tool's own arguments are judged, and only by form: a value out
// of range, or an argument another tool takes, leaves the rejection's own
// words (an argument missing, one unexpected) to the answer.
func TestArguments_WrongFormNamesTheForm(t *testing.T) {
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
			[]string{`unexpected additional properties ["severity"]`}, "severity takes"},
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
