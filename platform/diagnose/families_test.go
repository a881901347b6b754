package diagnose

import (
	"slices"
	"strings"
	"testing"
)

// A server's startup line naming a loopback address and port, whatever its
// banner says, explains the balancer's refusal of that port; the same
// line beside a refusal of another port, or no refusal, is no failure.
func TestClassify_LoopbackBannerExplainsTheBalancerRefusal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
		fix   string
	}{
		{"SanicBanner", []string{"[2026-01-04 10:00:00 +0000] [1] [INFO] Goin' Fast @ http://127.0.0.1:8000",
			"[L7 balancer] 502 Bad Gateway GET / upstream shop:8000 connection refused"}, []string{"listening-on-localhost"}, "--host 0.0.0.0 --port 8000"},
		{"RespondingAtLoopback", []string{"INFO  Application - Responding at http://127.0.0.1:8081",
			"502 Bad Gateway (upstream 10.0.4.2:8081: connection refused)"}, []string{"listening-on-localhost"}, "0.0.0.0 on port 8081"},
		{"BoxedBanner", []string{" │            http://localhost:1323            │",
			"balancer: GET /api -> 502, dial tcp 10.0.1.4:1323: connect: connection refused"}, []string{"listening-on-localhost"}, "1323"},
		{"LoopbackAdminPortOtherRefused", []string{"admin console at http://127.0.0.1:9000",
			"[L7 balancer] 502 Bad Gateway GET / upstream shop:8080 connection refused"}, []string{"connection-refused"}, ""},
		{"OwnCallToLoopbackIsNoBanner", []string{"Error: connect ECONNREFUSED 127.0.0.1:8000",
			"[L7 balancer] 502 Bad Gateway GET / upstream shop:8000 connection refused"}, []string{"connection-refused"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, Runtime)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			if tt.fix != "" && !strings.Contains(ds[0].Fix, tt.fix) {
				t.Errorf("fix %q, want it to name %q", ds[0].Fix, tt.fix)
			}
		})
	}
}

// An all-interfaces bind address is a listener whatever the banner's words
// (Ktor's "Responding at", Bandit's ":::4000"): beside the balancer's
// refusal of another port it is the wrong port, naming both.
func TestClassify_BindAddressBesideTheRefusedPortIsWrongPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
		fix   []string
	}{
		{"KtorRespondingAt", []string{"INFO  Application - Responding at http://0.0.0.0:8080",
			"[L7 balancer] 502 Bad Gateway GET /api upstream parcels:3000 connection refused"}, []string{"wrong-port"}, []string{"listen on 3000", "`run.ports` to 8080"}},
		{"BanditTripleColon", []string{"10:00:00.201 [info] Running CourierWeb.Endpoint with Bandit 1.5.7 at :::4000 (http)",
			"502 Bad Gateway (upstream 10.0.2.7:8000: connection refused)"}, []string{"wrong-port"}, []string{"listen on 8000", "`run.ports` to 4000"}},
		{"AcceptingAtIPv6Any", []string{"accepting connections at [::]:7000",
			"balancer: GET / -> 502, dial tcp 10.0.1.4:5000: connect: connection refused"}, []string{"wrong-port"}, []string{"listen on 5000"}},
		{"SamePortStaysRefused", []string{"Responding at http://0.0.0.0:8080",
			"[L7 balancer] 502 Bad Gateway GET / upstream parcels:8080 connection refused"}, []string{"connection-refused"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, Runtime)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			for _, f := range tt.fix {
				if !strings.Contains(ds[0].Fix, f) {
					t.Errorf("fix %q, want it to name %q", ds[0].Fix, f)
				}
			}
		})
	}
}

// A stale lock file a tool only warns of is a failure where the command
// then fails without relocking; one it relocks or installs past is not.
func TestClassify_StaleLockWarningCountsWhenItsCommandFails(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"WarnedThenFailed", []string{"[zerops] running buildCommands (1/1): pdm sync --check",
			"WARNING: Lock file hash doesn't match pyproject.toml, packages may be outdated",
			"[zerops] build command failed with exit code 1"}, []string{"lockfile-mismatch"}},
		{"WarnedThenRelocked", []string{"WARNING: Lock file hash doesn't match pyproject.toml, packages may be outdated",
			"Updating the lock file...", "🔒 Lock successful.", "[zerops] build finished, deploying files: ."}, nil},
		{"WarnedInstalledThenAnotherCommandFailed", []string{
			"Warning: The lock file is not up to date with the latest changes in composer.json.",
			"Package operations: 12 installs, 0 updates, 0 removals",
			"[zerops] running buildCommands (2/2): npm run build",
			"src/app.ts(3,1): error TS2304: Cannot find name 'foo'.",
			"[zerops] build command failed with exit code 2"}, []string{"compile-error"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := signalIDs(Classify(tt.lines, Build)); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
		})
	}
}

// Each new family's diagnosis names its own fix: the platform a native
// module lacks, the asset build to deploy, the directory to make writable,
// a MySQL client's TLS option; and a prepare command that read /var/www is
// one diagnosis, not also the platform's line that it failed.
func TestClassify_NewFamiliesNameTheirFix(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		stage  Stage
		lines  []string
		signal string
		want   []string
	}{
		{"SharpMusl", Runtime, []string{`Error: Could not load the "sharp" module using the linuxmusl-x64 runtime`}, "module-not-found-at-runtime",
			[]string{"`linuxmusl-x64` (Alpine, musl)", "`run.os`", "--include=optional"}},
		{"NodeABI", Runtime, []string{"Error: The module '/var/www/node_modules/bcrypt/lib/binding/napi-v3/bcrypt_lib.node'",
			"was compiled against a different Node.js version using", "NODE_MODULE_VERSION 115. This version of Node.js requires"}, "module-not-found-at-runtime",
			[]string{"same nodejs version", "`run.base`"}},
		{"ViteManifest", Runtime, []string{"production.ERROR: Vite manifest not found at: /var/www/public/build/manifest.json"}, "deploy-files-missing",
			[]string{"`/var/www/public/build/manifest.json`", "npm run build", "`public/build`"}},
		{"SymfonyCache", Runtime, []string{`PHP Fatal error:  Uncaught RuntimeException: Unable to write in the "/var/www/var/cache/prod" directory.`}, "permission-denied",
			[]string{"`/var/www/var/cache/prod`", "without sudo", "`zerops`"}},
		{"MySQL2TLS", Runtime, []string{"Error: Server does not support secure connection", "  code: 'HANDSHAKE_NO_SSL_SUPPORT',"}, "db-tls-mismatch",
			[]string{"mysql2/mysql `ssl`", "useSSL"}},
		{"DenoTaskNoConfig", Runtime, []string{"error: deno task couldn't find deno.json(c) or package.json. See https://docs.deno.com/go/config"}, "start-file-missing",
			[]string{"`deno.json`", "`build.deployFiles`", "`deno run`"}},
		{"DenoTaskNoConfigDeno1", Runtime, []string{"error: deno task couldn't find deno.json(c). See https://deno.land/manual@v1.46.3/getting_started/configuration_file"}, "start-file-missing",
			[]string{"`deno.jsonc`", "`build.deployFiles`"}},
		{"GleamRunNoProject", Runtime, []string{"error: Project not found", "", "We were unable to find gleam.toml.", "", "We searched in /var/www and all parent directories."}, "start-file-missing",
			[]string{"`./entrypoint.sh run`", "`./`"}},
		{"RunPrepareInVarWww", Build, []string{"[run.prepare] running prepareCommands (1/1): cd /var/www && composer install",
			"Composer could not find a composer.json file in /var/www", "[run.prepare] prepareCommands failed with exit code 1"}, "prepare-reads-deploy-files",
			[]string{"`run.initCommands`"}},
		{"RunPrepareFailedNamesVarWww", Build, []string{"cd /var/www && npm ci",
			"npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '/var/www/package.json'",
			"PREPARING_RUNTIME_FAILED: run.prepareCommands failed"}, "prepare-reads-deploy-files",
			[]string{"`run.initCommands`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if len(ds) != 1 || ds[0].Signal != tt.signal {
				t.Fatalf("signals = %v, want only %s", signalIDs(ds), tt.signal)
			}
			for _, w := range tt.want {
				if !strings.Contains(ds[0].Cause+" "+ds[0].Fix, w) {
					t.Errorf("cause %q / fix %q: want %q", ds[0].Cause, ds[0].Fix, w)
				}
			}
		})
	}
}

