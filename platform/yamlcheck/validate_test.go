package yamlcheck_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

const goodZerops = `zerops:
  - setup: app
    build:
      base: nodejs@22
      buildCommands: [npm ci, npm run build]
      deployFiles: [dist, package.json, node_modules]
    run:
      base: nodejs@22
      ports:
        - port: 3000
          httpSupport: true
      start: node dist/index.js
      envVariables:
        DB_URL: ${db_connectionString}
`

func TestValidate_ZeropsYml(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		content string
		valid   bool
		want    string // substring of some error
	}{
		{"good", goodZerops, true, ""},
		{"unknown top key", "zerops:\n  - setup: a\n    run: {start: x, base: nodejs@22}\nfoo: 1\n", false, "unknown key"},
		{"unknown item key", "zerops:\n  - setup: a\n    runn: {}\n", false, "runn"},
		{"missing setup", "zerops:\n  - run: {base: nodejs@22, start: x}\n", false, "setup"},
		{"deployFiles missing", "zerops:\n  - setup: a\n    build: {base: nodejs@22}\n    run: {start: x}\n", false, "deployFiles"},
		{"start missing", "zerops:\n  - setup: a\n    build: {base: nodejs@22, deployFiles: ./}\n    run: {ports: [{port: 3000}]}\n", false, "start"},
		{"php-nginx needs no start", "zerops:\n  - setup: a\n    build: {base: php@8.3, deployFiles: ./}\n    run: {base: php-nginx@8.3, documentRoot: public}\n", true, ""},
		{"static needs no start", "zerops:\n  - setup: a\n    build: {base: nodejs@22, deployFiles: dist/~}\n    run: {base: static}\n", true, ""},
		{"port too low", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, ports: [{port: 5}]}\n", true, "10–65435"},
		{"port too high", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, ports: [{port: 65436}]}\n", true, "10–65435"},
		{"port as string", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, ports: [{port: \"80\"}]}\n", false, "whole number"},
		{"a port's description warns", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, ports: [{port: 10000, description: gRPC}]}\n", true, `"description" is not in the platform's schema here, but official Zerops recipes write it`},
		{"null variables are one warning", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, envVariables: {A: null, B: null, C: c}}\n", true, "2 variables are null, where the platform's schema wants a string, number or boolean; what the platform sets for a null variable (an empty value, or none) is not documented: A, B"},
		{"bad protocol", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, ports: [{port: 3000, protocol: http}]}\n", false, "tcp or udp"},
		{"run.mount does not exist", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, mount: [x]}\n", false, "mount"},
		{"temporaryShutdown type", "zerops:\n  - setup: a\n    deploy: {temporaryShutdown: maybe}\n    run: {base: nodejs@22, start: x}\n", false, "true or false"},
		{"zerops not a list", "zerops: {setup: a}\n", false, "list"},
		{"port 80 on nodejs", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, ports: [{port: 80, httpSupport: true}]}\n", true, ""},
		{"port 443 on go", "zerops:\n  - setup: a\n    run: {base: go@1, start: x, ports: [{port: 443}]}\n", true, ""},
		{"port 80 on php-nginx", "zerops:\n  - setup: a\n    build: {base: php@8.3, deployFiles: ./}\n    run: {base: php-nginx@8.3, ports: [{port: 80, httpSupport: true}]}\n", true, ""},
		{"port 80 on nginx", "zerops:\n  - setup: a\n    run: {base: nginx@1.22, ports: [{port: 80}]}\n", true, ""},
		{"port 80 on static", "zerops:\n  - setup: a\n    run: {base: static, ports: [{port: 80}]}\n", true, ""},
		{"port 80 on php-apache", "zerops:\n  - setup: a\n    run: {base: php-apache@8.4, ports: [{port: 80}]}\n", true, ""},
		{"duplicate setup", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x}\n  - setup: a\n    run: {base: nodejs@22, start: x}\n", false, "duplicate"},
		{"extends a setup of the file", "zerops:\n  - setup: base\n    build: {base: nodejs@22, deployFiles: ./}\n    run: {base: nodejs@22, start: x}\n  - setup: prod\n    extends: base\n    run: {start: y}\n", true, ""},
		{"extends no setup of the file", "zerops:\n  - setup: base\n    run: {base: nodejs@22, start: x}\n  - setup: prod\n    extends: bsae\n    run: {start: y}\n", true, `extends "bsae", which is no setup of this file (it has setups "base", "prod")`},
		{"healthCheck keys", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, healthCheck: {httpGet: {port: 3000, path: /}, failureTimeout: 60, disconnectTimeout: 30, recoveryTimeout: 30, execPeriod: 10}}\n", true, ""},
		{"readinessCheck keys", "zerops:\n  - setup: a\n    deploy: {readinessCheck: {exec: {command: curl -f localhost:3000}, failureTimeout: 60, retryPeriod: 10}}\n    run: {base: nodejs@22, start: x}\n", true, ""},
		{"retryPeriod is no healthCheck key", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, healthCheck: {httpGet: {port: 3000, path: /}, retryPeriod: 10}}\n", false, "Rename it to execPeriod"},
		{"execPeriod is no readinessCheck key", "zerops:\n  - setup: a\n    deploy: {readinessCheck: {httpGet: {port: 3000, path: /}, execPeriod: 10}}\n    run: {base: nodejs@22, start: x}\n", false, "Rename it to retryPeriod"},
		{"extends a list of setups", "zerops:\n  - setup: base\n    build: {base: nodejs@22, deployFiles: ./}\n    run: {base: nodejs@22}\n  - setup: logs\n    run: {envVariables: {LOG: info}}\n  - setup: prod\n    extends: [base, logs]\n    run: {start: y}\n", true, ""},
		{"extends a list with no such setup", "zerops:\n  - setup: base\n    run: {base: nodejs@22, start: x}\n  - setup: prod\n    extends: [base, lgos]\n", true, `extends "lgos", which is no setup of this file`},
		{"extends itself", "zerops:\n  - setup: prod\n    extends: prod\n    run: {base: nodejs@22, start: y}\n", true, `setup "prod" extends itself`},
		{"a base others extend needs no start", "zerops:\n  - setup: base\n    build: {deployFiles: ./}\n    run: {base: python@3.12}\n  - setup: web\n    extends: base\n    run: {start: y}\n", true, ""},
		{"a base and its extender with no start", "zerops:\n  - setup: base\n    build: {deployFiles: ./}\n    run: {base: python@3.12}\n  - setup: web\n    extends: base\n    run: {start: y}\n  - setup: job\n    extends: base\n", true, `no run.start, and setups "job", which extend setup "base", have none of their own either`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := yamlcheck.Validate(tt.content, "zerops.yml")
			if err != nil {
				t.Fatal(err)
			}
			if res.Valid != tt.valid {
				t.Fatalf("valid = %v, errors %v", res.Valid, res.Errors)
			}
			found := res.Errors
			if tt.valid { // a warning, never a refusal
				found = res.Warnings
			}
			if tt.want != "" && !strings.Contains(issues(found), tt.want) {
				t.Errorf("issues %q lack %q", issues(found), tt.want)
			}
		})
	}
}

