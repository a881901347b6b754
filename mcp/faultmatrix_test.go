package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// matrixToken is long enough that any 6-character fragment of it in an
// answer is a leak, not a coincidence.
const matrixToken = "zcpFaultMatrixT0ken-7f3c9a1e5b2d8046"

// matrixFaults is every kind of failure the fake API can inject, each hitting
// every request until cleared.
func matrixFaults() map[string]fakeapi.Fault {
	return map[string]fakeapi.Fault{
		"500":                    {Status: http.StatusInternalServerError},
		"502 html page":          {Status: http.StatusBadGateway, Body: "<html><head><title>502</title></head><body><h1>Bad Gateway</h1></body></html>"},
		"503 plain":              {Status: http.StatusServiceUnavailable, Body: "upstream connect error"},
		"401":                    {Status: http.StatusUnauthorized},
		"403":                    {Status: http.StatusForbidden},
		"404":                    {Status: http.StatusNotFound},
		"400":                    {Status: http.StatusBadRequest, APICode: "invalidUserInput"},
		"429 retry-after":        {Status: http.StatusTooManyRequests, RetryAfter: time.Hour},
		"latency past deadline":  {Latency: time.Hour},
		"connection reset":       {ResetConn: true},
		"malformed json":         {Malformed: true},
		"200 html":               {Status: http.StatusOK, Body: "<!doctype html><html><body>Sign in</body></html>"},
		"huge body":              {Status: http.StatusOK, Body: strings.Repeat("[", zeropsapi.MaxAPIResponseBytes+1024)},
		"token echoed":           {Status: http.StatusBadRequest, APICode: "invalidUserInput", Message: strings.Repeat("x", 290) + matrixToken},
		"token echoed plain 502": {Status: http.StatusBadGateway, Body: strings.Repeat("y", 285) + "Authorization: Bearer " + matrixToken},
	}
}

// matrixCalls are the tool calls that reach the API, one per tool (two for
// zerops_env, whose service and project paths differ).
var matrixCalls = []struct {
	tool string
	args map[string]any
}{
	{"zerops_discover", map[string]any{"includeEnvs": true}},
	{"zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"}},
	{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"A=1"}}},
	{"zerops_env", map[string]any{"action": "get", "project": true}},
	{"zerops_logs", map[string]any{"serviceHostname": "appdev"}},
	{"zerops_import", map[string]any{"content": "services:\n  - hostname: newapi\n    type: nodejs@22\n"}},
	{"zerops_process", map[string]any{"processId": "abc123"}},
	{"zerops_delete", map[string]any{"serviceHostname": "appdev", "confirm": true}},
	{"zerops_subdomain", map[string]any{"action": "enable", "serviceHostname": "appdev"}},
	{"zerops_events", map[string]any{}},
	{"zerops_deploy", map[string]any{"sourceService": "appdev"}},
}

// TestFaultMatrix_EveryToolEveryFault: every tool that calls the API, under
// every fault the fake API can inject, answers a structured error with a
// code other than INTERNAL_ERROR and no fragment of the token, within the
// deadlines the test sets (gateway attempt and call limits, tool deadline;
// a call past the guard fails the test), and the server serves afterwards.
func TestFaultMatrix_EveryToolEveryFault(t *testing.T) {
	t.Parallel()
	for name, fault := range matrixFaults() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{
				token: matrixToken,
				gateway: func(c *actors.GatewayConfig) {
					c.ReadTimeout = 500 * time.Millisecond
					c.CallLimit = 2 * time.Second
					c.MaxCooldown = 3 * time.Second
				},
				deps: func(d *mcp.Deps) {
					d.ToolDeadline = 3 * time.Second
					d.Deployer = failingDeployer{} // never reached: the deploy's API reads fail first
				},
			})
			h.fake.InjectFault(fault)
			for _, c := range matrixCalls {
				// The guard: far beyond every limit above, so reaching it
				// means a call that does not end by itself.
				ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
				res, err := h.cs.CallTool(ctx, callParams(c.tool, c.args))
				cancel()
				if err != nil {
					t.Fatalf("%s %v: no answer: %v", c.tool, c.args, err)
				}
				checkFaultAnswer(t, c.tool, res)
			}
			h.fake.ClearFaults()
			checkLive(t, h, fault.Status == http.StatusTooManyRequests)
		})
	}
}

func callParams(tool string, args map[string]any) *sdk.CallToolParams {
	return &sdk.CallToolParams{Name: tool, Arguments: args}
}

// goErrorText matches Go's own error phrasing, which a message must not show.
var goErrorText = regexp.MustCompile(`read tcp|dial tcp|connection reset by peer|unexpected EOF|invalid character|cannot unmarshal|Go value|127\.0\.0\.1`)

// checkFaultAnswer wants an isError {code, error, suggestion} answer with a
// code naming the failure and no fragment of the token.
func checkFaultAnswer(t *testing.T, tool string, res *sdk.CallToolResult) {
	t.Helper()
	body := text(res)
	for i := 0; i+6 <= len(matrixToken); i++ {
		if frag := matrixToken[i : i+6]; strings.Contains(body, frag) {
			t.Fatalf("%s: answer holds token fragment %q: %s", tool, frag, body)
		}
	}
	if !res.IsError {
		t.Fatalf("%s: answered success under the fault: %s", tool, platform.Clip(body, 300))
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("%s: error is not JSON: %s", tool, platform.Clip(body, 300))
	}
	code, _ := m["code"].(string)
	msg, _ := m["error"].(string)
	sug, _ := m["suggestion"].(string)
	if code == "" || code == platform.ErrInternal || msg == "" || sug == "" {
		t.Errorf("%s: want {code, error, suggestion} naming the failure, got %s", tool, body)
	}
	if goErrorText.MatchString(msg) {
		t.Errorf("%s: message shows Go's error text: %s", tool, msg)
	}
}

// checkLive wants the server serving once the fault is gone: no call left in
// flight, and a discover that succeeds (or, while a rate-limit cooldown
// lasts, answers API_RATE_LIMITED). The limits set for the matrix are tight,
// so a discover that meets them on a loaded machine is tried again.
func checkLive(t *testing.T, h *harness, rateLimited bool) {
	t.Helper()
	res, _ := h.call(t, "zerops_context", nil)
	wantOK(t, res)
	if n := len(h.srv.InFlight()); n != 0 {
		t.Errorf("%d calls still in flight after every answer", n)
	}
	var m map[string]any
	for range 5 {
		res, m = h.call(t, "zerops_discover", nil)
		if !res.IsError || m["code"] != platform.ErrAPITimeout {
			break
		}
	}
	if rateLimited && res.IsError {
		wantError(t, res, m, platform.ErrAPIRateLimited)
		return
	}
	wantOK(t, res)
}
