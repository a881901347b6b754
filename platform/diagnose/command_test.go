package diagnose

import (
	"slices"
	"strings"
	"testing"
)

// A program the shell did not find is run.start's typo when its name is
// one slip from a program the container has, else a package or tool
// missing; a tool's unknown task is run.start's too. Each is one cause:
// no generic crash for the exit status after it.
func TestClassify_MisspeltProgramOrTaskIsTheStartCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		stage Stage
		lines []string
		want  []string
		cause []string // in the first diagnosis' cause
		fix   []string // and its fix
	}{
		{"DashTypo", Runtime, []string{"Starting application: nmp run start", "/bin/sh: 1: nmp: not found", "container exited with status 127"},
			[]string{"start-command-invalid"}, []string{"`nmp`", "`npm`"}, []string{"`nmp` to `npm` in `run.start`"}},
		{"ZshTypoInTheBuild", Build, []string{"zsh:1: command not found: pyhton", "build command failed with exit code 127"},
			[]string{"build-command-failed"}, []string{"`pyhton`", "`python`"}, []string{"`build.buildCommands`"}},
		{"PackageCommandStaysMissing", Runtime, []string{"/bin/sh: 1: gunicorn: not found", "Process exited with code 127"},
			[]string{"module-not-found-at-runtime"}, []string{"`gunicorn`", "pip"}, []string{"requirements.txt"}},
		{"KnownToolStaysMissing", Runtime, []string{"sh: pnpm: not found"},
			[]string{"module-not-found-at-runtime"}, []string{"`pnpm`"}, []string{"run.prepareCommands"}},
		{"MixTaskWithSuggestion", Runtime, []string{"start: mix phx.serve", `** (Mix) The task "phx.serve" could not be found. Did you mean "phx.server"?`, "process exited with code 1"},
			[]string{"start-command-invalid"}, []string{"`phx.serve`"}, []string{"`run.start` to `phx.server`"}},
		{"DjangoCommandWithSuggestion", Runtime, []string{"Unknown command: 'runsever'. Did you mean runserver?", "Type 'manage.py help' for usage."},
			[]string{"start-command-invalid"}, []string{"`runsever`"}, []string{"to `runserver`"}},
		{"ArtisanWithoutOneSuggestion", Runtime, []string{`   ERROR  Command "octane:strt" is not defined. Did you mean one of these?`, "  ⇂ octane:start", "  ⇂ octane:status"},
			[]string{"start-command-invalid"}, []string{"`octane:strt`"}, []string{"`php artisan list`"}},
		{"MavenNoImageBringsAlpine", Build, []string{"$ mvn -B package -DskipTests", "/bin/sh: mvn: not found", "ERROR: build command failed with exit code 127: mvn -B package -DskipTests"},
			[]string{"build-command-failed"}, []string{"`mvn`", "Maven"}, []string{"`mvnw`", "sudo apk add --no-cache maven"}},
		{"GradleNoImageBringsDash", Build, []string{"/bin/sh: 1: gradle: not found"},
			[]string{"build-command-failed"}, []string{"`gradle`", "Gradle"}, []string{"`gradlew`", "sudo apt-get install -y gradle"}},
		{"MavenNoImageBringsBash", Build, []string{"bash: line 1: mvn: command not found"},
			[]string{"build-command-failed"}, []string{"`mvn`"}, []string{"`./mvnw …`"}},
		{"NpmNoNodeInTheBuildImage", Build, []string{"$ npm ci", "/bin/sh: npm: not found", "ERROR: build command failed with exit code 127: npm ci"},
			[]string{"build-command-failed"}, []string{"`npm`", "Node.js"}, []string{"`build.base`", "nodejs@22", "sudo apk add --no-cache nodejs npm"}},
		{"NpxNoNodeInTheBuildImageDash", Build, []string{"/bin/sh: 1: npx: not found"},
			[]string{"build-command-failed"}, []string{"`npx`"}, []string{"[php@8.4, nodejs@22]"}},
		{"YarnNoNodeInTheBuildImageBash", Build, []string{"bash: line 1: yarn: command not found"},
			[]string{"build-command-failed"}, []string{"`yarn`"}, []string{"`build.base`"}},
		{"GradleWrapperJarMissing", Build, []string{"$ ./gradlew clean build -x test", "Error: Could not find or load main class org.gradle.wrapper.GradleWrapperMain",
			"Caused by: java.lang.ClassNotFoundException: org.gradle.wrapper.GradleWrapperMain", "ERROR: build command failed with exit code 1: ./gradlew clean build -x test"},
			[]string{"build-command-failed"}, []string{"gradle/wrapper/gradle-wrapper.jar"}, []string{"!gradle/wrapper/gradle-wrapper.jar", "sudo apk add --no-cache gradle"}},
		{"GradleWrapperJarMissingCauseOnly", Build, []string{"Caused by: java.lang.ClassNotFoundException: org.gradle.wrapper.GradleWrapperMain"},
			[]string{"build-command-failed"}, []string{"gradle-wrapper.jar"}, []string{"`gradle wrapper`"}},
		{"GradleWrapperJarMissingStamped", Build, []string{"2026-11-30T20:01:02Z [build] Error: could not find or load main class org.gradle.wrapper.GradleWrapperMain"},
			[]string{"build-command-failed"}, []string{"gradle-wrapper.jar"}, []string{"`./gradlew`"}},
		{"RakeTaskInTheBuild", Build, []string{"rake aborted!", "Don't know how to build task 'assets:precompil' (See the list of available tasks with `rake --tasks`)"},
			[]string{"build-command-failed"}, []string{"`assets:precompil`"}, []string{"`build.buildCommands`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			wantIn(t, "cause", ds[0].Cause, tt.cause, nil)
			wantIn(t, "fix", ds[0].Fix, tt.fix, nil)
		})
	}
}

