package diagnose

import (
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// r builds a rule: the signal in a build log and in a runtime log ("" where
// the rule does not apply), the keywords of which one must occur in the line
// (lower case, each a substring of every line an alternative of re matches),
// and the expression the line must then match.
func r(build, runtime string, keys []string, re string) rule {
	return rule{build: build, runtime: runtime, keys: keys, re: lazyregexp.New(re)}
}

// except adds an expression that, matching too, makes the rule not apply.
func (x rule) except(re string) rule {
	x.not = lazyregexp.New(re)
	return x
}

// with adds an expression that must match too.
func (x rule) with(re string) rule {
	x.and = lazyregexp.New(re)
	return x
}

// k lists keywords.
func k(keys ...string) []string { return keys }

// dbWords names, in a line, a database or its client or port.
const dbWords = `(?i)\b(postgres\w*|psql|pg|pq|pgx|npgsql|mysql\w*|mariadb|redis|valkey|keydb|mongo\w*|sqlalchemy|prisma|typeorm|sequelize|jdbc|hikari\w*|sqlx|5432|3306|6379|27017)\b`

// rules lists how the tools print each failure. The first rule of a signal
// to match a line gives its evidence; signals are then ordered by rank.
var rules = []rule{
	// --- The Zerops build and zerops.yml.
	r("zerops-yml-invalid", "zerops-yml-invalid", k("zerops.yml", "zerops.yaml", "zeropsyaml", "build_validation_failed"),
		`(?i)build_validation_failed|zeropsYaml\w*(invalid|notfound|missing|required|error)|zerops\.ya?ml\b.*\b(invalid|unknown|not found|no setup|cannot|can't|could not|failed|missing|must|error|mapping values|did not find)|\b(invalid|cannot parse|failed to parse|error (in|parsing|reading))\b.*zerops\.ya?ml`),
	r("zerops-yml-invalid", "", k("yaml: "), `^(\S+\s+)?(error:?\s*)?yaml: (line \d+|unmarshal errors)`),
	r("deploy-files-missing", "deploy-files-missing", k("deployfiles", "deploy files", "deploy file", "deploy_files"),
		`(?i)deploy[ _]?files?\b.*\b(not found|does ?n[o']t exist|no such file|missing|not exist|matched no|did not match|cannot stat|not present)|\b(not found|does ?n[o']t exist|no such file|missing|cannot stat)\b.*deploy[ _]?files?\b`),
	r("deploy-files-missing", "", k("cannot stat"), `(?i)^tar: .*: cannot stat: no such file or directory`),
	r("build-timeout", "", k("timed out", "timeout", "time limit", "took too long"),
		`(?i)\b(build|pipeline)\b.*\b(timed out|time ?out|time limit|took too long)\b|\b(timed out|time ?out|time limit)\b.*\b(build|pipeline)\b`),
	r("prepare-reads-deploy-files", "", k("/var/www"),
		`(?i)can't cd to /var/www\b|(^|\s)/var/www(/\S*)?: No such file or directory`).except(`^stat `),
	r("prepare-command-failed", "prepare-command-failed", k("prepare", "unable to locate package", "unable to select packages", "no such package", "no installation candidate", "apt-get: ", "apt: ", "apk: ", "yum: ", "dnf: ", "unable to lock database", "are you root"),
		`(?i)preparing_runtime_failed|prepare ?commands?\b.*\b(failed|error|exit(ed)? (with )?(code|status) [1-9])|\bE: unable to locate package|\bE: package .* has no installation candidate|ERROR: unable to select packages|\(no such package\)|\b(apt-get|apt|apk|yum|dnf): (\d+: )?(command )?not found|ERROR: Unable to lock database: Permission denied|, are you root\?`),
	r("readiness-check-failed", "readiness-check-failed", k("readiness"),
		`(?i)readiness ?check\b.*\b(never passed|failed|timed? ?out)`),

	// --- Package managers: scripts, lock files, dependencies, engines.
	r("npm-missing-script", "npm-missing-script", k("missing script", "err_pnpm_no_script", "script not found", "task not found", `command "`),
		`(?i)missing script:?|ERR_PNPM_NO_SCRIPT|script not found "|task not found|^error Command "[^"]+" not found`),
	r("lockfile-mismatch", "", k("package-lock.json", "can only install packages", "from lock file", "lock file's", "lockfile", "lock file", "err_pnpm_outdated_lockfile", "err_pnpm_no_lockfile", "yn0028", "go.sum", "updates to go.mod needed", "poetry.lock", "match the hashes", "nu1004", "uv.lock", "integrity check failed", "checksum mismatch"),
		`(?i)can only install (packages )?(when your package\.json and package-lock\.json|with an existing package-lock\.json)|^npm ERR! (cipm|`+"`npm ci`"+`) can only install packages when your package\.json and\s*$|\bMissing: \S+ from lock file|\bInvalid: lock file's|your lockfile needs to be updated|lockfile would have been modified|\bYN0028\b|ERR_PNPM_(OUTDATED|NO)_LOCKFILE|lockfile had changes, but lockfile is frozen|lock ?file .* needs to be updated but --(locked|frozen)|missing go\.sum entry|updates to go\.mod needed|go\.sum: .*checksum mismatch|verifying \S+: checksum mismatch|poetry\.lock (was last generated|is not consistent)|changed significantly since poetry\.lock|do not match the hashes from the requirements file|\bNU1004\b|packages lock file is inconsistent|uv\.lock.* needs to be updated|the lockfile is out of date|integrity check failed|required package "\S+" is not present in the lock file|lock file is not up to date.*--frozen`),
	r("dependency-not-found", "", k("e404", "404 not found", "not in this registry", "etarget", "no matching version", "couldn't find package", "err_pnpm_fetch_404", "err_pnpm_no_matching_version", "satisfies the requirement", "no matching distribution", "could not be found in any version", "could not be resolved to an installable", "unknown revision", "invalid version", "cannot find module providing", "no matching package named", "failed to select a version", "nu1101", "nu1102", "nu1103", "could not resolve dependencies", "could not find artifact", "could not transfer artifact", "could not resolve all", "could not find ", "could not resolve ", " - 404", "failed to resolve", "package not found", "could not find gem", "not found: 404", "there is no version of", "no solution found when resolving"),
		`(?i)\bcode E404\b|\b404 Not Found - GET\b|is not in this registry|\bcode ETARGET\b|no matching version found for|couldn't find package "|ERR_PNPM_(FETCH_404|NO_MATCHING_VERSION)|could not find a version that satisfies the requirement|no matching distribution found for|could not be found in any version|could not be resolved to an installable set|\bunknown revision\b|\binvalid version: |cannot find module providing package|no matching package named|failed to select a version for|\bNU110[123]\b|could not resolve dependencies for|could not (find|transfer) artifact|could not resolve all (files|dependencies)|^\s*> could not (find|resolve) [\w.-]+:[\w.-]+|GET https?://\S+ - 404\b|^error: \S+@\S+ failed to resolve|^error: package "\S+" not found|\b(JSR|npm) package (not found|'\S+' does not exist)|could not find npm package|could not find gem '|module \S+: reading \S+: 404 Not Found|there is no version of \S+ and you require|No solution found when resolving dependencies`),
	r("runtime-version-mismatch", "runtime-version-mismatch", k("ebadengine", "unsupported engine", "notsup", "engine \"", "err_pnpm_unsupported_engine", "requires go >=", "requires go ", "different python", "your php version", "requires rustc", "is not supported by the following package", "netsdk1045", "does not support targeting", "release version", "invalid target release", "unsupportedclassversionerror", "more recent version of the java runtime", "unsupported class file major version", "feature `edition"),
		`(?i)npm (ERR!|error) (code EBADENGINE|engine Unsupported engine|notsup Unsupported engine|notsup Required: )|the engine "[^"]+" is incompatible with this module|ERR_PNPM_UNSUPPORTED_ENGINE|go\.mod requires go >= |note: module requires go \d|require(s|d)? a different python|your php version \([^)]*\) does not satisfy|requires php [^ ]+ but your php version|requires rustc [\d.]+ or newer|rustc [\d.]+ is not supported by the following package|\bNETSDK1045\b|does not support targeting \.NET|release version \d+ not supported|invalid target release|UnsupportedClassVersionError|compiled by a more recent version of the Java Runtime|unsupported class file major version|feature .edition\d+. is required`),

	// --- Compilers and bundlers.
	r("compile-error", "compile-error", k("error ts", "[error]", "error[e", "could not compile", "error cs", "error fs", "compilation error", "compilation failed", "failed to compile", "module not found: error", "can't resolve", "module build failed", "error during build", "failed to resolve import", "could not resolve", "type error:", "parse error", "syntax error, unexpected", ".java:", ".kt:", ": error:"),
		`(?i)\berror TS\d{3,5}\b|\bTS\d{3,5} \[ERROR\]|error\[E\d{4}\]|error: could not compile|\berror (CS|FS)\d{4}\b|COMPILATION ERROR|compilation failed|failed to compile|Module not found: Error: Can't resolve|Module build failed|error during build|failed to resolve import|[✘X] \[ERROR\]|^(\S+ )?type error: |PHP Parse error|Parse error: syntax error|syntax error, unexpected|\.java:\[\d+,\d+\]|\.java:\d+: error:|^e: (file://)?\S+\.kts?:|\.(c|cc|cpp|h|hpp):\d+:\d+: (fatal )?error:`),
	r("compile-error", "", k(".go:"), `^\s*\.{0,2}/?[\w./-]+\.go:\d+:\d+: `),
	// tsc's own code, wherever a bundler or loader prints it (ts-loader's
	// "[tsl] ERROR" puts it alone on the next line, rollup after its plugin).
	r("compile-error", "compile-error", k("ts1", "ts2", "ts5", "ts6", "ts7", "ts8"), `(^|[\s(:])TS[125678]\d{3}: `),
	r("compile-error", "", k("syntaxerror"), `^\s*SyntaxError: `),
	r("compile-error", "", k("execution failed for task ':compile"), `(?i)execution failed for task ':compile`),

	// --- Memory (the build's or the app's).
	r("build-out-of-memory", "out-of-memory", k("heap out of memory", "reached heap limit", "outofmemoryerror", "heap space is exhausted", "garbage collector thrashing", "runtime: out of memory", "allowed memory size", "memoryerror", "outofmemoryexception", "memory allocation of", "out of memory", "oom", "sigkill", "exit code 137", "code 137", "status 137", "virtual memory exhausted", "cannot allocate memory", "enomem"),
		`(?i)JavaScript heap out of memory|Reached heap limit|OutOfMemoryError|JVM heap space is exhausted|garbage collector (is )?thrashing|runtime: out of memory|Allowed memory size of \d+ bytes exhausted|(^|\s)MemoryError\b|OutOfMemoryException|memory allocation of \d+ bytes failed|out of memory|\bOOM[ -]?kill|OOMKilled|signal: 9, SIGKILL|sent SIGKILL|\bexit(ed)?\b.{0,30}\b(code|status):? 137\b|virtual memory exhausted|cannot allocate memory|\bENOMEM\b`),
	r("build-out-of-memory", "out-of-memory", k("killed"), `^\s*(\S+:\s*)?(line \d+:\s*)?(\d+\s+)?Killed(\s.*)?$`),

	// --- Start: the entry file, the dependencies, the environment.
	r("", "init-command-failed", k("initcommand", "init command"),
		`(?i)init ?commands?\b.*\b(exited with (code|status) [1-9]|failed)`),
	r("", "start-file-missing", k("cannot find module '/", "cannot find module './", "cannot find module '../"),
		`(?i)Cannot find module '\.{0,2}/[^']+'`),
	r("", "start-file-missing", k("can't open file", "could not open input file", "unable to access jarfile", "could not find or load main class", "application to execute does not exist", "specified command or file was not found", "failed to find attribute", "could not import module", "no such file or directory -- ", "could not read package.json", "can't cd to", "node: ", "' doesn't exist"),
		`(?i)can't cd to \S+: No such file or directory|^node: \S+: not found|can't open file '[^']+': \[Errno 2\]|Could not open input file: |Unable to access jarfile|Could not find or load main class|application to execute does not exist|specified command or file was not found|Failed to find attribute '\S+' in '\S+'|Error loading ASGI app\. Could not import module|No such file or directory -- \S+ \(LoadError\)|Could not read package\.json|^Error: '[^']+' doesn't exist\s*$`),
	r("build-command-failed", "start-command-invalid", k("unrecognized arguments: ", "no such option: ", "unknown option ", "flag provided but not defined: ", "unknown flag: ", "unknown shorthand flag: ", "requires an argument", "invalid value for '", "expected one argument", "is not a valid port number"),
		`(?i)^\S+: error: unrecognized arguments: |^Error: Option '\S+' requires an argument|^Error: Invalid value for '\S+'|^\S+: error: argument \S+: expected one argument|^Error: '[^']*' is not a valid port number|^Error: No such option: |^error: unknown option '|^flag provided but not defined: |^Error: unknown (shorthand )?flag: `),
	r("", "start-command-invalid", k("err_unknown_file_extension"), `ERR_UNKNOWN_FILE_EXTENSION\]: Unknown file extension "\.[mc]?ts"`),
	r("compile-error", "start-file-missing", k(`module not found "`), `(?i)Module not found "`),
	r("build-command-failed", "start-file-missing", k("not found", "no such file or directory"),
		`(?i)(^|\s)(/bin/)?(ba|da|z)?sh: (line )?(\d+: )?\.{0,2}/\S+: (not found|no such file or directory)|exec: "[^"]+": stat \S+: no such file or directory|\bexec \S+: no such file or directory`),
	r("build-command-failed", "module-not-found-at-runtime", k("not found"),
		`(?i)(^|\s)(/bin/)?(ba|da|z)?sh: (line )?(\d+: )?[\w.@+-]+: (command )?not found`),
	r("dependency-not-found", "module-not-found-at-runtime", k("cannot find module '", "cannot find package", "err_module_not_found", `cannot find module "`, "no module named", "vendor/autoload.php", "classnotfoundexception", "noclassdeffounderror", "could not load file or assembly", "cannot load such file", "error while loading shared libraries", "not prefixed with / or ./ or ../", "in locally installed gems"),
		`(?i)Cannot find module '[^./'][^']*'|Cannot find package ['"]|Cannot find module "[^./"][^"]*"|ERR_MODULE_NOT_FOUND|No module named|vendor/autoload\.php|ClassNotFoundException|NoClassDefFoundError|Could not load file or assembly|cannot load such file -- |error while loading shared libraries|not prefixed with / or \./ or \.\./|in locally installed gems`).
		except(`\bTS\d{4}\b|corresponding type declarations`), // the TypeScript compiler's, a compile error
	r("", "missing-env-variable", k("environment variable", "env variable", "env var", "environment_variable", "env.", "environ"),
		`(?i)\benv(ironment)?[ _-]?var(iable)?s?\b.*\b(missing|not (set|found|defined|provided|present)|required|undefined|empty|must (be )?(set|provided|defined))|\b(missing|required|undefined|unset)\b.*\benv(ironment)?[ _-]?var(iable)?s?\b|\bNotPresent\b.*\benv|os\.environ\[|set the \S+ env(ironment)? var`),
	r("", "missing-env-variable", k("keyerror: '", "could not resolve placeholder", "no application encryption key", "missingappkeyexception", "required key", "notpresent", "(parameter 'connectionstring')", "setting must not be empty"),
		`KeyError: '[A-Z][A-Z0-9_]{2,}'|Could not resolve placeholder '|No application encryption key has been specified|MissingAppKeyException|(?i)required key \S+ missing value|\bNotPresent\b|\(Parameter 'connectionString'\)|setting must not be empty`),
	r("missing-env-variable", "missing-env-variable", k("secret_key_base"),
		"(?i)Missing .secret_key_base. for|secret_key_base.{0,40}(must|missing|not set|empty)|You must set secret_key_base"),
	r("", "missing-env-variable", k("'url' attribute is not specified"), `Failed to configure a DataSource: 'url' attribute is not specified`),
	r("permission-denied", "permission-denied", k("eacces", "permission denied", "permissionerror", "accessdeniedexception", "unauthorizedaccessexception", "is denied", "operation not permitted", "eperm"),
		`(?i)\bEACCES\b|permission denied|PermissionError|AccessDeniedException|UnauthorizedAccessException|Access to the path .* is denied|operation not permitted|\bEPERM\b`).
		except(`(?i)permission denied \(publickey|permission denied for (table|relation|schema|database|sequence|view|function)`),
	r("permission-denied", "permission-denied", k("run again with the --allow-"), `Requires \w+ access to .*run again with the --allow-[\w-]+ flag`),

	// --- Networking.
	r("", "port-in-use", k("eaddrinuse", "address already in use", "addrinuse", "connection in use:", "already in use", "in use?", "failed to bind to address", "os error 98"),
		`(?i)EADDRINUSE|address already in use|AddrInUse|connection in use: |port \d+ (was|is) already in use|is port \d+ in use|failed to bind to address|os error 98`),
	r("", "listening-on-localhost", k("127.0.0.1", "[::1]"),
		`(?i)\b(listen\w*|running|serving|started|start\w*|bound|binding|bind|available|ready|server|up)\b.*(127\.0\.0\.1|\[::1\])(:\d+)?`).
		except(`0\.0\.0\.0|\[::\]|all (addresses|interfaces)|\bupstream: "`), // nginx names the upstream it called, not where it listens
	r("", "listening-on-localhost", k("localhost", "use --host to expose"),
		`(?i)now listening on:? https?://localhost\b|development server (at |\()?https?://localhost\b|(listening|running) (on|at):? tcp://localhost\b|\b(listen(ing)?|bound|binding|bind)\s+(on|to|at)\s+localhost:\d+|use --host to expose`).
		except(`0\.0\.0\.0|\[::\]|all (addresses|interfaces)`),
	r("", "_public-bind", k("0.0.0.0", "[::]", "all addresses", "all interfaces", "network:"),
		`(?i)(0\.0\.0\.0|\[::\]|all (addresses|interfaces)|network:\s+https?://\d)`).
		except(`\s--?[a-zA-Z][\w-]*[ =](tcp://)?(0\.0\.0\.0|\[::\])`), // a command line's bind flag, not where the app listens

	r("", "wrong-port", k("while connecting to upstream", "listen", "readiness check"),
		`(?i)connect\(\) failed \(111: Connection refused\) while connecting to upstream|\b(no|nothing|no process|no app|no one)\b.*\b(is )?listen\w* on\b|readiness check.*(connection refused|failed.*refused)`),
	r("", "host-not-found", k("enotfound", "eai_again", "name or service not known", "could not translate host name", "temporary failure in name resolution", "no such host", "unknownhostexception", "no such host is known", "getaddrinfo", "unknown mysql server host", "failed to lookup address", "host not found", "could not resolve host", "nodename nor servname"),
		`(?i)\bENOTFOUND\b|\bEAI_AGAIN\b|name or service not known|could not translate host name|temporary failure in name resolution|no such host|UnknownHostException|getaddrinfo (for \S+ )?failed|unknown mysql server host|failed to lookup address|host not found|could not resolve host|nodename nor servname`),
	r("", "https-between-services", k("wrong version number", "wrong_version_number", "packet length too long", "http response to https client", "does not look like a tls handshake", "unrecognized ssl message", "corrupted frame was received", "invalidcontenttype", "unknown_protocol"),
		`(?i)wrong[ _]version[ _]number|packet length too long|server gave HTTP response to HTTPS client|first record does not look like a TLS handshake|Unsupported or unrecognized SSL message|corrupted frame was received|InvalidContentType|SSL: UNKNOWN_PROTOCOL`).
		except(dbWords),
	r("", "request-too-large", k("too large body", "entity too large", "payloadtoolarge", "body_too_large", "body too large", "exceeds the limit of", "exceeds the upload_max_filesize", "maxuploadsizeexceeded", "maximum upload size exceeded", "requestdatatoobig", "sizelimitexceeded", "\" 413 ", "file too large"),
		`(?i)client intended to send too large body|request entity too large|PayloadTooLargeError|BODY_TOO_LARGE|request body too large|exceeds the limit of \d+ bytes|exceeds the upload_max_filesize|MaxUploadSizeExceeded|Maximum upload size exceeded|RequestDataTooBig|SizeLimitExceeded|HTTP/[\d.]+" 413 |MulterError: File too large`),
	r("", "upstream-timeout", k("upstream timed out", "gateway time", "\" 504 ", "worker timeout", "maximum execution time", "execution timed out", "deadline exceeded", "client.timeout", "i/o timeout", "etimedout", "sockettimeoutexception", "read timed out", "httpclient.timeout", "readtimeout", "timeout of", "esockettimedout", "operation timed out"),
		`(?i)upstream timed out|gateway time-?out|HTTP/[\d.]+" 504 |WORKER TIMEOUT|Maximum execution time of \d+ seconds exceeded|execution timed out|context deadline exceeded|Client\.Timeout exceeded|i/o timeout|\bETIMEDOUT\b|SocketTimeoutException|Read timed out|HttpClient\.Timeout|ReadTimeout(Error)?\b|timeout of \d+ ?ms exceeded|ESOCKETTIMEDOUT|operation timed out`),

	// --- Databases.
	r("", "db-tls-mismatch", k("does not support ssl", "ssl is not enabled", "ssl connection is required", "pg_hba.conf", "ssl is required", "tls/ssl error", "does not support tls", "refused tls", "requires ssl", "ssl off", "no ssl enabled"),
		`(?i)does not support SSL|SSL is not enabled on the server|SSL connection is required|no pg_hba\.conf entry for .*(no encryption|SSL off)|SSL is required but the server|TLS/SSL error|server does not support TLS|server refused TLS|requires SSL|No SSL enabled connection`),
	r("", "db-tls-mismatch", k("wrong version number", "wrong_version_number", "packet length too long", "unrecognized ssl message", "invalidcontenttype", "corrupted frame"),
		`(?i)wrong[ _]version[ _]number|packet length too long|Unsupported or unrecognized SSL message|InvalidContentType|corrupted frame was received`).
		with(dbWords),
	r("", "db-auth-failed", k("password authentication failed", "role \"", "access denied for user", "[1045]", "noauth", "wrongpass", "invalid username-password", "authentication failed", "bad auth", "access_refused", "28p01", "permission denied for", "er_access_denied_error", "err auth"),
		`(?i)password authentication failed for user|role "[^"]+" does not exist|Access denied for user '|\[1045\]|NOAUTH Authentication required|WRONGPASS|invalid username-password pair|Mongo(Server)?Error: Authentication failed|bad auth|ACCESS_REFUSED - Login was refused|\b28P01\b|permission denied for (table|relation|schema|database|sequence|view|function)|ER_ACCESS_DENIED_ERROR|ERR AUTH `),
	r("", "db-connection-refused", k("econnrefused", "connection refused", "(111)", "can't connect to", "[2002]", "refused. check that", "communications link failure", "os error 111", "socketexception (111)", "111 connecting", "connect: connection refused", "is the server running"),
		`(?i)\bECONNREFUSED\b|connection refused|Can't connect to (local )?(MySQL|MariaDB) server|\[2002\]|Connection to \S+ refused|Communications link failure|os error 111|SocketException \(111\)|Error 111 connecting|Is the server running`).
		except(`(?i)while connecting to upstream|readiness check`),
	r("", "too-many-connections", k("too many clients", "remaining connection slots", "too many connections", "[1040]", "er_con_count_error", "max number of clients", "queuepool limit", "fetching a new connection from the connection pool", "connection is not available, request timed out"),
		`(?i)too many clients already|remaining connection slots are reserved|too many connections|\[1040\]|ER_CON_COUNT_ERROR|max number of clients reached|QueuePool limit of size|fetching a new connection from the connection pool|Connection is not available, request timed out`),
	r("", "db-schema-missing", k("does not exist", "base table or view not found", "doesn't exist", "[1146]", "no such table", "p2021", "p2022", "undefinedtable", "undefinedcolumn", "pendingmigrationerror", "unknown column", "[1054]", "unknown database", "[1049]", "er_no_such_table", "er_bad_db_error", "42s02", "42p01", "invalid object name", "unapplied migration"),
		`(?i)relation "[^"]+" does not exist|column "[^"]+" (of relation "[^"]+" )?does not exist|Base table or view not found|Table '[^']+' doesn't exist|\[1146\]|no such table: |does not exist in the current database|\bP202[12]\b|UndefinedTable|UndefinedColumn|PendingMigrationError|Unknown column '|\[1054\]|database "[^"]+" does not exist|Unknown database '|\[1049\]|ER_NO_SUCH_TABLE|ER_BAD_DB_ERROR|SQLSTATE\[42S02\]|\b42P01\b|Invalid object name '|unapplied migration`),
	r("disk-full", "disk-full", k("enospc", "no space left on device", "errno 28", "disk quota exceeded", "edquot", "is full", "flood stage disk watermark", "disk full", "not enough space on the disk"),
		`(?i)\bENOSPC\b|no space left on device|Errno 28\]|disk quota exceeded|\bEDQUOT\b|The table '[^']+' is full|database or disk is full|flood stage disk watermark|disk (is )?full|not enough space on the disk`).
		except(`(?i)file watchers|inotify`),

	// --- Crashes and failed commands (generic: ranked last).
	r("build-command-failed", "app-crash", k("exit code", "exited with", "exit status", "returned with error code", "elifecycle", "err_pnpm_recursive_run_first_fail", "command failed", "build failed", "build failure", "make: ***", "error(s)", "non-zero"),
		`(?i)\bexit(ed)? (with )?(code|status):? [1-9]\d*\b|returned with error code [1-9]|ELIFECYCLE|ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL|^(error )?command failed|\b(build|command) failed\b|BUILD FAILURE|make: \*\*\* .*Error \d+|\b[1-9]\d* Error\(s\)|non-zero (exit|status|code)`).
		except(`(?i)\bexit(ed)?\b.{0,30}\b(code|status):? 137\b`),
	r("", "app-crash", k("uncaught", "unhandled", "node.js v", "error", "exception", "panic", "panicked", "fatal error", "application failed to start", "application run failed", "segmentation fault", "core dumped", "sigsegv", "sigabrt", "[emerg]", "crash"),
		`(?i)\buncaught\b|\bunhandled ?(exception|rejection|promise)|^Node\.js v\d+\.\d+\.\d+\s*$|^(\w+\.)*\w*(Error|Exception)(: |$)|^error: |Exception in thread "|^panic: |^fatal error: |thread '[^']*' panicked at|APPLICATION FAILED TO START|Application run failed|segmentation fault|core dumped|\bSIGSEGV\b|\bSIGABRT\b|\[emerg\]|crash ?loop`),
}
