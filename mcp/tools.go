package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
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
	// waits is set (by waiting) on tools that may wait on platform processes
	// or a deploy; the others get the tool deadline.
	waits bool
}

// handlerFor is a tool handler: its typed result, or an error, which
// becomes the isError {code,error,suggestion} result.
type handlerFor[In, Out any] func(ctx context.Context, req *sdk.CallToolRequest, in In) (Out, error)

// texter is a result whose text content is markdown meant to be read rather
// than its JSON (context, workflow, knowledge documents).
type texter interface{ contentText() string }

// newTool builds a toolDef for a typed handler: the input and output
// schemas are inferred from In and Out (see schemaFor), the arguments are
// validated against the input schema and the result against the output
// schema, and the result is both structuredContent and, as text, its JSON
// without HTML escaping. A document tool (Out a texter) answers markdown
// text only and publishes no output schema: Claude Code hands the model the
// structured content when there is one (facts/clients.md), so a document
// answered as {markdown, next} would reach it as one escaped JSON string.
// The read-only flag comes from the annotations.
//
// The tool is registered through the SDK's raw AddTool, and each schema is
// resolved for validation at the tool's first call, not at registration:
// resolving every tool's schemas was about half of what building the
// server cost, on the way to every session's initialize answer.
func newTool[In, Out any](t *sdk.Tool, h handlerFor[In, Out]) toolDef {
	return registered(t, func(srv *sdk.Server) error {
		in := schemaFor[In]()
		t.InputSchema, t.OutputSchema = in, nil
		var out *jsonschema.Schema
		if !isDocument[Out]() {
			out = outputSchemaFor[Out]()
			t.OutputSchema = out
		}
		schemas := sync.OnceValues(func() (resolvedSchemas, error) { return resolve(t.Name, in, out) })
		srv.AddTool(t, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			rs, err := schemas()
			if err != nil {
				return nil, err
			}
			return answer(ctx, req, rs, h), nil
		})
		return nil
	})
}

// resolvedSchemas are one tool's schemas ready to validate with; output is
// nil for a document tool.
type resolvedSchemas struct{ input, output *jsonschema.Resolved }

func resolve(tool string, in, out *jsonschema.Schema) (resolvedSchemas, error) {
	var rs resolvedSchemas
	var err error
	if rs.input, err = in.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true}); err != nil {
		return rs, fmt.Errorf("input schema of %s: %w", tool, err)
	}
	if out != nil {
		if rs.output, err = out.Resolve(nil); err != nil {
			return rs, fmt.Errorf("output schema of %s: %w", tool, err)
		}
	}
	return rs, nil
}

// registered is the toolDef of t whose add runs register, a panic in it
// (an SDK refusing a schema) returned as an error. The title defaults to the
// annotations' and the read-only flag comes from them.
func registered(t *sdk.Tool, register func(*sdk.Server) error) toolDef {
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
			return register(srv)
		},
	}
}

// answerJSON is out as the JSON text of tool's answer, or ANSWER_TOO_LARGE
// when it is over platform.MaxAnswer: cut JSON would not parse.
func answerJSON(tool string, out any) (string, error) {
	text, err := marshalJSON(out)
	if err == nil && len(text) > platform.MaxAnswer {
		err = answerTooLarge(tool, len(text))
	}
	return text, err
}

// isDocument reports whether Out is a document answer (a texter): markdown
// text only, no structured content.
func isDocument[Out any]() bool {
	var zero Out
	_, ok := any(zero).(texter)
	return ok
}

// answer runs a tool's call. Errors are error results: bad arguments
// become INVALID_PARAMETER in the middleware, a handler's error its
// {code,error,suggestion}, a result its output schema refuses an internal
// error (a bug of ZCP's, which the tool tests catch first).
func answer[In, Out any](ctx context.Context, req *sdk.CallToolRequest, rs resolvedSchemas, h handlerFor[In, Out]) *sdk.CallToolResult {
	args, err := decodeArguments[In](req.Params.Arguments, rs.input)
	if err != nil {
		return errorAnswer(err)
	}
	out, err := h(ctx, req, args)
	if err != nil {
		return errorAnswer(handlerError{err})
	}
	if tx, ok := any(out).(texter); ok {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: cutDocument(tx.contentText())}}}
	}
	structured, err := answerJSON(req.Params.Name, out)
	if err == nil && rs.output != nil {
		err = checkAnswer(structured, rs.output)
	}
	if err != nil {
		return errorAnswer(handlerError{err})
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: structured}},
		StructuredContent: json.RawMessage(structured)}
}

