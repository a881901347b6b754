package zeropsapi_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

const secretToken = "s3cret-T0KEN-never-shown"

// goErrorText matches Go's own error phrasing, which a message must not show.
var goErrorText = regexp.MustCompile(`read tcp|dial tcp|connection reset by peer|unexpected EOF|invalid character|cannot unmarshal|Go value|127\.0\.0\.1|no such host`)

// answer is one canned HTTP answer of a stub API.
type answer struct {
	status int
	body   string
	header map[string]string
}

// stubAPI serves a fixed answer to every request, through the real SDK.
func stubAPI(t *testing.T, a answer) *zeropsapi.ZeropsClient {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range a.header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(a.status)
		_, _ = io.WriteString(w, a.body)
	}))
	t.Cleanup(srv.Close)
	return newTestClient(t, srv.URL, nil)
}

func newTestClient(t *testing.T, url string, hc *http.Client) *zeropsapi.ZeropsClient {
	t.Helper()
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: url, Token: secretToken, HTTPClient: hc})
	if err != nil {
		t.Fatalf("NewZeropsClient: %v", err)
	}
	return c
}

func envelope(code, msg string) string {
	return fmt.Sprintf(`{"error":{"code":%q,"message":%q,"meta":null}}`, code, msg)
}

func asPlatformError(t *testing.T, err error) *platform.PlatformError {
	t.Helper()
	var pe *platform.PlatformError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *PlatformError", err, err)
	}
	for i := 0; i+6 <= len(secretToken); i++ {
		frag := secretToken[i : i+6]
		if strings.Contains(pe.Message, frag) || strings.Contains(pe.Suggestion, frag) || strings.Contains(pe.Error(), frag) ||
			(pe.Err != nil && strings.Contains(pe.Err.Error(), frag)) {
			t.Fatalf("error shows token fragment %q: %v (cause %v)", frag, pe, pe.Err)
		}
	}
	return pe
}

// call runs one client method that addresses an object of the given kind.
type call func(ctx context.Context, c *zeropsapi.ZeropsClient) error

var (
	callGetService = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		_, err := c.GetService(ctx, "svc1")
		return err
	}
	callGetProcess = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		_, err := c.GetProcess(ctx, "proc1")
		return err
	}
	callCancelProcess = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		_, err := c.CancelProcess(ctx, "proc1")
		return err
	}
	callGetProject = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		_, err := c.GetProject(ctx, "proj1")
		return err
	}
	callDeleteUserData = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		_, err := c.DeleteUserData(ctx, "ud1")
		return err
	}
	callDeleteProjectEnv = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		_, err := c.DeleteProjectEnv(ctx, "env1")
		return err
	}
	callImport = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		_, err := c.ImportServices(ctx, "proj1", "services: []")
		return err
	}
	callEnableSubdomain = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		_, err := c.EnableSubdomainAccess(ctx, "svc1")
		return err
	}
	callUserInfo = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		_, err := c.GetUserInfo(ctx)
		return err
	}
	callUpload = func(ctx context.Context, c *zeropsapi.ZeropsClient) error {
		return c.UploadAppVersion(ctx, "av1", strings.NewReader("archive"))
	}
)

