package zeropsapi

import (
	"fmt"
	"net/http"

	"github.com/zeropsio/zcp/platform"
)

// sdkResponse is the shape every zerops-go response type shares.
type sdkResponse[T any] interface {
	Output() (T, error)
	Headers() http.Header
	StatusCode() int
}

// result unwraps one SDK call: a transport, decode or plain-body error (err)
// or an API error inside the response both become a *PlatformError with the
// token scrubbed from its message. The response keeps its status and headers
// even when err is set, which is where Retry-After comes from.
func result[T any, R sdkResponse[T]](c *ZeropsClient, kind objectKind, resp R, err error) (T, error) {
	if err != nil {
		var zero T
		return zero, scrub(mapSDKError(err, resp.StatusCode(), resp.Headers(), kind, c.token), c.token)
	}
	out, apiErr := resp.Output()
	if apiErr != nil {
		var zero T
		return zero, scrub(mapSDKError(apiErr, resp.StatusCode(), resp.Headers(), kind, c.token), c.token)
	}
	return out, nil
}

// maxIDLen bounds an ID pasted into a path; real IDs are about 22 characters.
const maxIDLen = 128

// validateID checks an ID before the SDK pastes it, unescaped, into a URL
// path: only [A-Za-z0-9_-] is allowed, so "/", "?", ".." and the like never
// reach the wire.
func validateID(what, id string) error {
	if id == "" {
		return platform.NewError(platform.ErrInvalidParameter, what+" is empty", "Pass the "+what+" as returned by the API (zerops_discover lists service IDs).")
	}
	if len(id) > maxIDLen {
		return platform.NewError(platform.ErrInvalidParameter, fmt.Sprintf("%s is too long (%d bytes)", what, len(id)),
			"Pass the "+what+" as returned by the API; IDs are short strings of letters, digits, '-' and '_'.")
	}
	for i := 0; i < len(id); i++ {
		ch := id[i]
		if ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '_' {
			continue
		}
		return platform.NewError(platform.ErrInvalidParameter, fmt.Sprintf("%s %q contains characters outside [A-Za-z0-9_-]", what, platform.Clip(id, 60)),
			"Pass the "+what+" as returned by the API; IDs are short strings of letters, digits, '-' and '_'.")
	}
	return nil
}
