package mcp

import (
	"context"
	"encoding/json"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// toolDef is one tool: its definition, whether it only reads, and how to
// register it. Constructors in the tool_*.go files return one.
type toolDef struct {
	tool     *sdk.Tool
	readOnly bool
	add      func(*sdk.Server) error
	// guard, when set, sees the raw arguments before the SDK validates them
	// and may refuse the call (read-only variants refusing a mutating action).
	guard func(json.RawMessage) error
}

// handlerFor is a tool handler: a successful result or an error, which
// becomes the isError {code,error,suggestion} result.
type handlerFor[In any] func(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, error)

// newTool builds a toolDef for a typed handler, with the input schema written
// from In (see inputSchema) and the read-only flag taken from the annotations.
func newTool[In any](t *sdk.Tool, h handlerFor[In]) toolDef {
	t.InputSchema = inputSchema[In]()
	if t.Annotations != nil && t.Title == "" {
		t.Title = t.Annotations.Title
	}
	return toolDef{
		tool:     t,
		readOnly: t.Annotations != nil && t.Annotations.ReadOnlyHint,
		add: func(srv *sdk.Server) (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("%v", r)
				}
			}()
			sdk.AddTool(srv, t, func(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, any, error) {
				res, err := h(ctx, req, in)
				if err != nil {
					return errorResult(err), nil, nil
				}
				return res, nil, nil
			})
			return nil
		},
	}
}

func boolPtr(b bool) *bool { return &b }

// Annotation sets.
func readOnlyAnn(title string) *sdk.ToolAnnotations {
	return &sdk.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: boolPtr(false)}
}

func mutatingAnn(title string, destructive, idempotent bool) *sdk.ToolAnnotations {
	return &sdk.ToolAnnotations{Title: title, DestructiveHint: boolPtr(destructive), IdempotentHint: idempotent, OpenWorldHint: boolPtr(false)}
}

// allTools lists every tool ZCP offers, in the order tools/list shows them.
// In read-only mode zerops_env and zerops_process, which can also mutate,
// are replaced by read-only variants (get / status only) under the same
// names; New still registers only tools annotated read-only.
func (s *Server) allTools() []toolDef {
	env, process := s.envTool(), s.processTool()
	if s.deps.ReadOnly {
		env, process = s.envReadTool(), s.processStatusTool()
	}
	return []toolDef{
		s.workflowTool(),
		s.contextTool(),
		s.discoverTool(),
		s.knowledgeTool(),
		s.validateTool(),
		s.importTool(),
		s.deployTool(),
		s.manageTool(),
		env,
		s.logsTool(),
		s.eventsTool(),
		process,
		s.subdomainTool(),
		s.deleteTool(),
	}
}
