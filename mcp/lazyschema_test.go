package mcp

import (
	"context"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestTools_EverySchemaResolves resolves every tool's schemas as its first
// call does: registration no longer resolves them, so a schema the
// validator refuses must fail here rather than at a user's first call.
func TestTools_EverySchemaResolves(t *testing.T) {
	t.Parallel()
	srv := sdk.NewServer(&sdk.Implementation{Name: "resolve", Version: "1"}, nil)
	defs := (&Server{}).allTools()
	if len(defs) < 10 {
		t.Fatalf("only %d tools", len(defs))
	}
	for _, def := range defs {
		if err := def.add(srv); err != nil {
			t.Fatalf("register %s: %v", def.tool.Name, err)
		}
		in, _ := def.tool.InputSchema.(*jsonschema.Schema)
		out, _ := def.tool.OutputSchema.(*jsonschema.Schema)
		if in == nil {
			t.Fatalf("%s has no input schema", def.tool.Name)
		}
		if _, err := resolve(def.tool.Name, in, out); err != nil {
			t.Errorf("%s: %v", def.tool.Name, err)
		}
	}
}

// wrongOut marshals to what its own schema refuses (blob is a string in
// the schema, a number on the wire).
type wrongOut struct {
	Blob string `json:"blob"`
}

func (wrongOut) MarshalJSON() ([]byte, error) { return []byte(`{"blob":5}`), nil }

// TestAnswer_OutputOutsideItsSchemaIsAnError keeps the check the SDK's
// typed registration made: a result its output schema refuses reaches the
// client as an error, not as structured content a client would refuse.
func TestAnswer_OutputOutsideItsSchemaIsAnError(t *testing.T) {
	t.Parallel()
	def := newTool(&sdk.Tool{Name: "wrong_out"}, func(context.Context, *sdk.CallToolRequest, capIn) (wrongOut, error) {
		return wrongOut{Blob: "x"}, nil
	})
	res := callCapTool(t, def, 1)
	if !res.IsError || res.StructuredContent != nil {
		t.Fatalf("want an error answer, got isError=%v structured=%v", res.IsError, res.StructuredContent)
	}
	if got := resultText(res); !strings.Contains(got, "output") {
		t.Fatalf("the error does not say the output is wrong: %s", got)
	}
}
