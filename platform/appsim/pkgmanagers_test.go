package appsim

import (
	"strings"
	"testing"
	"time"
)

// Each package manager's install, as a build command and in a command the
// run container runs, is read from the one table: the build makes its
// folder, and the start finds its language's packages.
func TestPackageManagers_BuildAndStartReadOneTable(t *testing.T) {
	t.Parallel()
	for _, pm := range packageManagers {
		for _, sub := range pm.installs {
			line := strings.TrimSpace(pm.name + " " + sub)
			t.Run(line, func(t *testing.T) {
				t.Parallel()
				if !installsPackages(pm.lang, "cd /tmp\n"+line+" --quiet\nnode x.js") {
					t.Errorf("%q is no install of %s packages in a run command", line, pm.lang)
				}
				if pm.into == "" {
					return
				}
				fs := NewFiles()
				for _, f := range []string{"package.json", "package-lock.json", "Gemfile", "composer.json"} {
					fs.Add(f, "{}")
				}
				got := Build(&Setup{BuildCommands: []string{line}, DeployFiles: []string{pm.into}}, fs, time.Time{})
				if got.Failure != "" || !got.Produced[pm.into] {
					t.Errorf("build %q: failure %q, made %v; want %s made", line, got.Failure, got.Produced, pm.into)
				}
			})
		}
	}
	for _, line := range []string{"yarn build", "npm run build", "pip freeze", "bundle exec rake", "composer dump-autoload", "ubuntu install"} {
		for lang := range installRes {
			if installsPackages(lang, line) {
				t.Errorf("%q read as an install of %s packages", line, lang)
			}
		}
	}
}
