package zeropsapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

const logToken = "log-access-T0KEN"

type wireEntry struct {
	ID            string `json:"id"`
	Timestamp     string `json:"timestamp"`
	Hostname      string `json:"hostname"`
	ContainerID   string `json:"containerId"`
	Message       string `json:"message"`
	SeverityLabel string `json:"severityLabel"`
	FacilityLabel string `json:"facilityLabel"`
	Tag           string `json:"tag"`
}

// logBackend serves entries newest first (as desc=1 asks) and records queries.
type logBackend struct {
	mu      sync.Mutex
	queries []url.Values
	srv     *httptest.Server
}

func newLogBackend(t *testing.T, handler func(w http.ResponseWriter, q url.Values)) *logBackend {
	t.Helper()
	b := &logBackend{}
	b.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.mu.Lock()
		b.queries = append(b.queries, r.URL.Query())
		b.mu.Unlock()
		if r.URL.Query().Get("accessToken") != logToken {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		handler(w, r.URL.Query())
	}))
	t.Cleanup(b.srv.Close)
	return b
}

func (b *logBackend) access() *platform.LogAccess {
	return &platform.LogAccess{AccessToken: logToken, URL: "GET " + b.srv.URL + "/logs?accessToken=" + logToken}
}

func (b *logBackend) lastQuery() url.Values {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.queries) == 0 {
		return nil
	}
	return b.queries[len(b.queries)-1]
}

var logBase = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

// sampleEntries: 10 lines, newest first, alternating build and runtime lines.
func sampleEntries() []wireEntry {
	var out []wireEntry
	for i := 9; i >= 0; i-- {
		e := wireEntry{
			ID: fmt.Sprintf("l%d", i), Timestamp: logBase.Add(time.Duration(i) * time.Second).Format(time.RFC3339Nano),
			Hostname: "appdev", ContainerID: "c1", SeverityLabel: "Informational", FacilityLabel: "application",
			Message: fmt.Sprintf("line %d ok", i), Tag: "appdev",
		}
		if i%2 == 0 {
			e.Tag = "zbuilder@av42"
			e.Message = fmt.Sprintf("Build STEP %d", i)
		}
		out = append(out, e)
	}
	return out
}

func serveEntries(entries []wireEntry) func(w http.ResponseWriter, q url.Values) {
	return func(w http.ResponseWriter, q url.Values) {
		_ = json.NewEncoder(w).Encode(map[string]any{"items": entries})
	}
}

func ids(entries []platform.LogEntry) string {
	var s []string
	for _, e := range entries {
		s = append(s, e.ID)
	}
	return strings.Join(s, ",")
}

func TestZeropsLogFetcher_QueryAndFilters(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		params    platform.LogFetchParams
		wantIDs   string
		wantQuery map[string]string
	}{
		{"defaults oldest first", platform.LogFetchParams{},
			"l0,l1,l2,l3,l4,l5,l6,l7,l8,l9",
			map[string]string{"limit": "100", "desc": "1", "accessToken": logToken, "minimumSeverity": "", "facility": "", "containerId": "", "serviceStackId": ""}},
		{"backend parameters", platform.LogFetchParams{ServiceID: "svc1", Severity: "err", Facility: 16, ContainerID: "c1", Limit: 5},
			"l5,l6,l7,l8,l9",
			map[string]string{"serviceStackId": "svc1", "minimumSeverity": "3", "facility": "16", "containerId": "c1", "limit": "5"}},
		{"limit capped", platform.LogFetchParams{Limit: 5000}, "l0,l1,l2,l3,l4,l5,l6,l7,l8,l9", map[string]string{"limit": "1000"}},
		{"since", platform.LogFetchParams{Since: logBase.Add(7 * time.Second)}, "l7,l8,l9", map[string]string{"limit": "1000"}},
		{"search case-insensitive", platform.LogFetchParams{Search: "build step"}, "l0,l2,l4,l6,l8", map[string]string{"limit": "1000"}},
		{"build id", platform.LogFetchParams{BuildID: "av42", Limit: 2}, "l6,l8", map[string]string{"limit": "1000", "tags": "zbuilder@av42"}},
		{"all client-side filters", platform.LogFetchParams{BuildID: "av42", Search: "STEP", Since: logBase.Add(3 * time.Second)}, "l4,l6,l8", nil},
		{"build id is matched whole", platform.LogFetchParams{BuildID: "av4"}, "", nil},
		{"nothing matches", platform.LogFetchParams{Search: "no such text"}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := newLogBackend(t, serveEntries(sampleEntries()))
			got, err := zeropsapi.NewLogFetcher(nil).FetchLogs(context.Background(), b.access(), tt.params)
			if err != nil {
				t.Fatalf("FetchLogs: %v", err)
			}
			if ids(got) != tt.wantIDs {
				t.Errorf("entries = %s, want %s", ids(got), tt.wantIDs)
			}
			q := b.lastQuery()
			for k, want := range tt.wantQuery {
				if q.Get(k) != want {
					t.Errorf("query %s = %q, want %q", k, q.Get(k), want)
				}
			}
		})
	}
}

