package mcp

import (
	"context"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultToolDeadline bounds a tool call that does not wait on platform
// processes: its API calls, their waits for the budget and their retries.
const DefaultToolDeadline = 30 * time.Second

// waiting marks a tool that may wait on platform processes or a deploy: it
// keeps their own limits (the watcher's 10 min, the deploy's 5 min) and
// reports progress, instead of the tool deadline.
func waiting(d toolDef) toolDef {
	d.waits = true
	return d
}

// deadlineMiddleware gives every call of a tool that does not wait on
// platform processes an overall deadline (Deps.ToolDeadline).
func (s *Server) deadlineMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if call, ok := req.(*sdk.CallToolRequest); ok && method == methodCallTool && call.Params != nil {
			if def, ok := s.tools[call.Params.Name]; ok && !def.waits {
				d := s.deps.ToolDeadline
				if d <= 0 {
					d = DefaultToolDeadline
				}
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, d)
				defer cancel()
			}
		}
		return next(ctx, method, req)
	}
}