// A file path under /var/www a program did not find (node's start file)
// is no prepare command reading /var/www: only a tool that looked in
// /var/www for its manifest is, so a pasted start error keeps its signal.
func TestClassify_PathUnderVarWwwIsNoPrepareRead(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"Error: Cannot find module '/var/www/server.js'",
		"Error: Cannot find module '/var/www/dist/main.js'",
		"python: can't open file '/var/www/app/run.py': [Errno 2] No such file or directory",
	} {
		for _, stage := range []Stage{0, Runtime} {
			if ds := Classify([]string{line}, stage); len(ds) == 0 || ds[0].Signal != "start-file-missing" {
				t.Errorf("Classify(%q, %d) = %v, want start-file-missing first", line, stage, signalIDs(ds))
			}
		}
	}
}

// Go's compiler line behind a log viewer's stage tag is a compile error.
func TestClassify_GoCompileErrorBehindATag(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"GoUndefinedTagged", Build, []string{"[build] # example.com/shop/api", "[build] api/orders.go:12:5: undefined: store.Open", "[build] command failed: go build ./... (exit status 1)"}, "compile-error", ""},
		{"GoMismatchTagged", Build, []string{"[build.buildCommands] ./cmd/worker/main.go:88:14: cannot use n (variable of type int) as string value in argument to log.Print", "error: exit status 1"}, "compile-error", ""},
		{"GoImportedNotUsedTagged", Build, []string{"[go] internal/db/conn.go:4:2: \"strings\" imported and not used", "build failed with exit code 1"}, "compile-error", ""},
	}
	runFamilyCases(t, tests)
}

// A resolver finding no version the constraint accepts, in its words.
func TestClassify_NoVersionMatchesIsDependencyNotFound(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"PoetryNoVersionsMatch", Build, []string{"Because ledger depends on starlette-admin (^7.4) which doesn't match any versions, version solving failed.", "exited with 1"}, "dependency-not-found", ""},
		{"YarnNoVersionsMatch", Build, []string{`Couldn't find any versions for "left-padder" that matches "4.0.9"`, "error Command failed with exit code 1."}, "dependency-not-found", ""},
		{"BunNoVersionMatching", Build, []string{`error: No version matching "^12.1.0" found for specifier "chart-lite" (but package exists)`, "error: build command exited with code 1"}, "dependency-not-found", ""},
	}
	runFamilyCases(t, tests)
}

// A tool refusing the Node.js version it runs on, in its own words.
func TestClassify_NodeTooOldInAToolsWords(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"ViteNodeTooOld", Build, []string{"You are using Node.js 18.19.0. Vite requires Node.js version 20.19+ or 22.12+. Please upgrade your Node.js version.", "TypeError: crypto.hash is not a function", "exit code 1"}, "runtime-version-mismatch", "nodejs@22"},
		{"AngularNodeTooOld", Build, []string{"Node.js version v18.13.0 detected.", "The Angular CLI requires a minimum Node.js version of v20.19 or v22.12.", "command failed with exit code 3"}, "runtime-version-mismatch", ""},
		{"NextNodeTooOld", Runtime, []string{`You are using Node.js 16.20.2. For Next.js, Node.js version ">=18.18.0" is required.`, "npm error code 1"}, "runtime-version-mismatch", ""},
	}
	runFamilyCases(t, tests)
}

// nginx serving a directory with no index file in it (autoindex off).
func TestClassify_NginxIndexForbiddenIsDeployFilesMissing(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NginxIndexForbidden", Runtime, []string{`2026/02/01 10:00:00 [error] 31#31: *4 directory index of "/var/www/dist/" is forbidden, client: 10.0.1.5, server: _, request: "GET / HTTP/1.1"`}, "deploy-files-missing", "/var/www/dist/"},
		{"NginxIndexForbiddenNoStamp", Runtime, []string{`[error] directory index of "/var/www/html/" is forbidden, client: 10.0.0.9`, `10.0.0.9 - - "GET / HTTP/1.1" 403 153`}, "deploy-files-missing", "index file in"},
		{"NginxIndexForbiddenSubdir", Runtime, []string{`*12 directory index of "/var/www/public/docs/" is forbidden, request: "GET /docs/ HTTP/2.0", host: "app.example"`}, "deploy-files-missing", ""},
	}
	runFamilyCases(t, tests)
}

// run.prepareCommands reading /var/www, in a runtime log; a start file or
// the app's own read without the prepare step's lines is not.
func TestClassify_RunPrepareReadsVarWwwInARuntimeLog(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"RunPreparePipRequirements", Runtime, []string{"[run.prepare] pip install -r /var/www/requirements/prod.txt", "ERROR: Could not open requirements file: [Errno 2] No such file or directory: '/var/www/requirements/prod.txt'", "[run.prepare] run prepareCommands failed with exit code 1"}, "prepare-reads-deploy-files", "initCommands"},
		{"RunPrepareCdVarWww", Runtime, []string{"[prepare] cd /var/www && bundle install", "sh: 1: cd: can't cd to /var/www/app", "prepareCommands failed (exit status 2)"}, "prepare-reads-deploy-files", ""},
		{"RunPrepareComposer", Runtime, []string{"[run.prepare] composer install -d /var/www", "Composer could not find a composer.json file in /var/www", "PREPARING_RUNTIME_FAILED"}, "prepare-reads-deploy-files", ""},
		{"StartFileWithoutPrepareIsNot", Runtime, []string{"python: can't open file '/var/www/app.py': [Errno 2] No such file or directory"}, "start-file-missing", ""},
		{"AppReadWithoutPrepareIsNot", Runtime, []string{"Error: ENOENT: no such file or directory, open '/var/www/config/keys.json'", "    at Object.openSync (node:fs:573:18)"}, "deploy-files-missing", "config/keys.json"},
	}
	runFamilyCases(t, tests)
}

// An app server's app reference in the wrong form is the start command.
func TestClassify_AppReferenceInTheWrongForm(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"UvicornImportString", Runtime, []string{"ERROR:    Error loading ASGI app. Import string \"api.server.app\" must be in format \"<module>:<attribute>\"."}, "start-command-invalid", "module:attribute"},
		{"GunicornParseAttribute", Runtime, []string{"Failed to parse 'create_app(' as an attribute name or function call.", "[2026-02-01 10:00:00 +0000] [1] [INFO] Reason: App failed to load."}, "start-command-invalid", "main:app"},
		{"GunicornNoModule", Runtime, []string{"Error: No application module specified.", "exit status 1"}, "start-command-invalid", ""},
	}
	runFamilyCases(t, tests)
}

