package ops_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/zeropsapi"
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

// TestHotNext_KafkaRAMStopsAtItsPage: Kafka's docs page gives a container
// up to 40 GB of RAM, below the platform's 48: full RAM at maxRam 32 is
// raised to 40, not 64 or 48, and at 40 no raise is offered.
func TestHotNext_KafkaRAMStopsAtItsPage(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: 30 * time.Millisecond, SearchLag: -1})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	proj := ops.Project{Client: c, ID: fake.ProjectID()}
	if _, err := ops.Import(ctx, proj, "services:\n  - hostname: kafka\n    type: kafka@3.9\n    mode: NON_HA\n", ops.Published{}, ops.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	fake.EndProcesses()
	for _, tt := range []struct {
		maxRAM    float64
		want, not string
	}{
		{32, "maxRam=40.", "maxRam=64"},
		{40, "RAM is at the most its docs page gives kafka (40 GB)", "maxRam="},
	} {
		ram := tt.maxRAM
		scaled(t, c, fake.ProjectID(), "kafka", ops.ScaleParams{MaxRAM: &ram})
		svc, err := ops.ResolveService(ctx, proj, "kafka")
		if err != nil {
			t.Fatal(err)
		}
		if got := said(ops.HotNext(ctx, proj, *svc, "RAM", ops.ServiceMetrics{})); !strings.Contains(got, tt.want) || strings.Contains(got, tt.not) {
			t.Errorf("maxRam %g: %q, want %q and not %q", tt.maxRAM, got, tt.want, tt.not)
		}
	}
}
