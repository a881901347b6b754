package mcp_test

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// TestExport_ReferencesKeptSecretsMasked: a service variable whose value is
// references (${db_hostname}, or a URL made of them) holds no secret of its
// own: the export keeps it as written, importable as it is; only a value of
// its own is a placeholder to fill in (issue 34 walk).
func TestExport_ReferencesKeptSecretsMasked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	const url = "postgresql://${db_user}:${db_password}@${db_hostname}:5432/${db_dbName}"
	res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"variables": []any{"DB_HOST=${db_hostname}", "DATABASE_URL=" + url, "API_KEY=k7Gq2vLx9PzR4mWt8YcB"}}, "env")
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	yml := str(m["yaml"])
	for _, w := range []string{"DB_HOST: ${db_hostname}", "DATABASE_URL: " + url, "API_KEY: <fill in API_KEY>"} {
		if !strings.Contains(yml, w) {
			t.Errorf("the export lacks %q:\n%s", w, yml)
		}
	}
	if strings.Contains(text(res), "k7Gq2vLx9PzR4mWt8YcB") {
		t.Errorf("the export shows the secret: %s", text(res))
	}
	secrets, _ := m["secrets"].([]any)
	if !slices.Equal(secrets, []any{"appdev.API_KEY"}) {
		t.Errorf("secrets to fill in = %v, want only appdev.API_KEY", secrets)
	}
	if next := str(m["next"]); strings.Contains(next, "DB_HOST") || strings.Contains(next, "DATABASE_URL") {
		t.Errorf("next asks to fill in a reference: %s", next)
	}
}

// TestExport_ReferencesToServicesLeftOut: exporting one service keeps its
// variables that reference services the export leaves out; imported into
// another project they resolve to nothing, so the note names each such
// variable and the service it references, and what to do, while the YAML
// keeps the reference as written (issue 34 walk, export goal).
func TestExport_ReferencesToServicesLeftOut(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name      string
		args      map[string]any
		vars      []any
		want, not []string
	}{
		{name: "OneServiceReferencesDb", args: map[string]any{"serviceHostname": "appdev"},
			vars: []any{"DATABASE_URL=${db_connectionString}"},
			want: []string{"appdev.DATABASE_URL references db (${db_connectionString})", "export db too", "set the value"}},
		{name: "URLOfSeveralReferencesNamesDbOnce", args: map[string]any{"serviceHostname": "appdev"},
			vars: []any{"DB_URL=postgresql://${db_user}:${db_password}@${db_hostname}:5432", "CACHE=${cache_hostname}"},
			want: []string{"appdev.DB_URL references db (${db_user}, ${db_password}, ${db_hostname})", "appdev.CACHE references cache (${cache_hostname})", "export cache, db too"}},
		{name: "WholeProjectKeepsDb", args: map[string]any{},
			vars: []any{"DATABASE_URL=${db_connectionString}"},
			not:  []string{"leaves out"}},
		{name: "NoReferences", args: map[string]any{"serviceHostname": "appdev"},
			vars: []any{"MODE=production"},
			not:  []string{"leaves out"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
				"variables": tt.vars}, "env")
			wantOK(t, res)
			res, m := h.call(t, "zerops_export", tt.args)
			wantOK(t, res)
			note, yml := str(m["note"]), str(m["yaml"])
			for _, w := range tt.want {
				if !strings.Contains(note, w) {
					t.Errorf("the note lacks %q: %s", w, note)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(note, w) {
					t.Errorf("the note has %q: %s", w, note)
				}
			}
			for _, v := range tt.vars {
				if k, val, _ := strings.Cut(v.(string), "="); strings.Contains(val, "${") && !strings.Contains(yml, k+": "+val) {
					t.Errorf("the YAML lost %s as set:\n%s", v, yml)
				}
			}
		})
	}
}