// The app reference's module found, its attribute not: the same as
// gunicorn's.
func TestClassify_AppAttributeNotFoundIsStartFileMissing(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"UvicornAttributeNotFound", Runtime, []string{`ERROR:    Error loading ASGI app. Attribute "application" not found in module "api.main".`}, "start-file-missing", ""},
		{"UvicornAttributeNotFoundStamped", Runtime, []string{`2026-02-01T10:00:00Z ERROR:    Error loading ASGI app. Attribute "app" not found in module "server".`, "exit status 1"}, "start-file-missing", ""},
		{"GunicornAttributeNotFound", Runtime, []string{"Failed to find attribute 'application' in 'wsgi'.", "[1] [INFO] Reason: App failed to load."}, "start-file-missing", ""},
	}
	runFamilyCases(t, tests)
}

// gunicorn's SIGKILL guess after its own worker timeout is the timeout;
// alone, or of another worker, it is memory.
func TestClassify_GunicornKillAfterItsTimeoutIsTheTimeout(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"GunicornTimeoutThenKill", Runtime, []string{"[1] [CRITICAL] WORKER TIMEOUT (pid:31)", "[1] [ERROR] Worker (pid:31) was sent SIGKILL! Perhaps out of memory?"}, "upstream-timeout", ""},
		{"GunicornKillAlone", Runtime, []string{"[1] [ERROR] Worker (pid:44) was sent SIGKILL! Perhaps out of memory?", "[1] [INFO] Booting worker with pid: 45"}, "out-of-memory", ""},
		{"GunicornKillOtherPid", Runtime, []string{"[1] [CRITICAL] WORKER TIMEOUT (pid:7)", "[1] [INFO] Booting worker with pid: 9", "[1] [ERROR] Worker (pid:9) was sent SIGKILL! Perhaps out of memory?"}, "out-of-memory", ""},
	}
	runFamilyCases(t, tests)
}

// The balancer's refusal in other words, beside the port the app listens on.
func TestClassify_RefusalWordingBesideAListenerIsWrongPort(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"RefusedTheConnection", Runtime, []string{"* Listening on http://0.0.0.0:9292", "[balancer] 502 Bad Gateway: upstream web:3000 refused the connection"}, "wrong-port", "3000"},
		{"RefusedConnection", Runtime, []string{"listening on 0.0.0.0:8000", "502 Bad Gateway: app:8080 refused connection"}, "wrong-port", "8080"},
		{"ConnectionWasRefused", Runtime, []string{"Server started on 0.0.0.0:5000", "[balancer] 502: the connection to api:4000 was refused"}, "wrong-port", "4000"},
	}
	runFamilyCases(t, tests)
}

// A lock file out of step with its manifest, in any tool's words; one
// the tool relocks is none.
func TestClassify_LockOutOfStepInAnyToolsWords(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// A frozen install refused, or the lock named as one side of a
		// mismatch, in any tool's words.
		{"PnpmConfigMismatch", Build, []string{` ERR_PNPM_LOCKFILE_CONFIG_MISMATCH  Cannot proceed with the frozen installation. The current "catalogs" configuration doesn't match the value found in the lockfile`, "exit status 1"}, "lockfile-mismatch", ""},
		{"PnpmFrozenOutdated", Build, []string{" ERR_PNPM_FROZEN_LOCKFILE_WITH_OUTDATED_LOCKFILE  Cannot perform a frozen installation because the lockfile needs updates", " ELIFECYCLE  Command failed with exit code 1."}, "lockfile-mismatch", ""},
		{"PnpmLockfileCodeOnly", Build, []string{" ERR_PNPM_LOCKFILE_MISSING_DEPENDENCY  Broken lockfile: no entry for '/tiny-glob@0.2.9' in pnpm-lock.yaml", "exit status 1"}, "lockfile-mismatch", ""},
		{"RefusingFrozenLockfile", Build, []string{"error: refusing to update the frozen lockfile: the dependency list changed", "exit code 1"}, "lockfile-mismatch", ""},
		{"ValueDoesNotMatchTheLockfile", Build, []string{"error: the resolved version of tiny-glob does not match the one recorded in the lockfile", "build failed"}, "lockfile-mismatch", ""},
		{"MixLockOutdated", Build, []string{"* plug (Hex package)", `  lock outdated: the lock is outdated compared to the options in your mix.exs. To fetch locked version run "mix deps.get"`, "** (Mix) Can't continue due to errors on dependencies"}, "lockfile-mismatch", ""},
		{"MixDivergedFromTheLock", Build, []string{"** (Mix) Dependencies have diverged:", "* bandit (Hex package)", "  > In mix.exs:", `    {:bandit, "~> 1.6"}`, "  > In mix.lock:", "    locked at 1.2.3", "exit status 1"}, "lockfile-mismatch", ""},
		{"HexLockSpecifies", Build, []string{`Failed to use "jason" (version 1.2.0) because`, "  ecto (version 3.12.4) requires ~> 1.4", "  mix.lock specifies 1.2.0", "** (Mix) Hex dependency resolution failed"}, "lockfile-mismatch", ""},
		// A lock file out of step, in Go's and Gradle's words.
		{"GoSumUpdatesNeeded", Build, []string{"go: updates to go.sum needed, disabled by -mod=readonly", "exit status 1"}, "lockfile-mismatch", ""},
		{"GradleNotInLockState", Build, []string{"> Resolved 'org.acme:http-kit:2.4.1' which is not part of the dependency lock state", "BUILD FAILED in 14s"}, "lockfile-mismatch", ""},
		{"GradleLockStateOutOfDate", Build, []string{"   > Dependency lock state for configuration 'runtimeClasspath' is out of date:", "BUILD FAILED in 9s"}, "lockfile-mismatch", ""},
		// A lock's hash that does not match its manifest.
		{"LockHashMismatch", Build, []string{"Error: Lock file hash mismatch. Run `pdm lock` to regenerate.", "exit status 1"}, "lockfile-mismatch", ""},
		{"LockfileChecksumMismatched", Build, []string{"error: the lockfile checksum mismatched the manifest; relock with `tool lock`", "build failed"}, "lockfile-mismatch", ""},
		{"DotLockContentHashMismatch", Build, []string{"deps.lock: content-hash mismatch (manifest changed since the lock was written)", "exit code 1"}, "lockfile-mismatch", ""},
		{"LockHashMismatchRelockedIsNone", Build, []string{"warning: lock file hash mismatch, updating lock file", "Locked 40 packages"}, "", ""},
	}
	runFamilyCases(t, tests)
}