func TestMapSDKError_HTTPAnswers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		a          answer
		call       call
		code       string
		status     int
		apiCode    string
		retryAfter time.Duration
		msgHas     string
	}{
		{"401 not authorized", answer{401, envelope("notAuthorized", "Not authorized."), nil}, callUserInfo, platform.ErrAuthInvalidToken, 401, "notAuthorized", 0, "Not authorized"},
		{"401 token expired", answer{401, envelope("tokenExpired", "Token expired."), nil}, callUserInfo, platform.ErrAuthTokenExpired, 401, "tokenExpired", 0, ""},
		{"401 plain body", answer{401, "Unauthorized", nil}, callUserInfo, platform.ErrAuthInvalidToken, 401, "", 0, "Unauthorized"},
		{"403 insufficient permissions", answer{403, envelope("insufficientPermissions", "No."), nil}, callGetService, platform.ErrPermissionDenied, 403, "insufficientPermissions", 0, ""},
		{"403 no code", answer{403, envelope("", "Forbidden."), nil}, callGetService, platform.ErrPermissionDenied, 403, "", 0, ""},
		{"404 service", answer{404, envelope("serviceStackNotFound", "Service stack not found."), nil}, callGetService, platform.ErrServiceNotFound, 404, "serviceStackNotFound", 0, "Service stack not found"},
		{"404 service without code", answer{404, envelope("", ""), nil}, callEnableSubdomain, platform.ErrServiceNotFound, 404, "", 0, ""},
		{"404 process", answer{404, envelope("processNotFound", "Process not found."), nil}, callGetProcess, platform.ErrProcessNotFound, 404, "processNotFound", 0, ""},
		{"404 process plain body", answer{404, "not here", nil}, callGetProcess, platform.ErrProcessNotFound, 404, "", 0, ""},
		{"404 project", answer{404, envelope("projectNotFound", "Project not found."), nil}, callGetProject, platform.ErrTokenNoProject, 404, "projectNotFound", 0, ""},
		{"404 user data", answer{404, envelope("userDataNotFound", "User data not found."), nil}, callDeleteUserData, platform.ErrNotFound, 404, "userDataNotFound", 0, ""},
		{"404 project env", answer{404, envelope("projectEnvNotFound", "Env not found."), nil}, callDeleteProjectEnv, platform.ErrNotFound, 404, "projectEnvNotFound", 0, ""},
		{"404 app version", answer{404, envelope("appVersionNotFound", "x"), nil}, callUpload, platform.ErrNotFound, 404, "appVersionNotFound", 0, ""},
		{"429 with Retry-After", answer{429, envelope("tooManyRequests", "Slow down."), map[string]string{"Retry-After": "7"}}, callGetService, platform.ErrAPIRateLimited, 429, "tooManyRequests", 7 * time.Second, ""},
		{"429 plain body", answer{429, "rate limited", map[string]string{"Retry-After": "3"}}, callGetProcess, platform.ErrAPIRateLimited, 429, "", 3 * time.Second, ""},
		{"429 without Retry-After", answer{429, envelope("", ""), nil}, callGetProcess, platform.ErrAPIRateLimited, 429, "", 5 * time.Second, ""},
		{"500 envelope", answer{500, envelope("internalServerError", "Boom."), nil}, callGetService, platform.ErrAPIError, 500, "internalServerError", 0, "Boom"},
		{"502 html", answer{502, "<html>Bad Gateway</html>", nil}, callGetService, platform.ErrAPIError, 502, "", 0, "Bad Gateway"},
		{"503 empty", answer{503, "", nil}, callGetService, platform.ErrAPIError, 503, "", 0, ""},
		{"400 invalid user input", answer{400, envelope("invalidUserInput", "Bad input."), nil}, callGetService, platform.ErrInvalidParameter, 400, "invalidUserInput", 0, "Bad input"},
		{"400 import yaml", answer{400, envelope("projectImportInvalidYaml", "Invalid yaml."), nil}, callImport, platform.ErrInvalidImportYml, 400, "projectImportInvalidYaml", 0, ""},
		{"400 hostname invalid", answer{400, envelope("serviceStackNameInvalid", "x"), nil}, callImport, platform.ErrInvalidHostname, 400, "serviceStackNameInvalid", 0, ""},
		{"400 hostname taken", answer{400, envelope("serviceStackNameUnavailable", "x"), nil}, callImport, platform.ErrInvalidHostname, 400, "serviceStackNameUnavailable", 0, ""},
		{"400 unknown type", answer{400, envelope("serviceStackTypeNotFound", "x"), nil}, callImport, platform.ErrUnknownType, 400, "serviceStackTypeNotFound", 0, ""},
		{"400 process finished", answer{400, envelope("processAlreadyFinished", "x"), nil}, callCancelProcess, platform.ErrProcessTerminal, 400, "processAlreadyFinished", 0, ""},
		{"400 process not cancelable", answer{400, envelope("processCanNoLongerBeCanceled", "x"), nil}, callCancelProcess, platform.ErrProcessNoCancel, 400, "processCanNoLongerBeCanceled", 0, ""},
		{"400 subdomain enabled", answer{400, envelope("serviceStackSubdomainAccessAlreadyEnabled", "x"), nil}, callEnableSubdomain, platform.ErrSubdomainEnabled, 400, "serviceStackSubdomainAccessAlreadyEnabled", 0, ""},
		{"400 subdomain disabled", answer{400, envelope("serviceStackSubdomainAccessAlreadyDisabled", "x"), nil}, callEnableSubdomain, platform.ErrSubdomainDisabled, 400, "serviceStackSubdomainAccessAlreadyDisabled", 0, ""},
		{"400 scaling", answer{400, envelope("invalidCustomAutoscalingValue", "x"), nil}, callGetService, platform.ErrInvalidScaling, 400, "invalidCustomAutoscalingValue", 0, ""},
		{"400 cpuMode too soon", answer{400, envelope("lastCpuModeChangeTooRecent", "x"), nil}, callGetService, platform.ErrCPUModeTooSoon, 400, "lastCpuModeChangeTooRecent", 0, ""},
		{"409 cpuMode too soon", answer{409, envelope("lastCpuModeChangeTooRecent", "x"), nil}, callGetService, platform.ErrCPUModeTooSoon, 409, "lastCpuModeChangeTooRecent", 0, ""},
		{"400 duplicate key", answer{400, envelope("projectEnvDuplicateKey", "x"), nil}, callDeleteProjectEnv, platform.ErrInvalidParameter, 400, "projectEnvDuplicateKey", 0, ""},
		{"422 plain", answer{422, "nope", nil}, callGetService, platform.ErrInvalidParameter, 422, "", 0, "nope"},
		{"200 malformed json", answer{200, `{"id": 12`, nil}, callGetService, platform.ErrAPIError, 200, "", 0, "cut-off body"},
		{"200 wrong json type", answer{200, `{"id": 12}`, nil}, callGetProcess, platform.ErrAPIError, 200, "", 0, "JSON of an unexpected shape"},
		{"200 empty body", answer{200, "", nil}, callGetProcess, platform.ErrAPIError, 200, "", 0, "empty"},
		{"200 html", answer{200, "<!doctype html><html><body>Login</body></html>", nil}, callGetProcess, platform.ErrAPIError, 200, "", 0, "an HTML page instead of JSON"},
		{"200 not json", answer{200, "hello", nil}, callGetProcess, platform.ErrAPIError, 200, "", 0, "not valid JSON"},
		{"502 html page reduced to its text", answer{502, "<html><head><title>x</title><style>p{}</style></head><body><h1>Bad  Gateway</h1></body></html>", nil}, callGetService, platform.ErrAPIError, 502, "", 0, ": Bad Gateway"},
		{"token straddling the clip of an API message", answer{400, envelope("invalidUserInput", strings.Repeat("x", 290)+secretToken), nil}, callGetService, platform.ErrInvalidParameter, 400, "invalidUserInput", 0, "xxx"},
		{"token straddling the clip of a plain body", answer{502, strings.Repeat("y", 285) + secretToken + " tail", nil}, callGetService, platform.ErrAPIError, 502, "", 0, "yyy"},
		{"token echoed by the API is scrubbed", answer{400, envelope("invalidUserInput", "bad token "+secretToken), nil}, callGetService, platform.ErrInvalidParameter, 400, "invalidUserInput", 0, "[redacted]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := stubAPI(t, tt.a)
			err := tt.call(context.Background(), c)
			pe := asPlatformError(t, err)
			if pe.Code != tt.code {
				t.Errorf("code = %s, want %s (%v)", pe.Code, tt.code, pe)
			}
			if pe.HTTPStatus != tt.status {
				t.Errorf("HTTPStatus = %d, want %d", pe.HTTPStatus, tt.status)
			}
			if pe.APICode != tt.apiCode {
				t.Errorf("APICode = %q, want %q", pe.APICode, tt.apiCode)
			}
			if pe.RetryAfter != tt.retryAfter {
				t.Errorf("RetryAfter = %v, want %v", pe.RetryAfter, tt.retryAfter)
			}
			if pe.Suggestion == "" {
				t.Error("no suggestion")
			}
			if pe.Err == nil {
				t.Error("cause not kept in Err")
			}
			if tt.msgHas != "" && !strings.Contains(pe.Message, tt.msgHas) {
				t.Errorf("message %q lacks %q", pe.Message, tt.msgHas)
			}
			if goErrorText.MatchString(pe.Message) {
				t.Errorf("message %q shows Go's error text", pe.Message)
			}
		})
	}
}

