package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestExport_RoundTripsWithoutSecrets exports the project holding a secret:
// the YAML names the key with a placeholder, never the value; ZCP's own dry
// run in a fresh project refuses the placeholder, naming the key, and accepts
// the YAML once it holds a value.
func TestExport_RoundTripsWithoutSecrets(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	const value = "s3cr3t-Value-Never-Shown-42"
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"variables": []string{"API_KEY=" + value}}, "env")
	wantOK(t, res)
	if got := h.secretOf(t, "appdev", "API_KEY"); got != value {
		t.Fatalf("the secret was not set: %q", got)
	}

	types, err := h.client.ListServiceStackTypes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []map[string]any{{}, {"serviceHostname": "appdev"}, {"serviceHostname": "db"}} {
		res, m := h.call(t, "zerops_export", args)
		wantOK(t, res)
		out := text(res)
		y := m["yaml"].(string)
		if strings.Contains(out, value) || strings.Contains(y, "project:") {
			t.Fatalf("export %v holds the secret or the project section: %s", args, out)
		}
		if args["serviceHostname"] != "db" && (!strings.Contains(y, ops.Placeholder("API_KEY")) || !strings.Contains(m["next"].(string), "appdev.API_KEY")) {
			t.Errorf("export %v does not name the secret to fill in: %s", args, out)
		}
		fresh := h.fake.AddProject("fresh")
		if strings.Contains(y, ops.Placeholder("API_KEY")) {
			check, err := ops.CheckImport(ctx, ops.Project{Client: h.client, ID: fresh}, y, ops.Published{Types: types})
			if err != nil || check.Valid || !strings.Contains(platform.JoinIssues(check.Problems), "API_KEY is still the export's placeholder") {
				t.Errorf("the dry run of export %v passes with a placeholder: %+v, %v", args, check, err)
			}
			y = strings.ReplaceAll(y, ops.Placeholder("API_KEY"), "another-value")
		}
		check, err := ops.CheckImport(ctx, ops.Project{Client: h.client, ID: fresh}, y, ops.Published{Types: types})
		if err != nil || !check.Valid || len(check.Problems) > 0 || !check.HostnamesChecked {
			t.Errorf("the dry run of export %v in a fresh project: %+v, %v\n%s", args, check, err, y)
		}
		if check, err := ops.CheckImport(ctx, ops.Project{Client: h.client, ID: h.fake.ProjectID()}, y, ops.Published{Types: types}); err != nil || check.Valid {
			t.Errorf("the dry run of export %v into its own project passes: its hostnames are taken (%v)", args, err)
		}
	}
	res, m := h.call(t, "zerops_export", map[string]any{"serviceHostname": "nosuch"})
	wantError(t, res, m, platform.ErrServiceNotFound)
}

// TestExport_PlaceholderRefusedByImportDryRun: an export fed back to
// zerops_import (hostnames renamed) is not valid while a secret is still the
// export's placeholder; the problem names the key, the next step the fix.
func TestExport_PlaceholderRefusedByImportDryRun(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"variables": []string{"API_KEY=v4lue"}}, "env")
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{"serviceHostname": "appdev"})
	wantOK(t, res)
	y := strings.ReplaceAll(m["yaml"].(string), "hostname: appdev", "hostname: appcopy")

	res, m = h.call(t, "zerops_import", map[string]any{"content": y, "dryRun": true})
	wantOK(t, res)
	if m["valid"] != false || !strings.Contains(text(res), "envSecrets.API_KEY") || !strings.Contains(m["next"].(string), "fix every problem") {
		t.Fatalf("a placeholder passes the dry run: %s", text(res))
	}
	res, m = h.call(t, "zerops_import", map[string]any{"content": y})
	wantError(t, res, m, platform.ErrInvalidImportYml)

	res, m = h.call(t, "zerops_import", map[string]any{"content": strings.ReplaceAll(y, ops.Placeholder("API_KEY"), "v4lue"), "dryRun": true})
	wantOK(t, res)
	if m["valid"] != true {
		t.Errorf("the filled-in export is not valid: %s", text(res))
	}
}

