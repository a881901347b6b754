package diagnose

import "testing"

// An app that ends itself with an exit code prints no stack trace: the
// fix names the line it printed (or says to read the lines before the
// exit), never "the stack trace's first frame"; a crash with a trace keeps
// the generic fix.
func TestClassify_ExitWithoutTraceNamesWhatItPrinted(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NodeFatalThenExit", Runtime, []string{"fatal: config missing", "App version V1 exited with code 3 (start attempt 1); restarting in 2s"}, "app-crash", "printed `fatal: config missing` and exited with code 3"},
		{"ErrorWordThenExitStatus", Runtime, []string{"error: JWT_SECRET must be 32 characters", "process exited with status 2"}, "app-crash", "exited with code 2: it ended itself"},
		{"BareExitCode", Runtime, []string{"App version V1 exited with code 4 (start attempt 2); restarting in 4s"}, "app-crash", "The app exited with code 4 with no uncaught error"},
		{"ExitedWithCodeNoColon", Runtime, []string{"[FATAL] cannot open ./data/app.db", "container exited with code 1"}, "app-crash", "Fix what that line names"},
		{"NodeTraceKeepsFrame", Runtime, []string{"Error: boom", "    at Object.<anonymous> (/var/www/server.js:3:7)", "Node.js v22.12.0", "App version V1 exited with code 1 (start attempt 1); restarting in 2s"}, "app-crash", "stack trace's first frame"},
		{"JvmExceptionKeepsFrame", Runtime, []string{`Exception in thread "main" java.lang.IllegalStateException: no config`, "App version V1 exited with code 1 (start attempt 1); restarting in 2s"}, "app-crash", "stack trace's first frame"},
		{"PythonTraceKeepsFrame", Runtime, []string{"Traceback (most recent call last):", `  File "/var/www/app.py", line 3, in <module>`, "ValueError: bad", "App version V1 exited with code 1 (start attempt 1); restarting in 2s"}, "app-crash", "stack trace's first frame"},
	}
	runFamilyCases(t, tests)
}
