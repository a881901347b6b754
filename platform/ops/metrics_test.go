package ops_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestHotNext_RaisesOrSaysScalingWontHelp: below the platform's maximum the
// next step raises the maximum in force; at it (the demo's defaults) it says
// scaling will not help, and never names a call that changes nothing.
func TestHotNext_RaisesOrSaysScalingWontHelp(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	four, ten, ram := 4, 10.0, 4.0
	scaled(t, c, fake.ProjectID(), "appdev", ops.ScaleParams{MaxCPU: &four, MaxDisk: &ten, MaxRAM: &ram})
	eight, most, ramMost := 8, 250.0, 48.0
	scaled(t, c, fake.ProjectID(), "appstage", ops.ScaleParams{MaxCPU: &eight, MaxDisk: &most, MaxRAM: &ramMost})
	low, err := ops.ResolveService(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "appdev")
	if err != nil {
		t.Fatal(err)
	}
	top, err := ops.ResolveService(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "appstage")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		what, param string
		low         string // the next step under maxima below the platform's
		top         string // at the platform's maxima
	}{
		{"CPU", "maxCpu", "maxCpu=8.", "CPU is at the platform maximum (8 cores)"},
		{"disk", "maxDisk", "maxDisk=20.", "disk is at the platform maximum (250 GB)"},
		{"RAM", "maxRam", "maxRam=8.", "RAM is at the platform maximum (48 GB)"},
	} {
		if got := said(ops.HotNext(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, *low, tt.what, ops.ServiceMetrics{})); !strings.Contains(got, "serviceHostname=appdev "+tt.low) {
			t.Errorf("%s below the maximum: %q, want %q", tt.what, got, tt.low)
		}
		if got := said(ops.HotNext(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, *top, tt.what, ops.ServiceMetrics{})); !strings.Contains(got, tt.top) || strings.Contains(got, tt.param+"=") {
			t.Errorf("%s at the maximum: %q, want %q", tt.what, got, tt.top)
		}
	}
}

// scaled scales hostname and waits, bounded, for the change to apply.
func scaled(t *testing.T, c platform.Client, projectID, hostname string, p ops.ScaleParams) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := ops.Manage(ctx, ops.Project{Client: c, ID: projectID}, ops.ActionScale, hostname, p)
	if err != nil {
		t.Fatal(err)
	}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for res.Process != nil {
		proc, err := c.GetProcess(ctx, res.Process.ID)
		if err != nil {
			t.Fatalf("scaling %s: %v", hostname, err)
		}
		if proc.Status != platform.ProcessPending && proc.Status != platform.ProcessRunning {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("scaling %s did not end", hostname)
		case <-tick.C:
		}
	}
}
