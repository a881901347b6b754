package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// A package manager's subcommand typed wrong fails as the tool prints it;
// a command the tool may have from elsewhere (an extension, a plugin, a
// script, an abbreviation its console accepts) passes.
func TestBuild_PackageManagerSubcommandTypos(t *testing.T) {
	t.Parallel()
	rust := map[string]string{"Cargo.toml": "[package]\nname = \"api\"\n", "src/main.rs": ""}
	php := map[string]string{"composer.json": `{"require": {"ramsey/uuid": "^4"}, "scripts": {"instll-assets": "cp -r a b"}}`}
	tests := []struct {
		name    string
		files   map[string]string
		command string
		line    string // "": the build passes
	}{
		{"cargo biuld", rust, "cargo biuld --release", "error: no such command: `biuld`"},
		{"cargo buld", rust, "cargo buld", "help: a command with a similar name exists: `build`"},
		{"cargo build", rust, "cargo build --release", ""},
		{"cargo watch: an extension", rust, "cargo watch", ""},
		{"cargo biuld as an alias", map[string]string{"Cargo.toml": "", ".cargo/config.toml": "[alias]\nbiuld = \"build\"\n"}, "cargo biuld", ""},
		{"composer isntall", php, "composer isntall --no-dev", `Command "isntall" is not defined.`},
		{"composer instal: an abbreviation", php, "composer instal --no-dev", ""},
		{"composer script", php, "composer instll-assets", ""},
		{"composer with a plugin", map[string]string{"composer.json": `{"require": {"acme/some-plugin": "1"}}`}, "composer isntall", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: []string{tt.command}, DeployFiles: []string{"./"}}
			res := appsim.Build(&d, files(tt.files), fixedTime)
			var log []string
			for _, l := range res.Lines {
				log = append(log, l.Msg)
			}
			if failed := res.Failure != ""; failed != (tt.line != "") || !strings.Contains(strings.Join(log, "\n"), tt.line) {
				t.Errorf("failure %q, want a failure with %q; lines:\n%s", res.Failure, tt.line, strings.Join(log, "\n"))
			}
		})
	}
}

// Maven names its jar artifactId-version (or build.finalName): with target/
// deployed, a start naming another jar fails; a pom the sandbox cannot read
// through (another plugin, a property) leaves target/ open.
func TestRun_MavenJarNamedByThePOM(t *testing.T) {
	t.Parallel()
	pom := func(build string) string {
		return "<project><artifactId>api</artifactId><version>2.1</version>" + build + "</project>"
	}
	tests := []struct {
		name, pom, start, crash string // crash "": it starts
	}{
		{"the built jar", pom(""), "java -jar target/api-2.1.jar", ""},
		{"another jar", pom(""), "java -jar target/api.jar", "Error: Unable to access jarfile target/api.jar"},
		{"finalName", pom("<build><finalName>app</finalName></build>"), "java -jar target/app.jar", ""},
		{"finalName, the default name started", pom("<build><finalName>app</finalName></build>"), "java -jar target/api-2.1.jar",
			"Unable to access jarfile target/api-2.1.jar"},
		{"a plugin not known", pom("<build><plugins><plugin><artifactId>maven-shade-plugin</artifactId></plugin></plugins></build>"),
			"java -jar target/api.jar", ""},
		{"a property in the name", pom("<build><finalName>${project.artifactId}</finalName></build>"), "java -jar target/x.jar", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "java@21", BuildCommands: []string{"./mvnw clean package"}, DeployFiles: []string{"target"},
				Start: tt.start, Ports: []appsim.Port{{Port: 8080, HTTP: true}}}
			got := run(d, map[string]string{"pom.xml": tt.pom, "mvnw": "#!/bin/sh\n", "src/main/java/A.java": ""})
			if (got.Crash != nil) != (tt.crash != "") || !strings.Contains(lines(got.Crash), tt.crash) {
				t.Errorf("crash %v, want %q", got.Crash, tt.crash)
			}
		})
	}
}

