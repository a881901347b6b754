package schema_test

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/schema"
)

func fakeSchemas(t *testing.T) (zy, iy *schema.Schema) {
	t.Helper()
	zy, err := schema.Compile(fakeapi.ZeropsYmlSchema())
	if err != nil {
		t.Fatalf("compile the fake's zerops.yml schema: %v", err)
	}
	iy, err = schema.Compile(fakeapi.ImportYmlSchema())
	if err != nil {
		t.Fatalf("compile the fake's import.yml schema: %v", err)
	}
	return zy, iy
}

func decode(t *testing.T, doc string) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatalf("yaml: %v", err)
	}
	return v
}

func TestValidate_SchemaErrorsHavePathProblemFix(t *testing.T) {
	t.Parallel()
	zy, iy := fakeSchemas(t)
	const setup = "zerops:\n  - setup: app\n"
	for _, tc := range []struct {
		name                   string
		s                      *schema.Schema
		doc                    string
		path, problem, fixPart string
	}{
		{"UnknownKey", zy, setup + "    run:\n      base: nodejs@22\n      strat: node x\n", //nolint:misspell // a misspelt key is the input
			"zerops[0].run.strat", `unknown key "strat"`, "Did you mean start?"}, //nolint:misspell // and its path in the answer
		{"WrongType", zy, setup + "    run:\n      base: nodejs@22\n      ports:\n        - port: http\n",
			"zerops[0].run.ports[0].port", "must be integer, got string", "Write integer"},
		{"UnknownRunBase", zy, setup + "    run:\n      base: nodejs@99\n",
			"zerops[0].run.base", `"nodejs@99" is not a value the platform's schema lists here`, "nodejs@22"},
		{"UnknownBaseOffersUbuntuOnly", zy, setup + "    run:\n      base: python@3.13\n",
			"zerops[0].run.base", `"python@3.13"`, "python@3.14 (Ubuntu only)"},
		{"UnknownBaseSaysOsUbuntu", zy, setup + "    run:\n      base: python@3.13\n",
			"zerops[0].run.base", `"python@3.13"`, "needs os: ubuntu in the build and run sections"},
		{"UnknownBuildBaseInList", zy, setup + "    build:\n      base: [nodejs@22, pyhton@3.12]\n      deployFiles: ./\n",
			"zerops[0].build.base[1]", `"pyhton@3.12"`, "python@3.12"},
		{"BaseWrongShape", zy, setup + "    build:\n      base: {a: 1}\n      deployFiles: ./\n",
			"zerops[0].build.base", "must be array or string, got object", ""},
		{"MissingSetup", zy, "zerops:\n  - run: {base: nodejs@22}\n", "zerops[0].setup", "missing", "Add setup."},
		{"ImportUnknownType", iy, "services:\n  - hostname: db\n    type: postgres@16\n",
			"services[0](db).type", `"postgres@16"`, "Did you mean"},
		{"CrontabScheduleIsTiming", zy, setup + "    run:\n      base: nodejs@22\n      crontab:\n        - command: node job.js\n          schedule: \"*/5 * * * *\"\n",
			"zerops[0].run.crontab[0].schedule", `unknown key "schedule"`, "Did you mean timing?"},
		{"EnvironmentIsEnvVariables", zy, setup + "    run:\n      base: nodejs@22\n      environment:\n        A: b\n",
			"zerops[0].run.environment", `unknown key "environment"`, "Did you mean envVariables?"},
		{"ImportUnknownKey", iy, "services:\n  - hostname: db\n    type: postgresql@16\n    mdoe: HA\n",
			"services[0](db).mdoe", `unknown key "mdoe"`, "Did you mean mode?"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			errs, _ := tc.s.Validate(decode(t, tc.doc))
			for _, e := range errs {
				if e.Path == tc.path && strings.Contains(e.Problem, tc.problem) && strings.Contains(e.Fix, tc.fixPart) {
					return
				}
			}
			t.Fatalf("errors = %+v\nwant %s: %s (fix with %q)", errs, tc.path, tc.problem, tc.fixPart)
		})
	}
}

