package mcp_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/zeropsio/zcp/platform"
)

// deployCall is a zerops_deploy call made in the background.
type deployCall struct {
	res *sdk.CallToolResult
	m   map[string]any
}

// deployAsync calls zerops_deploy with a progress token in the background.
func (h *harness) deployAsync(t *testing.T, args map[string]any, token string) <-chan deployCall {
	t.Helper()
	done := make(chan deployCall, 1)
	go func() {
		p := &sdk.CallToolParams{Name: "zerops_deploy", Arguments: args}
		p.SetProgressToken(token)
		res, err := h.cs.CallTool(context.Background(), p)
		if err != nil {
			res = &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: err.Error()}}}
		}
		done <- deployCall{res, decode(res)}
	}()
	return done
}

// awaitProgress waits for a progress notification of token whose message
// holds want.
func (h *harness) awaitProgress(t *testing.T, token, want string) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		for _, n := range h.notifications() {
			if n.ProgressToken == token && strings.Contains(n.Message, want) {
				return
			}
		}
		select {
		case <-h.notified:
		case <-deadline:
			t.Fatalf("no progress %q for %s within 20 s", want, token)
		}
	}
}

// Two deploys to one target, the second pushed while the first builds: each
// answer is about its own app version. The first, replaced by the second
// before it could be checked, says so instead of quoting the second's
// probe as its own "live".
func TestDeploy_SecondPushReplacesFirstBeforeItsCheck(t *testing.T) {
	t.Parallel()
	// Builds stand still until FinishBuilds ends both in one instant: the
	// first becomes ACTIVE and is replaced by the second at once.
	h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: time.Hour})
	wrongPort := "const http = require('node:http');\n" +
		"http.createServer((req, res) => res.end('ok')).listen(8080, '0.0.0.0');\n"
	writeApp(t, filepath.Join(h.workDir(t), "a"), demoApp)
	writeApp(t, filepath.Join(h.workDir(t), "a"), map[string]string{"index.js": wrongPort})
	writeApp(t, filepath.Join(h.workDir(t), "b"), demoApp)
	args := func(dir string) map[string]any {
		return map[string]any{"sourceService": "appdev", "targetService": "appstage", "workingDir": dir}
	}
	first := h.deployAsync(t, args("a"), "a")
	h.awaitProgress(t, "a", "Deploying appstage")
	second := h.deployAsync(t, args("b"), "b")
	h.awaitProgress(t, "b", "Deploying appstage")
	if n := h.fake.FinishBuilds(); n != 2 {
		t.Fatalf("finished %d builds, want both", n)
	}

	a, b := recv(t, first), recv(t, second)
	wantOK(t, a.res)
	wantOK(t, b.res)
	own := func(c deployCall) string {
		out, _ := c.m["output"].([]any)
		for _, l := range out {
			if m := regexp.MustCompile(`^app version (\S+) created`).FindStringSubmatch(l.(string)); m != nil {
				return m[1]
			}
		}
		t.Fatalf("no app version in the output: %s", text(c.res))
		return ""
	}
	for _, c := range []deployCall{a, b} {
		if build, _ := c.m["build"].(map[string]any); build["appVersionId"] != own(c) {
			t.Errorf("the answer follows app version %v, not its own %s: %s", build["appVersionId"], own(c), text(c.res))
		}
	}
	next, _ := a.m["next"].(string)
	if a.m["verdict"] != string(platform.VerdictReplaced) || !strings.Contains(a.m["message"].(string), own(b)) ||
		!strings.Contains(next, "zerops_verify serviceHostname=appstage") {
		t.Errorf("the replaced deploy's answer: want verdict %s naming %s and zerops_verify: %s", string(platform.VerdictReplaced), own(b), text(a.res))
	}
	if b.m["verdict"] != string(platform.VerdictLive) {
		t.Errorf("the second deploy's verdict %v, want live: %s", b.m["verdict"], text(b.res))
	}
}
