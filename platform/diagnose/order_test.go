package diagnose

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestClassify_OrdersRootCauseFirst(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		stage Stage
		lines []string
		want  []string
	}{
		{"NoExitCodeBesideTheScript", Build, []string{"$ npm run biuld", `npm error Missing script: "biuld"`, "ERROR: build command failed with exit code 1"},
			[]string{"npm-missing-script"}},
		{"NoExitCodeBesideTheCrash", Runtime, []string{"Error: getaddrinfo ENOTFOUND postgres", "App version x exited with code 1 (start attempt 1); restarting in 2s"},
			[]string{"host-not-found"}},
		{"ExitCodeAloneIsTheDiagnosis", Build, []string{"$ make", "make: *** [Makefile:3: all] Error 2"}, []string{"build-command-failed"}},
		{"DependencyBeforeCompile", Build, []string{"> Task :compileJava FAILED", "Execution failed for task ':compileJava'.", "   > Could not find org.acme:core:1.0."},
			[]string{"dependency-not-found", "compile-error"}},
		{"OOMBeforeCompile", Build, []string{"error: could not compile `big` (lib)", "  process didn't exit successfully: `rustc` (signal: 9, SIGKILL: kill)"},
			[]string{"build-out-of-memory", "compile-error"}},
		{"NoCrashForTheLineACauseExplains", Runtime, []string{"Error: connect ECONNREFUSED 10.0.0.3:5432", "Node.js v22.3.0"},
			[]string{"db-connection-refused"}},
		{"NoExitCodeForTheLineACauseExplains", Build, []string{"./main.go:27:9: undefined: newRouter"}, []string{"compile-error"}},
		{"DatabaseBeforeAnotherCrash", Runtime, []string{"TypeError: cfg.get is not a function", "Error: connect ECONNREFUSED 10.0.0.3:5432"},
			[]string{"db-connection-refused", "app-crash"}},
		{"NginxUpstreamFieldIsNoListener", Runtime, []string{`2025/01/01 10:00:00 [error] 9#9: *4 upstream timed out (110: Connection timed out) while reading upstream, client: 10.0.0.2, server: localhost, request: "POST /x HTTP/1.1", upstream: "fastcgi://127.0.0.1:9000"`},
			[]string{"upstream-timeout"}},
		{"TracebackSourceLineIsNoCause", Runtime, []string{`  File "/var/www/db.py", line 9, in connect`, `    return psycopg2.connect(os.environ["DATABASE_URL"])`,
			`psycopg2.OperationalError: could not translate host name "pg" to address: Name or service not known`}, []string{"host-not-found"}},
		{"OneDiagnosisPerSignal", Runtime, []string{"panic: a", "panic: b"}, []string{"app-crash"}},
		{"NoCrashForALaterLineTheCauseReads", Runtime, []string{"/var/www/index.js:2", "if (!process.env.JWT_SECRET) throw new Error('JWT_SECRET is required');",
			"Error: JWT_SECRET is required", "    at Object.<anonymous> (/var/www/index.js:2:36)", "Node.js v22.12.0"}, []string{"missing-env-variable"}},
		{"ReadsPastTimestamps", Runtime, []string{"2026-01-02T03:04:05Z usage: gunicorn [OPTIONS] [APP_MODULE]",
			"2026-01-02T03:04:05Z gunicorn: error: unrecognized arguments: --threads-count 2", "2026-01-02T03:04:06Z Process exited with code 2"},
			[]string{"start-command-invalid"}},
		{"ReadsPastBracketedTimestamps", Build, []string{"[2026-01-02 03:04:05,881] ./cmd/api/main.go:14:2: undefined: routes"}, []string{"compile-error"}},
		{"RetriedThenGaveUp", Runtime, []string{"db: connect ECONNREFUSED 10.0.0.3:5432, retrying in 1s",
			"db: connect ECONNREFUSED 10.0.0.3:5432 after 5 attempts, giving up", "Process exited with code 1"},
			[]string{"db-connection-refused"}},
		{"RetriedThenCrashed", Runtime, []string{"redis: dial tcp 10.0.0.4:6379: connect: connection refused; retrying in 500ms",
			"panic: redis: no connection"}, []string{"db-connection-refused", "app-crash"}},
		{"InitCommandWrapsItsCause", Runtime, []string{"Running initCommands", "➜ php artisan migrate --force",
			"SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: select * from information_schema.tables)",
			`initCommands: "php artisan migrate --force" exited with code 1, the app was not started`},
			[]string{"db-connection-refused", "init-command-failed"}},
		{"InitCommandOwnsItsMissingFile", Runtime, []string{"➜ node migrate.js", "Error: Cannot find module '/var/www/migrate.js'",
			`initCommands: "node migrate.js" exited with code 1, the app was not started`}, []string{"init-command-failed"}},
		{"AddresslessRefusalIsTheAddressedOne", Runtime, []string{"ConnectionRefusedError: [Errno 111] Connection refused",
			"urllib3.exceptions.NewConnectionError: Failed to establish a new connection: [Errno 111] Connection refused (host='search', port=8080)"},
			[]string{"connection-refused"}},
		// A refusal naming no client takes the nearest line that does.
		{"AddresslessRefusalTakesTheWrappingDatabaseClient", Runtime, []string{"Npgsql.NpgsqlException (0x80004005): Failed to connect to 10.0.4.2:5433",
			" ---> System.Net.Sockets.SocketException (111): Connection refused"}, []string{"db-connection-refused"}},
		{"AddresslessRefusalTakesTheFrameBelow", Runtime, []string{"Caused by: java.net.ConnectException: Connection refused",
			"\tat org.postgresql.core.PGStream.createSocket(PGStream.java:243)"}, []string{"db-connection-refused"}},
		{"AddresslessRefusalTakesTheHTTPCallAbove", Runtime, []string{`  File "/var/www/app/clients/stock.py", line 31, in fetch`,
			`    resp = await client.get(f"http://inventory:8080/stock/{sku}")`, "ConnectionRefusedError: [Errno 111] Connection refused"},
			[]string{"connection-refused"}},
		// The app bound to loopback is why its own port refuses the
		// balancer or a check; a refusal of another port is another cause.
		{"LoopbackBindExplainsItsPortsRefusal", Runtime, []string{"> HOST=127.0.0.1 PORT=3000 node build", "Listening on http://127.0.0.1:3000",
			"[L7 balancer] 502 Bad Gateway GET https://web-1c.prg1.zerops.app/ upstream web:3000 connection refused"}, []string{"listening-on-localhost"}},
		{"LocalhostBindExplainsItsPortsRefusal", Runtime, []string{"Now listening on: http://localhost:5000", "Get \"http://10.0.2.5:5000/health\": dial tcp 10.0.2.5:5000: connect: connection refused"},
			[]string{"listening-on-localhost"}},
		{"LoopbackBindLeavesAnotherPortsRefusal", Runtime, []string{"listening on 127.0.0.1:8080", "Error: connect ECONNREFUSED 10.0.3.7:7700"},
			[]string{"connection-refused", "listening-on-localhost"}},
		{"NearestClientDecides", Runtime, []string{"[db] pool ready (postgres)", "GET http://pricing:8080/v1/rates", "Error: Connection refused"},
			[]string{"connection-refused"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := signalIDs(Classify(tt.lines, tt.stage)); !slices.Equal(got, tt.want) {
				t.Errorf("signals = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestClassify_StageDecidesTheSignal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line  string
		stage Stage
		want  string
	}{
		{"FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory", Build, "build-out-of-memory"},
		{"FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory", Runtime, "out-of-memory"},
		{"FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory", 0, "out-of-memory"},
		{"Error: Cannot find module 'typescript'", Build, "dependency-not-found"},
		{"Error: Cannot find module 'typescript'", Runtime, "module-not-found-at-runtime"},
		{"sh: 1: vite: not found", Build, "build-command-failed"},
		{"sh: 1: vite: not found", Runtime, "module-not-found-at-runtime"},
		{"ERROR: build command failed with exit code 2", 0, "app-crash"},
		{"yaml: line 3: found character that cannot start any token", Build, "zerops-yml-invalid"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d/%s", tt.stage, clipName(tt.line)), func(t *testing.T) {
			t.Parallel()
			got := Classify([]string{tt.line}, tt.stage)
			if len(got) == 0 || got[0].Signal != tt.want {
				t.Errorf("signals = %v, want %s first", signalIDs(got), tt.want)
			}
		})
	}
	if got := Classify([]string{"yaml: line 3: found character that cannot start any token"}, Runtime); got != nil {
		t.Errorf("a yaml error in a runtime log = %v, want nothing (it is the app's own file)", signalIDs(got))
	}
}

func TestClassifyWith_PortsFindAnAppOnAnotherPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		ports []int
		want  bool
	}{
		{"NodeOnOther", []string{"> node index.js", "Server listening on 0.0.0.0:3000"}, []int{8080}, true},
		{"SpringOnOther", []string{"Tomcat started on port 8081 (http) with context path '/'"}, []int{8080}, true},
		{"GoBareColon", []string{"2025/01/01 10:00:00 listening on :9000"}, []int{8080}, true},
		{"OnDeclared", []string{"Server listening on 0.0.0.0:8080"}, []int{8080}, false},
		{"OneOfTwoDeclared", []string{"metrics listening on :9090", "http listening on :8080"}, []int{8080}, false},
		{"NoPortsKnown", []string{"Server listening on 0.0.0.0:3000"}, nil, false},
		{"TimestampIsNoPort", []string{"started at 10:00:01"}, []int{8080}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := ClassifyWith(tt.lines, Runtime, Options{Ports: tt.ports})
			has := slices.Contains(signalIDs(got), "wrong-port")
			if has != tt.want {
				t.Errorf("wrong-port = %v, want %v (%v)", has, tt.want, signalIDs(got))
			}
		})
	}
}