// Node.js refusing an option, and a bundle over its size budget, are the
// command's own failures: the fix names the option (and the base, for
// another version's) or the budget, and no exit status is a second cause.
func TestClassify_NodeOptionAndBudgetAreTheCommands(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		stage      Stage
		lines      []string
		want       []string
		cause, fix []string
	}{
		{"NodeOptionMisspelt", Runtime, []string{"[zerops] starting: node --experimental-strip-type src/server.ts", "node: bad option: --experimental-strip-type", "[zerops] process exited with code 9"},
			[]string{"start-command-invalid"}, []string{"`--experimental-strip-type`", "code 9"}, []string{"in `run.start`", "`run.base`", "node --help"}},
		{"NodeOptionInTheBuild", Build, []string{"$ node --env-file-if-exists=.env scripts/gen.js", "node: bad option: --env-file-if-exists=.env", "build command failed with exit code 9"},
			[]string{"build-command-failed"}, []string{"`--env-file-if-exists`"}, []string{"in `build.buildCommands`", "`build.base`"}},
		{"NodeOptionNotAllowedInTheEnv", Runtime, []string{"node: --use-env-proxy is not allowed in NODE_OPTIONS", "[zerops] process exited with code 9"},
			[]string{"start-command-invalid"}, []string{"`--use-env-proxy`", "NODE_OPTIONS"}, []string{"`run.envVariables`", "zerops_env", "in `run.start`"}},
		{"NodeOptionNotAllowedInTheBuildEnv", Build, []string{"$ npm run build", "node: --optimize_for_size is not allowed in NODE_OPTIONS", "build command failed with exit code 9"},
			[]string{"build-command-failed"}, []string{"`--optimize_for_size`", "NODE_OPTIONS"}, []string{"`build.envVariables`", "in `build.buildCommands`"}},
		{"AngularBudget", Build, []string{"Application bundle generation failed. [11.204 seconds]", "✘ [ERROR] bundle initial exceeded maximum budget. Budget 1.00 MB was not met by 98.20 kB with a total of 1.10 MB.",
			"npm error Lifecycle script `build` failed with error:", "npm error code 1"},
			[]string{"build-command-failed"}, []string{"size budget", "compiles"}, []string{"`maximumError`", "angular.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			wantIn(t, "cause", ds[0].Cause, tt.cause, nil)
			wantIn(t, "fix", ds[0].Fix, tt.fix, nil)
		})
	}
}

