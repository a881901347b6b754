package platform

import (
	"errors"
	"fmt"
	"time"
)

// Error codes ZCP reports. They are part of the tool contract: agents branch on them.
const (
	ErrAuthRequired       = "AUTH_REQUIRED"
	ErrAuthInvalidToken   = "AUTH_INVALID_TOKEN"
	ErrAuthTokenExpired   = "AUTH_TOKEN_EXPIRED"
	ErrAuthAPIError       = "AUTH_API_ERROR"
	ErrTokenNoProject     = "TOKEN_NO_PROJECT"
	ErrTokenMultiProject  = "TOKEN_MULTI_PROJECT"
	ErrServiceNotFound    = "SERVICE_NOT_FOUND"
	ErrServiceRequired    = "SERVICE_REQUIRED"
	ErrConfirmRequired    = "CONFIRM_REQUIRED"
	ErrFileNotFound       = "FILE_NOT_FOUND"
	ErrZeropsYmlNotFound  = "ZEROPS_YML_NOT_FOUND"
	ErrInvalidZeropsYml   = "INVALID_ZEROPS_YML"
	ErrInvalidImportYml   = "INVALID_IMPORT_YML"
	ErrImportHasProject   = "IMPORT_HAS_PROJECT"
	ErrInvalidScaling     = "INVALID_SCALING"
	ErrCPUModeTooSoon     = "CPU_MODE_CHANGE_TOO_SOON" // cpuMode changes at most once an hour
	ErrInvalidParameter   = "INVALID_PARAMETER"
	ErrInvalidEnvFormat   = "INVALID_ENV_FORMAT"
	ErrInvalidHostname    = "INVALID_HOSTNAME"
	ErrUnknownType        = "UNKNOWN_TYPE"
	ErrProcessNotFound    = "PROCESS_NOT_FOUND"
	ErrProcessTerminal    = "PROCESS_ALREADY_TERMINAL"
	ErrProcessNoCancel    = "PROCESS_NOT_CANCELABLE" // still running, past the point where a cancel stops it (a build already deploying)
	ErrPermissionDenied   = "PERMISSION_DENIED"
	ErrAPIError           = "API_ERROR"
	ErrAPITimeout         = "API_TIMEOUT"
	ErrAPIRateLimited     = "API_RATE_LIMITED"
	ErrNetworkError       = "NETWORK_ERROR"
	ErrInvalidUsage       = "INVALID_USAGE"
	ErrSubdomainEnabled   = "SUBDOMAIN_ALREADY_ENABLED"
	ErrSubdomainDisabled  = "SUBDOMAIN_ALREADY_DISABLED"
	ErrSubdomainNoPorts   = "SUBDOMAIN_NO_HTTP_PORT" // no deploy has registered an httpSupport port yet
	ErrNotFound           = "NOT_FOUND"              // a 404 on an object with no more specific code
	ErrPathTraversal      = "PATH_TRAVERSAL"
	ErrFileTooLarge       = "FILE_TOO_LARGE"
	ErrNotRegularFile     = "NOT_A_REGULAR_FILE" // a FIFO, socket or device named as a file
	ErrArgumentsTooLarge  = "ARGUMENTS_TOO_LARGE"
	ErrAnswerTooLarge     = "ANSWER_TOO_LARGE" // over MaxAnswer: the call must ask for less
	ErrInternal           = "INTERNAL_ERROR"
	ErrCanceled           = "CANCELED"
	ErrDeployFailed       = "DEPLOY_FAILED"
	ErrSSHFailed          = "SSH_FAILED"
	ErrZcliNotFound       = "ZCLI_NOT_FOUND"
	ErrDeployTimeout      = "DEPLOY_TIMEOUT"
	ErrBuildFailed        = "BUILD_FAILED"
	ErrBuildCancelled     = "BUILD_CANCELLED" // the build was cancelled before it deployed: nothing failed
	ErrWaitTimeout        = "WAIT_TIMEOUT"
	ErrReadOnly           = "READ_ONLY"
	ErrServiceUnavailable = "SERVICE_UNAVAILABLE" // an actor is shutting down
	ErrAPIUnavailable     = "API_UNAVAILABLE"     // the Zerops API did not answer ZCP's start-up checks (yet)

	// The policy gate (ZCP_POLICY): a rule denies the call, a human must
	// confirm it, the human declined it, or its decision could not be logged.
	ErrPolicyDenied               = "POLICY_DENIED"
	ErrPolicyConfirmationRequired = "POLICY_CONFIRMATION_REQUIRED"
	ErrPolicyDeclined             = "POLICY_DECLINED"
	ErrAuditUnavailable           = "AUDIT_UNAVAILABLE"
)

// PlatformError is every error ZCP reports to an agent: a stable Code, a
// Message saying what happened and a Suggestion saying what to do next.
// HTTPStatus, APICode and RetryAfter are set when the error came from the API.
// Messages never contain the API token or sensitive values.
type PlatformError struct {
	Code       string        `json:"code"`
	Message    string        `json:"error"`
	Suggestion string        `json:"suggestion,omitempty"`
	HTTPStatus int           `json:"httpStatus,omitempty"`
	APICode    string        `json:"apiCode,omitempty"`
	RetryAfter time.Duration `json:"-"`
	Err        error         `json:"-"`
}

// NewError returns a PlatformError with the given code, message and suggestion.
func NewError(code, message, suggestion string) *PlatformError {
	return &PlatformError{Code: code, Message: message, Suggestion: suggestion}
}

// Error implements error.
func (e *PlatformError) Error() string {
	if e.APICode != "" {
		return fmt.Sprintf("%s: %s (api %d %s)", e.Code, e.Message, e.HTTPStatus, e.APICode)
	}
	return e.Code + ": " + e.Message
}

// Unwrap returns the underlying cause, if any.
func (e *PlatformError) Unwrap() error { return e.Err }

// ErrorCode returns the PlatformError code of err, or "" when err carries none.
func ErrorCode(err error) string {
	var pe *PlatformError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}
