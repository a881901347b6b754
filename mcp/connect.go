package mcp

import (
	"context"
	"github.com/zeropsio/zcp/platform/ops"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// offlineTools answer without the Zerops API, so they work before (or
// without) a connection: the knowledge base, the platform overview, the
// workflows and the YAML checks.
var offlineTools = map[string]bool{
	"zerops_knowledge": true,
	"zerops_context":   true,
	"zerops_workflow":  true,
	"zerops_validate":  true,
}

// connectMiddleware holds every other tool call until the project is
// known: it asks Deps.Connect, which answers at once with the reason
// (AUTH_*, API_UNAVAILABLE) while the API is unreachable and retries after
// a backoff, and answers that error as the call's result.
func (s *Server) connectMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		call, ok := req.(*sdk.CallToolRequest)
		if method != methodCallTool || !ok || call.Params == nil || s.project.Load() != nil ||
			s.deps.Connect == nil || offlineTools[call.Params.Name] {
			return next(ctx, method, req)
		}
		if _, registered := s.tools[call.Params.Name]; !registered {
			return next(ctx, method, req)
		}
		p, err := s.deps.Connect(ctx)
		if err != nil {
			return s.failure(err), nil
		}
		s.project.CompareAndSwap(nil, &p)
		return next(ctx, method, req)
	}
}

// projectID is the managed project's id ("" only before Connect succeeded,
// which connectMiddleware keeps platform tools from seeing).
func (s *Server) projectID() string {
	if p := s.project.Load(); p != nil {
		return p.ID
	}
	return ""
}

// opsProject is the managed project as the operations take it: the
// client, its id and what ZCP remembers of it.
func (s *Server) opsProject() ops.Project {
	return ops.Project{Client: s.deps.Client, ID: s.projectID(), Memory: s.deps.Memory, Sandbox: s.deps.Sandbox}
}
