package zeropsapi

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/zeropsio/zerops-go/apiError"

	"github.com/zeropsio/zcp/platform"
)

// objectKind names what an API call addresses, so that a 404 without a more
// specific API code still maps to the right not-found code.
type objectKind int

const (
	kindOther objectKind = iota
	kindService
	kindProcess
	kindProject
	kindEnv
	kindAppVersion
)

// Zerops API error codes the mapping distinguishes.
const (
	apiTokenExpired             = "tokenExpired"
	apiInsufficientPermissions  = "insufficientPermissions"
	apiProjectNotFound          = "projectNotFound"
	apiServiceStackNotFound     = "serviceStackNotFound"
	apiProcessNotFound          = "processNotFound"
	apiImportInvalidYaml        = "projectImportInvalidYaml"
	apiNameUnavailable          = "serviceStackNameUnavailable"
	apiNameInvalid              = "serviceStackNameInvalid"
	apiTypeNotFound             = "serviceStackTypeNotFound"
	apiProcessAlreadyFinished   = "processAlreadyFinished"
	apiProcessCannotBeCanceled  = "processCanNoLongerBeCanceled"
	apiSubdomainAlreadyEnabled  = "serviceStackSubdomainAccessAlreadyEnabled"
	apiSubdomainAlreadyDisabled = "serviceStackSubdomainAccessAlreadyDisabled"
	apiNoSubdomainPorts         = "noSubdomainPorts"
	apiInvalidAutoscaling       = "invalidCustomAutoscalingValue"
	apiModeUpdateForbidden      = "modeUpdateForbiddenForThisStackCategory"
	apiCPUModeTooRecent         = "lastCpuModeChangeTooRecent" // the SDK's code; live status and meta unconfirmed
)

const (
	// maxErrorBodyInMessage bounds how much of a non-JSON error body is quoted.
	maxErrorBodyInMessage = 300
	// defaultRateLimitRetryAfterSec applies to a 429 without a usable Retry-After.
	defaultRateLimitRetryAfterSec = 5
	// maxRetryAfterSec caps Retry-After: no overflow, no absurd cooldown.
	maxRetryAfterSec = 3600
)

// mapSDKError turns whatever an SDK call produced into a *PlatformError whose
// texts never hold secret: every text the API or the network produced is
// scrubbed of it before anything clips it (a clip falling inside the secret
// would leave a prefix no later scrub could find), and the raw cause kept in
// Err, for the debug log, is scrubbed as it is printed.
//
// The SDK reports four kinds of failure, told apart by the HTTP status the
// response carried (0 when no response arrived):
//   - an apiError.Error: the API answered status >= 300 with a JSON error envelope;
//   - a plain error "<status>: <body>": status >= 300 with a body that is not JSON;
//   - a decode error with a status < 300: the success body did not decode;
//   - a transport error with no status: network failure, timeout, cancellation.
//
// Go's own error texts (decode and transport errors) never reach the
// message: it says in plain words what happened; Err keeps the detail.
//
// header is the response header (nil when none), used for Retry-After. Every
// generated SDK response type keeps the headers of the answer even when it
// returns a plain-body or decode error, so no transport wrapper is needed to
// see Retry-After, and it is per request by construction.
func mapSDKError(err error, status int, header http.Header, kind objectKind, secret string) *platform.PlatformError {
	if err == nil {
		return nil
	}
	var pe *platform.PlatformError
	if errors.As(err, &pe) {
		return pe
	}
	cause := scrubbedError(err, secret)
	var ae apiError.Error
	if errors.As(err, &ae) {
		if ae.HttpStatusCode != 0 {
			status = ae.HttpStatusCode
		}
		e := mapAPIStatus(status, ae.ErrorCode, redactSecret(ae.Message, secret), kind)
		e.Err = cause
		if e.Code == platform.ErrAPIRateLimited {
			e.RetryAfter = parseRetryAfter(header, time.Now())
		}
		return e
	}
	switch {
	case status >= http.StatusMultipleChoices:
		// A non-JSON error body: the SDK gives "<status line>: <body>".
		_, body, _ := strings.Cut(err.Error(), ": ")
		e := mapAPIStatus(status, "", plainBody(redactSecret(body, secret)), kind)
		e.Err = cause
		if e.Code == platform.ErrAPIRateLimited {
			e.RetryAfter = parseRetryAfter(header, time.Now())
		}
		return e
	case status > 0:
		return &platform.PlatformError{
			Code:       platform.ErrAPIError,
			Message:    fmt.Sprintf("the Zerops API answered (HTTP %d) with %s", status, undecodable(err)),
			Suggestion: "Retry; if it persists, check ZEROPS_API_HOST points at the Zerops API (a proxy may be rewriting responses, or the API changed).",
			HTTPStatus: status,
			Err:        cause,
		}
	}
	return mapTransportError(cause)
}

