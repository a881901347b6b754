package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// A Python start's imports of packages are judged from what installs them
// into the run container: nothing installs anything, and an import beyond
// the standard library fails as Python does; the installs the sandbox
// reads name the package (requirements files, pyproject.toml, Pipfile,
// arguments, Alpine's py3-), and it is there; anything else may come with
// an installed package, and the start is unverified, naming the module.
func TestRun_PythonPackageImports(t *testing.T) {
	t.Parallel()
	const server = "from http.server import HTTPServer, BaseHTTPRequestHandler\n" +
		"HTTPServer(('0.0.0.0', 8000), BaseHTTPRequestHandler).serve_forever()\n"
	tests := []struct {
		name     string
		prepare  []string
		files    map[string]string
		deploy   []string // "": ./
		crash    string   // the last crash line, "" for none
		unsure   string   // in Unchecked, "" for nothing unchecked
		toRunPre []string
	}{
		{name: "nothing installs a listed package", files: map[string]string{"app.py": "import requests\n" + server, "requirements.txt": "requests\n"},
			crash: "ModuleNotFoundError: No module named 'requests'"},
		{name: "nothing installs an unlisted package", files: map[string]string{"app.py": "import os\nfrom jwt import encode\n" + server},
			crash: "ModuleNotFoundError: No module named 'jwt'"},
		{name: "the standard library only", files: map[string]string{"app.py": "import os, json, logging.config\nfrom urllib import parse\n" + server}},
		{name: "an install not naming the package", prepare: []string{"pip install -r requirements.txt"}, toRunPre: []string{"requirements.txt"},
			files:  map[string]string{"app.py": "import flask\nimport requests\n" + server, "requirements.txt": "Flask==3.0.0\n"},
			unsure: "(requests: no install the sandbox read names them)"},
		{name: "requirements name it", prepare: []string{"pip install -r requirements.txt"}, toRunPre: []string{"requirements.txt"},
			files: map[string]string{"app.py": "import requests\nimport jwt\nimport yaml\n" + server, "requirements.txt": "requests>=2\nPyJWT\n-r more.txt\n", "more.txt": "PyYAML\n"}},
		{name: "a package it brings", prepare: []string{"python3 -m pip install flask"},
			files: map[string]string{"app.py": "from werkzeug import serving\n" + server}},
		{name: "uv sync of pyproject", prepare: []string{"uv sync"}, toRunPre: []string{"pyproject.toml"},
			files: map[string]string{"app.py": "import httpx\nimport pytest\n" + server,
				"pyproject.toml": "[project]\nname = \"x\"\ndependencies = [\n  \"httpx>=0.27\",\n]\n\n[dependency-groups]\ndev = [\"pytest\"]\n"}},
		{name: "poetry install", prepare: []string{"poetry install --no-root"}, toRunPre: []string{"pyproject.toml"},
			files: map[string]string{"app.py": "import redis\nimport boto3\n" + server,
				"pyproject.toml": "[tool.poetry.dependencies]\npython = \"^3.12\"\nredis = \"^5\"\n"},
			unsure: "(boto3: no install"},
		{name: "an Alpine package", prepare: []string{"sudo apk add py3-requests"}, files: map[string]string{"app.py": "import requests\n" + server}},
		{name: "a virtualenv deployed", files: map[string]string{"app.py": "import requests\n" + server, ".venv/pyvenv.cfg": "home = /usr/bin\n"},
			unsure: "(requests: no install"},
		{name: "the search path extended", files: map[string]string{"app.py": "import sys\nsys.path.insert(0, 'lib')\nimport requests\n" + server},
			unsure: "(requests: no install"},
		{name: "a guarded import", files: map[string]string{"app.py": "try:\n    import ujson as json\nexcept ImportError:\n    import json\n" + server}},
		{name: "through a local module", files: map[string]string{"app.py": "import helpers\n" + server, "helpers.py": "import numpy\n"},
			crash: "ModuleNotFoundError: No module named 'numpy'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "python@3.12", Start: "python app.py", Ports: []appsim.Port{{Port: 8000, HTTP: true}},
				Prep: appsim.Prep{RunPrepare: tt.prepare, ToRunPrep: tt.toRunPre}}
			got := run(d, tt.files)
			last := ""
			if len(got.Crash) > 0 {
				last = got.Crash[len(got.Crash)-1].Msg
			}
			if last != tt.crash {
				t.Errorf("crash ends %q, want %q:\n%s", last, tt.crash, lines(got.Crash))
			}
			unchecked := strings.Join(got.Unchecked, "\n")
			if (unchecked != "") != (tt.unsure != "") || !strings.Contains(unchecked, tt.unsure) {
				t.Errorf("unchecked %q, want %q", unchecked, tt.unsure)
			}
		})
	}
}
