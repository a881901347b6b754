package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// recipeApps are minimal sources for the official recipes whose files
// platform/ops/testdata/recipes restates, enough for the sandbox's build.
var recipeApps = map[string]map[string]string{
	"elixir":          {"mix.exs": "defmodule App.MixProject do\nend\n", "_build/prod/rel/app/bin/app": "#!/bin/sh\n"},
	"phoenix":         {"mix.exs": "defmodule App.MixProject do\nend\n"},
	"echo":            {"go.mod": "module app\n\ngo 1.22\n", "main.go": goHTTPApp, "static/index.html": "<p>hi</p>\n"},
	"go-hello-world":  {"go.mod": "module app\n\ngo 1.22\n", "main.go": goHTTPApp},
	"laravel-minimal": {"composer.json": "{}\n", "artisan": "<?php\n", "public/index.php": "<?php echo 'ok';\n", "site.conf.tmpl": "server {}\n"},
	"nestjs":          {"package.json": `{"scripts":{"build":"true","start:prod":"node dist/main.js"}}` + "\n", "dist/main.js": nodeHTTPApp, "node_modules/.keep": ""},
	"django":          {"requirements.txt": "gunicorn\n", "manage.py": "print('ok')\n", "recipe/wsgi.py": "application = None\n", "files/.keep": ""},
	"python":          {"requirements.txt": "\n", "app.py": pyHTTPApp},
	"umami":           {"umami/package.json": `{"scripts":{"build":"true","start":"node server.js"}}` + "\n", "umami/.next/standalone/server.js": nodeHTTPApp, "umami/node_modules/.keep": ""},
}

const (
	goHTTPApp   = "package main\n\nimport \"net/http\"\n\nfunc main() {\n\thttp.ListenAndServe(\"0.0.0.0:8080\", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(\"ok\")) }))\n}\n"
	nodeHTTPApp = "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0')\n"
	pyHTTPApp   = "from http.server import HTTPServer, BaseHTTPRequestHandler\nHTTPServer(('0.0.0.0', 8000), BaseHTTPRequestHandler).serve_forever()\n"
)

// Acceptance 1 of issue 31: each official recipe's services import and its
// zerops.yml is pushed by zerops_deploy in the sandbox (the same code path
// as zcp sandbox: the fake API over HTTP, its schemas fetched), never
// refused by ZCP's own checks.
func TestRecipes_PushInTheSandbox(t *testing.T) {
	t.Parallel()
	for name, app := range recipeApps {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join("..", "platform", "ops", "testdata", "recipes")
			yml, err := os.ReadFile(filepath.Join(dir, name+".zerops.yml"))
			if err != nil {
				t.Fatal(err)
			}
			imp, err := os.ReadFile(filepath.Join(dir, name+".import.yml"))
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Zerops []struct {
					Setup string `yaml:"setup"`
				} `yaml:"zerops"`
			}
			if err := yaml.Unmarshal(yml, &doc); err != nil || len(doc.Zerops) == 0 {
				t.Fatalf("recipe zerops.yml: %v", err)
			}
			setup := doc.Zerops[0].Setup
			h := newHarness(t, harnessOpts{sandboxPush: true})
			for _, f := range []string{"zerops.yml", "index.js", "package.json"} {
				_ = os.Remove(filepath.Join(h.workDir(t), f)) // the demo app's
			}
			files := map[string]string{"zerops.yml": string(yml)}
			for k, v := range app {
				files[k] = v
			}
			writeApp(t, h.workDir(t), files)
			// The recipe's runtime service (the demo project has its own db).
			var services struct {
				Services []map[string]any `yaml:"services"`
			}
			if err := yaml.Unmarshal(imp, &services); err != nil {
				t.Fatal(err)
			}
			var one []map[string]any
			for _, s := range services.Services {
				if s["hostname"] == setup {
					one = append(one, s)
				}
			}
			content, _ := yaml.Marshal(map[string]any{"services": one})
			if len(one) != 1 {
				t.Fatalf("no service %s in the recipe's import", setup)
			}
			res, _ := h.call(t, "zerops_import", map[string]any{"content": string(content)})
			if res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"targetService": setup, "setup": setup, "workingDir": "."}, "deploy")
			if res.IsError && strings.Contains(text(res), "INVALID_ZEROPS_YML") {
				t.Fatalf("ZCP refused the recipe's zerops.yml: %s", text(res))
			}
			t.Logf("%s: verdict %v (error %v): %s", name, m["verdict"], res.IsError, clipRecipe(text(res), 400))
			if res.IsError {
				t.Errorf("push failed: %s", clipRecipe(text(res), 600))
			}
		})
	}
}

func clipRecipe(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
