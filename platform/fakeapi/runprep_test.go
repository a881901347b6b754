package fakeapi_test

import (
	"strings"
	"testing"
)

// run.prepareCommands run in /home/zerops before the deploy, with only the
// files build.addToRunPrepare lists: an install reading a manifest not
// listed there fails as its tool does and the version ends
// PREPARING_RUNTIME_FAILED; listed (uploaded or made by the build), it is
// there, at its relative path and under /home/zerops.
func TestDeploy_RunPrepareSeesOnlyAddToRunPrepare(t *testing.T) {
	t.Parallel()
	yml := func(base, toRunPrep, prepare, build string) string {
		y := "zerops:\n  - setup: appstage\n    build:\n      base: " + base + "\n"
		if build != "" {
			y += "      buildCommands: [" + build + "]\n"
		}
		if toRunPrep != "" {
			y += "      addToRunPrepare: [" + toRunPrep + "]\n"
		}
		return y + "      deployFiles: ./\n    run:\n      base: " + base + "\n      prepareCommands: ['" + prepare + "']\n" +
			"      start: node index.js\n      ports: [{port: 3000, httpSupport: true}]\n"
	}
	files := map[string]string{"requirements.txt": "gunicorn\n", "package.json": `{"name":"a"}`, "package-lock.json": `{"lockfileVersion":3}`,
		"composer.json": "{}", "Gemfile": "source 'https://rubygems.org'\n", "index.js": "require('http').createServer((q, s) => s.end('ok')).listen(3000)\n"}
	tests := []struct {
		name   string
		yml    string
		status string   // the version's
		want   []string // in the build log
	}{
		{"PipWithoutAddToRunPrepare", yml("nodejs@22", "", "pip install -r requirements.txt", ""), "PREPARING_RUNTIME_FAILED",
			[]string{"$ pip install -r requirements.txt", "ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'requirements.txt'",
				"ERROR: run.prepareCommands failed with exit code 1: pip install -r requirements.txt"}},
		{"PipHomePathWithoutAddToRunPrepare", yml("nodejs@22", "", "python3 -m pip install -r /home/zerops/requirements.txt", ""), "PREPARING_RUNTIME_FAILED",
			[]string{"No such file or directory: '/home/zerops/requirements.txt'"}},
		{"NpmCiWithoutAddToRunPrepare", yml("nodejs@22", "", "npm ci", ""), "PREPARING_RUNTIME_FAILED",
			[]string{"The `npm ci` command can only install with an existing package-lock.json", "ERROR: run.prepareCommands failed with exit code 1: npm ci"}},
		{"NpmCiPackageJSONOnly", yml("nodejs@22", "package.json", "npm ci", ""), "PREPARING_RUNTIME_FAILED",
			[]string{"The `npm ci` command can only install with an existing package-lock.json"}},
		{"ComposerWithoutAddToRunPrepare", yml("nodejs@22", "", "composer install", ""), "PREPARING_RUNTIME_FAILED",
			[]string{"Composer could not find a composer.json file in /home/zerops"}},
		{"BundleWithoutAddToRunPrepare", yml("nodejs@22", "", "bundle install", ""), "PREPARING_RUNTIME_FAILED",
			[]string{"Could not locate Gemfile", "ERROR: run.prepareCommands failed with exit code 10: bundle install"}},
		{"PipListed", yml("nodejs@22", "requirements.txt", "pip install -r requirements.txt", ""), "ACTIVE", nil},
		{"PipListedDotSlashHomePath", yml("nodejs@22", "./requirements.txt", "pip install -r /home/zerops/requirements.txt", ""), "ACTIVE", nil},
		{"NpmCiListed", yml("nodejs@22", "package.json, package-lock.json", "npm ci", ""), "ACTIVE", nil},
		{"ComposerAndBundleListed", yml("nodejs@22", "composer.json, Gemfile", "composer install && bundle install", ""), "ACTIVE", nil},
		{"BuiltFileListed", yml("nodejs@22", "requirements.lock", "pip install -r requirements.lock", "cp requirements.txt requirements.lock"), "ACTIVE", nil},
		{"OtherDirectories", yml("nodejs@22", "", "cd /tmp && mkdir -p x && cd x && pip install -r /tmp/x/r.txt || true", ""), "ACTIVE", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			stage := srv.ServiceID("appstage")
			up := map[string]string{"zerops.yml": tt.yml}
			for k, v := range files {
				up[k] = v
			}
			av, _ := pushFiles(t, h, stage, "appstage", up)
			joined := strings.Join(buildLines(t, srv, h, string(av.Id)), "\n")
			if s := string(appVersions(t, h, stage)[string(av.Id)].Status); s != tt.status {
				t.Fatalf("version = %s, want %s:\n%s", s, tt.status, joined)
			}
			at := 0
			for _, w := range tt.want {
				i := strings.Index(joined[at:], w)
				if i < 0 {
					t.Fatalf("build log lacks %q after offset %d:\n%s", w, at, joined)
				}
				at += i + len(w)
			}
		})
	}
}
