package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestValidate_LiveCatalog runs zerops_validate through the real MCP client
// against the fake API: bases are checked against the live catalog as the
// import dry run checks types, and 80/443 are ordinary app ports.
func TestValidate_LiveCatalog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	zeropsYml := func(build, run string) string {
		return "zerops:\n  - setup: api\n    build:\n      deployFiles: ./\n" + build + "    run:\n      start: node index.js\n" + run
	}
	tests := []struct {
		name, content string
		path, fix     string // an error at path whose fix says fix; "" for a valid file
		warning       bool   // the issue at path is a warning: the file stays valid
	}{
		{"CurrentVersion", zeropsYml("      base: nodejs@22\n", "      base: nodejs@22\n      ports: [{port: 80, httpSupport: true}]\n"), "", "", false},
		// Listed by the platform's schema: an old version is not withdrawn.
		{"OldListedVersion", zeropsYml("      base: nodejs@18\n", "      base: nodejs@18\n      ports: [{port: 80, httpSupport: true}]\n"), "", "", false},
		{"InventedBuildVersion", zeropsYml("      base: nodejs@99\n", ""), "zerops[0].build.base", "nodejs@24", false},
		{"InventedRunVersion", zeropsYml("      base: nodejs@22\n", "      base: nodejs@23\n"), "zerops[0].run.base", "nodejs@24", false},
		// The refusal's fix names the Ubuntu-only version with what it needs.
		{"RefusedVersionOffersUbuntuOnly", zeropsYml("      base: python@3.13\n", "      base: python@3.13\n"), "zerops[0].run.base", "python@3.14 (Ubuntu only", false},
		{"RefusedVersionSaysOsUbuntu", zeropsYml("      base: python@3.13\n", "      base: python@3.13\n"), "zerops[0].build.base", "os: ubuntu", false},
		// The facts do not say the platform refuses it: a warning.
		{"UbuntuOnlyOnAlpine", zeropsYml("      base: python@3.14\n      os: ubuntu\n", "      base: python@3.14\n"), "zerops[0].run.base", "os: ubuntu", true},
		{"ImportType", "services:\n  - hostname: api\n    type: nodejs@99\n", "services[0](api).type", "nodejs@24", false},
		{"ImportOldListedType", "services:\n  - hostname: api\n    type: nodejs@18\n", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, "zerops_validate", map[string]any{"content": tt.content})
			wantOK(t, res)
			if m["versionsChecked"] != true {
				t.Fatalf("versions not checked: %s", text(res))
			}
			errs := issuesOf(m, "errors")
			if tt.path == "" {
				if m["valid"] != true || len(errs) != 0 {
					t.Fatalf("valid file refused: %s", text(res))
				}
				return
			}
			if tt.warning {
				errs = issuesOf(m, "warnings")
			}
			if m["valid"] != tt.warning {
				t.Fatalf("valid: %v, want %v: %s", m["valid"], tt.warning, text(res))
			}
			for _, is := range errs {
				if is["path"] == tt.path && strings.Contains(is["fix"], tt.fix) {
					return
				}
			}
			t.Errorf("no issue at %s with a fix naming %q: %s", tt.path, tt.fix, text(res))
		})
	}
}

// TestValidate_SubdomainWantsHTTPPort: a setup whose service is reached over
// its subdomain gets a warning when none of its ports serves HTTP; one whose
// service is not does not.
func TestValidate_SubdomainWantsHTTPPort(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour}) // the enable ends when the test ends it
	res, m := h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "enable"})
	wantOK(t, res)
	if n := h.fake.EndProcesses(); n != 1 {
		t.Fatalf("ended %d processes, want the enable", n)
	}
	procs, _ := m["processes"].([]any)
	if len(procs) != 1 {
		t.Fatalf("enable = %s", text(res))
	}
	res, _ = h.call(t, "zerops_process", map[string]any{"processId": procs[0].(map[string]any)["id"]})
	if !strings.Contains(text(res), `"status":"FINISHED"`) {
		t.Fatalf("enable process = %s", text(res))
	}
	doc := func(ports string) string {
		var b strings.Builder
		b.WriteString("zerops:\n")
		for _, setup := range []string{"appdev", "appstage"} {
			b.WriteString("  - setup: " + setup + "\n    run:\n      base: nodejs@22\n      start: node index.js\n      ports: " + ports + "\n")
		}
		return b.String()
	}
	res, m = h.call(t, "zerops_validate", map[string]any{"content": doc("[{port: 3000}]")})
	w := issuesOf(m, "warnings")
	if m["valid"] != true || len(w) != 1 || w[0]["path"] != "zerops[0].run.ports" || !strings.Contains(w[0]["fix"], "httpSupport: true") {
		t.Errorf("want valid with one httpSupport warning, at appdev's run.ports: %s", text(res))
	}
	res, m = h.call(t, "zerops_validate", map[string]any{"content": doc("[{port: 3000, httpSupport: true}]")})
	if w := issuesOf(m, "warnings"); len(w) != 0 {
		t.Errorf("warning with an HTTP port: %s", text(res))
	}
}

