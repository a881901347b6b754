package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestDeploy_GuardedPHPRequireNotFatal: the filament recipe's (Laravel's)
// public/index.php requires storage/framework/maintenance.php only inside
// `if (file_exists(…))`, a file that exists only while the app is down.
// The sandbox read the require as unconditional and answered a 500 with a
// fatal "Failed opening required …maintenance.php" for an app that runs on
// Zerops: an agent would chase a file that must not exist.
func TestDeploy_GuardedPHPRequireNotFatal(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: php-nginx@8.3\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	index := "<?php\n\ndefine('LARAVEL_START', microtime(true));\n\n" +
		"if (file_exists(__DIR__ . '/../storage/framework/maintenance.php')) {\n    require __DIR__ . '/../storage/framework/maintenance.php';\n}\n\n" +
		"require __DIR__ . '/../vendor/autoload.php';\n"
	yml := "zerops:\n  - setup: web\n    build:\n      base: php@8.3\n      buildCommands:\n        - composer install --ignore-platform-reqs\n      deployFiles: ./\n" +
		"    run:\n      base: php-nginx@8.3\n      siteConfigPath: site.conf.tmpl\n"
	writeApp(t, h.workDir(t)+"/fil", map[string]string{"zerops.yml": yml, "public/index.php": index,
		"site.conf.tmpl": "server {\n    listen 80;\n    root /var/www/public;\n    index index.php;\n    location ~ \\.php$ {\n        fastcgi_pass unix:{{.PhpSocket}};\n    }\n}\n",
		"composer.json":  `{"name":"x/fil","require":{"php":"^8.2","laravel/framework":"^11.0"}}`})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "fil", "targetService": "web"}, "deploy")
	if said := text(res); strings.Contains(said, "maintenance.php") || m["verdict"] == "not-answering" {
		t.Errorf("verdict %v: the guarded require is read as fatal: %s", m["verdict"], said)
	}
}

// TestDeploy_SiteConfigListenOffPort80NotLive: php-nginx is reached on
// port 80; a run.siteConfigPath (the filament recipe's site.conf.tmpl)
// whose nginx listens elsewhere (`listen 8080;`, or on loopback only) gets
// no traffic, yet the sandbox answered "live" from the front controller
// alone. The recipe's own `listen 80;` stays live.
func TestDeploy_SiteConfigListenOffPort80NotLive(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ listen, verdict string }{
		{"listen 80;\n    listen [::]:80;", "live"},
		{"listen 8080;\n    listen [::]:8080;", "unverified"},
		{"listen 127.0.0.1:80;", "unverified"},
	} {
		t.Run(tc.listen, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: php-nginx@8.3\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			yml := "zerops:\n  - setup: web\n    build:\n      base: php@8.3\n      buildCommands:\n        - composer install --ignore-platform-reqs\n      deployFiles: ./\n" +
				"    run:\n      base: php-nginx@8.3\n      siteConfigPath: site.conf.tmpl\n"
			writeApp(t, h.workDir(t)+"/fil", map[string]string{"zerops.yml": yml,
				"public/index.php": "<?php\nrequire __DIR__ . '/../vendor/autoload.php';\necho 'ok';\n",
				"site.conf.tmpl":   "server {\n    " + tc.listen + "\n    root /var/www/public;\n    index index.php;\n    location ~ \\.php$ {\n        fastcgi_pass unix:{{.PhpSocket}};\n    }\n}\n",
				"composer.json":    `{"name":"x/fil","require":{"php":"^8.2"}}`})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "fil", "targetService": "web"}, "deploy")
			if m["verdict"] != tc.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tc.verdict, text(res))
			}
			if tc.verdict != "live" && !strings.Contains(text(res), "port 80") {
				t.Errorf("the answer does not name port 80: %s", text(res))
			}
		})
	}
}
