package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestScaling_UnsetMaxContainersIsSaidToBeRead: the docs give minContainers
// a default (1) and maxContainers none, so a runtime's maximum nobody set
// is what the platform reports in force, no documented default. Discover
// and a scale answer that show such a maximum say so, once; a maximum the
// user set is shown plainly.
func TestScaling_UnsetMaxContainersIsSaidToBeRead(t *testing.T) {
	t.Parallel()
	const said = "not one you set"
	for _, tc := range []struct {
		name, scaling string
		scale         map[string]any // a change after the import; nil: none
		want          bool
	}{
		{"no maximum set", "", nil, true},
		{"minimum only", "    minContainers: 2\n", nil, true},
		{"maximum set at import", "    maxContainers: 3\n", nil, false},
		{"scaled, maximum untouched", "", map[string]any{"maxRam": 2}, true},
		{"scaled to a maximum", "", map[string]any{"maxContainers": 4}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			yml := "services:\n  - hostname: web\n    type: nodejs@22\n    startWithoutCode: true\n" + tc.scaling
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": yml}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			if tc.scale != nil {
				args := map[string]any{"action": "scale", "serviceHostname": "web"}
				for k, v := range tc.scale {
					args[k] = v
				}
				res, _ := h.callWith(t, context.Background(), "zerops_manage", args, "scale")
				wantOK(t, res)
				if got := strings.Count(text(res), said); got != map[bool]int{true: 1, false: 0}[tc.want] {
					t.Errorf("the scale answer says %q %d times, want it %v: %s", said, got, tc.want, text(res))
				}
			}
			res, m := h.call(t, "zerops_discover", map[string]any{"serviceHostname": "web"})
			wantOK(t, res)
			svc := m["services"].([]any)[0].(map[string]any)
			note := fmt.Sprint(svc["autoscalingNote"])
			if strings.Contains(note, said) != tc.want || strings.Count(text(res), said) > 1 {
				t.Errorf("discover's note %q, want it %v, once: %s", note, tc.want, text(res))
			}
			if tc.want && (!strings.Contains(note, "maxContainers") || !strings.Contains(note, "no default")) {
				t.Errorf("the note does not say which value and why: %s", note)
			}
		})
	}
}

// TestMetrics_UnsetMaxContainersIsSaidToBeRead: planning for load, the
// metrics answer's "scales out on its own to N containers" says when N is
// a maximum nobody set (read, no documented default), and not when the
// user set it.
func TestMetrics_UnsetMaxContainersIsSaidToBeRead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, scaling string
		want          bool
	}{
		{"no maximum set", "", true},
		{"maximum set", "    maxContainers: 6\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			ctx := context.Background()
			yml := "services:\n  - hostname: web\n    type: nodejs@22\n    startWithoutCode: true\n" + tc.scaling
			if res, _ := h.callWith(t, ctx, "zerops_import", map[string]any{"content": yml}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			var next string
			await(t, "metrics of web", func() bool {
				_, m := h.callWith(t, ctx, "zerops_metrics", map[string]any{"serviceHostname": "web"}, "metrics")
				next = fmt.Sprint(m["next"])
				return m != nil && m["verdict"] == "ok"
			})
			if !strings.Contains(next, "scales out on its own to") {
				t.Fatalf("metrics next does not say how far web scales: %s", next)
			}
			if got := strings.Contains(next, "not one you set"); got != tc.want {
				t.Errorf("metrics says the maximum is unset: %v, want %v: %s", got, tc.want, next)
			}
		})
	}
}
