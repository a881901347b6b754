package mcp_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// issueLines are issues as "path: problem → fix" lines, sorted.
func issueLines(issues []map[string]string) []string {
	out := make([]string, 0, len(issues))
	for _, is := range issues {
		out = append(out, is["path"]+": "+is["problem"]+" → "+is["fix"])
	}
	slices.Sort(out)
	return out
}

// A build or run base the platform's schema lacks is refused before the push with
// the very problems zerops_validate lists for the same file.
func TestDeploy_BaseNotInCatalogRefusedAsValidateDoes(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, old, new, path, fix, problem string }{
		{"build", "    build: &build\n      base: nodejs@22\n", "    build: &build\n      base: nodejs@99\n", "zerops[0].build.base", "nodejs@24", "not a value the platform's schema lists"},
		{"run", "    run: &run\n      base: nodejs@22\n", "    run: &run\n      base: bun@1\n", "zerops[0].run.base", "bun@1.3", "not a value the platform's schema lists"},
		// Without the platform's schemas (not fetched yet) the live catalog
		// still decides, in the deploy as in validate.
		{"build without the schema", "    build: &build\n      base: nodejs@22\n", "    build: &build\n      base: nodejs@99\n", "zerops[0].build.base", "nodejs@24", "is not in the catalog"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := harnessOpts{sandboxPush: true}
			if strings.HasSuffix(tt.name, "without the schema") {
				o.deps = func(d *mcp.Deps) { d.Schemas = nil }
			}
			h := newHarness(t, o)
			yml := strings.Replace(demoZeropsYml, tt.old, tt.new, 1)
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
			res, v := h.call(t, "zerops_validate", map[string]any{"content": yml})
			wantOK(t, res)
			var want []map[string]string
			for _, is := range issuesOf(v, "errors") {
				if strings.HasPrefix(is["path"], "zerops[0].") {
					want = append(want, is)
				}
			}
			if v["versionsChecked"] != true || len(want) == 0 || want[0]["path"] != tt.path ||
				!strings.Contains(want[0]["problem"], tt.problem) || !strings.Contains(want[0]["fix"], tt.fix) {
				t.Fatalf("validate: want %s refused (%s) with a fix naming %s: %s", tt.path, tt.problem, tt.fix, text(res))
			}
			pushes := h.fake.CountRequests("POST", "/service-stack/"+h.fake.ServiceID("appstage")+"/app-version")
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "base-"+tt.name)
			wantError(t, res, m, platform.ErrInvalidZeropsYml)
			if got, w := issueLines(issuesOf(m, "problems")), issueLines(want); !slices.Equal(got, w) {
				t.Errorf("deploy problems differ from validate's errors:\n got %q\nwant %q", got, w)
			}
			if n := h.fake.CountRequests("POST", "/service-stack/"+h.fake.ServiceID("appstage")+"/app-version"); n != pushes {
				t.Errorf("a refused deploy pushed: %d app versions, %d before", n, pushes)
			}
		})
	}
}

// A service imported with enableSubdomainAccess whose zerops.yml has no
// httpSupport port: the deploy answers zerops_validate's warning for the same
// file, and its next step fixes it instead of "nothing to fix".
func TestDeploy_SubdomainWithoutHTTPPortWarnsAsValidateDoes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = time.Second }})
	res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: nodejs@22\n    enableSubdomainAccess: true\n"})
	wantOK(t, res)
	h.fake.EndProcesses()
	yml := "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      buildCommands: [npm ci]\n      deployFiles: ./\n" +
		"    run:\n      base: nodejs@22\n      ports: [{port: 3000}]\n      start: node index.js\n"
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	res, v := h.call(t, "zerops_validate", map[string]any{"content": yml})
	want := issueLines(issuesOf(v, "warnings"))
	if len(want) != 1 || !strings.HasPrefix(want[0], "zerops[0].run.ports: ") {
		t.Fatalf("validate: want one warning at zerops[0].run.ports: %s", text(res))
	}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "nohttp")
	wantOK(t, res)
	if got := issueLines(issuesOf(m, "warnings")); !slices.Equal(got, want) {
		t.Errorf("deploy warnings differ from validate's:\n got %q\nwant %q", got, want)
	}
	next, _ := m["next"].(string)
	if strings.Contains(next, "nothing to fix") || !strings.Contains(next, "warning") || !strings.Contains(next, "zerops_deploy") {
		t.Errorf("verdict %v, next %q: want the warning fixed and a deploy again, not nothing to fix", m["verdict"], next)
	}

	// zerops_verify knows no zerops.yml, but what the service shows: a
	// subdomain asked for and no HTTP port for it to route to.
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "web"})
	next, _ = m["next"].(string)
	if m["verdict"] == string(platform.VerdictHealthy) || strings.Contains(next, "nothing to fix") || !strings.Contains(next, "httpSupport: true") {
		t.Errorf("verify of a subdomain service without an HTTP port: want the port fixed, not nothing to fix: %s", text(res))
	}
}

// Correct configurations review 6 found refused (G1, G3, G4) deploy live
// through zerops_deploy: a healthCheck with its own timeouts and execPeriod,
// deployFiles ./src/~server (src/server lands at /var/www/server), and
// deno@2 without os: ubuntu.
func TestDeploy_SpecValidConfigsGoLive(t *testing.T) {
	t.Parallel()
	checks := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n"+
		"      healthCheck:\n        httpGet: {port: 3000, path: /}\n        failureTimeout: 60\n        disconnectTimeout: 30\n        recoveryTimeout: 30\n        execPeriod: 10")
	prefixStrip := strings.NewReplacer("buildCommands: [npm ci]", "buildCommands: []", "deployFiles: ./", "deployFiles: [./src/~server, package.json]",
		"start: node index.js", "start: node server/index.js").Replace(demoZeropsYml)
	tests := []struct {
		name  string
		files map[string]string
	}{
		{"HealthCheckKeys", map[string]string{"zerops.yml": checks, "index.js": demoApp["index.js"]}},
		{"DeployFilesTildeBeforeAName", map[string]string{"zerops.yml": prefixStrip, "src/server/index.js": demoApp["index.js"], "package.json": "{}\n"}},
		{"DenoWithoutOS", map[string]string{"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: deno@2\n      deployFiles: ./\n" +
			"    run:\n      base: deno@2\n      ports: [{port: 8000, httpSupport: true}]\n      start: deno run --allow-net main.ts\n",
			"main.ts": "Deno.serve({ port: 8000 }, () => new Response('ok'))\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), tt.files)
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "deploy")
			if m["verdict"] != "live" {
				t.Fatalf("verdict %v, want live: %s", m["verdict"], text(res))
			}
		})
	}
}