func TestClassify_UnresolvedReferenceNamesIt(t *testing.T) {
	t.Parallel()
	got := Classify([]string{"Error: getaddrinfo ENOTFOUND ${database_hostname}"}, Runtime)
	if len(got) == 0 || got[0].Signal != "host-not-found" {
		t.Fatalf("got %v, want host-not-found", signalIDs(got))
	}
	if !strings.Contains(got[0].Cause, "${database_hostname}") || !strings.Contains(got[0].Fix, "run.envVariables") {
		t.Errorf("diagnosis %+v: want the reference in the cause and run.envVariables in the fix", got[0])
	}
}

func TestClassify_ColouredAndLongLines(t *testing.T) {
	t.Parallel()
	got := Classify([]string{"\x1b[31mnpm\x1b[39m \x1b[31mERR!\x1b[39m Missing script: \"dev\""}, Build)
	if len(got) == 0 || got[0].Signal != "npm-missing-script" || strings.Contains(got[0].Evidence, "\x1b") {
		t.Errorf("coloured line: %+v", got)
	}
	long := "panic: " + strings.Repeat("x", 5000)
	got = Classify([]string{long}, Runtime)
	if len(got) != 1 || len(got[0].Evidence) > maxEvidence+len("…") {
		t.Errorf("long line: evidence of %d bytes", len(got[0].Evidence))
	}
	if Classify(nil, Runtime) != nil || Classify([]string{"", "   "}, Build) != nil {
		t.Error("empty input must yield nil")
	}
}

