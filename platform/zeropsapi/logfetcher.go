package zeropsapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

const (
	// DefaultLogLimit is the number of log lines returned when none is asked for.
	DefaultLogLimit = 100
	// MaxLogLimit is the most log lines one fetch returns (the backend's own cap).
	MaxLogLimit = 1000
	// MaxLogResponseBytes caps how much of the backend's answer is read.
	MaxLogResponseBytes = 8 << 20
)

// ZeropsLogFetcher reads the project's log backend over HTTP using the grant
// from Client.GetProjectLog. The grant's URL carries an access token, so the
// fetcher never logs it nor puts it in an error. It holds no state besides its
// HTTP client and is safe for concurrent use.
type ZeropsLogFetcher struct {
	http *http.Client
}

var _ platform.LogFetcher = (*ZeropsLogFetcher)(nil)

// NewLogFetcher returns a fetcher using httpClient; nil means a client with a 30 s timeout.
func NewLogFetcher(httpClient *http.Client) *ZeropsLogFetcher {
	if httpClient == nil {
		httpClient = &http.Client{Timeout: DefaultHTTPTimeout}
	}
	return &ZeropsLogFetcher{http: httpClient}
}

// wireLogEntry is one line as the backend sends it. The timestamp is read as
// a string so that one odd value does not fail the whole answer.
type wireLogEntry struct {
	ID            string `json:"id"`
	Timestamp     string `json:"timestamp"`
	Hostname      string `json:"hostname"`
	ContainerID   string `json:"containerId"`
	Message       string `json:"message"`
	SeverityLabel string `json:"severityLabel"`
	FacilityLabel string `json:"facilityLabel"`
	Tag           string `json:"tag"`
}

// FetchLogs returns the newest matching log lines, oldest first. Severity,
// facility, container, service and build (as tags) filters go to the
// backend; Since and Search are applied here because the backend ignores
// them, and the build's tag is checked again.
func (f *ZeropsLogFetcher) FetchLogs(ctx context.Context, access *platform.LogAccess, params platform.LogFetchParams) ([]platform.LogEntry, error) {
	if access == nil || strings.TrimSpace(access.URL) == "" {
		return nil, platform.NewError(platform.ErrInvalidParameter, "no log access grant", "Ask GetProjectLog for a fresh log grant first.")
	}
	u, err := logURL(access.URL)
	if err != nil {
		return nil, err
	}
	limit := params.Limit
	if limit <= 0 {
		limit = DefaultLogLimit
	}
	limit = min(limit, MaxLogLimit)
	clientSide := !params.Since.IsZero() || params.Search != "" || params.BuildID != ""

	q := u.Query()
	if params.ServiceID != "" {
		q.Set("serviceStackId", params.ServiceID)
	}
	// Filters applied here thin the answer out, so ask for as much as allowed.
	if clientSide {
		q.Set("limit", strconv.Itoa(MaxLogLimit))
	} else {
		q.Set("limit", strconv.Itoa(limit))
	}
	q.Set("desc", "1")
	if params.Severity != "" {
		sev, err := platform.ParseSeverity(params.Severity)
		if err != nil {
			return nil, err
		}
		q.Set("minimumSeverity", strconv.Itoa(sev))
	}
	if params.Facility != 0 {
		q.Set("facility", strconv.Itoa(params.Facility))
	}
	if params.ContainerID != "" {
		q.Set("containerId", params.ContainerID)
	}
	if params.BuildID != "" {
		q.Set("tags", BuildLogTag(params.BuildID))
	}
	u.RawQuery = q.Encode()

	wire, err := f.get(ctx, u, access)
	if err != nil {
		return nil, err
	}
	entries := filterLogEntries(wire, params)
	if len(entries) > limit {
		entries = entries[len(entries)-limit:]
	}
	return entries, nil
}

