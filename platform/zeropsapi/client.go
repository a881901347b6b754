package zeropsapi

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/zeropsio/zerops-go/sdk"
	"github.com/zeropsio/zerops-go/sdkBase"

	"github.com/zeropsio/zcp/platform"
)

// DefaultAPIHost is the Zerops API host used when none is configured.
const DefaultAPIHost = "api.app-prg1.zerops.io"

// DefaultHTTPTimeout bounds one API request when ClientConfig.HTTPClient is nil.
const DefaultHTTPTimeout = 30 * time.Second

// ClientConfig configures a ZeropsClient.
type ClientConfig struct {
	// APIURL is the API base URL or bare host; it is passed through NormalizeAPIURL.
	APIURL string
	// Token is the Zerops personal access token. It is sent only in the
	// Authorization header and never appears in an error or a log line.
	Token string
	// HTTPClient carries every API request. Nil means a client with a 30 s
	// timeout. It is copied, not modified: the copy caps every answer at
	// MaxAPIResponseBytes.
	HTTPClient *http.Client
}

// ZeropsClient implements Client over the official zerops-go SDK. It owns the
// authorised SDK handler and the lazily resolved client (organisation) ID.
// It is safe for concurrent use.
type ZeropsClient struct {
	api    sdk.Handler // authorised once; every call but uploads
	upload sdk.Handler // same transport without the whole-request timeout: archives may be large
	token  string      // kept only to scrub it from error messages
	client clientIDCache
}

var _ platform.Client = (*ZeropsClient)(nil)

// NewZeropsClient returns a client for the API at cfg.APIURL authorised with cfg.Token.
// It makes no request: the token is checked on first use.
func NewZeropsClient(cfg ClientConfig) (*ZeropsClient, error) {
	if strings.TrimSpace(cfg.Token) == "" {
		return nil, platform.NewError(platform.ErrAuthRequired, "no API token configured",
			"Set ZEROPS_ZCP_API_KEY to a Zerops personal access token, or log in with `zcli login`.")
	}
	base, err := NormalizeAPIURL(cfg.APIURL)
	if err != nil {
		return nil, err
	}
	httpClient := cfg.HTTPClient
	if httpClient == nil {
		httpClient = &http.Client{Timeout: DefaultHTTPTimeout}
	}
	httpClient = withResponseLimit(httpClient, MaxAPIResponseBytes)
	// Uploads stream an archive whose size we do not know; the caller's context
	// bounds them instead of the per-request timeout.
	uploadClient := *httpClient
	uploadClient.Timeout = 0

	conf := sdkBase.DefaultConfig(sdkBase.WithCustomEndpoint(base))
	c := &ZeropsClient{
		api:    sdk.AuthorizeSdk(sdk.New(conf, httpClient), cfg.Token),
		upload: sdk.AuthorizeSdk(sdk.New(conf, &uploadClient), cfg.Token),
		token:  cfg.Token,
	}
	c.client.fetch = c.fetchClientID
	return c, nil
}

// NormalizeAPIURL turns a bare API host ("api.app-prg1.zerops.io") into an
// https URL and checks an explicit URL ("http://127.0.0.1:1234" is kept as
// is). An empty input means DefaultAPIHost. The result has no trailing slash.
func NormalizeAPIURL(hostOrURL string) (string, error) {
	s := strings.TrimSpace(hostOrURL)
	if s == "" {
		s = DefaultAPIHost
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", &platform.PlatformError{
			Code:       platform.ErrInvalidParameter,
			Message:    fmt.Sprintf("invalid API URL %q", platform.Clip(hostOrURL, 100)),
			Suggestion: "Set ZEROPS_API_HOST to a host such as api.app-prg1.zerops.io or a URL such as https://api.app-prg1.zerops.io.",
			Err:        err,
		}
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", platform.NewError(platform.ErrInvalidParameter,
			fmt.Sprintf("invalid API URL %q: want an http(s) URL or a bare host", platform.Clip(hostOrURL, 100)),
			"Set ZEROPS_API_HOST to a host such as api.app-prg1.zerops.io or a URL such as https://api.app-prg1.zerops.io.")
	}
	return strings.TrimRight(u.Scheme+"://"+u.Host+u.EscapedPath(), "/"), nil
}