// TestExport_ReferencesInEveryEnvForm: the platform's export may carry a
// service's variables in any form the import YAML has: envSecrets (a map,
// or KEY=value lines), dotEnvSecrets (dotenv text), service-level
// envVariables. A reference to a service the export leaves out, or to one
// the project no longer has, is named in each (walk 10: only KEY: value
// maps were read).
func TestExport_ReferencesInEveryEnvForm(t *testing.T) {
	t.Parallel()
	leftOut := "appdev.DATABASE_URL references db (${db_connectionString})"
	gone := "appdev.DATABASE_URL references ${nodb_connectionString}, but the project has no service nodb"
	for _, tt := range []struct {
		name, env, want string
	}{
		{"envSecrets map", "  envSecrets:\n    DATABASE_URL: ${db_connectionString}\n", leftOut},
		{"envSecrets KEY=value list", "  envSecrets:\n    - DATABASE_URL=${db_connectionString}\n", leftOut},
		{"envSecrets list of maps", "  envSecrets:\n    - DATABASE_URL: ${db_connectionString}\n", leftOut},
		{"dotEnvSecrets text", "  dotEnvSecrets: |\n    # the database\n    DATABASE_URL=${db_connectionString}\n", leftOut},
		{"dotEnvSecrets quoted", "  dotEnvSecrets: |\n    DATABASE_URL=\"${db_connectionString}\"\n", leftOut},
		{"envVariables map", "  envVariables:\n    DATABASE_URL: ${db_connectionString}\n", leftOut},
		{"envVariables KEY=value list", "  envVariables:\n    - DATABASE_URL=${db_connectionString}\n", leftOut},
		{"gone, dotEnvSecrets text", "  dotEnvSecrets: |\n    DATABASE_URL=${nodb_connectionString}\n", gone},
		{"gone, envSecrets KEY=value list", "  envSecrets:\n    - DATABASE_URL=${nodb_connectionString}\n", gone},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			body, _ := json.Marshal(map[string]string{"yaml": "project:\n  name: demo\nservices:\n- hostname: appdev\n  type: nodejs@22\n" + tt.env})
			h.fake.InjectFault(fakeapi.Fault{Method: "GET", PathPrefix: "/service-stack/" + h.fake.ServiceID("appdev") + "/export", Status: 200, Body: string(body)})
			res, m := h.call(t, "zerops_export", map[string]any{"serviceHostname": "appdev"})
			wantOK(t, res)
			if note := str(m["note"]); !strings.Contains(note, tt.want) {
				t.Errorf("the note lacks %q: %s", tt.want, note)
			}
		})
	}
}

// Walk 10: exporting one runtime (a Rails web) whose deployed zerops.yml
// references pg, cache and mq in run.envVariables said nothing of them,
// and its next step was to deploy it once imported: that deploy, in a
// project without those services, starts an app whose references resolve
// to nothing. The note names the zerops.yml variables too, and where each
// is changed.
func TestExport_ZeropsYmlReferencesToServicesLeftOut(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	app := maps.Clone(demoApp)
	app["zerops.yml"] = strings.Replace(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables: {DATABASE_URL: '${db_connectionString}', MODE: prod}", 1)
	writeApp(t, h.workDir(t), app)
	res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	note := str(m["note"])
	for _, w := range []string{"appstage.DATABASE_URL (zerops.yml) references db (${db_connectionString})", "export db too", "or, for one marked (zerops.yml), in run.envVariables of the zerops.yml deployed there"} {
		if !strings.Contains(note, w) {
			t.Errorf("the note lacks %q: %s", w, note)
		}
	}
	if strings.Contains(note, "MODE") || strings.Contains(str(m["yaml"]), "DATABASE_URL") {
		t.Errorf("the note names a variable without a reference, or the YAML carries a zerops.yml variable: %s", text(res))
	}
}

// An export after the service a runtime's deployed zerops.yml references
// was deleted names that reference too, not only those in the YAML's own
// variables: the export's next step deploys the runtime into the new
// project, where the zerops.yml gives the app the literal text (walk 11:
// api's DB_HOST ${maria_hostname} after maria's delete went unsaid).
func TestExport_ZeropsYmlReferencesToDeletedService(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	app := maps.Clone(demoApp)
	app["zerops.yml"] = strings.Replace(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables: {DATABASE_URL: '${db_connectionString}', MODE: prod}", 1)
	writeApp(t, h.workDir(t), app)
	res, _ := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	wantOK(t, res)
	res, _ = h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	note := str(m["note"])
	for _, w := range []string{"appstage.DATABASE_URL (zerops.yml) references ${db_connectionString}", "db is no longer in the project"} {
		if !strings.Contains(note, w) {
			t.Errorf("the note lacks %q: %s", w, note)
		}
	}
	if strings.Contains(note, "MODE") {
		t.Errorf("the note names a variable without a reference: %s", note)
	}
}
