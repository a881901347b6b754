package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A run.siteConfigPath file left out of deployFiles: the deploy's answer
// names that file to deploy, once, with no generic crash for nginx's own
// refusal of it; deployed, the site is live (walk 7: "Make build.deployFiles
// name paths the build actually produces" and an app-crash "read the stack
// trace's first frame" beside it).
func TestDeploy_SiteConfigNotDeployed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: alpine@3.20\n      deployFiles:\n        - public\n%s    run:\n      base: nginx@1.22\n      documentRoot: public\n      siteConfigPath: site.conf.tmpl\n"
	h.ownApp(t, map[string]string{
		"zerops.yml":        fmt.Sprintf(yml, ""),
		"public/index.html": "<h1>ok</h1>\n",
		"site.conf.tmpl":    "server {\n    listen 80;\n    root /var/www/public;\n}\n",
	})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "conf")
	answer := text(res)
	if list, _ := m["diagnoses"].([]any); len(list) != 1 || firstDiagnosis(list)["signal"] != "deploy-files-missing" {
		t.Errorf("diagnoses %v, want deploy-files-missing alone: %s", m["diagnoses"], answer)
	}
	if sugg := str(m["suggestion"]); !strings.Contains(sugg, "Add `site.conf.tmpl` to `build.deployFiles`") {
		t.Errorf("suggestion %q, want site.conf.tmpl added to deployFiles", sugg)
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": fmt.Sprintf(yml, "        - site.conf.tmpl\n")})
	if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "conf2"); m["verdict"] != "live" {
		t.Errorf("with site.conf.tmpl deployed: %s", text(res))
	}
}

// `next start` serves the production build `next build` wrote into .next;
// with no .next deployed (left out of deployFiles, or never built) Next.js
// stops at start, and the answer names the build and deployFiles (walk 8:
// such an app was answered live).
func TestDeploy_NextStartWithoutBuild(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [%s]
      deployFiles: %s
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: npm start
`
	pkg := `{"name":"shop","version":"1.0.0","scripts":{"build":"next build","start":"next start"},"dependencies":{"next":"15.1.0","react":"19.0.0"}}`
	lock := `{"lockfileVersion":3,"packages":{"":{"name":"shop"},"node_modules/next":{"version":"15.1.0"},"node_modules/react":{"version":"19.0.0"}}}`
	tests := []struct {
		name, build, deploy string
		extra               map[string]string
		crash               bool
	}{
		{name: ".next left out of deployFiles", build: "npm ci, npm run build", deploy: "[node_modules, package.json, public]", crash: true},
		{name: "never built", build: "npm ci", deploy: "./", crash: true},
		{name: "built and deployed", build: "npm ci, npm run build", deploy: "./"},
		{name: "built and .next deployed", build: "npm ci, npm run build", deploy: "[.next, node_modules, package.json, public]"},
		{name: "a build uploaded", build: "npm ci", deploy: "./", extra: map[string]string{".next/BUILD_ID": "abc123\n"}},
		{name: "distDir of its own", build: "npm ci, npm run build", deploy: "[build, node_modules, package.json, public, next.config.js]",
			extra: map[string]string{"next.config.js": "module.exports = { distDir: 'build' };\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml":        fmt.Sprintf(yml, tt.build, tt.deploy),
				"package.json":      pkg,
				"package-lock.json": lock,
				"app/page.js":       "export default function Page() { return 'hi'; }\n",
				"public/robots.txt": "User-agent: *\n",
			}
			for k, v := range tt.extra {
				files[k] = v
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "next")
			answer := text(res)
			if !tt.crash {
				if m["verdict"] != "live" {
					t.Fatalf("verdict %v, want live: %s", m["verdict"], answer)
				}
				return
			}
			if m["verdict"] != "not-answering" || !strings.Contains(answer, "Could not find a production build in the '.next' directory") {
				t.Fatalf("verdict %v, want not-answering with Next.js's missing-build line: %s", m["verdict"], answer)
			}
			next := str(m["next"]) + str(m["suggestion"])
			// The build that ran next build needs no step to run it; one
			// that never ran it deploys ./, so deployFiles is not the fix
			// (walk 75c: it led with deployFiles).
			if ran := strings.Contains(tt.build, "run build"); ran != strings.Contains(next, "`.next` to `build.deployFiles`") {
				t.Errorf("the fix %q (build %q) names `.next` in deployFiles wrongly: %s", next, tt.build, answer)
			}
			if ran := strings.Contains(tt.build, "run build"); strings.Contains(next, "Add `npm run build` to `build.buildCommands` after the install") == ran {
				t.Errorf("the fix %q (build %q) names running next build wrongly: %s", next, tt.build, answer)
			}
		})
	}
}
