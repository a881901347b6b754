package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestScale_ManagedContainersNamesTheFix: container counts asked of a
// managed database are refused with what applies (its mode fixes them)
// and the ways to what the user wants: vertical scaling, or a new HA
// service and a move of the data; not the generic ranges (issue 34 walk).
func TestScale_ManagedContainersNamesTheFix(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "minContainers": 2, "maxContainers": 3})
	wantError(t, res, m, platform.ErrInvalidScaling)
	said := str(m["error"]) + " " + str(m["suggestion"])
	for _, w := range []string{"single", "postgresql:ha@16", "minRam", "Nothing was changed"} {
		if !strings.Contains(said, w) {
			t.Errorf("the answer lacks %q: %s", w, said)
		}
	}
	if strings.Contains(said, "1–10") || strings.Contains(said, "min ≤ max") {
		t.Errorf("the answer restates the generic ranges: %s", said)
	}
	if reqs := strings.Join(callRequests(h.fake), " "); strings.Contains(reqs, "autoscaling") {
		t.Errorf("a scaling change was sent: %s", reqs)
	}
}

// TestScale_ObjectStorageSaysWhatItHas: any scaling asked of object storage
// is refused before it is sent, saying it has no CPU, RAM, disk or
// containers and where its size is changed (walk: the API's refusal came
// back with "minimums must not exceed maximums, and managed services
// cannot change HA mode", which fits nothing asked).
func TestScale_ObjectStorageSaysWhatItHas(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, args := range []map[string]any{{"maxRam": 2}, {"minDisk": 5}, {"maxContainers": 2}, {"cpuMode": "DEDICATED"}} {
		args["action"], args["serviceHostname"] = "scale", "storage"
		res, m := h.call(t, "zerops_manage", args)
		wantError(t, res, m, platform.ErrInvalidScaling)
		said := str(m["error"]) + " " + str(m["suggestion"])
		for _, w := range []string{"object storage", "no CPU, RAM, disk or containers", "objectStorageSize", "Nothing was changed"} {
			if !strings.Contains(said, w) {
				t.Errorf("%v: the answer lacks %q: %s", args, w, said)
			}
		}
		if strings.Contains(said, "HA mode") || strings.Contains(said, "managed service") {
			t.Errorf("%v: the answer names what does not apply: %s", args, said)
		}
	}
	if reqs := strings.Join(callRequests(h.fake), " "); strings.Contains(reqs, "autoscaling") {
		t.Errorf("a scaling change was sent: %s", reqs)
	}
}

// TestScale_StoppedServiceNamesTheStart: scaling a stopped service answers
// the range in force and that it applies once the service starts, not a
// metrics call that would report no container (walk, scale goal).
func TestScale_StoppedServiceNamesTheStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "cache"}, "stop")
	wantOK(t, res)
	res, m := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "cache", "maxRam": 2}, "scale")
	wantOK(t, res)
	if next := str(m["next"]); strings.Contains(next, "zerops_metrics") || !strings.Contains(next, "zerops_manage action=start serviceHostname=cache") {
		t.Errorf("scale of a stopped cache: next %q, want the start named and no metrics", next)
	}
}

// TestScale_ManagedContainersSingleOnlyNoHA: a managed type that runs single
// only (meilisearch) is never told to move to an HA service of its type,
// which the platform refuses ("runs single only: it has no HA mode").
func TestScale_ManagedContainersSingleOnlyNoHA(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: search\n    type: meilisearch@1.10\n"})
	wantOK(t, res)
	h.fake.EndProcesses()
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "search", "maxContainers": 3})
	wantError(t, res, m, platform.ErrInvalidScaling)
	said := str(m["error"]) + " " + str(m["suggestion"])
	if strings.Contains(said, ":ha@") {
		t.Errorf("the answer offers an HA type the platform refuses for meilisearch: %s", said)
	}
	for _, w := range []string{"single only", "minRam", "Nothing was changed"} {
		if !strings.Contains(said, w) {
			t.Errorf("the answer lacks %q: %s", w, said)
		}
	}
}

// TestDiscover_StoppedServiceNamedInNext: with db stopped, discover's next
// names it and its start first, not another service's scaling (walk 75c:
// "For the scaling in force of a service not shown here: … cache").
func TestDiscover_StoppedServiceNamedInNext(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "db"}, "stop")
	wantOK(t, res)
	h.fake.EndProcesses()
	res, m := h.call(t, "zerops_discover", map[string]any{})
	wantOK(t, res)
	next := str(m["next"])
	if !strings.Contains(next, "db (STOPPED)") || !strings.Contains(next, "zerops_manage action=start serviceHostname=db") || strings.Contains(next, "scaling") {
		t.Errorf("discover with db stopped: next %q, want db's start and no scaling hint", next)
	}
}
