package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// staticYml is a static site's setup: a Node build, its output deployed.
func staticYml(deployFiles string) string {
	return "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      buildCommands: [npm ci, npm run build]\n" +
		"      deployFiles: " + deployFiles + "\n    run:\n      base: static\n"
}

// staticApp is a framework's static site with its usual build script.
func staticApp(script, deployFiles string, extra map[string]string) map[string]string {
	files := map[string]string{
		"zerops.yml":        staticYml(deployFiles),
		"package.json":      `{"name":"site","version":"1.0.0","scripts":{"build":"` + script + `"}}`,
		"package-lock.json": `{"lockfileVersion":3}`,
		"index.html":        "<!doctype html><title>site</title>\n",
	}
	for k, v := range extra {
		files[k] = v
	}
	return files
}

// newStaticHarness is a sandbox with a static service web.
func newStaticHarness(t *testing.T, typ string) *harness {
	t.Helper()
	h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = time.Second }})
	res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: " + typ + "\n"})
	wantOK(t, res)
	h.fake.EndProcesses()
	return h
}

// A framework's build writes its output where the sandbox cannot read it
// from the build script: the build is not failed for it, and the site,
// deployed with its real output directory, answers; where only that
// build may have made the index it serves (Gatsby, Docusaurus), the
// verdict is unverified, naming the build command, never live.
func TestDeploy_FrameworkBuildOutputsAreNotClaimedMissing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		files   map[string]string
		verdict platform.Verdict
	}{
		{"SvelteKitAdapterStatic", staticApp("vite build", "build/~", map[string]string{
			"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n"}), platform.VerdictLive},
		{"Gatsby", staticApp("gatsby build", "public/~", nil), platform.VerdictUnverified},
		{"Docusaurus", staticApp("docusaurus build", "build/~", nil), platform.VerdictUnverified},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newStaticHarness(t, "static")
			writeApp(t, h.workDir(t), tt.files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "site")
			if m["verdict"] != string(tt.verdict) {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			if tt.verdict == platform.VerdictUnverified && !strings.Contains(text(res), "npm run build") {
				t.Errorf("the unverified reason names no build command: %s", text(res))
			}
		})
	}
}

// buildCommands written as a string: validate and deploy refuse it at its
// key with the list form as the fix, never "add setup X" for a setup the
// file has (review5 F30: a loop between validate and deploy).
func TestDeploy_CommandStringNamedAtItsKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: npm --version")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	res, v := h.call(t, "zerops_validate", map[string]any{"content": yml})
	if v["valid"] != false || !strings.Contains(text(res), "zerops[0].build.buildCommands") || !strings.Contains(text(res), "Write it as a list") {
		t.Fatalf("validate: want invalid at zerops[0].build.buildCommands with the list form: %s", text(res))
	}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "str")
	body := text(res)
	if !res.IsError || !strings.Contains(body, "buildCommands") || strings.Contains(body, "Add an entry `setup:") {
		t.Fatalf("deploy: want a refusal naming buildCommands, not a missing setup: %s (%v)", body, m["code"])
	}
}

