package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
)

// rollbackRig is the start every rollback test shares: a sandbox whose
// appstage was deployed from appdev and is live (v1).
type rollbackRig struct {
	*harness
	ctx  context.Context
	wd   string         // appdev's code
	args map[string]any // a deploy from appdev to appstage
	v1   string         // the live version's appVersionId
}

func newRollbackRig(t *testing.T) *rollbackRig {
	t.Helper()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	r := &rollbackRig{harness: h, ctx: context.Background(), wd: h.workDir(t),
		args: map[string]any{"sourceService": "appdev", "targetService": "appstage"}}
	res, m := r.deploy(t, "v1")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("v1 is not live: %s", text(res))
	}
	r.v1 = appVersionOf(m)
	return r
}

// deploy deploys appdev to appstage; token is the call's progress token.
func (r *rollbackRig) deploy(t *testing.T, token string) (*sdk.CallToolResult, map[string]any) {
	t.Helper()
	return r.callWith(t, r.ctx, "zerops_deploy", r.args, token)
}

// removeStart removes the app's start file: each deploy after it crashes.
func (r *rollbackRig) removeStart(t *testing.T) {
	t.Helper()
	must(t, os.Remove(filepath.Join(r.wd, "index.js")))
}

// deployBroken deploys the app without its start file and fails the test
// if that version is live.
func (r *rollbackRig) deployBroken(t *testing.T, token string) (*sdk.CallToolResult, map[string]any) {
	t.Helper()
	res, m := r.deploy(t, token)
	if m["verdict"] == string(platform.VerdictLive) {
		t.Fatalf("%s without its start file is live: %s", token, text(res))
	}
	return res, m
}

// rollback rolls appstage back to the version live before.
func (r *rollbackRig) rollback(t *testing.T, token string) (*sdk.CallToolResult, map[string]any) {
	t.Helper()
	return r.callWith(t, r.ctx, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage"}, token)
}

// appVersionOf is the appVersionId of a deploy's build.
func appVersionOf(m map[string]any) string {
	build, _ := m["build"].(map[string]any)
	id, _ := build["appVersionId"].(string)
	return id
}

// TestRollback_BrokenVersionGoesBack deploys v1 (live), v2 (crashes), rolls
// back in one call (v1 live again) and is refused a failed build.
func TestRollback_BrokenVersionGoesBack(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	h, ctx, v1 := r.harness, r.ctx, r.v1

	r.removeStart(t)
	res, m := r.deployBroken(t, "v2")
	wantOK(t, res)
	if !strings.Contains(m["next"].(string), "zerops_deploy rollback=true targetService=appstage") {
		t.Fatalf("a failing v2's answer names no rollback: %s", text(res))
	}
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	if !strings.Contains(m["next"].(string), "zerops_deploy rollback=true targetService=appstage") {
		t.Errorf("verify of a failing v2 names no rollback: %s", text(res))
	}

	res, m = r.rollback(t, "back")
	wantOK(t, res)
	if m["verdict"] != string(platform.VerdictLive) || m["mode"] != deploy.ModeRollback || appVersionOf(m) != v1 {
		t.Fatalf("the rollback did not bring v1 back live: %s", text(res))
	}
	vs, err := h.client.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: h.fake.ServiceID("appstage")})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if (v.ID == v1) != (v.Status == platform.AppVersionActive) {
			t.Errorf("version %s (#%d) is %s after the rollback to %s", v.ID, v.Sequence, v.Status, v1)
		}
	}
	// Walk 82: the events listed the rollback as a build of v1, though a
	// rollback builds nothing.
	res, m = h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage"})
	for _, e := range m["events"].([]any) {
		if e := e.(map[string]any); e["id"] == v1 && e["action"] != "redeploy" {
			t.Errorf("v1 gone back to is listed as %v, want redeploy: %s", e["action"], text(res))
		}
	}

	writeApp(t, r.wd, demoApp)
	writeApp(t, r.wd, noBuildScript)
	res, m = r.deploy(t, "v3")
	wantError(t, res, m, platform.ErrBuildFailed)
	failed := m["appVersionId"].(string)
	res, m = h.call(t, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage", "appVersionId": failed})
	wantError(t, res, m, platform.ErrInvalidParameter)
	if !strings.Contains(m["error"].(string), string(platform.AppVersionBuildFailed)) || !strings.Contains(m["suggestion"].(string), "Deployable earlier versions") {
		t.Errorf("a rollback to a failed build is not refused with why: %s", text(res))
	}

	for _, bad := range []map[string]any{
		{"rollback": true},
		{"rollback": true, "targetService": "appstage", "sourceService": "appdev"},
		{"rollback": true, "targetService": "db"},
		{"appVersionId": v1, "sourceService": "appdev"},
	} {
		res, m := h.call(t, "zerops_deploy", bad)
		wantError(t, res, m, platform.ErrInvalidParameter)
	}
}

// TestVerify_RollbackAfterFailedBuild: v1 live, v2 crashes, v3's build
// fails, a rollback brings v1 back. zerops_verify judges v1, the version
// that runs, not the newest (v3's failed build, older than the rollback),
// and reads the log since v1 went live again: v2's crash is no error of it.
func TestVerify_RollbackAfterFailedBuild(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	v1 := r.v1
	r.removeStart(t)
	r.deployBroken(t, "v2")
	writeApp(t, r.wd, demoApp)
	writeApp(t, r.wd, noBuildScript)
	res, m := r.deploy(t, "v3")
	wantError(t, res, m, platform.ErrBuildFailed)
	res, m = r.rollback(t, "back")
	if m["verdict"] != string(platform.VerdictLive) || appVersionOf(m) != v1 {
		t.Fatalf("the rollback did not bring v1 back live: %s", text(res))
	}

	res, m = r.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	s := service0(t, m)
	av, _ := s["appVersion"].(map[string]any)
	if av["id"] != v1 || m["verdict"] != string(platform.VerdictHealthy) || s["errorLines"] != nil {
		t.Errorf("verify after the rollback: want v1 (%s) judged healthy with a clean log since it went live: %s", v1, text(res))
	}
}

