package diagnose

import (
	"slices"
	"strings"
	"testing"
)

// TestClassifyWith_BadRefNamesTheVariableAndTheEnvCall checks that a host
// or variable left unresolved by a service or project variable is diagnosed
// there, with the zerops_env call that fixes it, not with a redeploy.
func TestClassifyWith_BadRefNamesTheVariableAndTheEnvCall(t *testing.T) {
	t.Parallel()
	services := []string{"appdev", "cache", "db"}
	cases := []struct {
		name   string
		lines  []string
		ref    BadRef
		signal string
		want   []string
	}{
		{"service secret, host in the log", []string{"Error: getaddrinfo ENOTFOUND redis"},
			BadRef{Where: InService, Service: "appdev", Key: "REDIS_HOST", Ref: "${redis_hostname}", Host: "redis", Services: services}, "host-not-found",
			[]string{"service variable REDIS_HOST of appdev", "Create a service with hostname redis (zerops_import)", "zerops_env action=set serviceHostname=appdev", `zerops_env action=delete serviceHostname=appdev variables=["REDIS_HOST"] restart=true`, "of the kind the app needs, if the project has one (appdev, cache, db)"}},
		{"the service just deleted, none of its kind left", []string{"Error: getaddrinfo ENOTFOUND db"},
			BadRef{Where: InService, Service: "appdev", Key: "DATABASE_URL", Ref: "${db_connectionString}", Host: "db", Services: []string{"appdev", "cache"}, Gone: "db was deleted 2 minutes ago; its latest backup is db-1.tar.gz",
				Recreate: "create db again (zerops_import with hostname db), then restore its backup db-1.tar.gz into it"}, "host-not-found",
			[]string{"Create db again (zerops_import with hostname db), then restore its backup db-1.tar.gz into it, so that ${db_connectionString} resolves", "was deleted"}},
		{"project variable, literal reference in the log", []string{`psycopg.OperationalError: could not translate host name "${postgres_hostname}" to address`},
			BadRef{Where: InProject, Service: "appdev", Key: "DB_HOST", Ref: "${postgres_hostname}", Host: "postgres", Services: services, Near: "db"}, "host-not-found",
			[]string{"project variable DB_HOST", "zerops_env action=set project=true", "${db_hostname}"}},
		{"unresolved variable", []string{"KeyError: 'API_TOKEN'", "value ${auth_token} of env variable API_TOKEN is missing"},
			BadRef{Where: InService, Service: "appdev", Key: "API_TOKEN", Ref: "${auth_token}", Host: "auth", Services: services}, "missing-env-variable",
			[]string{"service variable API_TOKEN", "restart=true"}},
		{"the service of the kind, the key kept", []string{"Error: getaddrinfo ENOTFOUND postgres"},
			BadRef{Where: InService, Service: "appdev", Key: "DATABASE_URL", Ref: "${postgres_connectionString}", Host: "postgres", Services: services, Kin: []Kin{{Name: "db", Type: "postgresql@16"}}}, "host-not-found",
			[]string{"${db_connectionString} (db is postgresql@16)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith(c.lines, Runtime, Options{BadRefs: []BadRef{c.ref}})
			if len(ds) == 0 || ds[0].Signal != c.signal {
				t.Fatalf("diagnoses %+v, want %s first", ds, c.signal)
			}
			d := ds[0]
			for _, w := range c.want {
				if !strings.Contains(d.Cause+" "+d.Fix, w) {
					t.Errorf("cause %q / fix %q lacks %q", d.Cause, d.Fix, w)
				}
			}
			if d.NeedsDeploy() || strings.Contains(d.Fix, "run.envVariables") {
				t.Errorf("fix %q sends to zerops.yml or a deploy", d.Fix)
			}
			if d.MissingService() != c.ref.Host { // no rollback brings it back
				t.Errorf("MissingService() = %q, want %q", d.MissingService(), c.ref.Host)
			}
			for _, o := range ds[1:] {
				if o.Signal == "app-crash" && o.Evidence == d.Evidence {
					t.Errorf("app-crash repeats the located line with a deploy fix: %+v", o)
				}
			}
		})
	}
}

