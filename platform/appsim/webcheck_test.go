package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// An HTTP check on a web-server base (walk G05: recipe-php's healthCheck
// on /status was called live, where Go, Node and Python apps checked alike
// were unverified): a path PHP answers (index.php, to which php-nginx's
// default try_files hands every path no file answers) leaves whether it
// answers 2xx unchecked, as the app's routes are in its code; a deployed
// file answers it; a path no file answers is a 404, which fails the check.
func TestRun_WebServerCheckPath(t *testing.T) {
	t.Parallel()
	php := map[string]string{"index.php": "<?php\necho 'hi';\n", "status.txt": "UP"}
	static := map[string]string{"index.html": "<h1>hi</h1>", "health.txt": "ok"}
	health := func(p string) appsim.Prep { return appsim.Prep{Health: &appsim.Readiness{Port: 80, Path: p}} }
	for _, tc := range []struct {
		name, base string
		files      map[string]string
		prep       appsim.Prep
		unchecked  string // "": nothing unchecked
	}{
		{"php-nginx: /status reaches index.php", "php-nginx@8.3", php, health("/status"),
			"whether the app answers 2xx at /status on port 80, which run.healthCheck asks while it runs (the web server hands the path to PHP, and the sandbox does not read the app's routes)"},
		{"php-apache alike", "php-apache@8.3", php, health("/status"), "answers 2xx at /status on port 80"},
		{"a readiness check alike", "php-nginx@8.3", php, appsim.Prep{Ready: &appsim.Readiness{Port: 80, Path: "/healthz"}},
			"which deploy.readinessCheck asks before the new version gets traffic"},
		{"a deployed file answers", "php-nginx@8.3", php, health("/status.txt"), ""},
		{"the root is the page judged", "php-nginx@8.3", php, health("/"), ""},
		{"static falls back to index.html", "static", static, health("/status"), ""},
		{"nginx has no fallback: 404", "nginx@1.22", static, health("/status"), "the web server answers GET /status with 404"},
		{"nginx serves the file", "nginx@1.22", static, health("/health.txt"), ""},
		{"another port is not the web server's", "php-nginx@8.3", php, appsim.Prep{Health: &appsim.Readiness{Port: 8080, Path: "/status"}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{DeployFiles: []string{"./"}, RunBase: tc.base, Ports: []appsim.Port{{Port: 80, HTTP: true}}, Prep: tc.prep}
			got := strings.Join(run(d, tc.files).Unchecked, "; ")
			if (tc.unchecked == "") != (got == "") || !strings.Contains(got, tc.unchecked) {
				t.Errorf("Unchecked = %q, want %q", got, tc.unchecked)
			}
		})
	}
}
