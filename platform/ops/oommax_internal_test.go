package ops

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/diagnose"
)

// TestClassifyRuntime_OutOfMemoryAtMaxBesideABadReference: an app at the
// platform's most RAM whose log shows a bad reference and an exhausted
// heap is classified twice (the second time knowing its variables); the
// out-of-memory fix proposes no scale on either pass.
func TestClassifyRuntime_OutOfMemoryAtMaxBesideABadReference(t *testing.T) {
	t.Parallel()
	fake, c := internalFake(t)
	ctx := context.Background()
	proj := Project{Client: c, ID: fake.ProjectID(), Memory: NewMemory("")}
	svc, err := c.GetService(ctx, fake.ServiceID("appstage"))
	if err != nil {
		t.Fatal(err)
	}
	if scalingOf(ctx, c, *svc).MaxRAM < platformMaxRAM {
		t.Fatal("appstage's maxRam is below the platform's most: this checks nothing")
	}
	if _, err := c.SetServiceEnvFile(ctx, svc.ID, "PGHOST=${postgres_hostname}\n"); err != nil {
		t.Fatal(err)
	}
	lines := []string{
		"Error: getaddrinfo ENOTFOUND ${postgres_hostname}",
		"FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
	}
	ds := classifyRuntime(ctx, proj, *svc, lines, diagnose.Options{})
	var oom, ref bool
	for _, d := range ds {
		ref = ref || unresolvedSignal(d)
		if d.Signal == "out-of-memory" {
			oom = true
			if strings.Contains(d.Fix, "maxRam") && !strings.Contains(d.Fix, "scaling will not help") {
				t.Errorf("out-of-memory fix at maxRam 48 GB proposes a scale: %q", d.Fix)
			}
		}
	}
	if !oom || !ref {
		t.Fatalf("want a bad reference and out-of-memory, so both passes run: %+v", ds)
	}
}