// TestClassifyWith_BadRefInZeropsYmlKeepsTheKey checks that a reference
// run.envVariables hold is fixed there, with a deploy, keeping the
// variable's key and naming the service of the kind it meant.
func TestClassifyWith_BadRefInZeropsYmlKeepsTheKey(t *testing.T) {
	t.Parallel()
	ref := BadRef{Where: InYml, Service: "appstage", Key: "DATABASE_URL", Ref: "${postgres_connectionString}", Host: "postgres",
		Services: []string{"appstage", "db"}, Kin: []Kin{{Name: "db", Type: "postgresql@16"}}}
	ds := ClassifyWith([]string{"Error: getaddrinfo ENOTFOUND postgres", "App version v1 exited with code 1 (start attempt 1); restarting in 2s"}, Runtime, Options{BadRefs: []BadRef{ref}})
	if len(ds) != 1 || ds[0].Signal != "host-not-found" {
		t.Fatalf("diagnoses %+v, want host-not-found alone", ds)
	}
	said := ds[0].Cause + " " + ds[0].Fix
	for _, w := range []string{"DATABASE_URL in `run.envVariables` of zerops.yml", "${db_connectionString} (db is postgresql@16)", "zerops_deploy"} {
		if !strings.Contains(said, w) {
			t.Errorf("%q lacks %q", said, w)
		}
	}
	if strings.Contains(said, "_hostname}") || strings.Contains(said, "zerops_env") || !ds[0].NeedsDeploy() {
		t.Errorf("%q proposes another key or an env call", said)
	}
}

// TestClassifyWith_URLHostReplacesTheHost checks that a connection URL
// naming a host no service has (walk 81: @postgres:5432 where the
// database is db) is fixed by replacing that host with the service of its
// kind, in zerops.yml with a deploy, in a variable with zerops_env; a line
// that names postgresql, not the host, is not it.
func TestClassifyWith_URLHostReplacesTheHost(t *testing.T) {
	t.Parallel()
	url := func(where string, kin []Kin) BadRef {
		return BadRef{Where: where, Service: "appstage", Key: "DATABASE_URL", Ref: "postgres", Host: "postgres",
			Services: []string{"appstage", "db"}, Kin: kin, URL: true}
	}
	db := []Kin{{Name: "db", Type: "postgresql@16"}}
	tests := []struct {
		name   string
		line   string
		ref    BadRef
		want   string // in the fix; "": the plain host-not-found
		deploy bool
	}{
		{"in zerops.yml", "Error: getaddrinfo ENOTFOUND postgres", url(InYml, db),
			"In zerops.yml `run.envVariables`, in DATABASE_URL replace the host postgres with db (or ${db_hostname}; db is postgresql@16), then zerops_deploy again.", true},
		{"no service of its kind", "Error: getaddrinfo ENOTFOUND postgres", url(InYml, nil),
			"replace the host postgres with the hostname of the service it means (the project's services: appstage, db)", true},
		{"a service variable", "Error: getaddrinfo ENOTFOUND postgres", url(InService, db),
			`in DATABASE_URL replace the host postgres with db (or ${db_hostname}; db is postgresql@16), with zerops_env action=set serviceHostname=appstage variables=["DATABASE_URL=…"] restart=true`, false},
		{"another host in the log", "Error: getaddrinfo ENOTFOUND postgresql.internal", url(InYml, db), "", true},
	}
	for _, tt := range tests {
		ds := ClassifyWith([]string{tt.line}, Runtime, Options{BadRefs: []BadRef{tt.ref}})
		if len(ds) == 0 || ds[0].Signal != "host-not-found" {
			t.Fatalf("%s: diagnoses %+v, want host-not-found", tt.name, ds)
		}
		switch d := ds[0]; {
		case tt.want == "" && d.Fix != signalByID["host-not-found"].fix:
			t.Errorf("%s: fix %q, want the plain host-not-found's", tt.name, d.Fix)
		case tt.want != "" && (!strings.Contains(d.Fix, tt.want) || d.MissingService() != "postgres" || !strings.Contains(d.Cause, "DATABASE_URL")):
			t.Errorf("%s: cause %q, fix %q (missing %q); want the fix %q", tt.name, d.Cause, d.Fix, d.MissingService(), tt.want)
		case d.NeedsDeploy() != tt.deploy:
			t.Errorf("%s: NeedsDeploy %v, want %v", tt.name, d.NeedsDeploy(), tt.deploy)
		}
	}
}