func TestValidate_ImportYml(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		content  string
		valid    bool
		want     string
		wantWarn string
	}{
		{"good", "services:\n  - hostname: app\n    type: nodejs@22\n  - hostname: db\n    type: postgresql@16\n    mode: NON_HA\n", true, "", ""},
		{"bare ubuntu version warns", "services:\n  - hostname: img\n    type: \"22.04\"\n", true, "", "Write type: ubuntu@22.04"},
		{"new type syntax", "services:\n  - hostname: db\n    type: postgresql:single@18\n  - hostname: app\n    type: alpine/nodejs@22\n", true, "", ""},
		{"bad hostname", "services:\n  - hostname: my-app\n    type: nodejs@22\n", false, "hostname", ""},
		{"hostname 26 chars", "services:\n  - hostname: " + strings.Repeat("a", 26) + "\n    type: nodejs@22\n", false, "hostname", ""},
		{"missing type", "services:\n  - hostname: app\n", false, "type", ""},
		{"bad mode", "services:\n  - hostname: db\n    type: postgresql@16\n    mode: SINGLE\n", false, "HA or NON_HA", ""},
		{"missing mode", "services:\n  - hostname: db\n    type: postgresql@16\n", true, "", "postgresql:single@16"},
		{"service envVariables warns", "services:\n  - hostname: app\n    type: nodejs@22\n    envVariables: {A: 1}\n", true, "", "services[0](app).envVariables"},
		{"object storage mode", "services:\n  - hostname: files\n    type: object-storage\n    mode: NON_HA\n", false, "takes no mode", ""},
		{"priority a number", "services:\n  - hostname: app\n    type: nodejs@22\n    priority: 10\n", true, "", ""},
		{"priority not a number warns", "services:\n  - hostname: app\n    type: nodejs@22\n    priority: high\n", true, "", "services[0](app).priority"},
		{"priority a fraction warns", "services:\n  - hostname: app\n    type: nodejs@22\n    priority: 1.5\n", true, "", "whole number"},
		{"unknown key warns", "services:\n  - hostname: app\n    type: nodejs@22\n    colour: blue\n", true, "", "colour"},
		{"no services", "project: {name: x}\n", false, "services", "project"},
		{"duplicate hostname", "services:\n  - hostname: app\n    type: nodejs@22\n  - hostname: app\n    type: nodejs@22\n", false, "duplicate", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := yamlcheck.Validate(tt.content, "")
			if err != nil {
				t.Fatal(err)
			}
			if res.Kind != yamlcheck.KindImportYml {
				t.Fatalf("kind = %s", res.Kind)
			}
			if res.Valid != tt.valid {
				t.Fatalf("valid = %v, errors %v", res.Valid, res.Errors)
			}
			if tt.want != "" && !strings.Contains(issues(res.Errors), tt.want) {
				t.Errorf("errors %q lack %q", issues(res.Errors), tt.want)
			}
			if tt.wantWarn != "" && !strings.Contains(issues(res.Warnings), tt.wantWarn) {
				t.Errorf("warnings %q lack %q", issues(res.Warnings), tt.wantWarn)
			}
		})
	}
}