func TestValidate_NullIsAWarning(t *testing.T) {
	t.Parallel()
	zy, _ := fakeSchemas(t)
	errs, warns := zy.Validate(decode(t, "zerops:\n  - setup: app\n    run:\n      base: php-nginx@8.4\n      envVariables:\n        MAIL_USERNAME: null\n"))
	if len(errs) != 0 || len(warns) != 1 || warns[0].Path != "zerops[0].run.envVariables.MAIL_USERNAME" {
		t.Fatalf("errs %+v warns %+v, want one warning at the null value", errs, warns)
	}
}

// Several null variables of one mapping (recipe-laravel-minimal's four)
// are one warning naming them all, not one warning each.
func TestValidate_NullVariablesAreOneWarning(t *testing.T) {
	t.Parallel()
	zy, _ := fakeSchemas(t)
	errs, warns := zy.Validate(decode(t, "zerops:\n  - setup: app\n    run:\n      base: php-nginx@8.4\n      envVariables:\n"+
		"        MAIL_USERNAME: null\n        MAIL_PASSWORD: null\n        APP_NAME: x\n        SESSION_DOMAIN: null\n"))
	if len(errs) != 0 || len(warns) != 1 || warns[0].Path != "zerops[0].run.envVariables" ||
		!strings.Contains(warns[0].Problem, "3 variables are null") || !strings.Contains(warns[0].Problem, "MAIL_PASSWORD, MAIL_USERNAME, SESSION_DOMAIN") {
		t.Fatalf("errs %+v warns %+v, want one warning naming the three null keys", errs, warns)
	}
}

// A key official recipes write that the schema lacks (a port's
// description, recipe-prometheus-grafana) is a warning, never a refusal.
func TestValidate_RecipeKeyIsAWarning(t *testing.T) {
	t.Parallel()
	zy, _ := fakeSchemas(t)
	errs, warns := zy.Validate(decode(t, "zerops:\n  - setup: app\n    run:\n      base: alpine@latest\n      start: ./x\n      ports:\n        - port: 10000\n          description: gRPC server\n"))
	if len(errs) != 0 || len(warns) != 1 || warns[0].Path != "zerops[0].run.ports[0].description" {
		t.Fatalf("errs %+v warns %+v, want one warning at the port's description", errs, warns)
	}
}

// A check's timer written as a duration ("600s", recipe-jenkins) where
// the schema wants integer seconds is a warning: a public report (2026-08)
// has the deploy API read these timers as durations. Text that is no
// duration, or a duration elsewhere, stays a schema error.
func TestValidate_CheckTimerDurationIsAWarning(t *testing.T) {
	t.Parallel()
	zy, _ := fakeSchemas(t)
	const setup = "zerops:\n  - setup: app\n"
	for _, tc := range []struct {
		name, doc, path string
		warn            bool
	}{
		{"ReadinessFailureTimeout", setup + "    deploy:\n      readinessCheck:\n        httpGet: {port: 8080, path: /}\n        failureTimeout: 600s\n",
			"zerops[0].deploy.readinessCheck.failureTimeout", true},
		{"ReadinessRetryPeriod", setup + "    deploy:\n      readinessCheck:\n        httpGet: {port: 8080, path: /}\n        retryPeriod: 1m30s\n",
			"zerops[0].deploy.readinessCheck.retryPeriod", true},
		{"HealthExecPeriod", setup + "    run:\n      base: nodejs@22\n      start: node x\n      healthCheck:\n        httpGet: {port: 8080, path: /}\n        execPeriod: 10s\n",
			"zerops[0].run.healthCheck.execPeriod", true},
		{"NoDuration", setup + "    deploy:\n      readinessCheck:\n        httpGet: {port: 8080, path: /}\n        failureTimeout: ten minutes\n",
			"zerops[0].deploy.readinessCheck.failureTimeout", false},
		{"DurationAsPort", setup + "    run:\n      base: nodejs@22\n      start: node x\n      ports:\n        - port: 10s\n",
			"zerops[0].run.ports[0].port", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			errs, warns := zy.Validate(decode(t, tc.doc))
			got, want := errs, warns
			if tc.warn {
				got, want = warns, errs
			}
			if len(want) != 0 || len(got) != 1 || got[0].Path != tc.path {
				t.Fatalf("errs %+v warns %+v, want one %s at %s (warning %v)", errs, warns, "issue", tc.path, tc.warn)
			}
			if tc.warn && (!strings.Contains(got[0].Problem, "duration") || !strings.Contains(got[0].Fix, "integer")) {
				t.Errorf("the warning names neither reading: %+v", got[0])
			}
		})
	}
}

