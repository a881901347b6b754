package diagnose

import (
	"slices"
	"strings"
	"testing"
)

// TestClassifyWith_WrongPortNamesBothPortsAndAHardcodedOne checks that the
// wrong-port fix names the port the app listens on and the declared one,
// and, with PORT set already, says the code ignores it rather than asking
// for PORT again.
func TestClassifyWith_WrongPortNamesBothPortsAndAHardcodedOne(t *testing.T) {
	t.Parallel()
	lines := []string{"Starting app version v1 on nodejs@22: node index.js", "Listening on 0.0.0.0:8080"}
	tests := []struct {
		name, runtime string
		env           map[string]string
		want, not     []string
	}{
		{"PORT unknown", "", nil,
			[]string{"listens on 8080", "declared port 3000", `PORT: "3000"`, "hardcoded", "change `run.ports` to 8080"}, nil},
		{"PORT set", "", map[string]string{"PORT": "3000"},
			[]string{"ignores PORT", "hardcoded", "Change the code", "change `run.ports` to 8080"}, []string{"`run.envVariables`"}},
		// The code's read of PORT in the app's language, none other's.
		{"PORT set, node", "nodejs@22", map[string]string{"PORT": "3000"},
			[]string{"ignores PORT", "`server.listen(process.env.PORT, '0.0.0.0')`"}, []string{"os.environ", "Getenv"}},
		{"PORT unknown, python", "python@3.12", nil,
			[]string{`int(os.environ["PORT"])`, `PORT: "3000"`}, []string{"process.env", "Getenv"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith(lines, Runtime, Options{Ports: []int{3000}, Env: tt.env, Runtime: tt.runtime})
			if len(ds) == 0 || ds[0].Signal != "wrong-port" {
				t.Fatalf("diagnoses %v, want wrong-port", signalIDs(ds))
			}
			text := ds[0].Cause + " " + ds[0].Fix
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("%q lacks %q", text, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(text, n) {
					t.Errorf("%q has %q", text, n)
				}
			}
		})
	}
}

// TestClassify_LocalhostFixNamesWhatBindsEachServer checks that the
// localhost fix gives the binds that work (Flask's host argument,
// gunicorn's --bind), not a HOST variable Flask never reads as the remedy.
func TestClassify_LocalhostFixNamesWhatBindsEachServer(t *testing.T) {
	t.Parallel()
	ds := Classify([]string{" * Running on http://127.0.0.1:8000"}, Runtime)
	if len(ds) == 0 || ds[0].Signal != "listening-on-localhost" {
		t.Fatalf("diagnoses %v, want listening-on-localhost", signalIDs(ds))
	}
	for _, w := range []string{`app.run(host="0.0.0.0")`, "--bind 0.0.0.0:", "reads no HOST"} {
		if !strings.Contains(ds[0].Fix, w) {
			t.Errorf("fix %q lacks %q", ds[0].Fix, w)
		}
	}
	if strings.HasPrefix(ds[0].Fix, "Bind to 0.0.0.0 on the port declared in `run.ports` (e.g. HOST=0.0.0.0") {
		t.Errorf("fix %q leads with HOST", ds[0].Fix)
	}
}

// TestClassify_GunicornHostFlagLeadsToBind checks the usage error gunicorn
// prints for --host diagnoses an invalid start option fixed with --bind.
func TestClassify_GunicornHostFlagLeadsToBind(t *testing.T) {
	t.Parallel()
	ds := Classify([]string{"usage: gunicorn [OPTIONS] [APP_MODULE]", "gunicorn: error: unrecognized arguments: --host",
		"App version v1 exited with code 2 (start attempt 1); restarting in 2s"}, Runtime)
	if len(ds) == 0 || ds[0].Signal != "start-command-invalid" || !strings.Contains(ds[0].Fix, "--bind 0.0.0.0:(the port in run.ports)") {
		t.Fatalf("diagnoses %+v, want start-command-invalid with --bind first, the port unknown in words", ds)
	}
}

