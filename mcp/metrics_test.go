package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// leakyApp is demoApp whose server keeps every request's buffer forever:
// Node runs out of heap shortly after it starts.
var leakyApp = map[string]string{
	"index.js": "const kept = [];\nwhile (true) { kept.push(Buffer.alloc(1 << 20)); }\n",
}

// TestMetrics_IdleVersusOutOfMemory asks "is it RAM?" after an idle start
// (nothing near a limit) and after the app ran out of memory (RAM at the
// ceiling, the demo's maxRam already the platform's maximum).
func TestMetrics_IdleVersusOutOfMemory(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}

	res, m := h.callWith(t, ctx, "zerops_deploy", args, "idle")
	wantOK(t, res)
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("the demo app is not live: %s", text(res))
	}
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if m["verdict"] != string(ops.MetricsOK) || !strings.Contains(m["next"].(string), "nothing near a limit") {
		t.Fatalf("an idle app is judged %v: %s", m["verdict"], text(res))
	}

	writeApp(t, h.workDir(t), leakyApp)
	res, _ = h.callWith(t, ctx, "zerops_deploy", args, "oom")
	wantOK(t, res)
	if out := text(res); !strings.Contains(out, "out-of-memory") || !strings.Contains(out, "it is a leak") {
		t.Errorf("the leaky app's verdict does not name a leak before more RAM: %s", out)
	}
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage", "window": "30m"})
	wantOK(t, res)
	svc := m["services"].([]any)[0].(map[string]any)
	next := m["next"].(string)
	if m["verdict"] != string(ops.MetricsNearLimit) || !strings.HasPrefix(svc["reason"].(string), "RAM at 9") ||
		!strings.Contains(next, "platform maximum") {
		t.Fatalf("an out-of-memory app is not judged at its RAM ceiling: %s", text(res))
	}
	if svc["next"] == next { // the next step once: the answer's
		t.Errorf("the service's next step repeats the answer's: %s", text(res))
	}

	// Every service: the idle ones are listed too, the worst verdict wins.
	res, m = h.call(t, "zerops_metrics", map[string]any{})
	wantOK(t, res)
	if m["verdict"] != string(ops.MetricsNearLimit) || len(m["services"].([]any)) < 3 {
		t.Errorf("all services: %s", text(res))
	}

	for _, bad := range []map[string]any{{"window": "8d"}, {"window": "soon"}, {"window": "10s"}} {
		res, m := h.call(t, "zerops_metrics", bad)
		wantError(t, res, m, platform.ErrInvalidParameter)
	}
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "nosuch"})
	wantError(t, res, m, platform.ErrServiceNotFound)
}

// TestMetrics_LeakNextByMaxRAM runs the leaky app under two maxRam: below
// the platform's 48 GB the answer raises it; at 48 GB no scale call can help,
// so it points at the leak. Every call it names takes the arguments it gives.
func TestMetrics_LeakNextByMaxRAM(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name         string
		maxRAM       float64 // 0: the demo's, 48 GB
		want, reject []string
	}{
		// One cause, one fix: what tells a leak from a steady need, the call
		// that shows which, and no raised heap cap (the RAM is full).
		{"platform maximum", 0, []string{"platform maximum (48 GB)", "climbs until the app dies", "it is a leak: fix the code", "holds steady", "zerops_verify serviceHostname=appstage"},
			[]string{"maxRam=", "minFreeRam", "--max-old-space-size", "likely a leak"}},
		{"room to grow", 4, []string{"zerops_manage action=scale serviceHostname=appstage maxRam=8.", "it is a leak", "zerops_logs serviceHostname=appstage"}, []string{"minFreeRam", "platform maximum"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			if tt.maxRAM > 0 {
				res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appstage", "maxRam": tt.maxRAM}, "scale")
				wantOK(t, res)
			}
			writeApp(t, h.workDir(t), leakyApp)
			res, _ := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "oom")
			wantOK(t, res)

			res, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage", "window": "30m"})
			wantOK(t, res)
			next := m["next"].(string)
			if m["verdict"] != string(ops.MetricsNearLimit) {
				t.Fatalf("not at the limit: %s", text(res))
			}
			for _, w := range tt.want {
				if !strings.Contains(next, w) {
					t.Errorf("next lacks %q: %s", w, next)
				}
			}
			for _, w := range tt.reject {
				if strings.Contains(next, w) {
					t.Errorf("next has %q: %s", w, next)
				}
			}
			wantKnownArgs(t, h, next)
		})
	}
}

