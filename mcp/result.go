package mcp

import (
	"context"
	"encoding/json"
	"errors"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
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
// becomes INTERNAL_ERROR with a generic message: internals never leak.
func errorPayload(err error) map[string]any {
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
		"error":      platform.Clip(pe.Message, maxErrorText),
		"suggestion": platform.Clip(orDefault(pe.Suggestion, defaultSuggestion), maxErrorText),
	}
	if pe.APICode != "" {
		out["apiCode"] = pe.APICode
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// maxErrorText bounds the error and suggestion texts of an error result:
// room for the 20 problems an import check lists, not for a 100 kB echo.
const maxErrorText = 4000

// defaultSuggestion stands in for an error that came without one.
const defaultSuggestion = "Check the arguments against the tool's description and retry; zerops_discover and zerops_events show the project's current state."

// errorResult is the isError tool result for err.
func errorResult(err error) *sdk.CallToolResult {
	payload := errorPayload(err)
	b, _ := json.Marshal(payload)
	return &sdk.CallToolResult{
		IsError:           true,
		Content:           []sdk.Content{&sdk.TextContent{Text: string(b)}},
		StructuredContent: payload,
	}
}

// jsonResult is a successful result carrying v both as JSON text and as
// structured content.
func jsonResult(v any) (*sdk.CallToolResult, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return &sdk.CallToolResult{
		Content:           []sdk.Content{&sdk.TextContent{Text: string(b)}},
		StructuredContent: json.RawMessage(b),
	}, nil
}

// textResult is a successful result carrying markdown meant to be read.
func textResult(text string) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}}
}