// A usage error of a start option names Python servers' binds only for a
// Python app (or an unknown one, or a Python server's own line).
func TestClassifyWith_StartOptionFixFitsTheLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line, runtime string
		python        bool
	}{
		{"error: unknown option '--host'", "nodejs@22", false},
		{"flag provided but not defined: -host", "go@1", false},
		{"error: unknown option '--host'", "", true},
		{"error: unknown option '--host'", "python@3.12", true},
		{"gunicorn: error: unrecognized arguments: --host", "nodejs@22", true},
	}
	for _, tt := range tests {
		ds := ClassifyWith([]string{tt.line}, Runtime, Options{Ports: []int{8000}, Runtime: tt.runtime})
		if len(ds) == 0 || ds[0].Signal != "start-command-invalid" {
			t.Fatalf("%s: diagnoses %+v, want start-command-invalid", tt.line, ds)
		}
		if got := strings.Contains(ds[0].Fix, "gunicorn"); got != tt.python || !strings.Contains(ds[0].Fix, "its usage line lists them") {
			t.Errorf("%s on %q: fix %q names gunicorn = %v, want %v", tt.line, tt.runtime, ds[0].Fix, got, tt.python)
		}
	}
}

// TestClassify_StartLineFlagsAreNoPublicBind checks that a start line
// echoing a bind flag (--bind 0.0.0.0:$PORT, -b [::]:8000) does not pass
// for the app's own line showing it listens on every interface: the
// localhost line after it is still the cause.
func TestClassify_StartLineFlagsAreNoPublicBind(t *testing.T) {
	t.Parallel()
	for _, start := range []string{"gunicorn --bind 0.0.0.0:$PORT main:app", "gunicorn -b [::]:8000 main:app",
		"uvicorn main:app --host=0.0.0.0"} {
		ds := Classify([]string{"Starting app version v1 on python@3.12: " + start,
			"[1] [INFO] Listening at: http://127.0.0.1:8000 (1)"}, Runtime)
		if len(ds) == 0 || ds[0].Signal != "listening-on-localhost" {
			t.Errorf("%s: diagnoses %v, want listening-on-localhost", start, signalIDs(ds))
		}
	}
}

// TestClassify_UnsetPortVariableInStart checks that the usage errors of a
// port option left without its value (an unset $PORT expands to nothing)
// are an invalid start whose fix names the variable.
func TestClassify_UnsetPortVariableInStart(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"Error: Option '--port' requires an argument.",
		"Error: Invalid value for '--port': '' is not a valid integer.",
		"gunicorn: error: argument -b/--bind: expected one argument",
		"Error: '' is not a valid port number."} {
		ds := ClassifyWith([]string{line, "App version v1 exited with code 2 (start attempt 1); restarting in 2s"}, Runtime, Options{Ports: []int{8000}})
		if len(ds) == 0 || ds[0].Signal != "start-command-invalid" || !strings.Contains(ds[0].Fix, "`$PORT`") ||
			!strings.Contains(ds[0].Fix, `PORT: "8000"`) || strings.Contains(ds[0].Fix, "<port>") {
			t.Errorf("%s: diagnoses %+v, want start-command-invalid naming $PORT", line, ds)
		}
	}
}

// TestClassifyWith_EphemeralPortOffersNoPortsChange checks that a port the
// system picked (PORT unset, no fallback: it changes at every start) gets
// no "change run.ports to it" fix, only setting PORT or a literal port.
func TestClassifyWith_EphemeralPortOffersNoPortsChange(t *testing.T) {
	t.Parallel()
	ds := ClassifyWith([]string{"Listening on 0.0.0.0:36679"}, Runtime, Options{Ports: []int{3000}})
	if len(ds) == 0 || ds[0].Signal != "wrong-port" {
		t.Fatalf("diagnoses %v, want wrong-port", signalIDs(ds))
	}
	text := ds[0].Cause + " " + ds[0].Fix
	for _, w := range []string{`PORT: "3000"`, "36679", "system"} {
		if !strings.Contains(text, w) {
			t.Errorf("%q lacks %q", text, w)
		}
	}
	for _, n := range []string{"`run.ports` to 36679", "hardcoded"} {
		if strings.Contains(text, n) {
			t.Errorf("%q has %q", text, n)
		}
	}
}

