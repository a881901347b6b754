package fakeapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// TestEndProcesses_EndsPendingProcessesWithTheirEffect: with an hour-long
// ProcessDuration, EndProcesses finishes a stop at once (the service is
// STOPPED), ends a queued failure FAILED, and leaves nothing more to end.
func TestEndProcesses_EndsPendingProcessesWithTheirEffect(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fakeapi.Options{ProcessDuration: time.Hour})
	ctx := context.Background()
	id := srv.ServiceID("appdev")

	r, err := h.PutServiceStackStop(ctx, sid(id))
	stop := out(t, r.Output, err)
	srv.FailNextProcess("stack.start", "container did not start")
	r2, err := h.PutServiceStackStart(ctx, sid(srv.ServiceID("appstage")))
	start := out(t, r2.Output, err)

	if n := srv.EndProcesses(); n != 2 {
		t.Fatalf("EndProcesses ended %d, want 2", n)
	}
	if p := waitProcess(t, h, string(stop.Id)); p.Status != "FINISHED" {
		t.Errorf("stop process %s, want FINISHED", p.Status)
	}
	if s := getService(t, h, id); string(s.Status) != "STOPPED" {
		t.Errorf("service %s after the stop ended, want STOPPED", s.Status)
	}
	if p := waitProcess(t, h, string(start.Id)); p.Status != "FAILED" {
		t.Errorf("failing process %s, want FAILED", p.Status)
	}
	if n := srv.EndProcesses(); n != 0 {
		t.Errorf("second EndProcesses ended %d, want 0", n)
	}
}
