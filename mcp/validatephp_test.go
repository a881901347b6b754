package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// zerops_validate warns of what the sandbox's deploy of a PHP app fails on
// (walk9: validate was silent, the deploy then failed): npm run on a php@X
// build base alone, whose image has no Node.js (the rule the sandbox's build
// follows, platform.BuildImageLacks), and a Laravel or Symfony app served
// from /var/www without `run.documentRoot: public`. Warnings, never errors.
func TestValidate_PHPBuildAndDocumentRoot(t *testing.T) {
	t.Parallel()
	const laravel = "zerops:\n  - setup: app\n    build:\n      base: %BASE%\n      buildCommands:\n        - composer install --no-dev\n        - npm ci && npm run build\n      deployFiles: ./\n" +
		"    run:\n      base: php-nginx@8.4\n%RUN%      initCommands:\n        - zsc execOnce ${appVersionId} -- php artisan migrate --force\n"
	yml := func(base, run string) string {
		return strings.ReplaceAll(strings.ReplaceAll(laravel, "%BASE%", base), "%RUN%", run)
	}
	tests := []struct {
		name, content string
		want          map[string]string // warning path -> a word of its fix
	}{
		{"npm on php alone, no documentRoot", yml("php@8.4", ""), map[string]string{
			"zerops[0].build.buildCommands[1]": "[php@8.4, nodejs@22]", "zerops[0].run.documentRoot": "run.documentRoot: public"}},
		{"node beside php, documentRoot set", yml("[php@8.4, nodejs@22]", "      documentRoot: public\n"), nil},
		{"node installed in prepareCommands", strings.Replace(yml("php@8.4", "      documentRoot: public\n"), "      buildCommands:", "      prepareCommands:\n        - sudo apk add --no-cache nodejs npm\n      buildCommands:", 1), nil},
		{"a site config sets the root", yml("[php@8.4, nodejs@22]", "      siteConfigPath: site.conf.tmpl\n"), nil},
		{"symfony on php-apache", "zerops:\n  - setup: app\n    build:\n      base: php@8.4\n      buildCommands: [composer install --no-dev]\n      deployFiles: ./\n" +
			"    run:\n      base: php-apache@8.4\n      initCommands:\n        - php bin/console doctrine:migrations:migrate --no-interaction\n",
			map[string]string{"zerops[0].run.documentRoot": "run.documentRoot: public"}},
		{"a worker serves nothing of its own", "zerops:\n  - setup: worker\n    build:\n      base: php@8.4\n      buildCommands: [composer install --no-dev]\n      deployFiles: ./\n" +
			"    run:\n      base: php-nginx@8.4\n      start: php bin/console messenger:consume async\n", map[string]string{"zerops[0].run.start": "keep run.start"}},
	}
	h := newHarness(t, harnessOpts{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, "zerops_validate", map[string]any{"content": tt.content})
			wantOK(t, res)
			if m["valid"] != true {
				t.Fatalf("refused, want warnings only: %s", text(res))
			}
			got := map[string]string{}
			ws, _ := m["warnings"].([]any)
			for _, w := range ws {
				w, _ := w.(map[string]any)
				got[str(w["path"])] = str(w["fix"])
			}
			for p, word := range tt.want {
				if !strings.Contains(got[p], word) {
					t.Errorf("no warning at %s whose fix says %q: %s", p, word, text(res))
				}
			}
			for p := range got {
				if _, ok := tt.want[p]; !ok {
					t.Errorf("unexpected warning at %s: %s", p, text(res))
				}
			}
		})
	}
}

// The deploy answer names each fix once: a warning of zerops_validate's
// that the failure then shows (the build's `npm: not found`, the web
// server's 404 for want of a documentRoot) is not listed beside the
// diagnosis or the verdict's step saying the same.
func TestDeploy_PHPWarningAndFailureSayTheFixOnce(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, base, build, run, fix string
	}{
		{"npm on php alone", "php@8.4", "        - npm ci\n        - npm run build\n", "      documentRoot: public\n", "nodejs@22]"},
		{"no documentRoot", "php@8.4", "", "", "set run.documentroot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: site\n    type: php-nginx@8.4\n"}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			h.ownApp(t, map[string]string{
				"zerops.yml": "zerops:\n  - setup: site\n    build:\n      base: " + tt.base + "\n      buildCommands:\n        - composer install --no-dev\n" + tt.build + "      deployFiles: ./\n" +
					"    run:\n      base: php-nginx@8.4\n" + tt.run + "      initCommands:\n        - php artisan config:cache\n",
				"composer.json":     `{"require": {}}`,
				"package.json":      `{"name": "site", "version": "1.0.0", "scripts": {"build": "node build.js"}}`,
				"package-lock.json": `{"name": "site", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "site", "version": "1.0.0"}}}`,
				"build.js":          "console.log('built');\n",
				"artisan":           "#!/usr/bin/env php\n<?php\n",
				"public/index.php":  "<?php echo 'hi';\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "site"}, "v1")
			if m["verdict"] == "live" {
				t.Fatalf("live: %s", text(res))
			}
			out := text(res)
			if n := strings.Count(strings.ReplaceAll(strings.ToLower(out), "`", ""), strings.ToLower(tt.fix)); n != 1 {
				t.Errorf("the fix (%s) is stated %d times, want once: %s", tt.fix, n, out)
			}
		})
	}
}