// wantKnownArgs fails when next names a tool call with an argument that
// tool's input schema lacks.
func wantKnownArgs(t *testing.T, h *harness, next string) {
	t.Helper()
	list, err := h.cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	props := map[string]map[string]any{}
	for _, tool := range list.Tools {
		p, _ := tool.InputSchema.(map[string]any)["properties"].(map[string]any)
		props[tool.Name] = p
	}
	var tool string
	for _, w := range strings.Fields(next) {
		w = strings.TrimRight(w, ".,;:)")
		if _, ok := props[w]; ok {
			tool = w
			continue
		}
		k, _, ok := strings.Cut(w, "=")
		if !ok || tool == "" || strings.HasPrefix(k, "-") {
			continue
		}
		if _, known := props[tool][k]; !known {
			t.Errorf("%q names %s argument %q, which its schema lacks", next, tool, k)
		}
	}
}

// Planning for load on a healthy service: below its container ceiling the
// answer says how far it scales on its own and proposes no value; at the
// ceiling it says so and proposes no value either (only the load the user
// expects can tell one), so following the answers does not double the
// ceiling call after call.
func TestMetrics_PlanForLoadStopsAtHeadroom(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	scale := func(min, max int) {
		t.Helper()
		res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev",
			"minContainers": min, "maxContainers": max}, "scale")
		wantOK(t, res)
	}
	okNext := func() string {
		t.Helper()
		_, m := h.callWith(t, ctx, "zerops_metrics", map[string]any{"serviceHostname": "appdev"}, "metrics")
		if m == nil || m["verdict"] != "ok" {
			t.Fatalf("metrics: %v, want verdict ok", m)
		}
		return str(m["next"])
	}
	scale(1, 4)
	if next := okNext(); !strings.Contains(next, "scales out on its own to 4 containers (1 running now)") || strings.Contains(next, "maxContainers=") {
		t.Errorf("below the ceiling: next %q, want the headroom said and no value proposed", next)
	}
	scale(2, 2)
	if next := okNext(); !strings.Contains(next, "at its maximum of 2 containers") || strings.Contains(next, "maxContainers=") {
		t.Errorf("at the ceiling: next %q, want the ceiling said and no value proposed", next)
	}
	// Walk 10: at the platform's 10 containers the answer told the agent to
	// raise maxContainers (up to 10), which it already was.
	scale(4, 10)
	if next := okNext(); !strings.Contains(next, "scales out on its own to 10 containers (4 running now)") || strings.Contains(next, "raise maxContainers") {
		t.Errorf("at the platform's container maximum: next %q, want the headroom said and no raise of maxContainers", next)
	}
}

// Project-wide metrics with an ok verdict propose no scaling (walk F10:
// they proposed scaling out appdev, a dev service): they say what the
// numbers mean for more load.
func TestMetrics_OkProjectProposesNoScaling(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_metrics", map[string]any{})
	wantOK(t, res)
	next := str(m["next"])
	if m["verdict"] != "ok" {
		t.Fatalf("metrics: %s", text(res))
	}
	if strings.Contains(next, "Containers=") || strings.Contains(next, "Ram=") || strings.Contains(next, "Cpu=") ||
		!strings.Contains(next, "nothing needs scaling") || !strings.Contains(next, "× that load fits") ||
		!strings.Contains(next, "For a spike you know is coming") || // walk 75: a planned spike was told only "nothing to raise"
		!strings.Contains(next, "raise minContainers of appdev (and maxContainers, 1 now, at least as high)") { // walk 88: minContainers alone was refused
		t.Errorf("ok project metrics: next %q proposes a scale value, or does not say what the numbers mean", next)
	}
	if strings.Contains(next, "Only ") {
		t.Errorf("project metrics say only one service was measured: %s", next)
	}
	// One service's ok says the others were not read (walk 84: "is
	// everything OK" asked of appdev alone).
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appdev"})
	wantOK(t, res)
	if next := str(m["next"]); m["verdict"] != "ok" || !strings.Contains(next, "Only appdev was measured; every service: zerops_metrics without serviceHostname") {
		t.Errorf("one service's ok metrics: next %q does not point at the others", next)
	}
}

