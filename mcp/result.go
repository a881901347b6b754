package mcp

import (
	"context"
	"errors"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// toolError is a PlatformError with extra fields for the error JSON (for
// example the last build-log lines of a failed build).
type toolError struct {
	*platform.PlatformError
	Extra map[string]any
}

func (e *toolError) Unwrap() error { return e.PlatformError }

// errorPayload renders err as the JSON object every failed call answers:
// {code, error, suggestion, …}. Anything that is not a *platform.PlatformError
// becomes INTERNAL_ERROR with a generic message: internals never leak. The
// texts lose sc's secrets before they are clipped (a clip through a secret
// would leave a prefix no later scrub finds); sc may be nil.
func errorPayload(err error, sc *platform.Scrubber) map[string]any {
	var te *toolError
	var pe *platform.PlatformError
	var extra map[string]any
	switch {
	case errors.As(err, &te):
		pe, extra = te.PlatformError, te.Extra
	case errors.As(err, &pe):
	case errors.Is(err, context.Canceled):
		pe = platform.NewError(platform.ErrCanceled, "the call was cancelled",
			"Platform work already started keeps running; check it with zerops_process or zerops_events.")
	case errors.Is(err, context.DeadlineExceeded):
		pe = platform.NewError(platform.ErrAPITimeout, "the call timed out",
			"Retry; platform work already started keeps running (zerops_events shows it).")
	default:
		pe = platform.NewError(platform.ErrInternal, "internal error in ZCP",
			"Retry the call; if it keeps failing, report it with the ZCP log (stderr).")
	}
	// Messages may quote the agent's input or the API's answer: bound them,
	// and never leave the agent without a next step.
	out := map[string]any{
		"code":       pe.Code,
		"error":      platform.Clip(sc.String(pe.Message), maxErrorText),
		"suggestion": platform.Clip(sc.String(orDefault(pe.Suggestion, defaultSuggestion)), maxErrorText),
	}
	if pe.APICode != "" {
		out["apiCode"] = pe.APICode
	}
	for k, v := range extra {
		out[k] = v
	}
	var ie *ops.IssuesError
	if errors.As(err, &ie) && len(ie.Problems) > 0 {
		out["problems"] = ie.Problems // {path, problem, fix}: which field to change
		// Each fix once: in problems, not again in the error's sentence.
		if ie.Brief != "" {
			out["error"] = platform.Clip(sc.String(ie.Brief), maxErrorText)
		}
	}
	return out
}

// maxErrorText bounds the error and suggestion texts of an error result:
// room for the 20 problems an import check lists, not for a 100 kB echo.
const maxErrorText = 4000

// defaultSuggestion stands in for an error that came without one.
const defaultSuggestion = "Check the arguments against the tool's description and retry; zerops_discover and zerops_events show the project's current state."

// errorResult is the isError tool result for err: its text is the JSON
// {code,error,suggestion}. It carries no structuredContent, which would have
// to conform to the tool's output schema.
func errorResult(err error) *sdk.CallToolResult { return scrubbedErrorResult(err, nil) }

func sizeText(n int) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// argumentsTooLarge is the error of a tool call over MaxArguments: "the <what> <size>".
func argumentsTooLarge(what string, size int) error {
	return platform.NewError(platform.ErrArgumentsTooLarge,
		fmt.Sprintf("the %s %s; a tool call takes at most %s of arguments in all", what, sizeText(size), sizeText(MaxArguments)),
		"Send less: pass long content through filePath (a file in the working directory) instead of inline, or split the work into several calls.")
}

// failure is errorResult with the server's secrets scrubbed from the texts.
func (s *Server) failure(err error) *sdk.CallToolResult {
	return scrubbedErrorResult(err, s.deps.Secrets)
}

// scrubbedErrorResult is errorResult with sc's secrets scrubbed before clipping.
func scrubbedErrorResult(err error, sc *platform.Scrubber) *sdk.CallToolResult {
	text, merr := marshalJSON(errorPayload(err, sc))
	if merr != nil {
		text = `{"code":"` + platform.ErrInternal + `","error":"internal error in ZCP","suggestion":"` + defaultSuggestion + `"}`
	}
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: text}}}
}

// markdownOutput is the result of a tool that answers with a document: its
// text content is the markdown followed by the next step.
type markdownOutput struct {
	Markdown string `json:"markdown"`
	Next     string `json:"next"`
}

func (o markdownOutput) contentText() string { return joinNext(o.Markdown, o.Next) }

// joinNext appends the next step to a markdown text.
func joinNext(markdown, next string) string {
	if next == "" {
		return markdown
	}
	return markdown + "\n\n" + next
}

// nonNil returns s, or an empty slice for nil, so that an empty list is
// answered as [] rather than left out.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
