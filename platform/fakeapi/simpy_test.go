package fakeapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// pyKBYml is a Python setup the knowledge base's way: requirements.txt
// handed to the run-prepare step, installed by run.prepareCommands; start
// and env as given.
func pyKBYml(start, env string) string {
	y := "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      addToRunPrepare: [requirements.txt]\n      deployFiles: ./\n" +
		"    run:\n      base: python@3.12\n      prepareCommands:\n        - python3 -m pip install --no-cache-dir --ignore-installed -r requirements.txt\n" +
		"      start: " + start + "\n      ports: [{port: 8000, httpSupport: true}]\n"
	if env != "" {
		y += "      envVariables:\n" + env
	}
	return y
}

// The forms Python servers are started in are judged as the servers read
// them: `python -m gunicorn` is gunicorn, -c/--config names its config
// file (not the app), ./gunicorn.conf.py and GUNICORN_CMD_ARGS set its bind
// (the command line over both), and a config file named but not deployed
// stops it.
func TestRun_PythonServerForms(t *testing.T) {
	t.Parallel()
	const app = "from fastapi import FastAPI\napp = FastAPI()\n"
	const conf = "bind = '0.0.0.0:8000'\nworkers = 2\n"
	tests := []struct {
		name  string
		start string
		env   string
		extra map[string]string
		code  int
		want  []string
		not   []string
	}{
		{"PythonMGunicorn", "python -m gunicorn --bind 0.0.0.0:8000 main:app", "", nil,
			http.StatusOK, []string{"[INFO] Listening at: http://0.0.0.0:8000"}, []string{"ModuleNotFoundError", "No module named"}},
		{"Python3MUvicorn", "python3 -m uvicorn main:app --host 0.0.0.0 --port 8000", "", nil,
			http.StatusOK, []string{"Uvicorn running on http://0.0.0.0:8000"}, []string{"ModuleNotFoundError", "No module named"}},
		{"GunicornConfigShortFlag", "gunicorn -c gunicorn.conf.py main:app", "", map[string]string{"gunicorn.conf.py": conf},
			http.StatusOK, []string{"[INFO] Listening at: http://0.0.0.0:8000"}, []string{"ModuleNotFoundError"}},
		{"GunicornConfigLongFlag", "gunicorn --config=gunicorn.conf.py main:app", "", map[string]string{"gunicorn.conf.py": conf},
			http.StatusOK, []string{"[INFO] Listening at: http://0.0.0.0:8000"}, []string{"ModuleNotFoundError"}},
		{"GunicornDefaultConfigFile", "gunicorn main:app", "", map[string]string{"gunicorn.conf.py": conf},
			http.StatusOK, []string{"[INFO] Listening at: http://0.0.0.0:8000"}, []string{"127.0.0.1"}},
		{"GunicornCommandLineOverConfig", "gunicorn -b 127.0.0.1:8000 main:app", "", map[string]string{"gunicorn.conf.py": conf},
			http.StatusBadGateway, []string{"[INFO] Listening at: http://127.0.0.1:8000"}, nil},
		{"GunicornCmdArgsVariable", "gunicorn main:app", "        GUNICORN_CMD_ARGS: --bind=0.0.0.0:8000 --workers=2\n", nil,
			http.StatusOK, []string{"[INFO] Listening at: http://0.0.0.0:8000"}, []string{"127.0.0.1"}},
		// gunicorn's default bind is 0.0.0.0:$PORT when PORT is set; a config file's bind is over it.
		{"GunicornPortVariable", "gunicorn main:app", "        PORT: \"8000\"\n", nil,
			http.StatusOK, []string{"[INFO] Listening at: http://0.0.0.0:8000"}, []string{"127.0.0.1"}},
		{"GunicornPortVariableOtherPort", "gunicorn main:app", "        PORT: \"9000\"\n", nil,
			http.StatusBadGateway, []string{"[INFO] Listening at: http://0.0.0.0:9000"}, []string{"127.0.0.1"}},
		{"GunicornConfigOverPortVariable", "gunicorn main:app", "        PORT: \"8000\"\n",
			map[string]string{"gunicorn.conf.py": "bind = '127.0.0.1:8000'\n"},
			http.StatusBadGateway, []string{"[INFO] Listening at: http://127.0.0.1:8000"}, nil},
		{"HypercornReadsNoPortVariable", "hypercorn main:app", "        PORT: \"8000\"\n", nil,
			http.StatusBadGateway, []string{"Running on http://127.0.0.1:8000"}, nil},
		// uvicorn's options are read from UVICORN_* too; the command line is over them.
		{"UvicornHostPortVariables", "uvicorn main:app", "        UVICORN_HOST: 0.0.0.0\n        UVICORN_PORT: \"8000\"\n", nil,
			http.StatusOK, []string{"Uvicorn running on http://0.0.0.0:8000"}, []string{"127.0.0.1"}},
		{"PythonMUvicornHostVariable", "python -m uvicorn main:app", "        UVICORN_HOST: 0.0.0.0\n", nil,
			http.StatusOK, []string{"Uvicorn running on http://0.0.0.0:8000"}, []string{"127.0.0.1"}},
		{"UvicornCommandLineOverVariables", "uvicorn main:app --port 8000", "        UVICORN_HOST: 0.0.0.0\n        UVICORN_PORT: \"9000\"\n", nil,
			http.StatusOK, []string{"Uvicorn running on http://0.0.0.0:8000"}, []string{":9000"}},
		{"GunicornValuedOptionsBeforeApp", "gunicorn --timeout 120 --threads 4 -b 0.0.0.0:8000 main:app", "", nil,
			http.StatusOK, []string{"[INFO] Listening at: http://0.0.0.0:8000"}, []string{"No module named"}},
		{"GunicornConfigNotDeployed", "gunicorn -c gunicorn.conf.py main:app", "", nil,
			http.StatusBadGateway, []string{"Error: 'gunicorn.conf.py' doesn't exist", "exited with code 1"}, []string{"Listening"}},
		{"PythonMGunicornAppMissing", "python -m gunicorn --bind 0.0.0.0:8000 wsgi:app", "", nil,
			http.StatusBadGateway, []string{"ModuleNotFoundError: No module named 'wsgi'"}, []string{"Listening"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			stage := srv.ServiceID("appstage")
			files := map[string]string{"zerops.yml": pyKBYml(tt.start, tt.env), "requirements.txt": "fastapi\ngunicorn\nuvicorn\n", "main.py": app}
			for k, v := range tt.extra {
				files[k] = v
			}
			if av, p := pushFiles(t, h, stage, "appstage", files); p.Status != "FINISHED" {
				t.Fatalf("build ended %s:\n%s", p.Status, strings.Join(buildLines(t, srv, h, string(av.Id)), "\n"))
			}
			joined := runtimeLog(t, h, srv.ProjectID(), stage, tt.want)
			for _, n := range tt.not {
				if strings.Contains(joined, n) {
					t.Errorf("runtime log has %q:\n%s", n, joined)
				}
			}
			if code, b := probe(t, srv, "appstage", 8000, "/"); code != tt.code {
				t.Errorf("GET appstage:8000 = %d %q, want %d", code, b, tt.code)
			}
		})
	}
}
