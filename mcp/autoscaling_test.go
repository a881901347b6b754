package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// sentFields lists the non-null leaves of an autoscaling request body as
// dotted paths, sorted: what the request asked to change.
func sentFields(t *testing.T, raw string) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatalf("body %q: %v", raw, err)
	}
	var out []string
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		switch x := v.(type) {
		case nil:
		case map[string]any:
			for k, e := range x {
				walk(strings.TrimPrefix(prefix+"."+k, "."), e)
			}
		default:
			out = append(out, fmt.Sprintf("%s=%v", prefix, x))
		}
	}
	walk("", v)
	sort.Strings(out)
	return out
}

// scaleWith sets appdev's scaling through the raw client, as another client
// of the project would, and waits for the change to apply.
func (h *harness) scaleWith(t *testing.T, p platform.AutoscalingParams) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	proc, err := h.client.SetAutoscaling(ctx, h.fake.ServiceID("appdev"), p)
	if err != nil {
		t.Fatal(err)
	}
	h.awaitProcess(t, ctx, proc)
}

func TestScale_SendsOnlyChangedFields(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	id := h.fake.ServiceID("appdev")
	// appdev is at the defaults: SHARED, 1–8 cores, 0.125–48 GB RAM.
	res, m := h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev",
		"cpuMode": "shared", "maxCpu": 8, "minRam": 0.5}, "s1")
	wantOK(t, res)
	sent := h.fake.AutoscalingSent(id)
	if len(sent) != 1 {
		t.Fatalf("sent %d autoscaling requests, want 1", len(sent))
	}
	want := []string{"customAutoscaling.verticalAutoscaling.minResource.memoryGBytes=0.5", "mode=NON_HA"}
	if got := sentFields(t, sent[0]); !reflect.DeepEqual(got, want) {
		t.Errorf("sent %v, want only %v", got, want)
	}
	if !strings.Contains(text(res), "already set, not sent: cpuMode SHARED, maxCpu 8") {
		t.Errorf("no note on the unchanged fields: %s", text(res))
	}
	if sc, _ := m["scaling"].(map[string]any); sc["minRam"] != 0.5 || sc["maxCpu"] != 8.0 || sc["cpuMode"] != "SHARED" {
		t.Errorf("scaling in the answer = %v", m["scaling"])
	}

	// Nothing left to change: nothing is sent.
	res, _ = h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "cpuMode": "SHARED", "minRam": 0.5})
	wantOK(t, res)
	if n := len(h.fake.AutoscalingSent(id)); n != 1 || !strings.Contains(text(res), "Nothing to change") {
		t.Errorf("a change of nothing: %d requests sent in all, answer %s", n, text(res))
	}
}

func TestScale_BoundAgainstTheSettingInForce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	two := 2
	h.scaleWith(t, platform.AutoscalingParams{VerticalMaxCPU: &two})
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "minCpu": 4})
	wantError(t, res, m, platform.ErrInvalidScaling)
	if !strings.Contains(text(res), "minCpu 4 would be above maxCpu 2") {
		t.Errorf("the error does not name the bound in force: %s", text(res))
	}
	if n := len(h.fake.AutoscalingSent(h.fake.ServiceID("appdev"))); n != 1 {
		t.Errorf("%d autoscaling requests, want only the set-up's", n)
	}
}

func TestScale_SecondCPUModeChangeWithinTheHour(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		first func(t *testing.T, h *harness) // makes the first change
		when  *regexp.Regexp                 // how the answer names the retry time
	}{
		{"first by ZCP", func(t *testing.T, h *harness) {
			res, _ := h.callWith(t, context.Background(), "zerops_manage",
				map[string]any{"action": "scale", "serviceHostname": "appdev", "cpuMode": "DEDICATED"}, "c1")
			wantOK(t, res)
		}, regexp.MustCompile(`retry the change after \d\d:\d\d UTC \(ZCP changed it at \d\d:\d\d UTC\)`)},
		{"first by another client", func(t *testing.T, h *harness) {
			dedicated := "DEDICATED"
			h.scaleWith(t, platform.AutoscalingParams{CPUMode: &dedicated})
		}, regexp.MustCompile(`retry the change within the hour \(by \d\d:\d\d UTC at the latest\)`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			id := h.fake.ServiceID("appdev")
			tt.first(t, h)
			res, m := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "cpuMode": "SHARED", "maxCpu": 4})
			wantError(t, res, m, platform.ErrCPUModeTooSoon)
			sugg, _ := m["suggestion"].(string)
			if !tt.when.MatchString(sugg) || !strings.Contains(sugg, "keep cpuMode DEDICATED (leave cpuMode out)") {
				t.Errorf("suggestion = %q", sugg)
			}
			if msg, _ := m["error"].(string); !strings.Contains(msg, "nothing was changed") {
				t.Errorf("error = %q", msg)
			}
			svc, err := h.client.GetService(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if a := svc.CurrentAutoscaling; a == nil || a.CPUMode != "DEDICATED" || a.MaxCPU != 8 {
				t.Errorf("after the refusal the scaling in force is %+v, want DEDICATED and maxCpu 8", a)
			}
			// The same cpuMode again is no change: the rest applies.
			res, _ = h.callWith(t, context.Background(), "zerops_manage",
				map[string]any{"action": "scale", "serviceHostname": "appdev", "cpuMode": "DEDICATED", "maxCpu": 4}, "c2")
			wantOK(t, res)
			sent := h.fake.AutoscalingSent(id)
			want := []string{"customAutoscaling.verticalAutoscaling.maxResource.cpuCoreCount=4", "mode=NON_HA"}
			if got := sentFields(t, sent[len(sent)-1]); !reflect.DeepEqual(got, want) {
				t.Errorf("sent %v, want %v", got, want)
			}
		})
	}
}

