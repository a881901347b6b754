package ops

import (
	"errors"
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// invalidParam returns an INVALID_PARAMETER error.
func invalidParam(msg, suggestion string) *platform.PlatformError {
	return platform.NewError(platform.ErrInvalidParameter, msg, suggestion)
}

// unknownAction answers an action the tool does not know, naming the accepted ones.
func unknownAction[A ~string](action A, accepted ...A) *platform.PlatformError {
	return invalidParam(
		fmt.Sprintf("unknown action %q", platform.Clip(string(action), 40)),
		fmt.Sprintf("Use one of: %s.", joinQuoted(accepted)),
	)
}

// asPlatformError passes a *platform.PlatformError through and wraps anything
// else as an API_ERROR with context, so every operation error carries a code.
func asPlatformError(err error, what string) error {
	if err == nil {
		return nil
	}
	var pe *platform.PlatformError
	if errors.As(err, &pe) {
		return err
	}
	return &platform.PlatformError{
		Code:       platform.ErrAPIError,
		Message:    what + " failed",
		Suggestion: "Retry in a moment; if it keeps failing, check the Zerops status page.",
		Err:        fmt.Errorf("%s: %w", what, err),
	}
}

func joinQuoted[S ~string](items []S) string {
	out := ""
	for i, s := range items {
		if i > 0 {
			out += ", "
		}
		out += string(s)
	}
	return out
}

// maxListed bounds the items an error message lists (bad lines, missing keys).
const maxListed = 10

// listSome joins the first maxListed items with sep and counts the rest, so
// that thousands of bad items give a short message.
func listSome(items []string, sep string) string {
	if len(items) <= maxListed {
		return strings.Join(items, sep)
	}
	return strings.Join(items[:maxListed], sep) + fmt.Sprintf("%s… and %d more", sep, len(items)-maxListed)
}

// clipAll clips every item to n runes.
func clipAll(items []string, n int) []string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = platform.Clip(s, n)
	}
	return out
}