// TestMetrics_NeverDeployedServiceRunsNothing: a runtime created without
// code (READY_TO_DEPLOY) runs no container, so it reports no use (the reason
// says so, not three guesses) and is
// not the service the answer proposes to scale for more load.
func TestMetrics_NeverDeployedServiceRunsNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_metrics", map[string]any{})
	wantOK(t, res)
	for _, s := range m["services"].([]any) {
		if svc := s.(map[string]any); svc["service"] == "appstage" && (svc["verdict"] != string(ops.MetricsNoData) || !strings.Contains(str(svc["reason"]), "no code deployed yet")) {
			t.Errorf("appstage, never deployed, reports use or guesses why it reports none: %v", svc)
		}
	}
	if next := str(m["next"]); strings.Contains(next, "serviceHostname=appstage") {
		t.Errorf("the next step scales appstage, which was never deployed: %s", next)
	}
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "no code deployed") || strings.Contains(next, "zerops_manage") {
		t.Errorf("appstage alone, never deployed: want it deployed first, not started: %s", next)
	}
}

// TestMetrics_PeakSurvivesADeploy: the app ran out of memory for half an
// hour, then a fixed version was deployed. Over 6h the RAM peak that
// explains the crash stays in the history beside the idle use now, and
// the answer (RAM at the platform's 48 GB then) proposes no scale.
func TestMetrics_PeakSurvivesADeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), leakyApp)
	res, _ := h.callWith(t, ctx, "zerops_deploy", args, "oom")
	wantOK(t, res)
	h.fake.AgeAppRuns(h.fake.ServiceID("appstage"), 30*time.Minute)
	writeApp(t, h.workDir(t), demoApp)
	res, m := h.callWith(t, ctx, "zerops_deploy", args, "fixed")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("the fixed app is not live: %s", text(res))
	}

	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage", "window": "6h"})
	wantOK(t, res)
	ram, _ := m["services"].([]any)[0].(map[string]any)["use"].(map[string]any)["ram"].(map[string]any)
	if peak, now := ram["peakPct"].(float64), ram["nowPct"].(float64); peak < 90 || now >= 90 {
		t.Fatalf("RAM peak %v%%, now %v%%: want the out-of-memory peak before the deploy and idle use now: %s", peak, now, text(res))
	}
	next := str(m["next"])
	if m["verdict"] != string(ops.MetricsPeaked) || strings.Contains(next, "zerops_manage") || !strings.Contains(next, "platform maximum (48 GB)") ||
		!strings.Contains(next, "it is a leak: fix the code") {
		t.Errorf("a past RAM peak at the platform maximum: want peaked, the leak's test and no scale: %s", text(res))
	}
	wantKnownArgs(t, h, next)
}