// A package's engine range only warned of, then the build throws
// what the older Node.js lacks; a compile error or a passing build
// after the same warning is not the version's.
func TestClassify_EngineWarningThenWhatOldNodeLacks(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NpmEngineThenNotAFunction", Build, []string{"npm warn EBADENGINE Unsupported engine {", "npm warn EBADENGINE   package: 'rollup-kit@5.1.0',", "npm warn EBADENGINE   required: { node: '>=22' },", "npm warn EBADENGINE   current: { node: 'v18.20.1', npm: '10.5.0' }", "npm warn EBADENGINE }", "> rollup-kit build", "TypeError: Promise.withResolvers is not a function", "exit status 1"}, "runtime-version-mismatch", "build.base"},
		{"PnpmEngineThenBuiltinMissing", Build, []string{` WARN  Unsupported engine: wanted: {"node":">=22.5"} (current: {"node":"v20.11.1","pnpm":"9.15.0"})`, "> tsx scripts/cache.ts", "Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module: node:sqlite", " ELIFECYCLE  Command failed with exit code 1."}, "runtime-version-mismatch", ""},
		{"OldNpmEngineThenRegexFlags", Build, []string{"npm WARN EBADENGINE   required: { node: '>=20.0.0' },", "npm WARN EBADENGINE   current: { node: 'v16.20.2', npm: '8.19.4' }", "/build/source/node_modules/fetchy/lib/util.js:3", "SyntaxError: Invalid regular expression flags", "[zerops] build command failed with exit code 1"}, "runtime-version-mismatch", ""},
		{"EngineThenCompileError", Build, []string{"npm warn EBADENGINE   required: { node: '>=20.0.0' },", "> tsc -p .", "src/app.ts(3,1): error TS2304: Cannot find name 'foo'.", "exit status 2"}, "compile-error", ""},
		{"EngineThenBuilt", Build, []string{"npm warn EBADENGINE   required: { node: '>=20.0.0' },", "added 200 packages in 9s", "> vite build", "✓ built in 3.2s"}, "", ""},
	}
	runFamilyCases(t, tests)
}

// The runtime version refused in a package's, a check's or the
// project's own words.
func TestClassify_RuntimeVersionRefusedInAPackagesWords(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// The runtime version refused in a package's or a check's own words.
		{"GemRequiresRuby", Build, []string{"Gem::RuntimeRequirementNotMetError: nokogiri requires Ruby version >= 3.1.0. The current ruby version is 3.0.6.", "exit status 1"}, "runtime-version-mismatch", ""},
		{"ComposerPlatformCheck", Runtime, []string{`PHP Fatal error:  Composer detected issues in your platform: Your Composer dependencies require a PHP version ">= 8.3.0". You are running 8.2.15. in /var/www/vendor/composer/platform_check.php on line 24`}, "runtime-version-mismatch", ""},
		{"JavacClassVersion", Build, []string{"[ERROR] bad class file: /root/.m2/repository/org/acme/core/2.0/core-2.0.jar(org/acme/Core.class)", "    class file has wrong version 65.0, should be 61.0", "[INFO] BUILD FAILURE"}, "runtime-version-mismatch", ""},
		{"MixElixirWarnThenUndefined", Build, []string{`warning: the dependency :req requires Elixir "~> 1.17" but you are running on v1.15.7`, "** (CompileError) lib/shop/http.ex:12: undefined function dbg/1", "exit status 1"}, "runtime-version-mismatch", ""},
		{"MixElixirWarnThenBuilt", Build, []string{`warning: the dependency :req requires Elixir "~> 1.17" but you are running on v1.15.7`, "Generated shop app", "* assembling shop-0.1.0 on MIX_ENV=prod"}, "", ""},
		// The language version refused as the project's requirement; Poetry's
		// warning before it looks for another interpreter is none.
		{"PoetryNotAllowed", Build, []string{"Current Python version (3.11.10) is not allowed by the project (^3.12).", `Please change python executable via the "env use" command.`}, "runtime-version-mismatch", "build.base"},
		{"PoetryOlderNotSupported", Build, []string{"The current Python version (3.9.18) is not supported by the project (>=3.10,<3.13)", "Please activate a compatible Python version."}, "runtime-version-mismatch", ""},
		{"PoetryNoCompatibleFound", Build, []string{"The currently activated Python version 3.11.4 is not supported by the project (>=3.12).", "Trying to find and use a compatible version.", "Poetry was unable to find a compatible version. If you have one, you can explicitly use it via the \"env use\" command."}, "runtime-version-mismatch", ""},
		{"PoetryActivatedWarningIsNone", Build, []string{"The currently activated Python version 3.11.4 is not supported by the project (>=3.11,<3.12.5).", "Trying to find and use a compatible version.", "Using python3.12 (3.12.3)", "Installing dependencies from lock file"}, "", ""},
	}
	runFamilyCases(t, tests)
}

// A path the app may not write, in a framework's or a database's words.
func TestClassify_PathNotWritableIsPermissionDenied(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// A directory the app could not create is a path it may not write.
		{"SymfonyCreateDir", Runtime, []string{`PHP Fatal error:  Uncaught RuntimeException: Unable to create the "sessions" directory (/var/www/var/sessions/prod).`}, "permission-denied", "`/var/www/var/sessions/prod`"},
		{"TwigCreateCacheDir", Runtime, []string{`Twig\Error\RuntimeError: Unable to create the cache directory (/var/www/var/cache/twig).`}, "permission-denied", "`/var/www/var/cache/twig`"},
		{"JavaCreateDir", Runtime, []string{"java.io.IOException: Could not create directory /opt/app/exports"}, "permission-denied", ""},
		{"AppCreateFolder", Runtime, []string{"Error: failed to create upload folder /var/www/public/media"}, "permission-denied", ""},
		{"CreateDirDiskFull", Runtime, []string{"Unable to create directory /var/www/tmp: No space left on device"}, "disk-full", ""},
		{"CreateDirExists", Build, []string{"mkdir: cannot create directory 'dist': File exists"}, "", ""},
		// A database file the app may not write.
		{"PythonSQLiteReadonly", Runtime, []string{"sqlite3.OperationalError: attempt to write a readonly database"}, "permission-denied", ""},
		{"NodeSQLiteReadonly", Runtime, []string{"[Error: SQLITE_READONLY: attempt to write a readonly database] { errno: 8, code: 'SQLITE_READONLY' }"}, "permission-denied", ""},
		{"GoSQLiteReadonly", Runtime, []string{`level=ERROR msg="save failed" err="attempt to write a readonly database (8)"`}, "permission-denied", ""},
	}
	runFamilyCases(t, tests)
}

// Ruby's uncaught exception line, whatever its class.
func TestClassify_RubyUncaughtExceptionIsACrash(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"RubyNoMethodError", Runtime, []string{"/var/www/config/initializers/mailer.rb:4:in `<main>': undefined method `delivery=' for module Mailer (NoMethodError)", "Exiting"}, "app-crash", ""},
		{"RubyNameErrorNewQuotes", Runtime, []string{"/var/www/config/initializers/tracing.rb:7:in '<main>': uninitialized constant Tracer (NameError)"}, "app-crash", ""},
		{"RubyNamespacedClass", Runtime, []string{"/var/www/config/application.rb:22:in 'Kernel#require': (<unknown>): did not find expected key while parsing a block mapping at line 3 column 1 (Psych::SyntaxError)"}, "app-crash", ""},
		{"RubyLoadErrorStaysModule", Runtime, []string{"/var/www/config/boot.rb:3:in 'require': cannot load such file -- bundler/setup (LoadError)"}, "module-not-found-at-runtime", ""},
		{"RubyWarningIsNone", Runtime, []string{"/var/www/vendor/bundle/ruby/3.3.0/gems/tidy-1.0/lib/tidy.rb:12: warning: method redefined; discarding old clean"}, "", ""},
	}
	runFamilyCases(t, tests)
}