// TestDoc_ListsEverySignal keeps docs/diagnose.md true: its count of
// signals, and its table with each signal under its document's family.
func TestDoc_ListsEverySignal(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../docs/diagnose.md")
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`knows (\d+) signals`).FindSubmatch(src); m == nil || string(m[1]) != strconv.Itoa(len(signals)) {
		t.Errorf("docs/diagnose.md must say it knows %d signals (it says %q)", len(signals), m)
	}
	listed := map[string]string{} // signal → family
	row := regexp.MustCompile(`^\| ([a-z-]+) \| ([a-z, -]+) \|$`)
	_, table, _ := strings.Cut(string(src), "| family | signals |")
	table, _, _ = strings.Cut(table, "\n\n")
	for _, line := range strings.Split(table, "\n") {
		if m := row.FindStringSubmatch(line); m != nil {
			for _, id := range strings.Split(m[2], ",") {
				if id = strings.TrimSpace(id); listed[id] != "" {
					t.Errorf("docs/diagnose.md lists %s twice", id)
				}
				listed[id] = m[1]
			}
		}
	}
	if len(listed) != len(signals) {
		t.Errorf("docs/diagnose.md lists %d signals, the package has %d", len(listed), len(signals))
	}
	for _, s := range signals {
		if want := strings.TrimPrefix(s.doc, DocPrefix+"troubleshooting/"); listed[s.id] != want {
			t.Errorf("docs/diagnose.md lists %s under %q, want %q", s.id, listed[s.id], want)
		}
	}
}

func TestClassify_EvidenceOfARetryIsTheLineThatGaveUp(t *testing.T) {
	t.Parallel()
	ds := Classify([]string{"db: connect ECONNREFUSED 10.0.0.3:5432, retrying in 1s",
		"db: connect ECONNREFUSED 10.0.0.3:5432 after 5 attempts, giving up"}, Runtime)
	if len(ds) != 1 || !strings.Contains(ds[0].Evidence, "giving up") {
		t.Fatalf("diagnoses = %+v, want one whose evidence is the line that gave up", ds)
	}
}

func TestClassify_TimestampIsNoAddress(t *testing.T) {
	t.Parallel()
	line := "2026-01-02T03:04:05Z Error: connect ECONNREFUSED 10.0.0.9:8080"
	ds := Classify([]string{line}, Runtime)
	if len(ds) == 0 || ds[0].Signal != "connection-refused" || !strings.Contains(ds[0].Cause, "10.0.0.9:8080") || ds[0].Evidence != line {
		t.Fatalf("diagnoses = %+v, want connection-refused naming 10.0.0.9:8080 with the whole line as evidence", ds)
	}
}

