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
		{"runtimes/docker", "compose web, postgres, redis become three import.yml services", "Compose's `web`, `postgres`, `redis` become import\\.yml services `web` .*`postgres` \\(`postgresql:single@18`\\), `redis` \\(`valkey:single@7\\.2`\\)"},
		{"config/zerops-yml-health-checks", "a healthCheckPath becomes httpGet.path beside the port", "A `healthCheckPath` from Render, or the path of a Fly `\\[checks\\]` entry, becomes `httpGet\\.path` beside the app's port"},
		{"troubleshooting/database-connections", "Prisma P1001 also for an unresolved name; take the host from ${db_hostname}", "Prisma prints the same `P1001: Can't reach database server` when the name does not resolve\\..*take the host from `\\$\\{db_hostname\\}`"},
		{"troubleshooting/networking-ports", "Zerops assigns no PORT; a Heroku app gets it from run.envVariables", "Zerops assigns no `PORT` of its own, so an app written for Heroku.*gets the variable from `run\\.envVariables`"},
		{"platform/overview", "a dyno or VM size is a RAM/CPU range, no fixed sizes", "Heroku dyno size \\(standard-2x\\).*\\| no fixed sizes: vertical autoscaling in a range, `minRam`/`maxRam` in GB \\(0\\.125–48\\), `minCpu`/`maxCpu` in cores \\(1–8\\)"},
		{"platform/overview", "render.yaml or fly.toml splits into import.yml and zerops.yml", "A `render\\.yaml` or `fly\\.toml` splits in two: import\\.yml lists the project's services"},
		{"platform/overview", "a Fly volume is shared storage with no size to give, up to 60 GB", "`\\[mounts\\]` volume \\(`fly volumes create`\\), Render disk \\| shared storage at `/mnt/<hostname>`.*no size to give, it grows up to 60 GB"},
		{"platform/overview", "plain serverless functions become routes of one long-running server", "Other serverless functions \\(Vercel `api/`, Netlify functions\\) have no counterpart: their handlers become routes of one long-running server"},
		{"runtimes/python", "no PORT is assigned: a Procfile $PORT becomes the declared port", "No `PORT` is assigned: a Procfile's `--bind 0\\.0\\.0\\.0:\\$PORT` becomes the port declared in `run\\.ports`"},
	})
}
