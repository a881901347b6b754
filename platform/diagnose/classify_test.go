package diagnose

import (
	"strings"
	"testing"
)

// signalLines lists, per signal, lines as the tools print that failure, each
// from a different tool or wording; the stage says which log it is read from.
var signalLines = []struct {
	signal string
	stage  Stage
	lines  []string
}{
	{"build-command-failed", Build, []string{
		"npm ERR! code ELIFECYCLE",
		"error Command failed with exit code 2.",
		"make: *** [Makefile:12: assets] Error 2",
		" ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  web@1.0.0 build: `vite build`",
		"The command '/bin/sh -c ./build.sh' returned a non-zero code: 1",
		"bash: line 1: webpack: command not found",
	}},
	{"npm-missing-script", Build, []string{
		"npm ERR! missing script: build",
		`npm error Missing script: "build:prod"`,
		`error Command "generate" not found.`,
		` ERR_PNPM_NO_SCRIPT  Missing script: lint`,
		`error: Script not found "prebuild"`,
		"error: Task not found: bundle",
		`Usage Error: Couldn't find a script named "biuld".`,
	}},
	{"dependency-not-found", Build, []string{
		"npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fui - Not found",
		"npm error notarget No matching version found for lodash@^9.0.0.",
		`error Couldn't find package "left-padd" on the "npm" registry.`,
		"ERROR: No matching distribution found for requests-magic>=2",
		"    - Root composer.json requires monolog/monologg ^3, it could not be found in any version, there may be a typo in the package name.",
		"go: github.com/acme/kit@v0.4.0: invalid version: unknown revision v0.4.0",
		"error: failed to select a version for the requirement `serde = \"^9.0\"`",
		"/src/App.csproj : error NU1102: Unable to find package Dapper with version (>= 9.0.0)",
		"[ERROR] Failed to execute goal on project shop: Could not resolve dependencies for project com.acme:shop:jar:1.0",
		"   > Could not find com.squareup.okhttp3:okhttp:9.9.9.",
		"error: Could not find npm package 'zodd' matching '^3'.",
	}},
	{"lockfile-mismatch", Build, []string{
		"npm ERR! `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync.",
		"npm error Invalid: lock file's react@18.2.0 does not satisfy react@18.3.1",
		"➤ YN0028: │ The lockfile would have been modified by this install, which is explicitly forbidden.",
		` ERR_PNPM_NO_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml is absent`,
		"go: updates to go.mod needed; to update it:",
		"ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE.",
		"/src/Api.csproj : error NU1004: The packages lock file is inconsistent with the project dependencies so restore can't be run in locked mode.",
		"error: The lockfile is out of date. Run `deno install --frozen=false`, or rerun with `--frozen=false` to update it.",
	}},
	{"lockfile-mismatch", Build, []string{ // Bundler in deployment (frozen) mode
		"The dependencies in your gemfile changed, but the lockfile can't be updated because frozen mode is set",
		"You are trying to install in deployment mode after changing your Gemfile. Run `bundle install` elsewhere and add the updated Gemfile.lock to version control.",
		"The gemspecs for path gems changed, but the lockfile can't be updated because frozen mode is set",
	}},
	{"runtime-version-mismatch", Build, []string{ // javac told a newer source level than it has
		"> error: invalid source release: 21",
		"[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.8.1:compile (default-compile) on project api: Fatal error compiling: error: invalid source release: 17 -> [Help 1]",
		"javac: invalid source release: 22",
	}},
	{"compile-error", Build, []string{
		"src/app.ts:14:7 - error TS2304: Cannot find name 'reqest'.",
		"./main.go:12:2: \"os\" imported and not used",
		"error[E0425]: cannot find value `cfg` in this scope",
		"Program.cs(8,1): error CS1002: ; expected [/src/App.csproj]",
		"[ERROR] /src/main/java/com/acme/App.java:[7,20] ';' expected",
		"src/main/java/com/acme/App.java:7: error: cannot find symbol",
		"Module not found: Error: Can't resolve './Header' in '/build/source/src/components'",
		"✘ [ERROR] Expected \";\" but found \"}\"",
		"Type error: Property 'title' does not exist on type 'Props'.",
		"PHP Parse error:  syntax error, unexpected token \"}\" in /var/www/src/Kernel.php on line 31",
		"SyntaxError: invalid syntax",
	}},
	{"compile-error", Build, []string{ // issue 34: Go's and TypeScript's own words
		"./main.go:27:9: undefined: newRouter",
		"internal/queue/consumer.go:53:21: c.ack undefined (type *Consumer has no field or method ack)",
		"../shared/config.go:8:2: declared and not used: cfg",
		"src/pages/Orders.tsx:4:28 - error TS2307: Cannot find module '@/lib/money' or its corresponding type declarations.",
		"      TS2307: Cannot find module './palette' or its corresponding type declarations.",
		"(!) Plugin typescript: @rollup/plugin-typescript TS2307: Cannot find module 'clsx' or its corresponding type declarations.",
		"src/routes/users.ts(44,19): error TS2339: Property 'emial' does not exist on type 'User'.",
	}},
	{"disk-full", Build, []string{
		"npm ERR! nospc ENOSPC: no space left on device, write",
		`error An unexpected error occurred: "ENOSPC: no space left on device, copyfile '/home/zerops/.cache/yarn/v6/x.js' -> '/build/source/node_modules/x.js'".`,
		"ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device",
		"cp: error writing '/build/source/dist/video.mp4': No space left on device",
	}},
	{"missing-env-variable", Build, []string{
		"ArgumentError: Missing `secret_key_base` for 'production' environment, set this string with `bin/rails credentials:edit` (ArgumentError)",
		"RuntimeError: You must set secret_key_base in your app's config",
		"Missing `secret_key_base` for 'production' environment, set this value in `config/secrets.yml`",
	}},
	{"build-out-of-memory", Build, []string{
		"FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
		"The build daemon has been stopped: JVM garbage collector thrashing and after running out of JVM memory",
		"  process didn't exit successfully: `rustc --crate-name tokio` (signal: 9, SIGKILL: kill)",
		"/bin/sh: line 1:   231 Killed                  npm run build",
		"cc1plus: out of memory allocating 65536 bytes after a total of 812000000 bytes",
	}},
	{"deploy-files-missing", Build, []string{
		"ERROR: deployFiles: ./build/libs/app.jar does not exist",
		"no such file or directory: deployFiles entry \"public/build\"",
		"deploy files missing: dist/",
	}},
	{"runtime-version-mismatch", Build, []string{
		"npm ERR! code EBADENGINE",
		`error vite@6.0.1: The engine "node" is incompatible with this module. Expected version "^18.0.0 || >=20.0.0". Got "16.20.2"`,
		" ERR_PNPM_UNSUPPORTED_ENGINE  Unsupported environment (bad pnpm and/or Node.js version)",
		"ERROR: Package 'shop' requires a different Python: 3.9.18 not in '>=3.11'",
		"  - Root composer.json requires php ^8.3 but your php version (8.2.20) does not satisfy that requirement.",
		"error: rustc 1.74.1 is not supported by the following package:",
		"[ERROR] error: invalid target release: 21",
		"Exception in thread \"main\" java.lang.UnsupportedClassVersionError: com/acme/App has been compiled by a more recent version of the Java Runtime (class file version 65.0)",
		"go: errors parsing go.mod: note: module requires Go 1.23",
	}},
	{"build-timeout", Build, []string{
		"Build timed out after 3600 seconds",
		"ERROR: pipeline exceeded the time limit of 60 minutes",
		"BUILD TIMEOUT: the build took too long and was stopped",
	}},
	{"zerops-yml-invalid", Build, []string{
		"zerops.yaml: setup \"web\" not found",
		"Error: invalid zerops.yml: run.ports[0].port must be a number",
		"zeropsYamlSetupNotFound: no setup named api in zerops.yaml",
		"yaml: line 12: did not find expected key",
		"ERROR: zerops.yml: build.base nodejs@99 is unknown: the service type catalog has no such build version (available: nodejs@20, nodejs@22, nodejs@24)",
	}},
	{"prepare-command-failed", Build, []string{
		"E: Unable to locate package libvips-devv",
		"E: Package 'python3-distutils' has no installation candidate",
		"  imagemagick7 (no such package):",
		"sudo: apk: command not found",
		"prepareCommands failed: exit status 2",
		"ERROR: Unable to lock database: Permission denied",
		"E: Unable to lock directory /var/lib/dpkg/, are you root?",
	}},
	{"prepare-reads-deploy-files", Build, []string{
		"/bin/sh: cd: line 1: can't cd to /var/www: No such file or directory",
		"bash: line 1: cd: /var/www/app: No such file or directory",
		"cp: /var/www/config.ini: No such file or directory",
		"sh: 1: cd: can't cd to /var/www/backend",
		"cp: can't stat '/var/www/conf/php.ini': No such file or directory",
		`cp: cannot stat "/var/www/nginx.conf": No such file or directory`,
	}},
	{"init-command-failed", Runtime, []string{
		`ERROR: initCommands: "node migrate.js" exited with code 1; the app is not started`,
		"initCommands failed: exit status 2",
		"init command `php artisan migrate` exited with code 1",
		"RUN.INIT COMMANDS FINISHED WITH ERROR",
		"run.initCommands finished with error (exit code 2)",
		"Init commands finished with error",
	}},
	{"health-check-failed", Runtime, []string{
		"ERROR: health check failed: GET http://127.0.0.1:3000/status got no answer; the container is disconnected from the balancer and restarted after its failureTimeout",
		"healthCheck failed: exec command exited with code 1",
		"[health check] GET /healthz unsuccessful: 503 Service Unavailable",
	}},
	{"readiness-check-failed", Runtime, []string{
		"ERROR: readiness check never passed: GET http://127.0.0.1:3001/ got no answer",
		"readinessCheck failed: exec command exited with code 1",
		"Readiness check timed out after 300s",
	}},
	{"port-in-use", Runtime, []string{
		"Error: listen EADDRINUSE: address already in use :::8080",
		"OSError: [Errno 98] Address already in use",
		"Web server failed to start. Port 3000 was already in use.",
		"Failed to listen on 0.0.0.0:8000 (reason: Address already in use)",
		"System.IO.IOException: Failed to bind to address http://[::]:5000: address already in use.",
		"error: Failed to start server. Is port 3000 in use?",
		"Error: Os { code: 98, kind: AddrInUse, message: \"Address already in use\" }",
	}},
	{"listening-on-localhost", Runtime, []string{
		"INFO:     Uvicorn running on http://127.0.0.1:8080 (Press CTRL+C to quit)",
		"[2025-01-01 10:00:00 +0000] [1] [INFO] Listening at: http://127.0.0.1:8000 (1)",
		"      Now listening on: http://localhost:8080",
		"* Listening on http://[::1]:3000",
		"  ➜  Network: use --host to expose",
		"server bound to 127.0.0.1:4000",
		"[@astrojs/node] Server listening on http://localhost:4321",
	}},
	{"wrong-port", Runtime, []string{
		"2025/01/01 10:00:00 [error] 7#7: *1 connect() failed (111: Connection refused) while connecting to upstream, upstream: \"http://127.0.0.1:3000/\"",
		"502: nothing is listening on web:8080",
		"readiness check failed: dial tcp 10.0.1.4:8080: connect: connection refused",
	}},
	{"start-command-invalid", Runtime, []string{
		"gunicorn: error: unrecognized arguments: --host",
		"Error: No such option: --bind",
		"error: unknown option '--hostname'",
		"flag provided but not defined: -port",
		"Error: unknown flag: --listen",
	}},
	{"start-file-missing", Runtime, []string{
		"Error: Cannot find module '/var/www/index.js'",
		"/bin/sh: cd: line 1: can't cd to dist: No such file or directory",
		"node: .env: not found",
		"python3: can't open file '/var/www/manage.py': [Errno 2] No such file or directory",
		"Could not open input file: /var/www/bin/console",
		"Error: 'gunicorn.conf.py' doesn't exist",
		"sh: 1: ./app: not found",
		"Error: Could not find or load main class com.acme.Main",
		"Could not execute because the specified command or file was not found.",
		"error: Module not found \"/var/www/main.ts\"",
		"exec: \"./server\": stat ./server: no such file or directory",
		"Failed to find attribute 'app' in 'wsgi'.",
	}},
	{"module-not-found-at-runtime", Runtime, []string{
		"Error: Cannot find module 'dotenv'",
		"Error [ERR_MODULE_NOT_FOUND]: Cannot find package '@prisma/client' imported from /var/www/dist/db.js",
		"ModuleNotFoundError: No module named 'uvicorn'",
		"PHP Warning:  require_once(/var/www/vendor/autoload.php): Failed to open stream: No such file or directory",
		"Caused by: java.lang.ClassNotFoundException: org.postgresql.Driver",
		"System.IO.FileNotFoundException: Could not load file or assembly 'Npgsql, Version=8.0.0.0, Culture=neutral'",
		"./server: error while loading shared libraries: libssl.so.3: cannot open shared object file: No such file or directory",
		"<internal:/usr/lib/ruby/3.3.0/rubygems/core_ext/kernel_require.rb>:136:in `require': cannot load such file -- sinatra (LoadError)",
		"Could not find rack-3.1.8, puma-6.4.3 in locally installed gems",
		`error: Cannot find module "./routes" from "/var/www/index.ts"`,
		`error: Cannot find module "../lib/db" from "/var/www/src/server.ts"`,
		"error: Cannot find module './handlers/user' from '/var/www/src/app.ts'",
		"bash: gunicorn: command not found",
	}},
	{"out-of-memory", Runtime, []string{
		"FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory",
		"Exception in thread \"http-nio-8080-exec-3\" java.lang.OutOfMemoryError: GC overhead limit exceeded",
		"PHP Fatal error:  Allowed memory size of 268435456 bytes exhausted (tried to allocate 4096 bytes)",
		"MemoryError",
		"memory allocation of 8589934592 bytes failed",
		"Unhandled exception. System.OutOfMemoryException: Exception of type 'System.OutOfMemoryException' was thrown.",
		"Process exited with code 137",
		"child process exited abnormally, exit status 137",
	}},
	{"app-crash", Runtime, []string{
		"ReferenceError: fetchUser is not defined",
		"panic: assignment to entry in nil map",
		"thread 'tokio-runtime-worker' panicked at src/db.rs:41:10:",
		"Unhandled exception. System.NullReferenceException: Object reference not set to an instance of an object.",
		"PHP Fatal error:  Uncaught TypeError: App\\Cart::add(): Argument #1 ($qty) must be of type int, string given",
		"Exception in thread \"main\" java.lang.NullPointerException: Cannot invoke \"String.length()\" because \"name\" is null",
		"ZeroDivisionError: division by zero",
		"error: Uncaught Error: boom",
		"Segmentation fault (core dumped)",
		"process exited with code 1",
	}},
	{"permission-denied", Runtime, []string{
		"Error: EACCES: permission denied, mkdir '/var/cache/app'",
		"PermissionError: [Errno 13] Permission denied: '/var/www/media'",
		"java.nio.file.AccessDeniedException: /opt/data/index.lock",
		"System.UnauthorizedAccessException: Access to the path '/app/keys' is denied.",
		"2025/01/01 10:00:00 [crit] 7#7: *3 open() \"/var/www/storage/x\" failed (13: Permission denied)",
		"Error: listen EACCES: permission denied 0.0.0.0:80",
	}},
	{"missing-env-variable", Runtime, []string{
		"Error: environment variable STRIPE_KEY is required",
		"KeyError: 'REDIS_URL'",
		"django.core.exceptions.ImproperlyConfigured: Set the DATABASE_URL environment variable",
		"Caused by: java.lang.IllegalArgumentException: Could not resolve placeholder 'S3_BUCKET' in value \"${S3_BUCKET}\"",
		"panic: env: required environment variable \"API_TOKEN\" is not set",
		"Illuminate\\Encryption\\MissingAppKeyException: No application encryption key has been specified.",
		"thread 'main' panicked at src/main.rs:9:41: called `Result::unwrap()` on an `Err` value: NotPresent",
		"System.ArgumentNullException: Value cannot be null. (Parameter 'connectionString')",
		"Error: reading REDIS_URL: NotPresent",
	}},
	{"missing-env-variable", Runtime, []string{ // Ruby's ENV.fetch
		"/var/www/config/initializers/stripe.rb:1:in `fetch': key not found: \"STRIPE_SECRET_KEY\" (KeyError)",
		"/var/www/config/puma.rb:4:in `fetch': key not found: \"WEB_CONCURRENCY\" (KeyError)",
		"app.rb:12:in `block in <main>': key not found: \"DATABASE_URL\" (KeyError)",
	}},
	{"missing-env-variable", Runtime, []string{ // the app's own check names the variable
		"Error: JWT_SECRET is required",
		"EnvVarError: env-var: \"DATABASE_URL\" is a required variable, but it was not set. Read more: https://example.org/env-var",
		"AssertionError [ERR_ASSERTION]: SESSION_SECRET must be set",
		"RuntimeError: 'REDIS_URL' is not set",
		"panic: config: S3_BUCKET_NAME is missing",
	}},
	{"missing-env-variable", Runtime, []string{ // issue 34: Rails and Spring name no variable
		"/var/www/vendor/bundle/ruby/3.3.0/gems/railties-7.1.3/lib/rails/application.rb:652:in `validate_secret_key_base': Missing `secret_key_base` for 'production' environment, set this string with `bin/rails credentials:edit` (ArgumentError)",
		"app error: Missing `secret_key_base` for 'production' environment, set this value in `config/secrets.yml` (RuntimeError)",
		"Failed to configure a DataSource: 'url' attribute is not specified and no embedded datasource could be configured.",
	}},
	{"connection-refused", Runtime, []string{
		"  cause: Error: connect ECONNREFUSED 127.0.0.1:8080",
		"requests.exceptions.ConnectionError: HTTPConnectionPool(host='inventory', port=8000): Max retries exceeded with url: /stock (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))",
		`proxy error: Get "http://backend:3000/api/items": dial tcp 10.0.4.12:3000: connect: connection refused`,
		"production.ERROR: cURL error 7: Failed to connect to api port 8080 after 3 ms: Connection refused",
		"FetchError: request to http://api:3000/v1/settings failed, reason: connect ECONNREFUSED 10.0.3.8:3000",
	}},
	{"db-connection-refused", Runtime, []string{
		"Error: connect ECONNREFUSED 10.0.5.3:3306",
		"psycopg2.OperationalError: could not connect to server: Connection refused",
		"SQLSTATE[HY000] [2002] Connection refused",
		"dial tcp 10.0.5.3:6379: connect: connection refused",
		"com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure",
		"Npgsql.NpgsqlException (0x80004005): Failed to connect to 10.0.5.3:5432 ---> System.Net.Sockets.SocketException (111): Connection refused",
		"ERROR 2003 (HY000): Can't connect to MySQL server on 'db:3306' (111)",
		"Error: P1001: Can't reach database server at `pg:5432`",
		"PrismaClientInitializationError: Can't reach database server at `postgres:6543`",
	}},
	{"db-auth-failed", Runtime, []string{
		"FATAL:  password authentication failed for user \"postgres\"",
		"Error: ER_ACCESS_DENIED_ERROR: Access denied for user 'shop'@'10.0.1.7' (using password: YES)",
		"redis.exceptions.AuthenticationError: NOAUTH Authentication required.",
		"MongoServerError: Authentication failed.",
		"FATAL:  role \"admin\" does not exist",
		"ERROR:  permission denied for table orders",
		"PrismaClientInitializationError: Authentication failed against database server at `pg`, the provided database credentials for `shop` are not valid.",
	}},
	{"runtime-version-mismatch", Runtime, []string{ // the .NET host lacks the framework the app targets
		"You must install or update .NET to run this application.",
		"  You must install or update .NET to run this application.",
		"The framework 'Microsoft.NETCore.App', version '7.0.0' (x64) was not found.",
	}},
	{"host-not-found", Runtime, []string{
		"Error: getaddrinfo EAI_AGAIN redis",
		"socket.gaierror: [Errno -2] Name or service not known",
		"dial tcp: lookup db on 10.0.0.2:53: no such host",
		"java.net.UnknownHostException: postgres",
		"System.Net.Sockets.SocketException (00000005, 0xFFFDFFFF): Name or service not known",
		"SQLSTATE[HY000] [2002] php_network_getaddresses: getaddrinfo for db failed: Temporary failure in name resolution",
		"curl: (6) Could not resolve host: api",
	}},
	{"https-between-services", Runtime, []string{
		"Error: 140383726389120:error:1408F10B:SSL routines:ssl3_get_record:wrong version number",
		"ssl.SSLError: [SSL: WRONG_VERSION_NUMBER] wrong version number (_ssl.c:1123)",
		"Get \"https://users:3000/me\": tls: first record does not look like a TLS handshake",
		"javax.net.ssl.SSLException: Unsupported or unrecognized SSL message",
		"System.IO.IOException: Cannot determine the frame size or a corrupted frame was received.",
		"error sending request for url (https://api:8080/): received corrupt message of type InvalidContentType",
	}},
	{"db-tls-mismatch", Runtime, []string{
		"Error: The server does not support SSL connections",
		"FATAL:  no pg_hba.conf entry for host \"10.0.2.4\", user \"app\", database \"app\", no encryption",
		"Npgsql.NpgsqlException: SSL connection requested. No SSL enabled connection from this host is configured.",
		"Error opening a TLS connection: server does not support TLS",
		"ERROR 2026 (HY000): TLS/SSL error: wrong version number",
	}},
	{"disk-full", Runtime, []string{
		"Error: ENOSPC: no space left on device, open '/var/www/tmp/upload'",
		"OSError: [Errno 28] No space left on device",
		"ERROR 1114 (HY000): The table 'events' is full",
		"sqlite3.OperationalError: database or disk is full",
		"write /var/www/cache/x: disk quota exceeded",
	}},
	{"too-many-connections", Runtime, []string{
		"FATAL:  sorry, too many clients already",
		"Error: ER_CON_COUNT_ERROR: Too many connections",
		"sqlalchemy.exc.TimeoutError: QueuePool limit of size 5 overflow 10 reached, connection timed out, timeout 30.00",
		"HikariPool-1 - Connection is not available, request timed out after 30000ms.",
		"ERR max number of clients reached",
	}},
	{"request-too-large", Runtime, []string{
		"10.0.0.2 - - [01/Jan/2025:10:00:00 +0000] \"POST /api/upload HTTP/1.1\" 413 183 \"-\" \"curl/8.0\"",
		"FST_ERR_CTP_BODY_TOO_LARGE: Request body is too large",
		"django.core.exceptions.RequestDataTooBig: Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.",
		"Microsoft.AspNetCore.Server.Kestrel.Core.BadHttpRequestException: Request body too large. The max request body size is 30000000 bytes.",
		"PHP Warning:  File upload error - file exceeds the upload_max_filesize directive in php.ini",
		"http: request body too large",
	}},
	{"upstream-timeout", Runtime, []string{
		"10.0.0.2 - - [01/Jan/2025:10:00:00 +0000] \"GET /export HTTP/1.1\" 504 167 \"-\" \"Mozilla/5.0\"",
		"java.net.SocketTimeoutException: Read timed out",
		"System.Threading.Tasks.TaskCanceledException: The request was canceled due to the configured HttpClient.Timeout of 100 seconds elapsing.",
		"AxiosError: timeout of 5000ms exceeded",
		"[01-Jan-2025 10:00:00] WARNING: [pool www] child 41, script '/var/www/index.php' (request: \"GET /index.php\") execution timed out (30.1 sec), terminating",
		"requests.exceptions.ReadTimeout: HTTPConnectionPool(host='search', port=7700): Read timed out. (read timeout=10)",
	}},
	{"db-schema-missing", Runtime, []string{
		"ERROR:  relation \"sessions\" does not exist at character 15",
		"SQLSTATE[42S22]: Column not found: 1054 Unknown column 'deleted_at' in 'where clause'",
		"sqlite3.OperationalError: no such table: django_session",
		"ActiveRecord::PendingMigrationError: Migrations are pending.",
		"Error: ER_NO_SUCH_TABLE: Table 'shop.orders' doesn't exist",
		"FATAL:  database \"shop\" does not exist",
		"Invalid `prisma.post.create()` invocation: The column `Post.slug` does not exist in the current database.",
	}},
	{"runtime-version-mismatch", Build, []string{ // the language version a manifest declares: Mix, Bundler, uv
		"** (Mix) You're trying to run :billing on Elixir v1.14.5 but it has declared in its mix.exs file it supports only Elixir ~> 1.16",
		"Your Ruby version is 3.2.2, but your Gemfile specified 3.3.6",
		"error: The Python request from `.python-version` resolved to Python 3.11.9, which is incompatible with the project's Python requirement: `>=3.12`",
	}},
	{"zerops-yml-invalid", Build, []string{ // the setup or key it lacks, named before the file
		"Cannot find corresponding setup in zerops.yaml, please select with --setup",
		`ERROR: no setup named "webprod" in zerops.yml; available setups: web, worker`,
		`setup "api" not found in zerops.yaml`,
		"unknown field 'buildCommand' in zerops.yml",
	}},
	{"prepare-reads-deploy-files", Build, []string{ // the errno's words before the path
		"ERROR: Could not open requirements file: [Errno 2] No such file or directory: '/var/www/requirements.txt'",
		"Error: ENOENT: no such file or directory, open '/var/www/package.json'",
		"Could not open input file: /var/www/artisan",
		"No such file or directory @ rb_sysopen - /var/www/Gemfile (Errno::ENOENT)",
	}},
	{"build-timeout", Build, []string{ // a build or CI job over its maximum time
		"Build exceeded the maximum build time of 60 minutes and was terminated.",
		"ERROR: Job failed: execution took longer than 1h0m0s seconds",
		"##[error]The job running on runner ci-runner-3 has exceeded the maximum execution time of 360 minutes.",
	}},
	{"missing-env-variable", Runtime, []string{ // an env schema's report: t3-env (zod), envalid, NestJS (Joi)
		"❌ Invalid environment variables: { DATABASE_URL: [ 'Required' ] }",
		"Error: Invalid environment variables",
		"    Invalid environment variables:",
		`Error: Config validation error: "JWT_SECRET" is required`,
	}},
	{"missing-env-variable", Build, []string{ // the same, when the build validates (next build)
		"❌ Invalid environment variables: { NEXTAUTH_SECRET: [ 'Required' ] }",
		"Error: Invalid environment variables",
		"    Missing environment variables:",
	}},
	{"readiness-check-failed", Runtime, []string{ // the check or probe gave up, in other words
		"readiness check did not succeed within 5m0s; the new version was not activated",
		"Readiness probe failed: HTTP probe failed with statuscode: 503",
		"readiness check was unsuccessful after 30 attempts",
	}},
	{"host-not-found", Runtime, []string{ // Erlang's :nxdomain and DNS tools' NXDOMAIN
		"11:20:04.602 [error] Postgrex.Protocol (#PID<0.2411.0>) failed to connect: ** (DBConnection.ConnectionError) tcp connect (pg-main:5432): non-existing domain - :nxdomain",
		"** (Mint.TransportError) non-existing domain",
		"** server can't find cache.internal: NXDOMAIN",
	}},
	{"host-not-found", Runtime, []string{ // a Gleam let assert on {error,nxdomain}, the system resolver's own words
		`exception error: #{function => <<"main">>,gleam_error => let_assert,message => <<"Assertion pattern match failed">>,module => <<"api">>,value => {error,nxdomain}}`,
		"cache: Name or service not known",
		"  value => {error, nxdomain}}",
	}},
	{"connection-refused", Runtime, []string{ // no database said: a broker's or search's port, an HTTP client, nothing
		"Error: connect ECONNREFUSED 10.0.7.14:5672",
		"httpx.ConnectError: [Errno 111] Connection refused",
		"aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host search:7700 ssl:default [Connection refused]",
		"nats: dial tcp 10.0.3.2:4222: connect: connection refused",
		"java.net.ConnectException: Connection refused",
	}},
	{"db-connection-refused", Runtime, []string{ // a database client says so, on any port
		"08:00:04.118 [error] Postgrex.Protocol (#PID<0.2305.0>) failed to connect: ** (DBConnection.ConnectionError) tcp connect (db:5433): connection refused - :econnrefused",
		`psycopg.OperationalError: connection failed: connection to server at "10.0.2.4", port 5433 failed: Connection refused`,
		"** (Redix.ConnectionError) connection refused",
		"MongooseServerSelectionError: connect ECONNREFUSED 10.0.2.7:27018",
	}},
	{"start-command-invalid", Runtime, []string{ // the start's program misspelt, as each shell says it is missing
		"/bin/sh: 1: ndoe: not found",
		"sh: pyhton3: not found",
		"bash: line 1: gunicron: command not found",
		"zsh:1: command not found: yran",
		"/bin/sh: 1: exec: pnmp: not found",
		"/bin/bash: uvicorm: command not found",
	}},
	{"start-command-invalid", Runtime, []string{ // a tool asked for a task or command it does not have
		`** (Mix) The task "ecto.migrat" could not be found`,
		"Don't know how to build task 'db:migarte' (See the list of available tasks with `rake --tasks`)",
		`Unrecognized command "sever" (Rails::Command::UnrecognizedCommandError)`,
		`  Command "octane:strt" is not defined.`,
		`There are no commands defined in the "queue-work" namespace.`,
		"Unknown command: 'runsever'. Did you mean runserver?",
		"Error: No such command 'wroker'.",
		`Error: unknown command "srve" for "api"`,
		`npm error Unknown command: "sart"`,
	}},
	{"module-not-found-at-runtime", Runtime, []string{ // a program the container lacks, not misspelt: a package's, or a tool's
		"sh: 1: uvicorn: not found",
		"zsh:1: command not found: nodemon",
		"/bin/sh: 1: pnpm: not found",
		"bash: line 1: wkhtmltopdf: command not found",
	}},
	{"missing-env-variable", Runtime, []string{ // a settings class's report: pydantic-settings, pydantic v1, python-decouple
		"pydantic_core._pydantic_core.ValidationError: 2 validation errors for Settings",
		"pydantic.error_wrappers.ValidationError: 1 validation error for AppSettings",
		`pydantic_settings.sources.SettingsError: error parsing value for field "cors_origins" from source "EnvSettingsSource"`,
		"decouple.UndefinedValueError: STRIPE_API_KEY not found. Declare it as envvar or define a default value.",
	}},
	{"missing-env-variable", Build, []string{ // the same, when a build step loads the settings (collectstatic)
		"pydantic_core._pydantic_core.ValidationError: 1 validation error for WorkerSettings",
		"pydantic.error_wrappers.ValidationError: 3 validation errors for Settings",
		"decouple.UndefinedValueError: DJANGO_SECRET_KEY not found. Declare it as envvar or define a default value.",
	}},
	{"compile-error", Build, []string{ // Elixir's compiler: its banner, or the error it raises
		"== Compilation error in file lib/billing/invoice.ex ==",
		"** (CompileError) lib/billing/invoice.ex:41: undefined function format_total/1 (expected Billing.Invoice to define such a function or for it to be imported, but none are available)",
		"** (CompileError) lib/app_web/router.ex: cannot compile module AppWeb.Router (errors have been logged)",
		"** (SyntaxError) invalid syntax found on lib/app/cart.ex:30:7:",
		"** (TokenMissingError) token missing on lib/app/cart.ex:52:1:",
		"** (MismatchedDelimiterError) mismatched delimiter found on lib/app/repo.ex:9:3:",
	}},
	{"app-crash", Runtime, []string{ // Erlang and Elixir: a raised exception, the VM giving up on the app
		"        ** (MatchError) no match of right hand side value: {:error, :econnreset}",
		"    ** (ArgumentError) errors were found at the given arguments:",
		`Kernel pid terminated (application_controller) ("{application_start_failure,billing,{bad_return,{{'Elixir.Billing.Application',start,[normal,[]]},{'EXIT',badarg}}}}")`,
		"10:02:11.004 [notice] Application billing exited: Billing.Application.start(:normal, []) returned an error: shutdown: failed to start child: Billing.Scheduler",
		"** (Mix) Could not start application billing: exited in: Billing.Application.start(:normal, [])",
	}},
	{"init-command-failed", Runtime, []string{ // the platform tags an init command's lines [init]
		"[init] command failed with exit status 1",
		"[init] exited with status 2",
		"[init] `php artisan db:seed --force` failed with exit code 1",
	}},
	{"missing-env-variable", Runtime, []string{ // a ${host_key} reference the app got as text, in a parser's error
		`URI::InvalidURIError: bad URI(is not URI?): "${db_connectionString}"`,
		"sqlalchemy.exc.ArgumentError: Could not parse SQLAlchemy URL from string '${pg_connectionString}'",
		"panic: cannot parse `${db_connectionString}`: failed to parse as keyword/value (invalid keyword/value)",
		"java.lang.RuntimeException: Driver org.postgresql.Driver claims to not accept jdbcUrl, ${postgres_connectionString}",
		"TypeError [ERR_INVALID_URL]: Invalid URL: ${cache_connectionString}",
	}},
	{"deploy-files-missing", Runtime, []string{ // a server finds no index file or root where it serves from
		`2026/11/30 10:00:00 [error] 12#12: *4 open() "/var/www/public/index.html" failed (2: No such file or directory), client: 10.0.0.5, server: _, request: "GET / HTTP/1.1"`,
		`2026/11/30 10:00:00 [error] 12#12: *9 "/var/www/dist/index.html" is not found (2: No such file or directory), client: 10.0.0.5, server: _, request: "GET / HTTP/1.1"`,
		"[Mon Nov 30 10:00:00.123456 2026] [autoindex:error] [pid 41] [client 10.0.0.5:51234] AH01276: Cannot serve directory /var/www/public/: No matching DirectoryIndex (index.php,index.html) found, and server-generated directory index forbidden by Options directive",
		"Error: ENOENT: no such file or directory, stat '/var/www/dist/index.html'",
		"AH00112: Warning: DocumentRoot [/var/www/public] does not exist",
	}},
	{"build-command-failed", Build, []string{ // a bundle over its size budget: the build command's, not the compiler's
		"✘ [ERROR] bundle initial exceeded maximum budget. Budget 1.00 MB was not met by 412.55 kB with a total of 1.41 MB.",
		"Error: bundle initial exceeded maximum budget. Budget 2.00 MB was not met by 180.10 kB with a total of 2.18 MB.",
		"ERROR in budgets, maximum exceeded for initial. Budget 2 MB was exceeded by 310 kB.",
		"✘ [ERROR] src/app/orders/orders-table.component.scss exceeded maximum budget. Budget 4.00 kB was not met by 1.92 kB with a total of 5.92 kB.",
		"ERROR in Exceeded maximum budget for src/styles.scss. Budget 150 kB was not met by 42 kB with a total of 192 kB.",
	}},
	{"dependency-not-found", Build, []string{ // yarn berry: a package or version the registry does not have
		"➤ YN0035: │ @acme/ui-kit@npm:^3.1.0: Package not found",
		"➤ YN0035: │   Response Code: 404 (Not Found)",
		"➤ YN0082: │ lodash-es@npm:^9.4.0: No candidates found",
		"➤ YN0001: │ Error: chalk@npm:^7.0.0: No candidates found",
	}},
	{"lockfile-mismatch", Build, []string{ // pipenv's --deploy and verify: the Pipfile's hash is not the lock's
		"Your Pipfile.lock (3f9a1c) is out of date. Expected: (b72e04).",
		"Pipfile.lock is out-of-date. Run $ pipenv lock to update.",
		"Your Pipfile.lock (4be2c71f9a0d3e58b6c1a7f24d90e3b5c8a1f06d2e7b94c3a5f81d0e6c2b7a49) is out of date. Expected: (e09b3d5a17c2f48e6b90d1a3c5f7e2b4d6a8c0e1f3b5d7a9c2e4f6b8d0a1c3e5).",
	}},
	{"start-command-invalid", Runtime, []string{ // Node.js refuses an option of its command line (exit 9)
		"node: bad option: --experimental-strip-type",
		"/usr/bin/node: bad option: --env-file-if-exists=.env",
		"node: Bad option: --experimental-sea-config",
		"node: --require requires an argument",
	}},
	{"port-in-use", Runtime, []string{ // Quarkus: its own words, and its bind exception
		"2026-11-30 09:12:03,118 ERROR [io.qua.run.Application] (main) Port 8080 seems to be in use by another process. Quarkus may already be running or the port is used by another application.",
		"ERROR [io.quarkus.runtime.Application] (Quarkus Main Thread) Port 8443 seems to be in use by another process.",
		"Caused by: io.quarkus.runtime.QuarkusBindException: Port(s) already bound: 9000",
	}},
	{"deploy-files-missing", Runtime, []string{ // nginx loops when try_files' fallback index file is missing
		`2026/11/30 10:00:00 [error] 31#31: *7 rewrite or internal redirection cycle while internally redirecting to "/index.html", client: 10.0.1.9, server: _, request: "GET /settings/profile HTTP/1.1", host: "shop.example.net"`,
		`2026/11/30 10:00:02 [error] 31#31: *9 rewrite or internal redirection cycle while internally redirecting to "/index.htm", client: 10.0.1.9, server: _, request: "GET /favicon.ico HTTP/1.1"`,
		`[error] 7#7: *2 rewrite or internal redirection cycle while internally redirecting to "/admin/index.html", client: 10.0.1.4, server: localhost, request: "GET /admin/users HTTP/1.1"`,
	}},
	{"start-command-invalid", Runtime, []string{ // Deno refuses what its command line did not grant
		`error: Uncaught (in promise) NotCapable: Requires env access to "DATABASE_URL", run again with the --allow-env flag`,
		`error: Uncaught PermissionDenied: Requires read access to "./config.json", run again with the --allow-read flag`,
		`error: Uncaught (in promise) NotCapable: Requires net access to "db:5432", run again with the --allow-net flag`,
		`NotCapable: Requires sys access to "osRelease", run again with the --allow-sys flag`,
	}},
	{"deploy-files-missing", Runtime, []string{ // `next start` without the build's output directory
		"Error: Could not find a production build in the '.next' directory. Try building your app with 'next build' before starting the production server. https://nextjs.org/docs/messages/production-start-no-build-id",
		"web | Error: Could not find a production build in the '/var/www/apps/shop/.next' directory. Try building your app with 'next build' before starting the production server.",
		"Error: Could not find a valid build in the '/var/www/.next' directory! Try building your app with 'next build' before starting the server.",
		"Error: Could not find a production build in the 'out-next' directory.",
	}},
	{"module-not-found-at-runtime", Runtime, []string{ // PHP without a package's class; a package's command not deployed
		`PHP Fatal error:  Uncaught Error: Class "Predis\Client" not found in /var/www/src/Cache/Store.php:19`,
		`PHP Fatal error:  Uncaught Error: Class 'GuzzleHttp\Client' not found in /var/www/lib/Http.php:8`,
		`[2026-01-02 10:00:00] production.ERROR: Interface "Psr\SimpleCache\CacheInterface" not found {"exception":"[object] (Error(code: 0): Interface \"Psr\\SimpleCache\\CacheInterface\" not found at /var/www/src/Cache.php:7)"}`,
		`Attempted to load class "S3Client" from namespace "Aws\S3". Did you forget a "use" statement for another namespace?`,
		"sh: 1: node_modules/.bin/next: not found",
		"bash: line 1: vendor/bin/rr: No such file or directory",
	}},
	{"start-file-missing", Runtime, []string{ // a path the shell did not find (it looks no further for a name with a slash)
		"/bin/sh: 1: _build/prod/rel/kiosk/bin/kiosk: not found",
		"sh: 1: bin/server: not found",
		"bash: line 1: target/release/api-gw: No such file or directory",
	}},
	{"app-crash", Runtime, []string{ // Nest's handler of an error that stopped the bootstrap
		`[Nest] 31  - 11/30/2026, 8:31:02 AM   ERROR [ExceptionHandler] UnknownDependenciesException [Error]: Nest can't resolve dependencies of the OrdersService (?, ConfigService). Please make sure that the argument "PaymentsGateway" at index [0] is available in the OrdersModule context.`,
		"[Nest] 12   - 01/14/2020, 3:24:49 PM   [ExceptionHandler] Nest can't resolve dependencies of the AuditService (Repo, ?). Please make sure that the argument at index [1] is available in the AuditModule context. +2ms",
		"[Nest] 7  - 03/02/2026, 10:01:11 AM   ERROR [ExceptionHandler] Cannot read properties of undefined (reading 'get')",
		"Nest can't resolve dependencies of the MailerService (?). Please make sure that the argument MAILER_OPTIONS at index [0] is available in the MailModule context.",
	}},
	{"listening-on-localhost", Runtime, []string{ // Vite-style servers: the hint, or a Local line with no Network line
		"  ➜  Network: use --host to expose",
		"  > Network: use `--host` to expose",
		"  ┃ Network  use --host to expose",
		"  ➜  Local:   http://localhost:5173/",
		"  > Local: http://127.0.0.1:4173/",
	}},
	{"connection-refused", Runtime, []string{ // curl's code 7, which newer curl words without "refused"
		"cURL error 7: Failed to connect to search port 7700 after 2 ms: Couldn't connect to server (see https://curl.haxx.se/libcurl/c/libcurl-errors.html)",
		"curl: (7) Failed to connect to api port 8080 after 0 ms: Couldn't connect to server",
		`GuzzleHttp\Exception\ConnectException: cURL error 7: Failed to connect to pricing port 3000 after 1 ms: Connection refused`,
	}},
	{"lockfile-mismatch", Build, []string{ // Bundler's lock file without the container's platform
		`Your bundle only supports platforms ["arm64-darwin-23"] but your local platform is x86_64-linux. Add the current platform to the lockfile with`,
		`Your bundle only supports platforms ["x86_64-darwin-22", "arm64-darwin-22"] but your local`,
		"platform is x86_64-linux-musl. Add the current platform to the lockfile with",
	}},
	{"lockfile-mismatch", Runtime, []string{ // the same under bundle exec at the start
		"/usr/local/bundle/gems/bundler-2.5.6/lib/bundler/definition.rb:456:in `validate_platforms!': Your bundle only supports platforms [\"x86_64-linux\"] but your local platform is aarch64-linux. (Bundler::ProductionError)",
		`Your bundle only supports platforms ["ruby"] but your local platform is x86_64-linux-musl.`,
		"is x86_64-linux. Add the current platform to the lockfile with `bundle lock",
	}},
	{"dependency-not-found", Build, []string{ // Deno's JSR and npm resolution
		"error: Could not find version of '@std/http' that matches specified version constraint '^9.1.0'",
		"Could not find version of '@acme/kit' that matches specified version constraint '~2.4.0'",
		"error: Could not find constraint '^0.300.0' in the list of versions: 0.224.0, 0.223.0",
	}},
	{"npm-missing-script", Build, []string{ // a workspace filter's packages lack the script
		` ERR_PNPM_RECURSIVE_RUN_NO_SCRIPT  None of the selected packages has a "lint" script`,
		`None of the selected packages has an "export" script`,
		`error: no script named "bundle:web" in package.json`,
	}},
	{"lockfile-mismatch", Build, []string{ // a stale lock file in each tool's words
		"[PdmUsageError]: Lockfile is out of date with pyproject.toml, run `pdm lock` to update it",
		"error: pnpm-lock.yaml is not up to date with apps/site/package.json",
		"** (Mix) mix.lock is outdated, run mix deps.get to update it",
		"ERROR: lock file content-hash does not match composer.json",
	}},
	{"compile-error", Build, []string{ // a bundler that cannot parse a source file
		"Parsing ecmascript source code failed",
		"Error: Turbopack build failed with 2 errors:",
		"Module parse failed: Unexpected token (14:9)",
		"[vite:esbuild] Transform failed with 1 error:",
		"  × Expected '>', got '<eof>'",
	}},
	{"build-out-of-memory", Build, []string{ // a compiler killed, in its driver's words
		"g++: fatal error: Killed signal terminated program cc1plus",
		"c++: internal compiler error: Killed (program cc1plus)",
		"collect2: fatal error: ld terminated with signal 9 [Killed]",
		"/usr/local/go/pkg/tool/linux_amd64/compile: signal: killed",
		"The system is out of resources.",
	}},
	{"start-file-missing", Runtime, []string{ // a process manager's config or script not found
		"[PM2][ERROR] File ecosystem.config.cjs not found",
		"[PM2][ERROR] Script not found: /var/www/dist/worker.js",
		"Error: could not find config file /var/www/supervisord.conf",
		"ERROR: Procfile does not exist.",
	}},
	{"module-not-found-at-runtime", Runtime, []string{ // a native module built for another platform
		`Error: Could not load the "sharp" module using the linux-arm64 runtime`,
		"Error: You installed esbuild for another platform than the one you're currently using.",
		"Error: /var/www/node_modules/argon2/lib/binding/napi-v3/argon2.node: invalid ELF header",
		`PrismaClientInitializationError: Prisma Client could not locate the Query Engine for runtime "linux-musl-openssl-3.0.x".`,
		"Error: Cannot find native binding. npm has a bug related to optional dependencies",
	}},
	{"deploy-files-missing", Runtime, []string{ // a framework's asset manifest not deployed
		"Vite manifest not found at: /var/www/public/build/manifest.json",
		"Mix manifest not found at: /var/www/public/mix-manifest.json",
		"ValueError: Missing staticfiles manifest entry for 'css/site.css'",
		`Could not find static manifest at "/var/www/priv/static/cache_manifest.json". Run "mix phx.digest" after building your static files.`,
		`An exception has been thrown during the rendering of a template ("Asset manifest file "/var/www/public/build/manifest.json" does not exist.").`,
	}},
	{"permission-denied", Runtime, []string{ // a path the app may not write, in a framework's words
		`Uncaught RuntimeException: Unable to write in the "/var/www/var/cache/prod" directory.`,
		"The /var/www/bootstrap/cache directory must be present and writable.",
		"OSError: [Errno 30] Read-only file system: '/var/www/static/uploads'",
		"Error: EROFS: read-only file system, open '/usr/lib/app/config.json'",
		"log directory /var/www/logs is not writable",
	}},
	{"db-tls-mismatch", Runtime, []string{ // each MySQL/MariaDB/Postgres driver's TLS refusal
		"Error: Server does not support secure connection",
		"Error: Server does not support secure connnection",
		"  code: 'HANDSHAKE_NO_SSL_SUPPORT',",
		"java.sql.SQLNonTransientConnectionException: Trying to connect with ssl, but ssl not enabled in the server",
		"** (DBConnection.ConnectionError) ssl not available",
		`ConnectionError: PostgreSQL server at "db:5432" rejected SSL upgrade`,
	}},
	{"prepare-reads-deploy-files", Build, []string{ // a tool finding no file in /var/www before the deploy
		"Composer could not find a composer.json file in /var/www",
		"error: could not find `Cargo.toml` in `/var/www` or any parent directory",
		"npm error Could not locate a package.json in /var/www",
	}},
	{"start-command-invalid", Runtime, []string{ // an option NODE_OPTIONS may not carry
		"node: --use-env-proxy is not allowed in NODE_OPTIONS",
		"/usr/local/bin/node: --optimize_for_size is not allowed in NODE_OPTIONS",
		"Error: Initiated Worker with invalid NODE_OPTIONS env variable: --trace-events-enabled is not allowed in NODE_OPTIONS",
	}},
}