// A build's output or a framework's assets the app does not find at
// start were not deployed.
func TestClassify_BuildOutputNotDeployedIsDeployFilesMissing(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// A framework's assets not deployed.
		{"SprocketsAssetNotPresent", Runtime, []string{`ActionView::Template::Error (The asset "application.css" is not present in the asset pipeline.)`}, "deploy-files-missing", ""},
		{"PropshaftMissingAsset", Runtime, []string{"Propshaft::MissingAssetError (The asset 'application.js' was not found in the load path.)"}, "deploy-files-missing", ""},
		// Any framework's build output it does not find at start.
		{"BuildDirNotFound", Runtime, []string{"Error: Could not find the build directory: /var/www/build. Did you run `npm run build`?"}, "deploy-files-missing", ""},
		{"ServerBuildNotFound", Runtime, []string{"Error: Cannot find the server build at /var/www/build/server/index.js"}, "deploy-files-missing", ""},
		{"BuildOutputNotFound", Runtime, []string{"ERROR: Build output not found at /var/www/dist. Run the build first."}, "deploy-files-missing", ""},
		// A file under the build's output missing at run time; another file
		// the app opens under /var/www was not deployed either (walk 76).
		{"NodeDistManifest", Runtime, []string{"Error: ENOENT: no such file or directory, open '/var/www/dist/.vite/manifest.json'"}, "deploy-files-missing", ""},
		{"PythonBuildTemplate", Runtime, []string{"FileNotFoundError: [Errno 2] No such file or directory: './build/index.html'"}, "deploy-files-missing", ""},
		{"GoDistFile", Runtime, []string{"2026/11/30 10:00:00 open dist/assets/app.js: no such file or directory"}, "deploy-files-missing", ""},
		{"NextOutputFile", Runtime, []string{"Error: ENOENT: no such file or directory, open '/var/www/.next/BUILD_ID'"}, "deploy-files-missing", ""},
		{"SourceFileENOENTOpened", Runtime, []string{"Error: ENOENT: no such file or directory, open '/var/www/config/settings.json'"}, "deploy-files-missing", "The app opens /var/www/config/settings.json"},
	}
	runFamilyCases(t, tests)
}

// Memory exhausted or a process killed for it, in a runtime's, a
// platform's or a container tool's words.
func TestClassify_MemoryExhaustedInAnyWords(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// A process killed for its memory, in a platform's words.
		{"BuildKilledMemory", Build, []string{"The build was killed: the process exceeded its memory limit"}, "build-out-of-memory", ""},
		{"AppKilledMemory", Runtime, []string{"[zerops] container app-1 killed: memory limit reached"}, "out-of-memory", ""},
		{"MemoryKilledProcess", Build, []string{"webpack: process killed after using all available RAM"}, "build-out-of-memory", ""},
		{"WorkerRecycledIsNone", Runtime, []string{"[worker] memory limit reached, worker killed and restarted"}, "", ""},
		// Memory exhausted in a runtime's or a container tool's words.
		{"CppBadAlloc", Runtime, []string{"terminate called after throwing an instance of 'std::bad_alloc'", "  what():  std::bad_alloc"}, "out-of-memory", ""},
		{"RubyNoMemory", Runtime, []string{"/var/www/app/jobs/export.rb:8:in 'Array#*': failed to allocate memory (NoMemoryError)"}, "out-of-memory", ""},
		{"ExitCodeColon137", Build, []string{`ERROR: process "/bin/sh -c npm run build" did not complete successfully: exit code: 137`}, "build-out-of-memory", ""},
	}
	runFamilyCases(t, tests)
}

// A native module's binary for another C library (a glibc build on musl).
func TestClassify_NativeModuleForAnotherCLibrary(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"MuslLacksLibstdcxx", Runtime, []string{"Error: Error loading shared library libstdc++.so.6: No such file or directory (needed by /var/www/node_modules/@libsql/linux-x64-gnu/index.node)"}, "module-not-found-at-runtime", "musl"},
		{"GlibcTooOld", Runtime, []string{"Error: /lib64/libc.so.6: version `GLIBC_2.38' not found (required by /var/www/node_modules/@swc/core-linux-x64-gnu/swc.linux-x64-gnu.node)"}, "module-not-found-at-runtime", ""},
		{"GlibcTooOldPython", Runtime, []string{"ImportError: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.39' not found (required by /var/www/.venv/lib/python3.12/site-packages/fastfloat/_core.so)"}, "module-not-found-at-runtime", ""},
		{"GlibcWheelOnMusl", Runtime, []string{"ImportError: Error loading shared library libstdc++.so.6: No such file or directory (needed by /var/www/.venv/lib/python3.12/site-packages/numpy/core/_multiarray_umath.cpython-312-x86_64-linux-gnu.so)"}, "module-not-found-at-runtime", ""},
		{"GlibcExtensionOnMusl", Runtime, []string{"ImportError: Error loading shared library libgcc_s.so.1: No such file or directory (needed by /var/www/.venv/lib/python3.12/site-packages/pydantic_core/_pydantic_core.cpython-312-x86_64-linux-gnu.so)"}, "module-not-found-at-runtime", ""},
	}
	runFamilyCases(t, tests)
}

// A server's or a process manager's config file it was told to start
// from, missing.
func TestClassify_ConfigFileToStartFromMissing(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"UwsgiConfigMissing", Runtime, []string{"uwsgi: unable to load configuration from uwsgi.ini"}, "start-file-missing", ""},
		{"NginxIncludeMissing", Runtime, []string{`nginx: [emerg] open() "/etc/nginx/conf.d/site.conf" failed (2: No such file or directory) in /etc/nginx/nginx.conf:31`}, "start-file-missing", ""},
		{"ConfigFileNotFoundPathAfter", Runtime, []string{"Error: Config file not found: /var/www/supervisord.conf"}, "start-file-missing", ""},
	}
	runFamilyCases(t, tests)
}

// A system library the run container lacks: an OS package's fix.
func TestClassify_SystemLibraryMissingAtRunTime(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"OpenCVLibGL", Runtime, []string{"ImportError: libGL.so.1: cannot open shared object file: No such file or directory"}, "module-not-found-at-runtime", "`libGL.so.1`"},
		{"LoaderLibpq", Runtime, []string{"/var/www/server: error while loading shared libraries: libpq.so.5: cannot open shared object file: No such file or directory"}, "module-not-found-at-runtime", "`libpq.so.5`"},
		{"VipsSharedObject", Runtime, []string{"Error: libvips-cpp.so.42: cannot open shared object file: No such file or directory"}, "module-not-found-at-runtime", "`libvips-cpp.so.42`"},
	}
	runFamilyCases(t, tests)
}

// The manifest's versions conflicting, in any resolver's words; npm's
// warning that it overrode a peer is none.
func TestClassify_VersionConflictIsAResolverFailure(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NpmEresolve", Build, []string{"npm error code ERESOLVE", "npm error ERESOLVE unable to resolve dependency tree", `npm error peer react@"^18.0.0" from chart-kit@2.1.0`}, "dependency-not-found", ""},
		{"PipResolutionImpossible", Build, []string{"ERROR: Cannot install -r requirements.txt (line 3) and urllib3==1.26.18 because these package versions have conflicting dependencies.", "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/"}, "dependency-not-found", ""},
		{"PoetryVersionSolving", Build, []string{"Because shop depends on both httpx (>=0.28) and legacy-client (1.2.0) which depends on httpx (<0.25), version solving failed."}, "dependency-not-found", ""},
		{"MixDivergedChild", Build, []string{"Dependencies have diverged:", "* plug (Hex package)", "  the dependency plug in mix.exs is overriding a child dependency:", "  > In mix.exs:", "  > In deps/phoenix/mix.exs:", "** (Mix) Can't continue due to errors on dependencies"}, "dependency-not-found", ""},
		{"NpmPeerOverrideWarnIsNone", Build, []string{"npm warn ERESOLVE overriding peer dependency", "added 300 packages in 12s"}, "", ""},
	}
	runFamilyCases(t, tests)
}

