package diagnose

import (
	"regexp"
	"strings"
	"testing"
)

// healthyLogs are logs of builds and apps that work: warnings, notices,
// config echoes, 404s for stray files and slow requests are no failure.
var healthyLogs = []struct {
	name  string
	stage Stage
	lines []string
}{
	{"RetriedPast", Runtime, []string{ // errors the app retried past are no failure
		"redis: dial tcp 10.0.0.4:6379: connect: connection refused; retrying in 500ms",
		"redis: connected to 10.0.0.4:6379",
		`time=2026-01-02T03:04:05Z level=INFO msg="call retried" target=http://rates:8000 err="context deadline exceeded" attempt=2 result=ok`,
		"listening on 0.0.0.0:8080",
	}},
	{"RefusedThenConnected", Runtime, []string{ // a refusal a later line shows recovered, to the same address
		"[2026-01-02 10:00:01,302: ERROR/MainProcess] consumer: Cannot connect to redis://broker:6379/0: Error 111 connecting to broker:6379. Connection refused..",
		"Trying again in 2.00 seconds... (1/100)",
		"[2026-01-02 10:00:03,318: INFO/MainProcess] Connected to redis://broker:6379/0",
		"amqp: dial tcp 10.0.3.3:5672: connect: connection refused",
		"amqp: connection established to 10.0.3.3:5672",
		"Error: connect ECONNREFUSED 10.0.2.9:5432",
		"pg pool: connected to 10.0.2.9:5432",
	}},
	{"ClientErrorHttpExceptions", Runtime, []string{ // a framework's 4xx exception, logged as uncaught, answered the request
		`[2026-02-01T10:00:05.221Z] request.ERROR: Uncaught PHP Exception Symfony\Component\HttpKernel\Exception\NotFoundHttpException: "No route found for "GET /xmlrpc.php"" at RouterListener.php line 149`,
		`[2026-02-01 10:00:06] production.ERROR: Uncaught Symfony\Component\HttpKernel\Exception\MethodNotAllowedHttpException: The PUT method is not supported for route api/orders.`,
		`request.ERROR: Uncaught PHP Exception Symfony\Component\HttpKernel\Exception\AccessDeniedHttpException: "Access Denied." at ExceptionListener.php line 136`,
	}},
	{"ViteExposed", Runtime, []string{ // a Local line beside a Network line with an address
		"  ➜  Local:   http://localhost:5173/",
		"  ➜  Network: http://10.0.3.4:5173/",
	}},
	{"NpmWarnings", Build, []string{
		"npm WARN deprecated rimraf@3.0.2: Rimraf versions prior to v4 are no longer supported",
		"npm warn EBADENGINE Unsupported engine {",
		"npm notice New major version of npm available! 10.8.2 -> 11.0.0",
		"added 230 packages, and audited 231 packages in 7s",
		"3 moderate severity vulnerabilities",
		"found 0 vulnerabilities",
	}},
	{"TypeScriptClean", Build, []string{
		"> tsc --noEmit", "Found 0 errors. Watching for file changes.", "webpack 5.91.0 compiled successfully in 5123 ms",
		"Compiled successfully.", "File sizes after gzip:", "  48.2 kB  build/static/js/main.js",
	}},
	{"PipNotice", Build, []string{
		"Requirement already satisfied: setuptools in /usr/lib/python3/dist-packages (68.1.2)",
		"[notice] A new release of pip is available: 23.3 -> 24.3",
		"WARNING: Running pip as the 'root' user can result in broken permissions.",
		"Successfully built psycopg2", "Successfully installed psycopg2-2.9.9",
	}},
	{"ComposerClean", Build, []string{
		"Installing dependencies from lock file", "Nothing to install, update or remove",
		"Package fruitcake/laravel-cors is abandoned, you should avoid using it. Use laravel/framework instead.",
		"Generating optimized autoload files", "83 packages you are using are looking for funding.",
	}},
	{"GoAndCargo", Build, []string{
		"go: downloading golang.org/x/sys v0.22.0", "go: finding module for package github.com/a/b",
		"warning: unused import: `std::io`", "   Compiling tokio v1.38.0", "    Finished `release` profile [optimized] target(s) in 58.10s",
	}},
	{"DotnetJava", Build, []string{
		"Build succeeded.", "    0 Warning(s)", "    0 Error(s)", "Time Elapsed 00:00:12.41",
		"[INFO] Tests run: 42, Failures: 0, Errors: 0, Skipped: 1", "[INFO] BUILD SUCCESS",
		"[WARNING] The requested profile \"prod\" could not be activated because it does not exist.",
		"BUILD SUCCESSFUL in 1m 2s", "Deprecated Gradle features were used in this build, making it incompatible with Gradle 9.0.",
	}},
	{"ZeropsBuildOK", Build, []string{
		"Running build commands on nodejs@22", "$ npm run build", "BUILD ARTEFACTS READY TO DEPLOY", "Deploying service app",
	}},
	{"NodeServing", Runtime, []string{
		"Server listening on http://localhost:3000",
		"GET /favicon.ico 404 1.203 ms - 150",
		"GET /api/items 200 2312.118 ms - 8123",
		"(node:1) ExperimentalWarning: The Fetch API is an experimental feature.",
		"(node:1) [DEP0005] DeprecationWarning: Buffer() is deprecated due to security and usability issues.",
		"Redis connection established",
	}},
	{"NextLocal", Runtime, []string{
		"  ▲ Next.js 15.0.3", "  - Local:        http://localhost:3000", "  - Network:      http://10.0.1.5:3000", " ✓ Starting...", " ✓ Ready in 231ms",
	}},
	{"FlaskAllAddresses", Runtime, []string{
		" * Running on all addresses (0.0.0.0)", " * Running on http://127.0.0.1:8000", " * Running on http://10.0.2.4:8000",
	}},
	{"DjangoGunicorn", Runtime, []string{
		"[2025-01-01 10:00:00 +0000] [1] [INFO] Listening at: http://0.0.0.0:8000 (1)",
		"Not Found: /favicon.ico",
		"\"GET /favicon.ico HTTP/1.1\" 404 179",
		"WARNING:django.request:Not Found: /robots.txt",
	}},
	{"PhpConfig", Runtime, []string{
		"[01-Jan-2025 10:00:00] NOTICE: fpm is running, pid 1",
		"error_log = /proc/self/fd/2", "log_errors = On", "upload_max_filesize = 64M", "memory_limit = 512M",
		"display_errors => Off => Off",
		"[01-Jan-2025 10:00:05] WARNING: [pool www] server reached pm.max_children setting (5), consider raising it",
	}},
	{"NginxAccess", Runtime, []string{
		"10.0.0.2 - - [01/Jan/2025:10:00:00 +0000] \"GET / HTTP/1.1\" 200 615 \"-\" \"Mozilla/5.0\"",
		"10.0.0.2 - - [01/Jan/2025:10:00:01 +0000] \"GET /missing HTTP/1.1\" 404 153 \"-\" \"Mozilla/5.0\"",
		"2025/01/01 10:00:00 [notice] 1#1: nginx/1.26.1",
		"2025/01/01 10:00:00 [warn] 1#1: the \"listen ... http2\" directive is deprecated",
	}},
	{"SpringUp", Runtime, []string{
		"INFO 1 --- [main] o.s.b.w.embedded.tomcat.TomcatWebServer  : Tomcat initialized with port 8080 (http)",
		"INFO 1 --- [main] com.zaxxer.hikari.HikariDataSource       : HikariPool-1 - Start completed.",
		"WARN 1 --- [main] o.s.b.a.o.j.JpaBaseConfiguration : spring.jpa.open-in-view is enabled by default.",
		"INFO 1 --- [main] c.a.Application : Started Application in 3.1 seconds (process running for 3.6)",
	}},
	{"GoJSON", Runtime, []string{
		`{"level":"info","msg":"server started","addr":":8080"}`,
		`{"level":"warn","msg":"slow request","path":"/search","duration":"1.8s"}`,
		`{"level":"info","msg":"shutdown","error":null,"errors":0}`,
		"2025/01/01 10:00:00 http: TLS handshake error from 10.0.0.9:51234: EOF",
	}},
	{"Dotnet", Runtime, []string{
		"info: Microsoft.Hosting.Lifetime[14]", "      Now listening on: http://0.0.0.0:5000",
		"warn: Microsoft.AspNetCore.HttpsPolicy.HttpsRedirectionMiddleware[3]", "      Failed to determine the https port for redirect.",
	}},
	{"TypeScriptAndRails", Build, []string{ // issue 34: words the new rules read, in healthy lines
		"tsc --version", "Version 5.4.5", "Found 0 errors in 0 files.", "src/types/ts2307.d.ts",
		"I, [2025-03-02T09:10:01.112233 #88]  INFO -- : Writing /build/source/public/assets/application-3f2a1b.css",
		"SECRET_KEY_BASE_DUMMY=1 bin/rails assets:precompile",
		"npm WARN prepare removing existing node_modules/ before installation",
		"Filesystem      Size  Used Avail Use% Mounted on",
	}},
	{"PasteDeployPyramid", Runtime, []string{ // issue 34: words the distribution rule reads, in healthy lines
		"Starting server in PID 12.", "2026-11-30 22:10:00,101 INFO  [waitress:486][MainThread] Serving on http://0.0.0.0:6543",
		"found package metadata for myproj 0.0 (importlib.metadata)", "pkg_resources is deprecated as an API",
	}},
	{"CallsAnotherApp", Runtime, []string{
		"upstream api at http://api:3000 is reachable", "GET http://api:3000/health 200 4ms",
		"retrying connection to http://api:3000 in 2s (attempt 1/5)",
	}},
	{"Postgres", Runtime, []string{
		"LOG:  database system is ready to accept connections", "LOG:  checkpoint complete: wrote 12 buffers (0.1%)",
		"LOG:  autovacuum: found 0 removable, 12 nonremovable row versions", "LOG:  duration: 1203.114 ms  statement: SELECT 1",
	}},
	{"StartCommandsAndSettings", Runtime, []string{ // a start's echo, tasks that exist, settings loaded, a request's own validation
		"Starting application: npm run start:prod", "> shop@1.4.0 start:prod", "> node dist/main.js",
		"Running: mix phx.server", "[info] Running ShopWeb.Endpoint with Bandit 1.5.7 at 0.0.0.0:4000 (http)",
		"settings: 14 fields loaded from the environment (env_prefix=APP_)",
		`INFO:     10.0.1.7:40312 - "POST /api/orders HTTP/1.1" 422 Unprocessable Entity`,
		"Tip: run `mix help` to list the tasks this project defines",
	}},
	{"Migrations", Runtime, []string{
		"Operations to perform:", "  Apply all migrations: admin, auth, contenttypes, sessions", "Running migrations:", "  No migrations to apply.",
		"prisma:info Datasource \"db\": PostgreSQL database \"app\", schema \"public\" at \"db:5432\"", "All migrations have been successfully applied.",
	}},
	{"StrayFilesAndInitOK", Runtime, []string{ // files no page needs, init commands that passed, a reference in a config echo
		`2026/11/30 10:00:00 [error] 12#12: *5 open() "/var/www/dist/assets/index-0ld4a.js" failed (2: No such file or directory), client: 10.0.0.5, server: _, request: "GET /assets/index-0ld4a.js HTTP/1.1"`,
		"[Mon Nov 30 10:00:01.000001 2026] [core:info] [pid 41] [client 10.0.0.5:51240] AH00128: File does not exist: /var/www/public/robots.txt",
		"[init] php artisan migrate --force", "[init]   INFO  Nothing to migrate.", "[init] command finished with exit status 0",
		"zerops.yml run.envVariables: DATABASE_URL=${db_connectionString}",
		"[info] Application billing started at :nonode@nohost", "10:02:11.004 [notice] Application billing exited: :stopped",
		"Compiling 3 files (.ex)", "Generated billing app",
	}},
	{"StaleLockWarnedThenRelockedOrInstalled", Build, []string{ // a stale lock a tool warned of and went past
		"WARNING: Lockfile hash doesn't match pyproject.toml, packages may be outdated",
		"Updating the lock file...",
		"Warning: The lock file is not up to date with the latest changes in composer.json. You may be getting outdated dependencies.",
		"Package operations: 41 installs, 0 updates, 0 removals",
		"[zerops] running buildCommands (2/2): npm run build",
		"warn: yarn.lock is outdated, regenerating it",
		"[zerops] build finished, deploying files: ./",
	}},
	{"CacheNotWritableSkipped", Build, []string{ // a cache a tool does without
		"Cannot create cache directory /home/zerops/.composer/cache/repo/https---repo.packagist.org/, or directory is not writable. Proceeding without cache",
		"WARNING: The directory '/home/zerops/.cache/pip' or its parent directory is not owned or is not writable by the current user. The cache has been disabled.",
		"Successfully installed flask-3.1.0",
	}},
	{"LoopbackSideListenerNoRefusal", Runtime, []string{ // a loopback admin port, the app public, no balancer refusal
		"[INFO] Goin' Fast @ http://127.0.0.1:8001",
		"metrics exporter at http://localhost:9464/metrics",
		"Responding at http://0.0.0.0:8080",
		"GET /health 200 1ms",
	}},
	{"BudgetWarningsAndPipenvRelock", Build, []string{ // a budget as a warning, pipenv relocking outside --deploy
		"▲ [WARNING] bundle initial exceeded maximum budget. Budget 500.00 kB was not met by 103.95 kB with a total of 603.95 kB.",
		"Warning: bundle initial exceeded maximum budget. Budget 500.00 kB was not met by 12.40 kB with a total of 512.40 kB.",
		"WARNING in budgets, maximum exceeded for initial. Budget 500 kB was exceeded by 20 kB.",
		"Application bundle generation complete. [9.120 seconds]",
		"Pipfile.lock (a63ef6) out of date, updating to (5d8d12)...",
		"Pipfile.lock is up-to-date.",
		"➤ YN0000: └ Completed in 0s 941ms",
	}},
}

