package mcp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestVerify_NoRollbackWithoutDiagnosis: a new version that answers 500
// while its log shows nothing wrong has no diagnosis saying the version is
// broken: neither the deploy nor verify offers a rollback (issue 34 walk).
func TestVerify_NoRollbackWithoutDiagnosis(t *testing.T) {
	t.Parallel()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "internal error", http.StatusInternalServerError)
	}))
	t.Cleanup(failing.Close)
	var broken atomic.Bool
	h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) {
		d.ReadyWait = time.Second // the 500 is not waited out for a minute
		sim := d.Prober.Rewrite
		d.Prober = &ops.Prober{Rewrite: func(pt ops.ProbeTarget) string {
			if broken.Load() && pt.Service == "appstage" {
				return failing.URL
			}
			return sim(pt)
		}}
	}})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	if _, m := h.callWith(t, ctx, "zerops_deploy", args, "v1"); m["verdict"] != "live" {
		t.Fatalf("v1 verdict %v, want live", m["verdict"])
	}
	broken.Store(true)
	res, m := h.callWith(t, ctx, "zerops_deploy", args, "v2")
	wantOK(t, res)
	check, _ := m["check"].(map[string]any)
	if m["verdict"] == "live" || check["diagnoses"] != nil {
		t.Fatalf("v2: want a verdict other than live and no diagnosis, so this checks something: %s", text(res))
	}
	if strings.Contains(str(m["next"]), "rollback=true") {
		t.Errorf("deploy without a diagnosis offers a rollback: %s", m["next"])
	}
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if m["verdict"] == "healthy" || strings.Contains(text(res), "\"diagnoses\"") {
		t.Fatalf("verify: want a verdict other than healthy and no diagnosis: %s", text(res))
	}
	if strings.Contains(text(res), "rollback=true") {
		t.Errorf("verify without a diagnosis offers a rollback: %s", text(res))
	}
	// The app answered, with an error: not a bind or port to fix.
	if next := str(m["next"]); strings.Contains(next, "nothing answers") || strings.Contains(next, "make the app listen") || !strings.Contains(next, "answers 500") {
		t.Errorf("verify of an app answering 500 sends to its bind: %s", next)
	}
	if strings.Contains(text(res), "does not answer HTTP") {
		t.Errorf("verify of an app answering 500 says it does not answer: %s", text(res))
	}
}