func TestClassify_ManagedServiceRefusalNamesItsVariables(t *testing.T) {
	t.Parallel()
	ds := Classify([]string{"Error: connect ECONNREFUSED 10.0.7.14:5672"}, Runtime)
	if len(ds) != 1 || ds[0].Signal != "connection-refused" || !strings.Contains(ds[0].Cause, "RabbitMQ") ||
		!strings.Contains(ds[0].Fix, "${<hostname>_port}") || strings.Contains(ds[0].Fix, "run.ports") {
		t.Fatalf("diagnoses = %+v, want connection-refused naming the broker and its generated variables, not run.ports", ds)
	}
}

func TestClassify_EnvSchemaInTheBuildIsFixedInTheBuild(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		stage Stage
		want  string
	}{{Build, "build.envVariables"}, {Runtime, "run.envVariables"}} {
		ds := Classify([]string{"❌ Invalid environment variables: { API_URL: [ 'Required' ] }"}, tc.stage)
		if len(ds) == 0 || ds[0].Signal != "missing-env-variable" || !strings.Contains(ds[0].Fix, tc.want) {
			t.Errorf("stage %d: diagnoses = %+v, want missing-env-variable whose fix names %s", tc.stage, ds, tc.want)
		}
	}
}

// TestClassify_MissingVariableNamed checks that a runtime line reporting a
// variable missing gets a fix naming it, in one place: a secret as the
// service's secret with a restart, another in run.envVariables with a
// deploy; a line naming none keeps the general fix.
func TestClassify_MissingVariableNamed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line, name string
		secret     bool
	}{
		{"Error: environment variable STRIPE_KEY is required", "STRIPE_KEY", true},
		{"KeyError: 'REDIS_URL'", "REDIS_URL", false},
		{"django.core.exceptions.ImproperlyConfigured: Set the DATABASE_URL environment variable", "DATABASE_URL", false},
		{"panic: env: required environment variable \"API_TOKEN\" is not set", "API_TOKEN", true},
		{"/var/www/config/initializers/stripe.rb:1:in `fetch': key not found: \"STRIPE_SECRET_KEY\" (KeyError)", "STRIPE_SECRET_KEY", true},
		{"Error: JWT_SECRET is required", "JWT_SECRET", true},
		{"if (!process.env.JWT_SECRET) throw new Error('JWT_SECRET is required');", "JWT_SECRET", true},
		{"AssertionError [ERR_ASSERTION]: SESSION_SECRET must be set", "SESSION_SECRET", true},
		{"EnvVarError: env-var: \"DATABASE_URL\" is a required variable, but it was not set.", "DATABASE_URL", false},
		{"RuntimeError: 'WEB_CONCURRENCY' is not set", "WEB_CONCURRENCY", false},
		{"Error: reading REDIS_URL: NotPresent", "REDIS_URL", false},
		{"Caused by: java.lang.IllegalArgumentException: Could not resolve placeholder 'S3_BUCKET' in value \"${S3_BUCKET}\"", "S3_BUCKET", false},
	} {
		ds := Classify([]string{tc.line}, Runtime)
		if len(ds) == 0 || ds[0].Signal != "missing-env-variable" {
			t.Errorf("%s: diagnoses %v, want missing-env-variable", tc.line, signalIDs(ds))
			continue
		}
		d := ds[0]
		if !strings.Contains(d.Cause, tc.name+" is not set") || !strings.Contains(d.Fix, "Set "+tc.name) {
			t.Errorf("%s: cause %q, fix %q: want %s named", tc.line, d.Cause, d.Fix, tc.name)
		}
		if viaEnv := strings.Contains(d.Fix, "zerops_env action=set variables=[\""+tc.name+"="); viaEnv != tc.secret || viaEnv == d.NeedsDeploy() ||
			tc.secret == strings.Contains(d.Fix, "`run.envVariables`") {
			t.Errorf("%s: fix %q (deploy %v): want it set as a secret: %v", tc.line, d.Fix, d.NeedsDeploy(), tc.secret)
		}
		if strings.Contains(d.Fix, "${db_hostname}") {
			t.Errorf("%s: fix %q gives the general reference advice", tc.line, d.Fix)
		}
	}
	ds := Classify([]string{"Illuminate\\Encryption\\MissingAppKeyException: No application encryption key has been specified."}, Runtime)
	if len(ds) == 0 || ds[0].Fix != signalByID["missing-env-variable"].fix {
		t.Errorf("a line naming no variable: %+v, want the general fix", ds)
	}
}