// TestClassifyWith_UnknownRefKeepsItsKey checks that the fix of a host or
// reference no known variable holds keeps the key the user wrote.
func TestClassifyWith_UnknownRefKeepsItsKey(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"Error: getaddrinfo ENOTFOUND postgres", `could not translate host name "${postgres_connectionString}" to address`} {
		ds := ClassifyWith([]string{line}, Runtime, Options{})
		if len(ds) == 0 || strings.Contains(ds[0].Fix, "_hostname}") {
			t.Errorf("%q: fix %+v proposes ${<hostname>_hostname}", line, ds)
		}
	}
}

// TestClassifyWith_BadRefOfAnotherHostLeavesTheDiagnosis checks that a bad
// reference the log does not show changes nothing.
func TestClassifyWith_BadRefOfAnotherHostLeavesTheDiagnosis(t *testing.T) {
	t.Parallel()
	lines := []string{"Error: getaddrinfo ENOTFOUND redis.internal"}
	ref := BadRef{Where: InService, Service: "appdev", Key: "MQ", Ref: "${rabbit_hostname}", Host: "rabbit", Services: []string{"appdev"}}
	ds := ClassifyWith(lines, Runtime, Options{BadRefs: []BadRef{ref}})
	if len(ds) == 0 || ds[0].Fix != signalByID["host-not-found"].fix || !ds[0].NeedsDeploy() {
		t.Fatalf("diagnoses %+v, want the plain host-not-found", ds)
	}
}

// TestFixThenDeploy_SaysDeployOnce: a fix becomes a step ending in
// zerops_deploy, named once however the fix words its own deploy.
func TestFixThenDeploy_SaysDeployOnce(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ fix, want string }{
		{"Correct the script name.", "Correct the script name; then zerops_deploy again."},
		{"Fix the file and deploy again.", "Fix the file and zerops_deploy again."},
		{"Fix it and deploy again; or use a non-frozen install.", "Fix it and zerops_deploy again; or use a non-frozen install."},
		{"Fix it, then zerops_deploy again.", "Fix it, then zerops_deploy again."},
	} {
		if got := (Diagnosis{Fix: tt.fix}).FixThenDeploy(); got != tt.want {
			t.Errorf("FixThenDeploy(%q) = %q, want %q", tt.fix, got, tt.want)
		}
	}
}

// TestClassify_ReferenceReachedTheAppAsText checks that a ${host_key}
// reference the app got literally is diagnosed as that reference, whether
// the error's message names it or an error object's field below it does,
// and that a reference beside another error, or echoed, is not.
func TestClassify_ReferenceReachedTheAppAsText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  string // the first signal, "" for none
	}{
		{"node error object", []string{
			"TypeError [ERR_INVALID_URL]: Invalid URL",
			"    at new URL (node:internal/url:775:36)",
			"    at new Redis (/var/www/node_modules/ioredis/built/Redis.js:61:40) {",
			"  code: 'ERR_INVALID_URL',",
			"  input: '${cache_connectionString}'",
			"}",
		}, "missing-env-variable"},
		{"message names it", []string{`redis.exceptions.ConnectionError: Error -2 connecting to ${valkey_hostname}:6379. Invalid port`}, "missing-env-variable"},
		{"host lookup names it", []string{"Error: getaddrinfo ENOTFOUND ${cache_hostname}", "  hostname: '${cache_hostname}'"}, "host-not-found"},
		{"echo beside an error", []string{
			`2026/11/30 10:00:00 [error] 12#12: *5 open() "/var/www/favicon.ico" failed (2: No such file or directory)`,
			"config: REDIS_URL=${cache_connectionString}",
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, Runtime)
			if tt.want == "" {
				if len(ds) != 0 {
					t.Fatalf("diagnoses %v, want none", signalIDs(ds))
				}
				return
			}
			if len(ds) == 0 || ds[0].Signal != tt.want {
				t.Fatalf("diagnoses %v, want %s first", signalIDs(ds), tt.want)
			}
			if !strings.Contains(ds[0].Cause, "${") || (tt.want == "missing-env-variable" && !strings.Contains(ds[0].Fix, "keeping the variable and its key")) {
				t.Errorf("cause %q, fix %q: want the reference named and its key kept", ds[0].Cause, ds[0].Fix)
			}
			if slices.Contains(signalIDs(ds), "missing-env-variable") && tt.want == "host-not-found" {
				t.Errorf("diagnoses %v: one reference, one diagnosis", signalIDs(ds))
			}
		})
	}
}