// checkAnswer checks a result's JSON against the tool's output schema.
func checkAnswer(structured string, schema *jsonschema.Resolved) error {
	var v any
	if err := json.Unmarshal([]byte(structured), &v); err != nil {
		return fmt.Errorf("the answer is not JSON: %w", err)
	}
	if err := schema.Validate(v); err != nil {
		return fmt.Errorf("validating tool output: %w", err)
	}
	return nil
}

// answerTooLarge is the error of a structured answer over platform.MaxAnswer:
// cut JSON would not parse, so the call is answered with what to ask instead.
func answerTooLarge(tool string, size int) error {
	return platform.NewError(platform.ErrAnswerTooLarge,
		fmt.Sprintf("the answer of %s would be %.1f KiB, over the %d KiB a model is handed whole", tool, float64(size)/1024, platform.MaxAnswer>>10),
		"Ask for less: one serviceHostname, a smaller limit, a later since, or a narrower search.")
}

// cutDocument keeps a markdown answer under platform.MaxAnswer, cut at a
// line and saying so: a document is read top-down, so its start is kept.
func cutDocument(text string) string {
	if len(text) <= platform.MaxAnswer {
		return text
	}
	const note = "\n\n… (the rest of this document is left out to keep the answer under %d KiB; search zerops_knowledge for the section you need)\n"
	keep := text[:platform.MaxAnswer-len(note)-8]
	if i := strings.LastIndexByte(keep, '\n'); i > 0 {
		keep = keep[:i]
	}
	return strings.ToValidUTF8(keep, "") + fmt.Sprintf(note, platform.MaxAnswer>>10)
}

// errorAnswer is the error result the middleware renders.
func errorAnswer(err error) *sdk.CallToolResult {
	res := &sdk.CallToolResult{}
	res.SetError(err)
	return res
}

// decodeArguments validates raw arguments against the input schema (which
// refuses unknown names and wrong types) and decodes them; absent arguments
// are an empty object.
func decodeArguments[In any](raw json.RawMessage, schema *jsonschema.Resolved) (In, error) {
	var in In
	if len(raw) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	var generic map[string]any
	if err := json.Unmarshal(raw, &generic); err != nil {
		return in, fmt.Errorf("arguments are not a JSON object: %w", err)
	}
	if err := schema.Validate(generic); err != nil {
		return in, fmt.Errorf("validating \"arguments\": %w", err)
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, err
	}
	return in, nil
}

// marshalJSON is json.Marshal without HTML escaping.
func marshalJSON(v any) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// handlerError marks an error returned by a tool handler, so the middleware
// can render it as {code,error,suggestion} (the SDK's own argument errors are
// not marked and become INVALID_PARAMETER).
type handlerError struct{ err error }

func (e handlerError) Error() string { return e.err.Error() }
func (e handlerError) Unwrap() error { return e.err }

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
	env, process := waiting(s.envTool()), waiting(s.processTool())
	if s.deps.ReadOnly {
		env, process = s.envReadTool(), waiting(s.processStatusTool())
	}
	return []toolDef{
		s.workflowTool(),
		s.contextTool(),
		s.discoverTool(),
		s.knowledgeTool(),
		s.validateTool(),
		waiting(s.importTool()),
		waiting(s.deployTool()),
		waiting(s.manageTool()),
		env,
		s.logsTool(),
		s.eventsTool(),
		s.verifyTool(),
		s.metricsTool(),
		s.exportTool(),
		process,
		waiting(s.subdomainTool()),
		waiting(s.deleteTool()),
	}
}