// An inline setup under an import's zeropsSetup, as recipe-quake3-server
// writes it, is a warning naming zeropsYaml: schema and docs want a setup
// name there, the official recipe writes the setup itself, and whether
// the platform takes it is not settled. A list stays a schema error.
func TestValidate_InlineZeropsSetupIsAWarning(t *testing.T) {
	t.Parallel()
	_, iy := fakeSchemas(t)
	const svc = "services:\n  - hostname: q3server\n    type: ubuntu@22.04\n"
	for _, tc := range []struct {
		name, doc string
		warn      bool
	}{
		{"InlineSetup", svc + "    zeropsSetup:\n      run:\n        base: ubuntu@22.04\n        start: ./q3server start\n", true},
		{"SetupName", svc + "    zeropsSetup: server\n", false},
		{"List", svc + "    zeropsSetup: [server]\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			errs, warns := iy.Validate(decode(t, tc.doc))
			if tc.name == "SetupName" {
				if len(errs)+len(warns) != 0 {
					t.Fatalf("errs %+v warns %+v, want none", errs, warns)
				}
				return
			}
			got, want := errs, warns
			if tc.warn {
				got, want = warns, errs
			}
			if len(want) != 0 || len(got) != 1 || got[0].Path != "services[0](q3server).zeropsSetup" {
				t.Fatalf("errs %+v warns %+v, want one issue at zeropsSetup (warning %v)", errs, warns, tc.warn)
			}
			if tc.warn && !strings.Contains(got[0].Fix, "zeropsYaml") {
				t.Errorf("the warning does not name zeropsYaml: %+v", got[0])
			}
		})
	}
}

func TestValidate_TypeFormsTheListsSpellOtherwise(t *testing.T) {
	t.Parallel()
	zy, iy := fakeSchemas(t)
	for _, typ := range []string{"postgresql:single@18", "postgresql:ha@18", "alpine/nodejs@22", "ubuntu/python@3.14",
		"nodejs@latest", "golang@1", "elixir@1", "php-apache@8.1", "valkey:single@7.2", "22.04"} {
		errs, _ := iy.Validate(decode(t, "services:\n  - hostname: a\n    type: \""+typ+"\"\n"))
		if len(errs) != 0 {
			t.Errorf("type %s: %+v", typ, errs)
		}
	}
	for _, base := range []string{"alpine@latest", "go@latest", "3.20", "alpine/nodejs@22", "golang@1", "static"} {
		errs, _, _ := zy.ValidateYAML("zerops:\n  - setup: a\n    run:\n      base: " + base + "\n")
		if len(errs) != 0 {
			t.Errorf("run.base %s: %+v", base, errs)
		}
	}
}

