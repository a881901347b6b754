package mcp_test

import (
	"context"
	"maps"
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
	if !strings.Contains(text(res), "minFreeRamGB changed from unset (the platform's default, 0.0625 GB) to 0.5 GB") {
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
	// Refusals that hang on what is in force: each first sets it (setup),
	// then sends nothing for the refused call.
	for _, c := range []struct {
		name, token    string
		setup, args    map[string]any
		error, suggest string
	}{
		{"both 0 (the percent in force is 0 once set back)", "f4", map[string]any{"minFreeRamPercent": 0}, map[string]any{"minFreeRamGB": 0},
			"would keep no RAM free", "minFreeRamGB above 0"},
		{"above the maxRam in force", "f3", map[string]any{"maxRam": 2}, map[string]any{"minFreeRamGB": 3},
			"minFreeRamGB 3 would be above maxRam 2", "maxRam=3"},
	} {
		setup := map[string]any{"action": "scale", "serviceHostname": "db"}
		args := map[string]any{"action": "scale", "serviceHostname": "db"}
		maps.Copy(setup, c.setup)
		maps.Copy(args, c.args)
		res, _ := h.callWith(t, context.Background(), "zerops_manage", setup, c.token)
		wantOK(t, res)
		sent := h.fake.CountRequests("", path)
		res, m := h.call(t, "zerops_manage", args)
		wantError(t, res, m, platform.ErrInvalidScaling)
		if !strings.Contains(str(m["error"]), c.error) || !strings.Contains(str(m["suggestion"]), c.suggest) {
			t.Errorf("%s: want the refusal to name %q and the fix %q: %s", c.name, c.error, c.suggest, text(res))
		}
		if n := h.fake.CountRequests("", path); n != sent {
			t.Errorf("%s: %d scaling requests sent; want none", c.name, n-sent)
		}
	}
}
