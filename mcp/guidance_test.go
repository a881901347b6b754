package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

// exampleCall is one tool call a text shows an agent.
type exampleCall struct {
	source string
	tool   string
	args   map[string]any
}

var (
	// `zerops_x` `{...}` or `zerops_x` with `{...}`: a JSON example.
	jsonCallRE = regexp.MustCompile("`(zerops_[a-z]+)`(?:\\s+with)?\\s+`(\\{[^`]*\\})`")
	// zerops_x key=value key=value: a hint's short form.
	kvCallRE = regexp.MustCompile("(zerops_[a-z]+)((?:[ \t]+[a-zA-Z]+=[^\\s,;)`]*)+)")
	// `zerops_x`: any tool a text names.
	toolNameRE = regexp.MustCompile("`(zerops_[a-z]+)`")
)

// guidanceTexts returns every text that shows an agent tool calls: CLAUDE.md,
// the context, the workflows, the knowledge documents, and the tool handlers'
// source, where the Next: hints are written.
func guidanceTexts(t *testing.T) map[string]string {
	t.Helper()
	texts := map[string]string{"CLAUDE.md": knowledge.ClaudeMD(), "context": knowledge.ContextText(), "workflow catalog": knowledge.WorkflowCatalog()}
	for _, name := range knowledge.WorkflowNames() {
		text, ok := knowledge.Workflow(name)
		if !ok {
			t.Fatalf("workflow %s listed but missing", name)
		}
		texts["workflow "+name] = text
	}
	docs, err := knowledge.Documents()
	must(t, err)
	for _, d := range docs {
		texts[d.URI] = d.Content
	}
	files, err := filepath.Glob("*.go")
	must(t, err)
	opsFiles, err := filepath.Glob("../platform/ops/*.go") // notes and fixes quote calls too
	must(t, err)
	files = append(files, opsFiles...)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		must(t, err)
		texts["mcp/"+f] = string(b)
	}
	return texts
}

// extractCalls finds the example calls of a text.
func extractCalls(t *testing.T, source, text string) []exampleCall {
	t.Helper()
	var out []exampleCall
	for _, m := range jsonCallRE.FindAllStringSubmatch(text, -1) {
		var args map[string]any
		if err := json.Unmarshal([]byte(m[2]), &args); err != nil {
			t.Errorf("%s: example for %s is not JSON: %s", source, m[1], m[2])
			continue
		}
		out = append(out, exampleCall{source, m[1], args})
	}
	for _, m := range kvCallRE.FindAllStringSubmatch(text, -1) {
		args := map[string]any{}
		for _, pair := range strings.Fields(m[2]) {
			k, v, _ := strings.Cut(pair, "=")
			args[k] = strings.TrimRight(v, ".:\"")
		}
		out = append(out, exampleCall{source, m[1], args})
	}
	return out
}

// TestGuidance_ExampleCallsWork runs every example call that CLAUDE.md, a
// workflow, a knowledge document or a Next: hint shows against the sandbox
// fake: none may name a tool that does not exist or fail with
// INVALID_PARAMETER. Placeholders (<…>, …, %s) get values of the sandbox.
func TestGuidance_ExampleCallsWork(t *testing.T) {
	t.Parallel()
	probe := newHarness(t, harnessOpts{})
	list, err := probe.cs.ListTools(context.Background(), nil)
	must(t, err)
	tools := map[string]bool{}
	for _, tool := range list.Tools {
		tools[tool.Name] = true
	}
	var calls []exampleCall
	texts := guidanceTexts(t)
	sources := make([]string, 0, len(texts))
	for s := range texts {
		sources = append(sources, s)
	}
	sort.Strings(sources)
	for _, source := range sources {
		for _, m := range toolNameRE.FindAllStringSubmatch(texts[source], -1) {
			if !tools[m[1]] {
				t.Errorf("%s names %s, which is not a tool", source, m[1])
			}
		}
		calls = append(calls, extractCalls(t, source, texts[source])...)
	}
	if len(calls) < 40 {
		t.Fatalf("only %d example calls found: the extraction broke", len(calls))
	}
	t.Logf("%d example calls", len(calls))
	for i, c := range calls {
		// One at a time: 70-odd sandboxes at once would starve the
		// package's timing-sensitive tests of CPU.
		t.Run(fmt.Sprintf("%02d_%s", i, c.tool), func(t *testing.T) {
			if !tools[c.tool] {
				t.Fatalf("%s: %s is not a tool", c.source, c.tool)
			}
			// The working directory holds a zerops.yml with the setups the
			// guidance names (demoZeropsYml), as its deploy step asks.
			h := newHarness(t, harnessOpts{sandboxPush: true})
			args := fillPlaceholders(t, h, c.tool, c.args)
			res, m := h.call(t, c.tool, args)
			if res.IsError && (m == nil || m["code"] == platform.ErrInvalidParameter) {
				t.Errorf("example %d from %s: %s %v fails: %s", i, c.source, c.tool, c.args, text(res))
			}
			wantStatedOnce(t, fmt.Sprintf("example %d from %s: %s %v", i, c.source, c.tool, c.args), m)
		})
	}
}

const sampleImportYml = "services:\n  - hostname: apistage\n    type: nodejs@22\n"

// fillPlaceholders replaces placeholder values with values of the sandbox.
func fillPlaceholders(t *testing.T, h *harness, tool string, args map[string]any) map[string]any {
	t.Helper()
	out := map[string]any{}
	for k, v := range args {
		s, isString := v.(string)
		placeholder := isString && (s == "" || strings.ContainsAny(s, "<…%\"") || strings.Contains(s, "..."))
		if !placeholder {
			out[k] = v
			continue
		}
		switch k {
		case "content":
			out[k] = demoZeropsYml
			if tool == "zerops_import" || strings.Contains(s, "import") {
				out[k] = sampleImportYml
			}
		case "processId":
			out[k] = h.startProcess(t)
		case "variables":
			out[k] = "EXAMPLE"
			if strings.Contains(s, "=") {
				out[k] = "EXAMPLE=1"
			}
		case "serviceHostname", "targetService":
			out[k] = "appstage"
		case "sourceService":
			out[k] = "appdev"
		case "buildId", "follow":
			out[k] = h.lastBuild(t)
		case "query":
			out[k] = "postgresql connection"
		case "uri":
			out[k] = "zerops://docs/services/postgresql"
		case "workflow":
			out[k] = "deploy"
		case "maxRam", "maxCpu", "maxDisk":
			// "above the maximum in force": the sandbox's defaults are the
			// platform's ceilings, so the ceiling itself.
			out[k] = map[string]float64{"maxRam": 48, "maxCpu": 8, "maxDisk": 250}[k]
		case "maxContainers":
			out[k] = 10
		case "runtime":
			out[k] = "nodejs@22"
		case "tags":
			out[k] = "pre-migration"
		default:
			t.Fatalf("no sample value for %s=%q", k, s)
		}
	}
	return out
}

// lastBuild deploys to appstage through the API and returns the app version id.
func (h *harness) lastBuild(t *testing.T) string {
	t.Helper()
	id := h.fake.ServiceID("appstage")
	av, err := h.client.CreateAppVersion(context.Background(), id, "example")
	must(t, err)
	return av.ID
}
