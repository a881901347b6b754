package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// A minimum above the maximum in force (minContainers=3 while at most 1
// may run) is refused with the bound to add, on the service named, rather than
// a call to look up what the refusal already says.
func TestScale_MinAboveMaxInForceNamesTheBoundToAdd(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tt := range []struct {
		args map[string]any
		want []string
	}{
		{map[string]any{"minContainers": 3}, []string{"maxContainers=3", "serviceHostname=appdev"}},
		{map[string]any{"maxRam": 0.25, "minRam": 1, "maxContainers": 1}, []string{"minRam 1 is above maxRam 0.25"}},
	} {
		args := map[string]any{"action": "scale", "serviceHostname": "appdev"}
		for k, v := range tt.args {
			args[k] = v
		}
		res, m := h.call(t, "zerops_manage", args)
		wantError(t, res, m, platform.ErrInvalidScaling)
		all := text(res)
		for _, w := range tt.want {
			if !strings.Contains(all, w) {
				t.Errorf("%v: the refusal lacks %q: %s", tt.args, w, all)
			}
		}
		if strings.Contains(all, "zerops_discover") || strings.Contains(all, "…") {
			t.Errorf("%v: the refusal sends to a look-up or leaves a placeholder: %s", tt.args, all)
		}
	}
}
