package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/mcp"
)

// modelView is what Claude Code hands the model for a tool result: the
// structured content as JSON when there is any, else the text contents
// joined (facts/clients.md).
func modelView(res *sdk.CallToolResult) string {
	if res.StructuredContent != nil {
		raw, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return ""
		}
		return string(raw)
	}
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// TestTools_ModelFacingForm checks, for every tool and each answer shape,
// the form Claude Code hands the model: a document tool's is the markdown
// itself (no escaped JSON string) ending in its next step; a JSON tool's
// carries its next step, and its text holds nothing the structured content
// lacks (so dropping the text loses nothing).
func TestTools_ModelFacingForm(t *testing.T) {
	t.Parallel()
	for _, readOnly := range []bool{false, true} {
		h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadOnly = readOnly }})
		for _, c := range h.outputCases(t, readOnly) {
			res, _ := h.call(t, c.tool, c.args)
			wantOK(t, res)
			seen := modelView(res)
			if documentTools[c.tool] {
				checkDocumentView(t, c, seen)
				continue
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(seen), &m); err != nil {
				t.Fatalf("%s %v: the model's form is not the JSON answer: %v\n%.300s", c.tool, c.args, err, seen)
			}
			if next, _ := m["next"].(string); !strings.HasPrefix(next, "Next:") {
				t.Errorf("%s %v: the model's form has no next step: %.300s", c.tool, c.args, seen)
			}
			var fromText map[string]any
			if err := json.Unmarshal([]byte(text(res)), &fromText); err != nil {
				t.Fatalf("%s %v: the text is not the JSON answer: %v", c.tool, c.args, err)
			}
			a, _ := json.Marshal(fromText)
			b, _ := json.Marshal(m)
			if string(a) != string(b) {
				t.Errorf("%s %v: the text says what the model's form does not:\n%s\n%s", c.tool, c.args, a, b)
			}
		}
	}
}

// checkDocumentView checks a document answer as the model reads it.
func checkDocumentView(t *testing.T, c outputCase, seen string) {
	t.Helper()
	switch {
	case strings.HasPrefix(strings.TrimSpace(seen), "{"):
		t.Errorf("%s %v: the model reads a JSON object, not the document: %.200s", c.tool, c.args, seen)
	case strings.Contains(seen, `\n`) || strings.Contains(seen, `\"`):
		t.Errorf("%s %v: the model reads escaped text: %.200s", c.tool, c.args, seen)
	case !strings.Contains(seen, "\n"):
		t.Errorf("%s %v: the document has no lines: %.200s", c.tool, c.args, seen)
	}
	last := seen[strings.LastIndex(strings.TrimSpace(seen), "\n")+1:]
	if !strings.HasPrefix(strings.TrimSpace(last), "Next:") {
		t.Errorf("%s %v: the document does not end with its next step: …%s", c.tool, c.args, last)
	}
	if q, _ := c.args["query"].(string); q != "" && !strings.HasPrefix(seen, "Search: "+q) {
		t.Errorf("%s %v: the search does not open with its query: %.200s", c.tool, c.args, seen)
	}
}
