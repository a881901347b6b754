package diagnose

import (
	"slices"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// withJVMPkgScript adds this file's families to specs: a JVM tool (or any
// package or check) naming the Java or language version it needs, a registry saying a named package does not
// exist, a FastCGI server finding no script where its root points.
func withJVMPkgScript(specs []ruleSpec) []ruleSpec { return slices.Concat(specs, jvmPkgScriptSpecs) }

// jvmTooOld is a JVM tool or a package for it refusing the Java it runs
// on, whatever the tool: Gradle's variant check of a plugin ("Dependency
// requires at least JVM runtime version 17. This build uses a Java 11
// JVM", its older "declares a component compatible with Java 17 and the
// consumer needed ... Java 11"), Gradle's and the Android plugin's own
// launcher check ("requires JVM 17 or later to run", "requires Java 17 to
// run"), Maven Enforcer's RequireJavaVersion.
const jvmTooOld = `(?i)\brequires (at least )?(a )?(Java|JVM|JDK)( runtime)?( version)? \d+|\bThis build uses a Java \d+ JVM\b|Run this build using a Java \d+ or newer JVM|` +
	`\bIncompatible because this component declares (an API of )?a component,? compatible with Java \d+ and the consumer needed (a runtime of )?a component,? compatible with Java \d+|` +
	`\bDetected JDK [Vv]ersion:? \S+ .{0,100}\bis not in the allowed range\b|\bYour build is currently configured to use (Java|JVM) \d+|` +
	// Gradle finding no JDK of the toolchain's languageVersion
	`\b(No matching toolchains found for requested specification|Cannot find a Java installation on your machine matching this tasks requirements): \{languageVersion=\d+`

// versionNamed is a package, framework or the app's own check naming the
// language version it needs, in any tool's words: "requires Python 3.11",
// "This version of Django requires Python 3.10, but you're trying to
// install it on Python 3.9", "PHP 8.2 or newer is required".
const versionNamed = `(?i)\brequires (at least )?(Python|PHP|Ruby|Elixir|Erlang/OTP|OTP|\.NET|Deno|Bun|Perl|rustc|Rust)( version)? ?(>=? ?)?v?\d+(\.[\dx]+)*|` +
	`\b(Python|PHP|Ruby|Node(\.js)?|Elixir|Erlang/OTP|\.NET|Java|JDK|Deno|Bun|Perl|Rust|rustc) (version )?v?\d+(\.[\dx]+)*\+? or (newer|later|higher|above|greater) is required\b`

// packageAbsent is a registry or an installer saying the package the
// manifest names does not exist there, the name quoted (Deno's "npm
// package 'x' does not exist", JSR's "package not found: @scope/x", a
// resolver's "package `x` was not found"); pkg-config's library is an OS
// package (build-command-failed), not the manifest's.
const packageAbsent = `(?i)\b(npm |jsr |pypi |hex |)package ['"\x60][@\w./:-]+['"\x60] (does ?n[o']t exist|was not found|not found|could not be found|is not (published|available) (in|on) (the )?registry)\b|\b(npm|jsr|pypi|hex) package not found: \S+|` +
	// JSR's manifest of the package, Hex's registry, Yarn's tarball
	`\bJSR package manifest for '[^']+' failed to load\b|\bNo package with name \S+ .{0,40}\bin registry\b|\bResponse code 404 \(Not Found\)`

// denoPackageNotInstalled is Deno at start finding no installed copy of a
// package the code imports: the packages were not installed or not
// deployed with the app.
const denoPackageNotInstalled = `Could not find a matching package for '(npm|jsr):[^']+' in the node_modules directory`

// scriptUnknown is a FastCGI server (php-fpm, as nginx or Apache relays
// it) finding no PHP script at the path the web server sent: the files
// are not where the server's root points.
const scriptUnknown = `Primary script unknown|Unable to open primary script: \S+ \(No such file or directory\)|^\s*No input file specified\.?\s*$`

// execFormat is the kernel refusing to run a file as a program (Go's, a
// shell's, Python's, Node's ENOEXEC): a binary built for another OS or CPU, or a script
// with no #! line.
const execFormat = `(?i)\bexec format error\b|cannot execute binary file|\bspawn \S+ ENOEXEC\b`

// appServesTLS is an app's server serving TLS on the port the balancer
// (or a caller) speaks plain HTTP to, in the server's words: Go's
// net/http, nginx's, Kestrel's; TLS ends at the Zerops balancer.
const appServesTLS = `client sent an HTTP request to an HTTPS server|client sent plain HTTP request to HTTPS port|The plain HTTP request was sent to HTTPS port|The handshake failed due to an unexpected packet format`

// tlsToPlainPort is the other way round, read from the server's side: a
// plain HTTP server (Tomcat) reading a caller's TLS handshake (0x16) as
// an HTTP method; the caller speaks https:// inside the project.
const tlsToPlainPort = `Invalid character found in method name \[0x16`

// lineTag is what a build log or a task runner puts before a tool's own
// line: the platform's stage ("[build] "), turbo's and pnpm -r's
// package:task ("web:test: ").
const lineTag = `^(\[[a-z]+\] +|[\w@/.-]+:[\w.-]+: +)`

// lineTagRe reads lineTag.
var lineTagRe = lazyregexp.New(lineTag)

// testsRanFailed reports whether line, past a tag, is a test runner's
// summary of failed tests.
func testsRanFailed(line string) bool {
	return testsFailedRe.MatchString(line) || testsFailedRe.MatchString(lineTagRe.ReplaceAllString(line, ""))
}

// taggedTestsFailed is testsRanFailed as a rule's nearFunc.
func taggedTestsFailed(_ []string, _ int, line string) bool { return testsRanFailed(line) }

// jvmPkgScriptSpecs are this file's rules.
var jvmPkgScriptSpecs = slices.Concat(testRunSpecs, execFormatSpecs, servesTLSSpecs, versionNeededSpecs, packageAbsentSpecs, phpScriptSpecs)

// testRunSpecs are the rules of a test run's failures behind a tag.
var testRunSpecs = []ruleSpec{
	// A test runner's failures behind a tag ("[build] 1 failed, 31 passed").
	{build: "build-command-failed", runtime: "", keys: []string{"fail"}, re: lineTag + `.*(?i:fail)`, near: taggedTestsFailed},
}

// execFormatSpecs are the rules of a file the kernel refuses to run.
var execFormatSpecs = []ruleSpec{
	{build: "build-command-failed", runtime: "start-command-invalid", keys: []string{"exec format error", "cannot execute binary file", "enoexec"}, re: execFormat},
}

// servesTLSSpecs are the rules of TLS where plain HTTP arrives.
var servesTLSSpecs = []ruleSpec{
	{build: "", runtime: "https-between-services", keys: []string{"http request to an https server", "plain http request", "unexpected packet format", "invalid character found in method name [0x16"}, re: appServesTLS + "|" + tlsToPlainPort},
}

// versionNeededSpecs are the rules of a tool naming the version it needs.
var versionNeededSpecs = []ruleSpec{
	{build: "runtime-version-mismatch", runtime: "runtime-version-mismatch", keys: []string{"requires", "this build uses a java", "newer jvm", "consumer needed", "allowed range", "currently configured to use", "no matching toolchains found", "cannot find a java installation"}, re: jvmTooOld},
	{build: "runtime-version-mismatch", runtime: "runtime-version-mismatch", keys: []string{"requires", "is required"}, re: versionNamed},
}

// packageAbsentSpecs are the rules of a package no registry or install has.
var packageAbsentSpecs = []ruleSpec{
	{build: "dependency-not-found", runtime: "", keys: []string{"package '", "package \"", "package `", "package not found: ", "jsr package manifest", "no package with name", "response code 404"}, re: packageAbsent, not: `(?i)pkg-config|\.pc\b`},
	{build: "", runtime: "module-not-found-at-runtime", keys: []string{"could not find a matching package for"}, re: denoPackageNotInstalled},
}

// phpScriptSpecs are the rules of a FastCGI server finding no script.
var phpScriptSpecs = []ruleSpec{
	{build: "", runtime: "deploy-files-missing", keys: []string{"primary script", "no input file specified"}, re: scriptUnknown},
}

// scriptUnknownRe reads scriptUnknown; scriptPathRe the script php-fpm
// could not open.
var (
	scriptUnknownRe = lazyregexp.New(scriptUnknown)
	scriptPathRe    = lazyregexp.New(`Unable to open primary script: (\S+)`)
)

// phpScriptFix fits d, deploy-files-missing read from a FastCGI server's
// line (text), to the script the server found nothing at. It reports
// whether text was such a line.
func (d *Diagnosis) phpScriptFix(text string) bool {
	if !scriptUnknownRe.MatchString(text) {
		return false
	}
	what := "the PHP script the web server asked for"
	if m := scriptPathRe.FindStringSubmatch(text); m != nil {
		what = "`" + m[1] + "`"
	}
	d.Cause = "PHP-FPM finds no file at " + what + ": the PHP files were not deployed where the web server's document root points (deployFiles), or the root points elsewhere."
	d.Fix = "Make `build.deployFiles` include the app's PHP files (`.` or the folders holding them), and set `run.documentRoot` to the folder that holds the front controller (index.php; `public` for Laravel and Symfony); then deploy again."
	return true
}

// tellingGeneric is a line of a generic signal that says why the command
// failed (a build lacking a toolchain, a test run's failures, a size
// budget), which the signal's fix then reads.
func tellingGeneric(line string) bool {
	return toolchainMissingRe.MatchString(line) || testsRanFailed(line) || budgetRe.MatchString(line)
}

// tellingOverBare makes f the evidence of got's diagnosis of the generic
// signal id where that evidence says only that something failed and f
// says why: npm prints "npm error code 1" above node-gyp's reason.
func tellingOverBare(got []found, id string, f found) {
	i := slices.IndexFunc(got, func(g found) bool { return g.sig != nil && g.sig.id == id })
	if i >= 0 && !got[i].retried && !tellingGeneric(got[i].bare) && tellingGeneric(f.bare) {
		got[i] = f
	}
}

// execFormatRe reads execFormat.
var execFormatRe = lazyregexp.New(execFormat)

// appServesTLSRe reads appServesTLS.
var appServesTLSRe = lazyregexp.New(appServesTLS)

// execFormatFix fits d, read from a line where the kernel refused to run
// a file (text), to a program built for another platform. It reports
// whether text was such a line.
func (d *Diagnosis) execFormatFix(text string, stage Stage) bool {
	if !execFormatRe.MatchString(text) {
		return false
	}
	where := "`run.start`"
	if stage == Build {
		where = "`build.buildCommands`"
	}
	d.Cause = "The file " + where + " runs is not a program this container can execute: a binary built for another OS or CPU (on a Mac, or for arm64), or a script without a `#!` first line."
	d.Fix = "Build the binary in `build.buildCommands` for Linux on x86_64 (the build container's own platform: `go build` there, or GOOS=linux GOARCH=amd64) and deploy that output instead of one built elsewhere; for a script, give it a `#!` line or name its interpreter in " + where + " (`sh start.sh`, `node server.js`); then deploy again."
	return true
}

// tlsServerFix fits d, https-between-services read from the app's own
// server (text), to the app serving TLS where plain HTTP arrives.
func (d *Diagnosis) tlsServerFix(text string) {
	if !appServesTLSRe.MatchString(text) {
		return
	}
	d.Cause = "The app serves HTTPS on its port, but the Zerops balancer (and any service calling it over the private network) speaks plain HTTP to it: TLS ends at the balancer."
	d.Fix = "Serve plain HTTP on the port in `run.ports` (drop the app's certificate and TLS listener, e.g. ListenAndServeTLS, `listen 443 ssl`, Kestrel's HTTPS endpoint, `server.ssl.enabled`); the balancer gives the public domain or subdomain its HTTPS. Then deploy again."
}