// TestClassify_InitCommandFileMissingNamesTheFile checks that an init
// command that fails because the file it runs is not deployed gets the
// one fix for that, naming the command and the file, and not the other
// init failures' advice (package installs, a database still starting).
func TestClassify_InitCommandFileMissingNamesTheFile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lines      []string
		cmd, file  string
		wantSignal string
	}{
		{[]string{"$ node migrate.js", "node:internal/modules/cjs/loader:1228", "Error: Cannot find module '/var/www/migrate.js'",
			"  code: 'MODULE_NOT_FOUND',", "Node.js v22.12.0", `ERROR: initCommands: "node migrate.js" exited with code 1; the app is not started`},
			"node migrate.js", "Deploy `migrate.js`", "init-command-failed"},
		{[]string{"python: can't open file '/var/www/manage.py': [Errno 2] No such file or directory",
			`ERROR: initCommands: "zsc execOnce 1 -- python manage.py migrate" exited with code 2; the app is not started`},
			"zsc execOnce 1 -- python manage.py migrate", "Deploy `manage.py`", "init-command-failed"},
		// The platform's own line names no command: the fix names the file.
		{[]string{"Error: Cannot find module '/var/www/migrate.js'", "RUN.INIT COMMANDS FINISHED WITH ERROR"},
			"the init command", "Deploy `migrate.js`", "init-command-failed"},
		{[]string{"Could not open input file: artisan", `ERROR: initCommands: "php artisan migrate --force" exited with code 1; the app is not started`},
			"php artisan migrate --force", "Deploy `artisan`", "init-command-failed"},
		// The failReason as a failed deploy's build log ends it.
		{[]string{"python3: can't open file '/var/www/migrate.py': [Errno 2] No such file or directory", "RUN.INIT COMMANDS FINISHED WITH ERROR",
			`ERROR: init command failed: "zsc execOnce ${appVersionId} -- python3 migrate.py" exited with code 2`},
			"zsc execOnce ${appVersionId} -- python3 migrate.py", "Deploy `migrate.py`", "init-command-failed"},
	} {
		ds := Classify(tc.lines, Runtime)
		if len(ds) != 1 || ds[0].Signal != tc.wantSignal {
			t.Errorf("%s: diagnoses %v, want %s alone", tc.cmd, signalIDs(ds), tc.wantSignal)
			continue
		}
		if strings.Contains(ds[0].Cause, "init command the init command") || (tc.cmd != "the init command" && !strings.Contains(ds[0].Cause, "`"+tc.cmd+"`")) {
			t.Errorf("%s: cause %q does not name the command once", tc.cmd, ds[0].Cause)
		}
		fix := ds[0].Fix
		for _, w := range []string{tc.cmd, tc.file, "`build.deployFiles`"} {
			if !strings.Contains(fix, w) {
				t.Errorf("%s: fix %q lacks %q", tc.cmd, fix, w)
			}
		}
		for _, n := range []string{"prepareCommands", "retryUntilSuccessful"} {
			if strings.Contains(fix, n) {
				t.Errorf("%s: fix %q has another failure's %q", tc.cmd, fix, n)
			}
		}
	}
}

// TestClassify_OwnModuleMissingIsNoPackage checks that a module the app
// imports by a relative path, missing from the deploy, gets the fix for
// its own file (deploy it, or correct the import), never the packages' fix
// (node_modules, vendor, requirements.txt) nor run.start's.
func TestClassify_OwnModuleMissingIsNoPackage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line, want string
		code       *Code
	}{
		{"Error: Cannot find module './routes'", "`./routes`", nil},
		{"Error: Cannot find module '../lib/db'", "`../lib/db`", nil},
		{"Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/var/www/routes' imported from /var/www/index.js", "`routes`", nil},
		{`error: Module not found "file:///var/www/routes.ts".`, "`routes.ts`", &Code{File: "main.ts"}},
	} {
		ds := ClassifyWith([]string{tc.line}, Runtime, Options{Code: tc.code})
		if len(ds) == 0 {
			t.Errorf("%s: no diagnosis", tc.line)
			continue
		}
		d := ds[0]
		if !strings.Contains(d.Cause+d.Fix, tc.want) || !strings.Contains(d.Fix, "`build.deployFiles`") {
			t.Errorf("%s: cause %q, fix %q: want %s deployed", tc.line, d.Cause, d.Fix, tc.want)
		}
		for _, n := range []string{"node_modules", "vendor", "requirements.txt", "Make `run.start` name"} {
			if strings.Contains(d.Fix, n) {
				t.Errorf("%s: fix %q has %q", tc.line, d.Fix, n)
			}
		}
	}
}