func TestValidate_Unvalidatable(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ content, kind, code string }{
		"empty":     {"", "", platform.ErrInvalidParameter},
		"not yaml":  {"a: [b\n", "", platform.ErrInvalidParameter},
		"unknown":   {"foo: 1\n", "", platform.ErrInvalidParameter},
		"bad kind":  {"services: []\n", "docker-compose", platform.ErrInvalidParameter},
		"too large": {"services: []\n#" + strings.Repeat("x", platform.MaxFileSize), "", platform.ErrFileTooLarge},
	} {
		_, err := yamlcheck.Validate(tc.content, tc.kind)
		if platform.ErrorCode(err) != tc.code {
			t.Errorf("%s: code %q (%v), want %s", name, platform.ErrorCode(err), err, tc.code)
		}
	}
}

func issues(list []platform.Issue) string {
	var b strings.Builder
	for _, i := range list {
		b.WriteString(i.String() + "\n")
	}
	return b.String()
}

// The commands the platform would refuse or run too early are warnings,
// at the command that does it, with the fix.
func TestValidate_CommandWarnings(t *testing.T) {
	t.Parallel()
	const base = "zerops:\n  - setup: a\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: node index.js\n"
	with := func(section, extra string) string {
		return strings.Replace(base, "    "+section+":\n", "    "+section+":\n      "+extra+"\n", 1)
	}
	tests := []struct {
		name, content, path, want string // want "": no warning
	}{
		{"run prepare cd /var/www", with("run", "prepareCommands: ['cd /var/www && npm ci']"), "zerops[0].run.prepareCommands[0]", "reads /var/www"},
		{"run prepare file under /var/www", with("run", "prepareCommands: [sudo apk add git, 'cp /var/www/a.ini /etc/']"), "zerops[0].run.prepareCommands[1]", "reads /var/www/a.ini"},
		{"run prepare mkdir /var/www", with("run", "prepareCommands: ['mkdir -p /var/www/cache']"), "", ""},
		{"run prepare unpacks into /var/www", with("run", "prepareCommands: ['curl -L -o p.tgz https://example.com/p.tgz', 'tar -xz -C /var/www/ -f p.tgz']"), "", ""},
		{"run prepare downloads into /var/www and chowns it", with("run", "prepareCommands: ['curl -fsSL https://example.com/a.jar -o /var/www/a.jar && chown zerops:zerops /var/www/a.jar']"), "", ""},
		{"run prepare chmods what an earlier command wrote", with("run", "prepareCommands: ['wget -O /var/www/a.jar https://example.com/a.jar', 'chmod 644 /var/www/a.jar']"), "", ""},
		{"run prepare reads another file it did not write", with("run", "prepareCommands: ['curl -o /var/www/a.jar https://example.com/a.jar', 'cp /var/www/b.ini /etc/']"), "zerops[0].run.prepareCommands[1]", "reads /var/www/b.ini"},
		{"run prepare makes a venv in /var/www", with("run", "prepareCommands: ['cd /var/www && python3 -m venv .venv']"), "", ""},
		{"apt on alpine build", with("build", "prepareCommands: [sudo apt-get install -y imagemagick]"), "zerops[0].build.prepareCommands[0]", "apt-get is not installed on Alpine"},
		{"apt on alpine run", with("run", "prepareCommands: ['apt-get update && apt-get install -y x']"), "zerops[0].run.prepareCommands[0]", "apt-get is not installed on Alpine"},
		{"apt on os ubuntu", with("run", "os: ubuntu\n      prepareCommands: ['sudo apt-get update && sudo apt-get install -y x']"), "", ""},
		{"apk on ubuntu base", strings.ReplaceAll(with("run", "prepareCommands: [sudo apk add x]"), "nodejs@22", "ubuntu@24.04"), "zerops[0].run.prepareCommands[0]", "apk is not installed on Ubuntu"},
		{"apk without sudo", with("build", "prepareCommands: [apk add --no-cache git]"), "zerops[0].build.prepareCommands[0]", "without sudo"},
		{"sudo apk", with("build", "prepareCommands: [sudo apk add --no-cache git]"), "", ""},
		{"install in initCommands", with("run", "initCommands: [sudo apk add git]"), "zerops[0].run.initCommands[0]", "every container start"},
		{"initCommands in /var/www", with("run", "initCommands: ['cd /var/www && node migrate.js']"), "", ""},
		// Walk 85: a Bun recipe's start on a nodejs run base passed.
		{"bun start on nodejs", strings.Replace(base, "start: node index.js", "start: bun run start:prod", 1), "zerops[0].run.start", "`bun: not found`"},
		{"bunx init on python", strings.ReplaceAll(with("run", "initCommands: ['bunx prisma migrate deploy']"), "nodejs@22", "python@3.12"), "zerops[0].run.initCommands[0]", "the run image of python@3.12 has no Bun"},
		{"bun start with bun installed", strings.Replace(with("run", "prepareCommands: [npm install -g bun]"), "start: node index.js", "start: bun run start:prod", 1), "", ""},
		{"bun start on bun", strings.ReplaceAll(strings.Replace(base, "start: node index.js", "start: bun run start:prod", 1), "nodejs@22", "bun@1.2"), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := yamlcheck.Validate(tt.content, "zerops.yml")
			if err != nil {
				t.Fatal(err)
			}
			if !res.Valid {
				t.Fatalf("errors %v: a warning must not make the file invalid", res.Errors)
			}
			if tt.want == "" {
				if len(res.Warnings) > 0 {
					t.Fatalf("warnings %v, want none", res.Warnings)
				}
				return
			}
			for _, w := range res.Warnings {
				if w.Path == tt.path && strings.Contains(w.Problem, tt.want) && w.Fix != "" {
					return
				}
			}
			t.Fatalf("warnings %+v lack %q at %s with a fix", res.Warnings, tt.want, tt.path)
		})
	}
}