func TestZeropsLogFetcher_EntryFields(t *testing.T) {
	t.Parallel()
	b := newLogBackend(t, serveEntries(sampleEntries()[:1]))
	got, err := zeropsapi.NewLogFetcher(nil).FetchLogs(context.Background(), b.access(), platform.LogFetchParams{})
	if err != nil || len(got) != 1 {
		t.Fatalf("FetchLogs: %v, %d entries", err, len(got))
	}
	want := platform.LogEntry{ID: "l9", Timestamp: logBase.Add(9 * time.Second), Hostname: "appdev", ContainerID: "c1",
		Severity: "Informational", Facility: "application", Tag: "appdev", Message: "line 9 ok"}
	if !got[0].Timestamp.Equal(want.Timestamp) {
		t.Errorf("timestamp %v, want %v", got[0].Timestamp, want.Timestamp)
	}
	got[0].Timestamp = want.Timestamp
	if got[0] != want {
		t.Errorf("entry = %+v, want %+v", got[0], want)
	}
}

func TestZeropsLogFetcher_Errors(t *testing.T) {
	t.Parallel()
	huge := func(w http.ResponseWriter, q url.Values) {
		_, _ = w.Write([]byte(`{"items":[`))
		chunk := []byte(strings.Repeat(`{"id":"x","message":"`+strings.Repeat("y", 1000)+`"},`, 100))
		for written := 0; written <= zeropsapi.MaxLogResponseBytes; written += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}
	tooMany := make([]wireEntry, 1500)
	for i := range tooMany {
		tooMany[i] = wireEntry{ID: fmt.Sprint(i), Timestamp: logBase.Add(time.Duration(-i) * time.Second).Format(time.RFC3339)}
	}
	tests := []struct {
		name    string
		handler func(w http.ResponseWriter, q url.Values)
		params  platform.LogFetchParams
		code    string
		status  int
		msgHas  string
		count   int
	}{
		{"500", func(w http.ResponseWriter, q url.Values) {
			w.WriteHeader(500)
			_, _ = w.Write([]byte("backend down for " + logToken))
		}, platform.LogFetchParams{}, platform.ErrAPIError, 500, "backend down", 0},
		{"403", func(w http.ResponseWriter, q url.Values) { w.WriteHeader(403) }, platform.LogFetchParams{}, platform.ErrAPIError, 403, "403", 0},
		{"malformed json", func(w http.ResponseWriter, q url.Values) { _, _ = w.Write([]byte(`{"items":[{`)) }, platform.LogFetchParams{}, platform.ErrAPIError, 200, "cut-off body", 0},
		{"body too large", huge, platform.LogFetchParams{}, platform.ErrAPIError, 0, "exceeds 8 MiB", 0},
		{"bad severity", serveEntries(nil), platform.LogFetchParams{Severity: "loud"}, platform.ErrInvalidParameter, 0, "loud", 0},
		{"too many entries capped", serveEntries(tooMany), platform.LogFetchParams{Limit: 1000}, "", 0, "", 1000},
		{"odd timestamp tolerated", serveEntries([]wireEntry{{ID: "a", Timestamp: "yesterday"}}), platform.LogFetchParams{}, "", 0, "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := newLogBackend(t, tt.handler)
			got, err := zeropsapi.NewLogFetcher(nil).FetchLogs(context.Background(), b.access(), tt.params)
			if tt.code == "" {
				if err != nil || len(got) != tt.count {
					t.Fatalf("got %d entries, %v; want %d", len(got), err, tt.count)
				}
				return
			}
			pe := asPlatformError(t, err)
			if pe.Code != tt.code || pe.HTTPStatus != tt.status || !strings.Contains(pe.Message, tt.msgHas) {
				t.Errorf("error = %+v; want code %s status %d message containing %q", pe, tt.code, tt.status, tt.msgHas)
			}
			if strings.Contains(pe.Message, logToken) || strings.Contains(fmt.Sprintf("%v", pe.Err), logToken) {
				t.Errorf("error shows the log access token: %v / %v", pe, pe.Err)
			}
		})
	}
}

func TestZeropsLogFetcher_BadGrant(t *testing.T) {
	t.Parallel()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	f := zeropsapi.NewLogFetcher(nil)
	tests := []struct {
		name   string
		access *platform.LogAccess
		code   string
	}{
		{"nil grant", nil, platform.ErrInvalidParameter},
		{"empty url", &platform.LogAccess{}, platform.ErrInvalidParameter},
		{"bad scheme", &platform.LogAccess{URL: "GET ftp://x/logs?accessToken=" + logToken}, platform.ErrAPIError},
		{"unreachable", &platform.LogAccess{URL: "GET " + closed.URL + "/logs?accessToken=" + logToken}, platform.ErrNetworkError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := f.FetchLogs(context.Background(), tt.access, platform.LogFetchParams{})
			pe := asPlatformError(t, err)
			if pe.Code != tt.code {
				t.Errorf("code = %s, want %s (%v)", pe.Code, tt.code, pe)
			}
			if strings.Contains(pe.Message, logToken) || (pe.Err != nil && strings.Contains(pe.Err.Error(), logToken)) {
				t.Errorf("error shows the log access token: %v / %v", pe, pe.Err)
			}
		})
	}
}