// Planning for load counts the service's vertical autoscaling (walk, scale
// goal: "about 2.7× that load fits as it is" was read at 0.125 GB of RAM
// while the service grew on its own to 48 GB): the answer says what fits at
// the size measured and how far the maxima in force let it grow, and names
// a maximum to raise only below the platform's.
func TestMetrics_PlanForLoadCountsVerticalGrowth(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	okNext := func(host string) string {
		t.Helper()
		_, m := h.callWith(t, ctx, "zerops_metrics", map[string]any{"serviceHostname": host}, "metrics")
		if m == nil || m["verdict"] != "ok" {
			t.Fatalf("metrics of %s: %v, want verdict ok", host, m)
		}
		return str(m["next"])
	}
	scale := func(args map[string]any) {
		t.Helper()
		args["action"] = "scale"
		res, _ := h.callWith(t, ctx, "zerops_manage", args, "scale")
		wantOK(t, res)
	}
	for _, tt := range []struct {
		name      string
		scale     map[string]any // nil: as the sandbox starts
		host      string
		want, not []string
	}{
		{name: "a runtime at the platform's vertical maxima", host: "appdev",
			want: []string{"fits at this size; past that, its vertical autoscaling grows it on its own up to 8 cores, 48 GB RAM and 250 GB disk", "raise maxContainers"},
			not:  []string{"fits as it is"}},
		{name: "a runtime with lower maxima", host: "appdev", scale: map[string]any{"serviceHostname": "appdev", "maxCpu": 2, "maxRam": 2},
			want: []string{"fits at this size", "up to 2 cores, 2 GB RAM and 250 GB disk"}},
		{name: "a runtime at every platform maximum (walk 79: the maxima said twice)", host: "appdev",
			scale: map[string]any{"serviceHostname": "appdev", "maxCpu": 8, "maxRam": 48, "maxContainers": 10},
			want:  []string{"up to 8 cores, 48 GB RAM and 250 GB disk a container", "those are the platform's maxima: nothing to raise"},
			not:   []string{"with 8 cores and 48 GB RAM a container"}},
		{name: "a database at the platform's maxima", host: "db",
			want: []string{"up to 8 cores, 48 GB RAM and 250 GB disk a container, the platform's maxima: nothing to raise"}, not: []string{"zerops_manage"}},
		{name: "a database with a lower RAM maximum", host: "db", scale: map[string]any{"serviceHostname": "db", "maxRam": 4},
			want: []string{"up to 8 cores, 4 GB RAM and 250 GB disk", "raise maxRam (up to 48)"}},
	} {
		if tt.scale != nil {
			scale(tt.scale)
		}
		next := okNext(tt.host)
		for _, w := range tt.want {
			if !strings.Contains(next, w) {
				t.Errorf("%s: next lacks %q: %s", tt.name, w, next)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(next, w) {
				t.Errorf("%s: next has %q: %s", tt.name, w, next)
			}
		}
	}
}

// TestMetrics_RaisedRAMFilledAgainStopsDoubling: the leaky app fills its
// 2 GB maxRam; the answer proposes maxRam=4, and after that raise it fills
// 4 GB too. The next answer proposes no maxRam=8 (walk, monitor goal:
// following the answers doubled maxRam call after call) but names the
// raise, the leak and a further raise without a value.
func TestMetrics_RaisedRAMFilledAgainStopsDoubling(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	scale := func(maxRAM float64) {
		t.Helper()
		res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appstage", "maxRam": maxRAM}, "scale")
		wantOK(t, res)
	}
	hotNext := func() string {
		t.Helper()
		res, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage", "window": "30m"})
		if m["verdict"] != string(ops.MetricsNearLimit) {
			t.Fatalf("the leaky app's metrics: want near-limit: %s", text(res))
		}
		next := str(m["next"])
		wantKnownArgs(t, h, next)
		return next
	}
	scale(2)
	writeApp(t, h.workDir(t), leakyApp)
	res, _ := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "oom")
	wantOK(t, res)
	if next := hotNext(); !strings.Contains(next, "maxRam=4") {
		t.Fatalf("at 2 GB: want the raise to 4 proposed: %s", next)
	}
	scale(4)
	next := hotNext()
	for _, w := range []string{"fills the 4 GB maxRam ZCP raised it to from 2 GB", "is a leak", "raising maxRam again only delays it",
		"steady need above 4 GB", "zerops_manage action=scale serviceHostname=appstage."} {
		if !strings.Contains(next, w) {
			t.Errorf("filled again after the raise: next lacks %q: %s", w, next)
		}
	}
	if strings.Contains(next, "maxRam=") {
		t.Errorf("filled again after the raise: next proposes another value: %s", next)
	}
}