func TestClassify_EachSignalFromEachTool(t *testing.T) {
	t.Parallel()
	for _, tc := range signalLines {
		if len(tc.lines) < 3 {
			t.Errorf("%s: %d lines, want at least 3 differently worded", tc.signal, len(tc.lines))
		}
		for _, line := range tc.lines {
			t.Run(tc.signal+"/"+clipName(line), func(t *testing.T) {
				t.Parallel()
				got := Classify([]string{line}, tc.stage)
				if len(got) == 0 {
					t.Fatalf("Classify(%q) = nothing, want %s", line, tc.signal)
				}
				if got[0].Signal != tc.signal {
					t.Fatalf("Classify(%q)[0] = %s, want %s (all: %v)", line, got[0].Signal, tc.signal, signalIDs(got))
				}
				d := got[0]
				if d.Evidence != strings.TrimSpace(line) || d.Cause == "" || d.Fix == "" || !strings.HasPrefix(d.Doc, DocPrefix) {
					t.Errorf("diagnosis %+v: want the line as evidence, a cause, a fix and a doc", d)
				}
			})
		}
	}
}

func TestClassify_EverySignalIsCovered(t *testing.T) {
	t.Parallel()
	covered := map[string]bool{}
	for _, tc := range signalLines {
		covered[tc.signal] = true
	}
	for _, id := range Signals() {
		if !covered[id] {
			t.Errorf("signal %s has no table test", id)
		}
	}
}

func signalIDs(ds []Diagnosis) []string {
	ids := make([]string, len(ds))
	for i, d := range ds {
		ids[i] = d.Signal
	}
	return ids
}

func clipName(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 40 {
		s = s[:40]
	}
	return s
}
