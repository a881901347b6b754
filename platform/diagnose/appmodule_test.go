package diagnose

import "testing"

// gunicorn started without an app module refuses to start: through its
// argument parser before 20.1 (`gunicorn: error: No application module
// specified.` under its usage line, the program's name as the shell or
// `python -m` ran it), or as a config error since (`Error: No application
// module specified.`). That is start-command-invalid, whose fix names the
// module:attribute in run.start, ahead of the exit line; gunicorn booting
// its app is nothing.
func TestClassify_GunicornNoAppModule(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"ArgparseUsage", Runtime, []string{"$ gunicorn -w 2 -b 0.0.0.0:8080",
			"usage: gunicorn [OPTIONS] [APP_MODULE]", "gunicorn: error: No application module specified.",
			"app process ended, exit code 2"}, "start-command-invalid", "app.wsgi:application"},
		{"PythonDashM", Runtime, []string{"usage: __main__.py [OPTIONS] [APP_MODULE]",
			"__main__.py: error: No application module specified.", "exited with code 2"}, "start-command-invalid", "module:attribute"},
		{"ConfigErrorSince20", Runtime, []string{"2026-11-30T08:14:02Z ",
			"2026-11-30T08:14:02Z Error: No application module specified.", "2026-11-30T08:14:02Z process exited with status 1"}, "start-command-invalid", "without the app it serves"},
		{"HealthyBoot", Runtime, []string{"[2026-11-30 08:15:10 +0000] [41] [INFO] Starting gunicorn 23.0.0",
			"[2026-11-30 08:15:10 +0000] [41] [INFO] Listening at: http://0.0.0.0:8000 (41)",
			"[2026-11-30 08:15:10 +0000] [43] [INFO] Booting worker with pid: 43"}, "", ""},
	}
	runFamilyCases(t, tests)
}