// TestClassify_PythonSubmoduleMissing checks that a dotted module Python
// cannot find, whose parent imported, is not answered as a package to
// install alone: the app's own package may lack the file.
func TestClassify_PythonSubmoduleMissing(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ line, file string }{
		{"ModuleNotFoundError: No module named 'lib.models'", "`lib/models.py`"},
		{"ModuleNotFoundError: No module named 'app.routes.users'", "`app/routes/users.py`"},
		{"    from core.settings import base  # noqa\nModuleNotFoundError: No module named 'core.settings'", "`core/settings.py`"},
	} {
		ds := Classify([]string{tc.line}, Runtime)
		if len(ds) == 0 || ds[0].Signal != "module-not-found-at-runtime" {
			t.Fatalf("%s: diagnoses %v", tc.line, signalIDs(ds))
		}
		if !strings.Contains(ds[0].Fix, tc.file) || !strings.Contains(ds[0].Fix, "`build.deployFiles`") || strings.Contains(ds[0].Fix, "addToRunPrepare") {
			t.Errorf("%s: fix %q, want %s deployed first", tc.line, ds[0].Fix, tc.file)
		}
	}
	ds := Classify([]string{"ModuleNotFoundError: No module named 'requests'"}, Runtime)
	if len(ds) == 0 || !strings.Contains(ds[0].Fix, "requirements.txt") || strings.Contains(ds[0].Fix, "deployFiles") {
		t.Errorf("a top-level package: %+v, want the install fix", ds)
	}
}

// TestClassify_PythonOwnTopModuleMissing checks that a top-level module
// Python cannot find is the app's own to deploy when the top of its source
// holds it (helpers.py, helpers/), and a package to install otherwise, or
// when ZCP listed nothing of the source.
func TestClassify_PythonOwnTopModuleMissing(t *testing.T) {
	t.Parallel()
	listed := &Code{Base: "python@3.12", PyOwn: []string{"app.py", "helpers.py", "lib/"}, PyOwnAll: true}
	for _, tc := range []struct {
		name, line string
		code       *Code
		want       []string
		not        []string
	}{
		{"own file", "ModuleNotFoundError: No module named 'helpers'", listed,
			[]string{"Deploy `helpers.py`", "`build.deployFiles`"}, []string{"requirements.txt", "pip", "addToRunPrepare"}},
		{"own file, whole tree deployed", "ModuleNotFoundError: No module named 'helpers'", &Code{PyOwn: []string{"app.py", "helpers.py"}, Whole: true},
			[]string{"PYTHONPATH: /var/www", "python -m"}, []string{"Deploy `helpers.py`", "requirements.txt", "pip"}},
		{"own package", "ModuleNotFoundError: No module named 'helpers'", &Code{PyOwn: []string{"helpers/"}},
			[]string{"Deploy `helpers/`", "`build.deployFiles`"}, []string{"requirements.txt", "pip"}},
		{"own package's submodule", "ModuleNotFoundError: No module named 'lib.models'", listed,
			[]string{"`lib` is the app's own package", "deploy `lib/models.py`", "`build.deployFiles`"}, []string{"requirements.txt", "pin"}},
		{"not the app's own", "ModuleNotFoundError: No module named 'markdown'", listed,
			[]string{"requirements.txt", "pip install"}, []string{"deployFiles"}},
		{"start file in a subdirectory", "ModuleNotFoundError: No module named 'helpers'", &Code{Base: "python@3.12", File: "src/app.py", PyOwn: []string{"src/"}, PyOwnAll: true},
			[]string{"requirements.txt", "did not see all of `src/`", "deploy it with `build.deployFiles` instead"}, nil},
		{"top listed in part", "ModuleNotFoundError: No module named 'helpers'", &Code{Base: "python@3.12", File: "app.py", PyOwn: []string{"app.py"}},
			[]string{"requirements.txt", "did not see all of the source's top"}, nil},
		{"known package, start file in a subdirectory", "ModuleNotFoundError: No module named 'flask'", &Code{File: "src/app.py", PyOwn: []string{"src/"}},
			[]string{"requirements.txt"}, []string{"did not see", "deployFiles"}},
		{"source not listed", "ModuleNotFoundError: No module named 'helpers'", &Code{Base: "python@3.12", File: "app.py"},
			[]string{"requirements.txt", "pip install"}, []string{"deployFiles"}},
		{"no code", "ModuleNotFoundError: No module named 'helpers'", nil,
			[]string{"requirements.txt", "pip install"}, []string{"deployFiles"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{tc.line}, Runtime, Options{Code: tc.code})
			if len(ds) == 0 || ds[0].Signal != "module-not-found-at-runtime" {
				t.Fatalf("diagnoses %v", signalIDs(ds))
			}
			wantIn(t, "fix", ds[0].Fix, tc.want, tc.not)
		})
	}
}