// undecodable says in plain words what was wrong with a success body that
// did not decode.
func undecodable(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn) && strings.Contains(err.Error(), "'<'"):
		return "an HTML page instead of JSON"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &syn) && strings.Contains(err.Error(), "unexpected end"):
		return "an empty or cut-off body"
	case errors.As(err, &typ):
		return "JSON of an unexpected shape"
	}
	return "a body that is not valid JSON"
}

// plainBody is the readable text of a non-JSON error body, at most
// maxErrorBodyInMessage characters: an HTML page is reduced to its text.
func plainBody(body string) string {
	body = strings.TrimSpace(body)
	if strings.HasPrefix(body, "<") {
		body = htmlNoise.ReplaceAllString(body, " ")
		body = htmlTag.ReplaceAllString(body, " ")
	}
	return platform.Clip(strings.Join(strings.Fields(body), " "), maxErrorBodyInMessage)
}

var (
	htmlNoise = regexp.MustCompile(`(?is)<(script|style|head)\b.*?</(script|style|head)\s*>`)
	htmlTag   = regexp.MustCompile(`(?s)<[^>]*>`)
)

// mapTransportError classifies an error that arrived without any HTTP response.
func mapTransportError(err error) *platform.PlatformError {
	switch {
	case isResponseTooLarge(err):
		return &platform.PlatformError{Code: platform.ErrAPIError, Message: errResponseTooLarge.Error() + " and was not read",
			Suggestion: "Check ZEROPS_API_HOST points at the Zerops API (not a proxy or another site); narrow the request and retry.", Err: err}
	case errors.Is(err, context.Canceled):
		return &platform.PlatformError{Code: platform.ErrCanceled, Message: "the request was canceled",
			Suggestion: "The operation was canceled before the API answered; run it again if it is still needed.", Err: err}
	case errors.Is(err, context.DeadlineExceeded), isTimeout(err):
		return &platform.PlatformError{Code: platform.ErrAPITimeout, Message: "the Zerops API did not answer in time",
			Suggestion: "Retry in a moment. For a long operation, check its process with zerops_process instead of repeating it.", Err: err}
	}
	return &platform.PlatformError{
		Code:       platform.ErrNetworkError,
		Message:    transportCause(err),
		Suggestion: "Check network connectivity and ZEROPS_API_HOST, then retry.",
		Err:        err,
	}
}

// isTimeout reports whether err is a network timeout.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// transportCause says in plain words why no answer came; the Go error (with
// addresses and syscalls) stays in Err for the debug log.
func transportCause(err error) string {
	var dns *net.DNSError
	var opErr *net.OpError
	switch {
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF),
		errors.Is(err, syscall.EPIPE), errors.Is(err, syscall.ECONNABORTED):
		return "the Zerops API closed the connection before answering"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "the Zerops API refused the connection (nothing listens at ZEROPS_API_HOST)"
	case errors.As(err, &dns):
		return "the Zerops API host name could not be resolved"
	case isTLSError(err):
		return "the secure connection to the Zerops API failed (TLS)"
	case errors.As(err, &opErr):
		return "could not reach the Zerops API (" + opErr.Op + " failed)"
	}
	return "could not reach the Zerops API"
}

// isTLSError reports whether err came from the TLS handshake or certificate check.
func isTLSError(err error) bool {
	var rec tls.RecordHeaderError
	var cert *tls.CertificateVerificationError
	var unk x509.UnknownAuthorityError
	var host x509.HostnameError
	return errors.As(err, &rec) || errors.As(err, &cert) || errors.As(err, &unk) || errors.As(err, &host)
}

