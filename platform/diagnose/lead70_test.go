package diagnose

import "testing"

// A listener announced in a JSON log line (`"port":3000`), a deployFiles
// error saying no file matched, and a build stopped for running longer
// than its limit are read whatever their exact words; a JSON line naming a
// port it does not listen on, a build that ran longer than last time and a
// deployFiles line that matched are no failure.
func TestClassify_Lead70Wordings(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// wrong-port: the listener's port in a JSON line, the balancer refused another.
		{"JSONListeningPortRefusedOther", Runtime, []string{`{"level":"info","msg":"HTTP server listening","port":3000,"host":"0.0.0.0"}`,
			"[balancer] 502 Bad Gateway: upstream 10.0.5.9:8080 refused the connection"}, "wrong-port", "3000"},
		{"JSONPortSpaceAfterColon", Runtime, []string{`{"msg": "server listening", "port": 4000}`,
			"connect() failed (111: Connection refused) while connecting to upstream, upstream: \"http://10.0.1.2:8080/\""}, "wrong-port", "4000"},
		{"PinoStartedPort", Runtime, []string{`{"level":30,"time":1733200000,"msg":"server started","port":5173}`,
			"[balancer] upstream 10.0.3.3:3000 refused the connection (502)"}, "wrong-port", "5173"},
		{"JSONMentionsPortNotListening", Runtime, []string{`{"level":"info","msg":"config loaded","port":3000}`}, "", ""},
		// deploy-files-missing: no file matched.
		{"NoFileOrDirectoryMatches", Build, []string{`[build] ERROR: deployFiles: no file or directory matches "./target/release/ledger_api"`}, "deploy-files-missing", ""},
		{"NoFilesMatched", Build, []string{`deployFiles: no files match ./dist`}, "deploy-files-missing", ""},
		{"NoPathMatchedUnderscore", Build, []string{`deploy_files error: no path matched "build/libs/app.jar"`}, "deploy-files-missing", ""},
		{"DeployFilesMatched", Build, []string{`[build] deployFiles: 3 files matched ./dist`}, "", ""},
		// build-timeout: ran longer than its limit.
		{"RanLongerThanMinuteLimit", Build, []string{"[build] ERROR: the build ran longer than its 60 minute limit and was stopped"}, "build-timeout", ""},
		{"JobRunsLongerThanAllowed", Build, []string{"pipeline job runs longer than the allowed 3600 s, cancelling"}, "build-timeout", ""},
		{"BuildWasRunningLongerThanMax", Build, []string{"build was running longer than the max build time; stopped"}, "build-timeout", ""},
		{"BuildRanLongerThanLastTime", Build, []string{"build ran longer than last time (cache miss)"}, "", ""},
	}
	runFamilyCases(t, tests)
}

// Vite's `error during build:` before an error a SvelteKit adapter threw
// is the build command's failure, not the source's; NATS.js's
// `Error: CONNECTION_REFUSED` is a refused connection. A compile error
// under the same banner, and the word in a message of no error, stay as
// they were.
func TestClassify_Lead70AdapterAndNatsRefused(t *testing.T) {
	t.Parallel()
	exit := `[build] command "npm run build" exited with code 1`
	tests := []familyCase{
		{"AdapterStaticDynamicRoutes", Build, []string{"[build] > Using @sveltejs/adapter-static",
			"[build] error during build:", "[build] Error: Encountered dynamic routes",
			"[build]     at adapt (file:///build/source/node_modules/@sveltejs/adapter-static/index.js:58:12)", exit}, "build-command-failed", ""},
		{"AdapterFrameAsyncAdapt", Build, []string{"error during build:", "Error: Prerendering failed for /admin",
			"    at async adapt (/build/source/node_modules/@sveltejs/adapter-static/index.js:40:5)",
			"ELIFECYCLE  Command failed with exit code 1."}, "build-command-failed", ""},
		{"AdapterPackagePathOnly", Build, []string{"error during build:", "Error: No fallback page was written",
			"    at file:///build/source/node_modules/@sveltejs/adapter-node/index.js:71:9", exit}, "build-command-failed", ""},
		{"ViteSourceErrorStaysCompile", Build, []string{"error during build:",
			"src/routes/+page.svelte:12:4 Unexpected token", "    at parse (file:///build/source/node_modules/svelte/compiler.js:10:1)", exit}, "compile-error", ""},
		{"NatsConnectionRefused", Runtime, []string{"Error: CONNECTION_REFUSED",
			"    at Function.errorForCode (/var/www/node_modules/nats/lib/nats-base-client/core.js:249:16)",
			"  code: 'CONNECTION_REFUSED',", "Node.js v20.18.1"}, "connection-refused", ""},
		{"NatsErrorWithServer", Runtime, []string{"NatsError: CONNECTION_REFUSED",
			"    at NatsConnectionImpl.connect (/app/node_modules/nats/lib/nats-base-client/nats.js:59:23)"}, "connection-refused", ""},
		{"CodeCONNECTION_REFUSEDOnly", Runtime, []string{"[queue] worker failed to start: code=CONNECTION_REFUSED server=queue:4222"}, "connection-refused", ""},
		{"LowerCaseWordIsNoRefusal", Runtime, []string{"retry policy: on connection_refused wait 2s"}, "", ""},
	}
	runFamilyCases(t, tests)
}
