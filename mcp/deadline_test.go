package mcp_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// TestToolDeadline_BoundsToolsThatOnlyCallTheAPI: with the API hanging, a
// tool that only calls the API ends at its deadline with API_TIMEOUT, while
// a tool that waits on a platform process outlives that deadline.
func TestToolDeadline_BoundsToolsThatOnlyCallTheAPI(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{
		processDuration: 300 * time.Millisecond, // longer than the deadline below
		deps:            func(d *mcp.Deps) { d.ToolDeadline = 100 * time.Millisecond },
	})
	h.fake.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/project/", Latency: time.Hour, Times: 1})
	res, m := h.call(t, "zerops_discover", map[string]any{})
	wantError(t, res, m, platform.ErrAPITimeout)
	// At most one read: the deadline leaves no time for a retry. Whether the
	// one read reached the API before the deadline depends on the machine's
	// load (it may still wait for its connection), so that is not asserted.
	if n := h.fake.CountRequests(http.MethodGet, "/project/"); n > 1 {
		t.Errorf("%d project reads, want at most 1 (the deadline leaves no time for a retry)", n)
	}

	res, m = h.callWith(t, t.Context(), "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"}, "r")
	wantOK(t, res)
	p := m["processes"].([]any)[0].(map[string]any)
	if p["status"] != string(platform.ProcessFinished) {
		t.Errorf("restart followed to %v, want FINISHED: the wait keeps its own limit (%s)", p["status"], text(res))
	}
}

// TestToolDeadline_LongCooldownFailsFast: after a 429 whose Retry-After
// outlasts a call's limit, the next call fails at once with API_RATE_LIMITED
// saying when to retry, and never reaches the API.
func TestToolDeadline_LongCooldownFailsFast(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	h.fake.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/project/", Status: 429, RetryAfter: time.Minute, Times: 1})
	res, m := h.call(t, "zerops_discover", map[string]any{})
	wantError(t, res, m, platform.ErrAPIRateLimited)
	before := len(h.fake.Requests())
	res, m = h.call(t, "zerops_discover", map[string]any{})
	wantError(t, res, m, platform.ErrAPIRateLimited)
	if !strings.Contains(m["error"].(string), "retry after 60 s") {
		t.Errorf("error %q does not say when to retry", m["error"])
	}
	if n := len(h.fake.Requests()) - before; n != 0 {
		t.Errorf("%d API requests during the cooldown, want 0", n)
	}
}

// TestDiscover_ConcurrentCallsShareReads: 20 concurrent zerops_discover calls
// through the production wiring cost 3 API requests (the project, the
// service list, the client's one-off organisation lookup) instead of 40.
func TestDiscover_ConcurrentCallsShareReads(t *testing.T) {
	t.Parallel()
	// The cache outlives the test, so that a slow machine cannot turn a cache
	// hit into a second request: the count is exact.
	h := newHarness(t, harnessOpts{gateway: func(c *actors.GatewayConfig) { c.CacheTTL = time.Hour }})
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := h.cs.CallTool(t.Context(), &sdk.CallToolParams{Name: "zerops_discover", Arguments: map[string]any{}})
			if err != nil {
				t.Errorf("discover: %v", err)
			} else if res.IsError {
				t.Errorf("discover: %s", text(res))
			}
		}()
	}
	wg.Wait()
	reqs := callRequests(h.fake)
	if len(reqs) != 3 {
		t.Errorf("20 concurrent discovers made %d API requests, want 3: %q", len(reqs), reqs)
	}
}
