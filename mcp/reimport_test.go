package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// reimportServices is what the walk adds to the demo project before the
// export: a shared storage, a database, an object storage and a runtime
// built from its repository with a subdomain, scaling, secrets (one a
// reference) and the storage mounted.
const reimportServices = `services:
  - hostname: files
    type: shared-storage
    mode: NON_HA
  - hostname: pg
    type: postgresql:single@16
  - hostname: bucket
    type: object-storage
    objectStorageSize: 3
    objectStoragePolicy: private
  - hostname: api
    type: nodejs@22
    buildFromGit: https://github.com/zeropsio/recipe-nodejs
    enableSubdomainAccess: true
    minContainers: 2
    maxContainers: 3
    verticalAutoscaling:
      cpuMode: SHARED
      minRam: 1
      maxRam: 4
      minDisk: 2
    envSecrets:
      API_TOKEN: abcdefgh12345
      DATABASE_URL: ${pg_connectionString}
    mount:
      - files
`

// Walk 14 did not walk it: a project with a deployed runtime whose
// subdomain, scaling and secrets were set by ZCP's tools, a runtime built
// from git, a database, object and shared storage, exported and imported
// into a fresh project by a second ZCP there. The dry run is clean (no
// problem, no warning), the import recreates each service with the same
// type, mode, scaling and mounts, and the new project's export is the old
// one's, word for word, each time (the subdomains of runtimes not yet
// deployed there included).
func TestExport_ReimportRecreatesTheProject(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	steps := []struct {
		tool string
		args map[string]any
	}{
		{"zerops_import", map[string]any{"content": reimportServices}},
		{"zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}},
		{"zerops_subdomain", map[string]any{"serviceHostname": "appstage", "action": "enable"}},
		{"zerops_manage", map[string]any{"serviceHostname": "appstage", "action": "scale", "minRam": 0.5, "maxRam": 2, "maxContainers": 2}},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"SESSION_KEY=zzzzzzzzzzzzzz", "DB=${db_connectionString}"}}},
	}
	for _, s := range steps {
		if res, _ := h.callWith(t, ctx, s.tool, s.args, s.tool); res.IsError {
			t.Fatalf("%s: %s", s.tool, text(res))
		}
	}
	export := func(h *harness) string {
		res, m := h.call(t, "zerops_export", map[string]any{})
		wantOK(t, res)
		return str(m["yaml"])
	}
	y := export(h)
	if again := export(h); again != y {
		t.Errorf("two exports of the same project differ:\n%s\n---\n%s", y, again)
	}
	filled := strings.NewReplacer("<fill in SESSION_KEY>", "key-123456789", "<fill in API_TOKEN>", "tok-123456789").Replace(y)

	fresh := newHarness(t, harnessOpts{fake: h.fake, project: "fresh"})
	res, m := fresh.call(t, "zerops_import", map[string]any{"content": filled, "dryRun": true})
	if m["valid"] != true || len(issuesOf(m, "problems")) > 0 || len(issuesOf(m, "warnings")) > 0 {
		t.Fatalf("the dry run of the export in a fresh project is not clean: %s", text(res))
	}
	if res, _ := fresh.callWith(t, ctx, "zerops_import", map[string]any{"content": filled}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	if got := export(fresh); got != y {
		t.Errorf("the fresh project's export differs from the old one's:\n%s\n---\n%s", y, got)
	}
	old, now := discovered(t, h), discovered(t, fresh)
	if len(old) != len(now) {
		t.Errorf("the fresh project has %d services, the old one %d", len(now), len(old))
	}
	for host, o := range old {
		n, ok := now[host]
		if !ok {
			t.Errorf("%s is not in the fresh project", host)
			continue
		}
		for _, key := range []string{"type", "mode", "autoscaling", "mounts"} {
			if key == "autoscaling" && o[key] == nil {
				continue // the fake's seeded services show none: the defaults
			}
			if w, g := jsonOf(t, o[key]), jsonOf(t, n[key]); w != g {
				t.Errorf("%s's %s in the fresh project: %s, want %s", host, key, g, w)
			}
		}
	}
}

// discovered is each service as zerops_discover shows it, by hostname.
func discovered(t *testing.T, h *harness) map[string]map[string]any {
	t.Helper()
	res, m := h.call(t, "zerops_discover", map[string]any{})
	wantOK(t, res)
	out := map[string]map[string]any{}
	services, _ := m["services"].([]any)
	for _, s := range services {
		svc, _ := s.(map[string]any)
		out[str(svc["hostname"])] = svc
	}
	if len(out) == 0 {
		t.Fatalf("no services: %s", text(res))
	}
	return out
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
