package mcp_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestAnswers_TakenHostnameReusesNeverDeletes: the dry run's fix and the
// real import's refusal for a hostname already in use suggest reusing the
// live service or another hostname, never deleting it.
func TestAnswers_TakenHostnameReusesNeverDeletes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "services:\n  - hostname: appdev\n    type: nodejs@22\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": true})
	wantOK(t, res)
	fixes := ""
	for _, p := range issuesOf(m, "problems") {
		if p["path"] == "services[0](appdev).hostname" {
			fixes += p["fix"]
		}
	}
	if !strings.Contains(fixes, "Reuse the existing appdev") || !strings.Contains(fixes, "another hostname") {
		t.Errorf("fix does not offer reuse and another hostname: %s", text(res))
	}
	res, m = h.call(t, "zerops_import", map[string]any{"content": content})
	for _, answer := range []string{fixes, text(res)} {
		if low := strings.ToLower(answer); strings.Contains(low, "delete") {
			t.Errorf("answer to a taken hostname suggests a delete: %s", answer)
		}
	}
	_ = m
}

// workflowCalls returns the `tool` `{json}` calls a workflow's text shows,
// with <name> replaced by hostname: what an agent following it would send.
func workflowCalls(t *testing.T, h *harness, workflow, tool, hostname string) []map[string]any {
	t.Helper()
	res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": workflow})
	wantOK(t, res)
	var out []map[string]any
	for _, m := range regexp.MustCompile("`"+tool+"` `(\\{[^`]*\\})`").FindAllStringSubmatch(text(res), -1) {
		var args map[string]any
		if err := json.Unmarshal([]byte(strings.ReplaceAll(m[1], "<name>", hostname)), &args); err != nil {
			continue // a shape with placeholders, not a literal call
		}
		out = append(out, args)
	}
	if len(out) == 0 {
		t.Fatalf("workflow %s shows no literal %s call", workflow, tool)
	}
	return out
}

// TestAnswers_ScaleWarnsWhatItTakesAway: lowering a maximum or raising a
// minimum is applied with a warning naming the bound in force; the scale
// workflow's own example, followed literally, cuts nothing.
func TestAnswers_ScaleWarnsWhatItTakesAway(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args map[string]any
		want []string // parts of the warnings; none: no warning
	}{
		{"LowerMaxRam", map[string]any{"maxRam": 4}, []string{"maxRam lowered from 48 to 4 GB", "OOM-killed", "back to 48"}},
		{"LowerMaxCpu", map[string]any{"maxCpu": 2}, []string{"maxCpu lowered from 8 to 2 cores"}},
		{"RaiseMinCpu", map[string]any{"minCpu": 2}, []string{"minCpu raised from 1 to 2 cores", "billed"}},
		{"RaiseMaxRam", map[string]any{"maxRam": 64}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			args := map[string]any{"action": "scale", "serviceHostname": "appdev"}
			for k, v := range tt.args {
				args[k] = v
			}
			res, m := h.call(t, "zerops_manage", args)
			if tt.name == "RaiseMaxRam" { // above the platform's 48 GB: refused, nothing cut
				if !res.IsError {
					t.Fatalf("maxRam 64 accepted: %s", text(res))
				}
				return
			}
			wantOK(t, res)
			warnings := fmt.Sprint(m["warnings"])
			for _, w := range tt.want {
				if !strings.Contains(warnings, w) {
					t.Errorf("warnings lack %q: %s", w, text(res))
				}
			}
		})
	}
	t.Run("WorkflowExample", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{})
		for _, args := range workflowCalls(t, h, "scale", "zerops_manage", "appdev") {
			res, m := h.call(t, "zerops_manage", args)
			wantOK(t, res)
			if w := fmt.Sprint(m["warnings"]); strings.Contains(w, "lowered") {
				t.Errorf("the workflow's example %v cuts a maximum: %s", args, w)
			}
		}
	})
}