func TestClassify_HealthyLogsYieldNothing(t *testing.T) {
	t.Parallel()
	for _, tc := range healthyLogs {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, stage := range []Stage{tc.stage, 0} {
				if got := Classify(tc.lines, stage); got != nil {
					t.Errorf("stage %d: Classify = %+v, want nil", stage, got)
				}
			}
		})
	}
}

// TestRules_KeywordsGuardEveryMatch checks the prefilter on every line the
// tests know: a rule whose expression matches a line must have one of its
// keywords in it, or the scanner would skip the rule there.
func TestRules_KeywordsGuardEveryMatch(t *testing.T) {
	t.Parallel()
	var lines []string
	for _, tc := range signalLines {
		lines = append(lines, tc.lines...)
	}
	for _, tc := range healthyLogs {
		lines = append(lines, tc.lines...)
	}
	for i, r := range rules {
		for _, line := range lines {
			if !r.re.MatchString(line) {
				continue
			}
			low := strings.ToLower(line)
			found := false
			for _, key := range r.keys {
				if key != strings.ToLower(key) {
					t.Errorf("rule %d (%s/%s): keyword %q is not lower case", i, r.build, r.runtime, key)
				}
				found = found || strings.Contains(low, key)
			}
			if !found {
				t.Errorf("rule %d (%s/%s) matches %q but none of its keywords %q occurs in it", i, r.build, r.runtime, line, r.keys)
			}
		}
	}
}

func TestRules_NameKnownSignals(t *testing.T) {
	t.Parallel()
	for i, r := range rules {
		for _, id := range []string{r.build, r.runtime} {
			if id != "" && signalByID[id] == nil && id != publicBind {
				t.Errorf("rule %d names unknown signal %q", i, id)
			}
		}
	}
	doc := regexp.MustCompile(`^zerops://docs/[a-z0-9-]+/[a-z0-9-]+$`)
	for _, s := range signals {
		if !doc.MatchString(s.doc) || s.cause == "" || s.fix == "" {
			t.Errorf("signal %s: doc %q, cause and fix must be set", s.id, s.doc)
		}
	}
}
