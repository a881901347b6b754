package fakeapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// A web-server runtime (static, nginx, php-nginx, php-apache) answers from
// the files the deploy put under its document root (run.documentRoot,
// default /var/www): 404 for / with no index there, and for a path with no
// such file; static falls back to /index.html (SPA-ready) and PHP to
// /index.php (a front controller), when the root holds them.
func TestWebRoot_AnswersFromDeployedFiles(t *testing.T) {
	t.Parallel()
	yml := func(build, run string) string {
		return "zerops:\n  - setup: appstage\n    build: {base: " + build + "}\n    run: {" + run + "}\n"
	}
	const page = "<!doctype html><title>x</title>\n"
	type get struct {
		path string
		code int
	}
	tests := []struct {
		name  string
		files map[string]string
		gets  []get
	}{
		{"StaticFolderWithoutTilde", map[string]string{"zerops.yml": yml("nodejs@22, deployFiles: dist", "base: static"), "dist/index.html": page},
			[]get{{"/", http.StatusNotFound}, {"/dist/index.html", http.StatusOK}}},
		{"StaticFolderContents", map[string]string{"zerops.yml": yml("nodejs@22, deployFiles: dist/~", "base: static"), "dist/index.html": page, "dist/app.js": "1"},
			[]get{{"/", http.StatusOK}, {"/app.js", http.StatusOK}, {"/about", http.StatusOK}}},
		{"StaticBuiltByAnUnknownCommand", map[string]string{"zerops.yml": yml("nodejs@22, buildCommands: [npx gatsby build], deployFiles: public/~", "base: static")},
			[]get{{"/", http.StatusOK}}},
		{"StaticBuiltIntoAFolder", map[string]string{"zerops.yml": yml("nodejs@22, buildCommands: [npx vite build], deployFiles: dist", "base: static"), "index.html": page},
			[]get{{"/", http.StatusNotFound}}},
		{"PhpDocumentRootMissing", map[string]string{"zerops.yml": yml("php@8.4, deployFiles: ./", "base: php-nginx@8.4, documentRoot: public"), "index.php": "<?php echo 1;"},
			[]get{{"/", http.StatusNotFound}, {"/users/1", http.StatusNotFound}}},
		{"PhpDocumentRootNotDeployed", map[string]string{"zerops.yml": yml("php@8.4, deployFiles: [vendor, src]", "base: php-apache@8.4, documentRoot: public"),
			"public/index.php": "<?php echo 1;", "vendor/autoload.php": "<?php", "src/App.php": "<?php"},
			[]get{{"/", http.StatusNotFound}}},
		{"PhpFrontController", map[string]string{"zerops.yml": yml("php@8.4, deployFiles: ./", "base: php-nginx@8.4, documentRoot: public"), "public/index.php": "<?php echo 1;"},
			[]get{{"/", http.StatusOK}, {"/users/1", http.StatusOK}}},
		{"PhpAtTheTop", map[string]string{"zerops.yml": yml("php@8.4, deployFiles: ./", "base: php-nginx@8.4"), "index.php": "<?php echo 1;"},
			[]get{{"/", http.StatusOK}}},
		{"NginxSiteConfigDeployed", map[string]string{"zerops.yml": yml("nodejs@22, deployFiles: [dist, site.conf.tmpl]", "base: nginx@1.22, documentRoot: dist, siteConfigPath: site.conf.tmpl"),
			"dist/index.html": page, "site.conf.tmpl": "server {}\n"},
			[]get{{"/", http.StatusOK}}},
		{"NginxNoFallback", map[string]string{"zerops.yml": yml("nodejs@22, deployFiles: dist", "base: nginx@1.22, documentRoot: dist"), "dist/index.html": page},
			[]get{{"/", http.StatusOK}, {"/index.html", http.StatusOK}, {"/definitely/missing.html", http.StatusNotFound}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			av, p := pushFiles(t, h, srv.ServiceID("appstage"), "appstage", tt.files)
			if p.Status != "FINISHED" {
				t.Fatalf("build ended %s:\n%s", p.Status, strings.Join(buildLines(t, srv, h, string(av.Id)), "\n"))
			}
			for _, g := range tt.gets {
				if code, b := probe(t, srv, "appstage", 80, g.path); code != g.code {
					t.Errorf("GET %s = %d %q, want %d", g.path, code, b, g.code)
				}
			}
		})
	}
}