// bundle exec needs the Gemfile's gems where bundler looks in the run
// container: vendor/bundle (or BUNDLE_PATH) deployed, or installed there.
func TestRun_BundlerGemsDeployed(t *testing.T) {
	t.Parallel()
	up := map[string]string{"Gemfile": "gem 'sinatra'\n", "Gemfile.lock": "GEM\n  specs:\n    sinatra (4.1.1)\n",
		"app.rb": "require 'sinatra'\nset :port, 8080\nset :bind, '0.0.0.0'\n"}
	tests := []struct {
		name    string
		build   []string
		deploy  []string
		prepare []string
		crash   string
	}{
		{"vendor deployed", []string{"bundle install"}, []string{"."}, nil, ""},
		{"only the Gemfile deployed", []string{"bundle install"}, []string{"app.rb", "Gemfile", "Gemfile.lock"}, nil,
			"Could not find sinatra-4.1.1 in locally installed gems"},
		{"no bundle install", nil, []string{"."}, nil, "Run `bundle install` to install missing gems."},
		{"installed by run.prepareCommands", nil, []string{"."}, []string{"bundle install"}, ""},
		{"installed where the build's config says", []string{"bundle install --path gems"}, []string{"."}, nil, ""},
		{"a path given but vendor not deployed", []string{"bundle install --path vendor/bundle"}, []string{"app.rb", "Gemfile", "Gemfile.lock", ".bundle"}, nil,
			"Could not find sinatra-4.1.1 in locally installed gems"},
		{"the path bundle config set", []string{"bundle config set --local path vendor/gems", "bundle install"}, []string{"."}, nil, ""},
		{"the path bundle config set, gems not deployed", []string{"bundle config set --local path 'vendor/gems'", "bundle install"}, []string{"app.rb", "Gemfile", "Gemfile.lock", ".bundle"}, nil,
			"Could not find sinatra-4.1.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "ruby@3.4", BuildCommands: tt.build, DeployFiles: tt.deploy, Start: "bundle exec ruby app.rb",
				Ports: []appsim.Port{{Port: 8080, HTTP: true}}, Prep: appsim.Prep{RunPrepare: tt.prepare}}
			got := run(d, up)
			if (got.Crash != nil) != (tt.crash != "") || !strings.Contains(lines(got.Crash), tt.crash) {
				t.Errorf("crash %v, want %q", got.Crash, tt.crash)
			}
		})
	}
}

// Django's application loads its settings and imports INSTALLED_APPS at
// start: an app of the project's own the deploy lacks fails it; one from a
// package no install names is unverified; a missing ROOT_URLCONF (imported at the first request)
// leaves the answer unverified.
func TestRun_DjangoSettingsModules(t *testing.T) {
	t.Parallel()
	up := func(settings string) map[string]string {
		return map[string]string{
			"site/__init__.py": "", "site/wsgi.py": "import os\nfrom django.core.wsgi import get_wsgi_application\n" +
				"os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'site.settings')\napplication = get_wsgi_application()\n",
			"site/settings.py": settings, "site/urls.py": "urlpatterns = []\n", "shop/__init__.py": "", "shop/models.py": "",
		}
	}
	tests := []struct {
		name, settings string
		deploy         []string
		crash, unknown string
	}{
		{"all there", "INSTALLED_APPS = ['django.contrib.admin', 'shop']\nROOT_URLCONF = 'site.urls'\n", []string{"site", "shop"}, "", ""},
		{"an app not deployed", "INSTALLED_APPS = ['shop.apps.ShopConfig']\n", []string{"site"}, "No module named 'shop'", ""},
		// No install names djangorestframework: it may or may not be there.
		{"an app from a package not named", "INSTALLED_APPS = ['rest_framework']\n", []string{"site"}, "", "(rest_framework: no install"},
		{"ROOT_URLCONF missing", "INSTALLED_APPS = []\nROOT_URLCONF = 'site.url'\n", []string{"site"}, "", "No module named 'site.url'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "python@3.12", DeployFiles: tt.deploy, Start: "gunicorn -b 0.0.0.0:8000 site.wsgi",
				Ports: []appsim.Port{{Port: 8000, HTTP: true}}, Prep: appsim.Prep{RunPrepare: []string{"pip install django gunicorn"}}}
			got := run(d, up(tt.settings))
			if (got.Crash != nil) != (tt.crash != "") || !strings.Contains(lines(got.Crash), tt.crash) {
				t.Errorf("crash %v, want %q", got.Crash, tt.crash)
			}
			if (len(got.Unchecked) > 0) != (tt.unknown != "") || !strings.Contains(strings.Join(got.Unchecked, "\n"), tt.unknown) {
				t.Errorf("unchecked %v, want %q", got.Unchecked, tt.unknown)
			}
		})
	}
}

// lines is the text of ls.
func lines(ls []appsim.Line) string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Msg)
	}
	return strings.Join(out, "\n")
}
