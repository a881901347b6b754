package diagnose

import (
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Families of causes that a crash, a refusal or a validation prints in
// words other than its tool's usual ones. Each section below holds one
// family: its expressions, its rules and the fix it fits.

// withCrashCauses is specs with the rules of these families after them.
func withCrashCauses(specs []ruleSpec) []ruleSpec { return slices.Concat(specs, crashCauseSpecs) }

// crashCauseSpecs are the rules of these families.
var crashCauseSpecs = slices.Concat(unsetURLSpecs, phpExtSpecs, dbWordSpecs, signal9Specs, ymlSpecs)

// crashCauseFix fits d, read from text (lines[n] past its stamp) in stage,
// to what these families show where no other fix has fitted it yet (a PHP
// extension, over any).
func (d *Diagnosis) crashCauseFix(lines []string, n int, text string, stage Stage) {
	if composerVerdictRe.MatchString(text) {
		text = composerProblemBelow(lines, n, text) // the problem names what the base lacks
	}
	d.phpExtFix(text, stage) // an extension, not the package another fix took it for
	if s := signalByID[d.Signal]; s == nil || d.Cause != s.cause {
		return // another fix already fits it to what the line names
	}
	d.unsetURLFix(text, stage)
	d.ymlKeyFix(text)
	d.uvicornFix(text)
}

// unsetURL is a URL or URI parser (or a client handed one) refusing a
// value that a variable left unset gives it: JavaScript's undefined,
// Python's None, Ruby's nil, Java's null, an empty string, or a URL built
// around one (`${process.env.API}/v1` is "undefined/v1", a host left
// unset is http://undefined:3000). Node's own form puts the input on a
// line below (invalidURLInput); a database client may refuse the
// password it got.
const unsetURL = `(?i)\bInvalid URL:? (['"](undefined|null|None|nil)?['"/:]|(undefined|null|None|nil)\b)|\bInvalid URL:? ['"]?\w+://(undefined|null|None|nil)\b|` +
	`Failed to parse URL from (undefined|null|None)\b|\bno protocol: (null|undefined)\b|\bunknown url type: '(None|null|undefined)\b|\bbad URI ?\(is not URI\?\): (nil|""|'')(\s|$)|Invalid URI: The URI is empty|\(Parameter '(uriString|url|uri|baseAddress)'\)|` +
	`unsupported protocol scheme ""|\bparse "": empty url\b|\bmust be a string, got "?(undefined|null)\b|client password must be a string|Expected string or URL object, got None|` +
	`The "(url|uri|href|host|hostname|input|connectionString)" (argument|property) must be .{0,80}\bReceived (undefined|null)\b`

// invalidURLLine is Node's "Invalid URL" alone on its line (the input
// follows in the error's fields); invalidURLInput that field holding an
// unset value, or a URL built around one.
const invalidURLLine = `(?i)(^|\s)(TypeError( \[ERR_INVALID_URL\])?: )?Invalid URL\s*$`

var invalidURLInput = lazyregexp.New(`^\s*input: '((undefined|null)([/:?#].*)?|\w+://(undefined|null)\b.*)?'`)

// invalidURLContext is how many lines below Node's "Invalid URL" its
// error's fields are read.
const invalidURLContext = 12

// unsetURLInput reports whether the error object below Node's "Invalid
// URL" (lines[n]) shows an input an unset variable gave.
func unsetURLInput(lines []string, n int, _ string) bool {
	for i := n + 1; i < len(lines) && i <= n+invalidURLContext; i++ {
		l := stripStamp(stripANSI(lines[i]))
		if invalidURLInput.MatchString(l) {
			return true
		}
		if strings.TrimSpace(l) == "}" {
			return false
		}
	}
	return false
}

// unsetURLSpecs are this family's rules.
var unsetURLSpecs = []ruleSpec{
	{build: "missing-env-variable", runtime: "missing-env-variable", keys: []string{"invalid url", "failed to parse url from", "no protocol: ", "unknown url type: ", "bad uri", "invalid uri", "(parameter '", "unsupported protocol scheme", "empty url", "must be a string, got", "client password must be a string", "expected string or url object", "argument must be", "property must be"}, re: unsetURL},
	{build: "missing-env-variable", runtime: "missing-env-variable", keys: []string{"invalid url"}, re: invalidURLLine, near: unsetURLInput},
}

// unsetURLRe and invalidURLRe read unsetURL and invalidURLLine.
var (
	unsetURLRe   = lazyregexp.New(unsetURL)
	invalidURLRe = lazyregexp.New(invalidURLLine)
)

// unsetURLFix fits d, missing-env-variable read at run time from text, to
// a URL parsed from a variable that is not set.
func (d *Diagnosis) unsetURLFix(text string, stage Stage) {
	if d.Signal != "missing-env-variable" || stage == Build || !unsetURLRe.MatchString(text) && !invalidURLRe.MatchString(text) {
		return
	}
	d.Cause = "The app builds a URL or connection string from an environment variable that is not set: the parser got `undefined`, None, nil or an empty value (or a URL around one) and refused it."
	d.Fix = "Set the variable the code reads there (the first frame of the stack trace in the app's code names the place) in `run.envVariables` of zerops.yml, e.g. a reference to another service's (${db_connectionString}, http://hostname:port), then deploy; or as a secret with `zerops_env` (then restart)."
}

// phpExtensions maps what PHP reports undefined (a function's prefix, a
// global class) to the extension that defines it and its Alpine package's
// suffix (php84-<suffix>), most specific first.
var phpExtensions = []struct{ name, ext, pkg string }{
	{"mb_", "mbstring", "mbstring"}, {"iconv", "iconv", "iconv"}, {"imagick", "imagick", "pecl-imagick"},
	{"image", "gd", "gd"}, {"gd_", "gd", "gd"}, {"curl", "curl", "curl"},
	{"bcadd", "bcmath", "bcmath"}, {"bcsub", "bcmath", "bcmath"}, {"bcmul", "bcmath", "bcmath"}, {"bcdiv", "bcmath", "bcmath"},
	{"bcmod", "bcmath", "bcmath"}, {"bcpow", "bcmath", "bcmath"}, {"bccomp", "bcmath", "bcmath"}, {"bcscale", "bcmath", "bcmath"}, {"bcsqrt", "bcmath", "bcmath"},
	{"gmp", "gmp", "gmp"}, {"sodium_", "sodium", "sodium"}, {"ctype_", "ctype", "ctype"}, {"zip", "zip", "zip"},
	{"simplexml", "simplexml", "simplexml"}, {"xmlwriter", "xmlwriter", "xmlwriter"}, {"xmlreader", "xmlreader", "xmlreader"}, {"xml_", "xml", "xml"},
	{"dom", "dom", "dom"}, {"xslt", "xsl", "xsl"}, {"openssl_", "openssl", "openssl"}, {"pcntl_", "pcntl", "pcntl"}, {"posix_", "posix", "posix"},
	{"socket_", "sockets", "sockets"}, {"exif_", "exif", "exif"}, {"finfo", "fileinfo", "fileinfo"}, {"mime_content_type", "fileinfo", "fileinfo"},
	{"grapheme_", "intl", "intl"}, {"normalizer", "intl", "intl"}, {"idn_to_", "intl", "intl"}, {"transliterator", "intl", "intl"},
	{"collator", "intl", "intl"}, {"numfmt_", "intl", "intl"}, {"numberformatter", "intl", "intl"}, {"intl", "intl", "intl"},
	{"locale_", "intl", "intl"}, {"locale", "intl", "intl"}, {"resourcebundle", "intl", "intl"}, {"spoofchecker", "intl", "intl"},
	{"apcu_", "apcu", "pecl-apcu"}, {"redis", "redis", "pecl-redis"}, {"memcached", "memcached", "pecl-memcached"},
	{"mongodb", "mongodb", "pecl-mongodb"}, {"amqp", "amqp", "pecl-amqp"}, {"igbinary_", "igbinary", "pecl-igbinary"},
	{"yaml_", "yaml", "pecl-yaml"}, {"mysqli", "mysqli", "mysqli"}, {"pg_", "pgsql", "pgsql"}, {"sqlite3", "sqlite3", "sqlite3"},
	{"soap", "soap", "soap"}, {"ftp_", "ftp", "ftp"}, {"ldap_", "ldap", "ldap"}, {"imap_", "imap", "imap"},
	{"gz", "zlib", "zlib"}, {"zlib_", "zlib", "zlib"}, {"bz", "bz2", "bz2"}, {"gettext", "gettext", "gettext"},
	{"tidy", "tidy", "tidy"}, {"opcache_", "opcache", "opcache"}, {"pdo", "pdo", "pdo"},
}

// phpExtMissing is PHP calling a function, or making an object of a global
// class, that an extension the PHP it runs on lacks would define (a
// namespaced call falls back to the global function, so PHP names it in
// the caller's namespace); PDO finding no driver for its DSN; Composer's
// platform check, at install or at run time.
const phpExtMissing = `Call to undefined function (\\?[A-Za-z_]\w*\\)*(mb_|iconv|image[a-z]|gd_|curl_|bc(add|sub|mul|div|mod|pow|powmod|comp|scale|sqrt)\(|gmp_|sodium_|ctype_|zip_|simplexml_|xml_|xmlwriter_|dom_|openssl_|pcntl_|posix_|socket_|exif_|finfo_|mime_content_type|grapheme_|normalizer_|idn_to_|transliterator_|collator_|numfmt_|locale_|intl|apcu_|igbinary_|yaml_|mysqli_|pg_|ftp_|ldap_|imap_|gz(compress|uncompress|encode|decode|deflate|inflate|open|file)|zlib_|bz(open|compress|decompress)|gettext|tidy_|opcache_)|` +
	`Class ["']\\?(Redis|RedisCluster|Imagick|ImagickPixel|ZipArchive|IntlDateFormatter|NumberFormatter|Collator|Normalizer|Locale|Transliterator|IntlChar|ResourceBundle|Spoofchecker|SoapClient|SoapServer|Memcached|MongoDB\\+Driver\\+\w+|AMQP\w+|SQLite3|XSLTProcessor|DOMDocument|DOMXPath|SimpleXMLElement|XMLReader|XMLWriter|PDO|finfo|GMP|mysqli|CURLFile)["'] not found|` +
	`\bcould not find driver\b|(?i:requires ext-[\w-]+ .{0,40}-> it is missing from your system)|require the following PHP extensions to be installed: `

// phpExtRe reads phpExtMissing; phpExtName the name a line gives.
var (
	phpExtRe   = lazyregexp.New(phpExtMissing)
	phpExtName = lazyregexp.New(`Call to undefined function (?:\\?[A-Za-z_]\w*\\)*(\w+)\(|Class ["']\\?([\w\\]+)["'] not found|requires ext-([\w-]+)|PHP extensions to be installed: ([\w-]+)|\bConnection: (\w+)\b`)
)

// phpExtension is the extension and its Alpine package's suffix that text
// (a phpExtMissing line) shows the PHP lacks; "" for the package when it
// does not say.
func phpExtension(text string) (ext, pkg string) {
	m := phpExtName.FindStringSubmatch(text)
	if m == nil {
		return "", ""
	}
	switch {
	case m[3] != "" || m[4] != "": // Composer names the extension itself
		ext = strings.ToLower(m[3] + m[4])
		for _, e := range phpExtensions {
			if e.ext == ext {
				return ext, e.pkg
			}
		}
		return ext, ext
	case m[5] != "": // PDO's driver for Laravel's connection
		driver := map[string]string{"pgsql": "pdo_pgsql", "postgres": "pdo_pgsql", "mysql": "pdo_mysql", "mariadb": "pdo_mysql", "sqlite": "pdo_sqlite"}[strings.ToLower(m[5])]
		return driver, driver
	case strings.Contains(text, "could not find driver"):
		return "", ""
	}
	name := strings.ToLower(m[1] + m[2])
	name = name[strings.LastIndex(name, `\`)+1:]
	if strings.HasPrefix(strings.ToLower(m[2]), `mongodb\`) {
		name = "mongodb"
	}
	for _, e := range phpExtensions {
		if strings.HasPrefix(name, e.name) {
			return e.ext, e.pkg
		}
	}
	return "", ""
}

// phpExtSpecs are this family's rules.
var phpExtSpecs = []ruleSpec{
	{build: "runtime-version-mismatch", runtime: "module-not-found-at-runtime", keys: []string{"call to undefined function", "not found", "could not find driver", "-> it is missing from your system", "php extensions to be installed"}, re: phpExtMissing},
}

// composerVerdictRe is Composer's verdict that the lock cannot be
// installed on the build's PHP; phpVersionProblem a problem below it that
// names the PHP version (not an extension).
var (
	composerVerdictRe = lazyregexp.New(`Your lock file does not contain a compatible set of packages`)
	phpVersionProblem = lazyregexp.New(`(?i)\brequires php \S+ -> your php version|your php version \([^)]*\) does not satisfy`)
)

// composerContext is how many lines below Composer's verdict its problems
// are read.
const composerContext = 15

// composerProblemBelow is the first problem below Composer's verdict
// lines[n] that names what the build's PHP lacks, an extension or its
// version; text when none does.
func composerProblemBelow(lines []string, n int, text string) string {
	for i := n + 1; i < len(lines) && i <= n+composerContext; i++ {
		l := stripStamp(stripANSI(lines[i]))
		if phpVersionProblem.MatchString(l) || phpExtRe.MatchString(l) {
			return l
		}
	}
	return text
}

// phpExtFix fits d, read from text, to a PHP extension the base lacks:
// the run base's at run time (run.prepareCommands), the build base's in
// the build (build.prepareCommands, where Composer checks it).
func (d *Diagnosis) phpExtFix(text string, stage Stage) {
	if d.Signal != "module-not-found-at-runtime" && d.Signal != "runtime-version-mismatch" || !phpExtRe.MatchString(text) {
		return
	}
	ext, pkg := phpExtension(text)
	what, install := "a PHP extension", "sudo apk add --no-cache php84-<extension>"
	if ext != "" {
		what, install = "the PHP extension `"+ext+"`", "sudo apk add --no-cache php84-"+pkg
	}
	if strings.Contains(text, "could not find driver") && ext == "" {
		what, install = "the PDO driver of its database (`pdo_pgsql` or `pdo_mysql`)", "sudo apk add --no-cache php84-pdo_pgsql"
	}
	prefix := " (the prefix follows the PHP version: php83- for 8.3; `php -m` over SSH lists what is loaded)"
	if stage == Build {
		d.Cause = "The build's PHP lacks " + what + " that the project requires: the `php@X` build base has fewer extensions than the run bases."
		d.Fix = "Install it in `build.prepareCommands`: `" + install + "`" + prefix + ", and in `run.prepareCommands` too if the run base lacks it; not with --ignore-platform-reqs. Then deploy again."
		return
	}
	d.Cause = "The run container's PHP lacks " + what + " that the app calls: PHP reports its functions or classes undefined (not a bug in the code, nor a Composer package)."
	d.Fix = "Install it in `run.prepareCommands`: `" + install + "`" + prefix + "; add it to `build.prepareCommands` as well when Composer checks it. Then deploy again."
}

// railsAuth, railsHost and railsNoDatabase are Active Record's own words
// (7.0+) for the database refusing the credentials, a hostname it could
// not resolve and a database that does not exist.
const (
	railsAuth       = `There is an issue connecting to your database with your username/password`
	railsHost       = `There is an issue connecting with your hostname: `
	railsNoDatabase = `We could not find your database: `
)

// dbCredentials is a database or its driver refusing the credentials, in
// the words neither the SQL state nor a server's own message carry (SQL
// Server's "Login failed for user", an ORM's).
const dbCredentials = `(?i)\b(authentication|login) failed\b.{0,40}\b(for )?(user|username|login|credentials)\b|\b(invalid|wrong|incorrect) (username or password|username/password|user name or password|credentials)\b`

// dbWordSpecs are this family's rules.
var dbWordSpecs = []ruleSpec{
	{build: "", runtime: "db-auth-failed", keys: []string{"issue connecting to your database with your username/password"}, re: railsAuth},
	{build: "", runtime: "db-auth-failed", keys: []string{"login failed", "authentication failed", "username or password", "username/password", "user name or password", "credentials"}, re: dbCredentials, and: dbWords + `|(?i)\b(SqlException|SqlClient|mssql|tedious|18456|database)\b`},
	{build: "", runtime: "host-not-found", keys: []string{"issue connecting with your hostname"}, re: railsHost},
	{build: "", runtime: "db-schema-missing", keys: []string{"we could not find your database"}, re: railsNoDatabase},
}

// killedBySignal9 is a process or worker that a log says exited,
// terminated or died of signal 9 (SIGKILL), in its manager's words
// (Celery's pool, PHP-FPM's child, a cluster's worker, supervisord, npm
// and yarn around a child): with no other signal sender in a container,
// the kernel's OOM killer.
const killedBySignal9 = `(?i)\b(exit(ed|s)?|terminated|killed|died|lost|ended)\b.{0,40}(\bsignal 9\b|\bSIGKILL\b|<Signals\.SIGKILL)|^\s*npm (ERR!|error) signal SIGKILL\b|\bfailed with signal "?SIGKILL\b`

// killedNotMemory is a line where the kill is a stop, a restart or a
// timeout's, not memory's.
const killedNotMemory = `(?i)\bstopped\b|restart|respawn|recycl|replac(ing|ed)|reload|shutting down|shutdown|graceful|timed? ?out|time ?limit|\b(send|sending|sent|killing)\b.{0,40}\b(SIGKILL|signal 9)\b|` + gunicornKillGuess

// stopOrTimeout is a line before a kill that says who sent it: a timeout
// the manager enforces (Celery's hard time limit, PHP-FPM's
// request_terminate_timeout, gunicorn's WORKER TIMEOUT), or a stop.
var stopOrTimeout = lazyregexp.New(`(?i)time ?limit|timed? ?out|timeout|deadline|\bSIGTERM\b|shutdown|shutting down|stopping|terminating`)

// killContext is how many lines above a kill are read for its sender.
const killContext = 20

// notStoppedOrTimedOut reports whether no line shortly above lines[n]
// says the kill was a timeout's or a stop's.
func notStoppedOrTimedOut(lines []string, n int, _ string) bool {
	for i := n - 1; i >= 0 && i >= n-killContext; i-- {
		if stopOrTimeout.MatchString(lines[i]) {
			return false
		}
	}
	return true
}

// signal9Specs are this family's rules.
var signal9Specs = []ruleSpec{
	{build: "build-out-of-memory", runtime: "out-of-memory", keys: []string{"signal 9", "sigkill"}, re: killedBySignal9, not: killedNotMemory, near: notStoppedOrTimedOut},
}

// ymlSchemaLine is the validation of zerops.yml naming a key by its path
// (zerops[0].run, zerops.0.build.base, run.ports[0].httpSupport), as a
// JSON-schema validator words it, on a line of its own or a list's item;
// a file's name before the colon (build.sh:) is none (scriptFileLine).
const ymlSchemaLine = `^\s*([-*•]\s+)?(\[\w+\]\s*)?(zerops(\[\d+\]|\.\d+)(\.[\w-]+|\[\d+\])*|(build|run|deploy)(\.[\w-]+|\[\d+\])+):\s+(?i:(.*\b(additional propert(y|ies)|is not allowed|not allowed|is required|are required|unknown (field|key|property)|invalid type|must be|must have|does not match|is not one of|not supported)\b)|(invalid|unknown|required|missing|unsupported|expected|must)\b)`

// scriptFileLine is a line led by a file's name (run.sh:, build.gradle:),
// not a key's path.
const scriptFileLine = `^\s*([-*•]\s+)?\S*\.(sh|bash|js|cjs|mjs|ts|py|gradle|kts|rb|php|go|json|ya?ml|toml|lock|txt|log|bat|ps1|exs?|java|cs|rs):`

// ymlNotValid is a heading saying zerops.yml did not pass validation.
const ymlNotValid = `(?i)\bzerops\.ya?ml\b.{0,40}\b(is not valid|not valid|failed validation|validation failed|did not pass validation|failed to validate)`

// ymlSchemaRe reads ymlSchemaLine.
var ymlSchemaRe = lazyregexp.New(ymlSchemaLine)

// ymlSchemaContext is how many lines below the heading are read for the
// key paths it lists.
const ymlSchemaContext = 10

// noSchemaLineBelow reports whether no line shortly below the heading
// lines[n] names a key by its path: that line, naming what to change, is
// the better evidence.
func noSchemaLineBelow(lines []string, n int, _ string) bool {
	for i := n + 1; i < len(lines) && i <= n+ymlSchemaContext; i++ {
		if ymlSchemaRe.MatchString(stripStamp(stripANSI(lines[i]))) {
			return false
		}
	}
	return true
}

// ymlUnknownKey reads a key the validation does not know and the section
// it was under (gojsonschema's "additional property", Python jsonschema's
// "('x' was unexpected)", a decoder's "unknown field").
var ymlUnknownKey = lazyregexp.New(`(?i)(?:zerops(?:\[\d+\]|\.\d+)\.)?((?:build|run|deploy)(?:\.[\w-]+|\[\d+\])*):\s+(?:additional property "?([\w-]+)"? is not allowed|additional properties are not allowed \('([\w-]+)' was unexpected\)|unknown (?:field|key|property) "?([\w-]+)"?)`)

// ymlKeyNames maps keys often written for zerops.yml's own to those.
var ymlKeyNames = map[string]string{
	"startcommand": "start", "startcmd": "start", "command": "start", "cmd": "start",
	"buildcommand": "buildCommands", "build_commands": "buildCommands", "commands": "buildCommands",
	"deployfile": "deployFiles", "deploy_files": "deployFiles", "files": "deployFiles",
	"env": "envVariables", "envs": "envVariables", "environment": "envVariables", "envvars": "envVariables", "variables": "envVariables", "env_variables": "envVariables",
	"port": "ports", "initcommand": "initCommands", "init_commands": "initCommands", "preparecommand": "prepareCommands", "prepare_commands": "prepareCommands",
	"healthcheck": "healthCheck", "documentroot": "documentRoot", "document_root": "documentRoot", "readinesscheck": "readinessCheck",
}

// ymlKeyFix fits d, zerops-yml-invalid read from text, to a key the
// validation does not know: the key, where it is, and the name zerops.yml
// has for it when it is a known slip.
func (d *Diagnosis) ymlKeyFix(text string) {
	if d.Signal != "zerops-yml-invalid" {
		return
	}
	m := ymlUnknownKey.FindStringSubmatch(text)
	if m == nil {
		return
	}
	section, key := m[1], m[2]+m[3]+m[4]
	d.Cause = "zerops.yml has a key `" + key + "` under `" + section + "` that the platform's validation does not know, so the deploy stops before the build."
	if name, ok := ymlKeyNames[strings.ToLower(key)]; ok && name != key {
		d.Fix = "Rename `" + section + "." + key + "` to `" + section + "." + name + "` in zerops.yml (`zerops_validate` checks the file; `zerops_knowledge` on zerops.yml lists the keys), then deploy again."
		return
	}
	d.Fix = "Remove `" + key + "` from `" + section + "` in zerops.yml or correct its name (`zerops_validate` checks the file; `zerops_knowledge` on zerops.yml lists the keys), then deploy again."
}

// ymlSpecs are this family's rules.
var ymlSpecs = []ruleSpec{
	{build: "zerops-yml-invalid", runtime: "", keys: []string{"zerops[", "zerops.", "build.", "run.", "deploy."}, re: ymlSchemaLine, not: scriptFileLine},
	{build: "zerops-yml-invalid", runtime: "zerops-yml-invalid", keys: []string{"zerops.yml", "zerops.yaml"}, re: ymlNotValid, near: noSchemaLineBelow},
}

// uvicornNoModule is uvicorn failing to import the module its app
// reference names (main of main:app): no such module in its directory.
var uvicornNoModule = lazyregexp.New(`Error loading ASGI app\. Could not import module "([^"]+)"`)

// uvicornFix fits d, start-file-missing read from text, to uvicorn finding
// no module its app reference names: a file not deployed, or a module
// path in run.start that is not where the file is.
func (d *Diagnosis) uvicornFix(text string) {
	m := uvicornNoModule.FindStringSubmatch(text)
	if d.Signal != "start-file-missing" || m == nil {
		return
	}
	file := strings.ReplaceAll(m[1], ".", "/") + ".py"
	d.Cause = "uvicorn cannot import the module `" + m[1] + "` that `run.start` names: no `" + file + "` (or package) in /var/www, the directory it starts in. The deploy did not include it, or the module lives elsewhere (app/main.py is the module app.main)."
	d.Fix = "Make `build.deployFiles` include `" + file + "` and the packages it imports (`./` deploys the whole tree), or correct the module path of the app reference in `run.start` (`uvicorn app.main:app --host 0.0.0.0 --port <port>`, or `--app-dir src`); then deploy again."
}

// startManifestMissing is npm, started by run.start, finding no
// package.json in the directory it starts in under /var/www.
var startManifestMissing = lazyregexp.New(`Could not read package\.json: Error: ENOENT: no such file or directory, open '/var/www/((?:[^']+/)?)package\.json'`)

// startManifestFix fits d, start-file-missing read from text, to npm
// finding no package.json at the start: the file missing is the manifest
// the script is read from, which the build does not make (it was
// uploaded); deployFiles left it out.
func (d *Diagnosis) startManifestFix(text string) {
	m := startManifestMissing.FindStringSubmatch(text)
	if d.Signal != "start-file-missing" || m == nil {
		return
	}
	file := m[1] + "package.json"
	d.Cause = "`run.start` runs an npm script, and npm reads it from `" + file + "`, which the deploy did not put in /var/www: `build.deployFiles` leaves it out."
	d.Fix = "Add `" + file + "` to `build.deployFiles` (with the `node_modules` the script's command needs), or put the script's own command in `run.start` (e.g. `node dist/main.js`); then deploy again."
}
