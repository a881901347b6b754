package knowledge

import "testing"

// TestFacts_TunedMisses5960 keeps the facts written for batches 59/60
// (kbtune12): what the section an agent is shown now states.
func TestFacts_TunedMisses5960(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"runtimes/static", "the static service reads no server block: nginx rules go in run.routing", "it reads no server block of yours \\(no `siteConfigPath`\\)\\. Redirects, rewrites and response headers you would write as nginx rules go in `run\\.routing`"},
		{"runtimes/static", "the GUI gives the generated nginx config when switching to a full nginx service", "\\*\\*Need to switch to full Nginx service\\?\\*\\*, which gives the nginx config it generates"},
		{"troubleshooting/dependency-install", "what Poetry or uv installs in the build does not reach the run container", "What Poetry or uv installs in the build does not reach the run container by itself: export a requirements\\.txt .* or build an in-project `\\.venv` and deploy it"},
		{"runtimes/go", "Go's module cache is outside /build/source; cache: true keeps it", "module cache \\(`\\$GOPATH/pkg/mod`\\), outside `/build/source`: `cache: true` keeps them between builds"},
		{"config/zerops-yml-cache", "Go's module cache is not under /build/source", "`\\$GOPATH/pkg/mod` is not under `/build/source`"},
		{"runtimes/php", "php-nginx for most apps, php-apache when the app relies on .htaccess", "`php-nginx` for most apps, Symfony included.*`php-apache` when the app relies on `\\.htaccess` files"},
	})
}