// redactSecret replaces every occurrence of secret in s; secrets shorter
// than 4 characters are left alone (they would match ordinary text).
func redactSecret(s, secret string) string {
	if len(secret) < 4 {
		return s
	}
	return strings.ReplaceAll(s, secret, "[redacted]")
}

// secretScrubbed is an error whose text is its cause's with a secret
// replaced; errors.Is and errors.As see the cause.
type secretScrubbed struct {
	err    error
	secret string
}

func (e secretScrubbed) Error() string { return redactSecret(e.err.Error(), e.secret) }
func (e secretScrubbed) Unwrap() error { return e.err }

// scrubbedError wraps err so its text never shows secret.
func scrubbedError(err error, secret string) error {
	if len(secret) < 4 {
		return err
	}
	return secretScrubbed{err: err, secret: secret}
}

// mapAPIStatus maps an HTTP status and API error code to a PlatformError.
// apiMsg is the API's own message, kept for the agent.
func mapAPIStatus(status int, code, apiMsg string, kind objectKind) *platform.PlatformError {
	apiMsg = platform.Clip(apiMsg, maxErrorBodyInMessage) // the API echoes input back
	e := &platform.PlatformError{HTTPStatus: status, APICode: code}
	msg := func(what string) string {
		if apiMsg == "" {
			return what
		}
		return what + ": " + apiMsg
	}

	// Codes that mean the same at any status.
	switch code {
	case apiTokenExpired:
		e.Code, e.Message = platform.ErrAuthTokenExpired, msg("the API token has expired")
		e.Suggestion = "Create a new personal access token in the Zerops GUI and set it as ZEROPS_ZCP_API_KEY (or run `zcli login`), then restart ZCP."
		return e
	case apiInsufficientPermissions:
		e.Code, e.Message = platform.ErrPermissionDenied, msg("the token lacks permission for this operation")
		e.Suggestion = "Use a token whose user has a role with write access to the project."
		return e
	case apiCPUModeTooRecent: // its live HTTP status is unconfirmed
		e.Code, e.Message = platform.ErrCPUModeTooSoon, msg("the API refused the cpuMode change")
		e.Suggestion = "cpuMode changes at most once an hour: leave cpuMode out to apply the other changes now, and change it after the hour."
		return e
	}

	switch {
	case status == http.StatusUnauthorized:
		e.Code, e.Message = platform.ErrAuthInvalidToken, msg("the API rejected the token")
		e.Suggestion = "Check ZEROPS_ZCP_API_KEY (or run `zcli login`): the token is invalid or was revoked. Restart ZCP after fixing it."
	case status == http.StatusForbidden:
		e.Code, e.Message = platform.ErrPermissionDenied, msg("permission denied")
		e.Suggestion = "Use a token whose user has access to this project and a role allowing the operation."
	case status == http.StatusNotFound:
		mapNotFound(e, code, apiMsg, kind)
	case status == http.StatusTooManyRequests:
		e.Code, e.Message = platform.ErrAPIRateLimited, msg("the Zerops API rate limit was hit")
		e.Suggestion = "Wait for the Retry-After period, then retry; avoid polling in tight loops."
	case status >= 500:
		e.Code, e.Message = platform.ErrAPIError, msg(fmt.Sprintf("the Zerops API failed (HTTP %d)", status))
		e.Suggestion = "This is a platform-side error. Retry in a moment; if it persists, check status.zerops.io."
	case status >= 400:
		mapInvalid(e, code, apiMsg)
	default:
		e.Code, e.Message = platform.ErrAPIError, msg(fmt.Sprintf("unexpected API answer (HTTP %d)", status))
		e.Suggestion = "Retry; if it persists, check ZEROPS_API_HOST points at the Zerops API."
	}
	return e
}