// TestPythonModules_FilesAndDirectoriesPythonImports checks which entries
// of a source's top are modules Python can import by name.
func TestPythonModules_FilesAndDirectoriesPythonImports(t *testing.T) {
	t.Parallel()
	got := PythonModules([]string{"app.py", "helpers/", "README.md", "my-lib/", ".venv/", "setup.cfg", "2fa.py", "zerops.yml", "lib/", "my-tool.py"})
	if want := []string{"app.py", "helpers/", "lib/"}; !slices.Equal(got, want) {
		t.Errorf("PythonModules = %v, want %v", got, want)
	}
}

// TestClassify_NodeSubpathImportNamesItsPackage checks that an import of a
// package's subpath ("dotenv/config") is looked up, and fixed, as the
// package: a listed package is not called unlisted, and no install names a
// subpath.
func TestClassify_NodeSubpathImportNamesItsPackage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, line string
		packages   []string
		want, not  []string
	}{
		{"listed package's subpath", "Error: Cannot find module 'dotenv/config'", []string{"dotenv", "express"},
			[]string{"Keep `dotenv` in package.json"}, []string{"does not list", "dotenv/config"}},
		{"unlisted package's subpath", "Error: Cannot find module 'lodash/fp'", []string{"express"},
			[]string{"`npm install lodash`"}, []string{"lodash/fp"}},
		{"scoped package's subpath", "Error: Cannot find module '@aws-sdk/client-s3/dist-cjs/index.js'", []string{"@aws-sdk/client-s3"},
			[]string{"Keep `@aws-sdk/client-s3` in package.json"}, []string{"does not list", "dist-cjs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code := &Code{Base: "nodejs@22", Modules: true, PackagesRead: true, Packages: tc.packages}
			ds := ClassifyWith([]string{tc.line}, Runtime, Options{Code: code})
			if len(ds) == 0 || ds[0].Signal != "module-not-found-at-runtime" {
				t.Fatalf("diagnoses %v", signalIDs(ds))
			}
			wantIn(t, "answer", ds[0].Cause+" "+ds[0].Fix, tc.want, tc.not)
		})
	}
}

// nginx's loop to try_files' fallback index.html is that file missing from
// the root, named in the cause; a loop to a PHP front controller or a
// rewrite's own loop is the config's, not a missing file.
func TestClassify_NginxIndexCycleIsTheMissingIndex(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line string
		want       bool
	}{
		{"SPAFallback", `2026/11/30 08:40:11 [error] 22#22: *3 rewrite or internal redirection cycle while internally redirecting to "/index.html", client: 10.0.4.2, server: _, request: "GET /login HTTP/1.1"`, true},
		{"FallbackUnderAPath", `[error] 22#22: *5 rewrite or internal redirection cycle while internally redirecting to "/app/index.html", client: 10.0.4.2, server: _, request: "GET /app/x HTTP/1.1"`, true},
		{"PHPFrontController", `2026/11/30 08:40:11 [error] 22#22: *8 rewrite or internal redirection cycle while internally redirecting to "/index.php", client: 10.0.4.2, server: _, request: "GET /cart HTTP/1.1"`, false},
		{"RewriteLoop", `2026/11/30 08:40:11 [error] 22#22: *9 rewrite or internal redirection cycle while processing "/index.html", client: 10.0.4.2, server: _, request: "GET / HTTP/1.1"`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify([]string{tt.line}, Runtime)
			got := slices.ContainsFunc(ds, func(d Diagnosis) bool { return d.Signal == "deploy-files-missing" })
			if got != tt.want {
				t.Fatalf("deploy-files-missing %v (signals %v), want %v", got, signalIDs(ds), tt.want)
			}
			if tt.want && !strings.Contains(ds[0].Cause, "/index.html`") {
				t.Errorf("cause %q does not name the index file", ds[0].Cause)
			}
		})
	}
}

// TestClassify_InitCommandMissingScript: a package.json script an init
// command runs that the project lacks is the init command's, named with
// its fix in run.initCommands, not run.start's with a node fallback (walk
// 85: on deno@1 the fix offered `node <file>`), and one diagnosis.
func TestClassify_InitCommandMissingScript(t *testing.T) {
	t.Parallel()
	tail := []string{"RUN.INIT COMMANDS FINISHED WITH ERROR", `ERROR: init command failed: "npm run migrat" exited with code 1`}
	for name, lines := range map[string][]string{
		"npm 10": {"$ npm run migrat", `npm error Missing script: "migrat"`, "npm error", "npm error Did you mean this?",
			`npm error   npm run migrate # run the "migrate" package script`, "npm error To see a list of scripts, run:", "npm error   npm run"},
		"npm 9": {`npm ERR! Missing script: "migrat"`, "npm ERR! ", "npm ERR! To see a list of scripts, run:", "npm ERR!   npm run"},
		"pnpm":  {` ERR_PNPM_NO_SCRIPT  Missing script: migrat`, "", "Command \"migrat\" not found."},
	} {
		ds := Classify(append(slices.Clone(lines), tail...), Runtime)
		if len(ds) != 1 || ds[0].Signal != "init-command-failed" {
			t.Errorf("%s: diagnoses %v, want init-command-failed alone", name, signalIDs(ds))
			continue
		}
		d := ds[0]
		if !strings.Contains(d.Cause, "The init command `npm run migrat` runs the script `migrat`") ||
			!strings.Contains(d.Fix, "Correct `migrat` in `npm run migrat` in `run.initCommands`") ||
			strings.Contains(d.Cause+d.Fix, "run.start`,") || strings.Contains(d.Fix, "node <file>") {
			t.Errorf("%s: cause %q fix %q: want the init command's script named", name, d.Cause, d.Fix)
		}
	}
}

