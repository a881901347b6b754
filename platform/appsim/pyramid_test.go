package appsim_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// pserve loads the .ini's app through PasteDeploy: `use = egg:myproj`
// needs the project installed as a package (its metadata), which an
// install of requirements.txt alone does not give, so the start dies with
// importlib.metadata's PackageNotFoundError; installed (`pip install .`,
// `-e .`, a requirements line `-e .`) it listens where waitress's listen
// says. An egg the sandbox cannot place is unverified, not a crash.
func TestRun_PserveEggNeedsTheProjectInstalled(t *testing.T) {
	t.Parallel()
	ini := "[app:main]\nuse = egg:myproj\npyramid.reload_templates = false\n\n[server:main]\nuse = egg:waitress#main\nlisten = %s\n"
	up := func(listen, reqs, egg string) map[string]string {
		return map[string]string{
			"requirements.txt":   reqs,
			"setup.py":           "from setuptools import setup, find_packages\n\nsetup(\n    name='myproj',\n    packages=find_packages(),\n    entry_points={'paste.app_factory': ['main = myproj:main']},\n)\n",
			"myproj/__init__.py": "from pyramid.config import Configurator\n\ndef main(global_config, **settings):\n    with Configurator(settings=settings) as config:\n        return config.make_wsgi_app()\n",
			"production.ini":     strings.Replace(strings.Replace(ini, "%s", listen, 1), "egg:myproj", "egg:"+egg, 1),
		}
	}
	reqs := "pyramid==2.0.2\nwaitress==3.0.0\n"
	prep := "python3 -m pip install --ignore-installed -r requirements.txt"
	tests := []struct {
		name   string
		prep   []string
		start  string
		files  map[string]string
		crash  string // a line of the crash; "": it listens at listen
		listen string
		unsure string // in Unchecked
	}{
		{"requirements only", []string{prep}, "pserve production.ini", up("*:6543", reqs, "myproj"),
			"importlib.metadata.PackageNotFoundError: No package metadata was found for myproj", "", ""},
		{"the project installed too", []string{prep, "python3 -m pip install --ignore-installed ."}, "pserve production.ini", up("*:6543", reqs, "myproj"), "", "0.0.0.0:6543", ""},
		{"installed editable at the start", []string{prep}, "pip install -e . && pserve production.ini", up("*:6543", reqs, "myproj"), "", "0.0.0.0:6543", ""},
		{"requirements install the project", []string{prep}, "pserve production.ini", up("*:6543", reqs+"-e .\n", "myproj"), "", "0.0.0.0:6543", ""},
		{"a normalised name", []string{prep}, "pserve production.ini", up("*:6543", reqs, "MyProj"),
			"No package metadata was found for MyProj", "", ""},
		{"localhost", []string{prep, "pip install ."}, "pserve production.ini", up("localhost:6543", reqs, "myproj"), "", "127.0.0.1:6543", ""},
		{"another package's egg", []string{prep}, "pserve production.ini", up("*:6543", reqs, "otherapp"), "", "0.0.0.0:6543", "otherapp"},
		{"named in setup.cfg", []string{prep}, "pserve production.ini", func() map[string]string {
			f := up("*:6543", reqs, "shop-app") // a name no package of the deploy has
			f["setup.py"], f["setup.cfg"] = "from setuptools import setup\n\nsetup()\n", "[metadata]\nname = shop-app\nversion = 0.1\n"
			return f
		}(), "No package metadata was found for shop-app", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{DeployFiles: []string{"./"}, Start: tt.start, RunBase: "python@3.12",
				Ports: []appsim.Port{{Port: 6543, HTTP: true}}, Prep: appsim.Prep{RunPrepare: tt.prep, ToRunPrep: []string{"requirements.txt", "setup.py", "myproj"}}}
			built := appsim.Build(&d, files(tt.files), fixedTime)
			res := appsim.Run(&d, files(tt.files), &built, d.RunBase, appsim.Env{Vars: map[string]string{}}, "seed")
			var crash []string
			for _, l := range res.Crash {
				crash = append(crash, l.Msg)
			}
			if got := strings.Join(crash, "\n"); (tt.crash == "") != (res.Crash == nil) || !strings.Contains(got, tt.crash) {
				t.Fatalf("crash %q, want %q (unchecked %v)", got, tt.crash, res.Unchecked)
			}
			if tt.crash != "" {
				return
			}
			if len(res.Listens) != 1 || res.Answers(6543) != (tt.listen == "0.0.0.0:6543") || fmt.Sprint(res.Listens) != "[{"+strings.Replace(tt.listen, ":", " ", 1)+"}]" {
				t.Errorf("listens %v, want %s", res.Listens, tt.listen)
			}
			if got := strings.Join(res.Unchecked, "; "); (tt.unsure == "") != (got == "") || !strings.Contains(got, tt.unsure) {
				t.Errorf("unchecked %q, want %q", got, tt.unsure)
			}
		})
	}
}
