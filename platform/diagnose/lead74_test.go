package diagnose

import "testing"

// Log set 19's first-run misses, read whatever their exact words: a
// readiness check's verdict under a bracketed tag, ClickHouse refusing a
// password, a run.prepareCommands command that goes to /var/www before the
// deploy files are there; and a built page whose path says timeout is no
// build past its limit.
func TestClassify_Lead74Wordings(t *testing.T) {
	t.Parallel()
	prepFail := "[run-prepare] run prepare commands exited with code 10"
	tests := []familyCase{
		// readiness-check-failed under a bracketed tag.
		{"BracketTagCheckFailed", Runtime, []string{"[readiness] GET http://api:8080/health: no response within 5s", "[readiness] check failed after 3 attempts"}, "readiness-check-failed", ""},
		{"BracketTagProbeTimedOut", Runtime, []string{"[readiness] probe timed out after 30 s"}, "readiness-check-failed", ""},
		{"BracketTagCheckNeverPassed", Runtime, []string{"[readiness]  check never passed; the new version is not deployed"}, "readiness-check-failed", ""},
		{"BracketTagCheckPassed", Runtime, []string{"[readiness] check passed (200) after 2 attempts"}, "", ""},
		// db-auth-failed: ClickHouse's words.
		{"ClickHouseCode516", Runtime, []string{" Code: 516. DB::Exception: analytics: Authentication failed: password is incorrect, or there is no user with such name. (AUTHENTICATION_FAILED)"}, "db-auth-failed", ""},
		{"ClickHouseGoDriver", Runtime, []string{"clickhouse [handshake]: code: 516, message: reporter: Authentication failed: password is incorrect, or there is no user with such name."}, "db-auth-failed", ""},
		{"ClickHouseJDBC", Runtime, []string{"java.sql.SQLException: Code: 516. DB::Exception: default: Authentication failed: password is incorrect, or there is no user with such name. (AUTHENTICATION_FAILED)"}, "db-auth-failed", ""},
		{"AppLoginPasswordIncorrect", Runtime, []string{`{"level":"info","msg":"login rejected: authentication failed: password is incorrect","user":"ana"}`}, "", ""},
		// prepare-reads-deploy-files: a prepare command that cds to /var/www.
		{"CdVarWwwBundle", Runtime, []string{"[run-prepare] $ cd /var/www && bundle install --without development test", "[run-prepare] Could not locate Gemfile", prepFail}, "prepare-reads-deploy-files", ""},
		{"CdVarWwwPip", Runtime, []string{"[run-prepare] + cd /var/www", "[run-prepare] ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'requirements.txt'", prepFail}, "prepare-reads-deploy-files", ""},
		{"CdVarWwwComposer", Runtime, []string{"[prepare] cd /var/www; composer install --no-dev", "[prepare] Composer could not find a composer.json file in /var/www", "PREPARING_RUNTIME_FAILED"}, "prepare-reads-deploy-files", ""},
		{"CdVarWwwPrepareSucceeded", Runtime, []string{"[run-prepare] $ cd /var/www && mkdir -p storage/cache", "[run-prepare] done"}, "", ""},
		// a page path naming timeout is no build past its limit
		{"AstroTimeoutPage", Build, []string{"[build] 08:01:19   ├─ /errors/timeout/index.html (+4ms)"}, "", ""},
		{"NextTimeoutRoute", Build, []string{"[build] ├ ○ /status/timeout                        1.2 kB"}, "", ""},
		{"TimeoutAsset", Build, []string{"[build] dist/assets/timeout.4f2a9c.js   3.10 kB"}, "", ""},
		{"BuildTimedOutStays", Build, []string{"[build] ERROR: build timed out after 60 minutes"}, "build-timeout", ""},
	}
	runFamilyCases(t, tests)
}
