package mcp_test

import (
	"context"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// devOnlyYml is a zerops.yml with a setup for appdev alone.
const devOnlyYml = `zerops:
  - setup: appdev
    build:
      base: nodejs@22
      buildCommands: [npm ci]
      deployFiles: ./
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node index.js
`

// zerops_verify of a service without code offers a deploy that would work:
// from a directory whose zerops.yml has the service's setup, or, when no
// known one has it, naming the `setup:` entry to add, never a deploy that
// fails on a missing setup.
func TestVerify_NextDeployNeedsTheTargetsSetup(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	devOnly := maps.Clone(demoApp)
	devOnly["zerops.yml"] = devOnlyYml
	t.Run("no known directory has it", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true})
		writeApp(t, filepath.Join(h.workDir(t), "api"), devOnly)
		if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"workingDir": "api", "targetService": "appdev"}, "dev"); m["verdict"] != string(platform.VerdictLive) {
			t.Fatalf("appdev from api: %s", text(res))
		}
		res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
		next, _ := m["next"].(string)
		if !strings.Contains(next, "setup: appstage") || !strings.Contains(next, "api/zerops.yml") {
			t.Errorf("verify offers a deploy of api, whose zerops.yml has no setup appstage, without naming it: %s", text(res))
		}
	})
	t.Run("another known directory has it", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true})
		writeApp(t, filepath.Join(h.workDir(t), "api"), devOnly)
		for _, dir := range []string{".", "api"} {
			if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"workingDir": dir, "targetService": "appdev"}, dir); m["verdict"] != string(platform.VerdictLive) {
				t.Fatalf("appdev from %s: %s", dir, text(res))
			}
		}
		res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
		next, _ := m["next"].(string)
		if !strings.Contains(next, "zerops_deploy workingDir=. targetService=appstage") {
			t.Errorf("verify does not offer the directory whose zerops.yml has setup appstage: %s", text(res))
		}
	})
}