// TestClassifyWith_WrongPortOnWebServerRuntime: php-nginx (and the other
// runtimes whose web server serves the app) listen on 80 by themselves;
// a declared port nothing listens on is fixed by removing run.ports and
// run.start, never by a PORT variable or by declaring 80.
func TestClassifyWith_WrongPortOnWebServerRuntime(t *testing.T) {
	t.Parallel()
	lines := []string{"Starting app version v1 on php-nginx@8.4", "nginx listening on 0.0.0.0:80"}
	for _, ws := range []string{"php-nginx", "php-apache", "nginx", "static"} {
		ds := ClassifyWith(lines, Runtime, Options{Ports: []int{8000}, WebServer: ws})
		if len(ds) == 0 || ds[0].Signal != "wrong-port" {
			t.Fatalf("%s: diagnoses %v, want wrong-port", ws, signalIDs(ds))
		}
		text := ds[0].Cause + " " + ds[0].Fix
		for _, w := range []string{ws, "80", "8000", "Remove `run.ports`", "run.start", "zerops_deploy"} {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q lacks %q", ws, text, w)
			}
		}
		for _, n := range []string{"PORT", "change `run.ports` to 80"} {
			if strings.Contains(text, n) {
				t.Errorf("%s: %q has %q", ws, text, n)
			}
		}
	}
}

// TestClassify_UnknownStartOptionNamesNoVariable checks that a usage error
// naming an option the program does not have gets no unset-variable fix:
// no option lacks its value there.
func TestClassify_UnknownStartOptionNamesNoVariable(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"gunicorn: error: unrecognized arguments: --host",
		"Error: No such option: --bind",
		"flag provided but not defined: -port",
		"error: unknown option '--hostname'"} {
		ds := ClassifyWith([]string{line, "App version v1 exited with code 2 (start attempt 1); restarting in 2s"}, Runtime, Options{Ports: []int{8000}, Runtime: "python@3.12"})
		if len(ds) == 0 || ds[0].Signal != "start-command-invalid" {
			t.Fatalf("%s: diagnoses %v, want start-command-invalid", line, signalIDs(ds))
		}
		if strings.Contains(ds[0].Fix, "$PORT") || strings.Contains(ds[0].Fix, `PORT: "8000"`) {
			t.Errorf("%s: fix %q sets a variable", line, ds[0].Fix)
		}
	}
	ds := ClassifyWith([]string{"gunicorn: error: unrecognized arguments: --host"}, Runtime, Options{Ports: []int{8000}})
	if len(ds) == 0 || !strings.Contains(ds[0].Fix, "--bind 0.0.0.0:8000") || strings.Contains(ds[0].Fix, "uvicorn") {
		t.Errorf("gunicorn's own error: fix %+v, want gunicorn's --bind alone", ds)
	}
}

// TestClassifyWith_WrongPortFixMovesTheReadinessCheck checks that every
// wrong-port fix offering to move `run.ports` to the app's port moves a
// readiness check that asked the declared port too (the next deploy's
// check would fail otherwise), whatever words the fix uses, and that
// without such a check it names none.
func TestClassifyWith_WrongPortFixMovesTheReadinessCheck(t *testing.T) {
	t.Parallel()
	listen := []string{"Starting app version v1 on nodejs@22: node index.js", "Listening on 0.0.0.0:8080"}
	check := "ERROR: readiness check never passed: GET http://127.0.0.1:3000/ got no answer"
	tests := []struct {
		name string
		opt  Options
	}{
		{"PORT unknown", Options{}},
		{"PORT set, hardcoded", Options{Env: map[string]string{"PORT": "3000"}}},
		{"PORT set in zerops.yml", Options{YmlEnv: map[string]string{"PORT": "8080"}}},
		{"port written in the code", Options{Code: &Code{File: "index.js", Read: true, PortLine: 3, PortText: "server.listen(8080)"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.opt.Ports = []int{3000}
			plain := ClassifyWith(listen, Runtime, tt.opt)
			ready := ClassifyWith(append(slices.Clone(listen), check), Runtime, tt.opt)
			if len(plain) != 1 || plain[0].Signal != "wrong-port" || len(ready) != 1 || ready[0].Signal != "wrong-port" {
				t.Fatalf("diagnoses %v and, with the check, %v; want wrong-port alone", signalIDs(plain), signalIDs(ready))
			}
			if !strings.Contains(plain[0].Fix, "`run.ports`") || strings.Contains(plain[0].Fix, "readiness") {
				t.Errorf("without a check: %q offers no `run.ports` change, or names a check", plain[0].Fix)
			}
			for _, w := range []string{"readiness check's port", "8080"} {
				if !strings.Contains(ready[0].Fix, w) {
					t.Errorf("with the check on 3000: %q lacks %q", ready[0].Fix, w)
				}
			}
		})
	}
}

// A port read from a variable nothing sets: the fix names the variable
// the started file reads, not another server's (DB_PORT).
func TestClassify_WrongPortNamesVariableRead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, fix string
		env            map[string]string
	}{
		{"PORT", "const port = process.env.PORT || 3000;\napp.listen(port);\n", "Set PORT: \"8080\" in `run.envVariables`", nil},
		{"APP_PORT beside DB_PORT", "const db = process.env.DB_PORT || 5432;\nconst port = process.env.APP_PORT || 3000;\napp.listen(port);\n", "Set APP_PORT: \"8080\" in `run.envVariables`", nil},
		{"python SERVER_PORT", "port = int(os.environ.get('SERVER_PORT', '3000'))\napp.run(host='0.0.0.0', port=port)\n", "Set SERVER_PORT: \"8080\"", nil},
		{"only DB_PORT", "const db = process.env.DB_PORT || 5432;\napp.listen(3000);\n", "Change the code to listen on 8080", nil},
		{"PORT set: ignored", "const port = process.env.PORT || 3000;\napp.listen(port);\n", "Setting PORT again changes nothing", map[string]string{"PORT": "8080"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := ScanCode("server.js", tt.src)
			ds := ClassifyWith([]string{"Listening on 0.0.0.0:3000"}, Runtime, Options{Ports: []int{8080}, Code: &c, Env: tt.env})
			if len(ds) == 0 || ds[0].Signal != "wrong-port" {
				t.Fatalf("diagnoses %+v, want wrong-port", ds)
			}
			if !strings.Contains(ds[0].Fix, tt.fix) {
				t.Errorf("fix %q, want %q", ds[0].Fix, tt.fix)
			}
		})
	}
}