// get performs the request and decodes the answer, keeping the URL out of any error.
func (f *ZeropsLogFetcher) get(ctx context.Context, u *url.URL, access *platform.LogAccess) ([]wireLogEntry, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, platform.NewError(platform.ErrInvalidParameter, "the log grant's URL is unusable", "Ask GetProjectLog for a fresh log grant.")
	}
	req.Header.Set("Accept", "application/json")
	resp, err := f.http.Do(req)
	if err != nil {
		return nil, mapTransportError(redactURLError(err, u))
	}
	defer func() { _ = resp.Body.Close() }()

	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxLogResponseBytes+1))
	if err != nil {
		return nil, mapTransportError(redactURLError(err, u))
	}
	if resp.StatusCode != http.StatusOK {
		snippet := plainBody(redactSecrets(string(data), access.AccessToken, u.Query().Get("accessToken")))
		msg := fmt.Sprintf("the log backend answered HTTP %d", resp.StatusCode)
		if snippet != "" {
			msg += ": " + snippet
		}
		return nil, &platform.PlatformError{Code: platform.ErrAPIError, Message: msg, HTTPStatus: resp.StatusCode,
			Suggestion: "The log grant may have expired; fetch logs again (a new grant is requested each time). If it persists, retry later."}
	}
	if len(data) > MaxLogResponseBytes {
		return nil, platform.NewError(platform.ErrAPIError, fmt.Sprintf("the log backend's answer exceeds %d MiB and was not read", MaxLogResponseBytes>>20),
			"Narrow the query: a lower limit, a service, a higher severity or a container.")
	}
	var body struct {
		Items []wireLogEntry `json:"items"`
	}
	if err := json.Unmarshal(data, &body); err != nil {
		return nil, &platform.PlatformError{Code: platform.ErrAPIError, Message: "the log backend answered with " + undecodable(err),
			Suggestion: "Retry; if it persists, the log backend may be failing.", HTTPStatus: resp.StatusCode, Err: err}
	}
	if len(body.Items) > MaxLogLimit {
		body.Items = body.Items[:MaxLogLimit]
	}
	return body.Items, nil
}

// BuildLogTag is the tag of an app version's build log lines, which live on
// the project's build service (the version's build.serviceStackId).
func BuildLogTag(appVersionID string) string { return "zbuilder@" + appVersionID }

// filterLogEntries converts, applies the client-side filters and orders oldest first.
func filterLogEntries(wire []wireLogEntry, params platform.LogFetchParams) []platform.LogEntry {
	search := strings.ToLower(params.Search)
	out := make([]platform.LogEntry, 0, len(wire))
	// The backend answers newest first (desc=1): walked backwards, lines
	// written in one instant keep the order they were written in.
	for i := len(wire) - 1; i >= 0; i-- {
		w := wire[i]
		ts, _ := time.Parse(time.RFC3339Nano, w.Timestamp)
		if !params.Since.IsZero() && ts.Before(params.Since) {
			continue
		}
		if search != "" && !strings.Contains(strings.ToLower(w.Message), search) {
			continue
		}
		if params.BuildID != "" && w.Tag != BuildLogTag(params.BuildID) {
			continue
		}
		out = append(out, platform.LogEntry{
			ID: w.ID, Timestamp: ts, Hostname: w.Hostname, ContainerID: w.ContainerID,
			Severity: w.SeverityLabel, Facility: w.FacilityLabel, Tag: w.Tag, Message: w.Message,
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Timestamp.Before(out[j].Timestamp) })
	return out
}

// logURL turns the grant's URL ("GET https://…" or a bare host and path)
// into a request URL. Errors never quote it: it carries an access token.
func logURL(raw string) (*url.URL, error) {
	s := strings.TrimSpace(raw)
	if method, rest, ok := strings.Cut(s, " "); ok && strings.EqualFold(method, http.MethodGet) {
		s = strings.TrimSpace(rest)
	} else if strings.EqualFold(s, http.MethodGet) {
		s = ""
	}
	if s == "" {
		return nil, platform.NewError(platform.ErrAPIError, "the log grant's URL is empty", "Retry; if it persists, the API returned an unexpected log URL.")
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, platform.NewError(platform.ErrAPIError, "the log grant's URL is malformed", "Retry; if it persists, the API returned an unexpected log URL.")
	}
	return u, nil
}

// redactURLError replaces the URL inside a *url.Error with one without its query.
func redactURLError(err error, u *url.URL) error {
	var ue *url.Error
	if !errors.As(err, &ue) {
		return err
	}
	safe := *u
	safe.RawQuery = ""
	return &url.Error{Op: ue.Op, URL: safe.String(), Err: ue.Err}
}

// redactSecrets removes every non-empty secret from s.
func redactSecrets(s string, secrets ...string) string {
	for _, sec := range secrets {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, "[redacted]")
		}
	}
	return s
}
