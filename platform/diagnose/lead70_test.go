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