// TestExport_NextSaysWhereItImports: ZCP works in one project, which has
// every exported hostname, so the next step sends the project's export to
// another project (not to zerops_import here, which refuses each hostname:
// walk, export goal) and one service's also here under a new hostname; it
// says that runtimes come without code, and names only the runtimes.
func TestExport_NextSaysWhereItImports(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tt := range []struct {
		args      map[string]any
		want, not []string
	}{
		{args: map[string]any{}, want: []string{"into another project", "not here", "service-import", "deploy appdev, appstage (under the hostnames the import gives them) with zerops_deploy",
			"`project:` block", "zcli project project-import", "references reach the services of the project it runs in"},
			not: []string{"project without these hostnames", "deploy db", "appstage, cache", "reaches these services"}},
		{args: map[string]any{"serviceHostname": "appdev"}, want: []string{"here only after changing its hostname (appdev exists here)", "another project", "deploy appdev (under the hostnames the import gives them) with zerops_deploy",
			"references reach this project's services"}},
		{args: map[string]any{"serviceHostname": "db"}, want: []string{"here only after changing its hostname (db exists here)"}, not: []string{"zerops_deploy"}},
	} {
		res, m := h.call(t, "zerops_export", tt.args)
		wantOK(t, res)
		next := str(m["next"])
		for _, w := range tt.want {
			if !strings.Contains(next, w) {
				t.Errorf("export %v: next lacks %q: %s", tt.args, w, next)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(next, w) {
				t.Errorf("export %v: next has %q: %s", tt.args, w, next)
			}
		}
	}
}

// TestExport_BuildFromGitServiceIsNotSentToDeploy: a recipe's service
// imported with buildFromGit (supertokens' mailpit) builds from its
// repository when the export is imported; the export's next step does not
// list it among the runtimes to deploy by hand (walk14b, export goal).
func TestExport_BuildFromGitServiceIsNotSentToDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: mailpit\n    type: go@1.22\n    buildFromGit: https://github.com/zeropsio/recipe-mailpit@main\n"}, "imp")
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	next := str(m["next"])
	if !strings.Contains(str(m["yaml"]), "buildFromGit: https://github.com/zeropsio/recipe-mailpit@main") {
		t.Fatalf("export lost buildFromGit: %s", text(res))
	}
	if !strings.Contains(next, "deploy appdev, appstage (under the hostnames the import gives them) with zerops_deploy") || !strings.Contains(next, "mailpit builds from its buildFromGit") {
		t.Errorf("next sends mailpit to zerops_deploy or loses appdev: %s", next)
	}
}

// Walk 14: the export of a service an import created with
// enableSubdomainAccess: true and never deployed left the setting out (the
// access takes effect with the first deploy), so its re-import would serve
// no subdomain. The import reference says an export holds every parameter
// set: the YAML keeps it, for the project's export and the service's.
func TestExport_KeepsImportedSubdomainBeforeDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: nodejs@22\n    enableSubdomainAccess: true\n  - hostname: worker\n    type: nodejs@22\n"}, "import")
	wantOK(t, res)
	for _, args := range []map[string]any{{}, {"serviceHostname": "web"}} {
		res, m := h.call(t, "zerops_export", args)
		wantOK(t, res)
		y := str(m["yaml"])
		web, _, _ := strings.Cut(y[strings.Index(y, "hostname: web"):], "- hostname:")
		if !strings.Contains(web, "enableSubdomainAccess: true") {
			t.Errorf("export %v: web's entry has no enableSubdomainAccess: true:\n%s", args, y)
		}
		if strings.Count(y, "enableSubdomainAccess") != 1 {
			t.Errorf("export %v: want enableSubdomainAccess once (web's), not for a service that never asked:\n%s", args, y)
		}
	}
}

// An export taken while a change still runs says so, naming it: the
// platform's export shows what is in force before it ends (walk 76: a
// scale still PENDING was left out of the export, with no word of it).
func TestExport_NamesChangesStillRunning(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	res, _ := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appstage", "minRam": 1, "maxRam": 4})
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	if note := str(m["note"]); !strings.Contains(note, "Changes still running:") || !strings.Contains(note, "of appstage") || !strings.Contains(note, "wait=true") {
		t.Errorf("export during a scale: note %q, want the running scale of appstage named", note)
	}
	h.fake.EndProcesses()
	res, m = h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	if note := str(m["note"]); strings.Contains(note, "still running") {
		t.Errorf("export after the scale ended still names it: %q", note)
	}
}

// TestExport_SaysDataStaysBehind: an export creates data services empty
// (walk 86: an agent asked to copy the db would import this and believe
// it had a copy); the next step says so and how their data moves.
func TestExport_SaysDataStaysBehind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, args := range []map[string]any{{}, {"serviceHostname": "db"}} {
		res, m := h.call(t, "zerops_export", args)
		wantOK(t, res)
		next := str(m["next"])
		if !strings.Contains(next, "The YAML carries no data") || !strings.Contains(next, "created empty") ||
			!strings.Contains(next, "zerops_manage action=backup serviceHostname=db") {
			t.Errorf("export %v: next %q does not say the data stays behind", args, next)
		}
	}
	res, m := h.call(t, "zerops_export", map[string]any{"serviceHostname": "appdev"})
	wantOK(t, res)
	if next := str(m["next"]); strings.Contains(next, "no data") {
		t.Errorf("a runtime's export speaks of data: %s", next)
	}
}