func TestDiscover_ScalingInForce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_discover", map[string]any{"serviceHostname": "appdev"})
	wantOK(t, res)
	svc := m["services"].([]any)[0].(map[string]any)
	if a, _ := svc["autoscaling"].(map[string]any); a["cpuMode"] != "SHARED" || a["minCpu"] != 1.0 || a["maxCpu"] != 8.0 || a["maxRam"] != 48.0 {
		t.Errorf("one service: autoscaling = %v, want the defaults in force", svc["autoscaling"])
	}
	if _, ok := svc["customAutoscaling"]; ok {
		t.Errorf("one service at the defaults shows customAutoscaling %v", svc["customAutoscaling"])
	}

	// The list leaves scaling out (the search knows only what the user
	// changed, not what is in force) and says where the figures are.
	res, m = h.call(t, "zerops_discover", nil)
	wantOK(t, res)
	for _, s := range m["services"].([]any) {
		if a, ok := s.(map[string]any)["autoscaling"]; ok {
			t.Errorf("the list shows scaling %v", a)
		}
	}
	if !strings.Contains(m["next"].(string), "zerops_discover serviceHostname=") {
		t.Errorf("the list does not say where the scaling in force is: %v", m["next"])
	}

	// Another client sets minRam: the one service shows it in force.
	half := 0.5
	h.scaleWith(t, platform.AutoscalingParams{VerticalMinRAM: &half})
	res, m = h.call(t, "zerops_discover", map[string]any{"serviceHostname": "appdev"})
	wantOK(t, res)
	svc = m["services"].([]any)[0].(map[string]any)
	if a, _ := svc["autoscaling"].(map[string]any); a["minRam"] != 0.5 || a["maxRam"] != 48.0 {
		t.Errorf("after minRam 0.5: autoscaling = %v", svc["autoscaling"])
	}
}

// TestScale_SecondCPUModeChangeAlone: a second cpuMode change within the
// hour asked with nothing else is refused without "apply the other
// settings now" (walk: there were none, and the call it led to, scale
// without cpuMode, answered "no scaling parameter given").
func TestScale_SecondCPUModeChangeAlone(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "cpuMode": "DEDICATED"}, "c1")
	wantOK(t, res)
	res, m := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "cpuMode": "SHARED"}, "c2")
	wantError(t, res, m, platform.ErrCPUModeTooSoon)
	sugg := str(m["suggestion"])
	if strings.Contains(sugg, "other settings") || strings.Contains(sugg, "leave cpuMode out") ||
		!regexp.MustCompile(`retry the change after \d\d:\d\d UTC`).MatchString(sugg) || !strings.Contains(sugg, "db keeps cpuMode DEDICATED") {
		t.Errorf("cpuMode alone, refused: suggestion %q, want the retry time and what stays, no other settings to apply", sugg)
	}
}

// TestScale_UndoWhileTheRaiseRuns: walk 80 raised appstage's containers
// (min 3, max 6) and undid it (min 1, max 1) while the raise still ran;
// the undo was compared with the settings before the raise, "already set,
// not sent", and the raise then applied. It is weighed against what the
// running raise sets: sent, with the lowered maximum warned of, and once
// both have ended the undo is in force.
func TestScale_UndoWhileTheRaiseRuns(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	res, _ := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appstage", "minContainers": 3, "maxContainers": 6})
	wantOK(t, res)
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appstage", "minContainers": 1, "maxContainers": 1})
	wantOK(t, res)
	if procs, _ := m["processes"].([]any); len(procs) != 1 || !strings.Contains(fmt.Sprint(m["warnings"]), "maxContainers lowered from 6 to 1") {
		t.Errorf("the undo during the raise: %s", text(res))
	}
	h.fake.EndProcesses()
	svc, err := h.client.GetService(context.Background(), h.fake.ServiceID("appstage"))
	if err != nil {
		t.Fatal(err)
	}
	if a := svc.CurrentAutoscaling; a == nil || a.MinContainers != 1 || a.MaxContainers != 1 {
		t.Errorf("in force after both: %+v, want min 1 and max 1 containers", a)
	}
}