// The versions the facts list (zerops-platform.md "Service types", 2026-04
// and the docs' 2026-06 list) are accepted by the schemas the fake serves.
func TestFakeSchemas_AcceptEveryFactsVersion(t *testing.T) {
	t.Parallel()
	zy, iy := fakeSchemas(t)
	bases := []string{"alpine@3.17", "alpine@3.18", "alpine@3.19", "alpine@3.23", "alpine@latest", "3.17", "3.23", "22.04", "24.04",
		"ubuntu@22.04", "ubuntu@24.04", "ubuntu@latest", "bun@1.1", "bun@1.3.9", "bun@canary", "bun@nightly", "bun@latest",
		"deno@1", "deno@1.45.5", "deno@2.0.0", "deno@latest", "dotnet@6", "dotnet@7", "dotnet@10", "dotnet@latest",
		"elixir@1", "elixir@1.16", "elixir@1.16.2", "elixir@latest", "gleam@1", "gleam@1.5.1", "go@1", "go@1.22", "go@latest",
		"golang@1", "golang@latest", "java@17", "java@21", "java@latest", "nodejs@18", "nodejs@20", "nodejs@22", "nodejs@24",
		"nodejs@latest", "python@3.11", "python@3.14", "python@latest", "ruby@3.2", "ruby@3.4",
		"rust@1", "rust@1.78", "rust@1.80", "rust@1.86", "rust@latest", "rust@nightly", "rust@stable"}
	for _, b := range append(bases, "php@8.1", "php@8.5", "php@latest") {
		if errs, _ := zy.Validate(decode(t, "zerops:\n  - setup: a\n    build:\n      base: \""+b+"\"\n      deployFiles: ./\n")); len(errs) > 0 {
			t.Errorf("build.base %s: %+v", b, errs)
		}
	}
	run := append(bases, "docker@26", "docker@26.1.5", "docker@latest", "nginx@1.22", "nginx@latest", "php-apache@8.1",
		"php-apache@latest", "php-nginx@8.1", "php-nginx@8.5", "ruby@latest", "runtime@latest", "static", "static@1.0",
		"static@latest", "zcp@1", "zcp@latest")
	for _, b := range run {
		if errs, _ := zy.Validate(decode(t, "zerops:\n  - setup: a\n    run:\n      base: \""+b+"\"\n")); len(errs) > 0 {
			t.Errorf("run.base %s: %+v", b, errs)
		}
	}
	types := []string{"nodejs@18", "php-apache@8.1", "php-nginx@8.1", "dotnet@6", "dotnet@7", "deno@1", "deno@2", "kafka@3.8",
		"kafka@3.9", "python@3.9", "golang@1.22", "java", "runtime", "php-apache@8.3+2.4", "php-nginx@8.4+1.28",
		"postgresql@14", "postgresql@18", "mariadb@10.6", "clickhouse@25.3", "valkey@7.2", "keydb@6", "elasticsearch@8.16",
		"elasticsearch@9.2", "meilisearch@1.10", "meilisearch@1.20", "typesense@27.1", "typesense@30.2", "qdrant@1.10",
		"qdrant@1.12", "nats@2.10", "nats@2.12", "rabbitmq@3.9", "seaweedfs@3", "object-storage", "objectstorage",
		"shared-storage", "sharedstorage", "alpine@3.17", "static"}
	for _, typ := range types {
		if errs, _ := iy.Validate(decode(t, "services:\n  - hostname: a\n    type: \""+typ+"\"\n")); len(errs) > 0 {
			t.Errorf("type %s: %+v", typ, errs)
		}
	}
}

func TestValidate_IssuesAreBounded(t *testing.T) {
	t.Parallel()
	zy, _ := fakeSchemas(t)
	var b strings.Builder
	b.WriteString("zerops:\n  - setup: app\n    run:\n")
	for i := range 500 {
		b.WriteString("      k" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strings.Repeat("y", i) + ": 1\n")
	}
	errs, _ := zy.Validate(decode(t, b.String()))
	for _, e := range errs {
		if len(e.Path) > platform.MaxIssueText || len(e.Problem) > platform.MaxIssueText || len(e.Fix) > platform.MaxIssueText {
			t.Fatalf("unbounded issue: %d/%d/%d", len(e.Path), len(e.Problem), len(e.Fix))
		}
	}
}
