package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// The free RAM kept (walk: the knowledge said to raise minFreeRam with
// zerops_manage, which refused the argument): a scale takes import.yml's
// minFreeRamGB and minFreeRamPercent, the fake keeps them, and discover
// and export read them back; a value outside the import's bounds is
// refused naming the bound, and nothing is sent.
func TestManage_ScaleMinFreeRAM(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	id := h.fake.ServiceID("db")
	path := "/service-stack/" + id + "/autoscaling"

	res, m := h.callWith(t, context.Background(), "zerops_manage",
		map[string]any{"action": "scale", "serviceHostname": "db", "minFreeRamGB": 0.5}, "f1")
	wantOK(t, res)
	if a, _ := m["scaling"].(map[string]any); a["minFreeRamGB"] != 0.5 {
		t.Errorf("the answer's scaling = %v, want minFreeRamGB 0.5", m["scaling"])
	}
	if !strings.Contains(text(res), "minFreeRamGB changed from unset to 0.5 GB") {
		t.Errorf("the answer does not say what changed: %s", text(res))
	}

	res, m = h.call(t, "zerops_discover", map[string]any{"serviceHostname": "db"})
	wantOK(t, res)
	svc := m["services"].([]any)[0].(map[string]any)
	if a, _ := svc["autoscaling"].(map[string]any); a["minFreeRamGB"] != 0.5 {
		t.Errorf("discover: autoscaling = %v, want minFreeRamGB 0.5", svc["autoscaling"])
	}

	// The percent alone keeps the GB in force.
	res, _ = h.callWith(t, context.Background(), "zerops_manage",
		map[string]any{"action": "scale", "serviceHostname": "db", "minFreeRamPercent": 20}, "f2")
	wantOK(t, res)
	res, m = h.call(t, "zerops_export", map[string]any{"serviceHostname": "db"})
	wantOK(t, res)
	if y := m["yaml"].(string); !strings.Contains(y, "minFreeRamGB: 0.5") || !strings.Contains(y, "minFreeRamPercent: 20") {
		t.Errorf("export does not carry the free RAM kept:\n%s", y)
	}

	sent := h.fake.CountRequests("", path)
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"minFreeRamGB": 60}, "minFreeRamGB 60 is outside 0–48 GB"},
		{map[string]any{"minFreeRamPercent": 120}, "minFreeRamPercent 120 is outside 0–100%"},
		{map[string]any{"minFreeRamGB": 4, "maxRam": 2}, "minFreeRamGB 4 is above maxRam 2"},
		{map[string]any{"minFreeRamGB": 4, "minRam": 0.125}, "minRam 0.125 is outside 0.25–48 GB"}, // no partial change
	} {
		args := map[string]any{"action": "scale", "serviceHostname": "db"}
		for k, v := range c.args {
			args[k] = v
		}
		res, m := h.call(t, "zerops_manage", args)
		wantError(t, res, m, platform.ErrInvalidScaling)
		if !strings.Contains(str(m["error"]), c.want) || !strings.Contains(str(m["suggestion"]), "minFreeRamGB 0–48 GB and not above maxRam") {
			t.Errorf("%v: want the refusal to name %q and the bounds: %s", c.args, c.want, text(res))
		}
	}
	if n := h.fake.CountRequests("", path); n != sent {
		t.Errorf("%d scaling requests sent for refused values; want none", n-sent)
	}
	// Both off is refused: the percent in force is 0 once set back.
	res, _ = h.callWith(t, context.Background(), "zerops_manage",
		map[string]any{"action": "scale", "serviceHostname": "db", "minFreeRamPercent": 0}, "f4")
	wantOK(t, res)
	sent = h.fake.CountRequests("", path)
	res, m = h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "minFreeRamGB": 0})
	wantError(t, res, m, platform.ErrInvalidScaling)
	if !strings.Contains(str(m["error"]), "would keep no RAM free") || !strings.Contains(str(m["suggestion"]), "minFreeRamGB above 0") {
		t.Errorf("want both 0 refused naming the fix: %s", text(res))
	}
	if n := h.fake.CountRequests("", path); n != sent {
		t.Errorf("both 0: %d scaling requests sent; want none", n-sent)
	}
	// Above the maxRam in force: the call is told to raise maxRam too.
	res, _ = h.callWith(t, context.Background(), "zerops_manage",
		map[string]any{"action": "scale", "serviceHostname": "db", "maxRam": 2}, "f3")
	wantOK(t, res)
	sent = h.fake.CountRequests("", path)
	res, m = h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "minFreeRamGB": 3})
	wantError(t, res, m, platform.ErrInvalidScaling)
	if !strings.Contains(str(m["error"]), "minFreeRamGB 3 would be above maxRam 2") || !strings.Contains(str(m["suggestion"]), "maxRam=3") {
		t.Errorf("want the refusal to name maxRam in force and the fix: %s", text(res))
	}
	if n := h.fake.CountRequests("", path); n != sent {
		t.Errorf("%d scaling requests sent for refused values; want none", n-sent)
	}
}