// slip takes a typist's slip (two letters swapped, one doubled; for a
// long name one left out, added or changed), never another real program.
func TestSlip_OneTypistsSlip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		typed, name string
		want        bool
	}{
		{"nmp", "npm", true}, {"ndoe", "node", true}, {"nnpm", "npm", true}, {"nodee", "node", true},
		{"pyton", "python", true}, {"gunicorm", "gunicorn", true}, {"pythn3", "python3", true}, {"composr", "composer", true},
		{"make", "rake", false}, {"server", "serve", false}, {"pnpm", "npm", false}, {"npx", "npm", false},
		{"node", "node", false}, {"nod", "node", false}, {"demo", "deno", false}, {"nmpx", "npm", false},
	}
	for _, tt := range tests {
		if got := slip(tt.typed, tt.name); got != tt.want {
			t.Errorf("slip(%q, %q) = %v, want %v", tt.typed, tt.name, got, tt.want)
		}
	}
}

// wantIn fails for each of want that text (the diagnosis' what) lacks and
// each of not that it has.
func wantIn(t *testing.T, what, text string, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s %q lacks %q", what, text, w)
		}
	}
	for _, n := range not {
		if strings.Contains(text, n) {
			t.Errorf("%s %q has %q", what, text, n)
		}
	}
}

// Each family gets the fix its line names: the build's output
// directory, the missing class, the platform to lock, the provider to wire.
func TestClassify_FixNamesWhatTheLineNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		stage      Stage
		lines      []string
		want       string
		cause, fix []string
	}{
		{"NextDistDir", Runtime, []string{"Error: Could not find a production build in the '/var/www/apps/web/.next' directory. Try building your app with 'next build' before starting the production server."},
			"deploy-files-missing", []string{"/var/www/apps/web/.next"}, []string{"`apps/web/.next` to `build.deployFiles`", "next build"}},
		{"PHPPackageClass", Runtime, []string{`PHP Fatal error:  Uncaught Error: Class "Predis\Client" not found in /var/www/src/Cache/Store.php:19`},
			"module-not-found-at-runtime", []string{"`Predis\\Client`", "Composer"}, []string{"composer require", "`vendor` in `build.deployFiles`"}},
		{"PHPJSONEscapedClass", Runtime, []string{`production.ERROR: Interface \"Psr\\SimpleCache\\CacheInterface\" not found at /var/www/src/Cache.php:7`},
			"module-not-found-at-runtime", []string{"`Psr\\SimpleCache\\CacheInterface`"}, nil},
		{"SymfonyClass", Runtime, []string{`Attempted to load class "S3Client" from namespace "Aws\S3". Did you forget a "use" statement for another namespace?`},
			"module-not-found-at-runtime", []string{"`Aws\\S3\\S3Client`"}, nil},
		{"BundlerPlatform", Build, []string{`Your bundle only supports platforms ["arm64-darwin-23"] but your local platform is x86_64-linux-musl. Add the current platform to the lockfile with`},
			"lockfile-mismatch", []string{"`x86_64-linux-musl`"}, []string{"`bundle lock --add-platform x86_64-linux-musl`", "commit Gemfile.lock"}},
		{"GoSumPackage", Build, []string{"cmd/api/main.go:8:2: missing go.sum entry for module providing package github.com/labstack/echo/v4 (imported by example.org/api/cmd/api); to add:"},
			"lockfile-mismatch", []string{"`github.com/labstack/echo/v4`", "go.sum"}, []string{"`go mod tidy`", "commit go.mod and go.sum"}},
		// Named files' imports have no importer: the line ends at a ";".
		{"GoSumNamedFile", Build, []string{"main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin; to add:"},
			"lockfile-mismatch", []string{"`github.com/gin-gonic/gin`"}, []string{"`go mod tidy`"}},
		{"GoSumModFile", Build, []string{"go: github.com/jackc/pgx/v5@v5.7.1: missing go.sum entry for go.mod file; to add it:"},
			"lockfile-mismatch", []string{"go.sum has no checksum"}, []string{"`go mod tidy`"}},
		{"GoModUpdates", Build, []string{"go: updates to go.mod needed; to update it:"},
			"lockfile-mismatch", []string{"go.sum"}, []string{"`go mod tidy`"}},
		{"NestDependency", Runtime, []string{`[Nest] 31  - 11/30/2026, 8:31:02 AM   ERROR [ExceptionHandler] Nest can't resolve dependencies of the OrdersService (?, ConfigService). Please make sure that the argument "PaymentsGateway" at index [0] is available in the OrdersModule context.`},
			"app-crash", []string{"`PaymentsGateway`", "`OrdersService`", "`OrdersModule`"}, []string{"`providers`", "`imports`"}},
		{"NestUnnamedDependency", Runtime, []string{"[Nest] 12   - 01/14/2020, 3:24:49 PM   [ExceptionHandler] Nest can't resolve dependencies of the AuditService (Repo, ?). Please make sure that the argument at index [1] is available in the AuditModule context. +2ms"},
			"app-crash", []string{"the dependency at that index", "`AuditModule`"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if len(ds) == 0 || ds[0].Signal != tt.want {
				t.Fatalf("signals = %v, want %s first", signalIDs(ds), tt.want)
			}
			wantIn(t, "cause", ds[0].Cause, tt.cause, nil)
			wantIn(t, "fix", ds[0].Fix, tt.fix, nil)
		})
	}
}