// A registry the build cannot reach or query, a 404 in yarn 1's words; a
// database host the build cannot resolve is no registry's.
func TestClassify_RegistryNotReachedOrNotFound(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NpmRegistryNotFound", Build, []string{"npm error code ENOTFOUND", "npm error network request to https://registry.npmjs.org/zod failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org"}, "dependency-not-found", ""},
		{"PipRegistryUnresolved", Build, []string{"pip._vendor.urllib3.exceptions.NameResolutionError: <HTTPSConnection(host='pypi.org', port=443)>: Failed to resolve 'pypi.org' ([Errno -3] Temporary failure in name resolution)"}, "dependency-not-found", ""},
		{"Yarn1NotFound", Build, []string{`error An unexpected error occurred: "https://registry.yarnpkg.com/@acme%2fui-kit: Not found".`}, "dependency-not-found", ""},
		{"BuildDatabaseHostIsNotRegistry", Build, []string{"Error: getaddrinfo ENOTFOUND db", "exit status 1"}, "build-command-failed", ""},
		{"CargoDependencyFetch", Build, []string{"error: failed to get `serde_yml` as a dependency of package `api v0.1.0 (/build/source)`", "Caused by:", "  failed to query replaced source registry `crates-io`"}, "dependency-not-found", ""},
	}
	runFamilyCases(t, tests)
}

// A downloaded package whose checksum is not the lock file's.
func TestClassify_ChecksumNotTheLocksIsIntegrity(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NpmIntegrity", Build, []string{"npm error code EINTEGRITY", "npm error sha512-Qw integrity checksum failed when using sha512: wanted sha512-Qw but got sha512-Zx. (4121 bytes)"}, "lockfile-mismatch", ""},
		{"PnpmTarballIntegrity", Build, []string{` ERR_PNPM_TARBALL_INTEGRITY  Got unexpected checksum for "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz". Wanted "sha512-a". Got "sha512-b".`}, "lockfile-mismatch", ""},
		{"YarnBerryChecksum", Build, []string{"➤ YN0018: │ left-pad@npm:1.3.0: The remote archive doesn't match the expected checksum"}, "lockfile-mismatch", ""},
	}
	runFamilyCases(t, tests)
}

// A crash in a logger's fatal level or Node's coded error; the shell
// exec'ing a start file that is not there.
func TestClassify_FatalLevelOrCodedErrorIsACrash(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"FatalTagStart", Runtime, []string{"[FATAL] Failed to start: open /var/www/config.yaml: no such file or directory"}, "app-crash", ""},
		{"ZapJSONFatal", Runtime, []string{`{"level":"fatal","ts":1764496800.1,"msg":"cannot load templates","error":"open templates/: no such file or directory"}`}, "app-crash", ""},
		{"LogrusFatal", Runtime, []string{`time="2026-11-30T10:00:00Z" level=fatal msg="queue consumer stopped: channel closed"`}, "app-crash", ""},
		{"NodeCodedError", Runtime, []string{"Error [ERR_REQUIRE_ESM]: require() of ES Module /var/www/node_modules/fetchy/src/index.js from /var/www/server.js not supported."}, "app-crash", ""},
		{"NodeCodedTypeError", Runtime, []string{`TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string. Received undefined`}, "app-crash", ""},
		{"FatalWordInInfoIsNone", Runtime, []string{`{"level":"info","msg":"health check passed, no fatal errors in the last hour"}`}, "", ""},
		{"ShExecStartMissing", Runtime, []string{"/bin/sh: 1: exec: ./server: not found"}, "start-file-missing", ""},
	}
	runFamilyCases(t, tests)
}

// Any compiler's error at a source line, an error located on the next
// line (rustc), a linker's status; deployFiles matching nothing.
func TestClassify_CompileErrorAtASourceLine(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"KotlincFileLine", Build, []string{"src/main/kotlin/Main.kt:12:5: error: unresolved reference: foo"}, "compile-error", ""},
		{"SwiftcFileLine", Build, []string{"/build/source/Sources/App/routes.swift:8:14: error: cannot find 'Router' in scope"}, "compile-error", ""},
		{"ZigFileLine", Build, []string{"src/main.zig:3:5: error: use of undeclared identifier 'alloc'"}, "compile-error", ""},
		{"RustcErrorArrow", Build, []string{"error: expected expression, found `}`", " --> src/main.rs:12:1", "error: could not compile `api` due to 1 previous error"}, "compile-error", ""},
		{"RustcErrorArrowOnly", Build, []string{"error: this file contains an unclosed delimiter", "  --> src/lib.rs:40:3"}, "compile-error", ""},
		{"ErrorWithoutArrowIsNot", Build, []string{"error: some tool failed", "exit status 1"}, "build-command-failed", ""},
		{"LinkerExitStatus", Build, []string{"/usr/bin/ld: cannot find -lssl: No such file or directory", "collect2: error: ld returned 1 exit status"}, "build-command-failed", ""},
		{"NoFilesMatchedDeployFiles", Build, []string{`ERROR: no files matched the deployFiles pattern "build/**"`}, "deploy-files-missing", ""},
	}
	runFamilyCases(t, tests)
}

// A package manager's own lock or lists denied to a prepare command.
func TestClassify_PackageManagerLockDenied(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"DpkgLockDenied", Build, []string{"E: Could not open lock file /var/lib/dpkg/lock-frontend - open (13: Permission denied)"}, "prepare-command-failed", ""},
		{"AptGetDenied", Build, []string{"/bin/sh: 1: apt-get: Permission denied"}, "prepare-command-failed", ""},
		{"AptListsDenied", Build, []string{"E: Could not open lock file /var/lib/apt/lists/lock - open (13: Permission denied)"}, "prepare-command-failed", ""},
	}
	runFamilyCases(t, tests)
}

// A TLS client's plain-text reply: from a database its TLS setting,
// from another service HTTPS where plain HTTP is served.
func TestClassify_TLSClientReadsAPlainReply(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"GoRedisPlainReply", Runtime, []string{"redis: dial tcp 10.0.0.7:6379: tls: first record does not look like a TLS handshake"}, "db-tls-mismatch", ""},
		{"MongoWrongVersion", Runtime, []string{"MongoServerSelectionError: 0A00010B:SSL routines:ssl3_get_record:wrong version number"}, "db-tls-mismatch", ""},
		{"PsycopgUnknownProtocol", Runtime, []string{"psycopg.OperationalError: connection failed: SSL error: [SSL: UNKNOWN_PROTOCOL] unknown protocol"}, "db-tls-mismatch", ""},
		{"GoHTTPPlainReply", Runtime, []string{`Get "https://api:3000/health": http: server gave HTTP response to HTTPS client`}, "https-between-services", ""},
	}
	runFamilyCases(t, tests)
}