// A web-server runtime with nothing to serve at / (the build output
// deployed as a folder, a documentRoot that was not deployed) is not live:
// the answer names `~` (static) or run.documentRoot (nginx, PHP: the docs
// give documentRoot to these alone), and with that fix it is (review5 F4,
// F5; walk 19).
func TestDeploy_WebRootWithoutIndexIsNotLive(t *testing.T) {
	t.Parallel()
	phpYml := func(docRoot string) string {
		return "zerops:\n  - setup: web\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n" + docRoot
	}
	tests := []struct {
		name, typ   string
		broken, fix map[string]string
		want        []string // in the next step
		not         []string // not in it: a fix for another kind of app
	}{
		{"static folder without tilde", "static",
			staticApp("vite build", "dist", nil), map[string]string{"zerops.yml": staticYml("dist/~")}, []string{"dist/~"}, []string{"documentRoot"}},
		{"php documentRoot not deployed", "php-nginx@8.4",
			map[string]string{"zerops.yml": phpYml("      documentRoot: public\n"), "index.php": "<?php echo 'ok';\n"},
			map[string]string{"zerops.yml": phpYml("")}, []string{"documentRoot"}, nil},
		// Walk 6: a PHP app's index in public/ with no documentRoot was
		// first told to deploy a build output with dist/~.
		{"php index in public without documentRoot", "php-nginx@8.4",
			map[string]string{"zerops.yml": phpYml(""), "public/index.php": "<?php echo 'ok';\n"},
			map[string]string{"zerops.yml": phpYml("      documentRoot: public\n")}, []string{"run.documentRoot", "`documentRoot: public/`"}, []string{"dist/~"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newStaticHarness(t, tt.typ)
			args := map[string]any{"workingDir": ".", "targetService": "web"}
			writeApp(t, h.workDir(t), tt.broken)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
			next, _ := m["next"].(string)
			if check, ok := m["check"].(map[string]any); ok && next == "" {
				next, _ = check["next"].(string)
			}
			if m["verdict"] == string(platform.VerdictLive) || strings.Contains(next, "nothing to fix") {
				t.Fatalf("verdict %v: want not live: %s", m["verdict"], text(res))
			}
			for _, w := range tt.want {
				if !strings.Contains(next, w) {
					t.Errorf("next %q lacks %q: %s", next, w, text(res))
				}
			}
			for _, w := range tt.not {
				if strings.Contains(next, w) {
					t.Errorf("next %q says %q, no fix for this app: %s", next, w, text(res))
				}
			}
			writeApp(t, h.workDir(t), tt.fix)
			res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed")
			if m["verdict"] != string(platform.VerdictLive) {
				t.Fatalf("after the fix the verdict is %v, want live: %s", m["verdict"], text(res))
			}
		})
	}
}

// run.siteConfigPath naming a file the deploy does not put in /var/www
// fails the deploy; the answer names the file and deployFiles (review5 F22).
func TestDeploy_SiteConfigNotDeployedFails(t *testing.T) {
	t.Parallel()
	h := newStaticHarness(t, "nginx@1.22")
	yml := "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      deployFiles: [index.html]\n    run:\n      base: nginx@1.22\n      siteConfigPath: site.conf.tmpl\n"
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "index.html": "<!doctype html>\n", "site.conf.tmpl": "server {}\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "conf")
	body := text(res)
	if m["verdict"] == string(platform.VerdictLive) || !strings.Contains(body, "site.conf.tmpl") || !strings.Contains(body, "deployFiles") {
		t.Fatalf("verdict %v: want a failed deploy naming site.conf.tmpl and deployFiles: %s", m["verdict"], body)
	}
	fixed := strings.Replace(yml, "deployFiles: [index.html]", "deployFiles: [index.html, site.conf.tmpl]", 1)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": fixed})
	res, m = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "fixed")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("after the fix the verdict is %v, want live: %s", m["verdict"], text(res))
	}
}

// TestDeploy_WebServerRuntimeWithStartAndPort: php-nginx given a Laravel
// habit (run.start `php artisan serve`, port 8000) serves on 80 by itself:
// validate warns of run.start, and the deploy's fix is to remove run.ports
// and run.start, never a PORT variable or `run.ports` 80 (review5 F23).
func TestDeploy_WebServerRuntimeWithStartAndPort(t *testing.T) {
	t.Parallel()
	h := newStaticHarness(t, "php-nginx@8.4")
	yml := "zerops:\n  - setup: web\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n" +
		"      start: php artisan serve\n      ports: [{port: 8000, httpSupport: true}]\n"
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "index.php": "<?php echo 'ok';\n"})
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, "run.start") || !strings.Contains(w, "port 80") {
		t.Errorf("validate warns %s; want run.start on php-nginx named: %s", w, text(res))
	}
	res, m = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "deploy")
	next := str(m["next"])
	if m["verdict"] == string(platform.VerdictLive) {
		t.Fatalf("verdict live: %s", text(res))
	}
	if !strings.Contains(next, "Remove `run.ports`") || strings.Contains(next, "PORT") || strings.Contains(next, "`run.ports` to 80") {
		t.Errorf("deploy next = %q; want run.ports and run.start removed, no PORT, no port 80: %s", next, text(res))
	}
}
