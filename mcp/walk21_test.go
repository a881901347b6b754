package mcp_test

import (
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
	index := "<?php\n\ndefine('LARAVEL_START', microtime(true));\n\n" +
		"if (file_exists(__DIR__ . '/../storage/framework/maintenance.php')) {\n    require __DIR__ . '/../storage/framework/maintenance.php';\n}\n\n" +
		"require __DIR__ . '/../vendor/autoload.php';\n"
	yml := "zerops:\n  - setup: web\n    build:\n      base: php@8.3\n      buildCommands:\n        - composer install --ignore-platform-reqs\n      deployFiles: ./\n" +
		"    run:\n      base: php-nginx@8.3\n      siteConfigPath: site.conf.tmpl\n"
	runWalkCases(t, []deployCase{{name: "guarded require", services: "services:\n  - hostname: web\n    type: php-nginx@8.3\n", dir: "fil", target: "web",
		files: map[string]string{"zerops.yml": yml, "public/index.php": index,
			"site.conf.tmpl": "server {\n    listen 80;\n    root /var/www/public;\n    index index.php;\n    location ~ \\.php$ {\n        fastcgi_pass unix:{{.PhpSocket}};\n    }\n}\n",
			"composer.json":  `{"name":"x/fil","require":{"php":"^8.2","laravel/framework":"^11.0"}}`},
		lacks: []string{"maintenance.php"},
		and: func(t *testing.T, said string, m map[string]any) {
			if m["verdict"] == "not-answering" {
				t.Errorf("verdict %v: the guarded require is read as fatal: %s", m["verdict"], said)
			}
		}}})
}

// TestDeploy_SiteConfigListenOffPort80NotLive: php-nginx is reached on
// port 80; a run.siteConfigPath (the filament recipe's site.conf.tmpl)
// whose nginx listens elsewhere (`listen 8080;`, or on loopback only) gets
// no traffic, yet the sandbox answered "live" from the front controller
// alone. The recipe's own `listen 80;` stays live.
func TestDeploy_SiteConfigListenOffPort80NotLive(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: web\n    build:\n      base: php@8.3\n      buildCommands:\n        - composer install --ignore-platform-reqs\n      deployFiles: ./\n" +
		"    run:\n      base: php-nginx@8.3\n      siteConfigPath: site.conf.tmpl\n"
	row := func(listen, verdict string) deployCase {
		c := deployCase{name: listen, services: "services:\n  - hostname: web\n    type: php-nginx@8.3\n", dir: "fil", target: "web",
			files: map[string]string{"zerops.yml": yml,
				"public/index.php": "<?php\nrequire __DIR__ . '/../vendor/autoload.php';\necho 'ok';\n",
				"site.conf.tmpl":   "server {\n    " + listen + "\n    root /var/www/public;\n    index index.php;\n    location ~ \\.php$ {\n        fastcgi_pass unix:{{.PhpSocket}};\n    }\n}\n",
				"composer.json":    `{"name":"x/fil","require":{"php":"^8.2"}}`},
			verdict: verdict}
		if verdict != "live" {
			c.says = []string{"port 80"}
		}
		return c
	}
	runWalkCases(t, []deployCase{
		row("listen 80;\n    listen [::]:80;", "live"),
		row("listen 8080;\n    listen [::]:8080;", "unverified"),
		row("listen 127.0.0.1:80;", "unverified"),
	})
}
