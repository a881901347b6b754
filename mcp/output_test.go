package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/mcp"
)

// outputCase is one successful call whose answer is checked against the
// tool's published output schema.
type outputCase struct {
	tool string
	args map[string]any
}

// documentTools answer markdown text only and publish no output schema:
// Claude Code hands the model the structured content when there is one.
var documentTools = map[string]bool{"zerops_context": true, "zerops_workflow": true, "zerops_knowledge": true}

// outputCases are successful calls covering every listed tool and each of
// its answer shapes.
func (h *harness) outputCases(t testing.TB, readOnly bool) []outputCase {
	t.Helper()
	cases := []outputCase{
		{"zerops_context", nil},
		{"zerops_workflow", nil},
		{"zerops_workflow", map[string]any{"workflow": "bootstrap"}},
		{"zerops_workflow", map[string]any{"workflow": "deploy"}},
		{"zerops_discover", nil},
		{"zerops_discover", map[string]any{"serviceHostname": "db", "includeEnvs": true}},
		{"zerops_knowledge", map[string]any{"query": "postgresql connection"}},
		{"zerops_knowledge", map[string]any{"query": "qqqzzzxxyy"}},
		{"zerops_knowledge", map[string]any{"runtime": "nodejs@22", "services": []string{"postgresql@16"}}},
		{"zerops_knowledge", map[string]any{"uri": "zerops://docs/services/postgresql"}},
		{"zerops_validate", map[string]any{"content": "zerops:\n  - setup: app\n    run: {base: nodejs@22, start: node a.js}\n"}},
		{"zerops_validate", map[string]any{"content": "services:\n  - hostname: x\n    type: nodejs@22\n    mode: WRONG\n"}},
		{"zerops_logs", map[string]any{"serviceHostname": "appdev", "limit": 3}},
		{"zerops_events", map[string]any{"limit": 5}},
		{"zerops_env", map[string]any{"action": "get", "serviceHostname": "appdev"}},
		{"zerops_env", map[string]any{"action": "get", "project": true}},
		{"zerops_verify", map[string]any{"serviceHostname": "appdev"}},
		{"zerops_verify", nil},
		{"zerops_metrics", map[string]any{"serviceHostname": "appdev"}},
		{"zerops_metrics", nil},
		{"zerops_export", nil},
		{"zerops_export", map[string]any{"serviceHostname": "db"}},
	}
	if readOnly {
		return append(cases, outputCase{"zerops_process", map[string]any{"processId": h.startProcess(t)}})
	}
	return append(cases,
		outputCase{"zerops_process", map[string]any{"processId": h.startProcess(t)}},
		outputCase{"zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n", "dryRun": true}},
		outputCase{"zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n"}},
		outputCase{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"A=1"}}},
		outputCase{"zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"}},
		outputCase{"zerops_subdomain", map[string]any{"action": "enable", "serviceHostname": "appdev"}},
		outputCase{"zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}},
		outputCase{"zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true}},
	)
}

// TestTools_OutputConformsToSchema calls every listed tool (and each of its
// answer shapes) through the real client and validates the structured
// content against the outputSchema the tool published in tools/list; the
// document tools publish none and answer none. A tool without a case here
// fails the test.
func TestTools_OutputConformsToSchema(t *testing.T) {
	t.Parallel()
	for _, readOnly := range []bool{false, true} {
		h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) {
			d.ReadOnly = readOnly
		}})
		schemas := h.outputSchemas(t)
		covered := map[string]bool{}
		for _, c := range h.outputCases(t, readOnly) {
			res, _ := h.call(t, c.tool, c.args)
			wantOK(t, res)
			covered[c.tool] = true
			if documentTools[c.tool] {
				if res.StructuredContent != nil {
					t.Errorf("%s %v: a document answer carries structured content", c.tool, c.args)
				}
				continue
			}
			resolved, ok := schemas[c.tool]
			if !ok {
				t.Fatalf("read-only=%v: %s publishes no output schema", readOnly, c.tool)
			}
			checkStructured(t, c, res, resolved)
		}
		for name := range schemas {
			if !covered[name] {
				t.Errorf("read-only=%v: %s has no output case", readOnly, name)
			}
		}
	}
}

// checkStructured validates res's structured content against the schema and
// checks the text content: the same JSON without HTML escaping, or markdown.
func checkStructured(t *testing.T, c outputCase, res *sdk.CallToolResult, resolved *jsonschema.Resolved) {
	t.Helper()
	if res.StructuredContent == nil {
		t.Fatalf("%s %v: no structured content", c.tool, c.args)
	}
	raw, err := json.Marshal(res.StructuredContent)
	must(t, err)
	var v any
	must(t, json.Unmarshal(raw, &v))
	if err := resolved.Validate(v); err != nil {
		t.Errorf("%s %v: structured content does not match its output schema: %v\n%s", c.tool, c.args, err, raw)
	}
	txt := text(res)
	if strings.Contains(txt, `\u003c`) || strings.Contains(txt, `\u003e`) || strings.Contains(txt, `\u0026`) {
		t.Errorf("%s: HTML-escaped JSON in the text: %.200s", c.tool, txt)
	}
	if strings.HasPrefix(txt, "{") {
		var fromText any
		must(t, json.Unmarshal([]byte(txt), &fromText))
		a, _ := json.Marshal(fromText)
		b, _ := json.Marshal(v)
		if string(a) != string(b) {
			t.Errorf("%s: text and structured content differ:\n%s\n%s", c.tool, a, b)
		}
	}
}

// outputSchemas resolves the output schema of every listed tool.
func (h *harness) outputSchemas(t *testing.T) map[string]*jsonschema.Resolved {
	t.Helper()
	list, err := h.cs.ListTools(context.Background(), nil)
	must(t, err)
	out := map[string]*jsonschema.Resolved{}
	for _, tool := range list.Tools {
		if tool.OutputSchema == nil {
			continue
		}
		raw, err := json.Marshal(tool.OutputSchema)
		must(t, err)
		var s jsonschema.Schema
		must(t, json.Unmarshal(raw, &s))
		r, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: output schema does not resolve: %v", tool.Name, err)
		}
		out[tool.Name] = r
	}
	for _, tool := range list.Tools {
		if _, ok := out[tool.Name]; ok == documentTools[tool.Name] {
			t.Errorf("%s: publishes an output schema %v, want %v (document tools answer markdown only)", tool.Name, ok, !documentTools[tool.Name])
		}
	}
	return out
}

// startProcess restarts appstage straight through the API and returns the
// process id, for zerops_process to read.
func (h *harness) startProcess(t testing.TB) string {
	t.Helper()
	p, err := h.client.RestartService(context.Background(), h.fake.ServiceID("appstage"))
	must(t, err)
	return p.ID
}