// A class in the app's own namespace is the app's code, not a package.
func TestClassify_PHPOwnClassIsNoPackage(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		`PHP Fatal error:  Uncaught Error: Class "App\Http\Controllers\ReportController" not found in /var/www/routes/web.php:12`,
		`PHP Fatal error:  Uncaught Error: Class 'Database\Seeders\UserSeeder' not found in /var/www/database/seeders/DatabaseSeeder.php:9`,
		`Attempted to load class "Mailer" from namespace "App\Service". Did you forget a "use" statement for another namespace?`,
	} {
		if ds := Classify([]string{line}, Runtime); slices.ContainsFunc(ds, func(d Diagnosis) bool { return d.Signal == "module-not-found-at-runtime" }) {
			t.Errorf("Classify(%q) = %v: the app's own class read as a package's", line, signalIDs(ds))
		}
	}
}

// A go.sum line that begins with the importing file's position is Go's
// lock file, not the source's: one diagnosis, no compile-error beside it
// with "fix the reported file and line" (walk 11).
func TestClassify_GoSumLineIsNoCompileError(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin (imported by example.com/shop); to add:",
		"[build] internal/store/pg.go:9:2: missing go.sum entry for module providing package github.com/jackc/pgx/v5/pgxpool (imported by example.org/ledger/internal/store); to add:",
		"./handlers.go:14:3: missing go.sum entry for module providing package golang.org/x/crypto/bcrypt (imported by shop/handlers); to add:",
		"main.go:5:2: missing go.sum entry for module providing package github.com/labstack/echo/v4; to add:",
	} {
		if ds := Classify([]string{line}, Build); len(ds) != 1 || ds[0].Signal != "lockfile-mismatch" {
			t.Errorf("Classify(%q) = %v, want lockfile-mismatch alone", line, signalIDs(ds))
		}
	}
}