// TestRollback_SecondGoesToTheOneLiveBefore: v1 live, v2 crashes, a
// rollback brings v1 back, v3 crashes too; the second rollback goes back
// to v1, the version live before v3, not to v2, the newest BACKUP.
func TestRollback_SecondGoesToTheOneLiveBefore(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	v1 := r.v1
	r.removeStart(t)
	r.deployBroken(t, "v2")
	if res, m := r.rollback(t, "back1"); appVersionOf(m) != v1 {
		t.Fatalf("the first rollback did not bring v1 back: %s", text(res))
	}
	if res, m := r.deployBroken(t, "v3"); !strings.Contains(str(m["next"]), "zerops_deploy rollback=true targetService=appstage") {
		t.Fatalf("a failing v3's answer names no rollback: %s", text(res))
	}
	res, m := r.rollback(t, "back2")
	wantOK(t, res)
	if m["verdict"] != string(platform.VerdictLive) || appVersionOf(m) != v1 {
		t.Fatalf("the second rollback did not go back to v1 (%s), the version live before v3: %s", v1, text(res))
	}
}

// TestRollback_ChecksAVersionOlderThanTheNewestFive: v1 live, then five
// versions that crash; the rollback brings v1 back and checks it, though
// v1 is not among the newest five versions a verify lists (it once answered
// "could not check it: project ID is empty": v1 was read by id alone).
func TestRollback_ChecksAVersionOlderThanTheNewestFive(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	r.removeStart(t)
	for i := 2; i <= 6; i++ {
		r.deployBroken(t, fmt.Sprintf("v%d", i))
	}
	res, m := r.rollback(t, "back")
	if m["verdict"] != string(platform.VerdictLive) || appVersionOf(m) != r.v1 {
		t.Fatalf("the rollback to v1, older than the newest five, was not checked live: %s", text(res))
	}
}

// TestRollback_GoesToTheVersionAVerifyFoundHealthy: v1 live; v2 crashes on a
// service variable, fixed with zerops_env, and zerops_verify finds v2
// healthy; v3 crashes. The rollback goes back to v2, the version live
// before v3, not past it to v1 (v2 was once remembered as not answering).
func TestRollback_GoesToTheVersionAVerifyFoundHealthy(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	h, ctx := r.harness, r.ctx
	env := func(v string) {
		t.Helper()
		if res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{v}}, "env"); res.IsError {
			t.Fatalf("env set %s: %s", v, text(res))
		}
	}
	env("PGHOST=${postgres_hostname}")
	res, m := r.deploy(t, "v2")
	if m["verdict"] == string(platform.VerdictLive) {
		t.Fatalf("v2 with a bad reference is live: %s", text(res))
	}
	v2 := appVersionOf(m)
	if res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"PGHOST=${db_hostname}"}, "restart": true}, "fix"); res.IsError {
		t.Fatalf("env fix: %s", text(res))
	}
	h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
	r.removeStart(t)
	r.deployBroken(t, "v3")
	res, m = r.rollback(t, "back")
	if m["verdict"] != string(platform.VerdictLive) || appVersionOf(m) != v2 {
		t.Fatalf("the rollback did not go back to v2 (%s), found healthy before v3: %s", v2, text(res))
	}
}

// TestRollback_SaysVariablesGoBack: walk 79 changed a variable so the
// app broke, then deployed broken code; the answer offered "go back:
// zerops_deploy rollback=true" without a word on the variable. Walk 81
// found ZCP then saying the variables stay while Zerops' docs (Restore an
// archived version) say activating a version puts them back as they stood
// when it was last active. With a variable changed since the version gone
// back to, the offer and the rollback's answer say what the docs say, with
// the call that lists them; with none, neither does.
func TestRollback_SaysVariablesGoBack(t *testing.T) {
	t.Parallel()
	for _, changed := range []bool{true, false} {
		r := newRollbackRig(t)
		if changed {
			res, _ := r.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"DB_SSLMODE=${pg_sslmode}"}})
			wantOK(t, res)
			r.fake.EndProcesses()
		}
		r.removeStart(t)
		res, m := r.deployBroken(t, fmt.Sprint("v2-", changed))
		next := str(m["next"])
		if !strings.Contains(next, "zerops_deploy rollback=true targetService=appstage") {
			t.Fatalf("changed %v: no rollback offered: %s", changed, text(res))
		}
		if said := strings.Contains(next, "docs say activating it also puts the variables back") && strings.Contains(next, "zerops_env action=get serviceHostname=appstage"); said != changed {
			t.Errorf("variable changed %v: the offer says variables go back: %v: %s", changed, said, next)
		}
		res, _ = r.rollback(t, fmt.Sprint("back-", changed))
		if said := strings.Contains(text(res), "Zerops' docs say activating it also puts the variables back") && strings.Contains(text(res), "serviceHostname=appstage lists them"); said != changed {
			t.Errorf("variable changed %v: the rollback says variables go back: %v: %s", changed, said, text(res))
		}
	}
}
