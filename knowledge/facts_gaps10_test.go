package knowledge

import "testing"

// TestFacts_Gaps10 keeps the facts of the kbgaps10 checklist pass: what
// agents ask of every stack and of the platform, stated where the section
// an agent is shown can carry it.
func TestFacts_Gaps10(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/team-roles", "no deploy-only token: a deploying CI token is custom per project on full access", "There is no deploy-only, service-level or variable-level token.*The narrowest token that can deploy .* is therefore custom per project with that one project on full access"},
		{"networking/subdomains", "a fresh subdomain answering 404: the enable process must finish and the service be deployed with an http port", "404 or a Zerops error page on a new subdomain \\| its process has not finished \\(`zerops_events`; the docs name no delay\\), or the service was never deployed with an `httpSupport: true` port"},
		{"runtimes/python", "apt-get update before installing on ubuntu; compilers for pip go in run.prepareCommands where pip runs", "`sudo apt-get update && sudo apt-get install -y libpq5` \\(without the update: `E: Unable to locate package`\\)\\. pip runs there too in this shape, so a package compiling C .* needs `sudo apk add --no-cache build-base libpq-dev` before the pip line"},
		{"runtimes/python", "python reaches postgres and valkey through references; sqlalchemy scheme", "`DATABASE_URL: \\$\\{db_connectionString\\}`.*`postgresql\\+psycopg://\\$\\{db_user\\}:\\$\\{db_password\\}@\\$\\{db_hostname\\}"},
		{"runtimes/python", "gunicorn not found at start: not in requirements or installed in build only", "`/bin/sh: gunicorn: not found` \\(or `uvicorn`\\) at start: the server is not in `requirements\\.txt`, or pip ran only in the build"},
		{"runtimes/ruby", "native gem headers in build.prepareCommands, the library in run.prepareCommands", "for `pg`, `sudo apk add --no-cache libpq-dev` in the build \\(`Can't find the 'libpq-fe\\.h header`.*`sudo apk add --no-cache libpq` in the run"},
		{"runtimes/ruby", "ExecJS or yarn not found in assets:precompile: add nodejs to build.base", "`ExecJS::RuntimeUnavailable` during `assets:precompile`: the build base has no Node\\.js"},
		{"runtimes/ruby", "Valkey for Sidekiq from the cache reference", "`REDIS_URL: \\$\\{cache_connectionString\\}`"},
		{"runtimes/nodejs", "bundlers write values at build: build.envVariables, RUNTIME_ forward", "A bundler \\(Vite's `VITE_\\*`, Next\\.js `NEXT_PUBLIC_\\*`.*so those go in `build\\.envVariables` \\(a run value as `\\$\\{RUNTIME_NAME\\}`\\)"},
		{"runtimes/nodejs", "ECONNREFUSED 127.0.0.1:5432 means the reference variable is unset", "`ECONNREFUSED 127\\.0\\.0\\.1:5432` \\(or `:6379`\\): the variable is unset"},
		{"runtimes/nodejs", "node-gyp compilers in build.prepareCommands, linked libraries in run.prepareCommands", "`gyp ERR! stack Error: not found: make`\\) needs `sudo apk add --no-cache build-base` in `build\\.prepareCommands`, and the libraries it links .* in `run\\.prepareCommands`"},
		{"runtimes/php", "PDO reaches the database from references; 2002 means localhost or not ACTIVE", "`SQLSTATE\\[HY000\\] \\[2002\\] Connection refused` \\(or `No such file or directory`\\): the host is `127\\.0\\.0\\.1`/`localhost`"},
		{"runtimes/php", "a php build base alone has no npm: list nodejs under build.base", "`build\\.base` may be a list to get both PHP and Node in the build container; `php@8\\.4` alone has no `npm`, and a build base without a `php@` entry has no `composer`"},
		{"runtimes/go", "a value compiled in with ldflags comes from build.envVariables; pgx and go-redis from references", "A value compiled in \\(`go build -ldflags \"-X main\\.version=\\$VERSION\"`\\) comes from `build\\.envVariables`.*`REDIS_ADDR: \\$\\{cache_hostname\\}:6379`"},
		{"runtimes/java", "Spring datasource from references in JDBC form; connectionString is not JDBC", "`SPRING_DATASOURCE_URL: jdbc:postgresql://\\$\\{db_hostname\\}:\\$\\{db_port\\}/\\$\\{db_dbName\\}`.*`\\$\\{db_connectionString\\}` is a `postgresql://` URL, not JDBC"},
		{"runtimes/java", "fonts for AWT rendering on Alpine in run.prepareCommands", "`sudo apk add --no-cache fontconfig ttf-dejavu` in `run\\.prepareCommands`"},
		{"runtimes/dotnet", "ConnectionStrings__Default from references in Npgsql form", "`ConnectionStrings__Default: Host=\\$\\{db_hostname\\};Port=\\$\\{db_port\\};Database=\\$\\{db_dbName\\}"},
		{"runtimes/dotnet", "missing ICU on Alpine: icu-libs or invariant globalization", "`Couldn't find a valid ICU package` at start on the Alpine image: `sudo apk add --no-cache icu-libs` in `run\\.prepareCommands`, or `DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: \"1\"`"},
		{"runtimes/deno", "deno on Ubuntu: apt-get update before install in prepareCommands", "The image is Ubuntu, so system packages come from apt: `sudo apt-get update && sudo apt-get install -y <pkg>` in `run\\.prepareCommands`"},
		{"runtimes/deno", "Deno.env.get needs --allow-env; database from references", "`Deno\\.env\\.get\\(\"X\"\\)` reads `run\\.envVariables` at run time, with `--allow-env` in `start`.*`DATABASE_URL: \\$\\{db_connectionString\\}`"},
		{"runtimes/elixir", "prod.exs is read at build, runtime.exs at each start", "`config/config\\.exs` and `config/prod\\.exs` are evaluated when the build compiles.*Read deployment values .* in `config/runtime\\.exs`, which the release evaluates at each start"},
		{"runtimes/elixir", "NIF deps need build-base in build.prepareCommands", "`sudo apk add --no-cache build-base` in `build\\.prepareCommands`, else the build stops with `\\*\\* \\(Mix\\) \"make\" not found in the path`"},
		{"runtimes/bun", "Bun reads run variables at run; bundles get build.envVariables; references for DB and Valkey", "(?s)`process\\.env`/`Bun\\.env` hold `run\\.envVariables` when the server runs.*`DATABASE_URL: \\$\\{db_connectionString\\}`; Valkey: `REDIS_URL: \\$\\{cache_connectionString\\}`"},
		{"runtimes/bun", "Bun's Alpine image: apk in prepareCommands, apt-get update first on ubuntu", "The image is Alpine: `sudo apk add --no-cache <pkg>` in `run\\.prepareCommands`.*`sudo apt-get update && sudo apt-get install -y <pkg>`"},
		{"frameworks/vite-spa", "vite not found in the build: NODE_ENV production in build.envVariables skips devDependencies", "`sh: 1: vite: not found` .* in the build: the build tool is a dev dependency that was not installed\\. `NODE_ENV: production` in `build\\.envVariables` makes `npm ci`, yarn and pnpm skip `devDependencies`"},
		{"frameworks/laravel", "composer requires ext-* in the build: apk add php84-<ext> in build.prepareCommands", "`requires ext-intl` .* from `composer install` in the build: the build base `php@8\\.4` lacks that extension; `sudo apk add --no-cache php84-intl` in `build\\.prepareCommands`"},
		{"frameworks/laravel", "VITE_ values for Laravel's bundle go in build.envVariables", "Laravel's Vite plugin reads `VITE_\\*` when `npm run build` runs, so they belong in `build\\.envVariables`"},
		{"runtimes/ruby", "bundler: command not found: puma means no puma in the bundle or gems not deployed", "`bundler: command not found: puma` at start: the bundle Bundler sees has no `puma`"},
		{"runtimes/rust", "sqlx query macros in the build: SQLX_OFFLINE with a committed .sqlx, or DATABASE_URL in build.envVariables", "`set DATABASE_URL to use query macros online` in the build.*Commit the `\\.sqlx` folder from `cargo sqlx prepare` and set `SQLX_OFFLINE: \"true\"` in `build\\.envVariables`"},
		{"runtimes/gleam", "Gleam reads the database reference at run time; apk in prepareCommands", "`DATABASE_URL: \\$\\{db_connectionString\\}` in `run\\.envVariables`\\. System packages: `sudo apk add --no-cache <pkg>` in `run\\.prepareCommands`"},
		{"frameworks/nestjs", "nest: not found in the build: NODE_ENV production in build.envVariables skipped devDependencies", "`sh: 1: nest: not found`[^\\n]* in the build: [^\\n]*`NODE_ENV: production` is in `build\\.envVariables`"},
		{"frameworks/nuxt", "nuxt: not found in the build: NODE_ENV production in build.envVariables skipped devDependencies", "`sh: 1: nuxt: not found`[^\\n]* in the build: [^\\n]*`NODE_ENV: production` is in `build\\.envVariables`"},
		{"frameworks/astro", "astro: not found in the build: NODE_ENV production in build.envVariables skipped devDependencies", "`sh: 1: astro: not found`[^\\n]* in the build: [^\\n]*`NODE_ENV: production` is in `build\\.envVariables`"},
		{"frameworks/sveltekit", "svelte-kit: not found in the build: NODE_ENV production in build.envVariables skipped devDependencies", "`sh: 1: svelte-kit: not found`[^\\n]* in the build: [^\\n]*`NODE_ENV: production` is in `build\\.envVariables`"},
		{"operations/deploy-with-zcli", "which log holds a failed deploy's reason: build, prepare runtime, runtime", "Which log holds the reason: `BUILD_FAILED` is in the build log; a failing `run\\.prepareCommands` cancels the deploy and writes the prepare runtime log \\(GUI: the pipeline's detail; zcli has no command for it\\)"},
		{"frameworks/cms", "Strapi's STRAPI_ADMIN_ values are built into the admin panel: build.envVariables", "Variables prefixed `STRAPI_ADMIN_` .* are written into the panel by `yarn build`: set them in `build\\.envVariables`"},
	})
}