// TestValidate_ImportedForSubdomainWantsHTTPPort: a service imported with
// enableSubdomainAccess is opened by its first deploy, so its zerops.yml is
// checked for an HTTP port before that deploy.
func TestValidate_ImportedForSubdomainWantsHTTPPort(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: nodejs@22\n    enableSubdomainAccess: true\n  - hostname: worker\n    type: nodejs@22\n"})
	wantOK(t, res)
	doc := "zerops:\n"
	for _, setup := range []string{"web", "worker"} {
		doc += "  - setup: " + setup + "\n    run:\n      base: nodejs@22\n      start: node index.js\n      ports: [{port: 3000}]\n"
	}
	res, m := h.call(t, "zerops_validate", map[string]any{"content": doc})
	w := issuesOf(m, "warnings")
	if m["valid"] != true || len(w) != 1 || w[0]["path"] != "zerops[0].run.ports" {
		t.Errorf("want one httpSupport warning, at web's run.ports: %s", text(res))
	}
}

// TestValidate_EnvReferencesThatWillNotResolve: with the project readable,
// run.envVariables that reference a missing service, a key its service
// lacks (a typo) or themselves are warned of, naming what exists and the
// near match, as zerops_env set warns; a reference that resolves is not.
func TestValidate_EnvReferencesThatWillNotResolve(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: node index.js\n" +
		"      envVariables:\n        DB_USER: ${postgres_user}\n        DB_PASS: ${db_pasword}\n        X: ${X}\n        DB_URL: ${db_connectionString}\n" +
		"        DOTTED: ${db.password}\n        OPEN: \"${db_password\"\n        API: https://${appstage_hostname}:3000\n        SUB: ${appstage_zeropsSubdomain}\n" +
		"        PUBLIC: https://${zeropsSubdomainHost}\n" +
		// Hostnames are lowercase: an upper-case one names no service
		// and the reference stays the literal text (walk 11: ${MARIA_hostname}
		// passed validate and the deploy answered live).
		"        CASED: ${DB_hostname}\n        CASED2: ${Db_password}\n        OWN: ${DB_HOST}\n"
	res, m := h.call(t, "zerops_validate", map[string]any{"content": content})
	wantOK(t, res)
	want := map[string][]string{
		"zerops[0].run.envVariables.DB_USER": {`no service "postgres"`, "appdev, appstage, cache, db, storage"},
		"zerops[0].run.envVariables.DB_PASS": {"db has no variable pasword", "${db_password}"},
		"zerops[0].run.envVariables.X":       {"X references itself"},
		// A dotted or unterminated reference stays the literal text.
		"zerops[0].run.envVariables.DOTTED": {"${db.password} is not a Zerops reference", "${db_password}"},
		"zerops[0].run.envVariables.OPEN":   {"${db_password", "no closing }"},
		// Services reach each other over plain http inside the project.
		"zerops[0].run.envVariables.API": {"https://${appstage_hostname}", "http://"},
		// zeropsSubdomain appears once the subdomain is enabled.
		"zerops[0].run.envVariables.SUB":    {"zeropsSubdomain", "zerops_subdomain serviceHostname=appstage action=enable"},
		"zerops[0].run.envVariables.CASED":  {"${DB_hostname}", "lowercase", "${db_hostname}"},
		"zerops[0].run.envVariables.CASED2": {"${Db_password}", "lowercase", "${db_password}"},
	}
	got := map[string]string{}
	for _, is := range issuesOf(m, "warnings") {
		got[is["path"]] += is["problem"] + " " + is["fix"]
	}
	for path, words := range want {
		for _, w := range words {
			if !strings.Contains(got[path], w) {
				t.Errorf("warning at %s = %q, want it to name %q", path, got[path], w)
			}
		}
	}
	// ${DB_HOST} may be a variable of the service's own: db has no HOST.
	for _, ok := range []string{"DB_URL", "PUBLIC", "OWN"} {
		if w := got["zerops[0].run.envVariables."+ok]; w != "" {
			t.Errorf("%s is warned of: %q", ok, w)
		}
	}
	if w := got["zerops[0].run.envVariables.SUB"]; strings.Contains(w, "check the name") {
		t.Errorf("the subdomain variable's fix is to check its name: %q", w)
	}
}

// zerops_validate of a zerops.yml that adds a setup the last pushed file
// lacked: the next step deploys it, never "add an entry `setup: worker`
// to zerops.yml, which has only …" for the entry just validated (walk 9:
// a Symfony file gaining its worker setup).
func TestValidate_NewSetupIsNotAskedFor(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: worker\n    type: nodejs@22\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "deploy"); res.IsError {
		t.Fatalf("deploy: %s", text(res))
	}
	content := demoZeropsYml + `  - setup: worker
    build:
      base: nodejs@22
      buildCommands: [npm ci]
      deployFiles: ./
    run:
      base: nodejs@22
      start: node worker.js
`
	_, m := h.call(t, "zerops_validate", map[string]any{"content": content})
	next := str(m["next"])
	if strings.Contains(next, "add an entry `setup: worker`") || !strings.Contains(next, "targetService=worker") {
		t.Errorf("next %q asks for the setup the validated file has (or deploys no worker)", next)
	}
}

// A reference to a service the project lacks and whose kind nothing
// names (`nats://${queue_hostname}:4222`): the fix offers creating it,
// not only "reference one of those hostnames", which would point a NATS
// client at a cache or a database (walk 9: a Go worker's NATS_URL).
func TestValidate_MissingServiceOfNoKnownKindCanBeCreated(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n      envVariables:\n        NATS_URL: nats://${queue_hostname}:4222\n", 1)
	_, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	ws, _ := m["warnings"].([]any)
	if len(ws) == 0 {
		t.Fatalf("no warning for ${queue_hostname}: %v", m)
	}
	fix := str(ws[0].(map[string]any)["fix"])
	if !strings.Contains(fix, "zerops_import") || !strings.Contains(fix, "queue") {
		t.Errorf("fix %q does not offer creating queue", fix)
	}
}
