package ops

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// LogsParams selects log lines of one service.
type LogsParams struct {
	Hostname string
	Severity string // syslog name or number, e.g. "error" or "3"
	Since    string // a duration back from now ("30m", "2h", "1d") or an RFC 3339 time
	Limit    int    // 0 = 100; capped at 1000
	Search   string
	BuildID  string // app version id: only that build's lines
}

// LogsResult is the answer to a logs call, oldest line first.
type LogsResult struct {
	Service string              `json:"serviceHostname"`
	Entries []platform.LogEntry `json:"entries"`
	Count   int                 `json:"count"`
	HasMore bool                `json:"hasMore,omitempty"`
}

var severityNames = map[string]string{
	"emergency": "0", "emerg": "0", "alert": "1", "critical": "2", "crit": "2",
	"error": "3", "err": "3", "warning": "4", "warn": "4", "notice": "5",
	"info": "6", "informational": "6", "debug": "7",
}

// normalizeSeverity checks s and returns it as a syslog number string ("" = any).
func normalizeSeverity(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", nil
	}
	if n, ok := severityNames[s]; ok {
		return n, nil
	}
	if n, err := strconv.Atoi(s); err == nil && n >= 0 && n <= 7 {
		return s, nil
	}
	return "", invalidParam(fmt.Sprintf("unknown severity %q", platform.Clip(s, 20)),
		"Use emergency, alert, critical, error, warning, notice, info or debug (or 0–7).")
}

// ParseSince turns "30m", "2h", "1d" or an RFC 3339 time into an absolute time.
func ParseSince(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if strings.HasSuffix(s, "d") {
		if n, err := strconv.Atoi(strings.TrimSuffix(s, "d")); err == nil && n > 0 && n <= 366 {
			return now.Add(-time.Duration(n) * 24 * time.Hour), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, invalidParam(fmt.Sprintf("cannot read since %q", platform.Clip(s, 40)),
		`Use a duration back from now such as "30m", "2h", "1d", or an RFC 3339 time.`)
}

// Logs fetches log lines of the service named p.Hostname.
func Logs(ctx context.Context, c platform.Client, lf platform.LogFetcher, projectID string, p LogsParams) (*LogsResult, error) {
	sev, err := normalizeSeverity(p.Severity)
	if err != nil {
		return nil, err
	}
	since, err := ParseSince(p.Since, time.Now())
	if err != nil {
		return nil, err
	}
	if p.Limit < 0 || p.Limit > 1000 {
		return nil, invalidParam(fmt.Sprintf("limit %d is outside 1–1000", p.Limit), "Pass a limit between 1 and 1000 (default 100).")
	}
	limit := p.Limit
	if limit == 0 {
		limit = 100
	}
	svc, err := ResolveService(ctx, c, projectID, p.Hostname)
	if err != nil {
		return nil, err
	}
	if lf == nil {
		return nil, platform.NewError(platform.ErrInternal, "log fetching is not configured", "Logs are unavailable in this setup.")
	}
	access, err := c.GetProjectLog(ctx, projectID)
	if err != nil {
		return nil, asPlatformError(err, "getting log access")
	}
	entries, err := lf.FetchLogs(ctx, access, platform.LogFetchParams{
		ServiceID: svc.ID,
		Severity:  sev,
		Since:     since,
		Limit:     limit,
		Search:    p.Search,
		BuildID:   p.BuildID,
	})
	if err != nil {
		return nil, asPlatformError(err, "fetching logs")
	}
	if entries == nil {
		entries = []platform.LogEntry{}
	}
	return &LogsResult{Service: svc.Name, Entries: entries, Count: len(entries), HasMore: len(entries) >= limit}, nil
}