// A bundler that cannot resolve a package the source imports: the
// manifest lacks it. A path, an alias or a Node.js built-in is the
// source's or the config's.
func TestClassify_BundlerCannotResolveAPackage(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"ViteRollupPackage", Build, []string{"error during build:", `[vite]: Rollup failed to resolve import "@acme/charts" from "/build/source/src/Dash.tsx".`, "This is most likely unintended because it can break your application at runtime."}, "dependency-not-found", "`@acme/charts`"},
		{"ViteImportAnalysisPackage", Build, []string{`[plugin:vite:import-analysis] Failed to resolve import "swr" from "src/hooks/useUser.ts". Does the file exist?`}, "dependency-not-found", "`swr`"},
		{"EsbuildPackage", Build, []string{`✘ [ERROR] Could not resolve "date-fns/format"`, "    src/util/dates.ts:1:23:", "1 error"}, "dependency-not-found", "`date-fns`"},
		{"WebpackPackage", Build, []string{"ERROR in ./src/api/client.js 2:0-26", "Module not found: Error: Can't resolve 'axios' in '/build/source/src/api'"}, "dependency-not-found", "npm install axios"},
		{"NextPackage", Build, []string{"Failed to compile.", "./app/signup/form.tsx:4:1", "Module not found: Can't resolve 'zod'"}, "dependency-not-found", "`zod`"},
		{"ParcelPackage", Build, []string{"🚨 Build failed.", "@parcel/core: Failed to resolve 'qrcode' from './src/share.js'"}, "dependency-not-found", "`qrcode`"},
		{"ViteRelativePathIsSource", Build, []string{"error during build:", `[vite]: Rollup failed to resolve import "./Widget" from "/build/source/src/App.tsx".`}, "compile-error", ""},
		{"ViteAliasIsSource", Build, []string{`[vite]: Rollup failed to resolve import "@/lib/api" from "/build/source/src/main.ts".`}, "compile-error", ""},
		{"ViteBaseUrlDirIsSource", Build, []string{`[vite]: Rollup failed to resolve import "stores/session" from "/build/source/src/router.ts".`}, "compile-error", ""},
		{"WebpackRelativeIsSource", Build, []string{"Module not found: Error: Can't resolve './Header' in '/build/source/src/components'"}, "compile-error", ""},
		{"EsbuildBuiltinIsConfig", Build, []string{`✘ [ERROR] Could not resolve "crypto"`, `  The package "crypto" wasn't found on the file system but is built into node.`}, "compile-error", ""},
	}
	runFamilyCases(t, tests)
}

// A test runner's failures in a build command, in each runner's
// words; npm 10's lifecycle lines alone are the command's failure.
func TestClassify_TestRunnerFailuresFailTheBuild(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"JestSummary", Build, []string{"FAIL src/cart.test.ts", "Tests:       2 failed, 48 passed, 50 total", "npm error Lifecycle script `build` failed with error:", "npm error code 1"}, "build-command-failed", "test"},
		{"VitestSummary", Build, []string{" Test Files  1 failed | 9 passed (10)", "      Tests  3 failed | 77 passed (80)"}, "build-command-failed", "test"},
		{"PytestSummary", Build, []string{"FAILED tests/test_orders.py::test_refund - AssertionError: assert 0 == 5", "==== 1 failed, 120 passed, 2 warnings in 9.81s ===="}, "build-command-failed", "test"},
		{"GoTestFail", Build, []string{"--- FAIL: TestTotals (0.00s)", "    totals_test.go:18: got 9, want 10", "FAIL\texample.org/shop/totals\t0.021s"}, "build-command-failed", ""},
		{"MochaFailing", Build, []string{"  31 passing (2s)", "  2 failing"}, "build-command-failed", ""},
		{"RspecFailures", Build, []string{"Finished in 4.2 seconds (files took 1.1 seconds to load)", "42 examples, 1 failure"}, "build-command-failed", ""},
		{"SurefireFailures", Build, []string{"[ERROR] Tests run: 12, Failures: 2, Errors: 0, Skipped: 0", "[ERROR] There are test failures."}, "build-command-failed", ""},
		{"GradleFailingTests", Build, []string{"> There were failing tests. See the report at: file:///build/source/build/reports/tests/test/index.html"}, "build-command-failed", ""},
		{"CargoTestFailed", Build, []string{"test result: FAILED. 10 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s", "error: test failed, to rerun pass `--lib`"}, "build-command-failed", ""},
		{"DotnetTestFailed", Build, []string{"Failed!  - Failed:     1, Passed:    20, Skipped:     0, Total:    21, Duration: 2 s - Shop.Tests.dll (net8.0)"}, "build-command-failed", ""},
		{"PhpunitFailures", Build, []string{"FAILURES!", "Tests: 12, Assertions: 30, Failures: 1."}, "build-command-failed", ""},
		{"Npm10LifecycleOnly", Build, []string{"npm error Lifecycle script `build` failed with error:", "npm error code 2"}, "build-command-failed", ""},
		{"JestAllPassedIsNone", Build, []string{"Test Suites: 23 passed, 23 total", "Tests:       141 passed, 141 total", "Snapshots:   0 total"}, "", ""},
		{"PytestAllPassedIsNone", Build, []string{"==== 120 passed, 3 skipped in 9.81s ===="}, "", ""},
		{"SurefireNoFailuresIsNone", Build, []string{"[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: 2"}, "", ""},
		{"CargoOkIsNone", Build, []string{"test result: ok. 10 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out"}, "", ""},
		{"RspecNoFailuresIsNone", Build, []string{"42 examples, 0 failures"}, "", ""},
		// unittest's summary, Django's test runner's.
		{"UnittestFailures", Build, []string{"Ran 12 tests in 0.031s", "FAILED (failures=2)"}, "build-command-failed", ""},
		{"UnittestErrors", Build, []string{"Ran 40 tests in 1.201s", "FAILED (errors=1, skipped=3)"}, "build-command-failed", ""},
		{"DjangoTestFailures", Build, []string{"Destroying test database for alias 'default'...", "FAILED (failures=1, errors=1)"}, "build-command-failed", ""},
		{"UnittestOKIsNone", Build, []string{"Ran 12 tests in 0.031s", "OK (skipped=1)"}, "", ""},
	}
	runFamilyCases(t, tests)
}

// A gem or driver the app loads at boot that its bundle lacks.
func TestClassify_GemMissingFromTheBundle(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"BundlerNotPartOfBundle", Runtime, []string{"/var/www/config/application.rb:9:in `require': redis is not part of the bundle. Add it to your Gemfile. (Gem::LoadError)"}, "module-not-found-at-runtime", "gem \"redis\""},
		{"RailsAdapterGem", Runtime, []string{"/usr/local/bundle/gems/activerecord-7.1.3/lib/active_record/connection_adapters.rb:30:in 'resolve': Error loading the 'mysql2' Active Record adapter. Missing a gem it depends on? mysql2 is not part of the bundle. Add it to your Gemfile. (LoadError)"}, "module-not-found-at-runtime", "gem \"mysql2\""},
		{"RailsOlderAdapterGem", Runtime, []string{"Specified 'postgresql' for database adapter, but the gem is not loaded. Add `gem 'pg'` to your Gemfile (and ensure its version is at the minimum required by ActiveRecord). (Gem::LoadError)"}, "module-not-found-at-runtime", "gem \"pg\""},
		{"RubygemsAmongTotal", Runtime, []string{"/usr/lib/ruby/3.2.0/rubygems/dependency.rb:303:in 'to_specs': Could not find 'puma' (>= 0) among 38 total gem(s) (Gem::MissingSpecError)"}, "module-not-found-at-runtime", "gem \"puma\""},
		{"DjangoDriverModule", Runtime, []string{"django.core.exceptions.ImproperlyConfigured: Error loading psycopg2 or psycopg module"}, "module-not-found-at-runtime", ""},
		{"BuildTaskNotInBundle", Build, []string{"rake is not part of the bundle. Add it to your Gemfile. (Gem::LoadError)"}, "dependency-not-found", "gem \"rake\""},
	}
	runFamilyCases(t, tests)
}

