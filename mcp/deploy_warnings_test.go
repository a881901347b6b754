package mcp_test

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// The deploy's output schema publishes warnings as a list of {path,
// problem, fix}, and an answer with warnings conforms to it.
func TestDeploy_OutputSchemaPublishesWarnings(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	var schema map[string]any
	for _, tool := range listTools(t, h) {
		if tool.Name == "zerops_deploy" {
			raw, err := json.Marshal(tool.OutputSchema)
			must(t, err)
			must(t, json.Unmarshal(raw, &schema))
		}
	}
	props, _ := schema["properties"].(map[string]any)
	warnings, _ := props["warnings"].(map[string]any)
	items, _ := warnings["items"].(map[string]any)
	fields, _ := items["properties"].(map[string]any)
	if warnings["type"] != "array" || fields["path"] == nil || fields["problem"] == nil || fields["fix"] == nil {
		t.Fatalf("zerops_deploy's output schema has no warnings list of {path, problem, fix}: %v", props["warnings"])
	}

	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": withEnv(demoZeropsYml, "run", "DB_PASS: ${db_pasword}")})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "schema")
	wantOK(t, res)
	if list, _ := m["warnings"].([]any); len(list) == 0 {
		t.Fatalf("no warnings in the answer: %s", text(res))
	}
	if err := h.outputSchemas(t)["zerops_deploy"].Validate(res.StructuredContent); err != nil {
		t.Errorf("the answer does not conform to the output schema: %v", err)
	}
}

// Every deploy that fails after a zerops.yml check with warnings answers
// them; its next step leads with them when they may be the cause: a failed
// build and a build-side warning, an app that does not answer and any
// warning; not a run-side warning for a failed build, nor a refused upload.
func TestDeploy_FailedDeployCarriesWarnings(t *testing.T) {
	t.Parallel()
	failing := strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: [npm ci, 'false']") // no diagnosis names why
	noScript := strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: [npm ci, npm run build]")
	noStart := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node server.js")
	const buildRef, runRef = "API_KEY: ${db_pasword}", "DB_PASS: ${db_pasword}"
	const buildPath, runPath = "zerops[0].build.envVariables.API_KEY", "zerops[0].run.envVariables.DB_PASS"
	tests := []struct {
		name     string
		yml      string
		fault    bool   // the upload's app version is refused
		code     string // the error's code; "" for an answer
		verdict  string
		path     string // the warning's path; "" when the diagnosis states it
		leads    bool   // the next step (or suggestion) leads with the warning
		diagnose string // what the next step names besides
	}{
		{name: "build warning, failed build", yml: withEnv(failing, "build", buildRef), code: platform.ErrBuildFailed,
			verdict: string(platform.VerdictBuildFailed), path: buildPath, leads: true, diagnose: "zerops_deploy again"},
		{name: "run warning, failed build", yml: withEnv(failing, "run", runRef), code: platform.ErrBuildFailed,
			verdict: string(platform.VerdictBuildFailed), path: runPath, diagnose: "zerops_deploy again"},
		{name: "build warning, build failed in package.json", yml: withEnv(noScript, "build", buildRef), code: platform.ErrBuildFailed,
			verdict: string(platform.VerdictBuildFailed), path: buildPath, diagnose: "add a `build` script to it"},
		// The diagnosis names the warning's reference: it states the fix, once.
		{name: "run warning the diagnosis states, app not answering", yml: withEnv(demoZeropsYml, "run", "DATABASE_URL: ${database_connectionString}"),
			verdict: string(platform.VerdictNotAnswering), diagnose: "keep DATABASE_URL and reference ${db_connectionString} (db is postgresql@16)"},
		{name: "run warning, start file missing", yml: withEnv(noStart, "run", runRef),
			verdict: string(platform.VerdictNotAnswering), path: runPath, diagnose: "name `index.js` in place of `server.js`"},
		{name: "run warning, upload refused", yml: withEnv(demoZeropsYml, "run", runRef), fault: true,
			code: platform.ErrInvalidParameter, path: runPath},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			app := maps.Clone(demoApp)
			app["zerops.yml"] = tt.yml
			writeApp(t, h.workDir(t), app)
			if tt.fault {
				h.fake.InjectFault(fakeapi.Fault{Method: http.MethodPost, PathPrefix: "/service-stack/" + h.fake.ServiceID("appstage") + "/app-version",
					Status: http.StatusBadRequest, APICode: "invalidParameter", Message: "refused", Times: 1})
			}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "warned")
			next, _ := m["next"].(string)
			if tt.code != "" {
				wantError(t, res, m, tt.code)
				next, _ = m["suggestion"].(string)
			} else {
				wantOK(t, res)
			}
			if tt.verdict != "" && m["verdict"] != tt.verdict {
				t.Errorf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			list, _ := m["warnings"].([]any)
			first, _ := firstOf(list)["path"].(string)
			switch {
			case tt.path == "" && len(list) != 0:
				t.Errorf("warnings %v, want none beside the diagnosis stating it: %s", m["warnings"], text(res))
			case tt.path != "" && (len(list) != 1 || first != tt.path):
				t.Fatalf("warnings %v, want one at %s: %s", m["warnings"], tt.path, text(res))
			}
			// Leading: the warning is named before what the failure's own
			// step says (warningsFirst's wording is its own tests' business).
			warned := strings.Index(strings.ToLower(next), "warning")
			led := warned >= 0 && warned < strings.Index(next, tt.diagnose)
			if led != tt.leads {
				t.Errorf("next step leads with the warning: %v, want %v: %q", led, tt.leads, next)
			}
			if !strings.Contains(next, tt.diagnose) {
				t.Errorf("next step %q no longer names %q", next, tt.diagnose)
			}
		})
	}
}

// withEnv adds an envVariables entry to the build or run section of
// demoZeropsYml's first setup (the others share it).
func withEnv(yml, section, entry string) string {
	anchor := map[string]string{"build": "    build: &build\n", "run": "    run: &run\n"}[section]
	return strings.Replace(yml, anchor, anchor+"      envVariables:\n        "+entry+"\n", 1)
}

func firstOf(list []any) map[string]any {
	if len(list) == 0 {
		return nil
	}
	m, _ := list[0].(map[string]any)
	return m
}