// A fix that offers moving `run.ports` to the app's port names with it
// each check the pushed zerops.yml points at the declared port: moved
// alone, the health check fails on the old port and restarts every
// container, or the readiness check fails the next deploy.
func TestClassify_WrongPortMovesChecks(t *testing.T) {
	t.Parallel()
	listen := []string{"Server listening on port 8080"}
	tests := []struct {
		name      string
		code      Code
		want, not string
	}{
		{"no checks", Code{}, "change `run.ports` to 8080", "httpGet"},
		{"health check on the declared port", Code{HealthPort: 3000}, "change `run.ports` and `run.healthCheck.httpGet.port` to 8080", "readinessCheck"},
		{"readiness check on the declared port", Code{ReadyPort: 3000}, "change `run.ports` and `deploy.readinessCheck.httpGet.port` to 8080", "healthCheck"},
		{"both checks", Code{HealthPort: 3000, ReadyPort: 3000}, "change `run.ports`, `run.healthCheck.httpGet.port` and `deploy.readinessCheck.httpGet.port` to 8080", "change `run.ports` to"},
		{"checks on another port", Code{HealthPort: 9000, ReadyPort: 9000}, "change `run.ports` to 8080", "httpGet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code := tt.code
			got := ClassifyWith(listen, Runtime, Options{Ports: []int{3000}, Code: &code})
			if len(got) == 0 || got[0].Signal != "wrong-port" {
				t.Fatalf("diagnoses %v, want wrong-port first", signalIDs(got))
			}
			if !strings.Contains(got[0].Fix, tt.want) || strings.Contains(got[0].Fix, tt.not) {
				t.Errorf("fix %q: want %q, not %q", got[0].Fix, tt.want, tt.not)
			}
		})
	}
}

// A health check that failed on a port the app does not listen on, beside
// the app's line naming its port: the fix sets the check's port to it.
// Without the app's port, the signal's own fix stands.
func TestClassify_HealthCheckPortFix(t *testing.T) {
	t.Parallel()
	check := "ERROR: health check failed: GET http://127.0.0.1:3000/status got no answer; the container is disconnected from the balancer and restarted after its failureTimeout"
	tests := []struct {
		name      string
		lines     []string
		want, not string
	}{
		{"app on 8080", []string{"Listening on 0.0.0.0:8080", check}, "Set `run.healthCheck.httpGet.port` to 8080", "Make the check match"},
		{"app's port not shown", []string{check}, "Make the check match the app", "to 8080"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := ClassifyWith(tt.lines, Runtime, Options{Ports: []int{8080}})
			if len(got) != 1 || got[0].Signal != "health-check-failed" {
				t.Fatalf("diagnoses %v, want health-check-failed alone", signalIDs(got))
			}
			if !strings.Contains(got[0].Fix, tt.want) || strings.Contains(got[0].Fix, tt.not) {
				t.Errorf("fix %q: want %q, not %q", got[0].Fix, tt.want, tt.not)
			}
		})
	}
}
