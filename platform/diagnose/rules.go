package diagnose

import (
	"slices"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// ruleSpec is a rule as written: plain strings, which the compiler lays out
// as static data (a table of constructor calls was ~20 KB of package init
// code). buildRules turns the specs into rules when the package loads; the
// expressions compile on first use.
type ruleSpec struct {
	build, runtime string   // the signal in a build log and in a runtime log ("" where the rule does not apply)
	keys           []string // lower-case keywords, each a substring of every line an alternative of re matches
	re             string   // the expression the line must then match
	and            string   // when set, an expression that must match too
	not            string   // when set, an expression that, matching too, makes the rule not apply
	near           nearFunc // when set, what the line (lines[n]) and those around it must show too
}

// nearFunc reports whether lines around lines[n], or line (lines[n] past
// its timestamp and colours) itself, show what a rule needs besides its
// expression: a settings class's traceback, a program's name misspelt.
type nearFunc func(lines []string, n int, line string) bool

// buildRules makes the rules of specs, in order.
func buildRules(specs []ruleSpec) []rule {
	out := make([]rule, len(specs))
	for i, sp := range specs {
		out[i] = rule{build: sp.build, runtime: sp.runtime, keys: sp.keys, re: lazyregexp.New(sp.re), near: sp.near}
		if sp.and != "" {
			out[i].and = lazyregexp.New(sp.and)
		}
		if sp.not != "" {
			out[i].not = lazyregexp.New(sp.not)
		}
	}
	return out
}

// rules are ruleSpecs as the classifier reads them.
var rules = buildRules(slices.Concat(ruleSpecs, familySpecs))

// dbWords names, in a line, a database or its client or port: the
// servers, their drivers and ORMs (node, Python, Elixir, PHP, Ruby, Java,
// .NET, Go), SQL's own SQLSTATE, and the ports only databases listen on.
const dbWords = `(?i)\b(postgres\w*|postgrex|psql|pg|pq|pgx|npgsql|psycopg\w*|asyncpg|mysql\w*|pymysql|myxql|mariadb|redis|ioredis|redix|valkey|keydb|mongo\w*|pymongo|mongoose|sqlalchemy|prisma|typeorm|sequelize|knex|ecto|dbconnection|activerecord|pdo\w*|sqlstate|jdbc|hikari\w*|sqlx|database server|5432|6432|3306|6379|27017)\b`

// hostNotFound is how resolvers and clients say a hostname does not resolve.
const hostNotFound = `(?i)\bENOTFOUND\b|\bEAI_AGAIN\b|name or service not known|could not translate host name|temporary failure in name resolution|no such host|UnknownHostException|getaddrinfo (for \S+ )?failed|unknown mysql server host|failed to lookup address|host not found|could not resolve host|nodename nor servname|\bnxdomain\b|non-existing domain`

// budgetExceeded is how Angular CLI says a bundle or a stylesheet is over
// its size budget.
const budgetExceeded = `(?i)exceeded maximum budget|budgets, maximum exceeded for`

// indexCycle is nginx's loop when the fallback of try_files (an SPA's
// /index.html) is itself missing from the root: the index file was not
// deployed where the server looks.
const indexCycle = `rewrite or internal redirection cycle while internally redirecting to "\S*/index\.html?"`

// nextNoBuild is `next start` finding no build in its output directory.
const nextNoBuild = `(?i)Could not find a (production|valid) build in the '([^']+)' directory`

// bundlerPlatform is Bundler refusing a Gemfile.lock that lacks the
// platform it runs on (locked on a Mac, run on x86_64-linux or its musl).
const bundlerPlatform = `Your bundle only supports platforms\b|Add the current platform to the lockfile with`

// packageBin is the directory of a package's own commands: node_modules'
// .bin, Composer's vendor/bin.
const packageBin = `(?:node_modules/\.bin|vendor/bin)/`

// phpPackageClass is PHP (or Symfony's error handler) not finding a
// namespaced class, interface, trait or enum; in a JSON log its quotes and
// backslashes come escaped.
const phpPackageClass = `\b(Class|Interface|Trait|Enum) \\?["']\\*[A-Za-z_]\w*(\\+[A-Za-z_]\w*)+\\?["'] not found|Attempted to load (class|interface|trait) "\w+" from namespace "[\w\\]+"`

// phpOwnClass is a class phpPackageClass finds in the app's own namespace
// (Laravel's and Symfony's App\, tests, seeders): the app's code or its
// autoload, not a package.
const phpOwnClass = `\b(Class|Interface|Trait|Enum) \\?["']\\*(App|Tests?|Database)\\|from namespace "(App|Tests?|Database)\b`

// viteHostHint is Vite's (and the servers built on it: Astro, Nuxt) note
// that it listens on localhost only; Vite 2 quoted the flag in backticks.
const viteHostHint = "use \x60?--host\x60? to expose"

// varWwwMissing is a tool, run by prepare commands, finding no file in
// /var/www, the directory it looked in (Composer's "could not find a
// composer.json file in /var/www", cargo's); a file path under it (node's
// "Cannot find module '/var/www/server.js'") is a start file's.
const varWwwMissing = `(?i)\b(could ?n[o']t|can ?not|can't|unable to|failed to) (find|locate)\b.{0,60}\bin ['"\x60]?/var/www/?['"\x60]?(\s|$)`

// varWwwRead is a command reading /var/www, where a prepare command finds
// nothing yet: a cd, a file a program opens, a tool's manifest.
const varWwwRead = `(?i)can't cd to /var/www\b|(^|\s)['"]?/var/www(/[^\s'"]*)?['"]?: No such file or directory|No such file or directory(:| @ \w+ -) ['"]?/var/www\b|\bENOENT\b.*['"]/var/www\b|Could not open (input|requirements) file: .*/var/www\b|` + varWwwMissing

// varWwwRun is a program run from /var/www that is not there: node's,
// python's, ruby's words for a start file. In a log of the run-prepare step
// it is a prepare command reading the deploy's files; alone, a start file.
const varWwwRun = `(?i)Cannot find module ['"]/var/www/|can't open file ['"]/var/www/|No such file or directory -- /var/www/`

// bundlerParse is a bundler's report that it could not parse or transform
// a source file.
const bundlerParse = `(?i)Parsing (ecmascript|typescript|css|js) source code failed|Turbopack build failed with \d+ errors?|Module parse failed: |Transform failed with \d+ errors?|\bRollupError: |^\s*(Error:\s+)?[x×] (Unexpected|Expected) `

// processKilled is a process killed for memory (by the kernel's OOM
// killer, signal 9) as its driver, shell or platform says: a compiler or
// build daemon's driver (gcc's "Killed signal terminated program
// cc1plus", go's "signal: killed", collect2's "[Killed]"), a shell's bare
// "Killed", or "killed" beside the memory it ran out of.
const processKilled = `(?i)Killed signal terminated program|internal compiler error: Killed|terminated with signal 9\b|\bsignal: killed\b|\[Killed\]|The system is out of resources|Not enough memory to run compilation|daemon disappeared unexpectedly|` +
	`\bkilled\b.{0,60}\b(memory|RAM)\b|\b(memory|RAM)\b.{0,60}\bkilled\b|(?-i:^\s*(\S+:\s*)?(line \d+:\s*)?(\d+\s+)?Killed(\s.*)?$)`

// managerFileMissing is a process manager or server finding no config or
// script file it was told to start from.
const managerFileMissing = `(?i)\[PM2\]\[ERROR\] (File \S+ not found|Script not found)|Configuration file \S+ is missing|\bProcfile does not exist|could not find config file|\b(config|configuration) file "?\S+"? (not found|does not exist)|\b(config|configuration) file (not found|does ?n[o']t exist|is missing):? ['"]?/\S+|reading config from file: open \S+: no such file or directory|open\("[^"]+"\): No such file or directory|unable to load configuration from \S+|\[emerg\] open\(\) "[^"]+\.conf" failed \(2: No such file or directory\)`

// nativeOtherPlatform is a native module whose binary was built or
// installed for another platform than the one it runs on.
const nativeOtherPlatform = `Could not load the "[\w@/.-]+" module using the [\w-]+ runtime|installed esbuild for another platform|The package "@esbuild/[\w-]+" could not be found, and is needed by esbuild|invalid ELF header|Error relocating \S+: \S+: symbol not found|(?i:query engine)( library)? for (the )?(current platform|runtime) "[^"]+"|Cannot find native binding|Failed to load native binding|compiled against a different Node\.js version|Error loading shared library ld-linux\S*: No such file or directory|Error loading shared library \S+: No such file or directory \(needed by \S+\.(node|so)\)|version .GLIBC_[\d.]+. not found \(required by `

// assetManifestMissing is a framework finding no build manifest of its
// assets at run time.
const assetManifestMissing = `(?i)\b(vite|mix|webpack|asset|encore|static|propshaft)\b[^.]{0,40}\bmanifest\b.{0,80}?\b(not found|does ?n[o']t exist|is missing|could not be found)|Missing staticfiles manifest entry for|Unable to locate Mix file|Could not find (the )?static manifest at|Could not find the entrypoints file from Webpack|can't find \S+ in the manifests|is not present in the asset pipeline|Propshaft::MissingAssetError|` +
	// any framework's build output (Remix's server build, a build
	// directory) it does not find at start
	`\b(build|compiled|production|server|client) (output|directory|dir|folder|bundle|build|manifest)\b.{0,60}?\b(not found|does ?n[o']t exist|is missing|could not be found)\b|\b(could ?n[o']t|can ?not|can't|unable to|failed to) (find|locate)( the)? (build (output|directory|dir|folder|manifest)|(server|production|client) build)\b`

// buildOutputFileMissing is a file under a build's output directory
// (dist, build, .next, .output, public/build) that the running app finds
// missing, in Node's, Python's or Go's words.
const buildOutputFileMissing = `(?i)\b(ENOENT|No such file or directory)\b.{0,60}['"](/var/www/|\./)?(dist|build|\.next|\.output|\.svelte-kit|public/build)/[^'"\s]+['"]|(^|[\s'"])(/var/www/|\./)?(dist|build|\.next|\.output|public/build)/\S+: no such file or directory`

// notWritable is a framework's or system's words for a path it may not
// write, or a directory it could not create there (Symfony's "Unable to
// create the "cache" directory", Twig's, Flysystem's, a JVM's "Could not
// create directory", SQLite's readonly database).
const notWritable = `(?i)unable to write (in|to|into) (the )?["']?(/|\w+ (directory|file))|\bnot writ(e)?able\b|must be (present and )?writ(e)?able|read-only file system|\bEROFS\b|\[Errno 30\]|attempt to write a readonly database|\bSQLITE_READONLY\b|` +
	`\b(unable to|failed to|could ?n[o']t|can ?not|can't) (create|make) (the |a )?(["'][^"']+["'] |\w+ )?(directory|dir|folder)\b`

// lockStale is a tool saying its lock file is out of step with the
// manifest, in any wording.
const lockStale = `(?i)\b(lock[ -]?file|\S+\.lock|\S+-lock\.(json|ya?ml)|packages\.lock\.json)\b.{0,80}?\b(is (now )?|was |are )?(out[ -]of[ -]date|not up[ -]to[ -]date|outdated|stale|out of sync|inconsistent|needs to be (updated|regenerated))\b|\b(lock[ -]?file|\S+\.lock)\b.{0,40}\b(hash|checksum|content[ -]hash)\b.{0,20}(\b(does ?n[o']t|do(es)? not) match|\bmismatch(ed)?\b)|` +
	// the manifest's or config's value first, the lock's second (pnpm's
	// "configuration doesn't match the value found in the lockfile")
	`\b(does ?n[o']t|do(es)? not|no longer) match\b.{0,60}\b(in|from|of) the lock[ -]?file\b|` +
	// a frozen install refused, in any wording
	`\b(can ?not|can't|unable to|refus(es|ed|ing) to)\b.{0,30}\bfrozen[ -]?(install\w*|lock[ -]?file)\b|` +
	// Mix's per dependency status ("lock outdated: the lock is outdated"),
	// and a resolver's conflict whose other side is the lock ("> In
	// mix.lock:", Hex's "mix.lock specifies")
	`\bthe lock (is|was) (outdated|out[ -]of[ -]date)\b|^\s*lock (mismatch|outdated): |^\s*>?\s*In (the )?(\S+\.lock|lock[ -]?file):|\b(\S+\.lock|lock[ -]?file) specifies\b`

// noVersionMatches is a resolver finding no published version of a package
// that the manifest's constraint accepts (Poetry, Yarn, Bun), in its words.
const noVersionMatches = `(?i)\bdoes ?n[o']t match any versions\b|Couldn't find any versions for "[^"]+" that match|No version matching "[^"]+" found for specifier|\bno versions match\b`

// nodeTooOld is a tool refusing the Node.js version it runs on in its own
// words (Vite's, Next.js's, Angular CLI's), not npm's engines check.
const nodeTooOld = `(?i)\brequires (a minimum )?Node(\.js)?( version)?( of)?( either)? (>=? ?)?v?\d|\bNode\.js version \S+ (is required|detected\b.{0,40}\brequires)|For [\w.]+, Node\.js version .{0,60} is required`

// nodeRefused is a tool refusing the Node.js it runs on with the version
// it runs and the one it needs (Astro's "Node.js v18.19.1 is not supported
// by Astro!" and its "Please upgrade Node.js to a supported version",
// Wrangler's "requires at least Node.js v20.0.0. You are using v18…").
const nodeRefused = `(?i)\bNode(\.js)? v?\d+\.\d+\S* is not supported by \w|\bPlease upgrade Node(\.js)? to a supported version\b|\brequires at least Node(\.js)? v?\d`

// goTemplateParse is Go's text/template parse error, "template: NAME:LINE:
// message", as Hugo (after "parse failed:", or in "Failed to add
// template") and a Go app print it. An execution error names the column
// too ("NAME:LINE:COL: executing …"): a page's data, not the source.
const goTemplateParse = `\btemplate: [^\s:"]+:\d+: \S`

// langTooOld is a package or a platform check refusing the language
// version it runs on, in its own words: RubyGems' required_ruby_version,
// Composer's platform check at run time, javac reading a class file of a
// newer Java.
const langTooOld = `(?i)\brequires Ruby version [<>=~]|\brequire a PHP version "[^"]+"\. You are running\b|class file has wrong version [\d.]+, should be [\d.]+`

// langNotAllowed is a tool refusing the language version it runs on as
// the project's own requirement (Poetry's "Current Python version (3.11.10)
// is not allowed by the project (^3.12)", its older "is not supported by
// the project", and its failure after looking for another interpreter).
// Poetry's "The currently activated Python version" is a warning it goes
// on from, looking for another.
const langNotAllowed = `\b(?:[Tt]he )?[Cc]urrent (Python|PHP|Ruby|Node(\.js)?|Java|Go|Rust|Elixir|Erlang/OTP|\.NET|Dart|Deno|Bun) version \(?[\w.+-]+\)? is not (allowed|supported|compatible)( by| with)? the project\b|Poetry was unable to find a compatible version\b`

// appRefFormat is an app server refusing the form of the app reference
// its command line gave (uvicorn's and gunicorn's module:attribute).
const appRefFormat = `Import string "[^"]*" must be in format "<module>:<attribute>"|Failed to parse '[^']*' as an attribute name or function call|` + noAppModule

// noAppModule is gunicorn started with no app module: its argument
// parser's error before 20.1 (`gunicorn: error: …`), its config error since.
const noAppModule = `(?i:error): No application module specified`

// gunicornKillGuess is gunicorn's line for a worker killed by SIGKILL.
const gunicornKillGuess = `Worker \(pid:\d+\) was sent SIGKILL! Perhaps out of memory\?`

// httpClientError is a framework's exception for a request it answers
// with a 4xx (Symfony's and Laravel's HttpExceptions, Django's Http404):
// logged as uncaught, yet the request was answered and nothing crashed.
const httpClientError = `\b(NotFound|AccessDenied|MethodNotAllowed|BadRequest|Unauthorized|Gone|Conflict|UnprocessableEntity|TooManyRequests|PreconditionFailed|PreconditionRequired|NotAcceptable|UnsupportedMediaType|LengthRequired|Locked)HttpException\b|\bHttp404\b|\bResourceNotFoundException\b|\bModelNotFoundException\b`

// rubyUncaught is Ruby's report of an exception nothing rescued: the file
// and line that raised it, the method (quoted with a backtick before Ruby
// 3.4, a quote since), the message and the class in parentheses.
const rubyUncaught = `^\S+:\d+:in [\x60'][^']*': .*\(([A-Z]\w*::)*[A-Z]\w*\)\s*$`

// plainReply is a TLS client reading a plain-text reply (OpenSSL's wrong
// version number, Go's "first record does not look like a TLS
// handshake", .NET's, Java's, rustls's words): it spoke TLS to a port that
// serves plain text, an app's HTTP or a database's own protocol.
const plainReply = `(?i)wrong[ _]version[ _]number|packet length too long|server gave HTTP response to HTTPS client|first record does not look like a TLS handshake|Unsupported or unrecognized SSL message|corrupted frame was received|InvalidContentType|SSL: UNKNOWN_PROTOCOL`

// resolveConflict is a resolver finding no set of versions that meets
// every constraint (npm's ERESOLVE, pip's ResolutionImpossible, Poetry's
// and Hex's version solving, Mix's diverged dependencies, pnpm's peer
// issues): the manifest's versions conflict.
const resolveConflict = `(?i)npm (ERR!|error) (code ERESOLVE|ERESOLVE (unable|could not))|\bunable to resolve dependency tree\b|\bResolutionImpossible\b|because these package versions have conflicting dependencies|\bversion solving failed\b|\bDependencies have diverged\b|\bdependency resolution failed\b|ERR_PNPM_PEER_DEP_ISSUES`

// integrityMismatch is a package manager finding a downloaded package's
// checksum other than the one its lock file records.
const integrityMismatch = `(?i)\bcode EINTEGRITY\b|\bintegrity checksum failed\b|ERR_PNPM_TARBALL_INTEGRITY|\bYN0018\b|doesn't match the expected checksum`

// registryWords names a package registry or a source repository in a line.
const registryWords = `(?i)registry|npmjs|yarnpkg|pypi|pythonhosted|packagist|proxy\.golang|crates\.io|rubygems|maven|nuget|hex\.pm|jsr\.io|github\.com|gitlab\.com`

// sourceErrorLine is a compiler's error naming the source file and line
// (kotlinc's, swiftc's, gcc's, zig's, a linter's), whatever the language.
const sourceErrorLine = `^\s*\S+\.(kt|kts|scala|swift|java|c|cc|cpp|cxx|h|hpp|m|rs|zig|nim|hs|dart|cs|fs|vb|go|ts|tsx|mts|js|jsx|mjs|vue|svelte|ex|exs|erl|cr|d|f90|pas):\d+(:\d+)?:? (fatal )?error\b`

// loopbackUpstream is the address of a proxy's upstream on its own
// container's loopback (nginx's upstream: "http://127.0.0.1:9000/"): the
// app beside the proxy is not on that port. Another host's refusal is that
// service's (connection-refused).
const loopbackUpstream = `\w+://(127\.0\.0\.1|localhost|\[::1\])[:/]`

// barePackage is an import specifier naming a package (react,
// @tanstack/react-query, lodash/merge), not a path: no ./, ../, /, and no
// alias (@/, ~/, #x, a scheme's virtual:x).
const barePackage = `(@[a-z0-9][\w.-]*/)?[a-z0-9][\w.-]*(/[^"'\s:]*)?`

// bundlerNoPackage is a bundler that cannot resolve a package the source
// imports (Vite's Rollup and its import analysis, esbuild, webpack and
// Next.js, Parcel, Bun's bundler with a colon after "resolve"): the package
// is not installed, not in the manifest.
const bundlerNoPackage = `(?i)\bfailed to resolve import "` + barePackage + `"( from|\.|$)|\bCould not resolve:? "` + barePackage + `"|Module not found: (Error: )?Can't resolve '` + barePackage + `'|\bFailed to resolve '` + barePackage + `' from\b`

// sourceAlias is a bare-looking specifier whose first segment is a source
// directory (a baseUrl alias, "stores/auth"), or a Node.js built-in (fs,
// path), or Bun's own module ("bun"), a browser build cannot take: the
// source's or the config's error (the build's target), no package's.
const sourceAlias = `(?i)(import|resolve:?|module) ["'](src|app|lib|components|stores?|utils|assets|pages|views|styles|hooks|config|layouts|composables|routes)/|set platform to|["']node:|(import|resolve:?) ["'](bun|fs|path|os|crypto|https?|url|util|stream|events|buffer|child_process|net|tls|zlib|assert|querystring|worker_threads|dns|readline|perf_hooks|async_hooks)(/[^"']*)?["']`

// systemHeaderMissing is a C compiler not finding a system library's
// header (Python's, libffi's, OpenSSL's, libpq's, zlib's and kin): an OS
// package the build container lacks, not a file of the source.
const systemHeaderMissing = `(?i)fatal error: (Python|ffi|zlib|jpeglib|png|sqlite3|mysql|libpq-fe|pg_config|yaml|gmp|ruby|bzlib|lzma|readline|ncurses|curl/curl|openssl/\w+|libxml/\w+|libxslt/\w+|security/pam_appl|sasl/sasl|krb5|gssapi/\w+|Python\d?[\d.]*/Python)\.h: No such file or directory`

// toolchainMissing is a build that lacks a compiler, make, Python (which
// node-gyp needs) or a library's headers, in the compiler's, node-gyp's,
// setuptools', rustc's, env's, pkg-config's or a library's build script's
// words.
const toolchainMissing = systemHeaderMissing + `|gyp ERR! stack Error: not found: (make|g\+\+|gcc|python\d?)|gyp ERR! stack Error: Could not find any Python installation to use|(^|\s)(/usr/bin/)?env: ['"]?(python\d?|make|gcc|g\+\+|cc|clang)['"]?: No such file or directory|No package '[\w.+-]+' found|Package [\w.+-]+ was not found in the pkg-config search path|error: command '\S*(gcc|cc|g\+\+|clang|c\+\+)' failed: No such file or directory|error: linker .(cc|gcc|clang). not found|pg_config executable not found|(^|\s)(/bin/)?(ba|da)?sh: (line )?(\d+: )?(gcc|g\+\+|cc|c\+\+|make|cmake|clang): (command )?not found`

// testsFailed is a test runner's summary of failed tests (jest's and
// vitest's, pytest's and unittest's, go test's, mocha's, RSpec's and ExUnit's, PHPUnit's,
// Maven Surefire's and Gradle's, cargo's, dotnet test's, deno's and bun's):
// a test run in the build command failed it.
const testsFailed = `(?i)^\s*Tests?( Suites| Files)?:?\s+[1-9]\d* failed\b|^\s*Tests?( Files)?\s+[1-9]\d* failed \|` +
	`|^=*\s*[1-9]\d* failed(, \d+ \w+)* in [\d.]+s\b|^FAILED \S+\.py::\S+|^--- FAIL: \S+ \(|^FAIL\s+\S+\s+[\d.]+s\s*$` +
	`|^\s*[1-9]\d* failing\s*$|\b\d+ (examples?|tests?), [1-9]\d* failures?\b|^FAILURES!\s*$|^Tests: \d+, Assertions: \d+, (Errors: \d+, )?Failures: [1-9]` +
	`|There (are|were) (test failures|failing tests)\b|Tests run: \d+, Failures: [1-9]\d*, Errors|Tests run: \d+, Failures: \d+, Errors: [1-9]` +
	`|^FAILED \((failures|errors)=[1-9]|\btest result: FAILED\b|^error: test failed, to rerun pass|^\s*Failed!\s+- Failed:\s+[1-9]|^FAILED \| \d+ passed \| [1-9]\d* failed|^\s*[1-9]\d* fail\s*$`

// yarnNoCommand is Yarn 1 finding no script (nor package binary) of the
// name it was asked to run, behind a stage's or task runner's tag
// (lineTag), or quoted inside older Yarn 1's "An unexpected error occurred".
const yarnNoCommand = lineTag + `?error Command "([^"]+)" not found|An unexpected error occurred: "Command \\"([^"\\]+)\\" not found`

// ruleSpecs lists how the tools print each failure. The first rule of a signal
// to match a line gives its evidence; signals are then ordered by rank.
var ruleSpecs = []ruleSpec{
	// --- The Zerops build and zerops.yml.
	{build: "zerops-yml-invalid", runtime: "zerops-yml-invalid", keys: []string{"zerops.yml", "zerops.yaml", "zeropsyaml", "build_validation_failed"}, re: `(?i)build_validation_failed|zeropsYaml\w*(invalid|notfound|missing|required|error)|zerops\.ya?ml\b.*\b(invalid|unknown|not found|no setup|cannot|can't|could not|failed|missing|must|error|mapping values|did not find)|\b(invalid|cannot parse|failed to parse|error (in|parsing|reading))\b.*zerops\.ya?ml|\b(no setup|setup\b.{0,60}\b(not found|does ?n[o']t exist|missing)|(can(no|')t|could not) find (the |a )?(corresponding )?setup|unknown (field|key|property))\b.*zerops\.ya?ml`},
	{build: "zerops-yml-invalid", runtime: "", keys: []string{"yaml: "}, re: `^(\S+\s+)?(error:?\s*)?yaml: (line \d+|unmarshal errors)`},
	{build: "deploy-files-missing", runtime: "deploy-files-missing", keys: []string{"deployfiles", "deploy files", "deploy file", "deploy_files"}, re: `(?i)deploy[ _]?files?\b.*\b(not found|does ?n[o']t exist|no such file|missing|not exist|matched no|did not match|cannot stat|not present)|\b(not found|does ?n[o']t exist|no such file|missing|cannot stat|no files? matched|matched no)\b.*deploy[ _]?files?\b|(?i)deploy[ _]?files?\b.*\bno (files?|paths?|files? or director(y|ies))( or directory)? match(es|ed)?\b`},
	// A web server finds no index file (or no document root) where it serves
	// the app from: nginx's open() or "is not found", Apache's root,
	// DirectoryIndex and AH00128, a node server's sendFile of index.html. A stray file
	// (favicon.ico) is no failure.
	{build: "", runtime: "deploy-files-missing", keys: []string{"index.htm", "index.php", "directoryindex", "documentroot", "directory index of"}, re: `directory index of "[^"]+" is forbidden|(?i)(open\(\) |^|\s)"\S*/index\.(html?|php)" (failed|is not found) \(2: No such file or directory\)|\bENOENT\b.*\b(stat|open) '\S*/index\.html?'|No matching DirectoryIndex \([^)]*\) found|AH00128: File does not exist: \S*/index\.(html?|php)\b|DocumentRoot \[?\S+?\]? does not exist|` + indexCycle},
	// `next start` finds no build in its output directory (.next, or the
	// config's distDir): `next build` ran in the build, its output was not
	// deployed (Next.js 9+ "production build", older "valid build").
	{build: "", runtime: "deploy-files-missing", keys: []string{"could not find a production build", "could not find a valid build"}, re: nextNoBuild},
	{build: "deploy-files-missing", runtime: "", keys: []string{"cannot stat"}, re: `(?i)^tar: .*: cannot stat: no such file or directory`},
	{build: "build-timeout", runtime: "", keys: []string{"timed out", "timeout", "time limit", "took too long", "took longer than", "longer than", "the max", "the allowed"}, re: `(?i)\b(build|pipeline)\b.*\b(timed out|time ?out|time limit|took too long)\b|\b(timed out|time ?out|time limit)\b.*\b(build|pipeline)\b|\b(build|job|pipeline)\b.*\b(exceeded|exceeds|over) the (maximum|max|allowed) ([\w-]+ )?(time|duration)\b|\b(build|job|pipeline)\b.*\b(took|ran|runs|was running) longer than\b.*\b(limit|allowed|maximum|max)\b|\b(build|job|pipeline)\b.*\btook longer than\b`, not: `(?i)/time-?out\b`},
	{build: "prepare-reads-deploy-files", runtime: "", keys: []string{"/var/www"}, re: varWwwRead, not: `^stat `},
	// The same read in a runtime log, where the run-prepare step's own lines
	// show it: run.prepareCommands run before the deploy files are in /var/www.
	{build: "", runtime: "prepare-reads-deploy-files", keys: []string{"/var/www"}, re: varWwwRead, not: `^stat `, near: runPrepareLog},
	{build: "", runtime: "prepare-reads-deploy-files", keys: []string{"/var/www/"}, re: varWwwRun, near: runPrepareLog},
	// A run.prepareCommands command that goes to /var/www, in a run-prepare
	// step that failed: what it runs there finds none of the deploy files.
	{build: "", runtime: "prepare-reads-deploy-files", keys: []string{"cd /var/www"}, re: `(?i)\bcd\s+/var/www\b`, near: runPrepareFailed},
	{build: "prepare-command-failed", runtime: "prepare-command-failed", keys: []string{"prepare", "unable to locate package", "unable to select packages", "no such package", "no installation candidate", "apt-get: ", "apt: ", "apk: ", "yum: ", "dnf: ", "unable to lock database", "are you root", "could not open lock file /var/lib/"}, re: `(?i)preparing_runtime_failed|prepare ?commands?\b.*\b(failed|error|exit(ed)? (with )?(code|status) [1-9])|\bE: unable to locate package|\bE: package .* has no installation candidate|ERROR: unable to select packages|\(no such package\)|\b(apt-get|apt|apk|yum|dnf): (\d+: )?(command )?not found|ERROR: Unable to lock database: Permission denied|, are you root\?|Could not open lock file /var/lib/(dpkg|apt)\S*|\b(apt-get|apt|apk|yum|dnf): Permission denied`},
	{build: "", runtime: "health-check-failed", keys: []string{"health"}, re: `(?i)health ?check\]?\b.*\b(failed|failing|never passed|unsuccessful)\b`, not: `(?i)readiness`},
	{build: "readiness-check-failed", runtime: "readiness-check-failed", keys: []string{"readiness"}, re: `(?i)readiness\]?\s*(check|probe)\b.*\b(never (passed|succeeded)|did ?n[o']t (succeed|pass)|not (succeeded|passed)|unsuccessful|failed|timed? ?out|gave up)`},
	// A request of the check that got no answer in time, in any words of
	// the check's line: the check's own timeout, no upstream's.
	{build: "", runtime: "readiness-check-failed", keys: []string{"readiness"}, re: `(?i)readiness.*\b(deadline exceeded|timed? ?out|timeout)\b`, not: `(?i)refused`},
	// A request of the check answered 4xx or 5xx, in any words of the
	// check's line: the check failed there unless it passed later.
	{build: "", runtime: "readiness-check-failed", keys: []string{"readiness"}, re: `(?i)readiness.*[45]\d\d|[45]\d\d.*readiness`, not: `(?i)refused`, near: checkAnsweredNon2xx},

	// --- Package managers: scripts, lock files, dependencies, engines.
	{build: "npm-missing-script", runtime: "npm-missing-script", keys: []string{"missing script", "err_pnpm_no_script", "err_pnpm_recursive_run_no_script", "none of the selected packages has", "no script named", "script not found", "task not found", `command "`, `command \"`, "couldn't find a script named"}, re: `(?i)missing script:?|ERR_PNPM_(RECURSIVE_RUN_)?NO_SCRIPT|None of the selected packages has an? "[^"]+" script|\bno script named\b|script not found "|task not found|` + yarnNoCommand + `|Couldn't find a script named "`},
	{build: "lockfile-mismatch", runtime: "", keys: []string{"package-lock.json", "can only install packages", "from lock file", "lock file's", "lockfile", "lock file", "err_pnpm_outdated_lockfile", "err_pnpm_no_lockfile", "yn0028", "go.sum", "updates to go.mod needed", "updates to go.sum needed", "dependency lock state", "poetry.lock", "match the hashes", "nu1004", "integrity check failed", "checksum mismatch", "frozen mode is set", "deployment mode after changing"}, re: `(?i)can only install (packages )?(when your package\.json and package-lock\.json|with an existing package-lock\.json)|^npm ERR! (cipm|` + "`npm ci`" + `) can only install packages when your package\.json and\s*$|\bMissing: \S+ from lock file|\bInvalid: lock file's|lockfile would have been modified|\bYN0028\b|ERR_PNPM_\w*LOCKFILE\w*|lockfile had changes, but lockfile is frozen|missing go\.sum entry|updates to go\.(mod|sum) needed|is not part of the dependency lock state|Dependency lock state\b.{0,80}\bout of date|go\.sum: .*checksum mismatch|verifying \S+: checksum mismatch|poetry\.lock (was last generated|is not consistent)|changed significantly since poetry\.lock|do not match the hashes from the requirements file|\bNU1004\b|integrity check failed|required package "\S+" is not present in the lock file|the lockfile can't be updated because frozen mode is set|install in deployment mode after changing your Gemfile`},
	// Any tool's lock file out of step with its manifest, in its own words
	// (out of date, not up to date, outdated, a hash that does not match);
	// a warning counts only where the command then fails without relocking.
	{build: "lockfile-mismatch", runtime: "", keys: []string{"lockfile", "lock file", "lock-file", ".lock", "-lock.", "packages.lock.json", "frozen", "the lock ", "lock mismatch: ", "lock outdated: "}, re: lockStale, not: `(?i)\bupdating\b|\brelocking\b`, near: lockStaleFailed},
	// Bundler's lock file lacks the platform it runs on (a lock made on a
	// Mac, a musl base): it refuses to install, or to start under bundle exec.
	{build: "lockfile-mismatch", runtime: "lockfile-mismatch", keys: []string{"only supports platforms", "add the current platform to the lockfile"}, re: bundlerPlatform},
	{build: "dependency-not-found", runtime: "", keys: []string{"e404", "404 not found", "not in this registry", "etarget", "no matching version", "couldn't find package", "err_pnpm_fetch_404", "err_pnpm_no_matching_version", "satisfies the requirement", "no matching distribution", "could not be found in any version", "could not be resolved to an installable", "unknown revision", "invalid version", "cannot find module providing", "no matching package named", "failed to select a version", "nu1101", "nu1102", "nu1103", "could not resolve dependencies", "could not find artifact", "could not transfer artifact", "could not resolve all", "could not find ", "could not resolve ", " - 404", "failed to resolve", "package not found", "could not find gem", "not found: 404", "there is no version of", "no solution found when resolving", "yn0035", "no candidates found", "could not find version of", "match any versions", "couldn't find any versions for", "no version matching", "no versions match", "could not find constraint", "as a dependency of package"}, re: `(?i)\bcode E404\b|\b404 Not Found - GET\b|is not in this registry|\bcode ETARGET\b|no matching version found for|couldn't find package "|ERR_PNPM_(FETCH_404|NO_MATCHING_VERSION)|could not find a version that satisfies the requirement|no matching distribution found for|could not be found in any version|could not be resolved to an installable set|\bunknown revision\b|\binvalid version: |cannot find module providing package|no matching package named|failed to select a version for|\bNU110[123]\b|could not resolve dependencies for|could not (find|transfer) artifact|could not resolve all (files|dependencies)|^\s*> could not (find|resolve) [\w.-]+:[\w.-]+|GET https?://\S+ - 404\b|^error: \S+@\S+ failed to resolve|^error: package "\S+" not found|\b(JSR|npm) package (not found|'\S+' does not exist)|could not find npm package|could not find gem '|module \S+: reading \S+: 404 Not Found|there is no version of \S+ and you require|No solution found when resolving dependencies|\bYN0035\b.*(: Package not found|Response Code: 404\b)|@npm:\S+: No candidates found|Could not find version of '\S+' that matches specified version constraint|Could not find constraint .{0,80}\bin (the )?list of versions|failed to get .\S+. as a dependency of package|` + noVersionMatches},
	// The manifest's versions conflicting, in any resolver's words.
	{build: "dependency-not-found", runtime: "", keys: []string{"eresolve", "unable to resolve dependency tree", "resolutionimpossible", "conflicting dependencies", "version solving failed", "dependencies have diverged", "dependency resolution failed", "err_pnpm_peer_dep_issues"}, re: resolveConflict},
	// A bundler that cannot resolve a package the source imports: the
	// package is missing from the manifest (or not installed), not a source
	// path (compile-error reads those).
	{build: "dependency-not-found", runtime: "", keys: []string{"failed to resolve import", "could not resolve \"", "could not resolve: \"", "can't resolve '", "failed to resolve '"}, re: bundlerNoPackage, not: sourceAlias},
	// A gem or driver the app loads at boot that the bundle does not hold
	// (Bundler's "is not part of the bundle", Rails' adapter, RubyGems'
	// activation, Django's database driver): missing from the manifest.
	{build: "dependency-not-found", runtime: "module-not-found-at-runtime", keys: []string{"is not part of the bundle", "active record adapter", "but the gem is not loaded", "total gem(s)", "error loading "}, re: `(?i)\bis not part of the bundle\. Add it to (your )?Gemfile|Error loading the '\w+' Active Record adapter|Specified '\w+' for database adapter, but the gem is not loaded|Could not find '[\w.-]+' \([^)]*\) among \d+ total gem\(s\)|Error loading (psycopg2?|psycopg|MySQLdb|mysqlclient|cx_Oracle|oracledb)( or \w+)? module`},
	// A registry the build cannot reach, or yarn 1's 404 of a package.
	{build: "dependency-not-found", runtime: "", keys: []string{"enotfound", "eai_again", "name or service not known", "could not translate host name", "temporary failure in name resolution", "no such host", "unknownhostexception", "no such host is known", "getaddrinfo", "unknown mysql server host", "failed to lookup address", "host not found", "could not resolve host", "nodename nor servname", "nxdomain", "non-existing domain"}, re: hostNotFound, and: registryWords},
	{build: "dependency-not-found", runtime: "", keys: []string{"an unexpected error occurred"}, re: `An unexpected error occurred: "\S+: (Not found|Request failed "404 Not Found")"`},
	// A package whose checksum is not the lock file's.
	{build: "lockfile-mismatch", runtime: "", keys: []string{"eintegrity", "integrity checksum failed", "err_pnpm_tarball_integrity", "yn0018", "expected checksum"}, re: integrityMismatch},
	{build: "runtime-version-mismatch", runtime: "runtime-version-mismatch", keys: []string{"ebadengine", "unsupported engine", "notsup", "engine \"", "err_pnpm_unsupported_engine", "requires go >=", "requires go ", "different python", "your php version", "requires rustc", "is not supported by the following package", "netsdk1045", "does not support targeting", "release version", "invalid target release", "invalid source release", "unsupportedclassversionerror", "more recent version of the java runtime", "unsupported class file major version", "feature `edition", "you must install or update .net", "was not found.", "you're trying to run", "your ruby version is", "project's python requirement", "requires node", "requires a minimum node", "node.js version", "requires ruby version", "require a php version", "class file has wrong version", "is not allowed", "is not supported by the project", "is not compatible with the project", "unable to find a compatible", "compatible set of packages"}, re: `(?i)npm (ERR!|error) (code EBADENGINE|engine Unsupported engine|notsup Unsupported engine|notsup Required: )|the engine "[^"]+" is incompatible with this module|ERR_PNPM_UNSUPPORTED_ENGINE|go\.mod requires go >= |note: module requires go \d|require(s|d)? a different python|your php version \([^)]*\) does not satisfy|requires php [^ ]+ but your php version|requires rustc [\d.]+ or newer|rustc [\d.]+ is not supported by the following package|\bNETSDK1045\b|does not support targeting \.NET|release version \d+ not supported|invalid (target|source) release|UnsupportedClassVersionError|compiled by a more recent version of the Java Runtime|unsupported class file major version|feature .edition\d+. is required|You must install or update \.NET to run this application|The framework '[^']+', version '[^']+' (\(\w+\) )?was not found\.|You're trying to run :\w+ on Elixir v\S+ but it has declared in its mix\.exs file it supports only|Your Ruby version is \S+, but your Gemfile specified|` + langNotAllowed + `|` + composerPlatform + `|incompatible with the project's Python requirement|` + nodeTooOld + `|` + langTooOld},

	// A package's engine range the installing runtime does not meet, only
	// warned of (npm's EBADENGINE, pnpm's "Unsupported engine", Mix's
	// "requires Elixir ... but you are running on"), where the build then
	// fails on what the older runtime lacks (Object.groupBy is not a
	// function, an undefined Elixir function).
	// A tool's own refusal of the Node.js it runs on, as an error: a warning
	// of the same words (Wrangler's before it failed hard) fails nothing.
	{build: "runtime-version-mismatch", runtime: "runtime-version-mismatch", keys: []string{"is not supported by", "upgrade node", "requires at least node"}, re: nodeRefused, not: `(?i)\[WARN(ING)?\]|\bwarn(ing)?:`},
	{build: "runtime-version-mismatch", runtime: "runtime-version-mismatch", keys: []string{"ebadengine", "unsupported engine", "but you are running on"}, re: engineWarning, near: engineThenMissingAPI},

	// --- Compilers and bundlers.
	{build: "compile-error", runtime: "compile-error", keys: []string{"error ts", "[error]", "error[e", "could not compile", "error cs", "error fs", "compilation error", "compilation failed", "failed to compile", "module not found: error", "can't resolve", "module build failed", "error during build", "failed to resolve import", "could not resolve", "type error:", "parse error", "syntax error, unexpected", ".java:", ".kt:", ": error:"}, re: `(?i)\berror TS\d{3,5}\b|\bTS\d{3,5} \[ERROR\]|error\[E\d{4}\]|error: could not compile|\berror (CS|FS)\d{4}\b|COMPILATION ERROR|compilation failed|failed to compile|Module not found: Error: Can't resolve|Module build failed|error during build|failed to resolve import|(?-i:(^|\s)[✘X] \[ERROR\] )|^(\S+ )?type error: |PHP Parse error|Parse error: syntax error|syntax error, unexpected|\.java:\[\d+,\d+\]|\.java:\d+: error:|^e: (file://)?\S+\.kts?:|\.(c|cc|cpp|h|hpp):\d+:\d+: (fatal )?error:`, not: budgetExceeded + `|` + systemHeaderMissing, near: notViteEntry}, // a size budget is no error in the source, a system header none of the source's; a missing entry none in it
	// A bundler that cannot parse or transform a source file (Turbopack,
	// SWC, webpack's loaders, Vite's plugins, Rollup): the source's error,
	// whatever the bundler calls its failure.
	{build: "compile-error", runtime: "", keys: []string{"source code failed", "turbopack build failed", "module parse failed", "transform failed", "rolluperror", "x unexpected", "x expected", "× unexpected", "× expected"}, re: bundlerParse},
	// A Go template that does not parse (Hugo's layouts, a Go app's
	// html/template): the template's source error.
	{build: "compile-error", runtime: "compile-error", keys: []string{"template: "}, re: goTemplateParse},
	{build: "compile-error", runtime: "", keys: []string{".go:"}, re: `^(\[[\w.-]+\]\s+)?\s*\.{0,2}/?[\w./-]+\.go:\d+:\d+: `, not: goSumLines}, // a module's checksum is the lock file's (lockfile-mismatch), not the source's
	// Any compiler's "file:line[:col]: error" of a source file, and an
	// error whose location follows on an arrow line (rustc's " --> file:L:C").
	{build: "compile-error", runtime: "", keys: []string{": error", ": fatal error"}, re: sourceErrorLine, not: systemHeaderMissing},
	{build: "compile-error", runtime: "", keys: []string{"error"}, re: `^error(\[E\d{4}\])?: `, near: arrowLocationNext},
	// tsc's own code, wherever a bundler or loader prints it (ts-loader's
	// "[tsl] ERROR" puts it alone on the next line, rollup after its plugin).
	{build: "compile-error", runtime: "compile-error", keys: []string{"ts1", "ts2", "ts5", "ts6", "ts7", "ts8"}, re: `(^|[\s(:])TS[125678]\d{3}: `},
	// At run time, Node's SyntaxError from its own compiler in the app's
	// file: the module did not parse (nodesyntax.go).
	{build: "", runtime: "compile-error", keys: []string{"syntaxerror"}, re: `^\s*SyntaxError: `, near: nodeParseFailed},
	{build: "compile-error", runtime: "", keys: []string{"syntaxerror"}, re: `^\s*SyntaxError: `},
	// Elixir's compiler: its banner naming the file, or the error it raises.
	{build: "compile-error", runtime: "compile-error", keys: []string{"compilation error in file", "compilation error on file", "(compileerror)", "(syntaxerror)", "(tokenmissingerror)", "(mismatcheddelimitererror)"}, re: `^== Compilation error (in|on) file \S+ ==|^\s*\*\* \((CompileError|SyntaxError|TokenMissingError|MismatchedDelimiterError)\) \S+`},
	{build: "compile-error", runtime: "", keys: []string{"execution failed for task ':compile"}, re: `(?i)execution failed for task ':compile`},
	// A bundle over its size budget (Angular CLI's maximumError: esbuild's
	// [ERROR], webpack's Error: and ERROR in) fails the build command, not
	// the compiler; the same budget as a warning fails nothing.
	{build: "build-command-failed", runtime: "", keys: []string{"exceeded maximum budget", "maximum exceeded for"}, re: `(?i)(\[ERROR\]|\bError:|\bERROR in)\s.*(` + budgetExceeded + `)`},

	// --- Memory (the build's or the app's).
	{build: "build-out-of-memory", runtime: "out-of-memory", keys: []string{"heap out of memory", "reached heap limit", "outofmemoryerror", "heap space is exhausted", "garbage collector thrashing", "runtime: out of memory", "allowed memory size", "memoryerror", "outofmemoryexception", "memory allocation of", "out of memory", "oom", "sigkill", "exit code 137", "code 137", "status 137", "virtual memory exhausted", "cannot allocate memory", "enomem", "code: 137", "status: 137", "bad_alloc", "failed to allocate memory", "nomemoryerror"}, re: `(?i)JavaScript heap out of memory|Reached heap limit|OutOfMemoryError|JVM heap space is exhausted|garbage collector (is )?thrashing|runtime: out of memory|Allowed memory size of \d+ bytes exhausted|(^|\s)MemoryError\b|OutOfMemoryException|memory allocation of \d+ bytes failed|out of memory|\bOOM[ -]?kill|OOMKilled|signal: 9, SIGKILL|sent SIGKILL|\bexit(ed)?\b.{0,30}\b(code|status):? 137\b|virtual memory exhausted|cannot allocate memory|\bENOMEM\b|std::bad_alloc|failed to allocate memory|\bNoMemoryError\b`, not: gunicornKillGuess},
	// gunicorn's "Perhaps out of memory?" is its guess for any worker killed
	// by SIGKILL; the arbiter kills a worker that timed out too, and then
	// the timeout is the failure.
	{build: "", runtime: "out-of-memory", keys: []string{"perhaps out of memory"}, re: gunicornKillGuess, near: notAfterWorkerTimeout},
	// A process killed for its memory, in its driver's, shell's or
	// platform's words; one a supervisor restarts is not the failure.
	{build: "build-out-of-memory", runtime: "out-of-memory", keys: []string{"killed", "terminated with signal 9", "out of resources", "not enough memory to run compilation", "disappeared unexpectedly"}, re: processKilled, not: `(?i)restart(ing|ed)|recycl|replac(ing|ed)|` + gunicornKillGuess},

	// --- Start: the entry file, the dependencies, the environment.
	{build: "", runtime: "init-command-failed", keys: []string{"initcommand", "init command"}, re: `(?i)init ?commands?\b.*\b(exited with (code|status) [1-9]|failed|finished with error)`},
	// A line the platform tags [init] (an init command's output) that says the command failed.
	{build: "", runtime: "init-command-failed", keys: []string{"[init]"}, re: `(?i)^\[init\]\s.*(\bexited with (exit )?(code|status) [1-9]|\bfailed with (exit )?(code|status) [1-9]|\bcommand failed\b|\bfinished with error)`},
	{build: "", runtime: "start-file-missing", keys: []string{"cannot find module '/"}, re: `(?i)Cannot find module '/[^']+'`, not: `(?i)' imported from `}, // Node names its start file by the absolute path; a module by what imports it
	{build: "", runtime: "start-file-missing", keys: []string{"can't open file", "could not open input file", "unable to access jarfile", "could not find or load main class", "application to execute does not exist", "the application '", "specified command or file was not found", "failed to find attribute", "not found in module", "could not import module", "no such file or directory -- ", "could not read package.json", "err_pnpm_no_importer_manifest_found", "couldn't find a package.json file in", "couldn't find deno.json", "unable to find gleam.toml", "error: project not found", "can't cd to", "node: ", "' doesn't exist"}, re: `(?i)can't cd to \S+: No such file or directory|^node: \S+: not found|can't open file '[^']+': \[Errno 2\]|Could not open input file: |Unable to access jarfile|Could not find or load main class|application to execute does not exist|The application '[^']+\.dll' does not exist\.|specified command or file was not found|Failed to find attribute '\S+' in '\S+'|Error loading ASGI app\. (Could not import module|Attribute "[^"]+" not found in module)|No such file or directory -- \S+ \(LoadError\)|Could not read package\.json|ERR_PNPM_NO_IMPORTER_MANIFEST_FOUND|Couldn't find a package\.json file in "/var/www|deno task couldn't find deno\.json|We were unable to find gleam\.toml|^error: Project not found\s*$|^Error: '[^']+' doesn't exist\s*$`},
	// A process manager or server that finds no config or script file it was
	// told to start from (pm2's ecosystem file, a Procfile, supervisord's
	// or uWSGI's config, Caddy's).
	{build: "", runtime: "start-file-missing", keys: []string{"[pm2][error]", "is missing", "procfile does not exist", "could not find config file", "config file", "configuration file", "reading config from file", "): no such file or directory", "unable to load configuration from", "[emerg] open()"}, re: managerFileMissing},
	{build: "build-command-failed", runtime: "start-command-invalid", keys: []string{"unrecognized arguments: ", "no such option: ", "unknown option ", "flag provided but not defined: ", "unknown flag: ", "unknown shorthand flag: ", "requires an argument", "invalid value for '", "expected one argument", "is not a valid port number", "bad option: ", "is not allowed in node_options"}, re: `(?i)^\S+: error: unrecognized arguments: |^Error: Option '\S+' requires an argument|^Error: Invalid value for '\S+'|^\S+: error: argument \S+: expected one argument|^Error: '[^']*' is not a valid port number|^Error: No such option: |^error: unknown option '|^flag provided but not defined: |^Error: unknown (shorthand )?flag: |` + nodeBadOption},
	// Deno refuses a permission its command line did not grant: the flag
	// belongs in the command that runs deno, not in the file system.
	{build: "build-command-failed", runtime: "start-command-invalid", keys: []string{"run again with the --allow-"}, re: `Requires \w+ access to .*run again with the --allow-[\w-]+ flag`},
	// An app server's app reference in run.start written in the wrong form
	// (uvicorn's and gunicorn's module:attribute, none given at all).
	{build: "", runtime: "start-command-invalid", keys: []string{"must be in format", "as an attribute name or function call", "no application module specified"}, re: appRefFormat},
	{build: "", runtime: "start-command-invalid", keys: []string{"err_unknown_file_extension"}, re: `ERR_UNKNOWN_FILE_EXTENSION\]: Unknown file extension "\.[mc]?ts"`},
	// The go command given source files (`go run main.go`) that are not there.
	{build: "build-command-failed", runtime: "start-file-missing", keys: []string{"stat "}, re: goSourceMissing},
	{build: "compile-error", runtime: "start-file-missing", keys: []string{`module not found "`}, re: `(?i)Module not found "`},
	{build: "build-command-failed", runtime: "start-file-missing", keys: []string{"not found", "no such file or directory"}, re: `(?i)(^|\s)(/bin/)?(ba|da|z)?sh: (line )?(\d+: )?(exec: )?[\w.@+-]*/\S+: (not found|no such file or directory)|exec: "[^"]+": stat \S+: no such file or directory|\bexec \S+: no such file or directory`, not: packageBin},
	// A package's own command (node_modules/.bin, vendor/bin) the shell did
	// not find: the packages were not deployed, the start file is theirs.
	{build: "", runtime: "module-not-found-at-runtime", keys: []string{"not found", "no such file or directory"}, re: `(?i)sh: (line )?(\d+: )?\S*` + packageBin + `\S+: (not found|no such file or directory)`},
	// A program the shell did not find: misspelt (one slip from a program
	// the container has), the start command is wrong; else a package's
	// command, or a tool, the run container lacks.
	{build: "build-command-failed", runtime: "start-command-invalid", keys: []string{"not found"}, re: shNotFound, near: misspelt},
	{build: "build-command-failed", runtime: "module-not-found-at-runtime", keys: []string{"not found"}, re: shNotFound, near: notMisspelt},
	// A tool asked for a task or command it does not have (mix phx.serverr).
	{build: "build-command-failed", runtime: "start-command-invalid", keys: []string{"could not be found", "don't know how to build task", "unrecognized command", "not recognized", "is not defined", "no commands defined in the", "unknown command", "no such command", "unrecognized subcommand", "is ambiguous"}, re: taskNotFound},
	// vite build without its entry (index.html at its root): Rollup's line
	// (command.go's fix), no module of the app's missing.
	{build: "build-command-failed", runtime: "", keys: []string{"could not resolve entry module"}, re: viteEntryMissing},
	// gradlew without the wrapper jar: the JVM cannot load its main class
	// (command.go's fix), no dependency of the app's.
	{build: "build-command-failed", runtime: "", keys: []string{"org.gradle.wrapper.gradlewrappermain"}, re: `(?i)(?:Could not find or load main class|ClassNotFoundException:) org\.gradle\.wrapper\.GradleWrapperMain\b`},
	{build: "dependency-not-found", runtime: "module-not-found-at-runtime", keys: []string{"cannot find module '", "cannot find package", "err_module_not_found", `cannot find module "`, "no module named", "vendor/autoload.php", "classnotfoundexception", "noclassdeffounderror", "could not load file or assembly", "cannot load such file", "error while loading shared libraries", "cannot open shared object file", "not prefixed with / or ./ or ../", "in locally installed gems"}, re: `(?i)Cannot find module '[^/'][^']*'|Cannot find package ['"]|Cannot find module "[^./"][^"]*"|Cannot find module "\.\.?/[^"]+" from "|ERR_MODULE_NOT_FOUND|No module named|vendor/autoload\.php|ClassNotFoundException|NoClassDefFoundError|Could not load file or assembly|cannot load such file -- |error while loading shared libraries|cannot open shared object file|not prefixed with / or \./ or \.\./|in locally installed gems`, not: `\bTS\d{4}\b|corresponding type declarations|org\.gradle\.wrapper\.GradleWrapperMain|throw new ERR_MODULE_NOT_FOUND\(`}, // the TypeScript compiler's, a compile error; Node's own source line printed above its error
	// A native module whose binary is for another platform (OS, C library,
	// CPU) than the run container's: sharp's runtime, esbuild's, Prisma's
	// engine, napi-rs bindings, a glibc build on musl, another Node ABI.
	{build: "", runtime: "module-not-found-at-runtime", keys: []string{"could not load the", "for another platform", "is needed by esbuild", "invalid elf header", "error relocating", "query engine", "native binding", "compiled against a different node.js", "error loading shared library", "glibc_"}, re: nativeOtherPlatform},
	// Node prints its refusal of another version's native module over
	// lines: the one naming the module leads.
	{build: "", runtime: "module-not-found-at-runtime", keys: []string{"the module '"}, re: nodeABIModule, near: nodeABINext},
	// A framework finds no build manifest of its assets at run time (Vite's,
	// Mix's, Encore's, Django's staticfiles, Phoenix's digest): the asset
	// build did not run or its output was not deployed.
	{build: "", runtime: "deploy-files-missing", keys: []string{"manifest", "unable to locate mix file", "build", "compiled", "asset pipeline", "missingasseterror"}, re: assetManifestMissing},
	// A file under the build's output directory the app does not find at
	// run time (a manifest, a template, a page): the output was not deployed.
	{build: "", runtime: "deploy-files-missing", keys: []string{"enoent", "no such file or directory"}, re: buildOutputFileMissing},
	{build: "", runtime: "deploy-files-missing", keys: []string{"enoent: no such file or directory, "}, re: openedFileMissing},
	// PHP cannot find a package's class (interface, trait, enum): a
	// namespaced name outside the app's own namespace (App\, Tests\),
	// whose package Composer did not install or the deploy did not ship.
	{build: "", runtime: "module-not-found-at-runtime", keys: []string{"\" not found", "' not found", "attempted to load "}, re: phpPackageClass, not: phpOwnClass},
	// A traceback's os.environ["X"] is its source line: the KeyError below it is the failure.
	{build: "", runtime: "missing-env-variable", keys: []string{"environment variable", "env variable", "env var", "env-var", "environment_variable", "env."}, re: `(?i)\benv(ironment)?[ _-]?var(iable)?s?\b.*\b(missing|not (set|found|defined|provided|present)|required|undefined|empty|must (be )?(set|provided|defined))|\b(missing|required|undefined|unset)\b.*\benv(ironment)?[ _-]?var(iable)?s?\b|\bNotPresent\b.*\benv|set the \S+ env(ironment)? var`},
	{build: "", runtime: "missing-env-variable", keys: []string{"keyerror: '", "(keyerror)", "could not resolve placeholder", "no application encryption key", "missingappkeyexception", "required key", "notpresent", "(parameter 'connectionstring')", "setting must not be empty"}, re: `KeyError: '[A-Z][A-Z0-9_]{2,}'|key not found: "[A-Z][A-Z0-9_]{2,}" \(KeyError\)|Could not resolve placeholder '|No application encryption key has been specified|MissingAppKeyException|(?i)required key \S+ missing value|\bNotPresent\b|\(Parameter 'connectionString'\)|setting must not be empty`},
	// An env schema's report: t3-env's and envalid's header, NestJS's (Joi) per variable; a build validates too (next build).
	{build: "missing-env-variable", runtime: "missing-env-variable", keys: []string{"invalid environment variable", "missing environment variable", "config validation error: \""}, re: `^\s*(❌\s*)?(\w*Error: )?(Invalid|Missing) environment variables?\b|Config validation error: "[A-Za-z_]\w*"`},
	// A settings class's report (pydantic-settings, pydantic v1's BaseSettings), its JSON parse of a variable, python-decouple's.
	{build: "missing-env-variable", runtime: "missing-env-variable", keys: []string{"validation error for", "validation errors for"}, re: pydanticReport, near: settingsReport},
	{build: "missing-env-variable", runtime: "missing-env-variable", keys: []string{"settingserror: error parsing", "undefinedvalueerror"}, re: `SettingsError: error parsing (value for field "[^"]+" from source "\w*Env\w*"|env var ")|UndefinedValueError: \S+ not found\. Declare it as envvar`},
	{build: "missing-env-variable", runtime: "missing-env-variable", keys: []string{"secret_key_base"}, re: "(?i)Missing .secret_key_base. for|secret_key_base.{0,40}(must|missing|not set|empty)|You must set secret_key_base"},
	// An app's own check of a variable it needs, naming it as the environment
	// spells it (upper case with an underscore, or quoted): "JWT_SECRET is
	// required", env-var's "\"X\" is a required variable", assert's "X must be set".
	{build: "", runtime: "missing-env-variable", keys: []string{" is required", " is a required variable", " must be set", " must be defined", " must be provided", " is not set", " is not defined", " is missing"}, re: `(\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b|"[A-Z][A-Z0-9_]{2,}"|'[A-Z][A-Z0-9_]{2,}') (is (a )?required( variable)?|must be (set|defined|provided)|is (not (set|defined)|missing))\b`},
	// A Zerops reference the app received as text (${host_key} left
	// unresolved), in a failure: a parser's error naming it, or an error
	// object's field just below the error.
	{build: "", runtime: "missing-env-variable", keys: []string{"${"}, re: `\$\{[a-z][a-z0-9]*_[A-Za-z0-9_]+\}`, near: refInFailure},
	{build: "", runtime: "missing-env-variable", keys: []string{"cannot read properties of undefined (reading '"}, re: undefinedProp, near: envPropNear},
	{build: "", runtime: "missing-env-variable", keys: []string{"'url' attribute is not specified"}, re: `Failed to configure a DataSource: 'url' attribute is not specified`},
	{build: "permission-denied", runtime: "permission-denied", keys: []string{"eacces", "permission denied", "permissionerror", "accessdeniedexception", "unauthorizedaccessexception", "is denied", "operation not permitted", "eperm"}, re: `(?i)\bEACCES\b|permission denied|PermissionError|AccessDeniedException|UnauthorizedAccessException|Access to the path .* is denied|operation not permitted|\bEPERM\b`, not: `(?i)permission denied \(publickey|permission denied for (table|relation|schema|database|sequence|view|function)`},

	// A path the app cannot write, in a framework's words rather than the
	// system's (Symfony's "Unable to write in the ... directory", Laravel's
	// "must be present and writable", a read-only file system); a tool that
	// goes on without it (a cache it disables) fails nothing.
	{build: "permission-denied", runtime: "permission-denied", keys: []string{"unable to write", "writable", "writeable", "read-only file system", "erofs", "errno 30", "dir", "folder", "readonly database", "sqlite_readonly"}, re: notWritable, not: `(?i)proceeding without|continuing without|falling back|skipping|cache (is |has been )?disabled|will not be cached|no space left|\bENOSPC\b|quota|already exists|file exists|\bEEXIST\b|no such file or directory`},

	// --- Networking.
	// A server's startup line naming a loopback address and port, whatever
	// its banner's words (Sanic's "Goin' Fast @", Fiber's box, Ktor's
	// "Responding at"), where the balancer is refused on that port.
	{build: "", runtime: "listening-on-localhost", keys: []string{"127.0.0.1:", "localhost:", "[::1]:"}, re: `(?i)(127\.0\.0\.1|\blocalhost|\[::1\]):\d{2,5}\b`, not: `(?i)refused|econn|error|fail|unable|can ?not|can't|timed? ?out|connect(ing|ed)? to|\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /|readiness|upstream|proxy`, near: balancerRefusesLoopbackPort},
	{build: "", runtime: "port-in-use", keys: []string{"eaddrinuse", "address already in use", "addrinuse", "connection in use:", "already in use", "in use?", "failed to bind to address", "os error 98", "seems to be in use", "already bound"}, re: `(?i)EADDRINUSE|address already in use|AddrInUse|connection in use: |port \d+ (was|is) already in use|port \d+ seems to be in use|Port\(s\) already bound: \d|is port \d+ in use|failed to bind to address|os error 98`},
	{build: "", runtime: "listening-on-localhost", keys: []string{"127.0.0.1", "[::1]"}, re: `(?i)\b(listen\w*|running|serving|started|start\w*|bound|binding|bind|available|ready|server|up|launched|goin' fast)\b.*(127\.0\.0\.1|\[::1\])(:\d+)?`, not: `0\.0\.0\.0|\[::\]|all (addresses|interfaces)|\bupstream: "`}, // nginx names the upstream it called, not where it listens
	{build: "", runtime: "listening-on-localhost", keys: []string{"localhost", "to expose"}, re: `(?i)now listening on:? https?://localhost\b|development server (at |\()?https?://localhost\b|(listening|running) (on|at):? tcp://localhost\b|\[@astrojs/node\] server listening on https?://localhost:\d+|\b(listen(ing)?|bound|binding|bind)\s+(on|to|at)\s+localhost:\d+|` + viteHostHint, not: `0\.0\.0\.0|\[::\]|all (addresses|interfaces)`},
	{build: "", runtime: "listening-on-localhost", keys: []string{"local:"}, re: `(?i)^\s*(➜|>)\s+Local:\s+https?://(localhost|127\.0\.0\.1|\[::1\])\b`, near: noNetworkLine},
	{build: "", runtime: "_public-bind", keys: []string{"0.0.0.0", "[::]", "all addresses", "all interfaces", "network:"}, re: `(?i)(0\.0\.0\.0|\[::\]|all (addresses|interfaces)|network:\s+https?://\d)`, not: `\s--?[a-zA-Z][\w-]*[ =](tcp://)?(0\.0\.0\.0|\[::\])`}, // a command line's bind flag, not where the app listens

	{build: "", runtime: "wrong-port", keys: []string{"while connecting to upstream", "listen", "readiness check"}, re: `(?i)connect\(\) failed \(111: Connection refused\) while connecting to upstream\b.*\bupstream: "` + loopbackUpstream + `|\b(no|nothing|no process|no app|no one)\b.*\b(is )?listen\w* on\b|readiness check.*(connection refused|failed.*refused)`},
	{build: "", runtime: "host-not-found", keys: []string{"enotfound", "eai_again", "name or service not known", "could not translate host name", "temporary failure in name resolution", "no such host", "unknownhostexception", "no such host is known", "getaddrinfo", "unknown mysql server host", "failed to lookup address", "host not found", "could not resolve host", "nodename nor servname", "nxdomain", "non-existing domain"}, re: hostNotFound},
	{build: "", runtime: "https-between-services", keys: []string{"wrong version number", "wrong_version_number", "packet length too long", "http response to https client", "does not look like a tls handshake", "unrecognized ssl message", "corrupted frame was received", "invalidcontenttype", "unknown_protocol"}, re: plainReply, not: dbWords},
	{build: "", runtime: "request-too-large", keys: []string{"too large body", "entity too large", "payloadtoolarge", "body_too_large", "body too large", "exceeds the limit of", "exceeds the upload_max_filesize", "maxuploadsizeexceeded", "maximum upload size exceeded", "requestdatatoobig", "sizelimitexceeded", "\" 413 ", "file too large"}, re: `(?i)client intended to send too large body|request entity too large|PayloadTooLargeError|BODY_TOO_LARGE|request body too large|exceeds the limit of \d+ bytes|exceeds the upload_max_filesize|MaxUploadSizeExceeded|Maximum upload size exceeded|RequestDataTooBig|SizeLimitExceeded|HTTP/[\d.]+" 413 |MulterError: File too large`},
	{build: "", runtime: "upstream-timeout", keys: []string{"upstream timed out", "gateway time", "\" 504 ", "worker timeout", "maximum execution time", "execution timed out", "deadline exceeded", "client.timeout", "i/o timeout", "etimedout", "sockettimeoutexception", "read timed out", "httpclient.timeout", "readtimeout", "timeout of", "esockettimedout", "operation timed out"}, re: `(?i)upstream timed out|gateway time-?out|HTTP/[\d.]+" 504 |WORKER TIMEOUT|Maximum execution time of \d+ seconds exceeded|execution timed out|context deadline exceeded|Client\.Timeout exceeded|i/o timeout|\bETIMEDOUT\b|SocketTimeoutException|Read timed out|HttpClient\.Timeout|ReadTimeout(Error)?\b|timeout of \d+ ?ms exceeded|ESOCKETTIMEDOUT|operation timed out`, not: `(?i)readiness`}, // the check's own request: readiness-check-failed

	// --- Databases.
	{build: "", runtime: "db-tls-mismatch", keys: []string{"does not support ssl", "ssl is not enabled", "ssl connection is required", "pg_hba.conf", "ssl is required", "tls/ssl error", "does not support tls", "refused tls", "requires ssl", "ssl off", "no ssl enabled", "does not support secure conn", "handshake_no_ssl_support", "ssl not enabled in the server", "rejected ssl upgrade", "ssl not available"}, re: `(?i)does not support SSL|does not support secure conn+ection|HANDSHAKE_NO_SSL_SUPPORT|ssl not enabled in the server|rejected SSL upgrade|\bssl not available\b|SSL is not enabled on the server|SSL connection is required|no pg_hba\.conf entry for .*(no encryption|SSL off)|SSL is required but the server|TLS/SSL error|server does not support TLS|server refused TLS|requires SSL|No SSL enabled connection`},
	{build: "", runtime: "db-tls-mismatch", keys: []string{"wrong version number", "wrong_version_number", "packet length too long", "http response to https client", "does not look like a tls handshake", "unrecognized ssl message", "corrupted frame was received", "invalidcontenttype", "unknown_protocol"}, re: plainReply, and: dbWords},
	{build: "", runtime: "db-auth-failed", keys: []string{"password authentication failed", "role \"", "access denied for user", "[1045]", "noauth", "wrongpass", "invalid username-password", "authentication failed", "bad auth", "access_refused", "28p01", "permission denied for", "er_access_denied_error", "err auth"}, re: `(?i)password authentication failed for user|role "[^"]+" does not exist|Access denied for user '|\[1045\]|NOAUTH Authentication required|WRONGPASS|invalid username-password pair|Mongo(Server)?Error: Authentication failed|bad auth|ACCESS_REFUSED - Login was refused|\b28P01\b|permission denied for (table|relation|schema|database|sequence|view|function)|ER_ACCESS_DENIED_ERROR|ERR AUTH |Authentication failed against database server`},
	{build: "", runtime: "db-connection-refused", keys: []string{"econnrefused", "connection_refused", "connect error: 111", "connection refused", "can't reach database server", "(111)", "can't connect to", "[2002]", "refused. check that", "communications link failure", "os error 111", "socketexception (111)", "111 connecting", "connect: connection refused", "is the server running", "curl error 7: ", "curl: (7) ", "couldn't connect to server", "refused the connection", "refused connection", "was refused"}, re: `(?i)\bECONNREFUSED\b|(?-i:\bCONNECTION_REFUSED\b)|connection refused|\brefused (the )?connection\b|\bconnection (to \S+ )?was refused\b|cURL error 7: |curl: \(7\) |Couldn't connect to server|Can't connect to (local )?(MySQL|MariaDB) server|\[2002\]|Connection to \S+ refused|Communications link failure|os error 111|SocketException \(111\)|Error 111 connecting|Is the server running|Can't reach database server at|delayed connect error: 111\b`, not: `(?i)while connecting to upstream\b.*\bupstream: "` + loopbackUpstream + `|readiness check`},
	{build: "", runtime: "too-many-connections", keys: []string{"too many clients", "remaining connection slots", "too many connections", "[1040]", "er_con_count_error", "max number of clients", "queuepool limit", "fetching a new connection from the connection pool", "connection is not available, request timed out"}, re: `(?i)too many clients already|remaining connection slots are reserved|too many connections|\[1040\]|ER_CON_COUNT_ERROR|max number of clients reached|QueuePool limit of size|fetching a new connection from the connection pool|Connection is not available, request timed out`},
	{build: "", runtime: "db-schema-missing", keys: []string{"does not exist", "base table or view not found", "doesn't exist", "[1146]", "no such table", "p2021", "p2022", "undefinedtable", "undefinedcolumn", "pendingmigrationerror", "unknown column", "[1054]", "unknown database", "[1049]", "er_no_such_table", "er_bad_db_error", "42s02", "42p01", "invalid object name", "unapplied migration"}, re: `(?i)relation "[^"]+" does not exist|column "[^"]+" (of relation "[^"]+" )?does not exist|Base table or view not found|Table '[^']+' doesn't exist|\[1146\]|no such table: |does not exist in the current database|\bP202[12]\b|UndefinedTable|UndefinedColumn|PendingMigrationError|Unknown column '|\[1054\]|database "[^"]+" does not exist|Unknown database '|\[1049\]|ER_NO_SUCH_TABLE|ER_BAD_DB_ERROR|SQLSTATE\[42S02\]|\b42P01\b|Invalid object name '|unapplied migration`},
	{build: "disk-full", runtime: "disk-full", keys: []string{"enospc", "no space left on device", "errno 28", "disk quota exceeded", "edquot", "is full", "flood stage disk watermark", "disk full", "not enough space on the disk"}, re: `(?i)\bENOSPC\b|no space left on device|Errno 28\]|disk quota exceeded|\bEDQUOT\b|The table '[^']+' is full|database or disk is full|flood stage disk watermark|disk (is )?full|not enough space on the disk`, not: `(?i)file watchers|inotify`},

	// --- Crashes and failed commands (generic: ranked last).
	// The build container lacking a compiler, make or a system library's
	// headers that a package's native code needs: an OS package for
	// build.prepareCommands, not the source's error.
	{build: "build-command-failed", runtime: "", keys: []string{"no such file or directory", "not found: make", "linker", "pg_config executable not found", "not found", "any python installation", "no package '"}, re: toolchainMissing},
	// A test runner's failures in a build command: the build command failed
	// on its tests, not the compiler.
	{build: "build-command-failed", runtime: "", keys: []string{"fail"}, re: testsFailed},
	{build: "build-command-failed", runtime: "app-crash", keys: []string{"exit code", "exited with", "exit status", "returned with error code", "elifecycle", "lifecycle script", "npm error code", "npm err! code", "err_pnpm_recursive_run_first_fail", "command failed", "build failed", "build failure", "make: ***", "error(s)", "non-zero", "exit status"}, re: `(?i)\bexit(ed)? (with )?(code|status):? [1-9]\d*\b|returned with error code [1-9]|ELIFECYCLE|\bLifecycle script \S+ failed\b|^npm (ERR!|error) code [1-9]\d*\s*$|ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL|^(error )?command failed|\b(build|command) failed\b|BUILD FAILURE|make: \*\*\* .*Error \d+|\b[1-9]\d* Error\(s\)|non-zero (exit|status|code)|\breturned [1-9]\d* exit status\b`, not: `(?i)\bexit(ed)?\b.{0,30}\b(code|status):? 137\b`},
	// Ruby's uncaught exception: the raising frame, the message and the
	// class in parentheses (`<main>': undefined method ... (NoMethodError)).
	{build: "", runtime: "app-crash", keys: []string{":in "}, re: rubyUncaught},
	{build: "", runtime: "app-crash", keys: []string{"uncaught", "unhandled", "node.js v", "error", "exception", "kernel pid terminated", "could not start application", "panic", "panicked", "fatal error", "application failed to start", "application run failed", "segmentation fault", "core dumped", "sigsegv", "sigabrt", "[emerg]", "crash", "[exceptionhandler] ", "nest can't resolve dependencies", "error [", "fatal"}, re: `(?i)\buncaught\b|\[ExceptionHandler\] |Nest can't resolve dependencies of |\bunhandled ?(exception|rejection|promise)|^\s*\*\* \(([A-Z]\w*\.)*[A-Z]\w*(Error|Exception)\) |Kernel pid terminated \(|\bApplication \w+ exited: .*\breturned an error\b|\(Mix\) Could not start application |^Node\.js v\d+\.\d+\.\d+\s*$|^(\w+\.)*\w*(Error|Exception)(: |$)|^\s*\w*Error \[[A-Z][A-Z0-9_]+\]: |^\s*\[?FATAL\]?[:\s]|"level":\s*"fatal"|\blevel=fatal\b|^error: |Exception in thread "|^panic: |^fatal error: |thread '[^']*' panicked at|APPLICATION FAILED TO START|Application run failed|segmentation fault|core dumped|\bSIGSEGV\b|\bSIGABRT\b|\[emerg\]|crash ?loop`, not: httpClientError},
}