// mapNotFound fills a 404 by API code, or by what the call addressed.
func mapNotFound(e *platform.PlatformError, code, apiMsg string, kind objectKind) {
	switch {
	case code == apiServiceStackNotFound || (code == "" && kind == kindService):
		e.Code = platform.ErrServiceNotFound
		e.Suggestion = "List the project's services with zerops_discover and use an existing hostname."
	case code == apiProcessNotFound || (code == "" && kind == kindProcess):
		e.Code = platform.ErrProcessNotFound
		e.Suggestion = "Check the process ID; recent processes are listed by zerops_events."
	case code == apiProjectNotFound || (code == "" && kind == kindProject):
		e.Code = platform.ErrTokenNoProject
		e.Suggestion = "The token cannot see this project: use a token with access to it (or run `zcli scope project` to pick another)."
	default:
		e.Code = platform.ErrNotFound
		e.Suggestion = "The object no longer exists or was never there; read the current state (zerops_discover, zerops_env) before retrying."
	}
	e.Message = "not found"
	if apiMsg != "" {
		e.Message += ": " + apiMsg
	}
}

// mapInvalid fills a 4xx that says the request itself was wrong.
func mapInvalid(e *platform.PlatformError, code, apiMsg string) {
	switch code {
	case apiImportInvalidYaml:
		e.Code = platform.ErrInvalidImportYml
		e.Suggestion = "Fix the import YAML (top-level `services:` list with hostname and type per service) and import again."
	case apiNameInvalid, apiNameUnavailable:
		e.Code = platform.ErrInvalidHostname
		e.Suggestion = "Hostnames must match " + platform.HostnamePattern + " and be unused in the project (a service still deleting keeps its name for a while)."
	case apiTypeNotFound:
		e.Code = platform.ErrUnknownType
		e.Suggestion = "Use a type and version from the live catalog, e.g. nodejs@22 or postgresql@16 (see zerops_knowledge)."
	case apiProcessAlreadyFinished:
		e.Code = platform.ErrProcessTerminal
		e.Suggestion = "The process has already ended; check its final state with zerops_process."
	case apiProcessCannotBeCanceled:
		e.Code = platform.ErrProcessNoCancel
		e.Suggestion = "It is still running but past the point where a cancel stops it (a build whose version is already deploying): it will finish on its own. Follow it with zerops_process or zerops_events; to undo the deploy afterwards, zerops_deploy rollback=true."
	case apiSubdomainAlreadyEnabled:
		e.Code = platform.ErrSubdomainEnabled
		e.Suggestion = "Nothing to do: the subdomain is already enabled."
	case apiSubdomainAlreadyDisabled:
		e.Code = platform.ErrSubdomainDisabled
		e.Suggestion = "Nothing to do: the subdomain is already disabled."
	case apiNoSubdomainPorts:
		e.Code = platform.ErrSubdomainNoPorts
		e.Suggestion = "Deploy the service first with a zerops.yml whose run.ports has a port with httpSupport: true; its first deploy registers the port, then enable the subdomain."
	case apiInvalidAutoscaling, apiModeUpdateForbidden:
		e.Code = platform.ErrInvalidScaling
		e.Suggestion = "Check the scaling values: minimums must not exceed maximums, and managed services cannot change HA mode after creation."
	default:
		e.Code = platform.ErrInvalidParameter
		e.Suggestion = "Check the parameters against the tool's description and the API message, then retry."
	}
	e.Message = "the API refused the request"
	if apiMsg != "" {
		e.Message += ": " + apiMsg
	}
}

// parseRetryAfter reads Retry-After as seconds or an HTTP date; absent or
// unreadable means a short default so callers still back off.
func parseRetryAfter(h http.Header, now time.Time) time.Duration {
	def := defaultRateLimitRetryAfterSec * time.Second
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return def
	}
	if secs, err := strconv.Atoi(v); err == nil {
		if secs < 0 {
			return def
		}
		return min(time.Duration(secs), maxRetryAfterSec) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return min(d, maxRetryAfterSec*time.Second)
		}
		return 0
	}
	return def
}

// scrub removes secret from the human-readable parts of e, as a last guard
// (mapSDKError scrubs before it clips; a clipped prefix is not found here).
func scrub(e *platform.PlatformError, secret string) *platform.PlatformError {
	if e == nil || len(secret) < 4 {
		return e
	}
	e.Message = redactSecret(e.Message, secret)
	e.Suggestion = redactSecret(e.Suggestion, secret)
	return e
}
