package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/zeropsio/zcp/platform"
)

const methodCallTool = "tools/call"

// recoverMiddleware turns a panicking handler into an INTERNAL_ERROR result
// (tool calls) or error (other methods), logging the stack: go-sdk has no
// recovery of its own and one panic would end the process.
func (s *Server) recoverMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (res sdk.Result, err error) {
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("handler panicked", zap.String("method", method), zap.String("panic", fmt.Sprint(r)),
					zap.ByteString("stack", debug.Stack()))
				pe := platform.NewError(platform.ErrInternal, "internal error in ZCP",
					"Retry the call; if it keeps failing, report it with the ZCP log (stderr).")
				if method == methodCallTool {
					res, err = errorResult(pe), nil
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
				return errorResult(readOnlyRefusal(name, "Only read-only tools are available.")), nil
			}
			return next(ctx, method, req)
		}
		id, started := s.begin(name)
		defer s.end(id)
		var res sdk.Result
		var err error
		if gerr := guardCall(def, call.Params.Arguments); gerr != nil {
			res = errorResult(gerr)
		} else {
			res, err = next(ctx, method, req)
		}
		outcome := "ok"
		if r, ok := res.(*sdk.CallToolResult); ok && r != nil && r.IsError {
			var he handlerError
			if errors.As(r.GetError(), &he) {
				*r = *errorResult(he.err)
			} else {
				normalizeErrorResult(r)
			}
			outcome = resultCode(r)
		} else if err != nil {
			outcome = "PROTOCOL_ERROR"
		}
		if !def.readOnly {
			s.audit(auditLine{
				Time:       started.UTC(),
				CallID:     fmt.Sprintf("c%d", id),
				Tool:       name,
				Arguments:  redactArguments(call.Params.Arguments),
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

func (s *Server) begin(tool string) (uint64, time.Time) {
	now := time.Now()
	s.mu.Lock()
	s.nextCall++
	id := s.nextCall
	s.inflight[id] = InFlightCall{Tool: tool, Started: now}
	s.mu.Unlock()
	return id, now
}

func (s *Server) end(id uint64) {
	s.mu.Lock()
	delete(s.inflight, id)
	s.mu.Unlock()
}

// normalizeErrorResult rewrites an error result whose text is not our JSON
// (the SDK rejecting arguments before the handler ran) as INVALID_PARAMETER.
func normalizeErrorResult(r *sdk.CallToolResult) {
	if len(r.Content) == 1 {
		if tc, ok := r.Content[0].(*sdk.TextContent); ok && strings.HasPrefix(strings.TrimSpace(tc.Text), "{") {
			return
		}
	}
	msg := "invalid arguments"
	if len(r.Content) > 0 {
		if tc, ok := r.Content[0].(*sdk.TextContent); ok {
			msg = platform.Clip(tc.Text, 200) // the SDK quotes argument names and values
		}
	}
	*r = *errorResult(platform.NewError(platform.ErrInvalidParameter, msg,
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

// auditLine is one line of the audit log.
type auditLine struct {
	Time       time.Time      `json:"time"`
	CallID     string         `json:"callId"`
	Tool       string         `json:"tool"`
	Arguments  map[string]any `json:"arguments,omitempty"`
	Outcome    string         `json:"outcome"`
	DurationMS int64          `json:"durationMs"`
}

// audit writes one JSON line; writes are serialised so lines never interleave.
func (s *Server) audit(line auditLine) {
	if s.deps.Audit == nil {
		return
	}
	b, err := json.Marshal(line)
	if err != nil {
		return
	}
	b = append(b, '\n')
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	if _, err := s.deps.Audit.Write(b); err != nil {
		s.log.Warn("audit write failed", zap.Error(err))
	}
}

// secretish reports whether an argument name suggests a secret value.
func secretish(key string) bool {
	k := strings.ToLower(key)
	for _, w := range []string{"token", "secret", "password", "passwd", "apikey", "api_key", "credential", "auth", "private"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// redactArguments returns the call's arguments fit for the audit log: env
// values, inline file content and anything whose key looks secret replaced.
func redactArguments(raw json.RawMessage) map[string]any {
	if len(raw) == 0 {
		return nil
	}
	var args map[string]any
	if err := json.Unmarshal(raw, &args); err != nil {
		return map[string]any{"_unparsed": fmt.Sprintf("%d bytes", len(raw))}
	}
	for k, v := range args {
		switch {
		case secretish(k):
			args[k] = "***"
		case k == "variables":
			args[k] = redactEnvList(v)
		case k == "content":
			if s, ok := v.(string); ok {
				args[k] = fmt.Sprintf("<%d bytes>", len(s))
			} else {
				args[k] = "***"
			}
		default:
			args[k] = redactValue(v)
		}
	}
	return args
}

// redactEnvList keeps the keys of KEY=value items and drops the values.
func redactEnvList(v any) any {
	redact := func(s string) string {
		if k, _, ok := strings.Cut(s, "="); ok {
			return k + "=***"
		}
		return s
	}
	switch x := v.(type) {
	case string:
		return redact(x)
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			if s, ok := item.(string); ok {
				out[i] = redact(s)
			} else {
				out[i] = "***"
			}
		}
		return out
	}
	return "***"
}

// redactValue walks nested objects, hiding secret-looking keys.
func redactValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if secretish(k) {
				x[k] = "***"
			} else {
				x[k] = redactValue(val)
			}
		}
		return x
	case []any:
		for i := range x {
			x[i] = redactValue(x[i])
		}
		return x
	}
	return v
}