func TestMapSDKError_Transport(t *testing.T) {
	t.Parallel()

	// A server that never answers until the client gives up.
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	t.Cleanup(hang.Close)

	// A server that drops the connection mid-answer.
	drop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hj, ok := w.(http.Hijacker)
		if !ok {
			t.Error("no hijacker")
			return
		}
		conn, _, err := hj.Hijack()
		if err == nil {
			_, _ = io.WriteString(conn, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"id\":")
			_ = conn.Close()
		}
	}))
	t.Cleanup(drop.Close)

	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()

	expired, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	t.Cleanup(cancel)
	canceled, cancel2 := context.WithCancel(context.Background())
	cancel2()

	tests := []struct {
		name   string
		url    string
		hc     *http.Client
		ctx    context.Context
		code   string
		msgHas string
	}{
		{"connection refused", closedURL, nil, context.Background(), platform.ErrNetworkError, "refused the connection"},
		{"connection dropped", drop.URL, nil, context.Background(), platform.ErrNetworkError, "closed the connection"},
		{"client timeout", hang.URL, &http.Client{Timeout: 20 * time.Millisecond}, context.Background(), platform.ErrAPITimeout, "did not answer in time"},
		{"context deadline", hang.URL, nil, expired, platform.ErrAPITimeout, "did not answer in time"},
		{"context canceled", hang.URL, nil, canceled, platform.ErrCanceled, "canceled"},
		{"no such host", "http://zcp-test.invalid", nil, context.Background(), platform.ErrNetworkError, "could not be resolved"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := newTestClient(t, tt.url, tt.hc)
			_, err := c.GetProcess(tt.ctx, "proc1")
			pe := asPlatformError(t, err)
			if pe.Code != tt.code {
				t.Errorf("code = %s, want %s (%v)", pe.Code, tt.code, pe)
			}
			if pe.Err == nil || pe.Suggestion == "" {
				t.Errorf("cause or suggestion missing: %+v", pe)
			}
			if !strings.Contains(pe.Message, tt.msgHas) || goErrorText.MatchString(pe.Message) {
				t.Errorf("message %q: want plain words with %q", pe.Message, tt.msgHas)
			}
		})
	}
}
