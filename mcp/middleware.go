package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
)

const methodCallTool = "tools/call"

// MaxArguments bounds the arguments of one tool call, in all.
const MaxArguments = 1 << 20

// argumentsCapMiddleware refuses a tool call with more than MaxArguments of
// arguments before any work, on either transport.
func (s *Server) argumentsCapMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if call, ok := req.(*sdk.CallToolRequest); ok && method == methodCallTool && call.Params != nil && len(call.Params.Arguments) > MaxArguments {
			return s.failure(argumentsTooLarge("arguments are", len(call.Params.Arguments))), nil
		}
		return next(ctx, method, req)
	}
}

// wireErrorMiddleware makes every method's error one the wire can carry, on either
// transport: the SDK quotes a resource's URI into its error data with Go escapes, which
// are not JSON, and over HTTP that answer was never sent.
func wireErrorMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil {
			return nil, wireError(err)
		}
		return res, nil
	}
}

// wireError is err as a JSON-RPC error, its message clipped and its data dropped unless
// valid JSON (the SDK's resource errors quote the URI with Go escapes).
func wireError(err error) *jsonrpc.Error {
	e := &jsonrpc.Error{Code: jsonrpc.CodeInternalError}
	_ = errors.As(err, &e)
	we := &jsonrpc.Error{Code: e.Code, Message: platform.Clip(err.Error(), maxErrorText), Data: e.Data}
	if !json.Valid(we.Data) {
		we.Data = nil
	}
	return we
}

// recoverMiddleware turns a panicking handler into an INTERNAL_ERROR result
// (tool calls) or error (other methods), logging the stack: go-sdk has no
// recovery of its own and one panic would end the process.
func (s *Server) recoverMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (res sdk.Result, err error) {
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("handler panicked", slog.String("method", method), slog.String("panic", fmt.Sprint(r)),
					slog.String("stack", string(debug.Stack())))
				pe := platform.NewError(platform.ErrInternal, "internal error in ZCP",
					"Retry the call; if it keeps failing, report it with the ZCP log (stderr).")
				if method == methodCallTool {
					res, err = s.failure(pe), nil
					return
				}
				res, err = nil, pe
			}
		}()
		return next(ctx, method, req)
	}
}

// trackMiddleware records every tool call in the in-flight table, refuses
// mutating tools (and mutating actions of read-only variants) in read-only
// mode, normalises errors the SDK produced
// itself (argument validation) into the {code,error,suggestion} JSON, and
// writes the audit line of non-read-only calls.
func (s *Server) trackMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		call, ok := req.(*sdk.CallToolRequest)
		if method != methodCallTool || !ok || call.Params == nil {
			return next(ctx, method, req)
		}
		name := call.Params.Name
		def, registered := s.tools[name]
		if !registered {
			if _, known := s.catalog[name]; known && s.deps.ReadOnly {
				return s.failure(readOnlyRefusal(name, "Only read-only tools are available.")), nil
			}
			return next(ctx, method, req)
		}
		session := sessionID(call.Session)
		id, started := s.begin(name, session)
		defer s.end(id)
		st := &callState{id: fmt.Sprintf("c%d", id)}
		ctx = withCallState(ctx, st)
		var res sdk.Result
		var err error
		held := s.deps.Secrets.Holds(call.Params.Arguments)
		if held {
			// Refused before anything can quote, clip or transform it.
			res = s.failure(secretArgument())
		} else if gerr := guardCall(def, call.Params.Arguments); gerr != nil {
			res = s.failure(gerr)
		} else {
			res, err = next(ctx, method, req)
		}
		outcome := "ok"
		if r, ok := res.(*sdk.CallToolResult); ok && r != nil && r.IsError {
			var he handlerError
			if errors.As(r.GetError(), &he) {
				s.logFailure(name, he.err)
				*r = *s.failure(he.err)
			} else if aerr := argumentError(def.tool, call.Params.Arguments, r.GetError()); aerr != nil {
				*r = *s.failure(aerr)
			} else {
				s.normalizeErrorResult(r)
			}
			outcome = resultCode(r)
		} else if err != nil {
			outcome = "PROTOCOL_ERROR"
		}
		if !def.readOnly {
			args, unknown := redactArguments(call.Params.Arguments, argumentNames(def.tool))
			if held { // not even a clipped or transformed value of it
				args, unknown = map[string]any{"_refused": "an argument held ZCP's API token"}, nil
			}
			s.audit(auditLine{
				Time:       started.UTC(),
				CallID:     st.id,
				Session:    session,
				Tool:       name,
				Arguments:  args,
				Unknown:    unknown,
				Record:     "outcome",
				Decision:   st.decision,
				Outcome:    outcome,
				DurationMS: time.Since(started).Milliseconds(),
			})
		}
		return res, err
	}
}

// guardCall runs the tool's guard, if any, on the raw arguments.
func guardCall(def toolDef, args json.RawMessage) error {
	if def.guard == nil {
		return nil
	}
	return def.guard(args)
}

// warmMiddleware starts the knowledge index build once a client has
// discovered the server (the modern handshake has no initialized notification).
func (s *Server) warmMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		res, err := next(ctx, method, req)
		if method == "server/discover" && err == nil {
			s.warm()
		}
		return res, err
	}
}

func (s *Server) begin(tool, session string) (uint64, time.Time) {
	now := time.Now()
	s.mu.Lock()
	s.nextCall++
	id := s.nextCall
	s.inflight[id] = InFlightCall{Tool: tool, Started: now, Session: session}
	s.mu.Unlock()
	return id, now
}

// sessionID is the MCP session's id: empty on stdio, where there is one.
func sessionID(ss *sdk.ServerSession) string {
	if ss == nil {
		return ""
	}
	return ss.ID()
}

func (s *Server) end(id uint64) {
	s.mu.Lock()
	delete(s.inflight, id)
	s.mu.Unlock()
}

// normalizeErrorResult rewrites an error result whose text is not our JSON
// (the SDK rejecting arguments before the handler ran) as INVALID_PARAMETER.
func (s *Server) normalizeErrorResult(r *sdk.CallToolResult) {
	if len(r.Content) == 1 {
		if tc, ok := r.Content[0].(*sdk.TextContent); ok && strings.HasPrefix(strings.TrimSpace(tc.Text), "{") {
			return
		}
	}
	msg := "invalid arguments"
	if len(r.Content) > 0 {
		if tc, ok := r.Content[0].(*sdk.TextContent); ok {
			msg = platform.Clip(s.deps.Secrets.String(tc.Text), 200) // the SDK quotes argument names and values
		}
	}
	*r = *s.failure(platform.NewError(platform.ErrInvalidParameter, msg,
		"Check the argument names and types against the tool's input schema."))
}

func resultCode(r *sdk.CallToolResult) string {
	var payload struct {
		Code string `json:"code"`
	}
	if len(r.Content) > 0 {
		if tc, ok := r.Content[0].(*sdk.TextContent); ok && json.Unmarshal([]byte(tc.Text), &payload) == nil && payload.Code != "" {
			return payload.Code
		}
	}
	return platform.ErrInternal
}

// secretArgument refuses a call whose arguments carry ZCP's own API token:
// every answer or log line quoting them would repeat it.
func secretArgument() error {
	return platform.NewError(platform.ErrInvalidParameter,
		"an argument holds ZCP's own API token; ZCP never takes it as input, since answers and logs would repeat it",
		"Pass hostnames, ids and values, never the token: ZCP already authenticates with it. To give a service a token, set it as a secret variable in the Zerops GUI.")
}