// A proxy's refusal of another host is that service's; of its own
// loopback, the app beside it is not on the port.
func TestClassify_ProxyRefusalIsWhoseAddressItNames(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NginxUpstreamOtherHost", Runtime, []string{`2026/11/30 09:00:00 [error] 22#22: *5 connect() failed (111: Connection refused) while connecting to upstream, client: 10.0.1.9, server: _, request: "GET /api/items HTTP/1.1", upstream: "http://10.0.4.2:8080/api/items", host: "web.example.org"`}, "connection-refused", "10.0.4.2:8080"},
		{"NginxUpstreamHostname", Runtime, []string{`[error] 9#9: *31 connect() failed (111: Connection refused) while connecting to upstream, client: 10.0.1.9, server: _, request: "POST /graphql HTTP/1.1", upstream: "http://api:4000/graphql"`}, "connection-refused", ""},
		{"NginxUpstreamLoopbackIsWrongPort", Runtime, []string{`2026/11/30 09:00:00 [error] 22#22: *5 connect() failed (111: Connection refused) while connecting to upstream, client: 10.0.1.9, server: _, request: "GET / HTTP/1.1", upstream: "http://127.0.0.1:3000/"`}, "wrong-port", ""},
		{"ProxyRefusalBesideOtherListener", Runtime, []string{"Listening on 0.0.0.0:8000", `[balancer] connect() failed (111: Connection refused) while connecting to upstream, upstream: "http://10.0.2.8:5000/"`}, "wrong-port", ""},
		// Envoy's refused connect.
		{"EnvoyDelayedConnect", Runtime, []string{"upstream connect error or disconnect/reset before headers. reset reason: connection failure, transport failure reason: delayed connect error: 111"}, "connection-refused", ""},
		{"EnvoyDelayedConnectInJSON", Runtime, []string{`{"level":"error","msg":"proxy failed","detail":"delayed connect error: 111"}`}, "connection-refused", ""},
		{"EnvoyDelayedConnectLogged", Runtime, []string{"[2026-11-30 10:00:00.000][1][debug][pool] [source/common/conn_pool.cc:92] delayed connect error: 111"}, "connection-refused", ""},
	}
	runFamilyCases(t, tests)
}

// The build container lacking a compiler, make, Python or a system
// library's headers: an OS package for build.prepareCommands, not the
// source.
func TestClassify_BuildLacksAToolOrHeaders(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"PythonHeaderMissing", Build, []string{"  src/_speedups.c:1:10: fatal error: Python.h: No such file or directory", "error: command '/usr/bin/gcc' failed with exit code 1"}, "build-command-failed", "python3-dev"},
		{"OpensslHeaderMissing", Build, []string{"ext/crypt.c:4:10: fatal error: openssl/ssl.h: No such file or directory", "make: *** [Makefile:12: crypt.o] Error 1"}, "build-command-failed", "`openssl/ssl.h`"},
		{"NodeGypNoMake", Build, []string{"gyp ERR! stack Error: not found: make", "npm error code 1"}, "build-command-failed", "build-base"},
		{"SetuptoolsNoGcc", Build, []string{"  error: command 'gcc' failed: No such file or directory"}, "build-command-failed", "build.prepareCommands"},
		{"RustNoLinker", Build, []string{"error: linker `cc` not found", "  = note: No such file or directory (os error 2)"}, "build-command-failed", "build-base"},
		{"ShellNoGcc", Build, []string{"/bin/sh: gcc: not found", "make: *** [Makefile:3: all] Error 127"}, "build-command-failed", "build-base"},
		{"PsycopgNoPgConfig", Build, []string{"Error: pg_config executable not found.", "exit status 1"}, "build-command-failed", "postgresql-dev"},
		{"OwnHeaderIsSource", Build, []string{"src/main.c:3:10: fatal error: config.h: No such file or directory"}, "compile-error", ""},
		{"NodeGypFindsNoPython", Build, []string{"npm error gyp ERR! find Python You need to install the latest version of Python.",
			"npm error gyp ERR! stack Error: Could not find any Python installation to use", "npm error code 1"}, "build-command-failed", "lacks Python"},
		{"EnvFindsNoPython", Build, []string{"/usr/bin/env: 'python3': No such file or directory", "make: *** [Makefile:4: all] Error 127"}, "build-command-failed", "lacks Python"},
		{"PkgConfigSearchPath", Build, []string{"Package libpq was not found in the pkg-config search path.", "Perhaps you should add the directory containing `libpq.pc'", "error: command failed"}, "build-command-failed", "`libpq`"},
	}
	runFamilyCases(t, tests)
}

// A log's bracketed level after a word ending in x is no bundler's
// error mark.
func TestClassify_LevelAfterAWordEndingInXIsNoErrorMark(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"LevelAfterIDEndingInX", Runtime, []string{`10:00:00.100 request_id=Ab9x [error] ** (Postgrex.Error) ERROR 42P01 (undefined_table) relation "invoices" does not exist`}, "db-schema-missing", ""},
		{"LevelAfterWordEndingInXBuild", Build, []string{"worker=ax [error] retry scheduled", "exit status 1"}, "build-command-failed", ""},
		{"EsbuildMarkStays", Build, []string{"X [ERROR] Expected \";\" but found \"const\""}, "compile-error", ""},
	}
	runFamilyCases(t, tests)
}

// The rules of the families in files of their own match no line of any
// held-apart set's healthy logs, whatever else the classifier makes of
// the line.
func TestRules_FamiliesMatchNoHealthyLine(t *testing.T) {
	t.Parallel()
	rs := buildRules(familySpecs)
	for _, file := range heldOutFiles {
		for _, l := range readHeldOut(t, file) {
			if l.expect != "healthy" {
				continue
			}
			for n, ln := range l.lines {
				line := stripStamp(stripANSI(ln))
				for i := range rs {
					if rs[i].matches(line) && (rs[i].near == nil || rs[i].near(l.lines, n, line)) {
						t.Errorf("%s: healthy %s: line %q matches %s", file, l.name, ln, familySpecs[i].re)
					}
				}
			}
		}
	}
}

// familyCase is one row of a family table: log lines of a stage, the
// signal the first diagnosis must name ("" for none) and, when set, a word
// its cause or fix must carry.
type familyCase struct {
	name  string
	stage Stage
	lines []string
	want  string
	text  string
}

// runFamilyCases runs each case as a parallel subtest of t.
func runFamilyCases(t *testing.T, tests []familyCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			got := ""
			if len(ds) > 0 {
				got = ds[0].Signal
			}
			if got != tt.want {
				t.Fatalf("first signal = %q (%v), want %q", got, signalIDs(ds), tt.want)
			}
			if tt.text != "" && !strings.Contains(ds[0].Cause+ds[0].Fix, tt.text) {
				t.Errorf("cause %q / fix %q, want %q", ds[0].Cause, ds[0].Fix, tt.text)
			}
		})
	}
}
