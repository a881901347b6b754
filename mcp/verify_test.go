package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// service0 is the first service of a verify answer.
func service0(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	svcs, _ := m["services"].([]any)
	if len(svcs) == 0 {
		t.Fatalf("no services in %v", m)
	}
	s, _ := svcs[0].(map[string]any)
	return s
}

// The verify tool, through the MCP client, against the simulated services'
// HTTP: what the fake's balancer answers decides the verdict.
func TestVerifyTool_ServiceStates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		processDur  time.Duration
		buildStep   time.Duration
		sandboxPush bool
		setup       func(t *testing.T, h *harness)
		hostname    string
		wantVerdict string
		wantStatus  float64 // the probe's HTTP status; 0 = no probe
		wantNext    string
		notNext     string // a step the answer must not name
		wantSignal  string // the first diagnosis; "" = not checked
	}{
		{name: "healthy", hostname: "appdev", wantVerdict: string(platform.VerdictHealthy), wantStatus: 200, wantNext: "nothing to fix in appdev's start or address"},
		{name: "no code yet: not deployed, the deploy call with its arguments", hostname: "appstage", wantVerdict: string(platform.VerdictNotDeployed), wantStatus: 0, wantNext: "zerops_deploy targetService=appstage with sourceService set to"},
		{name: "stopped answers 502", hostname: "appdev", wantVerdict: string(platform.VerdictFailing), wantStatus: 502, wantNext: "action=start",
			setup: func(t *testing.T, h *harness) {
				res, _ := h.call(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "appdev"})
				wantOK(t, res)
				h.fake.EndProcesses()
			}},
		{name: "crash loop answers 502 with its cause", hostname: "appstage", sandboxPush: true, wantVerdict: string(platform.VerdictFailing), wantStatus: 502, wantNext: "run.start",
			setup: func(t *testing.T, h *harness) {
				writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "node index.js", "node server.js")})
				res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "crash")
				wantOK(t, res)
			}},
		{name: "first deploy in progress: wait, no second deploy", hostname: "appstage", sandboxPush: true, buildStep: time.Hour,
			wantVerdict: string(platform.VerdictDegraded), wantNext: "zerops_events serviceHostname=appstage", notNext: "zerops_deploy",
			setup: func(t *testing.T, h *harness) {
				res, _ := h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
				wantOK(t, res)
			}},
		{name: "first build failed: fix the diagnosis, then deploy", hostname: "appstage", sandboxPush: true,
			wantVerdict: string(platform.VerdictFailing), wantNext: "then zerops_deploy again", notNext: "deploy code", wantSignal: "npm-missing-script",
			setup: func(t *testing.T, h *harness) {
				writeApp(t, h.workDir(t), noBuildScript)
				res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "bf")
				wantError(t, res, m, platform.ErrBuildFailed)
			}},
		{name: "an upload left unbuilt is not a deploy to wait for", hostname: "appstage", sandboxPush: true,
			wantVerdict: string(platform.VerdictDegraded), wantNext: "if your zerops_deploy failed",
			setup: func(t *testing.T, h *harness) {
				h.fake.InjectFault(fakeapi.Fault{Method: "PUT", PathPrefix: "/app-version/", Status: 400, Times: 1})
				res, m := h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
				if !res.IsError {
					t.Fatalf("the push succeeded despite the fault: %v", m)
				}
				waitFor(t, func() bool { // the lagging search lists the version left UPLOADING
					vs, err := h.client.SearchAppVersions(context.Background(), platform.AppVersionFilter{ServiceID: h.fake.ServiceID("appstage"), Limit: 1})
					return err == nil && len(vs) == 1 && vs[0].Status == platform.AppVersionUploading
				})
			}},
		{name: "managed database is judged by its status", hostname: "db", wantVerdict: string(platform.VerdictHealthy), wantNext: "nothing to fix", notNext: "zerops_deploy"},
		{name: "managed cache is judged by its status", hostname: "cache", wantVerdict: string(platform.VerdictHealthy), wantNext: "nothing to fix", notNext: "zerops_deploy"},
		{name: "managed storage is judged by its status", hostname: "storage", wantVerdict: string(platform.VerdictHealthy), wantNext: "nothing to fix", notNext: "zerops_deploy"},
		{name: "stopped managed service is started", hostname: "db", wantVerdict: string(platform.VerdictFailing), wantNext: "action=start serviceHostname=db", notNext: "zerops_deploy",
			setup: func(t *testing.T, h *harness) {
				res, _ := h.call(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "db"})
				wantOK(t, res)
				h.fake.EndProcesses()
			}},
		{name: "restarting answers 503", hostname: "appdev", processDur: time.Hour, wantVerdict: string(platform.VerdictDegraded), wantStatus: 503, wantNext: "again",
			setup: func(t *testing.T, h *harness) {
				_, err := h.client.RestartService(context.Background(), h.fake.ServiceID("appdev"))
				must(t, err)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{processDuration: tt.processDur, buildStep: tt.buildStep, sandboxPush: tt.sandboxPush})
			if tt.setup != nil {
				tt.setup(t, h)
			}
			res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": tt.hostname})
			wantOK(t, res)
			s := service0(t, m)
			if m["verdict"] != tt.wantVerdict || !strings.Contains(m["next"].(string), tt.wantNext) {
				t.Fatalf("verdict %v next %v, want %s and %q: %s", m["verdict"], m["next"], tt.wantVerdict, tt.wantNext, text(res))
			}
			if tt.notNext != "" && strings.Contains(str(m["next"])+str(s["next"]), tt.notNext) {
				t.Errorf("next %q names %q: %s", m["next"], tt.notNext, text(res))
			}
			if got := firstDiagnosis(s["diagnoses"])["signal"]; tt.wantSignal != "" && got != tt.wantSignal {
				t.Errorf("first diagnosis %q, want %s: %s", got, tt.wantSignal, text(res))
			}
			probes, _ := s["probes"].([]any)
			if tt.wantStatus == 0 {
				if len(probes) != 0 {
					t.Errorf("probes %v, want none", probes)
				}
				return
			}
			if len(probes) == 0 {
				t.Fatalf("no probe: %s", text(res))
			}
			p := probes[0].(map[string]any)
			if url := "http://" + tt.hostname + ":3000/"; p["status"] != tt.wantStatus || p["url"] != url {
				t.Errorf("probe %v, want %v at %s", p, tt.wantStatus, url)
			}
			if _, ok := p["latencyMs"]; ok { // the stand-in's speed is not the app's (walk 84)
				t.Errorf("sandbox probe %v reports a latency", p)
			}
		})
	}
}