// TestClassify_InitCommandProgramMissing: a program an init command runs
// that the run container lacks is the init command's failure, and on
// static (Nginx serving files) the fix runs it elsewhere, not an install
// (walk 85: said of run.start).
func TestClassify_InitCommandProgramMissing(t *testing.T) {
	t.Parallel()
	tail := []string{"RUN.INIT COMMANDS FINISHED WITH ERROR", `ERROR: init command failed: "npm run migrate" exited with code 127`}
	for _, tc := range []struct {
		name, base, line, fix string
	}{
		{"busybox on static", "static", "/bin/sh: npm: not found", "Remove `npm run migrate` from this setup's `run.initCommands`: the static container runs no language. " +
			"If it makes files the site serves, run `npm run migrate` in `build.buildCommands` instead, with a build.base that has `npm`; " +
			"if it changes a database at each deploy (a migration), run it in the `run.initCommands` of a runtime service that has `npm`."},
		{"dash on nginx", "nginx@1.22", "/bin/sh: 1: npm: not found", "the nginx container runs no language"},
		{"bash on alpine", "alpine@3.20", "bash: line 1: npm: command not found", "Install `npm` in `run.prepareCommands`"},
	} {
		ds := ClassifyWith(append([]string{"$ npm run migrate", tc.line}, tail...), Runtime, Options{Code: &Code{Base: tc.base}})
		if len(ds) != 1 || ds[0].Signal != "init-command-failed" {
			t.Errorf("%s: diagnoses %v, want init-command-failed alone", tc.name, signalIDs(ds))
			continue
		}
		if d := ds[0]; !strings.Contains(d.Cause, "The init command `npm run migrate` runs `npm`, which") || !strings.Contains(d.Fix, tc.fix) || d.Evidence != tc.line {
			t.Errorf("%s: cause %q fix %q evidence %q: want the init command's program, %q and the shell's line", tc.name, d.Cause, d.Fix, d.Evidence, tc.fix)
		}
	}
}

// TestClassify_InitCommandNearScript: a mistyped script of an init command
// is named corrected when package.json has one near it, on a runtime and
// in the build a static site moves it to (walk 86: "run `npm run migrat`
// from a service that has npm" kept the typo).
func TestClassify_InitCommandNearScript(t *testing.T) {
	t.Parallel()
	tail := []string{"RUN.INIT COMMANDS FINISHED WITH ERROR", `ERROR: init command failed: "npm run migrat" exited with code 1`}
	code := func(base string) *Code {
		return &Code{Base: base, ScriptsRead: true, ScriptNames: []string{"build", "migrate", "start"}}
	}
	for _, tc := range []struct {
		name, base, line, fix string
	}{
		{"npm 10 on nodejs", "nodejs@22", `npm error Missing script: "migrat"`, "In `npm run migrat` in `run.initCommands`, run `migrate` in place of `migrat`"},
		{"npm 9 on nodejs", "nodejs@20", `npm ERR! Missing script: "migrat"`, "run `migrate` in place of `migrat` (package.json's \"scripts\" has `migrate`)"},
		{"npm on static", "static", "/bin/sh: npm: not found", "run `npm run migrate` (package.json's \"scripts\" has `migrate`, not `migrat`) in `build.buildCommands`"},
	} {
		ds := ClassifyWith(append([]string{"$ npm run migrat", tc.line}, tail...), Runtime, Options{Code: code(tc.base)})
		if len(ds) != 1 || ds[0].Signal != "init-command-failed" {
			t.Errorf("%s: diagnoses %v, want init-command-failed alone", tc.name, signalIDs(ds))
			continue
		}
		if d := ds[0]; !strings.Contains(d.Fix, tc.fix) || d.Evidence != tc.line {
			t.Errorf("%s: fix %q evidence %q: want %q and npm's line", tc.name, d.Fix, d.Evidence, tc.fix)
		}
	}
}