// A command key holds a list (the sandbox's reading, the facts being
// silent; a list always works): a string is an error at its path whose fix
// is the list form, as the simulated API refuses it at the same path.
func TestValidate_CommandsAreLists(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"build.buildCommands", "build.prepareCommands", "run.initCommands", "run.prepareCommands"} {
		t.Run(key, func(t *testing.T) {
			t.Parallel()
			section, name, _ := strings.Cut(key, ".")
			yml := strings.Replace(goodZerops, "    "+section+":\n", "    "+section+":\n      "+name+": npm --version\n", 1)
			if section == "build" && name == "buildCommands" {
				yml = strings.Replace(goodZerops, "buildCommands: [npm ci, npm run build]", "buildCommands: npm --version", 1)
			}
			res, err := yamlcheck.Validate(yml, "zerops.yml")
			if err != nil {
				t.Fatal(err)
			}
			if res.Valid || len(res.Errors) != 1 {
				t.Fatalf("valid %v, errors %v: want one error", res.Valid, res.Errors)
			}
			e := res.Errors[0]
			if e.Path != "zerops[0]."+key || !strings.Contains(e.Problem, "list") || !strings.Contains(e.Fix, "- npm --version") {
				t.Errorf("error %+v: want it at zerops[0].%s, the fix the list form", e, key)
			}
		})
	}
	res, err := yamlcheck.Validate(strings.Replace(goodZerops, "    run:\n", "    run:\n      initCommands: [node migrate.js]\n", 1), "zerops.yml")
	if err != nil || !res.Valid {
		t.Fatalf("a list of commands: %v %v", res.Errors, err)
	}
}