// TestMetrics_PastBucketsKeepTheirScaling: the leaky app ran out of memory
// under maxRam 2 GB, a fixed version replaced it, then maxRam was raised to
// 4 GB. The history the metrics are read from keeps 2 GB as the ceiling of
// the out-of-memory buckets (walk: every past bucket took the scaling in
// force now, so the crash seemed to hit the raised maxRam).
func TestMetrics_PastBucketsKeepTheirScaling(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	scale := func(maxRAM float64) {
		t.Helper()
		res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appstage", "maxRam": maxRAM}, "scale")
		wantOK(t, res)
	}
	scale(2)
	writeApp(t, h.workDir(t), leakyApp)
	res, _ := h.callWith(t, ctx, "zerops_deploy", args, "oom")
	wantOK(t, res)
	h.fake.AgeAppRuns(h.fake.ServiceID("appstage"), 20*time.Minute)
	writeApp(t, h.workDir(t), demoApp)
	if res, m := h.callWith(t, ctx, "zerops_deploy", args, "fixed"); m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("the fixed app is not live: %s", text(res))
	}
	scale(4)
	res, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage", "window": "30m"})
	wantOK(t, res)
	ram, _ := m["services"].([]any)[0].(map[string]any)["use"].(map[string]any)["ram"].(map[string]any)
	if peak, limit := ram["peakPct"].(float64), ram["limit"].(float64); peak < 90 {
		t.Fatalf("RAM peak %v%% (limit now %v GB): want the out-of-memory peak: %s", peak, limit, text(res))
	}
	now := time.Now()
	ps, err := h.client.ServiceStats(ctx, platform.StatsFilter{ProjectID: h.fake.ProjectID(), ServiceID: h.fake.ServiceID("appstage"),
		From: now.Add(-30 * time.Minute), Till: now, Bucket: time.Minute})
	must(t, err)
	oomBuckets := 0
	for _, p := range ps {
		if p.RAMLimit > 0 && p.RAMUsed/p.RAMLimit >= 0.9 {
			oomBuckets++
			if gbs := p.RAMLimit / 1e9; gbs != 2 {
				t.Errorf("out-of-memory bucket at %s: RAM limit %v GB, want the 2 GB in force then", p.From.Format(time.TimeOnly), gbs)
			}
		}
	}
	if oomBuckets == 0 {
		t.Fatalf("no out-of-memory bucket in %d", len(ps))
	}
}

// TestMetrics_StoppedServiceIsSaidBesideOk: with db stopped, metrics of
// every service answer ok for the rest, and next says db is stopped and
// how to start it (walk 74b: an ok answer while the database the app uses
// was stopped); without a stopped service next says nothing of it.
func TestMetrics_StoppedServiceIsSaidBesideOk(t *testing.T) {
	t.Parallel()
	for _, stop := range []bool{true, false} {
		t.Run(fmt.Sprint("stopped=", stop), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			if stop {
				if res, _ := h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "db"}, "stop"); res.IsError {
					t.Fatalf("stop: %s", text(res))
				}
			}
			res, m := h.call(t, "zerops_metrics", map[string]any{})
			wantOK(t, res)
			next := str(m["next"])
			said := strings.Contains(next, "db is stopped") && strings.Contains(next, "zerops_manage action=start serviceHostname=db")
			if m["verdict"] != "ok" || said != stop || !strings.Contains(next, "nothing needs scaling") {
				t.Errorf("metrics with db stopped=%v: verdict %v, next %s", stop, m["verdict"], next)
			}
		})
	}
}

// TestMetrics_PlanForLoadOnTheStageNotTheDev: with appdev and appstage
// both running, planning for load names appstage, the service that takes
// traffic in the dev/stage pattern (walk 75c: launch advice was for appdev).
func TestMetrics_PlanForLoadOnTheStageNotTheDev(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_metrics", map[string]any{})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "raise minContainers of appstage") || strings.Contains(next, "serviceHostname=appdev") {
		t.Errorf("next = %q, want the load planned on appstage", next)
	}
}

// TestMetrics_SlowNowLooksWhereTheRequestsAre: an ok answer's word on
// slowness (walk 86) says what averages cannot show and points at the log
// that carries requests: the runtime's own; for db, whose log carries no
// queries, an app's, never a probe of the database. A db log read says the
// same of itself.
func TestMetrics_SlowNowLooksWhereTheRequestsAre(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "db", "window": "24h"})
	wantOK(t, res)
	next := str(m["next"])
	if m["verdict"] != "ok" || !strings.Contains(next, "averages per 15m") || !strings.Contains(next, "not the queries or requests its clients send") ||
		!strings.Contains(next, "(zerops_logs serviceHostname=app") || strings.Contains(next, "zerops_verify") || strings.Contains(next, "are not why") {
		t.Errorf("db's ok metrics: next %q does not send slow queries to an app's log", next)
	}
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appdev"})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "averages per 1m") || !strings.Contains(next, "in its log (zerops_logs serviceHostname=appdev)") ||
		strings.Contains(next, "times one request") {
		t.Errorf("appdev's ok metrics: next %q", next)
	}
	res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "db"})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "not the queries or requests its clients send") || !strings.Contains(next, "zerops_logs serviceHostname=app") ||
		strings.Contains(next, "on Zerops they do") {
		t.Errorf("db's logs: next %q reads a database's log as if it carried requests", next)
	}
}
