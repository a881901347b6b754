package diagnose

import (
	"testing"
)

// The families of crashcauses.go, each in several tools' words (log set
// 12's misses read as families), and the lines beside them that are none.
func TestClassify_CrashCauseFamilies(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// A URL or connection string parsed from a variable left unset.
		{"NodeInvalidURLInputBelow", Runtime, []string{"node:internal/url:818", "TypeError: Invalid URL", "    at new URL (node:internal/url:818:25)", "    at connectQueue (/var/www/build/queue.js:4:15) {", "  code: 'ERR_INVALID_URL',", "  input: 'undefined/jobs'", "}", "Node.js v20.18.0"}, "missing-env-variable", "URL or connection string"},
		{"NodeInvalidURLHostUnset", Runtime, []string{"TypeError [ERR_INVALID_URL]: Invalid URL: ws://undefined:undefined/socket"}, "missing-env-variable", "`run.envVariables`"},
		{"UndiciFetchUnset", Runtime, []string{"TypeError: Failed to parse URL from undefined/v3/rates", "    at node:internal/deps/undici/undici:13502:13"}, "missing-env-variable", ""},
		{"RequestsNone", Runtime, []string{"requests.exceptions.MissingSchema: Invalid URL 'None/webhooks': No scheme supplied. Perhaps you meant https://None/webhooks?"}, "missing-env-variable", ""},
		{"RubyNilURI", Runtime, []string{"/var/www/lib/feed.rb:8:in 'parse': bad URI (is not URI?): nil (URI::InvalidURIError)"}, "missing-env-variable", ""},
		{"DotnetEmptyURI", Runtime, []string{"Unhandled exception. System.UriFormatException: Invalid URI: The URI is empty."}, "missing-env-variable", ""},
		{"GoEmptyScheme", Runtime, []string{`2026/11/30 08:00:01 fetch rates: Get "/latest": unsupported protocol scheme ""`}, "missing-env-variable", ""},
		{"MongooseUndefinedURI", Runtime, []string{"MongooseError: The `uri` parameter to `openUri()` must be a string, got \"undefined\". Make sure the first parameter to `mongoose.connect()` or `mongoose.createConnection()` is a string."}, "missing-env-variable", ""},
		{"JavaNullProtocol", Runtime, []string{"Exception in thread \"main\" java.net.MalformedURLException: no protocol: null/v1/rates", "\tat java.base/java.net.URL.<init>(URL.java:674)"}, "missing-env-variable", ""},
		{"UrllibNone", Runtime, []string{"ValueError: unknown url type: 'None/hooks/ping'"}, "missing-env-variable", ""},
		{"PgPasswordUnset", Runtime, []string{"Error: SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string"}, "missing-env-variable", ""},
		{"NodeInvalidURLRealInputIsCrash", Runtime, []string{"TypeError: Invalid URL", "    at new URL (node:internal/url:818:25) {", "  code: 'ERR_INVALID_URL',", "  input: 'htp//shop.example.org'", "}"}, "app-crash", ""},
		{"FormValidationIsNone", Runtime, []string{`{"level":"info","msg":"signup rejected","field":"website","reason":"Invalid URL"}`}, "", ""},
		// A PHP extension the base lacks: its functions or classes undefined.
		{"PhpFpmMbstring", Runtime, []string{`[30-Nov-2026 08:00:00] WARNING: [pool www] child 12 said into stderr: "PHP message: PHP Fatal error:  Uncaught Error: Call to undefined function mb_substr() in /var/www/src/Text.php:9"`}, "module-not-found-at-runtime", "php84-mbstring"},
		{"NamespacedGdFallback", Runtime, []string{`PHP Fatal error:  Uncaught Error: Call to undefined function App\Media\imagecreatetruecolor() in /var/www/src/Media/Thumb.php:30`}, "module-not-found-at-runtime", "php84-gd"},
		{"IntlClass", Runtime, []string{`[2026-11-30 08:00:00] production.ERROR: Class "NumberFormatter" not found {"exception":"[object] (Error(code: 0): Class \"NumberFormatter\" not found at /var/www/app/Money.php:14)"}`}, "module-not-found-at-runtime", "php84-intl"},
		{"PdoNoDriver", Runtime, []string{`[2026-11-30 08:00:00] production.ERROR: could not find driver (Connection: pgsql, SQL: select * from "sessions" where "id" = ? limit 1)`}, "module-not-found-at-runtime", "php84-pdo_pgsql"},
		{"ComposerPlatformCheckAtStart", Runtime, []string{"PHP Fatal error:  Composer detected issues in your platform: Your Composer dependencies require the following PHP extensions to be installed: bcmath. in /var/www/vendor/composer/platform_check.php on line 24"}, "module-not-found-at-runtime", "php84-bcmath"},
		{"ComposerExtInBuild", Build, []string{"Your lock file does not contain a compatible set of packages. Please run composer update.", "  Problem 1", "    - spatie/image 3.7.4 requires ext-exif * -> it is missing from your system. Install or enable PHP's exif extension."}, "runtime-version-mismatch", "`build.prepareCommands`"},
		{"ComposerVersionBelowVerdict", Build, []string{"Your lock file does not contain a compatible set of packages. Please run composer update.", "  Problem 1", "    - symfony/string v7.2.0 requires php >=8.2 -> your php version (8.1.30) does not satisfy that requirement.", "    - laravel/framework v11.0.0 requires ext-intl * -> it is missing from your system."}, "runtime-version-mismatch", "`build.base`"},
		{"AppFunctionIsCrash", Runtime, []string{`PHP Fatal error:  Uncaught Error: Call to undefined function App\Support\format_money() in /var/www/app/Cart.php:51`}, "app-crash", ""},
		// The database refusing the credentials in an ORM's or a driver's words.
		{"RailsRequestLog", Runtime, []string{"[b7f0] ActiveRecord::DatabaseConnectionError (There is an issue connecting to your database with your username/password, username: shop."}, "db-auth-failed", ""},
		{"RailsTaskAborted", Runtime, []string{"bin/rails aborted!", "ActiveRecord::DatabaseConnectionError: There is an issue connecting to your database with your username/password, username: app. (ActiveRecord::DatabaseConnectionError)"}, "db-auth-failed", ""},
		{"SqlServerLogin", Runtime, []string{"Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'orders'."}, "db-auth-failed", ""},
		{"PymssqlLogin", Runtime, []string{`sqlalchemy.exc.OperationalError: (pymssql.exceptions.OperationalError) (18456, b"Login failed for user 'etl'.")`}, "db-auth-failed", ""},
		{"RailsHostname", Runtime, []string{"ActiveRecord::DatabaseConnectionError: There is an issue connecting with your hostname: pgdb."}, "host-not-found", ""},
		{"RailsNoDatabase", Runtime, []string{"ActiveRecord::NoDatabaseError: We could not find your database: shop_production. Available database configurations can be found in config/database.yml."}, "db-schema-missing", ""},
		{"AppLoginFailedIsNone", Runtime, []string{"WARN auth: authentication failed for user carol@example.org from 10.0.2.7"}, "", ""},
		// A worker killed by signal 9 with no word of memory: the OOM killer.
		{"CeleryWorkerLost", Runtime, []string{"[2026-11-30 08:00:00,100: ERROR/MainProcess] Task handler raised error: WorkerLostError('Worker exited prematurely: signal 9 (SIGKILL) Job: 3.')"}, "out-of-memory", ""},
		{"PhpFpmChildKilled", Runtime, []string{"[30-Nov-2026 08:00:00] WARNING: [pool www] child 41 exited on signal 9 (SIGKILL) after 20.118604 seconds from start"}, "out-of-memory", ""},
		{"SupervisordKilled", Runtime, []string{"2026-11-30 08:00:00,001 WARN exited: queue (terminated by SIGKILL; not expected)"}, "out-of-memory", ""},
		{"PythonSubprocessDied", Runtime, []string{"RuntimeError: ffmpeg died with <Signals.SIGKILL: 9>."}, "out-of-memory", ""},
		{"NpmChildKilledInBuild", Build, []string{"npm error path /build/source", "npm error command failed", "npm error signal SIGKILL", "npm error command sh -c vite build"}, "build-out-of-memory", ""},
		{"CeleryHardTimeLimitIsNotMemory", Runtime, []string{"[2026-11-30 08:00:00,100: ERROR/MainProcess] Hard time limit (300s) exceeded for reports.render[9f1c]", "[2026-11-30 08:00:00,200: ERROR/MainProcess] Process 'ForkPoolWorker-1' pid:31 exited with 'signal 9 (SIGKILL)'"}, "", ""},
		{"FpmTimeoutIsNotMemory", Runtime, []string{`[30-Nov-2026 08:00:00] WARNING: [pool www] child 41, script '/var/www/public/index.php' (request: "GET /index.php") execution timed out (30.1 sec), terminating`, "[30-Nov-2026 08:00:00] WARNING: [pool www] child 41 exited on signal 9 (SIGKILL) after 30.2 seconds from start"}, "upstream-timeout", ""},
		{"SupervisorStopIsNone", Runtime, []string{"2026-11-30 08:00:00,001 INFO stopped: queue (terminated by SIGKILL)"}, "", ""},
		{"ClusterRestartIsNone", Runtime, []string{"worker 88 died (SIGKILL), restarting"}, "", ""},
		// zerops.yml's schema errors by their key path.
		{"YmlAdditionalProperty", Build, []string{"ERROR: zerops.yml is not valid:", `  - zerops[0].build: additional property "buildCommand" is not allowed`}, "zerops-yml-invalid", "`build.buildCommands`"},
		{"YmlDottedPath", Build, []string{"zerops.0.run: Additional property envs is not allowed"}, "zerops-yml-invalid", "`run.envVariables`"},
		{"YmlInvalidType", Build, []string{"* run.ports.0.httpSupport: Invalid type. Expected: boolean, given: string"}, "zerops-yml-invalid", ""},
		{"YmlRequired", Build, []string{`- zerops[1].run: "start" is required`}, "zerops-yml-invalid", ""},
		{"YmlHeadingAlone", Build, []string{"ERROR: zerops.yml is not valid:", "  - the setup named api was not found"}, "zerops-yml-invalid", ""},
		{"ScriptFileLineIsNotYml", Build, []string{"build.sh: invalid option -- 'z'"}, "", ""},
		{"YmlKeyMust", Build, []string{"[BUILD_VALIDATION] build.deployFiles: must not be empty"}, "zerops-yml-invalid", ""},
		{"YmlValidIsNone", Build, []string{"zerops.yml is valid, 2 setups found"}, "", ""},
		// uvicorn finding no module its app reference names.
		{"UvicornMain", Runtime, []string{`ERROR:    Error loading ASGI app. Could not import module "main".`}, "start-file-missing", "`main.py`"},
		{"UvicornDotted", Runtime, []string{`ERROR:    Error loading ASGI app. Could not import module "app.main".`}, "start-file-missing", "`app/main.py`"},
		{"UvicornStamped", Runtime, []string{`2026-11-30T08:00:00Z ERROR:    Error loading ASGI app. Could not import module "api".`}, "start-file-missing", "`api.py`"},
	}
	runFamilyCases(t, tests)
}