// The runtimes whose web server serves the app by itself (php-nginx,
// php-apache, nginx, static) warn of a run.start: it runs beside the web
// server, on 80, and a port it declares answers only if the start serves it.
func TestValidate_WebServerRuntimeStart(t *testing.T) {
	t.Parallel()
	const php = "zerops:\n  - setup: a\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n"
	tests := []struct {
		name, content, want string // want "": no warning
	}{
		{"php-nginx start and port", php + "      start: php artisan serve\n      ports: [{port: 8000, httpSupport: true}]\n", "serves the app on port 80 itself"},
		{"php-apache start", strings.ReplaceAll(php, "php-nginx", "php-apache") + "      start: php -S 0.0.0.0:8000\n", "serves the app on port 80 itself"},
		{"static start", "zerops:\n  - setup: a\n    build:\n      base: nodejs@22\n      deployFiles: dist/~\n    run:\n      base: static\n      start: npx serve\n", "serves the app on port 80 itself"},
		{"php-nginx alone", php, ""},
		{"nodejs start", "zerops:\n  - setup: a\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: node index.js\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := yamlcheck.Validate(tt.content, "zerops.yml")
			if err != nil {
				t.Fatal(err)
			}
			if !res.Valid {
				t.Fatalf("errors %v: a warning must not make the file invalid", res.Errors)
			}
			if tt.want == "" {
				if len(res.Warnings) > 0 {
					t.Fatalf("warnings %v, want none", res.Warnings)
				}
				return
			}
			for _, w := range res.Warnings {
				if w.Path == "zerops[0].run.start" && strings.Contains(w.Problem, tt.want) && strings.Contains(w.Fix, "Remove run.start") {
					return
				}
			}
			t.Fatalf("warnings %+v lack %q at zerops[0].run.start with the fix", res.Warnings, tt.want)
		})
	}
}

// A zerops.yml in the format before zerops: (the hostname as the top-level
// key, build.build, build.deploy: recipe-gin-postgres-api, 2022) is refused
// as the platform facts call it outdated, with the current form of the
// same setup as its fix, never "remove it"; given without a kind it is
// still read as a zerops.yml.
func TestValidate_LegacyFormatNamesTheCurrentOne(t *testing.T) {
	t.Parallel()
	const doc = "api:\n  build:\n    base: [ go@1 ]\n    build:\n      - go build -o app main.go\n    deploy: [ app ]\n  run:\n    start: ./app\n"
	for _, kind := range []string{"zerops.yml", ""} {
		res, err := yamlcheck.Validate(doc, kind)
		if err != nil {
			t.Fatalf("kind %q: %v", kind, err)
		}
		if res.Valid || res.Kind != yamlcheck.KindZeropsYml {
			t.Fatalf("kind %q: %+v, want an invalid zerops.yml", kind, res)
		}
		var named bool
		for _, e := range res.Errors {
			if strings.Contains(e.Fix, "Remove it") {
				t.Errorf("kind %q: a fix removes the setup: %v", kind, e)
			}
			named = named || e.Path == "api" && strings.Contains(e.Problem, "format before zerops:") &&
				strings.Contains(e.Fix, "setup: api") && strings.Contains(e.Fix, "buildCommands") && strings.Contains(e.Fix, "deployFiles")
		}
		if !named {
			t.Errorf("kind %q: no error names the old format and the current one: %v", kind, res.Errors)
		}
	}
}
