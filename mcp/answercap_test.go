package mcp

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
)

type capIn struct {
	Size int `json:"size"`
}

type capOut struct {
	Blob string `json:"blob"`
}

type capDoc struct{ md string }

func (d capDoc) contentText() string { return d.md }

// callCapTool registers def on a bare go-sdk server and calls it once over
// in-memory transports.
func callCapTool(t *testing.T, def toolDef, size int) *sdk.CallToolResult {
	t.Helper()
	srv := sdk.NewServer(&sdk.Implementation{Name: "cap", Version: "1"}, nil)
	if err := def.add(srv); err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ss.Close() }()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cs.Close() }()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: def.tool.Name, Arguments: map[string]any{"size": size}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func resultText(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// TestAnswerCap_StructuredAndDocuments: no answer the model is handed is over
// platform.MaxAnswer. A structured answer over it is refused with what to
// ask instead (cut JSON would not parse); a document is cut at a line and
// says so; answers under the cap pass unchanged.
func TestAnswerCap_StructuredAndDocuments(t *testing.T) {
	t.Parallel()
	// A toolDef is registered once, on one server (its registration sets
	// its tool's schemas): each subtest makes its own.
	structured := func() toolDef {
		return newTool(&sdk.Tool{Name: "big_json"}, func(_ context.Context, _ *sdk.CallToolRequest, in capIn) (capOut, error) {
			return capOut{Blob: strings.Repeat("x", in.Size)}, nil
		})
	}
	document := func() toolDef {
		return newTool(&sdk.Tool{Name: "big_doc"}, func(_ context.Context, _ *sdk.CallToolRequest, in capIn) (capDoc, error) {
			line := strings.Repeat("word ", 19) + "end\n"
			return capDoc{md: strings.Repeat(line, in.Size/len(line)+1)}, nil
		})
	}
	tests := []struct {
		name    string
		def     func() toolDef
		size    int
		wantErr bool
		wantCut bool
	}{
		{"structured under the cap", structured, 1000, false, false},
		{"structured over the cap", structured, platform.MaxAnswer, true, false},
		{"document under the cap", document, 1000, false, false},
		{"document over the cap", document, 4 * platform.MaxAnswer, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := callCapTool(t, tt.def(), tt.size)
			text := resultText(res)
			if len(text) > platform.MaxAnswer {
				t.Fatalf("the answer is %d bytes, over platform.MaxAnswer", len(text))
			}
			if res.IsError != tt.wantErr {
				t.Fatalf("isError = %v, want %v: %.200s", res.IsError, tt.wantErr, text)
			}
			if tt.wantErr && !strings.Contains(text, platform.ErrAnswerTooLarge) {
				t.Errorf("the refusal is not %s: %s", platform.ErrAnswerTooLarge, text)
			}
			cut := strings.Contains(text, "left out to keep the answer under")
			if cut != tt.wantCut {
				t.Errorf("cut note = %v, want %v", cut, tt.wantCut)
			}
			if tt.wantCut && !strings.Contains(text, "end\n\n…") {
				t.Errorf("the document is not cut at a line: …%q", text[len(text)-200:])
			}
		})
	}
}
