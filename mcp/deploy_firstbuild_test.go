package mcp_test

import (
	"context"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// A failed build says "the version deployed before stays ACTIVE" only when
// one is: not after the service's first build, yes once a version is live.
func TestDeploy_FailedFirstBuildClaimsNoPreviousVersion(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	broken := maps.Clone(demoApp)
	maps.Copy(broken, noBuildScript)
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	const claim = "version deployed before stays ACTIVE"

	writeApp(t, h.workDir(t), broken)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "first")
	wantError(t, res, m, platform.ErrBuildFailed)
	if s, _ := m["suggestion"].(string); strings.Contains(s, claim) || !strings.Contains(s, "zerops_deploy again") {
		t.Errorf("first build's suggestion %q: want zerops_deploy again, no %q", s, claim)
	}

	writeApp(t, h.workDir(t), demoApp)
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
		t.Fatalf("the fixed deploy is not live: %s", text(res))
	}
	writeApp(t, h.workDir(t), broken)
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "again")
	wantError(t, res, m, platform.ErrBuildFailed)
	if s, _ := m["suggestion"].(string); !strings.Contains(s, claim) {
		t.Errorf("a failed build after a live one: suggestion %q lacks %q", s, claim)
	}
}

// A failed build over a version that answers 502 (it listens on another
// port): neither the deploy nor zerops_verify claims the previous version
// "keeps running", and their next step says to deploy again once.
func TestDeploy_FailedBuildOverA502(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = time.Second }})
	wrongPort := "const http = require('node:http');\n" +
		"http.createServer((req, res) => res.end('ok')).listen(8080, '0.0.0.0');\n"
	writeApp(t, h.workDir(t), map[string]string{"index.js": wrongPort})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "v1"); m["verdict"] != "not-answering" {
		t.Fatalf("v1 on the wrong port: %s", text(res))
	}
	h.fake.FailNextBuild(h.fake.ServiceID("appstage"), "make: *** [all] Error 2")
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "v2")
	wantError(t, res, m, platform.ErrBuildFailed)
	sugg, _ := m["suggestion"].(string)
	if n := strings.Count(sugg, "deploy again"); n != 1 || strings.Contains(sugg+m["error"].(string), "keeps running") {
		t.Errorf("the failed build's suggestion says deploy again %d times, or claims the 502 version keeps running: %s", n, text(res))
	}

	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	s := service0(t, m)
	next, _ := m["next"].(string)
	reason, _ := s["reason"].(string)
	if n := strings.Count(next, "deploy again"); n != 1 || strings.Contains(reason, "keeps running") || !strings.Contains(reason, string(platform.AppVersionBuildFailed)) {
		t.Errorf("verify: want the failed build named, no claim the 502 version keeps running, deploy again once (%d): %s", n, text(res))
	}
	_, m = h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage"})
	next, _ = m["next"].(string)
	if n := strings.Count(next, "deploy"); n != 1 || !strings.Contains(next, "build-command-failed") {
		t.Errorf("events: want the failed build's diagnosis with one deploy (%d): %s", n, next)
	}
}
