package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Pyramid's production.ini names the app `use = egg:myproj`: pserve loads
// it from the installed project's metadata, so a deploy that installs only
// requirements.txt fails at start with importlib.metadata's own error
// (walk 11: answered unverified), and the answer names the fix, the
// project installed; with `pip install .` after the requirements it is
// live.
func TestDeploy_PyramidEggNeedsTheProjectInstalled(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      addToRunPrepare: [%p]\n      deployFiles: ./\n" +
		"    run:\n      base: python@3.12\n      prepareCommands:\n        - python3 -m pip install --ignore-installed -r requirements.txt\n%s" +
		"      ports: [{port: 6543, httpSupport: true}]\n      start: pserve production.ini\n"
	tests := []struct {
		name, install string
		prep          string // build.addToRunPrepare
		verdict       string
		want          []string // in the answer
	}{
		{"requirements only", "", "requirements.txt, setup.py, myproj", "not-answering",
			[]string{"importlib.metadata.PackageNotFoundError: No package metadata was found for myproj", "module-not-found-at-runtime", "`pip install .`",
				"`build.addToRunPrepare` already carries"}},
		// Walk 12: the fix offered `pip install .` in run.prepareCommands,
		// which see only what addToRunPrepare lists: here no project.
		{"the project not in the run container", "", "requirements.txt", "not-answering",
			[]string{"add `setup.py` and `myproj` to `build.addToRunPrepare`", "`pip install .`"}},
		{"the project installed", "        - python3 -m pip install --ignore-installed .\n", "requirements.txt, setup.py, myproj", "live", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml":       strings.Replace(strings.Replace(yml, "%s", tt.install, 1), "%p", tt.prep, 1),
				"requirements.txt": "pyramid==2.0.2\nwaitress==3.0.0\n",
				"setup.py":         "from setuptools import setup, find_packages\n\nsetup(\n    name='myproj',\n    packages=find_packages(),\n    entry_points={'paste.app_factory': ['main = myproj:main']},\n)\n",
				"myproj/__init__.py": "from pyramid.config import Configurator\n\n\ndef main(global_config, **settings):\n" +
					"    with Configurator(settings=settings) as config:\n        return config.make_wsgi_app()\n",
				"production.ini": "[app:main]\nuse = egg:myproj\n\n[server:main]\nuse = egg:waitress#main\nlisten = *:6543\n",
			}
			target, files, _ := h.matchingTarget(t, files, nil)
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": target}, "py")
			answer := text(res)
			if m["verdict"] != tt.verdict || strings.Contains(answer, "warning") {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			for _, w := range tt.want {
				if !strings.Contains(answer, w) {
					t.Errorf("the answer lacks %q: %s", w, answer)
				}
			}
		})
	}
}
