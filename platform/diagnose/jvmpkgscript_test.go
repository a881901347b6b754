package diagnose

import (
	"testing"
)

// A JVM tool naming the Java version it needs, a registry saying the
// manifest's package does not exist, a FastCGI server finding no script
// and a build lacking Python or a library's .pc file are each read as
// their family, whatever the tool's words.
func TestClassify_JVMPkgScriptFamilies(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// The Java the build runs on is older than a plugin or the tool needs.
		{"GradlePluginVariantUnderCouldNotResolve", Build, []string{"> Could not resolve all files for configuration ':classpath'.",
			"   > Could not resolve com.acme.tools:ledger-gradle-plugin:4.1.0.",
			"      > Dependency requires at least JVM runtime version 21. This build uses a Java 17 JVM.", "BUILD FAILED in 6s"}, "runtime-version-mismatch", "build.base"},
		{"GradleOlderVariantWording", Build, []string{"> Could not resolve all artifacts for configuration ':classpath'.",
			"   > No matching variant of org.acme:brewer-plugin:2.0.3 was found.",
			"              - Incompatible because this component declares a component compatible with Java 17 and the consumer needed a component compatible with Java 11"}, "runtime-version-mismatch", ""},
		{"GradleLauncherCheck", Build, []string{"Gradle requires JVM 17 or later to run. Your build is currently configured to use JVM 11."}, "runtime-version-mismatch", ""},
		{"AndroidPluginCheck", Build, []string{"* What went wrong:", "An exception occurred applying plugin request [id: 'com.android.application']",
			"> Failed to apply plugin 'com.android.internal.application'.", "   > Android Gradle plugin requires Java 17 to run. You are currently using Java 11."}, "runtime-version-mismatch", ""},
		{"MavenEnforcer", Build, []string{"[ERROR] Rule 0: org.apache.maven.enforcer.rules.version.RequireJavaVersion failed with message:",
			"[ERROR] Detected JDK version 11.0.24 (JAVA_HOME=/usr/lib/jvm/java-11) is not in the allowed range [17,).", "[INFO] BUILD FAILURE"}, "runtime-version-mismatch", ""},
		{"GradleToolchainNotFound", Build, []string{"> No matching toolchains found for requested specification: {languageVersion=21, vendor=any vendor, implementation=vendor-specific} for LINUX on x86_64.", "BUILD FAILED in 3s"}, "runtime-version-mismatch", ""},
		{"GradleOlderToolchainWording", Build, []string{"> Cannot find a Java installation on your machine matching this tasks requirements: {languageVersion=21, vendor=any, implementation=vendor-specific} for LINUX on x86_64.", "BUILD FAILED in 3s"}, "runtime-version-mismatch", ""},
		// Any package's or the app's own check naming the language version.
		{"SetupPyNamesPython", Build, []string{"This version of Quillpad requires Python 3.10, but you're trying to install it on Python 3.9.", "error: subprocess-exited-with-error"}, "runtime-version-mismatch", "build.base"},
		{"ProjectRequiresNewer", Build, []string{"ERROR: This project requires Python 3.11 or newer; found 3.9.18", "error: command failed"}, "runtime-version-mismatch", ""},
		{"PHPOrNewerIsRequired", Runtime, []string{"Error: PHP 8.2 or newer is required. You are running 8.1.27."}, "runtime-version-mismatch", ""},
		{"RubyAtLeast", Runtime, []string{"RuntimeError: tallybook requires at least Ruby 3.2; running 3.1.6"}, "runtime-version-mismatch", ""},
		{"RequiresPythonMetadataIsNothing", Build, []string{"Requires-Python: >=3.9", "Successfully installed quillpad-2.0.1"}, "", ""},
		{"CouldNotResolveAloneStaysDependency", Build, []string{"> Could not resolve all files for configuration ':compileClasspath'.",
			"   > Could not find com.acme:ledger-core:9.9.9."}, "dependency-not-found", ""},

		// A registry's own "no such package" of a name the manifest gives.
		{"DenoNpmPackageDoesNotExist", Build, []string{"Download https://registry.npmjs.org/koa-fancy-routerz", "error: npm package 'koa-fancy-routerz' does not exist."}, "dependency-not-found", "deno.json"},
		{"JSRPackageNotFound", Build, []string{"error: JSR package not found: @acme/strings"}, "dependency-not-found", ""},
		{"BacktickedPackageWasNotFound", Build, []string{"error: package `tokio-magicz` was not found in the registry index"}, "dependency-not-found", ""},
		{"MixNoPackageInRegistry", Build, []string{"** (Mix) No package with name phoenix_livez (from: mix.exs) in registry"}, "dependency-not-found", ""},
		{"JSRManifestFailedToLoad", Build, []string{"error: JSR package manifest for '@acme/pathz' failed to load. Import 'https://jsr.io/@acme/pathz/meta.json' failed: 404 Not Found"}, "dependency-not-found", ""},
		{"YarnTarball404", Build, []string{"➤ YN0001: │ HTTPError: Response code 404 (Not Found)", "➤ YN0000: └ Completed in 1s"}, "dependency-not-found", ""},
		{"BunQuotedPackageNotFound", Build, []string{"error: package \"left-padz\" not found registry.npmjs.org/left-padz 404"}, "dependency-not-found", ""},
		{"PkgConfigIsTheOSPackage", Build, []string{"Package 'libffi', required by 'virtual:world', not found", "No package 'libffi' found", "error: command failed"}, "build-command-failed", "`libffi`"},
		{"DenoPackageNotInstalledAtStart", Runtime, []string{"error: Could not find a matching package for 'npm:hono@4' in the node_modules directory. Ensure you have all your JSR and npm dependencies listed in your deno.json or package.json, then run `deno install`."}, "module-not-found-at-runtime", ""},
		{"DenoJSRNotInstalledAtStart", Runtime, []string{"error: Could not find a matching package for 'jsr:@std/path' in the node_modules directory."}, "module-not-found-at-runtime", ""},

		// php-fpm finds no script where the web server's root points.
		{"NginxRelaysPrimaryScriptUnknown", Runtime, []string{`2026/01/04 10:00:00 [error] 31#31: *2 FastCGI sent in stderr: "Primary script unknown" while reading response header from upstream, client: 10.0.1.9, server: _, request: "GET / HTTP/1.1", upstream: "fastcgi://127.0.0.1:9000"`}, "deploy-files-missing", "run.documentRoot"},
		{"ApacheRelaysPrimaryScriptUnknown", Runtime, []string{`[proxy_fcgi:error] [pid 44:tid 71] [client 10.0.1.9:50122] AH01071: Got error 'Primary script unknown'`}, "deploy-files-missing", "run.documentRoot"},
		{"FpmCannotOpenPrimaryScript", Runtime, []string{"[04-Jan-2026 10:00:00] ERROR: Unable to open primary script: /var/www/public/index.php (No such file or directory)"}, "deploy-files-missing", "/var/www/public/index.php"},
		{"NoInputFileSpecified", Runtime, []string{"No input file specified."}, "deploy-files-missing", "run.documentRoot"},
		{"ApacheIndexDoesNotExist", Runtime, []string{"[core:info] [pid 12] [client 10.0.1.9:5000] AH00128: File does not exist: /var/www/public/index.php"}, "deploy-files-missing", "`/var/www/public/index.php`"},
		{"ApacheStrayFileIsNothing", Runtime, []string{"[core:info] [pid 12] [client 10.0.1.9:5000] AH00128: File does not exist: /var/www/public/favicon.ico"}, "", ""},
		{"PrimaryScriptInABuildIsNothing", Build, []string{"php -r 'echo \"Primary script unknown\";'"}, "", ""},

		// A program built for another platform, or a script with no #! line.
		{"GoExecFormat", Runtime, []string{"exec /var/www/ledgerd: exec format error"}, "start-command-invalid", "x86_64"},
		{"ShellCannotExecuteBinary", Runtime, []string{"/bin/sh: ./server: cannot execute binary file: Exec format error"}, "start-command-invalid", "#!"},
		{"NodeSpawnENOEXEC", Runtime, []string{"Error: spawn /var/www/bin/tiler ENOEXEC"}, "start-command-invalid", "x86_64"},
		{"PythonErrno8", Runtime, []string{"OSError: [Errno 8] Exec format error: '/var/www/bin/tiler'"}, "start-command-invalid", "x86_64"},
		{"BuildExecFormat", Build, []string{"/build/source/tools/protoc: cannot execute binary file: Exec format error", "ERROR: build command exited with code 126"}, "build-command-failed", "x86_64"},

		// The app serves TLS where the balancer speaks plain HTTP, or a
		// caller speaks TLS to a plain HTTP port.
		{"GoServesTLS", Runtime, []string{"2026/01/04 10:00:00 http: TLS handshake error from 10.0.1.9:50122: client sent an HTTP request to an HTTPS server"}, "https-between-services", "TLS ends at the balancer"},
		{"NginxListensSSL", Runtime, []string{`2026/01/04 10:00:00 [info] 29#29: *4 client sent plain HTTP request to HTTPS port while reading client request headers, client: 10.0.1.9, server: _`}, "https-between-services", "run.ports"},
		{"KestrelHTTPSEndpoint", Runtime, []string{"warn: Microsoft.AspNetCore.Server.Kestrel.Https.Internal.HttpsConnectionMiddleware[1]", "      Failed to authenticate HTTPS connection.", "      System.IO.IOException: The handshake failed due to an unexpected packet format."}, "https-between-services", "Kestrel"},
		{"TomcatReadsCallersTLS", Runtime, []string{"java.lang.IllegalArgumentException: Invalid character found in method name [0x160x030x010x020x000x010x000x01fc0x030x03...]. HTTP method names must be tokens"}, "https-between-services", "http://hostname:port"},

		// A framework's assets not deployed, a process manager's config file.
		{"SprocketsAssetNotPresent", Runtime, []string{`ActionView::Template::Error (The asset "application.css" is not present in the asset pipeline.)`}, "deploy-files-missing", ""},
		{"PropshaftMissingAsset", Runtime, []string{"Propshaft::MissingAssetError (The asset 'application.js' was not found in the load path.)"}, "deploy-files-missing", ""},
		{"ConfigFileNotFoundPathAfter", Runtime, []string{"Error: Config file not found: /var/www/supervisord.conf"}, "start-file-missing", ""},

		// A database file the app may not write; a glibc build on musl.
		{"PythonSQLiteReadonly", Runtime, []string{"sqlite3.OperationalError: attempt to write a readonly database"}, "permission-denied", ""},
		{"NodeSQLiteReadonly", Runtime, []string{"[Error: SQLITE_READONLY: attempt to write a readonly database] { errno: 8, code: 'SQLITE_READONLY' }"}, "permission-denied", ""},
		{"GoSQLiteReadonly", Runtime, []string{`level=ERROR msg="save failed" err="attempt to write a readonly database (8)"`}, "permission-denied", ""},
		{"GlibcWheelOnMusl", Runtime, []string{"ImportError: Error loading shared library libstdc++.so.6: No such file or directory (needed by /var/www/.venv/lib/python3.12/site-packages/numpy/core/_multiarray_umath.cpython-312-x86_64-linux-gnu.so)"}, "module-not-found-at-runtime", ""},
		{"GlibcExtensionOnMusl", Runtime, []string{"ImportError: Error loading shared library libgcc_s.so.1: No such file or directory (needed by /var/www/.venv/lib/python3.12/site-packages/pydantic_core/_pydantic_core.cpython-312-x86_64-linux-gnu.so)"}, "module-not-found-at-runtime", ""},

		// A build that lacks Python (node-gyp's) or another tool env runs.
		{"NodeGypFindsNoPython", Build, []string{"npm error gyp ERR! find Python You need to install the latest version of Python.",
			"npm error gyp ERR! stack Error: Could not find any Python installation to use", "npm error code 1"}, "build-command-failed", "lacks Python"},
		{"NpmExitAboveGypReason", Build, []string{"npm error code 1", "npm error path /build/source/node_modules/argon2", "npm error command failed",
			"npm error gyp ERR! stack Error: Could not find any Python installation to use", "npm error A complete log of this run can be found in: /root/.npm/_logs/x.log"}, "build-command-failed", "lacks Python"},
		{"ExitAboveTestSummary", Build, []string{"ERROR: build command exited with code 1", "Tests:       2 failed, 40 passed, 42 total"}, "build-command-failed", "A test run"},
		{"PytestBehindStageTag", Build, []string{"[build] FAILED tests/test_cart.py::test_voucher_once - assert 80 == 90", "[build] 1 failed, 31 passed in 4.12s", "[build] buildCommands failed with exit code 1"}, "build-command-failed", "A test run"},
		{"JestBehindTurboTask", Build, []string{"web:test: Tests:       1 failed, 86 passed, 87 total", "web:test:  ELIFECYCLE  Test failed. See above for more details.", "[zerops] build command failed with exit code 1"}, "build-command-failed", "A test run"},
		{"GoTestBehindPnpmTask", Build, []string{"[zerops] build command failed with exit code 1", "api:test: --- FAIL: TestQuote (0.00s)"}, "build-command-failed", "A test run"},
		{"TagAloneIsNoTestFailure", Build, []string{"[build] fail-fast is on", "[build] 0 failed, 12 passed in 1.02s"}, "", ""},
		{"EnvFindsNoPython", Build, []string{"/usr/bin/env: 'python3': No such file or directory", "make: *** [Makefile:4: all] Error 127"}, "build-command-failed", "lacks Python"},
		{"PkgConfigSearchPath", Build, []string{"Package libpq was not found in the pkg-config search path.", "Perhaps you should add the directory containing `libpq.pc'", "error: command failed"}, "build-command-failed", "`libpq`"},
	}
	runFamilyCases(t, tests)
}

// The families' rules match no line of any held-apart set's healthy logs,
// whatever else the classifier makes of the line.
func TestClassify_JVMPkgScriptHealthyClean(t *testing.T) {
	t.Parallel()
	rs := buildRules(jvmPkgScriptSpecs)
	for _, file := range heldOutFiles {
		for _, l := range readHeldOut(t, file) {
			if l.expect != "healthy" {
				continue
			}
			for n, ln := range l.lines {
				line := stripStamp(stripANSI(ln))
				for i := range rs {
					if rs[i].matches(line) && (rs[i].near == nil || rs[i].near(l.lines, n, line)) {
						t.Errorf("%s: healthy %s: line %q matches %s", file, l.name, ln, jvmPkgScriptSpecs[i].re)
					}
				}
			}
		}
	}
}
